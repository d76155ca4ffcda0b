/** What a table page knows, and how each server message changes it: a pure reducer, so that
 * resync, reconnection and two tabs of one seat can be unit-tested without a browser. */

import type { ChatLine, Choice, LogLine, ServerMessage, TableInfo, View, VoteTally } from "./protocol";

export type Link = "connecting" | "open" | "reconnecting";

export interface TableState {
  link: Link;
  seat: number | null;
  table: TableInfo | null;
  version: number;
  view: View | null;
  legal: Choice[];
  asked: number | null;
  log: LogLine[];
  chat: ChatLine[];
  present: number[];
  /** The open votes to hand a seat to a bot, by seat (docs/server.md, "Moderation"). */
  votes: Record<number, VoteTally>;
  deadlines: Record<string, number>;
  /** The last refusal, shown until the next change. */
  error: { code: string; message: string } | null;
  /** An action was sent and not yet answered: the board waits instead of sending twice. */
  sending: boolean;
  /** The rematch table, once there is one. */
  rematch: string | null;
  record: unknown;
  /** The connection cannot go on (unknown token, no such table): stop reconnecting. */
  fatal: boolean;
}

export const initialState: TableState = {
  link: "connecting",
  seat: null,
  table: null,
  version: -1,
  view: null,
  legal: [],
  asked: null,
  log: [],
  chat: [],
  present: [],
  votes: {},
  deadlines: {},
  error: null,
  sending: false,
  rematch: null,
  record: null,
  fatal: false,
};

const FATAL = new Set(["unknown_token", "seat_given_up", "seat_taken", "no_table", "unknown_session"]);

/** Messages that need a full sync to be understood ask for it through `needsSync`. */
export interface Reduced {
  state: TableState;
  needsSync: boolean;
}

export function reduce(state: TableState, message: ServerMessage): Reduced {
  switch (message.type) {
    case "sync":
      return {
        state: {
          ...state,
          link: "open",
          seat: message.seat,
          table: message.table,
          version: message.version,
          view: message.view,
          legal: message.legal,
          asked: message.asked,
          log: message.log,
          chat: message.chat,
          present: message.present ?? state.present,
          votes: message.votes ? tallies(message.votes) : state.votes,
          deadlines: message.table.deadlines,
          sending: false,
          rematch: message.table.rematch ?? state.rematch,
        },
        needsSync: false,
      };
    case "update": {
      // An update from before what we hold changes nothing (another tab's echo, a late one).
      if (message.version < state.version) return { state, needsSync: false };
      // One that skips versions we never saw: the log would have a hole; ask for everything.
      if (message.since > state.version) return { state, needsSync: true };
      const seen = new Set(state.log.map((l) => `${l.version}\u0000${l.text}`));
      const fresh = message.log.filter(
        (l) => l.version > message.since || !seen.has(`${l.version}\u0000${l.text}`),
      );
      return {
        state: {
          ...state,
          link: "open",
          table: message.table ?? (state.table && { ...state.table, status: message.status }),
          version: message.version,
          view: message.view,
          legal: message.legal,
          asked: message.asked,
          log: message.since < state.version ? mergeLog(state.log, message.log) : [...state.log, ...fresh],
          chat: message.chat ? mergeChat(state.chat, message.chat) : state.chat,
          present: message.present ?? state.present,
          votes: message.votes ? tallies(message.votes) : state.votes,
          deadlines: message.deadlines,
          error: null,
          sending: false,
        },
        needsSync: false,
      };
    }
    case "table":
      return {
        state: {
          ...state,
          table: message.table,
          deadlines: message.table.deadlines,
          rematch: message.table.rematch ?? state.rematch,
          present: message.table.present ?? state.present,
        },
        needsSync: false,
      };
    case "presence":
      return { state: { ...state, present: message.present }, needsSync: false };
    case "votes": {
      const { type: _type, ...tally } = message;
      const votes = { ...state.votes };
      if (tally.voters.length) votes[tally.seat] = tally;
      else delete votes[tally.seat];
      return { state: { ...state, votes }, needsSync: false };
    }
    case "chat":
      return { state: { ...state, chat: mergeChat(state.chat, [message.message]) }, needsSync: false };
    case "error":
      return {
        state: {
          ...state,
          error: { code: message.code, message: message.message },
          sending: false,
          fatal: state.fatal || FATAL.has(message.code),
        },
        needsSync: false,
      };
    case "rematch":
      return { state: { ...state, rematch: message.table }, needsSync: false };
    case "export":
      return { state: { ...state, record: message.record }, needsSync: false };
    case "pong":
      return { state, needsSync: false };
  }
}

function tallies(list: VoteTally[]): Record<number, VoteTally> {
  return Object.fromEntries(list.filter((v) => v.voters.length).map((v) => [v.seat, v]));
}

/** Log lines up to and after an overlap, each (version, text) once, in version order. */
export function mergeLog(old: LogLine[], more: LogLine[]): LogLine[] {
  const last = more.length ? more[0]!.version : Infinity;
  return [...old.filter((l) => l.version < last), ...more];
}

export function mergeChat(old: ChatLine[], more: ChatLine[]): ChatLine[] {
  const byId = new Map(old.map((c) => [c.id, c]));
  for (const c of more) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-200);
}

/** Whether this page's seat must decide now. */
export function myDecision(state: TableState): boolean {
  return state.asked !== null && state.legal.length > 0 && state.table?.status === "active";
}
