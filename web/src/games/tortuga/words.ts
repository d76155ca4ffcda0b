/** Tortuga's words in the three languages of the rulebook: the terms are the rulebook's own
 * (English: expand fleet, recruit crew, treasure hunt, board, raid; Dutch: schip verbeteren,
 * bemanning inhuren, schat zoeken, enteren, overvallen; German: Flotte ausbauen, Crew
 * anheuern, Schatzsuche, Entern, Überfallen; chests, treasure tiles, bonus tiles...). */

import type { Lang } from "../../i18n";
import { term } from "../../i18n";
import type { Choice, View } from "../../protocol";
import type { HowTo } from "../types";
import { asView, chestCounts, dieNumber, type ActionName, type Colour, type Face, type TView } from "./model";

type Words = Record<string, string>;

const en: Words = {
  "action.fleet": "Expand fleet",
  "action.crew": "Recruit crew",
  "action.hunt": "Treasure hunt",
  "action.board": "Board",
  "action.raid": "Raid",
  "short.fleet": "Fleet",
  "short.crew": "Crew",
  "short.hunt": "Hunt",
  "short.board": "Board",
  "short.raid": "Raid",
  "face.skull": "Skull",
  // The faces in the end screen's dice panel (GameUI.terms "dice.<face>").
  "dice.fleet": "Fleet",
  "dice.crew": "Crew",
  "dice.hunt": "Hunt",
  "dice.board": "Board",
  "dice.raid": "Raid",
  "dice.skull": "Skull",
  "area.tortuga": "Tortuga",
  "area.fleet": "Fleet area",
  "area.crew": "Crew area",
  "area.island": "Island",
  "long.tortuga": "Tortuga",
  "long.fleet": "fleet area",
  "long.crew": "crew area",
  "long.island": "island area",
  "track.fleet": "Fleet",
  "track.crew": "Crew",
  "track.fleet.long": "Fleet track",
  "track.crew.long": "Crew track",
  "token.fleet": "boat token",
  "token.crew": "pirate token",
  "track.label": "{track}: {token} on box {box}, holds {n} chests",
  "track.box": "box {n}",
  max: "max {n}",
  "colour.red": "red",
  "colour.blue": "blue",
  "colour.yellow": "yellow",
  "colour.white": "white",
  "colour.purple": "purple",
  "adj.red": "red",
  "adj.blue": "blue",
  "adj.yellow": "yellow",
  "adj.white": "white",
  "adj.purple": "purple",
  "letter.red": "R",
  "letter.blue": "B",
  "letter.yellow": "Y",
  "letter.white": "W",
  "letter.purple": "P",
  chest: "{colour} chest",
  "chest.at": "{colour} chest, {area} space {n}",
  "chest.moving": "{colour} chest to place ({n} of this colour)",
  "slot.empty": "empty space",
  "slot.closed": "no room (token too far left)",
  you: "you",
  winner: "Winner",
  start: "Start",
  "start.long": "start player",
  "to.move": "to move",
  points: "{n} pts",
  "points.long": "{n} points (coins of others hidden)",
  tiles: "Treasure tiles: {n}",
  "tiles.short": "Tiles",
  "tiles.coins": "Treasure tiles: {n} ({coins} coins)",
  "tile.face": "Treasure tile with {n} coins",
  "tile.back": "Treasure tile, face down",
  "tile.keep": "Keep one:",
  "tile.looking": "Looks at {n} treasure tiles",
  coins: "{n} coins",
  coin: "{n} coin",
  bonus: "Bonus tile +{n} on {action}",
  space: "Action space {action}: {dice}{bonus}, total {total}",
  "space.nodice": "Action space {action}: no dice",
  "die.placed": "die {letter}: {number}",
  "die.face": "Die {letter}: {face}",
  "die.down": "Die {letter}, face down",
  "die.kept": "kept",
  "hand.rolled": "Roll",
  "hand.choosing": "Choosing dice behind the screen…",
  "hand.chosen": "Has chosen",
  "hand.your.chosen": "You keep {dice}",
  "hand.turn": "Turn the skulls to an action:",
  "hand.done": "All dice placed",
  "hand.left": "{n} dice in hand",
  "hand.left.1": "1 die in hand",
  "hand.moving": "Chests to place:",
  "hand.moving.to": "→ {area}",
  "board.of": "{name}'s board",
  "board.yours": "Your board ({name})",
  island: "Centre island",
  "island.empty": "empty",
  bag: "Bag: {n} chests",
  "bag.colour": "{n} {colour} in the bag",
  supply: "Tiles left: {tiles} treasure · {bonus} bonus",
  "supply.short": "Treasure {tiles} · Bonus {bonus}",
  round: "Round {n}",
  "phase.roll": "Roll the dice",
  "phase.actions": "Actions",
  "phase.chests": "Move treasure chests",
  "phase.over": "Game over",
  goal: "Goal: {n} chests in Tortuga",
  "two.players": "2 players: only the 1st position acts",
  "two.players.long":
    "2 players: only the 1st position performs an action (one box on a track, one treasure tile); surplus chests go back into the bag.",
  "status.select": "Everyone keeps dice behind the screen",
  "status.turn": "{name} turns skull {dice} to an action",
  "status.reselect": "{name} re-rolled and keeps dice",
  "status.bonus": "{name} takes or flips a bonus tile",
  "status.decide": "{action}: {name} ({pos}. position) acts or forfeits",
  "status.attack": "{action}: {name} ({pos}. position) picks a target",
  "status.keep": "{name} keeps one of two treasure tiles",
  "status.seize": "{name} seizes a chest from {target}'s {area}",
  "status.claim": "{name} claims a chest from the centre island",
  "status.place": "{name} places chests from the {source} into the {destination}",
  "status.over": "Winner: {names}",
  "score.1": "Tortuga {tortuga} · fleet {fleet} · crew {crew}",
  "score.2": "sets {sets} · tracks {tracks} · coins {coins}",
  "score.total": "Total {n}",
  summary: "Tortuga {tortuga}/{goal} · fleet {fleet} · crew {crew} · island {island} · tiles {tiles}",
  // describe()
  "do.select.none": "No die can be placed: show the roll and re-roll",
  "do.select": "Keep {dice}",
  "do.die": "{letter} ({face})",
  "do.turn": "Turn skull {dice} to {action}",
  "do.bonus.take": "Take a bonus tile for {action}",
  "do.bonus.flip": "Flip the bonus tile on {action} to 2",
  "do.perform": "Perform {action} ({pos}. position)",
  "do.forfeit": "Forfeit {action}",
  "do.board": "Board {name}",
  "do.raid": "Raid {name}",
  "do.keep": "Keep the treasure tile with {n} coins",
  "do.keep.1": "Keep the treasure tile with 1 coin",
  "do.seize": "Seize the {colour} chest (space {n}) from {name}'s {area}",
  "do.claim": "Claim the {colour} chest from the centre island",
  "do.place": "Place the {colour} chest next in your {area}",
};

const nl: Words = {
  "action.fleet": "Schip verbeteren",
  "action.crew": "Bemanning inhuren",
  "action.hunt": "Schat zoeken",
  "action.board": "Enteren",
  "action.raid": "Overvallen",
  "short.fleet": "Schip",
  "short.crew": "Bemanning",
  "short.hunt": "Schat",
  "short.board": "Enteren",
  "short.raid": "Overvallen",
  "face.skull": "Doodshoofd",
  // The faces in the end screen's dice panel (GameUI.terms "dice.<face>").
  "dice.fleet": "Schip",
  "dice.crew": "Bemanning",
  "dice.hunt": "Schat",
  "dice.board": "Enteren",
  "dice.raid": "Overvallen",
  "dice.skull": "Doodshoofd",
  "area.tortuga": "Tortuga",
  "area.fleet": "Schipvelden",
  "area.crew": "Bemanning",
  "area.island": "Eilandveld",
  "long.tortuga": "Tortuga",
  "long.fleet": "schipvelden",
  "long.crew": "bemanningsvelden",
  "long.island": "eilandveld",
  "track.fleet": "Schip",
  "track.crew": "Bemanning",
  "track.fleet.long": "Schipspoor",
  "track.crew.long": "Bemanningsspoor",
  "token.fleet": "schip",
  "token.crew": "piraat",
  "track.label": "{track}: {token} op veld {box}, draagt {n} schatkisten",
  "track.box": "veld {n}",
  max: "max. {n}",
  "colour.red": "rood",
  "colour.blue": "blauw",
  "colour.yellow": "geel",
  "colour.white": "wit",
  "colour.purple": "paars",
  "adj.red": "rode",
  "adj.blue": "blauwe",
  "adj.yellow": "gele",
  "adj.white": "witte",
  "adj.purple": "paarse",
  "letter.red": "R",
  "letter.blue": "B",
  "letter.yellow": "G",
  "letter.white": "W",
  "letter.purple": "P",
  chest: "{colour} schatkist",
  "chest.at": "{colour} schatkist, {area} plaats {n}",
  "chest.moving": "{colour} schatkist om te plaatsen ({n} van deze kleur)",
  "slot.empty": "leeg veld",
  "slot.closed": "geen plaats (speelstuk te ver links)",
  you: "jij",
  winner: "Winnaar",
  start: "Start",
  "start.long": "startspeler",
  "to.move": "aan zet",
  points: "{n} ptn",
  "points.long": "{n} punten (munten van anderen verborgen)",
  tiles: "Schatfiches: {n}",
  "tiles.short": "Fiches",
  "tiles.coins": "Schatfiches: {n} ({coins} munten)",
  "tile.face": "Schatfiche met {n} munten",
  "tile.back": "Schatfiche, gedekt",
  "tile.keep": "Houd er één:",
  "tile.looking": "Bekijkt {n} schatfiches",
  coins: "{n} munten",
  coin: "{n} munt",
  bonus: "Voordeelfiche +{n} bij {action}",
  space: "Actieveld {action}: {dice}{bonus}, totaal {total}",
  "space.nodice": "Actieveld {action}: geen dobbelstenen",
  "die.placed": "dobbelsteen {letter}: {number}",
  "die.face": "Dobbelsteen {letter}: {face}",
  "die.down": "Dobbelsteen {letter}, verborgen",
  "die.kept": "gekozen",
  "hand.rolled": "Worp",
  "hand.choosing": "Kiest achter het zichtscherm…",
  "hand.chosen": "Heeft gekozen",
  "hand.your.chosen": "Je houdt {dice}",
  "hand.turn": "Draai de doodshoofden naar een actie:",
  "hand.done": "Alle dobbelstenen geplaatst",
  "hand.left": "{n} dobbelstenen op hand",
  "hand.left.1": "1 dobbelsteen op hand",
  "hand.moving": "Te plaatsen schatkisten:",
  "hand.moving.to": "→ {area}",
  "board.of": "Spelersbordje van {name}",
  "board.yours": "Jouw spelersbordje ({name})",
  island: "Eiland in het midden",
  "island.empty": "leeg",
  bag: "Zak: {n} schatkisten",
  "bag.colour": "{n} {colour} in de zak",
  supply: "Over: {tiles} schatfiches · {bonus} voordeelfiches",
  "supply.short": "Schat {tiles} · Voordeel {bonus}",
  round: "Ronde {n}",
  "phase.roll": "Dobbelen",
  "phase.actions": "Acties",
  "phase.chests": "Schatkisten verplaatsen",
  "phase.over": "Einde van het spel",
  goal: "Doel: {n} schatkisten in Tortuga",
  "two.players": "2 spelers: enkel de 1e plaats voert uit",
  "two.players.long":
    "2 spelers: enkel de speler op de 1e plaats voert de actie uit (één veld op een spoor, één schatfiche); overtollige schatkisten gaan in de zak.",
  "status.select": "Iedereen kiest dobbelstenen achter het zichtscherm",
  "status.turn": "{name} draait doodshoofd {dice} naar een actie",
  "status.reselect": "{name} heeft opnieuw gedobbeld en kiest",
  "status.bonus": "{name} neemt of draait een voordeelfiche",
  "status.decide": "{action}: {name} ({pos}e plaats) voert uit of niet",
  "status.attack": "{action}: {name} ({pos}e plaats) kiest een speler",
  "status.keep": "{name} houdt één van twee schatfiches",
  "status.seize": "{name} pakt een schatkist van de {area} van {target}",
  "status.claim": "{name} pakt een schatkist van het eiland in het midden",
  "status.place": "{name} verplaatst schatkisten van {source} naar {destination}",
  "status.over": "Winnaar: {names}",
  "score.1": "Tortuga {tortuga} · schip {fleet} · bemanning {crew}",
  "score.2": "sets {sets} · sporen {tracks} · munten {coins}",
  "score.total": "Totaal {n}",
  summary: "Tortuga {tortuga}/{goal} · schip {fleet} · bemanning {crew} · eiland {island} · fiches {tiles}",
  "do.select.none": "Geen dobbelsteen te plaatsen: worp tonen en opnieuw dobbelen",
  "do.select": "Houd {dice}",
  "do.die": "{letter} ({face})",
  "do.turn": "Draai doodshoofd {dice} naar {action}",
  "do.bonus.take": "Neem een voordeelfiche voor {action}",
  "do.bonus.flip": "Draai het voordeelfiche bij {action} naar 2",
  "do.perform": "{action} uitvoeren ({pos}e plaats)",
  "do.forfeit": "{action} niet uitvoeren",
  "do.board": "{name} enteren",
  "do.raid": "{name} overvallen",
  "do.keep": "Houd het schatfiche met {n} munten",
  "do.keep.1": "Houd het schatfiche met 1 munt",
  "do.seize": "Pak de {colour} schatkist (plaats {n}) van de {area} van {name}",
  "do.claim": "Pak de {colour} schatkist van het eiland in het midden",
  "do.place": "Leg de {colour} schatkist als volgende op je {area}",
};

const de: Words = {
  "action.fleet": "Flotte ausbauen",
  "action.crew": "Crew anheuern",
  "action.hunt": "Schatzsuche",
  "action.board": "Entern",
  "action.raid": "Überfallen",
  "short.fleet": "Flotte",
  "short.crew": "Crew",
  "short.hunt": "Schatz",
  "short.board": "Entern",
  "short.raid": "Überfallen",
  "face.skull": "Totenkopf",
  // The faces in the end screen's dice panel (GameUI.terms "dice.<face>").
  "dice.fleet": "Flotte",
  "dice.crew": "Crew",
  "dice.hunt": "Schatz",
  "dice.board": "Entern",
  "dice.raid": "Überfallen",
  "dice.skull": "Totenkopf",
  "area.tortuga": "Tortuga",
  "area.fleet": "Flotte",
  "area.crew": "Crew",
  "area.island": "Insel",
  "long.tortuga": "Tortuga",
  "long.fleet": "Flottenbereich",
  "long.crew": "Crewbereich",
  "long.island": "Inselbereich",
  "track.fleet": "Flotte",
  "track.crew": "Crew",
  "track.fleet.long": "Flottenleiste",
  "track.crew.long": "Crewleiste",
  "token.fleet": "Schiffsmarker",
  "token.crew": "Piratenmarker",
  "track.label": "{track}: {token} auf Feld {box}, trägt {n} Schatztruhen",
  "track.box": "Feld {n}",
  max: "max. {n}",
  "colour.red": "rot",
  "colour.blue": "blau",
  "colour.yellow": "gelb",
  "colour.white": "weiß",
  "colour.purple": "lila",
  "adj.red": "rote",
  "adj.blue": "blaue",
  "adj.yellow": "gelbe",
  "adj.white": "weiße",
  "adj.purple": "lila",
  "letter.red": "R",
  "letter.blue": "B",
  "letter.yellow": "G",
  "letter.white": "W",
  "letter.purple": "L",
  chest: "Schatztruhe {colour}",
  "chest.at": "Schatztruhe {colour}, {area} Feld {n}",
  "chest.moving": "Schatztruhe {colour} zu legen ({n} dieser Farbe)",
  "slot.empty": "freies Feld",
  "slot.closed": "kein Platz (Marker zu weit links)",
  you: "du",
  winner: "Sieger",
  start: "Start",
  "start.long": "Startspieler",
  "to.move": "am Zug",
  points: "{n} Pkt.",
  "points.long": "{n} Punkte (Münzen anderer verdeckt)",
  tiles: "Schatzplättchen: {n}",
  "tiles.short": "Plättchen",
  "tiles.coins": "Schatzplättchen: {n} ({coins} Münzen)",
  "tile.face": "Schatzplättchen mit {n} Münzen",
  "tile.back": "Schatzplättchen, verdeckt",
  "tile.keep": "Behalte eines:",
  "tile.looking": "Sieht sich {n} Schatzplättchen an",
  coins: "{n} Münzen",
  coin: "{n} Münze",
  bonus: "Vorteilsplättchen +{n} bei {action}",
  space: "Ablagefläche {action}: {dice}{bonus}, Summe {total}",
  "space.nodice": "Ablagefläche {action}: keine Würfel",
  "die.placed": "Würfel {letter}: {number}",
  "die.face": "Würfel {letter}: {face}",
  "die.down": "Würfel {letter}, verdeckt",
  "die.kept": "gewählt",
  "hand.rolled": "Wurf",
  "hand.choosing": "Wählt hinter dem Sichtschirm…",
  "hand.chosen": "Hat gewählt",
  "hand.your.chosen": "Du behältst {dice}",
  "hand.turn": "Drehe die Totenköpfe auf eine Aktion:",
  "hand.done": "Alle Würfel platziert",
  "hand.left": "{n} Würfel in der Hand",
  "hand.left.1": "1 Würfel in der Hand",
  "hand.moving": "Zu legende Schatztruhen:",
  "hand.moving.to": "→ {area}",
  "board.of": "Spielertableau von {name}",
  "board.yours": "Dein Spielertableau ({name})",
  island: "Insel in der Mitte",
  "island.empty": "leer",
  bag: "Beutel: {n} Schatztruhen",
  "bag.colour": "{n} {colour} im Beutel",
  supply: "Übrig: {tiles} Schatzplättchen · {bonus} Vorteilsplättchen",
  "supply.short": "Schatz {tiles} · Vorteil {bonus}",
  round: "Runde {n}",
  "phase.roll": "Würfeln",
  "phase.actions": "Aktionen",
  "phase.chests": "Schatztruhen bewegen",
  "phase.over": "Spielende",
  goal: "Ziel: {n} Schatztruhen in Tortuga",
  "two.players": "Zu zweit: nur der 1. Platz führt aus",
  "two.players.long":
    "Zu zweit: nur der 1. Platz führt die Aktion aus (ein Feld auf einer Leiste, ein Schatzplättchen); überzählige Schatztruhen gehen zurück in den Beutel.",
  "status.select": "Alle wählen Würfel hinter dem Sichtschirm",
  "status.turn": "{name} dreht Totenkopf {dice} auf eine Aktion",
  "status.reselect": "{name} hat neu gewürfelt und wählt",
  "status.bonus": "{name} nimmt oder dreht ein Vorteilsplättchen",
  "status.decide": "{action}: {name} ({pos}. Platz) führt aus oder verzichtet",
  "status.attack": "{action}: {name} ({pos}. Platz) wählt einen Mitspieler",
  "status.keep": "{name} behält eines von zwei Schatzplättchen",
  "status.seize": "{name} nimmt eine Schatztruhe aus dem {area} von {target}",
  "status.claim": "{name} nimmt eine Schatztruhe von der Insel in der Mitte",
  "status.place": "{name} legt Schatztruhen vom {source} in den {destination}",
  "status.over": "Sieger: {names}",
  "score.1": "Tortuga {tortuga} · Flotte {fleet} · Crew {crew}",
  "score.2": "Sets {sets} · Leisten {tracks} · Münzen {coins}",
  "score.total": "Gesamt {n}",
  summary: "Tortuga {tortuga}/{goal} · Flotte {fleet} · Crew {crew} · Insel {island} · Plättchen {tiles}",
  "do.select.none": "Kein Würfel platzierbar: Wurf zeigen und neu würfeln",
  "do.select": "Behalte {dice}",
  "do.die": "{letter} ({face})",
  "do.turn": "Drehe Totenkopf {dice} auf {action}",
  "do.bonus.take": "Nimm ein Vorteilsplättchen für {action}",
  "do.bonus.flip": "Drehe das Vorteilsplättchen bei {action} auf 2",
  "do.perform": "{action} ausführen ({pos}. Platz)",
  "do.forfeit": "{action} verfallen lassen",
  "do.board": "{name} entern",
  "do.raid": "{name} überfallen",
  "do.keep": "Behalte das Schatzplättchen mit {n} Münzen",
  "do.keep.1": "Behalte das Schatzplättchen mit 1 Münze",
  "do.seize": "Nimm die {colour} Schatztruhe (Feld {n}) aus dem {area} von {name}",
  "do.claim": "Nimm die {colour} Schatztruhe von der Insel in der Mitte",
  "do.place": "Lege die {colour} Schatztruhe als nächste in deinen {area}",
};

export const TERMS: Record<Lang, Words> = { en, nl, de };

export function w(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  return term(TERMS, lang, key, params);
}

export function actionName(lang: Lang, action: ActionName): string {
  return w(lang, `action.${action}`);
}

/** How a die face reads: "Raid 4", "Skull". */
export function faceWords(lang: Lang, letter: string, face: Face): string {
  if (face === "skull") return w(lang, "face.skull");
  return `${actionName(lang, face)} ${dieNumber(letter, face)}`;
}

export function colourWord(lang: Lang, colour: Colour): string {
  return w(lang, `colour.${colour}`);
}

function seatName(view: TView, names: readonly string[], seat: number): string {
  return names[seat] ?? view.seat_names?.[seat] ?? view.seats[seat]?.name ?? `#${seat + 1}`;
}

/** The action in words, in the rulebook's terms of `lang`. */
export function describeChoice(choice: Choice, raw: View, lang: Lang, names: readonly string[]): string | null {
  const view = asView(raw);
  const a = choice.action;
  const d = view.decision;
  const own = view.seat !== null ? view.seats[view.seat] : undefined;
  switch (a.type) {
    case "select": {
      const dice = a["dice"] as string[];
      if (!dice.length) return w(lang, "do.select.none");
      const roll = own?.roll;
      const parts = dice.map((letter) => {
        const face = roll?.[letter];
        return face ? w(lang, "do.die", { letter, face: faceWords(lang, letter, face) }) : letter;
      });
      return w(lang, "do.select", { dice: parts.join(", ") });
    }
    case "turn":
      return w(lang, "do.turn", {
        dice: (d?.dice ?? []).join(", "),
        action: actionName(lang, a["action"] as ActionName),
      });
    case "bonus": {
      const space = a["space"] as ActionName;
      const seat = d?.seat !== undefined ? view.seats[d.seat] : own;
      const flip = (seat?.bonus[space] ?? 0) === 1;
      return w(lang, flip ? "do.bonus.flip" : "do.bonus.take", { action: actionName(lang, space) });
    }
    case "perform":
    case "forfeit": {
      if (!d?.action) return null;
      return w(lang, a.type === "perform" ? "do.perform" : "do.forfeit", {
        action: actionName(lang, d.action),
        pos: d.position ?? 1,
      });
    }
    case "attack": {
      const name = seatName(view, names, a["target"] as number);
      return w(lang, d?.action === "raid" ? "do.raid" : "do.board", { name });
    }
    case "keep": {
      const n = a["coins"] as number;
      return n === 1 ? w(lang, "do.keep.1") : w(lang, "do.keep", { n });
    }
    case "seize": {
      if (d?.target === undefined || !d.area) return null;
      const index = a["index"] as number;
      const chest = view.seats[d.target]?.[d.area]?.[index];
      if (!chest) return null;
      return w(lang, "do.seize", {
        colour: w(lang, `adj.${chest}`),
        n: index + 1,
        name: seatName(view, names, d.target),
        area: w(lang, `long.${d.area}`),
      });
    }
    case "claim":
      return w(lang, "do.claim", { colour: w(lang, `adj.${a["colour"] as string}`) });
    case "place":
      return w(lang, "do.place", {
        colour: w(lang, `adj.${a["colour"] as string}`),
        area: w(lang, `long.${d?.destination ?? "crew"}`),
      });
    default:
      return null;
  }
}

/** What the engine waits for, in words (the board's status line). */
export function statusWords(view: TView, lang: Lang, names: readonly string[]): string {
  const d = view.decision;
  const name = (s: number | undefined) => (s === undefined ? "?" : seatName(view, names, s));
  if (view.phase === "over" || !d) {
    return w(lang, "status.over", { names: (view.winners ?? []).map((s) => name(s)).join(", ") });
  }
  switch (d.kind) {
    case "select":
      return w(lang, "status.select");
    case "turn":
      return w(lang, "status.turn", { name: name(d.seat), dice: (d.dice ?? []).join(", ") });
    case "reselect":
      return w(lang, "status.reselect", { name: name(d.seat) });
    case "bonus":
      return w(lang, "status.bonus", { name: name(d.seat) });
    case "decide": {
      const attack = d.action === "board" || d.action === "raid";
      return w(lang, attack ? "status.attack" : "status.decide", {
        action: d.action ? actionName(lang, d.action) : "?",
        name: name(d.seat),
        pos: d.position ?? 1,
      });
    }
    case "keep":
      return w(lang, "status.keep", { name: name(d.seat) });
    case "seize":
      return w(lang, "status.seize", {
        name: name(d.seat),
        target: name(d.target),
        area: w(lang, `long.${d.area ?? "fleet"}`),
      });
    case "claim":
      return w(lang, "status.claim", { name: name(d.seat) });
    case "place":
      return w(lang, "status.place", {
        name: name(d.seat),
        source: w(lang, `long.${d.source ?? "island"}`),
        destination: w(lang, `long.${d.destination ?? "crew"}`),
      });
    default:
      return d.kind;
  }
}

export function summary(raw: View | TView, seat: number, lang: Lang): string {
  const view = asView(raw);
  const s = view.seats[seat];
  if (!s) return "";
  const c = chestCounts(s);
  let text = w(lang, "summary", {
    tortuga: c.tortuga,
    goal: view.goal,
    fleet: c.fleet,
    crew: c.crew,
    island: c.island,
    tiles: s.treasure_tiles,
  });
  if (s.score) text += ` · ${w(lang, "score.total", { n: s.score.total })}`;
  return text;
}

export const HOW_TO: HowTo = {
  text: {
    en: [
      "Goal: bring treasure chests to Tortuga. The game ends after the round in which someone has 6 chests in Tortuga (8 in the long game); then chests score (Tortuga 3, fleet area 2, crew area 1, purple double), plus 3 per red-blue-yellow set, 1 per box on both tracks and the coins on your treasure tiles.",
      "A round: 1. Roll the dice behind your screen and keep at least one die; several only if they show the same action (skulls may join them, or stand alone and are turned to an action after the reveal). Repeat until all your dice are on your board. 2. The actions are resolved in order: expand fleet, recruit crew, treasure hunt, board, raid; the best total (dice plus bonus tile) is 1st position, the next 2nd. 3. Chests move: fleet area to Tortuga, crew area to fleet area, island to crew area; your boat and pirate tokens say how many fit.",
      "On this board: click your own dice (letters A–E) to keep them, in letter order; the choice is sent when nothing longer is possible, otherwise a button offers the shorter one. Click an action space to turn skulls, take a bonus tile or perform your action; click another player's board to board or raid them, a chest to seize or claim it, a treasure tile to keep it, and the chests to place one by one. Forfeiting is a button.",
      "Every chest carries its colour's letter (R red, B blue, Y yellow, W white, P purple). Other players' rolls stay face down until the screens are lifted; their treasure tiles show only how many they hold.",
    ].join("\n\n"),
    nl: [
      "Doel: breng schatkisten naar Tortuga. Het spel eindigt na de ronde waarin iemand 6 schatkisten in Tortuga heeft (8 in de variant); dan tellen de schatkisten (Tortuga 3, schipvelden 2, bemanningsvelden 1, paars dubbel), plus 3 per set rood-blauw-geel, 1 per bereikt veld op beide sporen en de munten op je schatfiches.",
      "Een ronde: 1. Dobbel achter je zichtscherm en kies minstens één dobbelsteen; meerdere alleen als ze dezelfde actie tonen (doodshoofden mogen erbij, of alleen gekozen worden en na het optillen naar een actie gedraaid). Herhaal tot al je dobbelstenen op je spelersbordje staan. 2. De acties gaan in volgorde: schip verbeteren, bemanning inhuren, schat zoeken, enteren, overvallen; het hoogste totaal (dobbelstenen plus voordeelfiche) is 1e plaats, het volgende 2e. 3. Schatkisten verplaatsen: schipvelden naar Tortuga, bemanningsvelden naar schipvelden, eilandveld naar bemanningsvelden; je schip en piraat bepalen hoeveel er passen.",
      "Op dit bord: klik je eigen dobbelstenen (letters A–E) om ze te kiezen, in volgorde van de letters; de keuze gaat weg zodra niets langers meer kan, anders biedt een knop de kortere aan. Klik een actieveld om doodshoofden te draaien, een voordeelfiche te nemen of je actie uit te voeren; klik het bordje van een andere speler om te enteren of te overvallen, een schatkist om die te pakken, een schatfiche om het te houden, en de schatkisten om ze één voor één te leggen. Niet uitvoeren is een knop.",
      "Elke schatkist draagt de letter van zijn kleur (R rood, B blauw, G geel, W wit, P paars). De worpen van anderen blijven gedekt tot de zichtschermen opgaan; van hun schatfiches zie je alleen hoeveel het er zijn.",
    ].join("\n\n"),
    de: [
      "Ziel: Schatztruhen nach Tortuga bringen. Das Spiel endet nach der Runde, in der jemand 6 Schatztruhen in Tortuga hat (8 in der Variante); dann zählen die Truhen (Tortuga 3, Flottenbereich 2, Crewbereich 1, lila doppelt), dazu 3 je Set rot-blau-gelb, 1 je erreichtem Feld auf beiden Leisten und die Münzen der Schatzplättchen.",
      "Eine Runde: 1. Würfle hinter deinem Sichtschirm und wähle mindestens einen Würfel; mehrere nur, wenn sie dieselbe Aktion zeigen (Totenköpfe dürfen dazu, oder allein gewählt und nach dem Aufdecken auf eine Aktion gedreht werden). Wiederhole das, bis alle Würfel auf deinem Tableau liegen. 2. Die Aktionen folgen der Reihe nach: Flotte ausbauen, Crew anheuern, Schatzsuche, Entern, Überfallen; die höchste Summe (Würfel plus Vorteilsplättchen) ist 1. Platz, die nächste 2. Platz. 3. Schatztruhen bewegen: Flottenbereich nach Tortuga, Crewbereich in den Flottenbereich, Inselbereich in den Crewbereich; Schiffs- und Piratenmarker sagen, wie viele passen.",
      "Auf diesem Brett: klicke deine eigenen Würfel (Buchstaben A–E) in Buchstabenfolge, um sie zu behalten; die Wahl geht ab, sobald nichts Längeres mehr geht, sonst bietet eine Schaltfläche die kürzere an. Klicke eine Ablagefläche, um Totenköpfe zu drehen, ein Vorteilsplättchen zu nehmen oder deine Aktion auszuführen; klicke das Tableau eines Mitspielers, um ihn zu entern oder zu überfallen, eine Truhe, um sie zu nehmen, ein Schatzplättchen, um es zu behalten, und die Truhen, um sie einzeln zu legen. Verzichten ist eine Schaltfläche.",
      "Jede Truhe trägt den Buchstaben ihrer Farbe (R rot, B blau, G gelb, W weiß, L lila). Die Würfe der anderen bleiben verdeckt, bis die Sichtschirme hochgehen; von ihren Schatzplättchen siehst du nur die Anzahl.",
    ].join("\n\n"),
  },
  rulebooks: [
    {
      lang: "en",
      book: "Tortuga, rules booklet (English)",
      sections: [
        "Object of the game",
        "Sequence of play",
        "1. Roll the dice",
        "2. Actions",
        "3. Move treasure chests",
        "Final Scoring",
        "Rules changes for a 2-player-game",
        "Variant",
      ],
    },
    {
      lang: "de",
      book: "Tortuga, Spielanleitung (Deutsch)",
      sections: [
        "Spielziel",
        "Spielablauf",
        "1. Würfeln",
        "2. Aktionen",
        "3. Schatztruhen bewegen",
        "Schlusswertung",
        "Variante",
        "Änderungen im Spiel zu zweit",
      ],
    },
    {
      lang: "nl",
      book: "Tortuga, spelregels (Nederlands)",
      sections: [
        "Doel van het spel",
        "Spelverloop",
        "1. Dobbelen",
        "2. Acties",
        "3. Schatkisten verplaatsen",
        "Puntentelling",
        "Aanpassingen voor een spel met twee spelers",
        "Variant",
      ],
    },
  ],
};
