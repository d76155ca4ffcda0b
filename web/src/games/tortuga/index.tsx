/** Tortuga, the dice game: every seat's player board (tracks, chest areas, action spaces with
 * dice and bonus tiles, the roll), the centre island, the bag and the tiles left.
 *
 * Board keys (GameUI.path):
 *   select {dice}      → die:A, die:C ...      (the seat's own rolled dice, in letter order)
 *   turn {action}      → space:ACTION          (the seat's own action space)
 *   bonus {space}      → space:ACTION
 *   perform            → space:ACTION          (the action being resolved)
 *   forfeit            → []                    (a button)
 *   attack {target}    → seat:N                (that seat's whole board)
 *   keep {coins}       → tile:N                (the treasure tile looked at, by its coins)
 *   seize {index}      → chest:SEAT:AREA:INDEX (the chest in the target's fleet or crew area)
 *   claim {colour}     → chest:center:COLOUR   (the chest on the centre island)
 *   place {colour}     → chest:SEAT:SOURCE:COLOUR (the chests in transit, drawn in the area they
 *                                              were picked up from, one key per colour)
 *   select {dice: []}  → []                    (nothing can be placed: a button)
 */

import type { Action, View } from "../../protocol";
import type { GameUI } from "../types";
import { TortugaBoard } from "./board";
import { TortugaEnd } from "./end";
import { EVENT_TYPES, logLine, mover } from "./log";
import { actionPath, asView } from "./model";
import { OPTIONS } from "./options";
import { confirm, keyWords, rank, whyNot } from "./play";
import { HOW_TO, TERMS, describeChoice, statusWords, summary } from "./words";

const tortuga: GameUI = {
  name: "tortuga",
  title: { en: "Tortuga", nl: "Tortuga", de: "Tortuga" },
  Board: TortugaBoard,
  path: (action: Action, view: View) => actionPath(action, asView(view)),
  describe: (choice, view, lang, names) => describeChoice(choice, view, lang, names),
  terms: TERMS,
  seatSummary: (view, seat, lang) => summary(view, seat, lang),
  howTo: HOW_TO,
  options: OPTIONS,
  logLine,
  eventTypes: EVENT_TYPES,
  mover,
  End: TortugaEnd,
  keyWords,
  // What the seat is asked: the board's status line ("Choose the dice you keep", ...).
  prompt: (view, lang, names) => statusWords(asView(view), lang, names),
  confirm,
  rank,
  whyNot,
};

export default tortuga;
