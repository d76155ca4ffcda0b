/** Cartagena's options in the lobby's words (the rulebook's terms: the Jamaica and Tortuga
 * versions, the tunnel), and which of them apply. */

import { seatChoice, seatValues, type Words } from "../option_words";
import type { OptionWords } from "../types";

const LABEL: Record<string, Words> = {
  variant: { en: "Version", nl: "Versie", de: "Version" },
  layout: { en: "Tunnel", nl: "Tunnel", de: "Tunnel" },
  start_player: { en: "Start player", nl: "Startspeler", de: "Startspieler" },
};

const HELP: Record<string, Words> = {
  variant: {
    en: "Jamaica: your cards are hidden and new ones come from the draw pile (more luck). Tortuga: all cards are open and new ones come from a row of 12 open cards (more tactics).",
    nl: "Jamaica: je kaarten zijn verdekt en nieuwe komen van de voorraadstapel (meer geluk). Tortuga: alle kaarten liggen open en nieuwe komen uit een rij van 12 open kaarten (meer tactiek).",
    de: "Jamaica: deine Karten sind verdeckt, neue kommen vom Nachziehstapel (mehr Glück). Tortuga: alle Karten liegen offen, neue kommen aus einer Reihe von 12 offenen Karten (mehr Taktik).",
  },
  layout: {
    en: "How the six tunnel segments lie: empty for a random tunnel, or six tile codes such as 2A 5B 1A 3A 6B 4A (B is the back of the tile).",
    nl: "Hoe de zes tunnelsegmenten liggen: leeg voor een willekeurige tunnel, of zes codes zoals 2A 5B 1A 3A 6B 4A (B is de achterzijde van het speelbordstuk).",
    de: "Wie die sechs Tunnelteile liegen: leer für einen zufälligen Tunnel, oder sechs Codes wie 2A 5B 1A 3A 6B 4A (B ist die Rückseite des Spielplanteils).",
  },
  start_player: {
    en: "Who plays first.",
    nl: "Wie als eerste speelt.",
    de: "Wer als Erster spielt.",
  },
};

const CHOICE: Record<string, Words> = {
  jamaica: { en: "Jamaica (hidden cards)", nl: "Jamaica (verdekte kaarten)", de: "Jamaica (verdeckte Karten)" },
  tortuga: { en: "Tortuga (open cards)", nl: "Tortuga (open kaarten)", de: "Tortuga (offene Karten)" },
};

const RANDOM: Words = { en: "random", nl: "willekeurig", de: "zufällig" };

export const OPTIONS: OptionWords = {
  label: (key, lang) => LABEL[key]?.[lang] ?? key,
  help: (key, lang) => HELP[key]?.[lang] ?? "",
  choice(key, value, lang, names) {
    if (key === "start_player" && typeof value === "number") return seatChoice(value, names);
    if (value === null) return RANDOM[lang];
    if (Array.isArray(value)) return value.join(" ");
    return CHOICE[String(value)]?.[lang] ?? String(value);
  },
  applies: () => true,
  values: (key, players) => (key === "start_player" ? seatValues(players) : null),
};
