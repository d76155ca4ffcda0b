/** The games the client can draw: one line per game, as in the server's registry. */

import cartagena from "./cartagena";
import tortuga from "./tortuga";
import tortuga1667 from "./tortuga1667";
import type { GameUI } from "./types";

export const GAME_UIS: Record<string, GameUI> = Object.fromEntries(
  [cartagena, tortuga, tortuga1667].map((ui) => [ui.name, ui]),
);

export function gameUI(name: string): GameUI | undefined {
  return GAME_UIS[name];
}
