// Tortuga 1667's log lines written in the browser from the events' data (log.ts), against the
// engine's own lines in every fixture (scripts/web_fixtures.py).
import { describe, expect, it } from "vitest";
import ui from "../src/games/tortuga1667";
import { EVENT_TYPES, logLine, mover } from "../src/games/tortuga1667/log";
import type { Lang } from "../src/i18n";
import { loadFixtures } from "./fixtures";

const fixtures = loadFixtures("tortuga1667");
const TABLE_NAMES = ["Anne", "Bob", "Alice", "Dirk", "Eva", "Frits", "Gerd", "Hanna", "Ines"];

describe("tortuga1667 log lines", () => {
  it("has fixtures with logs", () => {
    expect(fixtures.length).toBeGreaterThan(0);
    for (const [, f] of fixtures) expect(f.logs.flat().length).toBeGreaterThan(0);
  });

  it.each(fixtures)("%s: the English line from the data is the engine's text", (_name, f) => {
    for (const line of f.logs.flat()) expect(logLine(line.data, "en", f.names)).toBe(line.text);
  });

  it.each(fixtures)("%s: Dutch and German lines are whole sentences of their own", (_name, f) => {
    for (const line of f.logs.flat()) {
      const english = logLine(line.data, "en", TABLE_NAMES);
      for (const lang of ["nl", "de"] as Lang[]) {
        const text = logLine(line.data, lang, TABLE_NAMES);
        expect(text, line.text).not.toBe("");
        expect(text, `${lang}: ${line.text}`).not.toBe(english);
        for (const bad of ["{", "undefined", "NaN", "[object"]) expect(text, `${lang}: ${text}`).not.toContain(bad);
        expect(text).not.toMatch(/Pirate \d/);
      }
      // The table's names, never the engine's.
      expect(english).not.toMatch(/Pirate \d/);
    }
  });

  it.each(fixtures)("%s: eventTypes is the engine's list", (_name, f) => {
    expect(f.event_types).not.toBeNull();
    expect([...(ui.eventTypes ?? [])]).toEqual(f.event_types);
    expect([...EVENT_TYPES]).toEqual(f.event_types);
  });

  it("writes every type in every language, even those no fixture game met", () => {
    const data = {
      seat: 1, target: 2, caller: 0, captain: 3, slot: 0, slots: [1, 3], cards: ["cannon/british/skull"], card: "pistol",
      place: "jolly_roger", ship: "flying_dutchman", to: "tortuga", vote: "attack", voters: [0, 1], line: [2, 0],
      players: 4, position: 1, cause: "black_spot", hold: "french", into: "british", take: null, team: "dutch",
      british: 2, french: 3, winner: null, count: 2,
    };
    for (const type of EVENT_TYPES) {
      for (const lang of ["en", "nl", "de"] as Lang[]) {
        // The vote-card lines name a vote card where the others name an event card.
        const card = ["lost", "drew_vote", "top"].includes(type) ? "torch/french/blank" : "pistol";
        const text = logLine({ ...data, type, card }, lang, TABLE_NAMES);
        expect(text.length, `${type} ${lang}`).toBeGreaterThan(5);
        expect(text).not.toMatch(/undefined|NaN|\{|\[object/);
      }
    }
  });

  it("names the mover of a seat's own line, and nobody for the consequences", () => {
    expect(mover({ type: "moved", seat: 2, place: "tortuga", to: "rowboat_jolly_roger" })).toBe(2);
    expect(mover({ type: "vote_called", caller: 1, vote: "attack", place: "jolly_roger", voters: [1] })).toBe(1);
    expect(mover({ type: "voted", seat: 3 })).toBe(3);
    expect(mover({ type: "marooned", seat: 2, cause: "pistol" })).toBeNull();
    expect(mover({ type: "vote_result", vote: "attack", cards: [] })).toBeNull();
    expect(mover({ type: "setup", players: 4 })).toBeNull();
    expect(mover({ type: "over", winner: "british", british: 3, french: 1 })).toBeNull();
    // Every seat-move line of the fixtures names a seat in range.
    for (const [, f] of fixtures) {
      for (const line of f.logs.flat()) {
        const m = mover(line.data);
        if (m !== null) expect(m).toBeLessThan(f.players);
      }
    }
  });
});
