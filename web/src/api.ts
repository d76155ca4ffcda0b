/** The server's HTTP API (docs/server.md, "The HTTP API"). Every refusal comes back as
 * {"error", "message"}; it is thrown as an ApiError carrying those words. */

import type { GameInfo, JsonObject, TableInfo } from "./protocol";

export class ApiError extends Error {
  constructor(
    public code: string,
    message: string,
    public status: number,
    /** A 429's seconds until the server takes the request again (its `retry_after`). */
    public retryAfter?: number,
  ) {
    super(message);
  }
}

/** The session this browser keeps (localStorage "session": quick play's guest, a login on
 * the "my tables" page), sent with every call so that the tables made or joined here are
 * its account's (docs/server.md, "My tables"). */
export const SESSION_KEY = "session";

function keptSession(): string | undefined {
  return globalThis.localStorage?.getItem(SESSION_KEY) || undefined;
}

async function call<T>(method: string, path: string, body?: unknown, session?: string): Promise<T> {
  const kept = session === undefined ? keptSession() : undefined;
  try {
    return await send<T>(method, path, body, session ?? kept);
  } catch (e) {
    // A kept session the server no longer knows is dropped, and the call made without it.
    if (!(kept && e instanceof ApiError && e.code === "unknown_session")) throw e;
    globalThis.localStorage?.removeItem(SESSION_KEY);
    return send<T>(method, path, body, undefined);
  }
}

/** One JSON call, answered with its data or thrown as an `ApiError` (quick play sends its own
 * session with it). */
export async function send<T>(method: string, path: string, body?: unknown, session?: string): Promise<T> {
  const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
  if (session) headers["authorization"] = `Bearer ${session}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new ApiError(
      String(data["error"] ?? "http_" + response.status),
      String(data["message"] ?? response.statusText),
      response.status,
      typeof data["retry_after"] === "number" ? data["retry_after"] : undefined,
    );
  }
  return data as T;
}

/** A seat of a new table, by how it is filled (docs/server.md, "Seat modes"). */
export interface SeatRequest {
  kind: "me" | "invite" | "open" | "bot";
  agent?: string;
  name?: string;
}

export interface CreateRequest {
  game: string;
  players: number;
  options: JsonObject;
  seats: SeatRequest[];
  clock:
    | { mode: "turn" }
    | { mode: "turn"; days: number; on_expiry: "bot" | "forfeit" }
    | { mode: "live"; seconds: number; on_expiry: "rule" | "bot" };
  listed: boolean;
  bot_delay: number;
  /** Rated (docs/server.md, "Ratings"): sent with the creator's session. */
  rated?: boolean;
}

/** A seat's secret link, as the creator is given it. */
export interface SeatLink {
  seat: number;
  mode: "me" | "invite";
  token: string;
  invite: string;
}

export interface Created {
  table: string;
  /** The links of the `me` and `invite` seats. */
  seats: SeatLink[];
  /** The creator's own seat, taken at once (null without a `me` seat). */
  me: SeatLink | null;
  /** The open seats: a lobby join takes them. */
  open: number[];
  spectator: string;
  websocket: string;
}

export interface Joined {
  seat: number;
  token: string;
  invite: string;
}

export interface FinishedGame {
  table: string;
  game: string;
  title?: string;
  players: number;
  scores: number[];
  winners: number[];
  seat?: number;
  finished_at?: number;
  [key: string]: unknown;
}

export interface ReplayStep {
  table: string;
  game: string;
  seat: number | null;
  version: number;
  total: number;
  view: import("./protocol").View;
  log: import("./protocol").LogLine[];
  names: string[];
  /** The table's proof (a finished game's: the seed and salt given, docs/server.md). */
  commitment?: string | null;
  seed_text?: string;
  salt?: string | null;
  dice?: import("./fairness").DiceCounts | null;
}

/** One row of a game's leaderboard (ordinal = mu - 3 sigma, what it is sorted by). */
export interface LeaderboardRow {
  rank: number;
  name: string;
  bot: boolean;
  /** A bot account's level (an agent of bots.ts), else null. */
  agent: string | null;
  mu: number;
  sigma: number;
  ordinal: number;
  games: number;
}

export interface Leaderboard {
  game: string;
  title: string;
  season: number | null;
  players: LeaderboardRow[];
}

export interface RatingPoint {
  at: number;
  mu: number;
  sigma: number;
  ordinal: number;
  table: string;
}

export interface ProfileGame {
  game: string;
  title: string;
  rating: { mu: number; sigma: number; ordinal: number; games: number } | null;
  history: RatingPoint[];
  played: number;
  won: number;
  win_rate: number | null;
  seats: { seat: number; name: string; played: number; won: number; win_rate: number }[];
}

export interface Profile {
  name: string;
  bot: boolean;
  agent: string | null;
  games: ProfileGame[];
  finished: FinishedGame[];
}

export const api = {
  games: () => call<GameInfo[]>("GET", "/api/games"),
  tables: (status: "waiting" | "active" | "over" = "waiting") =>
    call<TableInfo[]>("GET", `/api/tables?status=${status}`),
  table: (id: string) => call<TableInfo>("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (request: CreateRequest, session?: string) => call<Created>("POST", "/api/tables", request, session),
  leaderboard: (game: string, season: number | null) =>
    call<Leaderboard>("GET", `/api/leaderboard/${encodeURIComponent(game)}` + (season === null ? "" : `?season=${season}`)),
  profile: (name: string) => call<Profile>("GET", `/api/players/${encodeURIComponent(name)}/profile`),
  join: (id: string, name?: string) =>
    call<Joined>("POST", `/api/tables/${encodeURIComponent(id)}/join`, name ? { name } : {}),
  playerGames: (name: string) =>
    call<FinishedGame[]>("GET", `/api/players/${encodeURIComponent(name)}/games`),
  replay: (id: string, seat: number | null, version: number) =>
    call<ReplayStep>(
      "GET",
      `/api/tables/${encodeURIComponent(id)}/replay?version=${version}` +
        (seat === null ? "" : `&seat=${seat}`),
    ),
  recordUrl: (id: string) => `/api/tables/${encodeURIComponent(id)}/record`,
};
