/** Cartagena's parts of the table: last-move marks, the pirates' ids kept between views, where
 * focus goes after a pick, keyWords, confirm / rank / whyNot and the End screen, on the engine's
 * fixture views and games. */

import { render } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import cartagena from "../src/games/cartagena";
import { lastMoveSquares, nextFocus } from "../src/games/cartagena/Board";
import { End, arrivals, standings } from "../src/games/cartagena/End";
import { mover } from "../src/games/cartagena/log";
import { BOAT, START, asCartagena, pirateIds } from "../src/games/cartagena/model";
import { LANGS } from "../src/i18n";
import { pickState } from "../src/picker";
import type { Choice, LogData, LogLine, View } from "../src/protocol";
import { loadFixtures } from "./fixtures";

const FIXTURES = loadFixtures("cartagena");
const ui = cartagena;
const pathOf = (c: Choice, v: View) => ui.path(c.action, v);

/** Each seat's last move in a logged game, as the table gives it: the lines of the seat's
 * latest action, up to line `upto`. */
function lastMoves(lines: readonly LogData[]): Map<number, LogData[]> {
  const moves = new Map<number, LogData[]>();
  let prev: number | null = null;
  for (const d of lines) {
    const m = mover(d);
    if (m === null) continue;
    if (m !== prev || d.type === "forward" || d.type === "back" || d.type === "end_turn") {
      if (d.type !== "drew") moves.set(m, []);
    }
    moves.get(m)?.push(d);
    prev = m;
  }
  return moves;
}

function marksIn(html: string): { seat: number; square: number | null; kind: string | null }[] {
  return [...html.matchAll(/<g class="cg-mark" data-last-move="(\d+)"(?: data-mark="(\w+)" data-square="(-?\d+)")?/g)].map((m) => ({
    seat: Number(m[1]),
    kind: m[2] ?? null,
    square: m[3] === undefined ? null : Number(m[3]),
  }));
}

describe("last-move marks", () => {
  for (const [file, fx] of FIXTURES) {
    it(`${file}: every seat that moved is marked where its move went, in its own colour`, () => {
      const lines = fx.logs[0]!.map((l) => l.data).filter((d) => d.type !== "drew");
      // Half-way through the first game, and at its end.
      for (const upto of [Math.floor(lines.length / 2), lines.length]) {
        const moves = lastMoves(lines.slice(0, upto));
        const view = fx.final.spectator;
        const html = render(
          <ui.Board view={view} seat={null} names={fx.names} lang="en" clickable={new Set()} picked={[]} onPick={() => {}} lastMoves={moves} />,
        );
        const marks = marksIn(html);
        expect(new Set(marks.map((m) => m.seat))).toEqual(new Set(moves.keys()));
        for (const [seat, data] of moves) {
          const last = data.filter((d) => d.type === "forward" || d.type === "back").at(-1);
          if (last) {
            expect(marks).toContainEqual({ seat, kind: "to", square: last["to"] });
          }
        }
      }
      const none = render(<ui.Board view={fx.final.spectator} seat={null} names={fx.names} lang="en" clickable={new Set()} picked={[]} onPick={() => {}} />);
      expect(none).not.toContain("data-last-move");
    });
  }

  it("marks where a pirate came from (dashed) and where it went", () => {
    const m = lastMoveSquares([
      { type: "forward", seat: 0, card: "hat", from: START, to: 4 },
      { type: "back", seat: 0, from: 4, to: 2, drawn: 1 },
    ]);
    // Square 5 (4) was reached and then left: it is marked as reached, not as left.
    expect(m).toEqual([
      { square: START, from: true },
      { square: 4, from: false },
      { square: 2, from: false },
    ]);
    expect(lastMoveSquares([{ type: "end_turn", seat: 1, actions: 0 }])).toEqual([]);
    expect(lastMoveSquares([{ type: "forward", seat: 1, card: "key", from: 30, to: BOAT }])).toEqual([
      { square: 30, from: true },
      { square: BOAT, from: false },
    ]);
  });
});

describe("pirate ids kept between views", () => {
  it("keeps every pirate that stayed and gives the moved one its new square", () => {
    const before = pirateIds(null, [[-1, -1, 3, 7, 7, 36]]);
    expect(before).toEqual([[-1, -1, 3, 7, 7, 36]]);
    // The pirate on square 4 (3) moves to 11 (10): sorted, it is now fourth; its id stays 2.
    const after = pirateIds(before, [[-1, -1, 7, 7, 10, 36]]);
    expect(after).toEqual([[-1, -1, 10, 7, 7, 36]]);
    expect(pirateIds(after, [[-1, -1, 7, 7, 10, 36]])).toEqual(after);
  });
});

describe("focus after a pick", () => {
  const order = ["pirate:start", "pirate:9", "card:hat", "card:key"];
  it("goes to the first pirate the picked card can move", () => {
    expect(nextFocus(["card:key"], new Set(["pirate:9", "pirate:start"]), "card:key", order)).toBe("pirate:start");
  });
  it("stays on a thing that can still be clicked, else goes to a card", () => {
    expect(nextFocus([], new Set(["pirate:9", "card:hat"]), "pirate:9", order)).toBe("pirate:9");
    expect(nextFocus([], new Set(["pirate:9", "card:hat"]), "pirate:start", order)).toBe("card:hat");
    expect(nextFocus([], new Set(), "pirate:start", order)).toBeNull();
  });
});

describe("keyWords, confirm, rank, whyNot", () => {
  for (const [file, fx] of FIXTURES) {
    for (const [kind, snap] of Object.entries(fx.decisions)) {
      it(`${file} ${kind}`, () => {
        const v = asCartagena(snap.view);
        // Every key of every path in words, in every language: no raw key, no hole.
        for (const c of snap.legal) {
          for (const key of pathOf(c, snap.view)) {
            for (const lang of LANGS) {
              const words = ui.keyWords!(key, snap.view, lang);
              expect(words).not.toContain(":");
              expect(words).not.toContain("{");
              expect(words).not.toMatch(/^(card|pirate)/);
              if (key.startsWith("card:") && lang === "en") expect(words).toBe(`${key[5]!.toUpperCase()}${key.slice(6)} card`);
            }
          }
          expect(ui.confirm!(c, snap.view)).toBe(c.action.type !== "end_turn");
        }
        // Buttons: end turn / pass last.
        const ranked = [...snap.legal].sort((a, b) => ui.rank!(a, snap.view) - ui.rank!(b, snap.view));
        expect(ranked.at(-1)!.action.type).toBe("end_turn");
        // whyNot: nothing to say for what is clickable; a reason for a card not in the hand.
        const state = pickState(snap.legal, snap.view, pathOf, []);
        for (const key of state.clickable) expect(ui.whyNot!(key, snap.view, snap.legal, "en")).toBeNull();
        const hand = v.hands[snap.seat]!;
        for (const [sym, n] of Object.entries(hand)) {
          if (n === 0) expect(ui.whyNot!(`card:${sym}`, snap.view, snap.legal, "nl")).toBe(`Je hebt geen ${ui.terms.nl[`symbol.${sym}`]}kaart.`);
        }
        // A pirate that can only move forward needs a card first.
        const fwdOnly = snap.legal.find(
          (c) => c.action.type === "forward" && !snap.legal.some((b) => b.action.type === "back" && b.action["from"] === c.action["from"]),
        );
        if (fwdOnly) {
          const key = pathOf(fwdOnly, snap.view)[1]!;
          expect(ui.whyNot!(key, snap.view, snap.legal, "en")).toBe("Choose a card first: it says where this pirate goes.");
        }
        expect(ui.whyNot!("card:hat", snap.view, [], "en")).toMatch(/^It is .+'s turn\.$/);
      });
    }
  }
});

describe("End", () => {
  it("is hooked into the game", () => expect(ui.End).toBe(End));
  for (const [file, fx] of FIXTURES) {
    it(`${file}: the winner first, every seat with its pirates in the boat and on the way`, () => {
      const view = fx.final.spectator;
      const v = asCartagena(view);
      const names = ["Anne", "Bob", "Alice", "Dirk", "Eva"].slice(0, fx.players);
      const order = standings(v);
      expect(v.winners).toContain(order[0]);
      for (const lang of LANGS) {
        const html = render(<End view={view} seat={null} names={names} lang={lang} />);
        expect(html).not.toMatch(/[\u{1F300}-\u{1FAFF}\u2600-\u27BF]/u); // no emoji
        expect(html).toContain("<svg");
        expect(html).not.toContain("{");
        const items = [...html.matchAll(/<li data-seat="(\d+)">(.*?)<\/li>/g)];
        expect(items.map((m) => Number(m[1]))).toEqual(order);
        for (const [, seat, text] of items) {
          const squares = v.pirates[Number(seat)]!;
          expect(text).toContain(names[Number(seat)]!);
          const tunnel = squares.filter((q) => q !== BOAT && q !== START);
          for (const q of tunnel) expect(text).toContain(String(q + 1));
        }
      }
      const en = render(<End view={view} seat={null} names={names} lang="en" />);
      expect(en).toContain(`${names[v.winners[0]!]} brought all six pirates into the boat first and wins.`);
    });
  }
});

describe("the order pirates reached the boat", () => {
  const line = (type: string, seat: number, from: number, to: number): LogLine => ({
    version: 1,
    text: "",
    data: { type, seat, from, to },
  });
  it("follows arrivals and a pirate that goes back out of the boat", () => {
    const log = [
      line("forward", 1, 30, BOAT),
      line("forward", 0, 33, BOAT),
      line("forward", 1, 34, BOAT),
      line("back", 1, BOAT, 35), // seat 1's latest pirate in the boat goes back
      line("forward", 0, 35, BOAT),
      line("forward", 2, 12, 14), // not to the boat
    ];
    expect(arrivals(log)).toEqual([1, 0, 0]);
  });
});
