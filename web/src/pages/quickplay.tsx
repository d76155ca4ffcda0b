/** "Play now" (docs/server.md, "Quick play"): a game and a player count put this browser's
 * account in the server's queue; people waiting for the same table are seated together, and
 * after the wait bots of the chosen level take the seats nobody took. While waiting the panel
 * shows the time waited and the people found, and Cancel leaves the queue; once seated it goes
 * to the table with the seat's token.
 *
 * Quick play needs an account: a session kept in localStorage ("session"), else a guest made
 * on the first press under the lobby's name (a fresh guest name when that one is taken). */

import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, send } from "../api";
import { navigate, useLang } from "../app";
import { DEFAULT_LEVEL, levelSpec } from "../bots";
import { LevelOptions } from "../levelOptions";
import { gameUI } from "../games";
import { t } from "../i18n";
import type { GameInfo } from "../protocol";
import { refusal } from "./lobby";

const SESSION_KEY = "session";
/** The waits offered, in seconds (the server's default is 30). */
const WAITS = [10, 30, 60, 120] as const;

export interface QuickStatus {
  status: "waiting" | "seated";
  game: string;
  players: number;
  rated: boolean;
  bot: string;
  wait: number;
  waited?: number;
  queued?: number;
  table?: string;
  token?: string | null;
}

/** This browser's session: the one kept, else a new guest's (kept from then on). */
export async function ensureSession(): Promise<string> {
  const kept = localStorage.getItem(SESSION_KEY);
  if (kept) return kept;
  const name = localStorage.getItem("name")?.trim() || undefined;
  const guest = async (body: object) => {
    const response = await fetch("/api/guests", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) throw new ApiError(String(data["error"]), String(data["message"]), response.status);
    return String(data["session"]);
  };
  let session: string;
  try {
    session = await guest(name ? { name } : {});
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== "name_taken") throw e;
    session = await guest({});
  }
  localStorage.setItem(SESSION_KEY, session);
  return session;
}

/** A call with this browser's session; a session the server no longer knows is replaced
 * by a new guest's once. */
async function withSession<T>(method: string, path: string, body?: unknown): Promise<T> {
  try {
    return await send<T>(method, path, body, await ensureSession());
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== "unknown_session") throw e;
    localStorage.removeItem(SESSION_KEY);
    return send<T>(method, path, body, await ensureSession());
  }
}

function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function QuickPlay(props: { games: GameInfo[] }) {
  const lang = useLang();
  const { games } = props;
  const [game, setGame] = useState(games[0]!.name);
  const info = games.find((g) => g.name === game) ?? games[0]!;
  const [players, setPlayers] = useState(Math.max(info.min_players, Math.min(4, info.max_players)));
  const [bot, setBot] = useState<string>(levelSpec(DEFAULT_LEVEL));
  const [rated, setRated] = useState(false);
  const [wait, setWait] = useState(30);
  const [status, setStatus] = useState<QuickStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The time waited, counted here between the server's answers (which give it exactly).
  const [since, setSince] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const cancelRef = useRef<HTMLButtonElement>(null);
  const waiting = status?.status === "waiting";

  useEffect(() => {
    // A queue this browser joined before (a reload while waiting) is picked up again.
    if (!localStorage.getItem(SESSION_KEY)) return;
    withSession<QuickStatus>("GET", "/api/quick")
      .then(arrived)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!waiting) return;
    let stop = false;
    const poll = async () => {
      try {
        const answer = await withSession<QuickStatus>("GET", "/api/quick");
        if (!stop) arrived(answer);
      } catch (e) {
        if (stop) return;
        if (e instanceof ApiError && e.code === "not_queued") setStatus(null);
        else setError(refusal(lang, e));
      }
    };
    const timer = setInterval(() => void poll(), 1000);
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      stop = true;
      clearInterval(timer);
      clearInterval(tick);
    };
  }, [waiting, lang]);

  useEffect(() => {
    if (waiting) cancelRef.current?.focus();
  }, [waiting]);

  function arrived(answer: QuickStatus) {
    if (answer.status === "seated") {
      setStatus(null);
      if (answer.table && answer.token) navigate(`/tables/${answer.table}#token=${answer.token}`);
      return;
    }
    setStatus(answer);
    setSince(Date.now() - (answer.waited ?? 0) * 1000);
    setNow(Date.now());
  }

  const play = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      arrived(await withSession<QuickStatus>("POST", "/api/quick", { game, players, rated, bot, wait }));
    } catch (e) {
      setError(refusal(lang, e));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    setError(null);
    try {
      await withSession("DELETE", "/api/quick");
      setStatus(null);
    } catch (e) {
      if (e instanceof ApiError && e.code === "not_queued") setStatus(null);
      else setError(refusal(lang, e));
    }
  };

  const title = (name: string) => gameUI(name)?.title[lang] ?? games.find((g) => g.name === name)?.title ?? name;
  const errorBanner = error && (
    <p class="banner error" role="alert">
      {error}
    </p>
  );

  if (status && waiting) {
    const waited = since === null ? 0 : (now - since) / 1000;
    return (
      <section class="panel quick" aria-labelledby="quick-heading" data-testid="quick-waiting">
        <h2 id="quick-heading">{t(lang, "quick.title")}</h2>
        <p>
          {t(lang, "quick.looking", {
            game: title(status.game),
            players: status.players,
          })}
        </p>
        <p role="status" aria-live="polite" aria-atomic="true" data-testid="quick-found">
          {t(lang, "quick.found", { n: status.queued ?? 1, players: status.players })}
        </p>
        <p>
          <span>{t(lang, "quick.waited")}</span>{" "}
          <span data-testid="quick-waited">{clock(waited)}</span>
          {" · "}
          <span class="hint">{t(lang, "quick.bots_after", { s: status.wait })}</span>
        </p>
        {errorBanner}
        <button type="button" ref={cancelRef} onClick={() => void cancel()}>
          {t(lang, "quick.cancel")}
        </button>
      </section>
    );
  }

  return (
    <form class="panel quick" onSubmit={play} aria-labelledby="quick-heading">
      <h2 id="quick-heading">{t(lang, "quick.title")}</h2>
      <p class="hint">{t(lang, "quick.help")}</p>
      <div class="quick-fields">
        <div class="option">
          <label for="quick-game">{t(lang, "lobby.game")}</label>
          <select
            id="quick-game"
            value={game}
            onChange={(e) => {
              const next = (e.target as HTMLSelectElement).value;
              const nextInfo = games.find((g) => g.name === next)!;
              setGame(next);
              setPlayers(Math.max(nextInfo.min_players, Math.min(players, nextInfo.max_players)));
            }}
          >
            {games.map((g) => (
              <option value={g.name}>{title(g.name)}</option>
            ))}
          </select>
        </div>
        <div class="option">
          <label for="quick-players">{t(lang, "lobby.players")}</label>
          <select
            id="quick-players"
            value={String(players)}
            onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}
          >
            {Array.from({ length: info.max_players - info.min_players + 1 }, (_, i) => info.min_players + i).map(
              (n) => (
                <option value={String(n)}>{n}</option>
              ),
            )}
          </select>
        </div>
        <div class="option">
          <label for="quick-bot">{t(lang, "quick.bot")}</label>
          <select id="quick-bot" value={bot} onChange={(e) => setBot((e.target as HTMLSelectElement).value)}>
            <LevelOptions lang={lang} levels={info.levels} />
          </select>
        </div>
        <div class="option">
          <label for="quick-wait">{t(lang, "quick.wait")}</label>
          <select id="quick-wait" value={String(wait)} onChange={(e) => setWait(Number((e.target as HTMLSelectElement).value))}>
            {WAITS.map((s) => (
              <option value={String(s)}>{t(lang, "quick.wait.s", { s })}</option>
            ))}
          </select>
        </div>
        <div class="option option-flag">
          <label for="quick-rated">{t(lang, "quick.rated")}</label>
          <input
            id="quick-rated"
            type="checkbox"
            checked={rated}
            aria-describedby="quick-rated-help"
            onChange={(e) => setRated((e.target as HTMLInputElement).checked)}
          />
          <span class="hint" id="quick-rated-help">
            {t(lang, "quick.rated.help")}
          </span>
        </div>
      </div>
      {errorBanner}
      <button type="submit" class="primary" disabled={busy}>
        {t(lang, "quick.play")}
      </button>
    </form>
  );
}
