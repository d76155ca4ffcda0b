/** Cartagena's log lines in the player's language, written from the events' data alone
 * (src/buccaneer/games/cartagena/log.py: each event's data holds every fact of its English
 * line). In English, given the engine's seat names, a line is the engine's text word for word
 * (web/test/cartagena_log.test.ts checks that on every line of every fixture); Dutch uses the
 * rulebook's terms (doodskop, sloep, voorraadstapel, aflegstapel, ...) as words.ts does. */

import type { Lang } from "../../i18n";
import type { Json, LogData } from "../../protocol";
import { BOAT, START, isSymbol, type Sym } from "./model";
import { seatName, symbolName } from "./words";

/** Every event type the engine writes (EVENT_TYPES in log.py). */
export const EVENT_TYPES = [
  "setup",
  "forward",
  "back",
  "drew",
  "end_turn",
  "reshuffle",
  "row",
  "win",
  "dead_position",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The facts of one line, read from its data (missing or odd values read as 0 / empty, so
 * that a line from an older record still reads). */
interface Facts {
  lang: Lang;
  names: readonly string[];
  data: LogData;
}

type Sentence = (f: Facts) => string;
/** One sentence per event type: a type without one in some language fails tsc. */
type Sentences = Record<EventType, Sentence>;

function num(value: Json | undefined): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

function nums(value: Json | undefined): number[] {
  return Array.isArray(value) ? value.map((x) => num(x)) : [];
}

function cards(value: Json | undefined): Sym[] {
  return Array.isArray(value) ? value.filter(isSymbol) : [];
}

function name(f: Facts, key = "seat"): string {
  return seatName(f.names, num(f.data[key]), f.lang);
}

/** A square as the log writes it: the number players count (1..36), or the start, the boat. */
function where(lang: Lang, square: number): string {
  if (square === START) return { en: "start", nl: "begin", de: "Start" }[lang];
  if (square === BOAT) return { en: "the boat", nl: "de sloep", de: "Boot" }[lang];
  return String(square + 1);
}

function move(f: Facts): string {
  return `${where(f.lang, num(f.data["from"]))} → ${where(f.lang, num(f.data["to"]))}`;
}

function card(f: Facts): string {
  const sym = f.data["card"];
  return isSymbol(sym) ? symbolName(f.lang, sym) : String(sym);
}

function cardList(f: Facts, key = "cards"): string {
  return cards(f.data[key])
    .map((s) => symbolName(f.lang, s))
    .join(", ");
}

function names(f: Facts, seats: number[], and: string): string {
  return seats.map((s) => seatName(f.names, s, f.lang)).join(` ${and} `);
}

function boatCounts(f: Facts): string {
  return nums(f.data["boat"])
    .map((n, seat) => `${seatName(f.names, seat, f.lang)} ${n}`)
    .join(", ");
}

function tiles(f: Facts, custom: string): string {
  const t = f.data["tiles"];
  return Array.isArray(t) && t.length ? t.join(" ") : custom;
}

const en: Sentences = {
  setup: (f) =>
    `Cartagena (${String(f.data["variant"])} version), ${num(f.data["players"])} players; tiles ${tiles(f, "a custom tunnel")}.`,
  forward: (f) => `${name(f)} plays a ${card(f)}: pirate ${move(f)}`,
  back: (f) => {
    const head = `${name(f)} moves a pirate back ${move(f)}`;
    if (Array.isArray(f.data["cards"])) return `${head} and takes ${cardList(f) || "nothing (no cards left)"}`;
    const n = num(f.data["drawn"]);
    return `${head} and draws ${n} ${n === 1 ? "card" : "cards"}`;
  },
  drew: (f) => `${name(f)} drew ${cardList(f)}`,
  end_turn: (f) => {
    const n = num(f.data["actions"]);
    return n === 0 ? `${name(f)} passes` : `${name(f)} ends the turn after ${n} action${n > 1 ? "s" : ""}`;
  },
  reshuffle: (f) => `The discard pile (${num(f.data["cards"])} cards) is shuffled into a new draw pile`,
  row: (f) => `A new row is laid out: ${cardList(f)}`,
  win: (f) => `${name(f)} has all six pirates in the boat and wins!`,
  dead_position: (f) => {
    const winners = nums(f.data["winners"]);
    const won = names(f, winners, "and");
    return (
      "Nobody holds a card and no pirate can move back, so nothing can change any more: the game ends. " +
      `Pirates in the boat: ${boatCounts(f)}. ${winners.length === 1 ? `${won} wins!` : `${won} share the win!`}`
    );
  },
};

/** "een doodskopkaart", "drie kaarten": the rulebook's nouns, compounds as in words.ts. */
const nl: Sentences = {
  setup: (f) =>
    `Cartagena (${f.data["variant"] === "tortuga" ? "Tortuga" : "Jamaica"}-versie), ${num(f.data["players"])} spelers; tunnelsegmenten ${tiles(f, "een zelfgemaakte tunnel")}.`,
  forward: (f) => `${name(f)} speelt een ${card(f)}kaart uit: piraat ${move(f)}`,
  back: (f) => {
    const head = `${name(f)} trekt een piraat terug ${move(f)}`;
    if (Array.isArray(f.data["cards"])) return `${head} en neemt ${cardList(f) || "niets (geen kaarten meer)"}`;
    const n = num(f.data["drawn"]);
    return `${head} en trekt ${n} ${n === 1 ? "kaart" : "kaarten"} van de voorraadstapel`;
  },
  drew: (f) => `${name(f)} trok ${cardList(f)}`,
  end_turn: (f) => {
    const n = num(f.data["actions"]);
    return n === 0 ? `${name(f)} past` : `${name(f)} beëindigt de beurt na ${n} ${n === 1 ? "actie" : "acties"}`;
  },
  reshuffle: (f) => `De aflegstapel (${num(f.data["cards"])} kaarten) wordt gemixt en is de nieuwe voorraadstapel`,
  row: (f) => `Een nieuwe kaartenrij wordt blootgelegd: ${cardList(f)}`,
  win: (f) => `${name(f)} heeft alle zes piraten in de sloep en wint!`,
  dead_position: (f) => {
    const winners = nums(f.data["winners"]);
    const won = names(f, winners, "en");
    return (
      "Niemand heeft nog een kaart en geen piraat kan terug, dus er kan niets meer veranderen: het spel is uit. " +
      `Piraten in de sloep: ${boatCounts(f)}. ${winners.length === 1 ? `${won} wint!` : `${won} winnen samen!`}`
    );
  },
};

const de: Sentences = {
  setup: (f) =>
    `Cartagena (${f.data["variant"] === "tortuga" ? "Tortuga" : "Jamaica"}-Version), ${num(f.data["players"])} Spieler; Tunnelteile ${tiles(f, "ein eigener Tunnel")}.`,
  forward: (f) => `${name(f)} spielt eine ${card(f)}-Karte: Pirat ${move(f)}`,
  back: (f) => {
    const head = `${name(f)} zieht einen Piraten zurück ${move(f)}`;
    if (Array.isArray(f.data["cards"])) return `${head} und nimmt ${cardList(f) || "nichts (keine Karten mehr)"}`;
    const n = num(f.data["drawn"]);
    return `${head} und zieht ${n} ${n === 1 ? "Karte" : "Karten"} vom Nachziehstapel`;
  },
  drew: (f) => `${name(f)} zog ${cardList(f)}`,
  end_turn: (f) => {
    const n = num(f.data["actions"]);
    return n === 0 ? `${name(f)} passt` : `${name(f)} beendet den Zug nach ${n} ${n === 1 ? "Aktion" : "Aktionen"}`;
  },
  reshuffle: (f) => `Der Ablagestapel (${num(f.data["cards"])} Karten) wird gemischt und ist der neue Nachziehstapel`,
  row: (f) => `Eine neue Kartenreihe wird ausgelegt: ${cardList(f)}`,
  win: (f) => `${name(f)} hat alle sechs Piraten im Boot und gewinnt!`,
  dead_position: (f) => {
    const winners = nums(f.data["winners"]);
    const won = names(f, winners, "und");
    return (
      "Niemand hat noch eine Karte und kein Pirat kann zurück, also kann sich nichts mehr ändern: Das Spiel endet. " +
      `Piraten im Boot: ${boatCounts(f)}. ${winners.length === 1 ? `${won} gewinnt!` : `${won} gewinnen gemeinsam!`}`
    );
  },
};

const SENTENCES: Record<Lang, Sentences> = { en, nl, de };

function isEventType(type: string): type is EventType {
  return (EVENT_TYPES as readonly string[]).includes(type);
}

/** The line in `lang`, with the table's names for the seats. An unknown type (a newer
 * engine) says so in English rather than failing. */
export function logLine(data: LogData, lang: Lang, names: readonly string[]): string {
  if (!isEventType(data.type)) return data.type;
  return SENTENCES[lang][data.type]({ lang, names, data });
}

/** The seat whose own move wrote the line: a forward or back move, the cards that back move
 * drew, a pass or the end of a turn. The set-up, a reshuffle or a new row laid out (chance,
 * not a choice) and the results are no seat's move. */
export function mover(data: LogData): number | null {
  switch (data.type) {
    case "forward":
    case "back":
    case "drew":
    case "end_turn":
      return typeof data["seat"] === "number" ? data["seat"] : null;
    default:
      return null;
  }
}
