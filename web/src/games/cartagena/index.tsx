/** Cartagena (Jamaica and Tortuga versions): the board, the click paths and the words.
 *
 * Paths: forward = ["card:SYMBOL", "pirate:FROM"] (a card, then the pirate to move; FROM is
 * "start", 0..35), back = ["pirate:FROM"] (FROM is 0..35 or "boat": a pirate in the boat may go
 * back), end turn / pass = [] (a button). Back paths start with a pirate and forward paths with
 * a card, so no two actions share a path. */

import type { Action, View } from "../../protocol";
import type { GameUI } from "../types";
import { OPTIONS } from "./options";
import { Board } from "./Board";
import { confirm, keyWords, rank, whyNot } from "./choices";
import { End } from "./End";
import { EVENT_TYPES, logLine, mover } from "./log";
import { prompt } from "./prompt";
import { cardKey, isSymbol, pirateKey } from "./model";
import { HOW_TO, TERMS, describe, summary } from "./words";

export function path(action: Action, _view: View): string[] {
  const from = action["from"];
  if (action.type === "forward") {
    const card = action["card"];
    if (!isSymbol(card) || typeof from !== "number") return [];
    return [cardKey(card), pirateKey(from)];
  }
  if (action.type === "back") {
    if (typeof from !== "number") return [];
    return [pirateKey(from)];
  }
  return [];
}

const cartagena: GameUI = {
  name: "cartagena",
  title: { en: "Cartagena", nl: "Cartagena", de: "Cartagena" },
  Board,
  path,
  describe: (choice, view, lang) => describe(choice, view, lang),
  terms: TERMS,
  seatSummary: summary,
  howTo: HOW_TO,
  options: OPTIONS,
  logLine,
  eventTypes: EVENT_TYPES,
  mover,
  End,
  keyWords,
  prompt,
  confirm,
  rank,
  whyNot,
};

export default cartagena;
