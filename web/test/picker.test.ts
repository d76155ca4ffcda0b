import { describe, expect, it } from "vitest";
import { pick, pickState } from "../src/picker";
import type { Choice, View } from "../src/protocol";

const view = { game: "x", players: 2, seat: 0, to_move: [0], over: false, scores: [], winners: [] } as View;
const choice = (type: string, extra: Record<string, string> = {}): Choice => ({
  action: { type, ...extra },
  text: type,
  group: null,
});
// A card then a pirate moves forward; a pirate alone moves back; ending the turn is a button.
const forward = (card: string, from: string) => choice("forward", { card, from });
const choices = [forward("hat", "3"), forward("hat", "7"), forward("key", "3"), choice("back", { from: "7" }), choice("end_turn")];
const pathOf = (c: Choice) =>
  c.action.type === "forward"
    ? [`card:${c.action["card"]}`, `pirate:${c.action["from"]}`]
    : c.action.type === "back"
      ? [`pirate:${c.action["from"]}`]
      : [];

describe("pickState", () => {
  it("offers the first step of every path, and the path-less choices as complete buttons", () => {
    const state = pickState(choices, view, pathOf, []);
    expect([...state.clickable].sort()).toEqual(["card:hat", "card:key", "pirate:7"]);
    expect(state.remaining).toHaveLength(5);
    expect(state.complete.map((c) => c.action.type)).toEqual(["end_turn"]);
  });

  it("narrows to what the clicks so far lead to", () => {
    const state = pickState(choices, view, pathOf, ["card:hat"]);
    expect([...state.clickable].sort()).toEqual(["pirate:3", "pirate:7"]);
    expect(state.remaining.map((c) => c.action["from"])).toEqual(["3", "7"]);
    expect(state.complete).toEqual([]);
  });
});

describe("pick", () => {
  it("sends the one action a click completes", () => {
    const result = pick(choices, view, pathOf, ["card:hat"], "pirate:7");
    expect(result).toEqual({ kind: "send", choice: forward("hat", "7") });
  });

  it("goes on when the click is only a step", () => {
    expect(pick(choices, view, pathOf, [], "card:key")).toEqual({ kind: "more", picked: ["card:key"] });
  });

  it("ignores a click that leads to nothing legal", () => {
    expect(pick(choices, view, pathOf, ["card:key"], "pirate:7")).toEqual({ kind: "ignored" });
    expect(pick(choices, view, pathOf, [], "pirate:3")).toEqual({ kind: "ignored" });
  });

  it("keeps going when a shorter path is done but longer ones continue (keep A, or A and B)", () => {
    const dice = [["A"], ["A", "B"], ["B"]].map((d) => ({
      action: { type: "select", dice: d },
      text: d.join(""),
      group: null,
    }));
    const diePath = (c: Choice) => (c.action["dice"] as string[]).map((d) => `die:${d}`);
    const first = pick(dice, view, diePath, [], "die:A");
    expect(first).toEqual({ kind: "more", picked: ["die:A"] });
    const state = pickState(dice, view, diePath, ["die:A"]);
    expect(state.complete.map((c) => c.text)).toEqual(["A"]);
    expect([...state.clickable]).toEqual(["die:B"]);
    expect(pick(dice, view, diePath, ["die:A"], "die:B")).toEqual({ kind: "send", choice: dice[1] });
  });
});
