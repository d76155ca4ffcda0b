/** Tortuga 1667 (hidden teams, 2–9 players): the board, the click paths of its actions and its
 * words. */

import type { GameUI } from "../types";
import { Board } from "./Board";
import { actionPath } from "./model";
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
};

export default tortuga1667;
