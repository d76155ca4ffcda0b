import { describe, expect, it } from "vitest";
import { initialState, reduce } from "../src/store";
import { unmutedLines } from "../src/table/Moderation";
import type { ChatLine } from "../src/protocol";

describe("moderation in the table's state", () => {
  it("keeps each seat's open vote tally and drops it when cleared", () => {
    const one = reduce(initialState, { type: "votes", seat: 2, voters: [0], needed: 2, of: 2 }).state;
    expect(one.votes).toEqual({ 2: { seat: 2, voters: [0], needed: 2, of: 2 } });
    const two = reduce(one, { type: "votes", seat: 1, voters: [0, 2], needed: 2, of: 3 }).state;
    expect(Object.keys(two.votes)).toEqual(["1", "2"]);
    const cleared = reduce(two, { type: "votes", seat: 2, voters: [], needed: 2, of: 2 }).state;
    expect(cleared.votes).toEqual({ 1: { seat: 1, voters: [0, 2], needed: 2, of: 3 } });
  });

  it("hides the lines of muted seats only", () => {
    const lines: ChatLine[] = [
      { id: 1, seat: 0, name: "Anne", text: "ahoy", at: 1 },
      { id: 2, seat: 1, name: "Bob", text: "hi", at: 2 },
    ];
    expect(unmutedLines(lines, [])).toBe(lines);
    expect(unmutedLines(lines, [0]).map((l) => l.text)).toEqual(["hi"]);
  });
});
