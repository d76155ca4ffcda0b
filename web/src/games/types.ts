/** What a game brings to the client: its board, how clicks on the board map to actions, and
 * its words. One folder per game under games/, one line in games/index.ts; nothing outside
 * games/ names a game (as on the server). */

import type { ComponentType } from "preact";
import type { Action, Choice, View } from "../protocol";
import type { Lang } from "../i18n";

/** What a board is given to draw. Everything comes from the seat's own view: a board never
 * sees more than the seat may know, because nothing else reaches the client. */
export interface BoardProps {
  view: View;
  /** The seat this page plays (null: spectator or replay as a spectator). */
  seat: number | null;
  /** The seats' names, as the table shows them. */
  names: string[];
  lang: Lang;
  /** Board keys that the player may click now (the next step of some legal action). */
  clickable: ReadonlySet<string>;
  /** Keys already clicked in the current multi-step choice, in order. */
  picked: readonly string[];
  /** Called with a board key when the player clicks (or presses Enter on) that thing. */
  onPick: (key: string) => void;
}

/** How-to-play: a short text per language and the rulebook sections it points to. */
export interface HowTo {
  /** A few paragraphs per language (plain text; blank lines separate paragraphs). */
  text: Record<Lang, string>;
  /** The rulebooks this game follows (docs/rulebooks.md; their texts belong to the publishers
   * and are not shipped), each with the printed headings of the sections to read. */
  rulebooks: { lang: string; book: string; sections: string[] }[];
}

export interface GameUI {
  /** The server's name for the game (GET /api/games). */
  name: string;
  /** The game's name in each language. */
  title: Record<Lang, string>;
  Board: ComponentType<BoardProps>;
  /**
   * The board keys a player clicks, in order, to make `action`: "a card then a pirate",
   * "a die, another die". An action with no board thing to click returns [] and is offered as
   * a button. Two actions must not have the same path; a path may extend another's (keeping
   * die A, or dice A and B), the shorter one is then offered as a button once reached.
   */
  path(action: Action, view: View): string[];
  /** The action's words in the player's language (null: use the engine's English words). */
  describe?(choice: Choice, view: View, lang: Lang, names: string[]): string | null;
  /** Words for the board's own labels and terms, per language. */
  terms: Record<Lang, Record<string, string>>;
  /** One line per seat for the seat list (chests, pirates in the boat, ...), from the view. */
  seatSummary(view: View, seat: number, lang: Lang): string;
  howTo: HowTo;
}
