/** Finished games: the tables that ended (listed ones), or one player's games, each with its
 * replay and record. */

import { useEffect, useState } from "preact/hooks";
import { api, type FinishedGame } from "../api";
import { Link, useLang } from "../app";
import { gameUI } from "../games";
import { t } from "../i18n";
import type { TableInfo } from "../protocol";

export function Finished() {
  const lang = useLang();
  const [tables, setTables] = useState<TableInfo[] | null>(null);
  const [player, setPlayer] = useState(() => localStorage.getItem("name") ?? "");
  const [games, setGames] = useState<FinishedGame[] | null>(null);
  // The player whose games are shown (the box may have changed since).
  const [shown, setShown] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api.tables("over").then(setTables).catch((e: Error) => setError(e.message));
  }, []);
  return (
    <div style={{ display: "grid", gap: "0.8em" }}>
      <section class="panel">
        <h2>{t(lang, "finished.title")}</h2>
        {error && <p class="banner error">{error}</p>}
        {tables && tables.length === 0 && <p>{t(lang, "finished.none")}</p>}
        <table class="tables">
          <tbody>
            {(tables ?? []).map((table) => (
              <tr>
                <td>{gameUI(table.game)?.title[lang] ?? table.title}</td>
                <td>{table.seats.map((s) => s.name).join(", ")}</td>
                <td>
                  <Link href={`/replay/${table.id}`}>{t(lang, "table.replay")}</Link>{" "}
                  <a href={api.recordUrl(table.id)} download={`${table.id}.json`}>
                    {t(lang, "table.record")}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section class="panel">
        <h2>{t(lang, "finished.player")}</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            const name = player.trim();
            void api
              .playerGames(name)
              .then((found) => {
                setShown(name);
                setGames(found);
              })
              .catch((err: Error) => setError(err.message));
          }}
          style={{ display: "flex", gap: "0.4em" }}
        >
          <input aria-label={t(lang, "lobby.name")} value={player} onInput={(e) => setPlayer((e.target as HTMLInputElement).value)} />
          <button type="submit">{t(lang, "finished.show")}</button>
        </form>
        {games && games.length === 0 && <p>{t(lang, "finished.none")}</p>}
        {games && games.length > 0 && (
          <p>
            <Link href={`/players/${encodeURIComponent(shown)}`}>{t(lang, "finished.profile", { name: shown })}</Link>
          </p>
        )}
        <ul>
          {(games ?? []).map((g) => (
            <li>
              {gameUI(g.game)?.title[lang] ?? g.game}: {g.scores.join(" / ")}{" "}
              <Link href={`/replay/${g.table}${g.seat === undefined ? "" : `?seat=${g.seat}`}`}>{t(lang, "table.replay")}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
