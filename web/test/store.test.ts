import { describe, expect, it } from "vitest";
import { initialState, myDecision, reduce, type TableState } from "../src/store";
import type { SyncMessage, TableInfo, UpdateMessage, View } from "../src/protocol";

const table: TableInfo = {
  id: "t",
  game: "g",
  title: "G",
  players: 2,
  options: {},
  status: "active",
  version: 2,
  seats: [],
  clock: { mode: "turn" },
  deadlines: {},
  rematch: null,
  rematch_of: null,
  created_at: 0,
};
const view = (n: number) => ({ game: "g", players: 2, seat: 0, to_move: [0], over: false, scores: [], winners: [], n }) as unknown as View;
const sync: SyncMessage = {
  type: "sync",
  seat: 0,
  table,
  version: 2,
  view: view(2),
  legal: [{ action: { type: "end_turn" }, text: "end turn", group: null }],
  asked: 2,
  log: [
    { version: 1, text: "one", data: { type: "x" } },
    { version: 2, text: "two", data: { type: "x" } },
  ],
  chat: [],
  present: [0],
};
const update = (since: number, version: number, lines: string[]): UpdateMessage => ({
  type: "update",
  since,
  version,
  view: view(version),
  legal: [],
  asked: null,
  log: lines.map((text) => ({ version, text, data: { type: "x" } })),
  deadlines: {},
  status: "active",
});

function synced(): TableState {
  return reduce(initialState, sync).state;
}

describe("reduce", () => {
  it("takes a sync whole", () => {
    const state = synced();
    expect(state.version).toBe(2);
    expect(state.seat).toBe(0);
    expect(state.log.map((l) => l.text)).toEqual(["one", "two"]);
    expect(myDecision(state)).toBe(true);
  });

  it("appends an update's log lines and moves to its version", () => {
    const { state, needsSync } = reduce(synced(), update(2, 3, ["three"]));
    expect(needsSync).toBe(false);
    expect(state.version).toBe(3);
    expect(state.log.map((l) => l.text)).toEqual(["one", "two", "three"]);
    expect(myDecision(state)).toBe(false);
  });

  it("ignores an update older than what it holds (another tab's echo, a late message)", () => {
    const ahead = reduce(synced(), update(2, 4, ["four"])).state;
    const { state } = reduce(ahead, update(2, 3, ["three"]));
    expect(state).toBe(ahead);
  });

  it("asks for a sync when an update skips versions it never saw", () => {
    const { state, needsSync } = reduce(synced(), update(5, 6, ["six"]));
    expect(needsSync).toBe(true);
    expect(state.version).toBe(2);
  });

  it("after coming back, takes the missed lines once", () => {
    const back = { ...update(2, 4, []), log: [
        { version: 3, text: "three", data: { type: "x" } },
        { version: 4, text: "four", data: { type: "x" } },
      ] };
    const { state } = reduce(synced(), back);
    expect(state.log.map((l) => l.text)).toEqual(["one", "two", "three", "four"]);
  });

  it("clears the sending mark on an answer, and remembers refusals", () => {
    const sending = { ...synced(), sending: true };
    const refused = reduce(sending, { type: "error", code: "stale", message: "too late" }).state;
    expect(refused.sending).toBe(false);
    expect(refused.error?.code).toBe("stale");
    expect(refused.fatal).toBe(false);
    expect(reduce(sending, { type: "error", code: "unknown_token", message: "no" }).state.fatal).toBe(true);
  });

  it("keeps chat in id order without repeats, and who is here", () => {
    let state = synced();
    const line = (id: number) => ({ type: "chat" as const, message: { id, seat: 0, name: "A", text: `m${id}`, at: 0 } });
    state = reduce(state, line(2)).state;
    state = reduce(state, line(1)).state;
    state = reduce(state, line(2)).state;
    expect(state.chat.map((c) => c.id)).toEqual([1, 2]);
    expect(reduce(state, { type: "presence", present: [0, 1] }).state.present).toEqual([0, 1]);
  });
});
