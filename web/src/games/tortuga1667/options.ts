/** Tortuga 1667's options in the lobby's words (the rulebook's terms: star event cards, the
 * optional advanced setup, Cabin Fever and Facade), and which of them apply: the choice
 * between Cabin Fever and Facade only with 2 or 3 players (the rulebook's "2 or 3 players
 * events"), two actions a turn only with 2 players. */

import { type Words, yesNo } from "../option_words";
import type { OptionWords } from "../types";

const LABEL: Record<string, Words> = {
  star_cards: { en: "Star event cards", nl: "Gebeurteniskaarten met een ster", de: "Ereigniskarten mit Stern" },
  advanced_setup: { en: "Advanced setup", nl: "Geavanceerde opzet", de: "Fortgeschrittener Aufbau" },
  two_actions_two_players: { en: "Two actions a turn", nl: "Twee acties per beurt", de: "Zwei Aktionen pro Zug" },
  small_game_removes: { en: "Card left out", nl: "Kaart die uit het spel gaat", de: "Karte, die aus dem Spiel geht" },
};

const HELP: Record<string, Words> = {
  star_cards: {
    en: "How many of the 6 star event cards (5 with 2 or 3 players) are shuffled in, chosen at random. The rulebook plays 3; more makes a longer, more chaotic game.",
    nl: "Hoeveel van de 6 gebeurteniskaarten met een ster (5 met 2 of 3 spelers) meedoen, willekeurig gekozen. De spelregels spelen er 3; meer geeft een langer en chaotischer spel.",
    de: "Wie viele der 6 Ereigniskarten mit Stern (5 mit 2 oder 3 Spielern) eingemischt werden, zufällig gewählt. Die Spielregel spielt mit 3; mehr ergibt eine längere, chaotischere Partie.",
  },
  advanced_setup: {
    en: "The optional advanced setup: chests start in the holds and on Tortuga's chest spaces, and each player chooses where their pawn starts.",
    nl: "De optionele geavanceerde opzet: schatkisten beginnen in de ruimen en op de schatkistvakken van Tortuga, en elke speler kiest zelf waar zijn pion begint.",
    de: "Der optionale fortgeschrittene Aufbau: Truhen beginnen in den Laderäumen und auf Tortugas Truhenfeldern, und jeder Spieler wählt, wo seine Figur beginnt.",
  },
  two_actions_two_players: {
    en: "With 2 players each turn has two actions (as Board Game Arena plays it).",
    nl: "Met 2 spelers heeft elke beurt twee acties (zoals Board Game Arena het speelt).",
    de: "Mit 2 Spielern hat jeder Zug zwei Aktionen (wie Board Game Arena es spielt).",
  },
  small_game_removes: {
    en: "With 2 or 3 players the Albatross and one of Cabin Fever or Facade leave the game: which one.",
    nl: "Met 2 of 3 spelers gaan de Albatros en één van Claustrofobie of Uiterlijke schijn uit het spel: welke.",
    de: "Mit 2 oder 3 Spielern gehen der Albatros und eine von Lagerkoller oder Fassade aus dem Spiel: welche.",
  },
};

const CHOICE: Record<string, Words> = {
  cabin_fever: { en: "Cabin Fever", nl: "Claustrofobie", de: "Lagerkoller" },
  facade: { en: "Facade", nl: "Uiterlijke schijn", de: "Fassade" },
};
const RANDOM: Words = { en: "chosen at random", nl: "willekeurig", de: "zufällig" };
const CARDS: Words = { en: "{n} cards", nl: "{n} kaarten", de: "{n} Karten" };

export const OPTIONS: OptionWords = {
  label: (key, lang) => LABEL[key]?.[lang] ?? key,
  help: (key, lang) => HELP[key]?.[lang] ?? "",
  choice(key, value, lang) {
    if (typeof value === "boolean") return yesNo(value, lang);
    if (value === null) return RANDOM[lang];
    if (key === "star_cards" && typeof value === "number") return CARDS[lang].replace("{n}", String(value));
    if (Array.isArray(value)) return value.map((v) => CHOICE[String(v)]?.[lang] ?? String(v)).join(", ");
    return CHOICE[String(value)]?.[lang] ?? String(value);
  },
  applies(key, players) {
    if (key === "small_game_removes") return players <= 3;
    if (key === "two_actions_two_players") return players === 2;
    return true;
  },
  values(key, players) {
    // Cabin Fever and Facade are star cards: with 2 or 3 players one of them leaves the game.
    if (key === "star_cards") return players <= 3 ? [3, 4, 5] : [3, 4, 5, 6];
    if (key === "small_game_removes") return [null, "cabin_fever", "facade"];
    return null;
  },
};
