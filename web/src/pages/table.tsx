/** A table: the board, the player's choices, seats with clocks, the log, chat and, at the
 * end, the scores. Everything drawn here comes from messages built for this page's seat. */

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api } from "../api";
import { botLabel } from "../bots";
import { Link, navigate, useLang } from "../app";
import { TableConnection, continueLink, socketUrl, targetOf } from "../connection";
import { gameUI } from "../games";
import type { GameUI } from "../games/types";
import { errorWords, t, type Lang } from "../i18n";
import { BellIcon, SeatIcon, SoundIcon } from "../icons";
import { pick, pickState } from "../picker";
import type { Choice, ClientMessage, LogData, LogLine, ServerMessage, View } from "../protocol";
import { initialState, myDecision, reduce, type TableState } from "../store";
import { ActionBar } from "../table/ActionBar";
import {
  notificationsSupported,
  useNotifySetting,
  useSoundSetting,
  useTurnSignal,
} from "../table/attention";
import { LogList, LogPanel } from "../table/Log";
import { MuteButtons, ReportButton, VoteButton, unmutedLines, useMutes } from "../table/Moderation";
import { TableProof } from "../table/FairnessPanel";
import { rememberCommitment } from "../fairness";
import { lastMoves, sinceOwnMove } from "../table/moves";
import { timeLeft } from "./mytables";
import { TableUnavailable } from "./unavailable";

function useTable(id: string): [TableState, (message: ClientMessage) => boolean] {
  const [state, setState] = useState<TableState>(initialState);
  const ref = useRef<TableState>(initialState);
  const conn = useRef<TableConnection | null>(null);
  useEffect(() => {
    const target = targetOf(location) ?? { table: id, token: null };
    const apply = (next: TableState) => {
      ref.current = next;
      setState(next);
      // The commitment as the table shows it before its end is kept: the end's proof is
      // checked against it, not against what the server gives then (docs/server.md,
      // "Provable fairness").
      const info = next.table;
      if (info?.commitment && info.status !== "over") rememberCommitment(info.id, info.commitment);
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

interface SavedClicks {
  asked: number;
  picked: string[];
  /** The action waiting for Confirm, as JSON (null: none). */
  pending?: string | null;
}

function readPicked(key: string): SavedClicks | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? "null") as unknown;
    if (saved && typeof saved === "object" && "asked" in saved && "picked" in saved) {
      return saved as SavedClicks;
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
            <li
              class={toMove.has(s.seat) ? "to-move" : ""}
              data-seat={s.seat}
              aria-current={toMove.has(s.seat) ? "step" : undefined}
            >
              <span
                class={"dot" + (here || s.kind === "bot" || s.agent ? " on" : "")}
                aria-hidden="true"
              />
              <SeatIcon seat={s.seat} />
              <span>
                {s.name}
                {s.seat === mine ? ` (${t(lang, "table.you")})` : ""}
              </span>
              <small>
                {s.agent
                  ? botLabel(lang, s.agent)
                  : here
                    ? t(lang, "table.connected")
                    : t(lang, "table.away")}
              </small>
              {toMove.has(s.seat) && <small class="status mine">{t(lang, "table.to_move")}</small>}
              {left !== null && (
                <small class="status mine">
                  {/* A turn-based time bank counts days; a live clock, seconds. */}
                  {left >= 3600 ? timeLeft(lang, left) : t(lang, "table.clock", { s: left })}
                </small>
              )}
              {state.view && <small>{ui.seatSummary(state.view, s.seat, lang)}</small>}
              {active &&
                mine !== null &&
                !table.seats[mine]?.agent &&
                s.seat !== mine &&
                s.kind === "human" &&
                !s.agent &&
                (!here || toMove.has(s.seat)) && (
                  <VoteButton seat={s.seat} mine={mine} tally={state.votes[s.seat]} lang={lang} send={props.send} />
                )}
              {mine !== null && s.seat !== mine && s.kind === "human" && (
                <ReportButton
                  table={table.id}
                  seat={s.seat}
                  name={s.name}
                  token={targetOf(location)?.token ?? null}
                  lang={lang}
                />
              )}
              {active && s.seat === mine && s.agent && s.kind === "human" && (
                <button onClick={() => props.send({ type: "takeback" })}>{t(lang, "table.takeback")}</button>
              )}
            </li>
          );
        })}
      </ul>
      {mine !== null && <ContinueElsewhere lang={lang} />}
    </section>
  );
}

/** The link that opens this seat on the player's other device (docs/server.md, "Seat
 * owners"): shown on the seat's own page alone, since it plays the seat. */
function ContinueElsewhere(props: { lang: Lang }) {
  const target = targetOf(location);
  const link = target ? continueLink(location.origin, target) : null;
  if (!link) return null;
  return (
    <details class="continue-elsewhere" data-testid="continue-elsewhere">
      <summary>{t(props.lang, "table.continue")}</summary>
      <p>{t(props.lang, "table.continue_hint")}</p>
      <input readOnly value={link} aria-label={t(props.lang, "table.continue")} onFocus={(e) => e.currentTarget.select()} />
    </details>
  );
}

function Chat(props: { state: TableState; lang: Lang; send: (m: ClientMessage) => boolean }) {
  const [text, setText] = useState("");
  const { state, lang } = props;
  const [muted, toggleMute] = useMutes(state.table?.id ?? "");
  return (
    <section class="panel" aria-label={t(lang, "table.chat")}>
      <h2>{t(lang, "table.chat")}</h2>
      <div class="chat-lines" aria-live="polite">
        {unmutedLines(state.chat, muted).map((c) => (
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
      <MuteButtons
        lines={state.chat}
        mine={state.seat}
        names={names(state)}
        muted={muted}
        toggle={toggleMute}
        lang={lang}
      />
    </section>
  );
}

/** Where this page's seat plays the rematch (null: no rematch yet, or a spectator). */
function rematchLink(state: TableState): string | null {
  if (!state.rematch) return null;
  const target = targetOf(location);
  if (!target?.token) return `/tables/${state.rematch}`;
  // A page opened by a "Continue on another device" link keeps its key at the rematch too.
  const fragment = new URLSearchParams({ token: target.token, ...(target.key ? { key: target.key } : {}) });
  return `/tables/${state.rematch}#${fragment.toString()}`;
}

function EndScreen(props: {
  state: TableState;
  ui: GameUI;
  lang: Lang;
  rematchHref: string | null;
  send: (m: ClientMessage) => boolean;
}) {
  const { state, ui, lang } = props;
  const view = state.view!;
  const seatNames = names(state);
  return (
    <section class="panel end" aria-labelledby="end-title" data-testid="end-screen">
      <h2 id="end-title">{t(lang, "table.over")}</h2>
      <ui.End view={view} seat={state.seat} names={seatNames} lang={lang} log={state.log} />
      <TableProof id={state.table!.id} ui={ui} lang={lang} />
      <div class="choices end-links">
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

/** What happened since this seat's own last move, shown once on coming back to the table
 * (the first full sync) when others have moved since; dismissed with a click. */
function SinceYourMove(props: { ui: GameUI; lines: LogLine[]; lang: Lang; names: string[]; close: () => void }) {
  return (
    <section class="panel since" aria-labelledby="since-title" data-testid="since">
      <h2 id="since-title">{t(props.lang, "table.since")}</h2>
      <ol class="log short">
        <LogList ui={props.ui} lines={props.lines.slice(-12)} lang={props.lang} names={props.names} />
      </ol>
      <button onClick={props.close}>{t(props.lang, "table.dismiss")}</button>
    </section>
  );
}

/** Where the window should scroll to bring the decision into reach: null when every clickable
 * thing of the board is already inside it (above a phone's fixed action bar); else the top of
 * the clickable things when they fit in the window together, else the top of the board. */
export function reachScroll(area: HTMLElement, bar: HTMLElement | null): number | null {
  const bottom = bar && getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : innerHeight;
  const rects = [...area.querySelectorAll(".clickable")].map((el) => el.getBoundingClientRect());
  if (rects.length === 0) return null;
  const top = Math.min(...rects.map((r) => r.top));
  const end = Math.max(...rects.map((r) => r.bottom));
  if (top >= 0 && end <= bottom) return null;
  const margin = 8;
  if (end - top + 2 * margin <= bottom) return top + scrollY - margin;
  return area.getBoundingClientRect().top + scrollY - 4;
}

export function TablePage(props: { id: string }) {
  const lang = useLang();
  const [state, send] = useTable(props.id);
  const [picked, setPicked] = useState<string[]>([]);
  const [pending, setPending] = useState<Choice | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sound, setSound] = useSoundSetting();
  const [notify, setNotify] = useNotifySetting();
  const [since, setSince] = useState<LogLine[] | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const ui = state.table ? gameUI(state.table.game) : undefined;
  // A new decision starts the clicks over; a reload in the middle of one keeps them and a
  // choice waiting for Confirm (this tab's sessionStorage), so nothing the player did is lost.
  const pickKey = `picked:${props.id}`;
  useEffect(() => {
    const saved = readPicked(pickKey);
    const same = saved && state.asked !== null && saved.asked === state.asked ? saved : null;
    setPicked(same ? same.picked : []);
    setPending(same?.pending ? (state.legal.find((c) => JSON.stringify(c.action) === same.pending) ?? null) : null);
    setNotice(null);
  }, [state.asked]);
  useEffect(() => {
    if (state.asked !== null) {
      const saved: SavedClicks = {
        asked: state.asked,
        picked,
        pending: pending ? JSON.stringify(pending.action) : null,
      };
      sessionStorage.setItem(pickKey, JSON.stringify(saved));
    }
  }, [picked, pending]);
  // Coming back: what the others did since this seat's own last move, once, from the first sync.
  const summarised = useRef(false);
  useEffect(() => {
    if (summarised.current || !ui || state.seat === null || state.table?.status !== "active") return;
    if (state.log.length === 0) return;
    summarised.current = true;
    const mover = ui.mover;
    const lines = sinceOwnMove(state.log, mover, state.seat);
    // Only when another seat moved: lines the game wrote by itself (a new round) are no news.
    if (lines.some((line) => ![null, state.seat].includes(mover(line.data)))) setSince(lines);
  }, [state.log.length > 0, ui]);
  // A rematch: the same seat token at the new table. The seat that asked goes there; the
  // others are shown the way.
  const wantRematch = useRef(false);
  const rematchHref = rematchLink(state);
  useEffect(() => {
    if (rematchHref && wantRematch.current) navigate(rematchHref);
  }, [rematchHref]);
  const view = state.view;
  const deciding = myDecision(state);
  const seatNames = names(state);
  useTurnSignal(
    deciding,
    t(lang, "table.your_turn_title"),
    ui && state.table ? `${ui.title[lang]} · ${state.table.id}` : "buccaneer",
    sound,
    notify,
  );
  // The decision in reach: when a new one comes (or its next step) and the board's clickable
  // things are not all in the window (above a phone's action bar), they are brought into it.
  useEffect(() => {
    if (!deciding || !boardRef.current) return;
    const frame = requestAnimationFrame(() => {
      const top = boardRef.current ? reachScroll(boardRef.current, barRef.current) : null;
      if (top !== null) scrollTo({ top, behavior: "instant" as ScrollBehavior });
    });
    return () => cancelAnimationFrame(frame);
  }, [deciding, state.asked, picked.length]);
  // The fixed action bar of a phone must never cover the page's end.
  const [barHeight, setBarHeight] = useState(0);
  useEffect(() => {
    const bar = barRef.current;
    if (!bar || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setBarHeight(bar.getBoundingClientRect().height));
    observer.observe(bar);
    return () => observer.disconnect();
  }, [deciding]);
  const moves = useMemo(
    () => (ui ? lastMoves(state.log, ui.mover) : new Map<number, LogData[]>()),
    [state.log, ui],
  );
  const pathOf = useMemo(() => (c: Choice, v: View) => (ui ? ui.path(c.action, v) : []), [ui]);
  const sendChoice = (choice: Choice) => {
    if (state.sending) return;
    send({ type: "action", version: state.version, action: choice.action });
    setPicked([]);
    setPending(null);
  };
  /** A choice made: sent at once, or held for Confirm when the game says it is secret or
   * cannot be taken back. */
  const choose = (choice: Choice, fromMenu = false) => {
    setNotice(null);
    // A choice from the menu of all choices starts from nothing: board clicks made towards
    // another choice are dropped, so Undo and the board's marks concern this one.
    if (fromMenu) setPicked([]);
    if (view && ui?.confirm?.(choice, view)) setPending(choice);
    else sendChoice(choice);
  };
  const undo = () => {
    setNotice(null);
    if (pending) {
      setPending(null);
      // A choice completed on the board goes back to its last click; a button's to nothing.
      if (picked.length > 0) setPicked(picked.slice(0, -1));
    } else setPicked(picked.slice(0, -1));
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || (!pending && picked.length === 0)) return;
      const target = event.target as HTMLElement | null;
      if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return; // typing
      event.preventDefault();
      undo();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  });
  let ps = view && deciding ? pickState(state.legal, view, pathOf, picked) : null;
  if (ps && picked.length > 0 && ps.remaining.length === 0) {
    ps = pickState(state.legal, view!, pathOf, []); // clicks that lead nowhere now count for nothing
  }
  if (state.fatal) return <TableUnavailable id={props.id} error={state.error} lang={lang} />;
  if (!state.table || !view || !ui) {
    return <p role="status">{t(lang, state.link === "reconnecting" ? "table.reconnecting" : "table.connecting")}</p>;
  }
  const waitingFor = view.to_move.map((s) => seatNames[s] ?? String(s)).join(", ");
  const status = state.table.status;
  return (
    <div
      class={"table-page" + (deciding ? " deciding" : "")}
      data-version={state.version}
      data-seat={state.seat ?? ""}
      style={deciding ? { "--bar-height": `${Math.ceil(barHeight)}px` } : undefined}
    >
      <div class="board-column">
        <div class="table-head">
          <h1>
            {ui.title[lang]} <small>· {state.table.id}</small>
          </h1>
          <button
            class="icon-button"
            aria-pressed={sound}
            onClick={() => setSound(!sound)}
            title={t(lang, "table.sound")}
          >
            <SoundIcon on={sound} />
            <span class="visually-hidden">{t(lang, "table.sound")}</span>
          </button>
          {notificationsSupported() && (
            <button
              class="icon-button"
              aria-pressed={notify}
              onClick={() => void setNotify(!notify)}
              title={t(lang, "table.notify")}
            >
              <BellIcon on={notify} />
              <span class="visually-hidden">{t(lang, "table.notify")}</span>
            </button>
          )}
        </div>
        {state.link === "reconnecting" && (
          <p class="banner" role="status">
            {t(lang, "table.reconnecting")}
          </p>
        )}
        {state.error && (
          <p class="banner error" role="alert" data-code={state.error.code}>
            {errorWords(lang, state.error)}
          </p>
        )}
        {status === "waiting" && <p class="banner">{t(lang, "table.waiting")}</p>}
        {status === "active" && !deciding && (
          <p class="status" role="status">
            {state.seat === null ? t(lang, "table.spectator") + " " : ""}
            {t(lang, "table.waiting_for", { names: waitingFor })}
          </p>
        )}
        {/* The result first: it is what everyone looks for at the end. */}
        {status === "over" && (
          <EndScreen
            state={state}
            ui={ui}
            lang={lang}
            rematchHref={rematchHref}
            send={(m) => {
              if (m.type === "rematch") wantRematch.current = true;
              return send(m);
            }}
          />
        )}
        <div class="board-area" ref={boardRef}>
          <ui.Board
            view={view}
            seat={state.seat}
            names={seatNames}
            lang={lang}
            clickable={ps && !state.sending && !pending ? ps.clickable : new Set()}
            picked={pending ? [...picked, ...ui.path(pending.action, view).slice(picked.length)] : picked}
            lastMoves={moves}
            onPick={(key) => {
              if (!deciding || state.sending || pending) return;
              const result = pick(state.legal, view, pathOf, picked, key);
              if (result.kind === "send") {
                if (ui.confirm?.(result.choice, view)) {
                  setPicked([...picked, key]);
                  setPending(result.choice);
                } else sendChoice(result.choice);
              } else if (result.kind === "more") {
                setNotice(null);
                setPicked(result.picked);
              } else setNotice(ui.whyNot?.(key, view, state.legal, lang) ?? null);
            }}
          />
        </div>
      </div>
      <div class="side-column">
        {deciding && ps && (
          <div class="bar-holder" ref={barRef}>
            <ActionBar
              ui={ui}
              view={view}
              lang={lang}
              names={seatNames}
              legal={state.legal}
              ps={ps}
              picked={picked}
              pending={pending}
              sending={state.sending}
              notice={notice}
              choose={choose}
              confirm={() => pending && sendChoice(pending)}
              undo={undo}
              startOver={() => {
                setPending(null);
                setPicked([]);
              }}
            />
          </div>
        )}
        {since && since.length > 0 && (
          <SinceYourMove ui={ui} lines={since} lang={lang} names={seatNames} close={() => setSince(null)} />
        )}
        <Seats state={state} ui={ui} lang={lang} send={send} />
        <LogPanel ui={ui} log={state.log} lang={lang} names={seatNames} />
        <Chat state={state} lang={lang} send={send} />
      </div>
    </div>
  );
}
