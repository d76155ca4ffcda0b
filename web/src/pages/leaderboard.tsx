/** A game's leaderboard (/leaderboard/GAME, ?season=YEAR for one year's rated games): every
 * rated account, people and the server's bot levels (marked), the best conservative rating
 * (mu - 3 sigma) first, each name a link to the player's profile. */

import { useEffect, useState } from "preact/hooks";
import { api, type Leaderboard } from "../api";
import { Link, navigate, useLang } from "../app";
import { botLabel } from "../bots";
import { gameUI } from "../games";
import { t } from "../i18n";
import type { GameInfo } from "../protocol";
import { refusal } from "./lobby";
import { ratingText } from "./ratingplot";

export function leaderboardHref(game: string, season: number | null): string {
  return `/leaderboard/${game}` + (season === null ? "" : `?season=${season}`);
}

/** A link of a choice row, marked as the current page where it is. */
function Choice(props: { href: string; current: boolean; children: preact.ComponentChildren }) {
  return (
    <a
      href={props.href}
      aria-current={props.current ? "page" : undefined}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}

export function LeaderboardPage(props: { game: string; season: number | null }) {
  const lang = useLang();
  const { game, season } = props;
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api.games().then(setGames).catch(() => setGames([]));
  }, []);
  useEffect(() => {
    setBoard(null);
    setError(null);
    void api
      .leaderboard(game, season)
      .then(setBoard)
      .catch((e: unknown) => setError(refusal(lang, e)));
  }, [game, season, lang]);
  const title = gameUI(game)?.title[lang] ?? board?.title ?? game;
  const year = new Date().getFullYear();
  const seasons: (number | null)[] = [null, year, year - 1];
  return (
    <section class="panel ratings" aria-labelledby="leaderboard-heading">
      <h1 id="leaderboard-heading">{t(lang, "ratings.leaderboard_of", { game: title })}</h1>
      <nav aria-label={t(lang, "ratings.games")} class="choices">
        {(games ?? []).map((g) => (
          <Choice href={leaderboardHref(g.name, season)} current={g.name === game}>
            {gameUI(g.name)?.title[lang] ?? g.title}
          </Choice>
        ))}
      </nav>
      <nav aria-label={t(lang, "ratings.season")} class="choices">
        {seasons.map((s) => (
          <Choice href={leaderboardHref(game, s)} current={s === season}>
            {s === null ? t(lang, "ratings.all_time") : t(lang, "ratings.season_of", { year: s })}
          </Choice>
        ))}
      </nav>
      <p class="hint">{t(lang, "ratings.explain")}</p>
      {error && (
        <p class="banner error" role="alert">
          {error}
        </p>
      )}
      {board && board.players.length === 0 && <p>{t(lang, "ratings.nobody")}</p>}
      {board && board.players.length > 0 && (
        <table class="tables leaderboard">
          <caption class="visually-hidden">
            {season === null
              ? t(lang, "ratings.leaderboard_of", { game: title })
              : `${t(lang, "ratings.leaderboard_of", { game: title })}, ${t(lang, "ratings.season_of", { year: season })}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t(lang, "ratings.player")}</th>
              <th scope="col">{t(lang, "ratings.rating")}</th>
              <th scope="col">μ ± σ</th>
              <th scope="col">{t(lang, "ratings.games_played")}</th>
            </tr>
          </thead>
          <tbody>
            {board.players.map((p) => (
              <tr>
                <td>{p.rank}</td>
                <td>
                  <Link href={`/players/${encodeURIComponent(p.name)}`}>
                    {p.bot && p.agent ? botLabel(lang, p.agent) : p.name}
                  </Link>
                  {p.bot && <span class="tag"> ({t(lang, "ratings.bot")})</span>}
                </td>
                <td>{ratingText(p.ordinal)}</td>
                <td>
                  {ratingText(p.mu)} ± {p.sigma.toFixed(2)}
                </td>
                <td>{p.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
