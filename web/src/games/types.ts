/** What a game brings to the client: its board, how clicks on the board map to actions, and
 * its words. One folder per game under games/, one line in games/index.ts; nothing outside
 * games/ names a game (as on the server). */

import type { ComponentType } from "preact";
import type { Action, Choice, Json, LogData, LogLine, View } from "../protocol";
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
  /**
   * Each seat's last move (seat → the data of the log lines that move wrote, in order), for
   * the seats that have moved; the board marks where each one happened, in the seat's colour,
   * until that seat moves again. Every mark is an element with `data-last-move="<seat>"`.
   */
  lastMoves?: ReadonlyMap<number, readonly LogData[]>;
}

/** What a game's end screen is given: the final view, as the seat (or a spectator) sees it. */
export interface EndProps {
  view: View;
  seat: number | null;
  names: string[];
  lang: Lang;
  /** The log lines this page saw (the order of things, where the result depends on it). */
  log?: readonly LogLine[];
}

/** The lobby's words for a game's options, and which options apply. */
export interface OptionWords {
  /** The option's name in plain words. */
  label(key: string, lang: Lang): string;
  /** A sentence on what it does (the rulebook's terms). */
  help(key: string, lang: Lang): string;
  /** A value in plain words (a start player as the seat's name, a layout by its name). */
  choice(key: string, value: Json, lang: Lang, names: readonly string[]): string;
  /** Whether the option means anything for this player count and these other options. */
  applies(key: string, players: number, options: Readonly<Record<string, Json>>): boolean;
  /** The values the lobby offers for the option at this player count, where the server lists
   * none or more than apply (a start player's seats, a count of cards); null: the server's. */
  values?(key: string, players: number): Json[] | null;
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
  /**
   * The log line in the player's language, written from the event's data with the seats'
   * names as the table shows them. In English, given the engine's own seat names, it is the
   * engine's text word for word (the tests check that on whole games): so the data says
   * everything the line says, and nothing the words do not.
   */
  logLine(data: LogData, lang: Lang, names: readonly string[]): string;
  /** Every event `type` the engine writes (the completeness tests check both ways). */
  eventTypes: readonly string[];
  /** The seat whose own move wrote this line, or null (the set-up, a new round, a result). */
  mover(data: LogData): number | null;
  /** The game's result as its rulebook scores it (the table adds the heading and links). */
  End: ComponentType<EndProps>;
  /**
   * What the seat is asked now, in words and the rulebook's terms ("Play a card to move a
   * pirate forward, or move one back: 2 actions left"), for the action bar; null when the
   * table's general hint says enough.
   */
  prompt(view: View, lang: Lang, names: readonly string[]): string | null;
  /** A clicked board key in words, for "chosen so far" (names: the seats' names). */
  keyWords(key: string, view: View, lang: Lang, names?: readonly string[]): string;
  /**
   * Whether the table asks "Confirm" before sending this choice: a secret choice, or one the
   * rules do not let the player take back once others have seen it. (Undo covers the clicks
   * before it.)
   */
  confirm(choice: Choice, view: View): boolean;
  /** Buttons are shown in this order, lowest first; the first is the prominent one. */
  rank(choice: Choice, view: View): number;
  /**
   * Why the board key cannot be picked now, in words (null: it can, or there is nothing to
   * say): the table shows it when the player clicks a thing that is not offered.
   */
  whyNot(key: string, view: View, legal: readonly Choice[], lang: Lang): string | null;
  /** The lobby's words for the game's options. */
  options: OptionWords;
}
