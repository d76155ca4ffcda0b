/** Cartagena's log lines written in the browser from the events' data (src/games/cartagena/
 * log.ts), on every line of every fixture game: in English with the engine's seat names they
 * are the engine's text word for word, so the data says everything the line says; in Dutch and
 * German they are written, differ from the English and hold no unfilled hole. */

import { describe, expect, it } from "vitest";
import cartagena from "../src/games/cartagena";
import { EVENT_TYPES, logLine, mover } from "../src/games/cartagena/log";
import type { LogData } from "../src/protocol";
import { loadFixtures } from "./fixtures";

const FIXTURES = loadFixtures("cartagena");
const BAD = ["{", "undefined", "NaN", "[object"];

describe("cartagena log contract", () => {
  it("is hooked into the game", () => {
    expect(cartagena.logLine).toBe(logLine);
    expect(cartagena.mover).toBe(mover);
    expect(cartagena.eventTypes).toEqual([...EVENT_TYPES]);
  });
  it("has fixtures with logs", () => {
    expect(FIXTURES.length).toBeGreaterThan(0);
    for (const [, fx] of FIXTURES) expect(fx.logs.flat().length).toBeGreaterThan(0);
  });
});

for (const [file, fx] of FIXTURES) {
  describe(file, () => {
    it("declares the engine's event types", () => {
      expect(fx.event_types, "the fixture has no event types: declare EVENT_TYPES in log.py").not.toBeNull();
      expect([...(cartagena.eventTypes ?? [])].sort()).toEqual([...fx.event_types!].sort());
    });

    it("writes every English line as the engine does", () => {
      for (const line of fx.logs.flat()) {
        expect(logLine(line.data, "en", fx.names)).toBe(line.text);
      }
    });

    it("writes every Dutch and German line, differently from the English", () => {
      const names = ["Anne", "Bob", "Alice", "Dirk", "Eva"].slice(0, fx.players);
      for (const line of fx.logs.flat()) {
        const english = logLine(line.data, "en", names);
        for (const lang of ["nl", "de"] as const) {
          const text = logLine(line.data, lang, names);
          expect(text.length, line.text).toBeGreaterThan(0);
          expect(text, line.text).not.toBe(english);
          for (const bad of BAD) expect(text, `${lang}: ${text}`).not.toContain(bad);
        }
        for (const bad of BAD) expect(english).not.toContain(bad);
        // The table's names, never the engine's colours.
        const seat = line.data["seat"];
        if (typeof seat === "number") {
          expect(english).toContain(names[seat]!);
          expect(english).not.toContain(fx.names[seat]!);
        }
      }
    });

    it("names the mover of each move's lines, and no one for chance and results", () => {
      for (const line of fx.logs.flat()) {
        const m = mover(line.data);
        if (["forward", "back", "drew", "end_turn"].includes(line.data.type)) expect(m).toBe(line.data["seat"]);
        else expect(m).toBeNull();
      }
    });
  });
}

describe("lines the fixture games rarely meet", () => {
  const names = ["Red", "Blue", "Yellow"];
  const dead: LogData = { type: "dead_position", winners: [0, 1], boat: [5, 5, 3] };
  it("a dead position shared by two", () => {
    expect(logLine(dead, "en", names)).toBe(
      "Nobody holds a card and no pirate can move back, so nothing can change any more: the game ends. " +
        "Pirates in the boat: Red 5, Blue 5, Yellow 3. Red and Blue share the win!",
    );
    expect(logLine(dead, "nl", ["Anne", "Bob", "Alice"])).toContain("Anne en Bob winnen samen!");
    expect(logLine(dead, "de", ["Anne", "Bob", "Alice"])).toContain("Anne und Bob gewinnen gemeinsam!");
  });
  it("a custom tunnel, an open back move that finds no card", () => {
    expect(logLine({ type: "setup", variant: "tortuga", players: 3, tiles: null }, "en", names)).toBe(
      "Cartagena (tortuga version), 3 players; tiles a custom tunnel.",
    );
    expect(
      logLine({ type: "back", seat: 1, from: 36, to: 4, drawn: 0, cards: [] }, "en", names),
    ).toBe("Blue moves a pirate back the boat → 5 and takes nothing (no cards left)");
    expect(logLine({ type: "back", seat: 1, from: 36, to: 4, drawn: 0, cards: [] }, "nl", names)).toBe(
      "Blauw trekt een piraat terug de sloep → 5 en neemt niets (geen kaarten meer)",
    );
  });
  it("Dutch and German seat colours stand in for the engine's English ones", () => {
    expect(logLine({ type: "win", seat: 2 }, "nl", names)).toBe("Geel heeft alle zes piraten in de sloep en wint!");
    expect(logLine({ type: "end_turn", seat: 0, actions: 1 }, "de", names)).toBe("Rot beendet den Zug nach 1 Aktion");
  });
});
