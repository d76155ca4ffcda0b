import { describe, expect, it } from "vitest";
import ui from "../src/games/tortuga";
import { EVENT_TYPES, logLine, mover } from "../src/games/tortuga/log";
import { loadFixtures } from "./fixtures";

const FIXTURES = loadFixtures("tortuga");
const TABLE_NAMES = ["Anne", "Bob", "Alice", "Dirk"];

describe("the Tortuga log written from the events' data", () => {
  it("has fixtures with logs", () => {
    expect(FIXTURES.length).toBeGreaterThan(0);
    for (const [, f] of FIXTURES) expect(f.logs.flat().length).toBeGreaterThan(50);
  });

  for (const [file, f] of FIXTURES) {
    it(`${file}: the English line is the engine's text, word for word`, () => {
      for (const line of f.logs.flat()) expect(logLine(line.data, "en", f.names)).toBe(line.text);
    });

    it(`${file}: Dutch and German lines are whole and not English`, () => {
      for (const line of f.logs.flat()) {
        const english = logLine(line.data, "en", TABLE_NAMES);
        for (const lang of ["nl", "de"] as const) {
          const text = logLine(line.data, lang, TABLE_NAMES);
          expect(text.length, line.text).toBeGreaterThan(0);
          expect(text, `${lang}: ${line.text}`).not.toBe(english);
          for (const bad of ["{", "undefined", "NaN", "[object", "null"]) expect(text, text).not.toContain(bad);
        }
      }
    });

    it(`${file}: eventTypes is the engine's EVENT_TYPES`, () => {
      expect(f.event_types).not.toBeNull();
      expect([...(ui.eventTypes ?? [])]).toEqual(f.event_types);
    });
  }

  it("names players by the table's names, never the engine's", () => {
    const [, f] = FIXTURES[0]!;
    const lines = f.logs.flat();
    for (const lang of ["en", "nl", "de"] as const) {
      const all = lines.map((l) => logLine(l.data, lang, TABLE_NAMES)).join("\n");
      for (const engine of f.names) expect(all).not.toMatch(new RegExp(`\\b${engine}\\b`));
      expect(all).toContain("Anne");
    }
  });

  it("every type of the fixtures is one the client declares and hooks in", () => {
    expect(ui.logLine).toBe(logLine);
    expect(ui.mover).toBe(mover);
    const met = new Set(FIXTURES.flatMap(([, f]) => f.logs.flat().map((l) => l.data.type)));
    for (const type of met) expect(EVENT_TYPES as readonly string[]).toContain(type);
  });

  it("mover: a seat's own move, null for what happens to all", () => {
    expect(mover({ type: "place_dice", seat: 2, dice: ["A"], action: "fleet" })).toBe(2);
    expect(mover({ type: "attack", seat: 1, target: 0, action: "raid" })).toBe(1);
    expect(mover({ type: "move", seat: 3, colour: "red", source: "crew" })).toBe(3);
    expect(mover({ type: "round", round: 2, seat: 1 })).toBeNull();
    expect(mover({ type: "rolled", seat: 1, dice: 5 })).toBeNull();
    expect(mover({ type: "ranking", action: "fleet", places: [] })).toBeNull();
    expect(mover({ type: "over", scores: [1, 2], winners: [1] })).toBeNull();
    expect(mover({ type: "draw", seat: 0, colour: "red" })).toBeNull();
  });
});
