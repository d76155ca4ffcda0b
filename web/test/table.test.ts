import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { LANGS, WORDS } from "../src/i18n";
import type { LogLine } from "../src/protocol";
import { pageTitle } from "../src/table/attention";
import { lastMoves, lastOwnVersion, sinceOwnMove } from "../src/table/moves";

const line = (version: number, type: string, seat?: number): LogLine => ({
  version,
  text: type,
  data: seat === undefined ? { type } : { type, seat },
});
const mover = (data: LogLine["data"]) => (typeof data.seat === "number" ? data.seat : null);

describe("following the game", () => {
  const log = [
    line(0, "setup", 0), // the set-up is nobody's move, even where it names a seat
    line(1, "move", 0),
    line(1, "draw", 0),
    line(2, "move", 1),
    line(2, "round"),
    line(3, "move", 0),
    line(4, "move", 2),
  ];

  it("marks each seat's latest move: the lines of its version that are its own", () => {
    const moves = lastMoves(log, mover);
    expect([...moves.keys()].sort()).toEqual([0, 1, 2]);
    expect(moves.get(0)).toEqual([{ type: "move", seat: 0 }]);
    expect(moves.get(1)).toEqual([{ type: "move", seat: 1 }]);
    expect(lastMoves(log.slice(0, 3), mover).get(0)).toEqual([
      { type: "move", seat: 0 },
      { type: "draw", seat: 0 },
    ]);
  });

  it("no seat is marked before it moves", () => {
    expect(lastMoves(log.slice(0, 1), mover).size).toBe(0);
  });

  it("tells what happened since the seat's own last move", () => {
    expect(lastOwnVersion(log, mover, 1)).toBe(2);
    expect(sinceOwnMove(log, mover, 1).map((l) => l.version)).toEqual([3, 4]);
    expect(sinceOwnMove(log, mover, 2)).toEqual([]);
    expect(lastOwnVersion(log, mover, 5)).toBeNull();
  });

  it("says whose turn it is in the tab's title", () => {
    expect(pageTitle(true, "Your turn", "Tortuga · abc")).toBe("▶ Your turn · Tortuga · abc");
    expect(pageTitle(false, "Your turn", "Tortuga · abc")).toBe("Tortuga · abc");
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("every word in every language", () => {
  it("every UI key the pages use is written in English, Dutch and German", () => {
    const src = new URL("../src/", import.meta.url).pathname;
    const used = new Set<string>();
    for (const file of sources(src)) {
      for (const m of readFileSync(file, "utf8").matchAll(/\bt\(\s*[\w.]+\s*,\s*"([\w.]+)"/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    for (const key of used) {
      for (const lang of LANGS) expect(WORDS[lang][key], `${lang}: ${key}`).toBeTruthy();
    }
  });

  it("no Dutch or German word is left in English", () => {
    const same = Object.keys(WORDS.en).filter(
      (key) => /[a-z]{4}/.test(WORDS.en[key]!) && (WORDS.nl[key] === WORDS.en[key] || WORDS.de[key] === WORDS.en[key]),
    );
    // Words that are the same in the three languages (names, loanwords) are listed here.
    expect(same.filter((key) => !SAME_EVERYWHERE.has(key))).toEqual([]);
  });
});

// ("beginner" is Dutch too, and so is "account": the Dutch catalogue says "een account" throughout.)
const SAME_EVERYWHERE = new Set(["app.title", "lobby.bot.level.beginner", "nav.account", "account.title"]);
