/** The engine-made views the board tests draw (written by scripts/web_fixtures.py, one file
 * per game, variant and player count): their shape and how a game's files are read. */

import { readdirSync, readFileSync } from "node:fs";
import type { Choice, LogData, View } from "../src/protocol";

/** One decision as the server shows it: the seat's view, a spectator's, the seat's choices. */
export interface Snapshot {
  seat: number;
  view: View;
  spectator: View;
  legal: Choice[];
}

export interface Fixture {
  game: string;
  players: number;
  options: Record<string, unknown>;
  decisions: Record<string, Snapshot>;
  final: { views: View[]; spectator: View };
  /** The engine's seat names, which its English log lines use. */
  names: string[];
  /** Every event type the game's log module declares (EVENT_TYPES in its log.py). */
  event_types: string[] | null;
  /** The whole log of each game played for the fixture: words, data and who may see it. */
  logs: { text: string; data: LogData; visible_to: number[] | null }[][];
}

const DIR = new URL("./fixtures/", import.meta.url);

/** The fixture files of `game`, sorted. */
export function fixtureFiles(game: string): string[] {
  return readdirSync(DIR)
    .filter((name) => name.startsWith(`${game}.`) && name.endsWith(".json"))
    .sort();
}

export function loadFixture(name: string): Fixture {
  return JSON.parse(readFileSync(new URL(name, DIR), "utf8")) as Fixture;
}

/** Every fixture of `game`, with its file name. */
export function loadFixtures(game: string): [string, Fixture][] {
  return fixtureFiles(game).map((name) => [name, loadFixture(name)]);
}
