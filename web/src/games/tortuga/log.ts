/** Tortuga's log, written in the player's language from each event's data
 * (buccaneer/games/tortuga/log.py writes the data and the English text; the English written
 * here from the data is that text word for word, which the tests check on whole games).
 *
 * The terms are the rulebooks' (see words.ts): expand fleet / schip verbeteren / Flotte
 * ausbauen, treasure chest / schatkist / Schatztruhe, treasure tile / schatfiche /
 * Schatzplättchen, bonus tile / voordeelfiche / Vorteilsplättchen, box / veld / Feld. */

import type { Lang } from "../../i18n";
import type { Json, LogData } from "../../protocol";
import { dieNumber, type ActionName, type Colour } from "./model";
import { w } from "./words";

/** Every event type log.py writes (its EVENT_TYPES), in its order. */
export const EVENT_TYPES = [
  "setup",
  "round",
  "rolled",
  "roll",
  "selected",
  "stuck",
  "reveal",
  "place_dice",
  "reroll",
  "turn",
  "bonus",
  "ranking",
  "forfeit",
  "advance",
  "hunt_chest",
  "hunt_tiles",
  "tiles_seen",
  "keep",
  "tiles",
  "attack",
  "seize",
  "claim",
  "deposit",
  "draw",
  "to_tortuga",
  "move",
  "over",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A die and the face it shows, as the data names them. */
interface FaceData {
  die: string;
  face: ActionName | "skull";
}

/** Typed reads of an event's data (the engine writes it; a missing field reads as empty). */
class Data {
  constructor(
    readonly raw: LogData,
    readonly names: readonly string[],
  ) {}
  num(key: string): number {
    const v = this.raw[key];
    return typeof v === "number" ? v : 0;
  }
  str(key: string): string {
    const v = this.raw[key];
    return typeof v === "string" ? v : "";
  }
  flag(key: string): boolean {
    return this.raw[key] === true;
  }
  list<T = Json>(key: string): T[] {
    const v = this.raw[key];
    return Array.isArray(v) ? (v as T[]) : [];
  }
  /** A seat by its name as the table shows it (the engine's own fallback otherwise). */
  name(seat: number): string {
    return this.names[seat] ?? `seat ${seat}`;
  }
  get seat(): string {
    return this.name(this.num("seat"));
  }
  get target(): string {
    return this.name(this.num("target"));
  }
  get action(): ActionName {
    return this.str("action") as ActionName;
  }
  get colour(): Colour | null {
    const v = this.raw["colour"];
    return typeof v === "string" ? (v as Colour) : null;
  }
  get faces(): FaceData[] {
    return this.list<FaceData>("faces");
  }
  get dice(): string[] {
    return this.list<string>("dice");
  }
}

type Writer = (d: Data) => string;
/** One sentence per event type: a language without one of them does not compile. */
type Sentences = Record<EventType, Writer>;

// -- English: log.py's text, word for word ---------------------------------------------------

const EN_ACTION: Record<ActionName, string> = {
  fleet: "expand fleet",
  crew: "recruit crew",
  hunt: "treasure hunt",
  board: "board",
  raid: "raid",
};
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function faceText(lang: Lang, f: FaceData, action: (a: ActionName) => string): string {
  if (f.face === "skull") return `${f.die} ${lang === "en" ? "skull" : w(lang, "face.skull").toLowerCase()}`;
  return `${f.die} ${action(f.face)} ${dieNumber(f.die, f.face)}`;
}

const enFaces = (faces: FaceData[]) => faces.map((f) => faceText("en", f, (a) => EN_ACTION[a])).join(", ");
const enCoins = (n: number) => `${n} ${n === 1 ? "coin" : "coins"}`;

const en: Sentences = {
  setup: (d) => `Tortuga, ${d.num("players")} players; chests drawn for setup.`,
  round: (d) => `Round ${d.num("round")}: ${d.seat} is start player.`,
  rolled: (d) => `${d.seat} rolls ${d.num("dice")} ${d.num("dice") === 1 ? "die" : "dice"}.`,
  roll: (d) => `${d.seat} rolled: ${enFaces(d.faces)}`,
  selected: (d) => `${d.seat} keeps ${d.dice.join(", ") || "nothing (no die can be placed)"}`,
  stuck: (d) => `${d.seat} can place none of ${enFaces(d.faces)} and re-rolls.`,
  reveal: (d) => `${d.seat} reveals ${enFaces(d.faces)}.`,
  place_dice: (d) => `${d.seat} places ${d.dice.join(", ")} on ${EN_ACTION[d.action]}.`,
  reroll: (d) => `${d.seat} re-rolls: ${enFaces(d.faces)}.`,
  turn: (d) => `${d.seat} turns ${d.dice.join(", ")} to ${EN_ACTION[d.action]}.`,
  bonus: (d) =>
    `${d.seat} ${d.num("value") === 1 ? "takes a bonus tile for" : "flips the bonus tile to 2 on"} ${EN_ACTION[d.action]}.`,
  ranking: (d) => {
    const places = d.list<{ seat: number; total: number }>("places");
    const title = capital(EN_ACTION[d.action]);
    if (!places.length) return `${title}: nobody.`;
    return `${title}: ${places.map((p, i) => `${d.name(p.seat)} ${p.total} (${i === 0 ? "1st" : "2nd"})`).join(", ")}.`;
  },
  forfeit: (d) => `${d.seat} forfeits ${EN_ACTION[d.action]}.`,
  advance: (d) => `${d.seat}'s ${d.str("token")} advances to box ${d.num("box")}.`,
  hunt_chest: (d) =>
    `${d.seat} draws ${d.colour ? `a ${d.colour} chest` : "nothing (the bag is empty)"} from the bag to the island.`,
  hunt_tiles: (d) => `${d.seat} draws ${d.num("tiles") === 1 ? "a treasure tile" : `${d.num("tiles")} treasure tiles`}.`,
  tiles_seen: (d) => `${d.seat} looks at ${d.list<number>("coins").map(enCoins).join(" and ")}`,
  keep: (d) => `${d.seat} keeps a treasure tile${d.flag("mixed_back") ? " and mixes one back" : ""}.`,
  tiles: (d) => {
    const back = d.list<number>("returned");
    return `${d.seat} keeps ${enCoins(d.num("kept"))}${back.length ? `, returns ${back.join(", ")}` : ""}`;
  },
  attack: (d) => {
    const [verb, token] = d.action === "board" ? ["boards", "boat"] : ["raids", "pirate"];
    let text = `${d.seat} ${verb} ${d.target}: ${d.target}'s ${token} back to box ${d.num("target_box")}`;
    if (d.flag("defended")) text += `; ${d.target} defends, ${d.seat}'s ${token} back to box ${d.num("own_box")}`;
    return `${text}.`;
  },
  seize: (d) => `${d.seat} seizes ${d.target}'s ${d.colour} chest.`,
  claim: (d) => `${d.seat} claims the ${d.colour} chest from the center island.`,
  deposit: (d) =>
    `${d.seat}'s surplus ${d.colour} chest goes to ${d.flag("center") ? "the center island" : "the bag"}.`,
  draw: (d) => `${d.seat} draws ${d.colour ? `a ${d.colour} chest` : "nothing (the bag is empty)"} to the island.`,
  to_tortuga: (d) => `${d.seat} brings ${d.list<string>("colours").join(", ")} to Tortuga.`,
  move: (d) =>
    `${d.seat} moves ${d.colour} from ${d.str("source") === "crew" ? "crew to fleet" : "island to crew"}.`,
  over: (d) => {
    const scores = d.list<number>("scores").map((t, s) => `${d.name(s)} ${t}`).join(", ");
    const winners = d.list<number>("winners");
    return `Game over: ${scores}. ${winners.map((s) => d.name(s)).join(" and ")} win${winners.length === 1 ? "s" : ""}!`;
  },
};

// -- Dutch -----------------------------------------------------------------------------------

/** An action in a Dutch sentence: the rulebook's term, lower case ("schip verbeteren"). */
const nlAction = (a: ActionName) => w("nl", `action.${a}`).toLowerCase();
const nlFaces = (faces: FaceData[]) => faces.map((f) => faceText("nl", f, nlAction)).join(", ");
const nlCoins = (n: number) => `${n} ${n === 1 ? "munt" : "munten"}`;
const nlColour = (c: Colour | null) => (c ? w("nl", `adj.${c}`) : "");
const nlToken = (token: string) => (token === "boat" ? "het schip" : "de piraat");

const nl: Sentences = {
  setup: (d) => `Tortuga, ${d.num("players")} spelers; schatkisten getrokken voor de opbouw.`,
  round: (d) => `Ronde ${d.num("round")}: ${d.seat} is startspeler.`,
  rolled: (d) => `${d.seat} gooit ${d.num("dice")} ${d.num("dice") === 1 ? "dobbelsteen" : "dobbelstenen"}.`,
  roll: (d) => `${d.seat} gooide: ${nlFaces(d.faces)}`,
  selected: (d) => `${d.seat} kiest ${d.dice.join(", ") || "niets (geen dobbelsteen te plaatsen)"}`,
  stuck: (d) => `${d.seat} kan niets plaatsen van ${nlFaces(d.faces)} en gooit opnieuw.`,
  reveal: (d) => `${d.seat} toont ${nlFaces(d.faces)}.`,
  place_dice: (d) => `${d.seat} legt ${d.dice.join(", ")} op ${nlAction(d.action)}.`,
  reroll: (d) => `${d.seat} gooit opnieuw: ${nlFaces(d.faces)}.`,
  turn: (d) => `${d.seat} draait ${d.dice.join(", ")} naar ${nlAction(d.action)}.`,
  bonus: (d) =>
    d.num("value") === 1
      ? `${d.seat} neemt een voordeelfiche voor ${nlAction(d.action)}.`
      : `${d.seat} draait het voordeelfiche bij ${nlAction(d.action)} naar 2.`,
  ranking: (d) => {
    const places = d.list<{ seat: number; total: number }>("places");
    const title = w("nl", `action.${d.action}`);
    if (!places.length) return `${title}: niemand.`;
    return `${title}: ${places.map((p, i) => `${d.name(p.seat)} ${p.total} (${i + 1}e plaats)`).join(", ")}.`;
  },
  forfeit: (d) => `${d.seat} ziet af van ${nlAction(d.action)}.`,
  advance: (d) => `${capital(nlToken(d.str("token")))} van ${d.seat} gaat naar veld ${d.num("box")}.`,
  hunt_chest: (d) =>
    d.colour
      ? `${d.seat} trekt een ${nlColour(d.colour)} schatkist uit de zak naar het eiland.`
      : `${d.seat} trekt niets uit de zak (de zak is leeg).`,
  hunt_tiles: (d) =>
    `${d.seat} trekt ${d.num("tiles") === 1 ? "een schatfiche" : `${d.num("tiles")} schatfiches`}.`,
  tiles_seen: (d) => `${d.seat} bekijkt ${d.list<number>("coins").map(nlCoins).join(" en ")}`,
  keep: (d) => `${d.seat} houdt een schatfiche${d.flag("mixed_back") ? " en schudt er één terug" : ""}.`,
  tiles: (d) => {
    const back = d.list<number>("returned");
    return `${d.seat} houdt ${nlCoins(d.num("kept"))}${back.length ? `, legt ${back.join(", ")} terug` : ""}`;
  },
  attack: (d) => {
    const verb = d.action === "board" ? "entert" : "overvalt";
    const token = d.action === "board" ? "boat" : "pirate";
    let text = `${d.seat} ${verb} ${d.target}: ${nlToken(token)} van ${d.target} terug naar veld ${d.num("target_box")}`;
    if (d.flag("defended"))
      text += `; ${d.target} verdedigt zich, ${nlToken(token)} van ${d.seat} terug naar veld ${d.num("own_box")}`;
    return `${text}.`;
  },
  seize: (d) => `${d.seat} pakt de ${nlColour(d.colour)} schatkist van ${d.target}.`,
  claim: (d) => `${d.seat} pakt de ${nlColour(d.colour)} schatkist van het eiland in het midden.`,
  deposit: (d) =>
    `De overtollige ${nlColour(d.colour)} schatkist van ${d.seat} gaat naar ${
      d.flag("center") ? "het eiland in het midden" : "de zak"
    }.`,
  draw: (d) =>
    d.colour
      ? `${d.seat} trekt een ${nlColour(d.colour)} schatkist naar het eiland.`
      : `${d.seat} trekt niets (de zak is leeg).`,
  to_tortuga: (d) =>
    `${d.seat} brengt ${d.list<Colour>("colours").map((c) => w("nl", `colour.${c}`)).join(", ")} naar Tortuga.`,
  move: (d) =>
    `${d.seat} verplaatst ${w("nl", `colour.${d.colour ?? "red"}`)} van ${
      d.str("source") === "crew" ? "bemanningsvelden naar schipvelden" : "eilandveld naar bemanningsvelden"
    }.`,
  over: (d) => {
    const scores = d.list<number>("scores").map((t, s) => `${d.name(s)} ${t}`).join(", ");
    const winners = d.list<number>("winners");
    return `Einde van het spel: ${scores}. ${winners.map((s) => d.name(s)).join(" en ")} ${
      winners.length === 1 ? "wint" : "winnen"
    }!`;
  },
};

// -- German ----------------------------------------------------------------------------------

/** An action in a German sentence: the rulebook's term as printed ("Flotte ausbauen"). */
const deAction = (a: ActionName) => w("de", `action.${a}`);
const deFaces = (faces: FaceData[]) => faces.map((f) => faceText("de", f, deAction)).join(", ");
const deCoins = (n: number) => `${n} ${n === 1 ? "Münze" : "Münzen"}`;
const deColour = (c: Colour | null) => (c ? w("de", `adj.${c}`) : "");
const deToken = (token: string) => (token === "boat" ? "Schiffsmarker" : "Piratenmarker");

const de: Sentences = {
  setup: (d) => `Tortuga, ${d.num("players")} Spieler; Schatztruhen für den Spielaufbau gezogen.`,
  round: (d) => `Runde ${d.num("round")}: ${d.seat} ist Startspieler.`,
  rolled: (d) => `${d.seat} würfelt mit ${d.num("dice")} ${d.num("dice") === 1 ? "Würfel" : "Würfeln"}.`,
  roll: (d) => `${d.seat} hat gewürfelt: ${deFaces(d.faces)}`,
  selected: (d) => `${d.seat} wählt ${d.dice.join(", ") || "nichts (kein Würfel platzierbar)"}`,
  stuck: (d) => `${d.seat} kann keinen von ${deFaces(d.faces)} platzieren und würfelt neu.`,
  reveal: (d) => `${d.seat} deckt auf: ${deFaces(d.faces)}.`,
  place_dice: (d) => `${d.seat} legt ${d.dice.join(", ")} auf ${deAction(d.action)}.`,
  reroll: (d) => `${d.seat} würfelt neu: ${deFaces(d.faces)}.`,
  turn: (d) => `${d.seat} dreht ${d.dice.join(", ")} auf ${deAction(d.action)}.`,
  bonus: (d) =>
    d.num("value") === 1
      ? `${d.seat} nimmt ein Vorteilsplättchen für ${deAction(d.action)}.`
      : `${d.seat} dreht das Vorteilsplättchen bei ${deAction(d.action)} auf 2.`,
  ranking: (d) => {
    const places = d.list<{ seat: number; total: number }>("places");
    const title = deAction(d.action);
    if (!places.length) return `${title}: niemand.`;
    return `${title}: ${places.map((p, i) => `${d.name(p.seat)} ${p.total} (${i + 1}. Platz)`).join(", ")}.`;
  },
  forfeit: (d) => `${d.seat} verzichtet auf ${deAction(d.action)}.`,
  advance: (d) => `Der ${deToken(d.str("token"))} von ${d.seat} rückt auf Feld ${d.num("box")} vor.`,
  hunt_chest: (d) =>
    d.colour
      ? `${d.seat} zieht eine ${deColour(d.colour)} Schatztruhe aus dem Beutel auf die Insel.`
      : `${d.seat} zieht nichts aus dem Beutel (der Beutel ist leer).`,
  hunt_tiles: (d) =>
    `${d.seat} zieht ${d.num("tiles") === 1 ? "ein Schatzplättchen" : `${d.num("tiles")} Schatzplättchen`}.`,
  tiles_seen: (d) => `${d.seat} sieht sich ${d.list<number>("coins").map(deCoins).join(" und ")} an`,
  keep: (d) => `${d.seat} behält ein Schatzplättchen${d.flag("mixed_back") ? " und mischt eines zurück" : ""}.`,
  tiles: (d) => {
    const back = d.list<number>("returned");
    return `${d.seat} behält ${deCoins(d.num("kept"))}${back.length ? `, legt ${back.join(", ")} zurück` : ""}`;
  },
  attack: (d) => {
    const verb = d.action === "board" ? "entert" : "überfällt";
    const token = deToken(d.action === "board" ? "boat" : "pirate");
    let text = `${d.seat} ${verb} ${d.target}: der ${token} von ${d.target} zurück auf Feld ${d.num("target_box")}`;
    if (d.flag("defended"))
      text += `; ${d.target} wehrt sich, der ${token} von ${d.seat} zurück auf Feld ${d.num("own_box")}`;
    return `${text}.`;
  },
  seize: (d) => `${d.seat} nimmt ${d.target} die ${deColour(d.colour)} Schatztruhe ab.`,
  claim: (d) => `${d.seat} nimmt die ${deColour(d.colour)} Schatztruhe von der Insel in der Mitte.`,
  deposit: (d) =>
    `Die überzählige ${deColour(d.colour)} Schatztruhe von ${d.seat} kommt ${
      d.flag("center") ? "auf die Insel in der Mitte" : "in den Beutel"
    }.`,
  draw: (d) =>
    d.colour
      ? `${d.seat} zieht eine ${deColour(d.colour)} Schatztruhe auf die Insel.`
      : `${d.seat} zieht nichts (der Beutel ist leer).`,
  to_tortuga: (d) =>
    `${d.seat} bringt ${d.list<Colour>("colours").map((c) => w("de", `colour.${c}`)).join(", ")} nach Tortuga.`,
  move: (d) =>
    `${d.seat} legt ${w("de", `colour.${d.colour ?? "red"}`)} ${
      d.str("source") === "crew" ? "vom Crewbereich in den Flottenbereich" : "vom Inselbereich in den Crewbereich"
    }.`,
  over: (d) => {
    const scores = d.list<number>("scores").map((t, s) => `${d.name(s)} ${t}`).join(", ");
    const winners = d.list<number>("winners");
    return `Spielende: ${scores}. ${winners.map((s) => d.name(s)).join(" und ")} ${
      winners.length === 1 ? "gewinnt" : "gewinnen"
    }!`;
  },
};

const SENTENCES: Record<Lang, Sentences> = { en, nl, de };

function isEventType(type: string): type is EventType {
  return (EVENT_TYPES as readonly string[]).includes(type);
}

/** The line in `lang`, with the seats' names as the table shows them. An unknown type (a newer
 * server) falls back to its type, never to a blank line. */
export function logLine(data: LogData, lang: Lang, names: readonly string[]): string {
  if (!isEventType(data.type)) return data.type;
  return SENTENCES[lang][data.type](new Data(data, names));
}

/** Lines written by the seat's own move: its dice kept, revealed and placed, skulls turned, a
 * bonus tile, its action performed or forfeited (and what that action did), chests seized,
 * claimed or placed. The roll, a ranking, the chests drawn and brought to Tortuga in phase 3,
 * a new round and the result happen to seats, not by them: null. */
const MOVES: ReadonlySet<EventType> = new Set<EventType>([
  "selected",
  "stuck",
  "reveal",
  "place_dice",
  "reroll",
  "turn",
  "bonus",
  "forfeit",
  "advance",
  "hunt_chest",
  "hunt_tiles",
  "tiles_seen",
  "keep",
  "tiles",
  "attack",
  "seize",
  "claim",
  "deposit",
  "move",
]);

export function mover(data: LogData): number | null {
  if (!isEventType(data.type) || !MOVES.has(data.type)) return null;
  const seat = data["seat"];
  return typeof seat === "number" ? seat : null;
}
