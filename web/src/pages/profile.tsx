/** A player's profile (/players/NAME): per game the current rating and its plot over time
 * (with its text alternative), games played and won, the win rate at each seat; then the
 * player's newest finished games with their replays. A bot level's profile is the same. */

import { useEffect, useState } from "preact/hooks";
import { api, type Profile } from "../api";
import { Link, useLang } from "../app";
import { botLabel } from "../bots";
import { gameUI } from "../games";
import { t } from "../i18n";
import { refusal, seatName } from "./lobby";
import { dateText, RatingPlot, ratingText } from "./ratingplot";

function percent(rate: number | null): string {
  return rate === null ? "–" : `${Math.round(rate * 100)}%`;
}

/** The engine's names as `seatName` reads them, where only seat `i`'s is known. */
function seatNames(i: number, name: string): string[] {
  const names = Array<string>(i + 1).fill("");
  names[i] = name;
  return names;
}

export function ProfilePage(props: { name: string }) {
  const lang = useLang();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setProfile(null);
    setError(null);
    void api
      .profile(props.name)
      .then(setProfile)
      .catch((e: unknown) => setError(refusal(lang, e)));
  }, [props.name, lang]);
  const shown = profile?.bot && profile.agent ? botLabel(lang, profile.agent) : props.name;
  return (
    <div class="profile" style={{ display: "grid", gap: "0.8em" }}>
      <section class="panel" aria-labelledby="profile-heading">
        <h1 id="profile-heading">
          {shown}
          {profile?.bot && <span class="tag"> ({t(lang, "ratings.bot")})</span>}
        </h1>
        {error && (
          <p class="banner error" role="alert">
            {error}
          </p>
        )}
        {profile && profile.games.length === 0 && <p>{t(lang, "ratings.no_games")}</p>}
      </section>
      {(profile?.games ?? []).map((g) => {
        const title = gameUI(g.game)?.title[lang] ?? g.title;
        return (
          <section class="panel" aria-labelledby={`game-${g.game}`}>
            <h2 id={`game-${g.game}`}>{title}</h2>
            {g.rating ? (
              <p>
                {t(lang, "ratings.current", {
                  rating: ratingText(g.rating.ordinal),
                  mu: ratingText(g.rating.mu),
                  sigma: g.rating.sigma.toFixed(2),
                  n: g.rating.games,
                })}{" "}
                <Link href={`/leaderboard/${g.game}`}>{t(lang, "ratings.leaderboard")}</Link>
              </p>
            ) : (
              <p>{t(lang, "ratings.unrated")}</p>
            )}
            {g.history.length > 0 && (
              <RatingPlot
                id={`plot-${g.game}`}
                lang={lang}
                title={t(lang, "ratings.plot_title", { name: shown, game: title })}
                points={g.history}
              />
            )}
            <p>
              {t(lang, "ratings.won_of", { won: g.won, played: g.played, rate: percent(g.win_rate) })}
            </p>
            {g.seats.length > 0 && (
              <table class="tables">
                <caption>{t(lang, "ratings.by_seat")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t(lang, "ratings.seat")}</th>
                    <th scope="col">{t(lang, "ratings.games_played")}</th>
                    <th scope="col">{t(lang, "ratings.games_won")}</th>
                    <th scope="col">{t(lang, "ratings.win_rate")}</th>
                  </tr>
                </thead>
                <tbody>
                  {g.seats.map((s) => (
                    <tr>
                      <th scope="row">{seatName(gameUI(g.game), seatNames(s.seat, s.name), s.seat, lang)}</th>
                      <td>{s.played}</td>
                      <td>{s.won}</td>
                      <td>{percent(s.win_rate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
      {profile && profile.finished.length > 0 && (
        <section class="panel" aria-labelledby="profile-finished">
          <h2 id="profile-finished">{t(lang, "finished.title")}</h2>
          <ul>
            {profile.finished.map((f) => (
              <li>
                {gameUI(f.game)?.title[lang] ?? f.game}
                {f.finished_at ? `, ${dateText(lang, f.finished_at)}` : ""}
                {f.winners?.includes(f.seat ?? -1) ? ` (${t(lang, "ratings.won")})` : ""}{" "}
                <Link href={`/replay/${f.table}${f.seat === undefined ? "" : `?seat=${f.seat}`}`}>
                  {t(lang, "table.replay")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
