/** Tortuga's view, read: typed access to what the server sends (buccaneer/games/tortuga/view.py)
 * and the pure view → model functions the board draws from (totals, dice, chests in transit,
 * what is hidden, the layout). Nothing here draws; nothing here knows more than the view. */

import type {
  TortugaDecision,
  TortugaPlaced,
  TortugaRolled,
  TortugaScoreSheet,
  TortugaSeatView,
  TortugaView,
} from "../../generated/contract";
import type { Action, View } from "../../protocol";

export const ACTIONS = ["fleet", "crew", "hunt", "board", "raid"] as const;
export type ActionName = (typeof ACTIONS)[number];
export const COLOURS = ["red", "blue", "yellow", "white", "purple"] as const;
export type Colour = (typeof COLOURS)[number];
export const LETTERS = ["A", "B", "C", "D", "E"] as const;
export type Face = ActionName | "skull";
export type AreaName = "tortuga" | "fleet" | "crew" | "island";
/** The areas of a player board from left to right, as printed: chests move right to left. */
export const AREAS: readonly AreaName[] = ["tortuga", "fleet", "crew", "island"];
/** Track boxes 1..8 and how many chests (and board/raid dice) a box allows. */
export const CAPACITY = [0, 1, 2, 2, 3, 3, 4, 4, 4] as const;
export const TRACK_BOXES = 8;

// The view's types are generated from the engine's models (games/tortuga/contract.py), under
// the names this client used before; see web/scripts/generate-types.mjs.
/** A seat's final score, part by part (readable by key, for the words that show it). */
export type ScoreSheet = TortugaScoreSheet & Record<string, number>;
/** One seat's board as the viewer sees it; its dice and roll are also read by a letter taken
 * from a board key (any string: undefined for an unknown one). */
export type SeatView = Omit<TortugaSeatView, "dice" | "roll" | "score"> & {
  dice: TortugaPlaced & Record<string, ActionName | null | undefined>;
  roll: (TortugaRolled & Record<string, Face | null | undefined>) | null;
  score?: ScoreSheet;
};
/** What the engine waits for, in public words. */
export type Decision = TortugaDecision;
/** What one seat (or a spectator) sees of a Tortuga game. */
export type TView = Omit<TortugaView, "seats"> & { seats: SeatView[] };

export function asView(view: View | TView): TView {
  return view as unknown as TView;
}

/** The number die `letter` shows on `action` (docs/rulings.md, "Dice": a Latin square). */
export function dieNumber(letter: string, action: ActionName): number {
  const die = LETTERS.indexOf(letter as (typeof LETTERS)[number]);
  const a = ACTIONS.indexOf(action);
  return ((a + die + 1) % 5) + 1;
}

export interface SpaceModel {
  action: ActionName;
  /** Dice placed on this action space, as letters with their numbers. */
  dice: { letter: string; number: number }[];
  /** The bonus tile on this space: 0 (none), 1 or 2. */
  bonus: number;
  /** Dice numbers plus the bonus, "provided they have assigned at least one die". */
  total: number;
}

/** The five action spaces of a seat's board with their dice, bonus tile and total. */
export function actionSpaces(seat: SeatView): SpaceModel[] {
  return ACTIONS.map((action) => {
    const dice = LETTERS.filter((l) => seat.dice[l] === action).map((letter) => ({
      letter,
      number: dieNumber(letter, action),
    }));
    const bonus = seat.bonus[action] ?? 0;
    const total = dice.length ? dice.reduce((sum, d) => sum + d.number, 0) + bonus : 0;
    return { action, dice, bonus, total };
  });
}

export interface HandDie {
  letter: string;
  /** The face up, or null when it lies face down (hidden roll). */
  face: Face | null;
  /** Kept behind the screen (the seat's own hidden choice, only shown to itself). */
  kept: boolean;
  /** A skull revealed on its own, waiting to be turned to an action. */
  toTurn: boolean;
}

export type HandState = "rolled" | "hidden" | "turn" | "idle";

export interface HandModel {
  state: HandState;
  dice: HandDie[];
}

/** The dice of a seat that are not on its board: its own roll face up, another seat's hidden
 * roll face down (as many as it has left), skulls waiting to be turned, or none. */
export function hand(view: TView, s: number): HandModel {
  const seat = view.seats[s]!;
  const decision = view.decision;
  if (decision?.kind === "turn" && decision.seat === s) {
    const dice = (decision.dice ?? []).map((letter) => ({
      letter,
      face: "skull" as Face,
      kept: false,
      toTurn: true,
    }));
    return { state: "turn", dice };
  }
  if (seat.roll) {
    const kept = new Set(seat.selection ?? []);
    const dice = LETTERS.filter((l) => seat.roll![l] != null).map((letter) => ({
      letter,
      face: seat.roll![letter]!,
      kept: kept.has(letter),
      toTurn: false,
    }));
    return { state: "rolled", dice };
  }
  if (seat.selecting) {
    const free = LETTERS.filter((l) => seat.dice[l] == null);
    return {
      state: "hidden",
      dice: free.map((letter) => ({ letter, face: null, kept: false, toTurn: false })),
    };
  }
  return { state: "idle", dice: [] };
}

/** Chests in transit in phase 3 (picked up from the source area, not yet placed), by colour. */
export function moving(view: TView): { seat: number; source: AreaName; destination: AreaName; chests: [Colour, number][] } | null {
  const d = view.decision;
  if (d?.kind !== "place" || d.seat === undefined || !d.source || !d.destination) return null;
  const chests = COLOURS.filter((c) => (d.chests?.[c] ?? 0) > 0).map(
    (c) => [c, d.chests![c]!] as [Colour, number],
  );
  return { seat: d.seat, source: d.source, destination: d.destination, chests };
}

/** The tiles a seat looks at while hunting: their coins (own view) or only how many. */
export function lookingAt(seat: SeatView): { coins: number[] | null; count: number } {
  if (Array.isArray(seat.looking_at)) return { coins: seat.looking_at, count: seat.looking_at.length };
  return { coins: null, count: seat.looking_at };
}

/** Seats as the board stacks them: the seat itself first, then clockwise; a spectator sees
 * them in seat order. */
export function seatOrder(players: number, seat: number | null): number[] {
  const first = seat ?? 0;
  return Array.from({ length: players }, (_, i) => (first + i) % players);
}

/** Chests a seat holds, per area, and in all. */
export function chestCounts(seat: SeatView): Record<AreaName, number> & { total: number } {
  const counts = {
    tortuga: seat.tortuga.length,
    fleet: seat.fleet.length,
    crew: seat.crew.length,
    island: seat.island.length,
  };
  return { ...counts, total: counts.tortuga + counts.fleet + counts.crew + counts.island };
}

/** The board keys of the things an action is made by clicking, in order (see index.tsx). */
export function actionPath(action: Action, view: TView): string[] {
  const d = view.decision;
  switch (action.type) {
    case "select":
      return [...(action["dice"] as string[])].sort().map((l) => `die:${l}`);
    case "turn":
      return [`space:${action["action"] as string}`];
    case "bonus":
      return [`space:${action["space"] as string}`];
    case "perform":
      return d?.action ? [`space:${d.action}`] : [];
    case "forfeit":
      return [];
    case "attack":
      return [`seat:${action["target"] as number}`];
    case "keep":
      return [`tile:${action["coins"] as number}`];
    case "seize":
      return [`chest:${d?.target ?? "?"}:${d?.area ?? "?"}:${action["index"] as number}`];
    case "claim":
      return [`chest:center:${action["colour"] as string}`];
    case "place":
      return [`chest:${d?.seat ?? "?"}:${d?.source ?? "?"}:${action["colour"] as string}`];
    default:
      return [];
  }
}

// -- layout ----------------------------------------------------------------------------------

export const PANEL_W = 480;
export const PANEL_H = 378;
export const GAP = 10;
export const COMMON_H = 92;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Layout {
  width: number;
  height: number;
  status: Box;
  island: Box;
  supply: Box;
  /** Panels in seatOrder. */
  panels: Box[];
}

/** Where things go for `players` seats in `cols` columns (1 on a phone, 2 on a desktop). */
export function layout(players: number, cols: 1 | 2): Layout {
  const width = cols * PANEL_W + (cols + 1) * GAP;
  const half = (PANEL_W - GAP) / 2;
  let y = GAP;
  const status = { x: GAP, y, w: PANEL_W, h: COMMON_H };
  let island: Box;
  let supply: Box;
  if (cols === 2) {
    island = { x: 2 * GAP + PANEL_W, y, w: half, h: COMMON_H };
    supply = { x: 3 * GAP + PANEL_W + half, y, w: half, h: COMMON_H };
    y += COMMON_H + GAP;
  } else {
    y += COMMON_H + GAP;
    island = { x: GAP, y, w: half, h: COMMON_H };
    supply = { x: 2 * GAP + half, y, w: half, h: COMMON_H };
    y += COMMON_H + GAP;
  }
  const panels: Box[] = [];
  for (let i = 0; i < players; i++) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    panels.push({
      x: GAP + col * (PANEL_W + GAP),
      y: y + row * (PANEL_H + GAP),
      w: PANEL_W,
      h: PANEL_H,
    });
  }
  const rows = Math.ceil(players / cols);
  return { width, height: y + rows * (PANEL_H + GAP), status, island, supply, panels };
}

/** Positions of `n` chests in a box `w` wide: a row holds as many as fit, then the next row
 * begins (at most `rows`); the spacing shrinks when more chests come than fit in `rows` rows. */
export function chestGrid(n: number, w: number, rows: number, size: number): { x: number; y: number }[] {
  const fit = Math.max(1, Math.floor((w - size) / (size + 4)) + 1);
  const perRow = Math.max(fit, Math.ceil(n / rows));
  const step = perRow > 1 ? Math.min(size + 4, (w - size) / (perRow - 1)) : 0;
  return Array.from({ length: n }, (_, i) => ({
    x: (i % perRow) * step,
    y: Math.floor(i / perRow) * (size + 4),
  }));
}

// -- the compact layout (phones) ------------------------------------------------------------

/** The height of another seat's compact board (a strip: tracks, chest areas, action totals). */
export const STRIP_H = 84;
export const COMPACT_STATUS_H = 58;
export const COMPACT_COMMON_H = 84;

/** A phone's layout, one column: the status, the centre island and the supply, the seat's own
 * board in full (the dice, spaces, chests and tiles it clicks), then every other seat as a
 * strip, so that a whole decision fits in about 600 CSS px (see board.css). `panels[0]` is the
 * full board, the others strips, in seatOrder. */
export function compactLayout(players: number): Layout {
  const width = PANEL_W + 2 * GAP;
  const half = (PANEL_W - GAP) / 2;
  let y = GAP;
  const status = { x: GAP, y, w: PANEL_W, h: COMPACT_STATUS_H };
  y += COMPACT_STATUS_H + 6;
  const island = { x: GAP, y, w: half, h: COMPACT_COMMON_H };
  const supply = { x: 2 * GAP + half, y, w: half, h: COMPACT_COMMON_H };
  y += COMPACT_COMMON_H + 6;
  const panels: Box[] = [{ x: GAP, y, w: PANEL_W, h: PANEL_H }];
  y += PANEL_H + 6;
  for (let i = 1; i < players; i++) {
    panels.push({ x: GAP, y, w: PANEL_W, h: STRIP_H });
    y += STRIP_H + 6;
  }
  return { width, height: y + 4, status, island, supply, panels };
}
