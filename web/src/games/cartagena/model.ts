/** Cartagena's view, read into what the board draws: pure functions of the view only (no
 * drawing here), so that they can be tested on fixture values. Squares are numbered as the
 * engine does: 0..35 in the tunnel, -1 the start (outside the fort), 36 the boat; people count
 * the squares 1..36. */

import type { CartagenaView as GeneratedCartagenaView } from "../../generated/contract";
import type { View } from "../../protocol";

export const SYMBOLS = ["skull", "hat", "dagger", "bottle", "key", "pistol"] as const;
export type Sym = (typeof SYMBOLS)[number];

export const START = -1;
export const BOAT = 36;
export const SQUARES = 36;
export const PIRATES_PER_SEAT = 6;
export const ACTIONS_PER_TURN = 3;
/** "nooit meer dan 3 piraten op één veld" */
export const MAX_ON_SQUARE = 3;

export type Counts = Record<Sym, number>;

/** What one seat (or a spectator) sees of a Cartagena game: generated from the engine's models
 * (games/cartagena/contract.py; see web/scripts/generate-types.mjs). */
export type CartagenaView = GeneratedCartagenaView & View;

export function asCartagena(view: View): CartagenaView {
  return view as CartagenaView;
}

export function isSymbol(value: unknown): value is Sym {
  return typeof value === "string" && (SYMBOLS as readonly string[]).includes(value);
}

// -- keys ------------------------------------------------------------------------------------

/** The board key of the viewing seat's pirates on `square`: start, 0..35, boat. */
export function pirateKey(square: number): string {
  if (square === START) return "pirate:start";
  if (square === BOAT) return "pirate:boat";
  return `pirate:${square}`;
}

export function cardKey(sym: Sym): string {
  return `card:${sym}`;
}

/** The square a pirate key names, or null for another key. */
export function squareOfKey(key: string): number | null {
  if (key === "pirate:start") return START;
  if (key === "pirate:boat") return BOAT;
  const m = /^pirate:(\d+)$/.exec(key);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 0 && n < SQUARES ? n : null;
}

export function symbolOfKey(key: string): Sym | null {
  const s = key.startsWith("card:") ? key.slice(5) : "";
  return isSymbol(s) ? s : null;
}

// -- pirates ---------------------------------------------------------------------------------

/** How many pirates of each seat stand on `square` (start and boat included). */
export function piratesOn(view: CartagenaView, square: number): number[] {
  return view.pirates.map((squares) => squares.filter((q) => q === square).length);
}

/** Pirates per tunnel square, all seats together. */
export function occupancy(view: CartagenaView): number[] {
  const occ = new Array<number>(SQUARES).fill(0);
  for (const squares of view.pirates) for (const q of squares) if (q >= 0 && q < SQUARES) occ[q]! += 1;
  return occ;
}

/** The pirates on one square, in seat order, one entry per pirate (what the square draws). */
export function pawnsOn(view: CartagenaView, square: number): number[] {
  const pawns: number[] = [];
  piratesOn(view, square).forEach((n, seat) => {
    for (let i = 0; i < n; i++) pawns.push(seat);
  });
  return pawns;
}

export function boatCount(view: CartagenaView, seat: number): number {
  return (view.pirates[seat] ?? []).filter((q) => q === BOAT).length;
}

export function startCount(view: CartagenaView, seat: number): number {
  return (view.pirates[seat] ?? []).filter((q) => q === START).length;
}

/** Where a forward move with `sym` from `from` lands: the next free square of that symbol, or
 * the boat when none is left ahead. */
export function forwardDestination(view: CartagenaView, sym: Sym, from: number): number {
  const occ = occupancy(view);
  for (let q = from + 1; q < SQUARES; q++) if (view.board[q] === sym && occ[q] === 0) return q;
  return BOAT;
}

/** Where a back move from `from` lands and how many cards it draws, or null if it cannot. */
export function backDestination(view: CartagenaView, from: number): { target: number; draw: number } | null {
  const occ = occupancy(view);
  for (let q = Math.min(from, SQUARES) - 1; q >= 0; q--) {
    const n = occ[q]!;
    if (n > 0 && n < MAX_ON_SQUARE) return { target: q, draw: n };
  }
  return null;
}

// -- cards -----------------------------------------------------------------------------------

/** The seat's hand when this view shows it, else null (a hidden hand: draw only its size). */
export function handOf(view: CartagenaView, seat: number): Counts | null {
  return view.hands[seat] ?? null;
}

export function handSize(view: CartagenaView, seat: number): number {
  return view.hand_sizes[seat] ?? 0;
}

export function discardTotal(view: CartagenaView): number {
  return SYMBOLS.reduce((sum, s) => sum + (view.discard[s] ?? 0), 0);
}

/** The open row (Tortuga), next card first: the card a back move draws first is row[0]. */
export function rowCards(view: CartagenaView): Sym[] {
  return view.variant === "tortuga" ? [...view.row] : [];
}

// -- layout ----------------------------------------------------------------------------------

/** The tunnel's geometry: six tiles, one per row, snaking (row 0 left to right, row 1 right
 * to left, ...), the start above square 1 and the boat below square 36. Squares are wider than
 * tall so that the tunnel and the cards under it fit a phone's screen together. */
export const TUNNEL = {
  width: 500,
  cell: 76,
  cellH: 58,
  gapX: 4,
  x0: 12,
  startY: 6,
  startH: 36,
  rowsY: 50,
  rowGap: 6,
  boatH: 40,
} as const;

export interface Cell {
  square: number;
  tile: number;
  col: number;
  x: number;
  y: number;
  /** +1 when the tile runs left to right, -1 right to left. */
  dir: 1 | -1;
}

export function cellOf(square: number): Cell {
  const tile = Math.floor(square / 6);
  const i = square % 6;
  const dir: 1 | -1 = tile % 2 === 0 ? 1 : -1;
  const col = dir === 1 ? i : 5 - i;
  return {
    square,
    tile,
    col,
    dir,
    x: TUNNEL.x0 + col * (TUNNEL.cell + TUNNEL.gapX),
    y: TUNNEL.rowsY + tile * (TUNNEL.cellH + TUNNEL.rowGap),
  };
}

export function boatY(): number {
  return TUNNEL.rowsY + 6 * TUNNEL.cellH + 5 * TUNNEL.rowGap + 8;
}

export function tunnelHeight(): number {
  return boatY() + TUNNEL.boatH + 6;
}

/** The tile code printed on row `tile` ("2B"), when the view has the layout. */
export function tileCode(view: CartagenaView, tile: number): string | null {
  return view.tiles?.[tile] ?? null;
}

/**
 * Which of a seat's six pirates is which, kept from one view to the next so that a moved
 * pirate is drawn by the same element (and glides): `prev[seat][id]` is where pirate `id`
 * stood; pirates still standing where they stood keep their ids, the others take the squares
 * that are new, in order. The view lists only squares, so this is a drawing choice, not a fact.
 */
export function pirateIds(prev: readonly (readonly number[])[] | null, now: readonly (readonly number[])[]): number[][] {
  return now.map((squares, seat) => {
    const left = new Map<number, number>();
    for (const q of squares) left.set(q, (left.get(q) ?? 0) + 1);
    const before = prev?.[seat];
    const out: (number | null)[] = squares.map(() => null);
    if (before && before.length === squares.length) {
      before.forEach((q, id) => {
        const n = left.get(q) ?? 0;
        if (n > 0) {
          out[id] = q;
          left.set(q, n - 1);
        }
      });
    }
    const rest: number[] = [];
    for (const q of squares) {
      const n = left.get(q) ?? 0;
      if (n > 0) {
        rest.push(q);
        left.set(q, n - 1);
      }
    }
    return out.map((q) => (q === null ? rest.shift()! : q));
  });
}
