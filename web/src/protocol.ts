/** The server's WebSocket and HTTP messages, as docs/server.md describes them. Types only:
 * the server is the authority, the client draws what it is sent. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** An action's JSON, exactly as the engine and the records spell it. */
export interface Action {
  type: string;
  [field: string]: Json;
}

/** One legal choice: the action, its words (from the engine) and its menu group. */
export interface Choice {
  action: Action;
  text: string;
  group: string | null;
}

/** An event's structured data, as the engine's `Event.data` holds it: its `type` and the
 * facts the line states (seats as numbers, things by their keys). */
export interface LogData {
  type: string;
  [field: string]: Json;
}

/** One line of the log: the version whose action wrote it, the engine's English words (kept
 * for records and terminals) and the data the client writes the line from, in its language. */
export interface LogLine {
  version: number;
  text: string;
  data: LogData;
}

export interface ChatLine {
  id: number;
  seat: number | null;
  name: string;
  text: string;
  at: number;
}

export interface SeatInfo {
  seat: number;
  name: string;
  kind: "human" | "bot";
  /** How the seat is filled: the creator's, kept for an invite link, open to any joiner, or a
   * bot (docs/server.md, "Seat modes"). */
  mode: "me" | "invite" | "open" | "bot";
  agent: string | null;
  claimed: boolean;
}

export interface Clock {
  mode: "turn" | "live";
  seconds?: number;
  on_expiry?: "rule" | "bot";
}

export interface TableInfo {
  id: string;
  game: string;
  title: string;
  players: number;
  options: JsonObject;
  status: "waiting" | "active" | "over";
  version: number;
  seats: SeatInfo[];
  clock: Clock;
  deadlines: Record<string, number>;
  rematch: string | null;
  rematch_of: string | null;
  created_at: number;
  present?: number[];
  /** The seed's commitment, public from the start (null: a table stored before them); the
   * seed (also in decimal digits), the salt and the dice counts once the game is over
   * (docs/server.md, "Provable fairness"). */
  commitment?: string | null;
  seed?: number;
  seed_text?: string;
  salt?: string | null;
  dice?: import("./fairness").DiceCounts | null;
}

/** Every view has these keys (DESIGN.md's view contract); each game adds its own. */
export interface View extends JsonObject {
  game: string;
  players: number;
  seat: number | null;
  to_move: number[];
  over: boolean;
  scores: number[];
  winners: number[];
}

/** The votes to hand a seat to a bot (docs/server.md, "Moderation"). */
export interface VoteTally {
  seat: number;
  voters: number[];
  needed: number;
  of: number;
}

export interface SyncMessage {
  type: "sync";
  seat: number | null;
  table: TableInfo;
  version: number;
  view: View;
  legal: Choice[];
  asked: number | null;
  log: LogLine[];
  chat: ChatLine[];
  present?: number[];
  votes?: VoteTally[];
}

export interface UpdateMessage {
  type: "update";
  since: number;
  version: number;
  view: View;
  legal: Choice[];
  asked: number | null;
  log: LogLine[];
  deadlines: Record<string, number>;
  status: TableInfo["status"];
  table?: TableInfo;
  chat?: ChatLine[];
  present?: number[];
  votes?: VoteTally[];
}

export type ServerMessage =
  | SyncMessage
  | UpdateMessage
  | { type: "table"; table: TableInfo }
  | { type: "chat"; message: ChatLine }
  | { type: "presence"; present: number[] }
  | ({ type: "votes" } & VoteTally)
  | { type: "error"; code: string; message: string; version?: number }
  | { type: "rematch"; table: string }
  | { type: "export"; record: JsonObject }
  | { type: "pong"; time: number };

export type ClientMessage =
  | { type: "hello"; table?: string; token?: string; version?: number; name?: string; session?: string; key?: string }
  | { type: "action"; version: number; action: Action }
  | { type: "chat"; text: string }
  | { type: "sync" }
  | { type: "handover"; seat: number; agent?: string }
  | { type: "takeback" }
  | { type: "leave" }
  | { type: "rematch" }
  | { type: "export" }
  | { type: "ping" };

/** GET /api/games: one game with its options and their meaning. */
export interface OptionInfo {
  default: Json;
  help: string;
  choices: Json[] | null;
  items: Json[] | null;
}

/** A bot level a seat can be given (docs/server.md, "Ratings"): its name, the agent its game's
 * published ladder named for it, the agent spec a seat sends (`level:name=strong`) and its
 * ladder rating (openskill mu and sigma; null where no ladder rated it yet). */
export interface LevelInfo {
  name: string;
  agent: string;
  spec: string;
  mu: number | null;
  sigma: number | null;
}

export interface GameInfo {
  name: string;
  title: string;
  summary: string;
  min_players: number;
  max_players: number;
  options: Record<string, OptionInfo>;
  variants: JsonObject[];
  seat_names: string[];
  time_rule: { seconds: number; action: Action } | null;
  /** The bot levels, weakest first. */
  levels: LevelInfo[];
}
