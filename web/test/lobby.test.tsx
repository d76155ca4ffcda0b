/** The lobby's words: every option of every game (as the engine's own views list them, in the
 * fixtures) has a name, help and worded choices in every language, never an engine key; and
 * the options that do not apply at a player count are not offered. */

import { describe, expect, it } from "vitest";
import { GAME_UIS } from "../src/games";
import { LANGS, t } from "../src/i18n";
import type { Json } from "../src/protocol";
import { botLabel, LEVEL_NAMES, levelChoice, levelOf, levelSpec } from "../src/bots";
import { openSeats, seatName } from "../src/pages/lobby";
import { fixtureFiles, loadFixture } from "./fixtures";

type Values = { values?(key: string, players: number): Json[] | null };

/** Each game's option keys and every value the fixtures' games were played with. */
function optionsOf(game: string): Map<string, Json[]> {
  const found = new Map<string, Json[]>();
  for (const file of fixtureFiles(game)) {
    const fixture = loadFixture(file);
    const views = [...fixture.final.views, fixture.final.spectator];
    for (const view of views) {
      for (const [key, value] of Object.entries((view["options"] ?? {}) as Record<string, Json>)) {
        const seen = found.get(key) ?? [];
        if (!seen.some((v) => JSON.stringify(v) === JSON.stringify(value))) seen.push(value);
        found.set(key, seen);
      }
    }
  }
  return found;
}

const ENGINE_WORD = /^[a-z]+(_[a-z0-9]+)+$/; // long_game, small_game_removes, cabin_fever

describe("option words", () => {
  for (const [game, ui] of Object.entries(GAME_UIS)) {
    it(`${game}: every option has a name, help and worded choices in every language`, () => {
      const options = optionsOf(game);
      expect(options.size, `${game} fixtures list no options`).toBeGreaterThan(0);
      const words = ui.options;
      expect(words, `${game} has no option words`).toBeDefined();
      const names = ["Anne", "Bob", "Cleo", "Dani", "Eve"];
      for (const [key, seen] of options) {
        const offered = (words as Values).values?.(key, 3) ?? [];
        for (const lang of LANGS) {
          const label = words!.label(key, lang);
          const help = words!.help(key, lang);
          expect(label, `${game} ${key} ${lang}`).not.toBe(key);
          expect(label).not.toMatch(ENGINE_WORD);
          expect(help.length, `${game} ${key} ${lang} help`).toBeGreaterThan(10);
          for (const value of [...seen, ...offered]) {
            const said = words!.choice(key, value, lang, names);
            expect(said, `${game} ${key}=${JSON.stringify(value)} ${lang}`).toBeTruthy();
            expect(said).not.toMatch(ENGINE_WORD);
            expect(said).not.toBe("null");
            if (lang !== "en" && typeof value !== "number") {
              // A worded choice differs from the English one, unless it is a name.
              const english = words!.choice(key, value, "en", names);
              if (/^(yes|no|random|chosen at random)$/.test(english)) expect(said).not.toBe(english);
            }
          }
        }
        if (key === "start_player") {
          expect(words!.choice(key, 2, "nl", names)).toBe("Cleo");
        }
      }
    });
  }

  it("offers only the options that apply to the player count", () => {
    const t1667 = GAME_UIS["tortuga1667"]!.options!;
    expect(t1667.applies("small_game_removes", 3, {})).toBe(true);
    expect(t1667.applies("small_game_removes", 4, {})).toBe(false);
    expect(t1667.applies("two_actions_two_players", 2, {})).toBe(true);
    expect(t1667.applies("two_actions_two_players", 3, {})).toBe(false);
    expect(t1667.applies("star_cards", 9, {})).toBe(true);
    expect((t1667 as Values).values!("star_cards", 3)).toEqual([3, 4, 5]);
    expect((t1667 as Values).values!("star_cards", 4)).toEqual([3, 4, 5, 6]);
    const start = (GAME_UIS["cartagena"]!.options as Values).values!("start_player", 3);
    expect(start).toEqual([0, 1, 2]);
  });
});

describe("lobby words", () => {
  it("names bot levels and seats in the player's language", () => {
    const levels = LEVEL_NAMES.map(levelSpec);
    expect(levels).toEqual(["level:name=beginner", "level:name=good", "level:name=strong", "level:name=strongest"]);
    expect(levels.map((agent) => botLabel("en", agent))).toEqual([
      "Bot: beginner",
      "Bot: good",
      "Bot: strong",
      "Bot: strongest",
    ]);
    expect(levels.map((agent) => botLabel("nl", agent))).toEqual(["Bot: beginner", "Bot: goed", "Bot: sterk", "Bot: sterkst"]);
    expect(levels.map((agent) => botLabel("de", agent))).toEqual([
      "Bot: Anfänger",
      "Bot: gut",
      "Bot: stark",
      "Bot: am stärksten",
    ]);
    // The bots offered before the named levels still read as words on old tables and
    // leaderboards, none of them a level's name; any other agent is shown as it is.
    for (const lang of LANGS) {
      const named = new Set(levels.map((agent) => botLabel(lang, agent)));
      for (const agent of ["random", "heuristic", "ismcts:time=1", "ismcts:time=3"]) {
        const label = botLabel(lang, agent);
        expect(label, `${lang} ${agent}`).toMatch(/^Bot: /);
        expect(label).not.toContain(":time=");
        expect(named.has(label), `${lang} ${agent}`).toBe(false);
      }
      expect(botLabel(lang, "ismcts:iterations=40")).toBe("ismcts:iterations=40");
      expect(botLabel(lang, "level:name=godlike")).toBe("level:name=godlike");
    }
    expect(levelOf("level:name=strong")).toBe("strong");
    expect(levelOf("heuristic")).toBeNull();
    const cartagena = GAME_UIS["cartagena"];
    expect(seatName(cartagena, ["Red", "Blue"], 0, "de")).toBe("Rot");
    expect(seatName(GAME_UIS["tortuga1667"], ["Pirate 1", "Pirate 2"], 1, "nl")).toBe(t("nl", "lobby.seat", { n: 2 }));
    expect(seatName(GAME_UIS["tortuga"], ["Ani", "Lothar"], 1, "de")).toBe("Lothar");
  });

  it("offers a level with its ladder rating where it has one, and names its agent", () => {
    const strong = { name: "strong", agent: "ismcts:iterations=400", spec: "level:name=strong", mu: 27.44, sigma: 0.8 };
    expect(levelChoice("en", strong)).toEqual({
      value: "level:name=strong",
      label: "Bot: strong (ladder 27.4)",
      title: "Played by ismcts:iterations=400",
    });
    expect(levelChoice("nl", strong).label).toBe("Bot: sterk (ladderscore 27,4)");
    expect(levelChoice("de", strong).label).toBe("Bot: stark (Wertung 27,4)");
    expect(levelChoice("de", { ...strong, mu: 30 }).label).toBe("Bot: stark (Wertung 30,0)");
    // Not laddered yet: the name alone.
    const good = { name: "good", agent: "heuristic", spec: "level:name=good", mu: null, sigma: null };
    for (const lang of LANGS) expect(levelChoice(lang, good).label).toBe(botLabel(lang, "level:name=good"));
    expect(levelChoice("nl", good).title).toBe("Gespeeld door heuristic");
  });

  it("counts only open, untaken seats as joinable", () => {
    const seat = (mode: "me" | "invite" | "open" | "bot", claimed: boolean) => ({
      seat: 0,
      name: "x",
      kind: mode === "bot" ? ("bot" as const) : ("human" as const),
      mode,
      agent: null,
      claimed,
    });
    const table = {
      seats: [seat("me", true), seat("invite", false), seat("open", false), seat("open", true), seat("bot", true)],
    };
    expect(openSeats(table as never)).toBe(1);
  });
});
