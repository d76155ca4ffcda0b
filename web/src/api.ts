/** The server's HTTP API (docs/server.md, "The HTTP API"). Every refusal comes back as
 * {"error", "message"}; it is thrown as an ApiError carrying those words. */

import type { GameInfo, JsonObject, TableInfo } from "./protocol";

export class ApiError extends Error {
  constructor(
    public code: string,
    message: string,
    public status: number,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new ApiError(
      String(data["error"] ?? "http_" + response.status),
      String(data["message"] ?? response.statusText),
      response.status,
    );
  }
  return data as T;
}

export interface SeatRequest {
  kind: "human" | "bot";
  agent?: string;
  name?: string;
}

export interface CreateRequest {
  game: string;
  players: number;
  options: JsonObject;
  seats: SeatRequest[];
  clock: { mode: "turn" } | { mode: "live"; seconds: number; on_expiry: "rule" | "bot" };
  listed: boolean;
  bot_delay: number;
}

export interface Created {
  table: string;
  seats: { seat: number; token: string; invite: string }[];
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
}

export const api = {
  games: () => call<GameInfo[]>("GET", "/api/games"),
  tables: (status: "waiting" | "active" | "over" = "waiting") =>
    call<TableInfo[]>("GET", `/api/tables?status=${status}`),
  table: (id: string) => call<TableInfo>("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (request: CreateRequest) => call<Created>("POST", "/api/tables", request),
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
