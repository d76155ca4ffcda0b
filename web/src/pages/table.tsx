/** A table: the board, the player's choices, seats with clocks, the log, chat and, at the
 * end, the scores. Everything drawn here comes from messages built for this page's seat. */

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api } from "../api";
import { Link, navigate, useLang } from "../app";
import { TableConnection, socketUrl, targetOf } from "../connection";
import { gameUI } from "../games";
import type { GameUI } from "../games/types";
import { t, type Lang } from "../i18n";
import { pick, pickState } from "../picker";
import type { Choice, ClientMessage, ServerMessage, View } from "../protocol";
import { initialState, myDecision, reduce, type TableState } from "../store";

function useTable(id: string): [TableState, (message: ClientMessage) => boolean] {
  const [state, setState] = useState<TableState>(initialState);
  const ref = useRef<TableState>(initialState);
  const conn = useRef<TableConnection | null>(null);
  useEffect(() => {
    const target = targetOf(location) ?? { table: id, token: null };
    const apply = (next: TableState) => {
      ref.current = next;
      setState(next);
    };
    const connection = new TableConnection(socketUrl(location), target, localStorage.getItem("name"), {
      onMessage(message: ServerMessage) {
        const { state: next, needsSync } = reduce(ref.current, message);
        apply(next);
        if (needsSync) connection.send({ type: "sync" });
      },
      onLink(link) {
        apply({ ...ref.current, link, sending: link === "open" ? ref.current.sending : false });
      },
      version: () => ref.current.version,
      fatal: () => ref.current.fatal,
    });
    conn.current = connection;
    connection.open();
    return () => connection.close();
  }, [id]);
  const send = (message: ClientMessage) => {
    const ok = conn.current?.send(message) ?? false;
    if (ok && message.type === "action") {
      ref.current = { ...ref.current, sending: true, error: null };
      setState(ref.current);
    }
    return ok;
  };
  return [state, send];
}

function readPicked(key: string): { asked: number; picked: string[] } | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? "null") as unknown;
    if (saved && typeof saved === "object" && "asked" in saved && "picked" in saved) {
      return saved as { asked: number; picked: string[] };
    }
  } catch {
    // an unreadable entry is an empty one
  }
  return null;
}

function names(state: TableState): string[] {
  return state.table?.seats.map((s) => s.name) ?? [];
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now() / 1000), 500);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function Seats(props: { state: TableState; ui: GameUI; lang: Lang; send: (m: ClientMessage) => boolean }) {
  const { state, ui, lang } = props;
  const now = useNow(Object.keys(state.deadlines).length > 0);
  const table = state.table;
  if (!table) return null;
  const toMove = new Set(state.view?.to_move ?? []);
  const mine = state.seat;
  const active = table.status === "active";
  return (
    <section class="panel" aria-label={t(lang, "table.seats")}>
      <h2>{t(lang, "table.seats")}</h2>
      <ul class="seats">
        {table.seats.map((s) => {
          const here = state.present.includes(s.seat);
          const deadline = state.deadlines[String(s.seat)];
          const left = deadline === undefined ? null : Math.max(0, Math.ceil(deadline - now));
          return (
            <li class={toMove.has(s.seat) ? "to-move" : ""} data-seat={s.seat}>
              <span
                class={"dot" + (here || s.kind === "bot" || s.agent ? " on" : "")}
                aria-hidden="true"
              />
              <span>
                {toMove.has(s.seat) ? "▶ " : ""}
                {s.name}
                {s.seat === mine ? ` (${t(lang, "table.you")})` : ""}
              </span>
              <small>
                {s.agent
                  ? t(lang, "table.bot", { agent: s.agent })
                  : here
                    ? t(lang, "table.connected")
                    : t(lang, "table.away")}
              </small>
              {left !== null && <small class="status mine">{t(lang, "table.clock", { s: left })}</small>}
              {state.view && <small>{ui.seatSummary(state.view, s.seat, lang)}</small>}
              {active && mine !== null && s.seat !== mine && s.kind === "human" && !s.agent && !here && (
                <button onClick={() => props.send({ type: "handover", seat: s.seat, agent: "heuristic" })}>
                  {t(lang, "table.handover")}
                </button>
              )}
              {active && s.seat === mine && s.agent && s.kind === "human" && (
                <button onClick={() => props.send({ type: "takeback" })}>{t(lang, "table.takeback")}</button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Choices(props: {
  state: TableState;
  ui: GameUI;
  lang: Lang;
  picked: string[];
  setPicked: (p: string[]) => void;
  act: (c: Choice) => void;
}) {
  const { state, ui, lang, picked } = props;
  const view = state.view!;
  const words = (c: Choice) => ui.describe?.(c, view, lang, names(state)) ?? c.text;
  const pathOf = (c: Choice, v: View) => ui.path(c.action, v);
  const ps = pickState(state.legal, view, pathOf, picked);
  // Buttons: what the clicks so far complete, and (before any click) what has no board thing.
  const buttons = picked.length === 0 ? ps.remaining.filter((c) => pathOf(c, view).length === 0) : ps.complete;
  const groups = new Map<string, Choice[]>();
  for (const c of state.legal) {
    const g = c.group ?? "";
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  return (
    <section class="panel menu" aria-label={t(lang, "table.actions")}>
      <h2 class="status mine" aria-live="polite">
        {t(lang, "table.your_turn")}
      </h2>
      {picked.length > 0 && (
        <p>
          {t(lang, "table.picked", { keys: picked.map((k) => k.split(":").slice(1).join(" ")).join(" → ") })}{" "}
          <button onClick={() => props.setPicked([])}>{t(lang, "table.cancel")}</button>
        </p>
      )}
      <div class="choices">
        {buttons.map((c) => (
          <button class="primary" disabled={state.sending} onClick={() => props.act(c)} data-action={JSON.stringify(c.action)}>
            {words(c)}
          </button>
        ))}
      </div>
      <details>
        <summary>{t(lang, "table.all_choices")}</summary>
        {[...groups.entries()].map(([group, choices]) => (
          <div>
            {group && <h3 style={{ fontSize: "0.9em", margin: "0.4em 0 0" }}>{group}</h3>}
            <ul>
              {choices.map((c) => (
                <li>
                  <button disabled={state.sending} onClick={() => props.act(c)} data-menu={JSON.stringify(c.action)}>
                    {words(c)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </details>
    </section>
  );
}

function Log(props: { state: TableState; lang: Lang }) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    ref.current?.scrollTo(0, ref.current.scrollHeight);
  }, [props.state.log.length]);
  return (
    <section class="panel" aria-label={t(props.lang, "table.log")}>
      <h2>{t(props.lang, "table.log")}</h2>
      <ol class="log" ref={ref} aria-live="polite">
        {props.state.log.slice(-300).map((line) => (
          <li value={line.version}>{line.text}</li>
        ))}
      </ol>
    </section>
  );
}

function Chat(props: { state: TableState; lang: Lang; send: (m: ClientMessage) => boolean }) {
  const [text, setText] = useState("");
  const { state, lang } = props;
  return (
    <section class="panel" aria-label={t(lang, "table.chat")}>
      <h2>{t(lang, "table.chat")}</h2>
      <div class="chat-lines" aria-live="polite">
        {state.chat.map((c) => (
          <div>
            <b>{c.name}:</b> {c.text}
          </div>
        ))}
      </div>
      {state.seat !== null && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() && props.send({ type: "chat", text: text.trim() })) setText("");
          }}
          style={{ display: "flex", gap: "0.3em", marginTop: "0.3em" }}
        >
          <input
            aria-label={t(lang, "table.chat")}
            value={text}
            maxLength={500}
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
            style={{ flex: 1 }}
          />
          <button type="submit">{t(lang, "table.say")}</button>
        </form>
      )}
    </section>
  );
}

/** Where this page's seat plays the rematch (null: no rematch yet, or a spectator). */
function rematchLink(state: TableState): string | null {
  if (!state.rematch) return null;
  const target = targetOf(location);
  return target?.token ? `/tables/${state.rematch}#token=${target.token}` : `/tables/${state.rematch}`;
}

function EndScreen(props: {
  state: TableState;
  lang: Lang;
  rematchHref: string | null;
  send: (m: ClientMessage) => boolean;
}) {
  const { state, lang } = props;
  const view = state.view!;
  const seatNames = names(state);
  const order = view.scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]);
  return (
    <section class="panel end" aria-label={t(lang, "table.over")} data-testid="end-screen">
      <h2>{t(lang, "table.over")}</h2>
      <p class="status">
        {t(lang, "table.winners", { names: view.winners.map((w) => seatNames[w] ?? w).join(", ") })}
      </p>
      <table>
        <thead>
          <tr>
            <th />
            <th>{t(lang, "table.scores")}</th>
          </tr>
        </thead>
        <tbody>
          {order.map(([score, seat]) => (
            <tr>
              <td>
                {view.winners.includes(seat) ? "🏆 " : ""}
                {seatNames[seat]}
                {seat === state.seat ? ` (${t(lang, "table.you")})` : ""}
              </td>
              <td>{score}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="choices" style={{ marginTop: "0.6em" }}>
        {props.rematchHref ? (
          <Link href={props.rematchHref} class="button">
            {t(lang, "table.rematch")} →
          </Link>
        ) : (
          state.seat !== null && (
            <button class="primary" onClick={() => props.send({ type: "rematch" })}>
              {t(lang, "table.rematch")}
            </button>
          )
        )}
        <a href={api.recordUrl(state.table!.id)} download={`${state.table!.id}.json`}>
          {t(lang, "table.record")}
        </a>
        <Link href={`/replay/${state.table!.id}${state.seat === null ? "" : `?seat=${state.seat}`}`}>
          {t(lang, "table.replay")}
        </Link>
      </div>
    </section>
  );
}

export function TablePage(props: { id: string }) {
  const lang = useLang();
  const [state, send] = useTable(props.id);
  const [picked, setPicked] = useState<string[]>([]);
  const ui = state.table ? gameUI(state.table.game) : undefined;
  // A new decision starts the clicks over; a reload in the middle of one keeps them (this
  // tab's sessionStorage), so nothing the player did is lost.
  const pickKey = `picked:${props.id}`;
  useEffect(() => {
    const saved = readPicked(pickKey);
    setPicked(saved && state.asked !== null && saved.asked === state.asked ? saved.picked : []);
  }, [state.asked]);
  useEffect(() => {
    if (state.asked !== null) {
      sessionStorage.setItem(pickKey, JSON.stringify({ asked: state.asked, picked }));
    }
  }, [picked]);
  // A rematch: the same seat token at the new table. The seat that asked goes there; the
  // others are shown the way.
  const wantRematch = useRef(false);
  const rematchHref = rematchLink(state);
  useEffect(() => {
    if (rematchHref && wantRematch.current) navigate(rematchHref);
  }, [rematchHref]);
  const act = (choice: Choice) => {
    if (state.sending) return;
    send({ type: "action", version: state.version, action: choice.action });
    setPicked([]);
  };
  const view = state.view;
  const deciding = myDecision(state);
  const pathOf = useMemo(() => (c: Choice, v: View) => (ui ? ui.path(c.action, v) : []), [ui]);
  let ps = view && deciding ? pickState(state.legal, view, pathOf, picked) : null;
  if (ps && picked.length > 0 && ps.remaining.length === 0) {
    ps = pickState(state.legal, view!, pathOf, []); // clicks that lead nowhere now count for nothing
  }
  if (state.fatal) {
    return (
      <p class="banner error" role="alert">
        {state.error?.message ?? t(lang, "table.not_found")}
      </p>
    );
  }
  if (!state.table || !view || !ui) {
    return <p role="status">{t(lang, state.link === "reconnecting" ? "table.reconnecting" : "table.connecting")}</p>;
  }
  const seatNames = names(state);
  const waitingFor = view.to_move.map((s) => seatNames[s] ?? String(s)).join(", ");
  return (
    <div class="table-page" data-version={state.version} data-seat={state.seat ?? ""}>
      <div>
        <h1 style={{ fontSize: "1.2em", margin: "0 0 0.4em" }}>
          {ui.title[lang]} · {state.table.id}
        </h1>
        {state.link === "reconnecting" && (
          <p class="banner" role="status">
            {t(lang, "table.reconnecting")}
          </p>
        )}
        {state.error && (
          <p class="banner error" role="alert">
            {state.error.message}
          </p>
        )}
        {state.table.status === "waiting" && <p class="banner">{t(lang, "table.waiting")}</p>}
        {state.table.status === "over" && (
          <EndScreen
            state={state}
            lang={lang}
            rematchHref={rematchHref}
            send={(m) => {
              if (m.type === "rematch") wantRematch.current = true;
              return send(m);
            }}
          />
        )}
        {state.table.status === "active" && !deciding && (
          <p class="status" role="status">
            {state.seat === null ? t(lang, "table.spectator") + " " : ""}
            {t(lang, "table.waiting_for", { names: waitingFor })}
          </p>
        )}
        <ui.Board
          view={view}
          seat={state.seat}
          names={seatNames}
          lang={lang}
          clickable={ps && !state.sending ? ps.clickable : new Set()}
          picked={picked}
          onPick={(key) => {
            if (!deciding || state.sending) return;
            const result = pick(state.legal, view, pathOf, picked, key);
            if (result.kind === "send") act(result.choice);
            else if (result.kind === "more") setPicked(result.picked);
          }}
        />
      </div>
      <div style={{ display: "grid", gap: "0.8em", alignContent: "start" }}>
        {deciding && <Choices state={state} ui={ui} lang={lang} picked={picked} setPicked={setPicked} act={act} />}
        <Seats state={state} ui={ui} lang={lang} send={send} />
        <Log state={state} lang={lang} />
        <Chat state={state} lang={lang} send={send} />
      </div>
    </div>
  );
}
