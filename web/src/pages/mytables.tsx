/** "My tables" (/my): every table where this browser's account sits (docs/server.md, "My
 * tables"), "your turn" first and marked in words, with the time left on a time bank. A
 * table opens with the account's session (`/tables/ID#mine`): a seat token is never needed.
 * Without a kept session the page offers the account page's forms (log in, sign up, a guest),
 * whose session is kept in localStorage ("session", the same one quick play and the lobby
 * send). */

import { useEffect, useState } from "preact/hooks";
import { ApiError, SESSION_KEY } from "../api";
import { Link, useLang } from "../app";
import { gameUI } from "../games";
import { t, type Lang } from "../i18n";
import { SignInForms } from "./account";
import { refusal } from "./lobby";
import "./mytables.css";

export interface MyTable {
  table: string;
  game: string;
  title: string;
  players: number;
  status: "waiting" | "active" | "over";
  version: number;
  seat: number;
  seats: { seat: number; name: string; kind: string; agent: string | null; claimed: boolean }[];
  asked: number[];
  your_turn: boolean;
  deadline: number | null;
  clock: { mode: string; days?: number; seconds?: number; on_expiry?: string };
  handed: boolean;
  forfeited: boolean;
  last_move_at: number | null;
  finished_at: number | null;
  link: string;
}

async function request<T>(method: string, path: string, body?: unknown, session?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (session) headers["authorization"] = `Bearer ${session}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new ApiError(String(data["error"] ?? `http_${response.status}`), String(data["message"] ?? ""), response.status);
  }
  return data as T;
}

/** The time left as its two largest units, rounded down ("1 d 4 h", "3 h 20 min", "12 min"). */
export function timeLeft(lang: Lang, seconds: number): string {
  if (seconds <= 0) return t(lang, "my.late");
  const minutes = Math.max(1, Math.floor(seconds / 60)); // never more than is left
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts: string[] = [];
  if (d > 0) parts.push(t(lang, "my.d", { n: d }));
  if (h > 0) parts.push(t(lang, "my.h", { n: h }));
  if (d === 0 && m > 0) parts.push(t(lang, "my.m", { n: m }));
  return t(lang, "my.left", { time: parts.slice(0, 2).join(" ") });
}

function when(lang: Lang, at: number): string {
  return new Date(at * 1000).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
}

function Row(props: { item: MyTable; now: number }) {
  const lang = useLang();
  const { item, now } = props;
  const title = gameUI(item.game)?.title[lang] ?? item.title;
  const me = item.seats[item.seat];
  const others = item.seats.filter((s) => s.seat !== item.seat).map((s) => s.name);
  const asked = item.seats.filter((s) => item.asked.includes(s.seat)).map((s) => s.name);
  const id = `my-${item.table}`;
  let state: string;
  if (item.your_turn) state = t(lang, "my.turn");
  else if (item.status === "waiting") state = t(lang, "my.status.waiting");
  else if (item.status === "over") state = t(lang, "my.status.over");
  else state = t(lang, "my.asked", { names: asked.join(", ") });
  return (
    <li class={item.your_turn ? "my-table turn" : "my-table"} data-testid="my-table" data-table={item.table} data-turn={item.your_turn ? "yes" : "no"}>
      <div class="my-table-text">
        <h3>
          <Link href={item.link}>{title}</Link>
        </h3>
        <p id={`${id}-state`} class={item.your_turn ? "my-turn" : undefined}>
          {state}
          {item.your_turn && item.deadline !== null && (
            <span data-testid="time-left">
              {" · "}
              {timeLeft(lang, item.deadline - now)}
            </span>
          )}
        </p>
        <p class="hint">
          {t(lang, "my.seat", { name: me?.name ?? String(item.seat + 1) })}
          {others.length > 0 && ` · ${t(lang, "my.with", { names: others.join(", ") })}`}
        </p>
        {item.last_move_at !== null && <p class="hint">{t(lang, "my.last", { at: when(lang, item.last_move_at) })}</p>}
        {item.forfeited && <p>{t(lang, "my.forfeited")}</p>}
        {item.handed && <p>{t(lang, "my.handed")}</p>}
      </div>
    </li>
  );
}

export function MyTables() {
  const lang = useLang();
  const [session, setSession] = useState<string | null>(() => localStorage.getItem(SESSION_KEY));
  const [items, setItems] = useState<MyTable[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (!session) return;
    let stopped = false;
    const load = async () => {
      try {
        const got = await request<MyTable[]>("GET", "/api/my/tables", undefined, session);
        if (!stopped) {
          setItems(got);
          setError(null);
          setNow(Date.now() / 1000);
        }
      } catch (e) {
        if (stopped) return;
        if (e instanceof ApiError && e.code === "unknown_session") {
          localStorage.removeItem(SESSION_KEY);
          setSession(null);
          return;
        }
        setError(refusal(lang, e));
      }
    };
    void load();
    const timer = setInterval(() => void load(), 30_000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [session]);
  return (
    <section class="my-tables panel" aria-labelledby="my-heading">
      <h2 id="my-heading">{t(lang, "my.title")}</h2>
      {!session && (
        <div>
          <p>{t(lang, "my.noaccount")}</p>
          <SignInForms onSession={setSession} />
        </div>
      )}
      {session && items === null && !error && <p role="status">{t(lang, "my.loading")}</p>}
      {error && (
        <p class="banner error" role="alert">
          {error}
        </p>
      )}
      {session && items !== null && items.length === 0 && <p>{t(lang, "my.none")}</p>}
      {session && items !== null && items.length > 0 && (
        <ul class="my-list" aria-labelledby="my-heading">
          {items.map((item) => (
            <Row key={`${item.table}-${item.seat}`} item={item} now={now} />
          ))}
        </ul>
      )}
      {session && (
        <p>
          <Link href="/notifications">{t(lang, "my.notify")}</Link>
        </p>
      )}
    </section>
  );
}
