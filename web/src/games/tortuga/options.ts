/** Tortuga's options in the lobby's words (the rulebook's terms: "start player token",
 * "Startspielermarker", "startspeler"), and which of them apply. */

import { seatChoice, seatValues, type Words, yesNo } from "../option_words";
import type { OptionWords } from "../types";

const LABEL: Record<string, Words> = {
  long_game: { en: "Long game", nl: "Lang spel", de: "Lange Partie" },
  start_player: { en: "Start player", nl: "Startspeler", de: "Startspieler" },
};

const HELP: Record<string, Words> = {
  long_game: {
    en: "The rulebook's variant: the game ends in the round when a player has 8 treasure chests in Tortuga, instead of 6.",
    nl: "De variant uit de spelregels: het spel eindigt in de ronde waarin een speler 8 schatkisten op Tortuga heeft, in plaats van 6.",
    de: "Die Variante der Spielregel: Das Spiel endet in der Runde, in der ein Spieler 8 Schatztruhen in Tortuga liegen hat, statt 6.",
  },
  start_player: {
    en: "Who gets the start player token and rolls first.",
    nl: "Wie het startspeler speelstuk krijgt en als eerste gooit.",
    de: "Wer den Startspielermarker bekommt und zuerst würfelt.",
  },
};


export const OPTIONS: OptionWords = {
  label: (key, lang) => LABEL[key]?.[lang] ?? key,
  help: (key, lang) => HELP[key]?.[lang] ?? "",
  choice(key, value, lang, names) {
    if (key === "start_player" && typeof value === "number") return seatChoice(value, names);
    if (typeof value === "boolean") return yesNo(value, lang);
    return String(value);
  },
  applies: () => true,
  values: (key, players) => (key === "start_player" ? seatValues(players) : null),
};
