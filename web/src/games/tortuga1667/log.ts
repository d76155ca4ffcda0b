/** Tortuga 1667's log lines, written from each event's data (src/buccaneer/games/tortuga1667/
 * log.py) in the player's language with the seats' names as the table shows them. The English
 * line, given the engine's seat names, is the engine's text word for word (the tests check it on
 * whole games). Dutch terms are the rulebook's; German ones the published game's (words.ts). */

import type { Lang } from "../../i18n";
import type { LogData } from "../../protocol";
import { cardName, tr, voteWords } from "./words";

/** Every event type log.py writes (EVENT_TYPES there), in its order. */
export const EVENT_TYPES = [
  "setup",
  "setup_chest",
  "placed_pawn",
  "looked",
  "saw",
  "revealed",
  "pointed",
  "chose",
  "moved",
  "captain_maroons",
  "marooned",
  "lost_vote",
  "lost",
  "albatross_bomb",
  "vote_called",
  "voted",
  "ballot",
  "sits_out",
  "vote_result",
  "attack_failed",
  "attack_nothing",
  "stowed",
  "mutiny_succeeds",
  "mutiny_fails",
  "brawl_result",
  "chest_moved",
  "scurvy_skip",
  "atlantis",
  "fountain",
  "pistol",
  "map_given",
  "cabin_fever",
  "loyalty",
  "crows_nest",
  "crows_deck",
  "drew_vote",
  "crows_given",
  "marque_move",
  "marque_draw",
  "put_on_top",
  "top",
  "black_powder",
  "eight_bells",
  "facade",
  "vote_cancelled",
  "no_steal",
  "timeout",
  "passed",
  "tiebreak",
  "over",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** What a sentence is given: the data's fields read as their types, and words for them. */
interface Ctx {
  d: LogData;
  /** A seat's name from a data field ("seat", "target", ...). */
  who(field?: string): string;
  num(field: string): number;
  str(field: string): string;
  list<T = string>(field: string): T[];
  /** A place key in a phrase ("on", "from", "to", "aboard", plain "the"). */
  place(field: string, use: PlaceUse): string;
  /** Names of seats, joined. */
  names(seats: readonly number[]): string;
  card(field: string): string;
  /** An event card's name from its key. */
  cardKey(key: string): string;
  vote(card: string): string;
  votes(field: string): string;
  team(field: string): string;
}

type PlaceUse = "on" | "from" | "to" | "aboard" | "the";
type Sentence = (c: Ctx) => string;
/** Every type must have a sentence in every language: tsc fails otherwise. */
type Sentences = Record<EventType, Sentence>;

// -- place phrases, per language ---------------------------------------------------------------
// Keys: flying_dutchman, jolly_roger, tortuga, rowboat (some rowboat: the line does not say
// which), rowboat_flying_dutchman, rowboat_jolly_roger (a move's destination).

const PLACES: Record<Lang, Record<PlaceUse, Record<string, string>>> = {
  en: {
    the: {
      flying_dutchman: "the Flying Dutchman",
      jolly_roger: "the Jolly Roger",
      tortuga: "Tortuga",
      rowboat: "a rowboat",
      rowboat_flying_dutchman: "the Flying Dutchman's rowboat",
      rowboat_jolly_roger: "the Jolly Roger's rowboat",
    },
    on: {},
    from: {},
    to: {},
    aboard: {},
  },
  nl: {
    the: {
      flying_dutchman: "de Flying Dutchman",
      jolly_roger: "de Jolly Roger",
      tortuga: "Tortuga",
      rowboat: "een roeiboot",
      rowboat_flying_dutchman: "de roeiboot van de Flying Dutchman",
      rowboat_jolly_roger: "de roeiboot van de Jolly Roger",
    },
    on: { tortuga: "op Tortuga", rowboat: "in een roeiboot" },
    from: { rowboat: "uit een roeiboot" },
    to: {},
    aboard: {},
  },
  de: {
    the: {
      flying_dutchman: "die Flying Dutchman",
      jolly_roger: "die Jolly Roger",
      tortuga: "Tortuga",
      rowboat: "ein Ruderboot",
      rowboat_flying_dutchman: "das Ruderboot der Flying Dutchman",
      rowboat_jolly_roger: "das Ruderboot der Jolly Roger",
    },
    on: {
      flying_dutchman: "auf der Flying Dutchman",
      jolly_roger: "auf der Jolly Roger",
      tortuga: "auf Tortuga",
      rowboat: "in einem Ruderboot",
    },
    from: {
      flying_dutchman: "von der Flying Dutchman",
      jolly_roger: "von der Jolly Roger",
      tortuga: "von Tortuga",
      rowboat: "aus einem Ruderboot",
    },
    to: {
      flying_dutchman: "zur Flying Dutchman",
      jolly_roger: "zur Jolly Roger",
      tortuga: "nach Tortuga",
      rowboat_flying_dutchman: "ins Ruderboot der Flying Dutchman",
      rowboat_jolly_roger: "ins Ruderboot der Jolly Roger",
    },
    aboard: {
      flying_dutchman: "an Bord der Flying Dutchman",
      jolly_roger: "an Bord der Jolly Roger",
      tortuga: "auf Tortuga",
    },
  },
};

/** Dutch prepositions before "the" phrases ("op de Jolly Roger"), used where no own phrase. */
const NL_PREP: Record<PlaceUse, string> = { the: "", on: "op ", from: "van ", to: "naar ", aboard: "aan boord van " };

function placeWords(lang: Lang, key: string, use: PlaceUse): string {
  const own = PLACES[lang][use][key];
  if (own !== undefined) return own;
  const plain = PLACES[lang].the[key] ?? key;
  if (lang === "nl") return NL_PREP[use] + plain;
  return plain;
}

/** Teams as nouns and adjectives; a hold's adjective. */
const TEAM_ADJ: Record<Lang, Record<string, string>> = {
  en: { british: "British", french: "French", dutch: "Dutch" },
  nl: { british: "Britse", french: "Franse", dutch: "Nederlandse" },
  de: { british: "britischen", french: "französischen", dutch: "niederländischen" },
};
const TEAM_PLAIN: Record<Lang, Record<string, string>> = {
  en: { british: "British", french: "French", dutch: "Dutch" },
  nl: { british: "Brits", french: "Frans", dutch: "Nederlands" },
  de: { british: "Brite", french: "Franzose", dutch: "Niederländer" },
};

/** Why a pawn was marooned (the engine's cause keys). */
const CAUSES: Record<Lang, Record<string, string>> = {
  en: {},
  nl: {
    captain: "door de kapitein",
    mutiny: "muiterij",
    black_spot: "Zwarte Plek",
    albatross: "Albatros",
    pistol: "Pistool",
    black_powder: "Buskruit",
  },
  de: {
    captain: "vom Kapitän",
    mutiny: "Meuterei",
    black_spot: "Schwarzer Fleck",
    albatross: "Albatros",
    pistol: "Pistole",
    black_powder: "Schwarzpulver",
  },
};

const slotPair = (c: Ctx): [number, number] => {
  const [a, b] = c.list<number>("slots");
  return [(a ?? 0) + 1, (b ?? 0) + 1];
};

const seenList = (c: Ctx): string => {
  const cards = c.list("cards");
  return c.list<number>("slots")
    .map((s, i) => `${s + 1}: ${c.cardKey(cards[i] ?? "")}`)
    .join(", ");
};

const en: Sentences = {
  setup: (c) => `Tortuga 1667, ${c.num("players")} players.`,
  setup_chest: (c) => `${c.who()} puts a chest in the ${c.team("hold")} hold of ${c.place("ship", "the")}.`,
  placed_pawn: (c) => `${c.who()} starts on ${c.place("place", "the")} (position ${c.num("position") + 1}).`,
  looked: (c) => `${c.who()} looks at event cards ${slotPair(c)[0]} and ${slotPair(c)[1]}.`,
  saw: (c) => `${c.who()} saw ${seenList(c)}.`,
  revealed: (c) => `${c.who()} reveals event card ${c.num("slot") + 1}: ${c.card("card")}!`,
  pointed: (c) => `${c.who()} points at event cards ${slotPair(c)[0]} and ${slotPair(c)[1]}: ${c.who("target")} must reveal one.`,
  chose: (c) => `${c.who()} picks card ${c.num("slot") + 1}.`,
  moved: (c) => `${c.who()} moves from ${c.place("place", "the")} to ${c.place("to", "the")}.`,
  captain_maroons: (c) => `Captain ${c.who()} maroons ${c.who("target")}.`,
  marooned: (c) => `${c.who()} is marooned on Tortuga (${c.str("cause").replace(/_/g, " ")}).`,
  lost_vote: (c) => `${c.who()}, marooned while on Tortuga, loses a vote card for good.`,
  lost: (c) => `${c.who()} gave up ${c.vote(c.str("card"))}`,
  albatross_bomb: (c) => `Two Albatrosses aboard ${c.place("ship", "the")}: everyone there is marooned!`,
  vote_called: (c) => {
    const vote = c.str("vote");
    const who = c.names(c.list<number>("voters")) || "nobody";
    return `${c.who("caller")} calls ${vote === "attack" ? "an" : "a"} ${vote} on ${c.place("place", "the")}; voting: ${who}.`;
  },
  voted: (c) => `${c.who()} has voted.`,
  ballot: (c) => `${c.who()} played ${c.votes("cards")}`,
  sits_out: (c) => `${c.who()} sits this vote out (Pirate Code).`,
  vote_result: (c) => `The ${c.str("vote")} vote, shuffled: ${c.votes("cards")}.`,
  attack_failed: (c) => `The attack from ${c.place("place", "the")} fails.`,
  attack_nothing: () => "The attack succeeds, but there is no chest to take.",
  stowed: (c) => {
    const source = c.d.take == null ? "the Spanish galleon" : `the ${c.team("take")} hold of the other ship`;
    return `${c.who()} takes a chest from ${source} into the ${c.team("into")} hold.`;
  },
  mutiny_succeeds: (c) => `Mutiny on ${c.place("ship", "the")}: captain ${c.who("captain")} is overthrown!`,
  mutiny_fails: (c) => `The mutiny on ${c.place("ship", "the")} fails.`,
  brawl_result: (c) => `The brawl ends: Tortuga's chests British ${c.num("british")}, French ${c.num("french")}.`,
  chest_moved: (c) => `Cabin boy ${c.who()} moves a chest into the ${c.team("to")} hold.`,
  scurvy_skip: (c) => `${c.who()} has scurvy and loses this turn.`,
  atlantis: (c) => `${c.who()} plays Atlantis and sails to ${c.place("to", "the")}.`,
  fountain: (c) => `${c.who()} drinks from the Fountain of Youth: not marooned.`,
  pistol: (c) => `${c.who()} points the Pistol at ${c.who("target")}.`,
  map_given: (c) => `${c.who()} gives the ${c.card("card")} map to ${c.who("target")}.`,
  cabin_fever: (c) => `${c.who()} and ${c.who("target")} shuffle their loyalty cards.`,
  loyalty: (c) => `${c.who()} is now ${c.team("team")}.`,
  crows_nest: (c) => `${c.who()} takes ${c.who("target")}'s ${c.num("count")} vote cards and chooses new ones.`,
  crows_deck: (c) => `${c.who()} searches the vote deck: ${c.votes("cards")}`,
  drew_vote: (c) => `${c.who()} drew ${c.vote(c.str("card"))}`,
  crows_given: (c) => `${c.who()} gave ${c.who("target")}: ${c.votes("cards")}`,
  marque_move: (c) => `${c.who()}'s Letter of Marque puts ${c.who("target")} aboard ${c.place("ship", "the")}.`,
  marque_draw: (c) => `${c.who()} draws a vote card (Letter of Marque).`,
  put_on_top: (c) => `${c.who()} puts a vote card on top of the vote deck.`,
  top: (c) => `${c.who()} put ${c.vote(c.str("card"))} on top`,
  black_powder: (c) => `${c.who()} blows up the rowboat of ${c.place("ship", "the")}.`,
  eight_bells: (c) => `Eight bells: new order on ${c.place("place", "the")}: ${c.names(c.list<number>("line"))}.`,
  facade: (c) => `${c.who()} trades places with ${c.who("target")} (Facade).`,
  vote_cancelled: (c) => `${c.who("caller")} no longer holds the role: the ${c.str("vote")} is off.`,
  no_steal: (c) => `${c.who()} leaves the other ship's chests alone.`,
  timeout: (c) => `${c.who()}'s time is up.`,
  passed: (c) => `${c.who()} can do nothing this turn.`,
  tiebreak: () => "A tie with an even count: the Armada leaves, the event cards are reshuffled, play on.",
  over: (c) => {
    const result = c.d.winner == null ? "The teams share the win." : `The ${c.team("winner")} win!`;
    return `Game over: British ${c.num("british")}, French ${c.num("french")}. ${result}`;
  },
};

const nlVote = (c: Ctx) => tr("nl", c.str("vote"));
const deVote = (c: Ctx) => tr("de", c.str("vote"));
const nlTeams = (c: Ctx, field: string) => tr("nl", `teams.${c.str(field)}`);
const deTeams = (c: Ctx, field: string) => tr("de", `teams.${c.str(field)}`);

const nl: Sentences = {
  setup: (c) => `Tortuga 1667, ${c.num("players")} spelers.`,
  setup_chest: (c) => `${c.who()} legt een schatkist in het ${c.team("hold")} ruim van ${c.place("ship", "the")}.`,
  placed_pawn: (c) => `${c.who()} begint ${c.place("place", "on")} (plek ${c.num("position") + 1}).`,
  looked: (c) => `${c.who()} bekijkt gebeurteniskaarten ${slotPair(c)[0]} en ${slotPair(c)[1]}.`,
  saw: (c) => `${c.who()} zag ${seenList(c)}.`,
  revealed: (c) => `${c.who()} onthult gebeurteniskaart ${c.num("slot") + 1}: ${c.card("card")}!`,
  pointed: (c) => `${c.who()} wijst gebeurteniskaarten ${slotPair(c)[0]} en ${slotPair(c)[1]} aan: ${c.who("target")} moet er één onthullen.`,
  chose: (c) => `${c.who()} kiest kaart ${c.num("slot") + 1}.`,
  moved: (c) => `${c.who()} gaat ${c.place("place", "from")} ${c.place("to", "to")}.`,
  captain_maroons: (c) => `Kapitein ${c.who()} verbant ${c.who("target")}.`,
  marooned: (c) => `${c.who()} wordt naar Tortuga verbannen (${CAUSES.nl[c.str("cause")] ?? c.str("cause")}).`,
  lost_vote: (c) => `${c.who()} wordt verbannen terwijl hij/zij al op Tortuga is en verliest voorgoed een stemkaart.`,
  lost: (c) => `${c.who()} legde ${c.vote(c.str("card"))} onder de stapel`,
  albatross_bomb: (c) => `Twee Albatrossen aan boord van ${c.place("ship", "the")}: iedereen daar wordt verbannen!`,
  vote_called: (c) =>
    `${c.who("caller")} roept op tot ${nlVote(c)} ${c.place("place", "on")}; stemmen: ${c.names(c.list<number>("voters")) || "niemand"}.`,
  voted: (c) => `${c.who()} heeft gestemd.`,
  ballot: (c) => `${c.who()} speelde ${c.votes("cards")}`,
  sits_out: (c) => `${c.who()} stemt deze keer niet mee (Piratencode).`,
  vote_result: (c) => `Stemronde ${nlVote(c)}, geschud: ${c.votes("cards")}.`,
  attack_failed: (c) => `De aanval vanaf ${c.place("place", "the")} mislukt.`,
  attack_nothing: () => "De aanval slaagt, maar er is geen schatkist meer te halen.",
  stowed: (c) => {
    const source = c.d.take == null ? "het Spaanse galjoen" : `het ${c.team("take")} ruim van het andere schip`;
    return `${c.who()} bergt een schatkist uit ${source} in het ${c.team("into")} ruim.`;
  },
  mutiny_succeeds: (c) => `Muiterij op ${c.place("ship", "the")}: kapitein ${c.who("captain")} wordt afgezet!`,
  mutiny_fails: (c) => `De muiterij op ${c.place("ship", "the")} mislukt.`,
  brawl_result: (c) => `Het gevecht is voorbij: schatkisten op Tortuga Brits ${c.num("british")}, Frans ${c.num("french")}.`,
  chest_moved: (c) => `Scheepsjongen ${c.who()} verplaatst een schatkist naar het ${c.team("to")} ruim.`,
  scurvy_skip: (c) => `${c.who()} heeft scheurbuik en slaat deze beurt over.`,
  atlantis: (c) => `${c.who()} speelt Atlantis en vaart ${c.place("to", "to")}.`,
  fountain: (c) => `${c.who()} drinkt uit de Levensbron: niet verbannen.`,
  pistol: (c) => `${c.who()} richt het Pistool op ${c.who("target")}.`,
  map_given: (c) => `${c.who()} geeft de schatkaart ${c.card("card")} aan ${c.who("target")}.`,
  cabin_fever: (c) => `${c.who()} en ${c.who("target")} schudden hun loyaliteitskaarten.`,
  loyalty: (c) => `${c.who()} is nu ${TEAM_PLAIN.nl[c.str("team")] ?? c.str("team")}.`,
  crows_nest: (c) => `${c.who()} neemt de ${c.num("count")} stemkaarten van ${c.who("target")} en kiest nieuwe.`,
  crows_deck: (c) => `${c.who()} doorzoekt de stapel stemkaarten: ${c.votes("cards")}`,
  drew_vote: (c) => `${c.who()} trok ${c.vote(c.str("card"))}`,
  crows_given: (c) => `${c.who()} gaf ${c.who("target")}: ${c.votes("cards")}`,
  marque_move: (c) => `De Kaperbrief van ${c.who()} zet ${c.who("target")} ${c.place("ship", "aboard")}.`,
  marque_draw: (c) => `${c.who()} trekt een stemkaart (Kaperbrief).`,
  put_on_top: (c) => `${c.who()} legt een stemkaart bovenop de stapel stemkaarten.`,
  top: (c) => `${c.who()} legde ${c.vote(c.str("card"))} bovenop`,
  black_powder: (c) => `${c.who()} blaast de roeiboot van ${c.place("ship", "the")} op.`,
  eight_bells: (c) => `Wisselen van de wacht: nieuwe volgorde ${c.place("place", "on")}: ${c.names(c.list<number>("line"))}.`,
  facade: (c) => `${c.who()} ruilt van plek met ${c.who("target")} (Uiterlijke schijn).`,
  vote_cancelled: (c) => `${c.who("caller")} heeft die rol niet meer: de ${nlVote(c)} gaat niet door.`,
  no_steal: (c) => `${c.who()} laat de schatkisten van het andere schip met rust.`,
  timeout: (c) => `De tijd van ${c.who()} is om.`,
  passed: (c) => `${c.who()} kan deze beurt niets doen.`,
  tiebreak: () => "Gelijkspel bij een even aantal: de Spaanse Vloot gaat eruit, de gebeurteniskaarten worden opnieuw geschud, het spel gaat door.",
  over: (c) => {
    const result = c.d.winner == null ? "De teams winnen samen." : `De ${nlTeams(c, "winner")} winnen!`;
    return `Einde van het spel: Brits ${c.num("british")}, Frans ${c.num("french")}. ${result}`;
  },
};

const de: Sentences = {
  setup: (c) => `Tortuga 1667, ${c.num("players")} Spieler.`,
  setup_chest: (c) => `${c.who()} legt eine Truhe in den ${c.team("hold")} Laderaum der ${c.place("ship", "the").replace(/^die /, "")}.`,
  placed_pawn: (c) => `${c.who()} beginnt ${c.place("place", "on")} (Platz ${c.num("position") + 1}).`,
  looked: (c) => `${c.who()} sieht sich die Ereigniskarten ${slotPair(c)[0]} und ${slotPair(c)[1]} an.`,
  saw: (c) => `${c.who()} sah ${seenList(c)}.`,
  revealed: (c) => `${c.who()} deckt Ereigniskarte ${c.num("slot") + 1} auf: ${c.card("card")}!`,
  pointed: (c) => `${c.who()} zeigt auf die Ereigniskarten ${slotPair(c)[0]} und ${slotPair(c)[1]}: ${c.who("target")} muss eine aufdecken.`,
  chose: (c) => `${c.who()} wählt Karte ${c.num("slot") + 1}.`,
  moved: (c) => `${c.who()} zieht ${c.place("place", "from")} ${c.place("to", "to")}.`,
  captain_maroons: (c) => `Kapitän ${c.who()} setzt ${c.who("target")} aus.`,
  marooned: (c) => `${c.who()} wird auf Tortuga ausgesetzt (${CAUSES.de[c.str("cause")] ?? c.str("cause")}).`,
  lost_vote: (c) => `${c.who()} wird auf Tortuga erneut ausgesetzt und verliert für immer eine Stimmkarte.`,
  lost: (c) => `${c.who()} gab ${c.vote(c.str("card"))} ab`,
  albatross_bomb: (c) => `Zwei Albatrosse ${c.place("ship", "aboard")}: alle dort werden ausgesetzt!`,
  vote_called: (c) =>
    `${c.who("caller")} ruft ${c.place("place", "on")} zur Abstimmung: ${deVote(c)}; es stimmen: ${c.names(c.list<number>("voters")) || "niemand"}.`,
  voted: (c) => `${c.who()} hat abgestimmt.`,
  ballot: (c) => `${c.who()} spielte ${c.votes("cards")}`,
  sits_out: (c) => `${c.who()} setzt bei dieser Abstimmung aus (Piratenkodex).`,
  vote_result: (c) => `Abstimmung ${deVote(c)}, gemischt: ${c.votes("cards")}.`,
  attack_failed: (c) => `Der Angriff ${c.place("place", "from")} scheitert.`,
  attack_nothing: () => "Der Angriff gelingt, aber es gibt keine Truhe zu holen.",
  stowed: (c) => {
    const source = c.d.take == null ? "der Spanischen Galeone" : `dem ${c.team("take")} Laderaum des anderen Schiffs`;
    return `${c.who()} nimmt eine Truhe aus ${source} in den ${c.team("into")} Laderaum.`;
  },
  mutiny_succeeds: (c) => `Meuterei ${c.place("ship", "on")}: Kapitän ${c.who("captain")} wird gestürzt!`,
  mutiny_fails: (c) => `Die Meuterei ${c.place("ship", "on")} scheitert.`,
  brawl_result: (c) => `Die Schlägerei ist vorbei: Truhen auf Tortuga britisch ${c.num("british")}, französisch ${c.num("french")}.`,
  chest_moved: (c) => `Schiffsjunge ${c.who()} legt eine Truhe in den ${c.team("to")} Laderaum.`,
  scurvy_skip: (c) => `${c.who()} hat Skorbut und setzt diesen Zug aus.`,
  atlantis: (c) => `${c.who()} spielt Atlantis und segelt ${c.place("to", "to")}.`,
  fountain: (c) => `${c.who()} trinkt aus dem Jungbrunnen: nicht ausgesetzt.`,
  pistol: (c) => `${c.who()} richtet die Pistole auf ${c.who("target")}.`,
  map_given: (c) => `${c.who()} gibt die Schatzkarte ${c.card("card")} an ${c.who("target")}.`,
  cabin_fever: (c) => `${c.who()} und ${c.who("target")} mischen ihre Loyalitätskarten.`,
  loyalty: (c) => `${c.who()} ist jetzt ${TEAM_PLAIN.de[c.str("team")] ?? c.str("team")}.`,
  crows_nest: (c) => `${c.who()} nimmt die ${c.num("count")} Stimmkarten von ${c.who("target")} und wählt neue aus.`,
  crows_deck: (c) => `${c.who()} durchsucht den Stimmkartenstapel: ${c.votes("cards")}`,
  drew_vote: (c) => `${c.who()} zog ${c.vote(c.str("card"))}`,
  crows_given: (c) => `${c.who()} gab ${c.who("target")}: ${c.votes("cards")}`,
  marque_move: (c) => `Der Kaperbrief von ${c.who()} setzt ${c.who("target")} ${c.place("ship", "aboard")}.`,
  marque_draw: (c) => `${c.who()} zieht eine Stimmkarte (Kaperbrief).`,
  put_on_top: (c) => `${c.who()} legt eine Stimmkarte oben auf den Stimmkartenstapel.`,
  top: (c) => `${c.who()} legte ${c.vote(c.str("card"))} oben auf`,
  black_powder: (c) => `${c.who()} sprengt das Ruderboot der ${c.place("ship", "the").replace(/^die /, "")}.`,
  eight_bells: (c) => `Acht Glasen: neue Reihenfolge ${c.place("place", "on")}: ${c.names(c.list<number>("line"))}.`,
  facade: (c) => `${c.who()} tauscht den Platz mit ${c.who("target")} (Fassade).`,
  vote_cancelled: (c) => `${c.who("caller")} hat die Rolle nicht mehr: die Abstimmung (${deVote(c)}) entfällt.`,
  no_steal: (c) => `${c.who()} lässt die Truhen des anderen Schiffs in Ruhe.`,
  timeout: (c) => `Die Zeit von ${c.who()} ist um.`,
  passed: (c) => `${c.who()} kann in diesem Zug nichts tun.`,
  tiebreak: () => "Gleichstand bei gerader Anzahl: die Spanische Armada geht, die Ereigniskarten werden neu gemischt, es geht weiter.",
  over: (c) => {
    const result = c.d.winner == null ? "Die Teams gewinnen gemeinsam." : `Die ${deTeams(c, "winner")} gewinnen!`;
    return `Spielende: britisch ${c.num("british")}, französisch ${c.num("french")}. ${result}`;
  },
};

const SENTENCES: Record<Lang, Sentences> = { en, nl, de };

function context(data: LogData, lang: Lang, names: readonly string[]): Ctx {
  const seatName = (seat: number) => names[seat] || `Pirate ${seat + 1}`;
  const list = <T,>(field: string): T[] => (Array.isArray(data[field]) ? (data[field] as unknown as T[]) : []);
  const vote = (card: string) => (lang === "en" ? card : voteWords(lang, card));
  return {
    d: data,
    who: (field = "seat") => seatName(Number(data[field])),
    num: (field) => Number(data[field]),
    str: (field) => String(data[field] ?? ""),
    list,
    place: (field, use) => placeWords(lang, String(data[field] ?? ""), use),
    names: (seats) => seats.map(seatName).join(", "),
    card: (field) => cardName(lang, String(data[field] ?? "")),
    cardKey: (key) => cardName(lang, key),
    vote,
    votes: (field) => list<string>(field).map(vote).join(", "),
    team: (field) => TEAM_ADJ[lang][String(data[field] ?? "")] ?? String(data[field] ?? ""),
  };
}

/** The line of `data` in `lang`, naming seats by `names` (the table's). */
export function logLine(data: LogData, lang: Lang, names: readonly string[]): string {
  const sentence = (SENTENCES[lang] as Record<string, Sentence | undefined>)[data.type];
  if (!sentence) return data.type;
  return sentence(context(data, lang, names));
}

/** The types whose line a seat's own decision wrote, with the field naming that seat. The
 * others (the set-up, a vote's result, a marooning by someone else, the end) are null. A version
 * (one action) may write several lines: its first line's mover is the seat that moved. */
const MOVER_FIELD: Partial<Record<EventType, string>> = {
  setup_chest: "seat",
  placed_pawn: "seat",
  looked: "seat",
  saw: "seat",
  revealed: "seat",
  pointed: "seat",
  chose: "seat",
  moved: "seat",
  captain_maroons: "seat",
  lost_vote: "seat",
  lost: "seat",
  vote_called: "caller",
  voted: "seat",
  ballot: "seat",
  stowed: "seat",
  chest_moved: "seat",
  atlantis: "seat",
  fountain: "seat",
  pistol: "seat",
  map_given: "seat",
  cabin_fever: "seat",
  crows_nest: "seat",
  crows_deck: "seat",
  drew_vote: "seat",
  crows_given: "seat",
  marque_move: "seat",
  marque_draw: "seat",
  put_on_top: "seat",
  top: "seat",
  black_powder: "seat",
  facade: "seat",
  no_steal: "seat",
  timeout: "seat",
  passed: "seat",
};

export function mover(data: LogData): number | null {
  const field = MOVER_FIELD[data.type as EventType];
  if (!field) return null;
  const seat = data[field];
  return typeof seat === "number" ? seat : null;
}
