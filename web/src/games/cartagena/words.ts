/** Cartagena's words in the three languages: the Dutch ones are the rulebook's (doodskop,
 * punthoed, sloep, voorraadstapel, aflegstapel, ...); English and German are natural ones. */

import type { Lang } from "../../i18n";
import { term } from "../../i18n";
import type { Action, Choice, View } from "../../protocol";
import type { HowTo } from "../types";
import {
  ACTIONS_PER_TURN,
  BOAT,
  PIRATES_PER_SEAT,
  START,
  asCartagena,
  backDestination,
  boatCount,
  forwardDestination,
  handSize,
  isSymbol,
  type CartagenaView,
  type Sym,
} from "./model";

type Words = Record<string, string>;

const en: Words = {
  "symbol.skull": "skull",
  "symbol.hat": "hat",
  "symbol.dagger": "dagger",
  "symbol.bottle": "bottle",
  "symbol.key": "key",
  "symbol.pistol": "pistol",
  "seat.0": "Red",
  "seat.1": "Blue",
  "seat.2": "Yellow",
  "seat.3": "Green",
  "seat.4": "Brown",
  tunnel: "The tunnel",
  cards: "Cards and players",
  start: "Start",
  boat: "Boat",
  "at.start": "at the start",
  "at.square": "on square {n}",
  "at.boat": "in the boat",
  "from.start": "from the start",
  "from.square": "from square {n}",
  "from.boat": "from the boat",
  "to.square": "to square {n}",
  "to.boat": "to the boat",
  "square.label": "Square {n}: {symbol}",
  tile: "Tile {code}",
  empty: "empty",
  "pirates.of": "{name} ×{n}",
  "your.pirate": "Your pirate {where}",
  "your.pirates": "Your {n} pirates {where}",
  "moves.to": "moves {where}",
  "lands.here": "a pirate would land here",
  "your.cards": "Your cards",
  "card.label": "{symbol} card, {n} in your hand",
  "play.card": "Play a {symbol} card ({n} in your hand)",
  row: "Card row: the next card is taken at the arrow",
  "row.short": "Card row",
  "row.card": "{symbol} card, {pos} to be taken",
  next: "next",
  "draw.pile": "Draw pile: {n}",
  "discard.pile": "Discard pile: {n}",
  discarded: "{symbol}: {n} discarded",
  players: "Players",
  "hidden.cards": "{n} cards (hidden)",
  "hidden.cards.1": "1 card (hidden)",
  "cards.count": "{n} cards",
  "in.boat": "{n}/6 in the boat",
  "to.move": "{name} to move",
  "turn.line": "Turn {turn} · {name} · {n} actions left",
  "turn.line.1": "Turn {turn} · {name} · 1 action left",
  over: "Game over",
  wins: "{names} wins",
  share: "{names} share the win",
  winner: "winner",
  you: "you",
  // describe
  "do.forward": "Play {symbol}: pirate {from} {to}",
  "do.back.1": "Back: pirate {from} {to}, take 1 card",
  "do.back.n": "Back: pirate {from} {to}, take {n} cards",
  "do.back.none": "Back {from}",
  "do.pass": "Pass",
  "do.end": "End turn",
  summary: "{boat} of 6 in the boat · {cards} cards",
  // keyWords, whyNot, End
  "card.word": "{symbol} card",
  "key.square": "Square {n}",
  "why.over": "The game is over.",
  "why.turn": "It is {name}'s turn.",
  "why.no.card": "You hold no {symbol} card.",
  "why.card.stuck": "None of your pirates can move forward.",
  "why.boat.forward": "A pirate in the boat does not move forward; it can only move back.",
  "why.card.first": "Choose a card first: it says where this pirate goes.",
  "why.no.back": "This pirate cannot move back: no square behind it holds one or two pirates, and no pirate leaves the tunnel backwards.",
  "why.no.pirate": "No pirate of yours is there.",
  "end.won": "{name} brought all six pirates into the boat first and wins.",
  "end.dead": "Nobody held a card and no pirate could move back, so nothing could change any more: the most pirates in the boat win.",
  "end.in.boat": "{n} of 6 in the boat",
  "end.all.in": "all six in the boat",
  "end.on.way": "still on the way: {where}",
  "end.at.start": "{n} at the start",
  "end.square": "square {list}",
  "end.squares": "squares {list}",
  "end.note": "The rulebook names only the winner; the others are listed by pirates in the boat, then by how far the rest got.",
  "end.order": "Into the boat, in the order they arrived:",
};

const nl: Words = {
  "symbol.skull": "doodskop",
  "symbol.hat": "punthoed",
  "symbol.dagger": "dolk",
  "symbol.bottle": "fles",
  "symbol.key": "sleutel",
  "symbol.pistol": "pistool",
  "seat.0": "Rood",
  "seat.1": "Blauw",
  "seat.2": "Geel",
  "seat.3": "Groen",
  "seat.4": "Bruin",
  tunnel: "De tunnel",
  cards: "Kaarten en spelers",
  start: "Begin",
  boat: "Sloep",
  "at.start": "bij het begin",
  "at.square": "op veld {n}",
  "at.boat": "in de sloep",
  "from.start": "van het begin",
  "from.square": "van veld {n}",
  "from.boat": "van de sloep",
  "to.square": "naar veld {n}",
  "to.boat": "naar de sloep",
  "square.label": "Veld {n}: {symbol}",
  tile: "Tunnelsegment {code}",
  empty: "leeg",
  "pirates.of": "{name} ×{n}",
  "your.pirate": "Je piraat {where}",
  "your.pirates": "Je {n} piraten {where}",
  "moves.to": "gaat {where}",
  "lands.here": "hier zou een piraat landen",
  "your.cards": "Jouw kaarten",
  "card.label": "{symbol}kaart, {n} in je hand",
  "play.card": "Een {symbol}kaart uitspelen ({n} in je hand)",
  row: "Kaartenrij: de volgende kaart wordt bij de pijl genomen",
  "row.short": "Kaartenrij",
  "row.card": "{symbol}kaart, als {pos}e te nemen",
  next: "volgende",
  "draw.pile": "Voorraadstapel: {n}",
  "discard.pile": "Aflegstapel: {n}",
  discarded: "{symbol}: {n} afgelegd",
  players: "Spelers",
  "hidden.cards": "{n} kaarten (verdekt)",
  "hidden.cards.1": "1 kaart (verdekt)",
  "cards.count": "{n} kaarten",
  "in.boat": "{n}/6 in de sloep",
  "to.move": "{name} is aan de beurt",
  "turn.line": "Beurt {turn} · {name} · nog {n} acties",
  "turn.line.1": "Beurt {turn} · {name} · nog 1 actie",
  over: "Einde van het spel",
  wins: "{names} wint",
  share: "{names} winnen samen",
  winner: "winnaar",
  you: "jij",
  "do.forward": "{symbol} uitspelen: piraat {from} {to}",
  "do.back.1": "Terugtrekken: piraat {from} {to}, 1 kaart nemen",
  "do.back.n": "Terugtrekken: piraat {from} {to}, {n} kaarten nemen",
  "do.back.none": "Terugtrekken {from}",
  "do.pass": "Passen",
  "do.end": "Beurt beëindigen",
  summary: "{boat} van 6 in de sloep · {cards} kaarten",
  "card.word": "{symbol}kaart",
  "key.square": "Veld {n}",
  "why.over": "Het spel is uit.",
  "why.turn": "{name} is aan de beurt.",
  "why.no.card": "Je hebt geen {symbol}kaart.",
  "why.card.stuck": "Geen van je piraten kan nog voorwaarts.",
  "why.boat.forward": "Een piraat in de sloep gaat niet meer voorwaarts; hij kan alleen terugtrekken.",
  "why.card.first": "Kies eerst een kaart: die zegt waar deze piraat heen gaat.",
  "why.no.back": "Deze piraat kan niet terugtrekken: geen veld achter hem is bezet door 1 of 2 piraten, en nooit mag een piraat terug uit de tunnel.",
  "why.no.pirate": "Daar staat geen piraat van jou.",
  "end.won": "{name} heeft als eerste alle zes piraten in de sloep gebracht en wint.",
  "end.dead": "Niemand had nog een kaart en geen piraat kon terug, dus er kon niets meer veranderen: wie de meeste piraten in de sloep heeft, wint.",
  "end.in.boat": "{n} van 6 in de sloep",
  "end.all.in": "alle zes in de sloep",
  "end.on.way": "nog onderweg: {where}",
  "end.at.start": "{n} bij het begin",
  "end.square": "veld {list}",
  "end.squares": "velden {list}",
  "end.note": "De spelregels noemen alleen de winnaar; de anderen staan op volgorde van piraten in de sloep, daarna hoe ver de rest kwam.",
  "end.order": "In de sloep, in de volgorde van aankomst:",
};

const de: Words = {
  "symbol.skull": "Totenkopf",
  "symbol.hat": "Hut",
  "symbol.dagger": "Dolch",
  "symbol.bottle": "Flasche",
  "symbol.key": "Schlüssel",
  "symbol.pistol": "Pistole",
  "seat.0": "Rot",
  "seat.1": "Blau",
  "seat.2": "Gelb",
  "seat.3": "Grün",
  "seat.4": "Braun",
  tunnel: "Der Tunnel",
  cards: "Karten und Spieler",
  start: "Start",
  boat: "Boot",
  "at.start": "am Start",
  "at.square": "auf Feld {n}",
  "at.boat": "im Boot",
  "from.start": "vom Start",
  "from.square": "von Feld {n}",
  "from.boat": "vom Boot",
  "to.square": "nach Feld {n}",
  "to.boat": "ins Boot",
  "square.label": "Feld {n}: {symbol}",
  tile: "Tunnelteil {code}",
  empty: "leer",
  "pirates.of": "{name} ×{n}",
  "your.pirate": "Dein Pirat {where}",
  "your.pirates": "Deine {n} Piraten {where}",
  "moves.to": "zieht {where}",
  "lands.here": "hier würde ein Pirat landen",
  "your.cards": "Deine Karten",
  "card.label": "{symbol}-Karte, {n} auf der Hand",
  "play.card": "Eine {symbol}-Karte ausspielen ({n} auf der Hand)",
  row: "Kartenreihe: die nächste Karte wird am Pfeil genommen",
  "row.short": "Kartenreihe",
  "row.card": "{symbol}-Karte, als {pos}. zu nehmen",
  next: "nächste",
  "draw.pile": "Nachziehstapel: {n}",
  "discard.pile": "Ablagestapel: {n}",
  discarded: "{symbol}: {n} abgelegt",
  players: "Spieler",
  "hidden.cards": "{n} Karten (verdeckt)",
  "hidden.cards.1": "1 Karte (verdeckt)",
  "cards.count": "{n} Karten",
  "in.boat": "{n}/6 im Boot",
  "to.move": "{name} ist am Zug",
  "turn.line": "Zug {turn} · {name} · noch {n} Aktionen",
  "turn.line.1": "Zug {turn} · {name} · noch 1 Aktion",
  over: "Spielende",
  wins: "{names} gewinnt",
  share: "{names} gewinnen gemeinsam",
  winner: "Sieger",
  you: "du",
  "do.forward": "{symbol} ausspielen: Pirat {from} {to}",
  "do.back.1": "Zurück: Pirat {from} {to}, 1 Karte nehmen",
  "do.back.n": "Zurück: Pirat {from} {to}, {n} Karten nehmen",
  "do.back.none": "Zurück {from}",
  "do.pass": "Passen",
  "do.end": "Zug beenden",
  summary: "{boat} von 6 im Boot · {cards} Karten",
  "card.word": "{symbol}-Karte",
  "key.square": "Feld {n}",
  "why.over": "Das Spiel ist vorbei.",
  "why.turn": "{name} ist am Zug.",
  "why.no.card": "Du hast keine {symbol}-Karte.",
  "why.card.stuck": "Keiner deiner Piraten kann noch vorwärts.",
  "why.boat.forward": "Ein Pirat im Boot zieht nicht mehr vorwärts; er kann nur zurück.",
  "why.card.first": "Wähle zuerst eine Karte: Sie bestimmt, wohin dieser Pirat zieht.",
  "why.no.back": "Dieser Pirat kann nicht zurück: Kein Feld hinter ihm ist mit einem oder zwei Piraten besetzt, und aus dem Tunnel hinaus darf kein Pirat zurück.",
  "why.no.pirate": "Dort steht kein Pirat von dir.",
  "end.won": "{name} hat als Erstes alle sechs Piraten ins Boot gebracht und gewinnt.",
  "end.dead": "Niemand hatte noch eine Karte und kein Pirat konnte zurück, also konnte sich nichts mehr ändern: Wer die meisten Piraten im Boot hat, gewinnt.",
  "end.in.boat": "{n} von 6 im Boot",
  "end.all.in": "alle sechs im Boot",
  "end.on.way": "noch unterwegs: {where}",
  "end.at.start": "{n} am Start",
  "end.square": "Feld {list}",
  "end.squares": "Felder {list}",
  "end.note": "Die Spielregel nennt nur den Sieger; die anderen stehen nach Piraten im Boot, dann danach, wie weit der Rest kam.",
  "end.order": "Ins Boot, in der Reihenfolge ihrer Ankunft:",
};

export const TERMS: Record<Lang, Words> = { en, nl, de };

export function w(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  return term(TERMS, lang, key, params);
}

export function symbolName(lang: Lang, sym: Sym): string {
  return w(lang, `symbol.${sym}`);
}

/** A symbol's name at the start of a sentence. */
export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A square in words with its preposition: `at` ("on square 8", "in the boat"), `from`
 * ("from the start") or `to` ("to square 8"); squares are counted 1..36 as the rulebook does. */
export function whereName(lang: Lang, square: number, role: "at" | "from" | "to" = "at"): string {
  if (square === START) return w(lang, role === "to" ? "at.start" : `${role}.start`);
  if (square === BOAT) return w(lang, `${role}.boat`);
  return w(lang, `${role}.square`, { n: square + 1 });
}

/** A seat's name: the table's name for it, else its colour in `lang` (also when the table
 * just repeats the engine's English colour name). */
export function seatName(names: readonly string[], seat: number, lang: Lang, view?: View): string {
  const name = names[seat];
  const engine = (view?.["seat_names"] as string[] | undefined)?.[seat];
  if (!name || name === engine || name === TERMS.en[`seat.${seat}`]) return w(lang, `seat.${seat}`);
  return name;
}

export function describeAction(action: Action, view: View, lang: Lang): string | null {
  const v = asCartagena(view);
  if (action.type === "forward") {
    const card = action["card"];
    const from = action["from"];
    if (!isSymbol(card) || typeof from !== "number") return null;
    const to = forwardDestination(v, card, from);
    return w(lang, "do.forward", {
      symbol: capital(symbolName(lang, card)),
      from: whereName(lang, from, "from"),
      to: whereName(lang, to, "to"),
    });
  }
  if (action.type === "back") {
    const from = action["from"];
    if (typeof from !== "number") return null;
    const dest = backDestination(v, from);
    if (!dest) return w(lang, "do.back.none", { from: whereName(lang, from, "from") });
    return w(lang, dest.draw === 1 ? "do.back.1" : "do.back.n", {
      from: whereName(lang, from, "from"),
      to: whereName(lang, dest.target, "to"),
      n: dest.draw,
    });
  }
  if (action.type === "end_turn") {
    return w(lang, v.actions_left >= ACTIONS_PER_TURN ? "do.pass" : "do.end");
  }
  return null;
}

export function describe(choice: Choice, view: View, lang: Lang): string | null {
  return describeAction(choice.action, view, lang);
}

export function summary(view: View, seat: number, lang: Lang): string {
  const v: CartagenaView = asCartagena(view);
  return w(lang, "summary", { boat: boatCount(v, seat), cards: handSize(v, seat) });
}

export const HOW_TO: HowTo = {
  text: {
    en: [
      `Goal: bring all ${PIRATES_PER_SEAT} of your pirates through the tunnel from the fort (start) into the boat. The first player with all six in the boat wins at once.`,
      "On your turn you take up to three actions, in any mix, and may stop earlier or pass. Forward: play a card and move one of your pirates to the next free square with that card's symbol; occupied squares are jumped over, and with no free one ahead the pirate goes straight into the boat. Back: move one of your pirates back to the nearest square holding one or two pirates and take that many cards (never out of the tunnel; squares with three pirates are jumped over).",
      "Jamaica version: your cards are hidden and new cards come from the draw pile. Tortuga version: all hands are open and new cards come from the open card row, from the end with the arrow.",
      "On the board: click a card first and then a pirate to move that pirate forward (the squares where it can land are ringed). Click a pirate first to move it back. Ending your turn early or passing is a button.",
    ].join("\n\n"),
    nl: [
      `Doel: breng je ${PIRATES_PER_SEAT} piraten door de tunnel van het fort (begin) naar de sloep. Wie als eerste alle zes in de sloep heeft, wint meteen.`,
      "In je beurt onderneem je één, twee of drie acties, in elke combinatie; je mag ook eerder stoppen of passen. Voorwaarts: speel een kaart uit en zet een eigen piraat op het volgende onbezette teken dat op die kaart staat; bezette velden worden overgesprongen, en is er vooruit geen vrij teken meer, dan gaat de piraat direct in de sloep. Achterwaarts: trek een eigen piraat terug naar het dichtstbijzijnde veld met 1 of 2 piraten en neem evenveel kaarten (nooit terug uit de tunnel; velden met 3 piraten worden overgesprongen).",
      "Jamaica-versie: je kaarten zijn verdekt en nieuwe kaarten komen van de voorraadstapel. Tortuga-versie: alle kaarten liggen open en nieuwe kaarten komen uit de kaartenrij, aan de kant van de pijl.",
      "Op het bord: klik eerst een kaart en dan een piraat om die piraat voorwaarts te zetten (de velden waar hij kan landen krijgen een ring). Klik eerst een piraat om hem terug te trekken. Je beurt eerder beëindigen of passen doe je met een knop.",
    ].join("\n\n"),
    de: [
      `Ziel: Bring alle ${PIRATES_PER_SEAT} deiner Piraten durch den Tunnel aus der Festung (Start) ins Boot. Wer zuerst alle sechs im Boot hat, gewinnt sofort.`,
      "In deinem Zug machst du bis zu drei Aktionen in beliebiger Mischung; du darfst früher aufhören oder passen. Vorwärts: Spiele eine Karte aus und setze einen deiner Piraten auf das nächste freie Feld mit diesem Symbol; besetzte Felder werden übersprungen, und ist vorn keines mehr frei, geht der Pirat direkt ins Boot. Zurück: Ziehe einen deiner Piraten zurück auf das nächste Feld mit einem oder zwei Piraten und nimm so viele Karten (nie aus dem Tunnel hinaus; Felder mit drei Piraten werden übersprungen).",
      "Jamaica-Version: deine Karten sind verdeckt, neue Karten kommen vom Nachziehstapel. Tortuga-Version: alle Karten liegen offen, neue Karten kommen aus der Kartenreihe, an der Seite mit dem Pfeil.",
      "Auf dem Brett: Klicke zuerst eine Karte und dann einen Piraten, um ihn vorwärts zu ziehen (die Felder, auf denen er landen kann, sind umringt). Klicke zuerst einen Piraten, um ihn zurückzuziehen. Den Zug früher beenden oder passen geht über eine Schaltfläche.",
    ].join("\n\n"),
  },
  rulebooks: [
    {
      lang: "nl",
      book: "Cartagena (Leo Colovini), the rules of both versions, Jamaica and Tortuga, Dutch edition",
      sections: [
        "Doel van het spel",
        "Spelvoorbereiding",
        "Spelverloop",
        "De beide acties in detail",
        "Einde van het spel",
      ],
    },
  ],
};
