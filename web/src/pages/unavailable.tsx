/** What a table page shows when it cannot show the table: no such table, or a link whose seat
 * cannot be had. It says in words what happened (the server's error code, never a secret) and
 * offers what is left: watching the table as a spectator, and taking an open seat, from the
 * table's public description (GET /api/tables/<id>). */

import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { Link } from "../app";
import { gameUI } from "../games";
import { errorWords, type Lang, t } from "../i18n";
import type { TableInfo } from "../protocol";
import { openSeats, refusal } from "./lobby";
import "./lobby.css";

/** The codes this page has its own words for; anything else shows the server's message. */
const EXPLAINED = ["unknown_token", "seat_given_up", "seat_taken", "no_table"];

export function TableUnavailable(props: { id: string; error: { code: string; message: string } | null; lang: Lang }) {
  const { id, error, lang } = props;
  const [table, setTable] = useState<TableInfo | null | undefined>(undefined);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    api
      .table(id)
      .then((info) => !stop && setTable(info))
      .catch(() => !stop && setTable(null));
    return () => {
      stop = true;
    };
  }, [id]);
  const code = error?.code ?? "no_table";
  const missing = code === "no_table" || table === null;
  const open = table ? openSeats(table) : 0;
  const join = async () => {
    setRefused(null);
    try {
      const joined = await api.join(id, localStorage.getItem("name")?.trim() || undefined);
      // The same page with the new seat's token: loaded afresh, so it connects as that seat.
      location.hash = `token=${joined.token}`;
      location.reload();
    } catch (e) {
      setRefused(refusal(lang, e));
    }
  };
  const title = table ? (gameUI(table.game)?.title[lang] ?? table.title) : null;
  return (
    <section class="panel unavailable" aria-labelledby="unavailable-heading" data-code={code}>
      <h2 id="unavailable-heading">
        {t(lang, `lobby.dead.${missing ? "no_table" : code === "seat_given_up" ? "given_up" : code === "seat_taken" ? "taken" : code === "unknown_token" ? "link" : "other"}.title`)}
      </h2>
      <p role="alert">
        {missing
          ? t(lang, "lobby.dead.no_table")
          : EXPLAINED.includes(code)
            ? t(lang, `lobby.dead.${code}`)
            : error
              ? errorWords(lang, error)
              : ""}
      </p>
      {table && (
        <p>
          {title}: {t(lang, `lobby.dead.status.${table.status}`)}{" "}
          {table.status === "waiting" && (open > 0 ? t(lang, "lobby.dead.open", { n: open }) : t(lang, "lobby.dead.no_open"))}
        </p>
      )}
      {refused && (
        <p class="banner error" role="alert">
          {refused}
        </p>
      )}
      <p class="unavailable-actions">
        {table && table.status === "waiting" && open > 0 && (
          <button type="button" class="primary" onClick={() => void join()}>
            {t(lang, "lobby.dead.join")}
          </button>
        )}
        {table && (
          // A whole page load (not an in-page link): the page then connects without a token.
          <a class="button" href={`/tables/${id}`}>
            {t(lang, "lobby.dead.watch")}
          </a>
        )}
        <Link href="/">{t(lang, "lobby.dead.lobby")}</Link>
      </p>
    </section>
  );
}
