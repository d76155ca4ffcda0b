/** Tortuga 1667 (hidden teams, 2–9 players): the board, the click paths of its actions and its
 * words. */

import type { GameUI } from "../types";
import { OPTIONS } from "./options";
import { Board, prompt } from "./Board";
import { EVENT_TYPES, logLine, mover } from "./log";
import { actionPath } from "./model";
import { End, confirm, keyWords, rank, whyNot } from "./table";
import { HOW_TO, TERMS, describe, seatSummary } from "./words";

const tortuga1667: GameUI = {
  name: "tortuga1667",
  title: { en: "Tortuga 1667", nl: "Tortuga 1667", de: "Tortuga 1667" },
  Board,
  path: actionPath,
  describe,
  terms: TERMS,
  seatSummary,
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

export default tortuga1667;
