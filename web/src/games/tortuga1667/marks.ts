/** Where each seat's last move happened on the board: the board keys its log lines concern
 * (BoardProps.lastMoves: seat → the data of the lines that seat's latest move wrote). The board
 * draws a mark in the seat's colour on each of those things until the seat moves again. */

import type { LogData } from "../../protocol";
import { key, type Flag, type Ship } from "./model";

const SHIP_KEYS = new Set(["flying_dutchman", "jolly_roger"]);

function placeKey(place: unknown): string | null {
  if (place === "tortuga") return key.tortuga;
  if (typeof place === "string" && SHIP_KEYS.has(place)) return key.ship(place as Ship);
  if (typeof place === "string" && place.startsWith("rowboat_")) return key.rowboat(place.slice("rowboat_".length) as Ship);
  return null;
}

const seatKey = (seat: unknown): string | null => (typeof seat === "number" ? key.seat(seat) : null);
const slotKeys = (slots: unknown): string[] => (Array.isArray(slots) ? slots.filter((s): s is number => typeof s === "number").map(key.slot) : []);

/** The board keys one log line concerns (the pawn that moved, the card revealed, the hold a
 * chest went into, ...). A hidden vote card is never among them: only the voter's pawn. */
export function lineKeys(d: LogData, ownShip: Ship | null): string[] {
  const out: (string | null)[] = [];
  switch (d.type) {
    case "setup_chest":
      out.push(key.hold(d.ship as Ship, d.hold as Flag));
      break;
    case "placed_pawn":
      out.push(seatKey(d.seat));
      break;
    case "looked":
    case "pointed":
      out.push(...slotKeys(d.slots), seatKey(d.target));
      break;
    case "revealed":
    case "chose":
      out.push(key.slot(d.slot as number));
      break;
    case "moved":
      out.push(seatKey(d.seat), placeKey(d.to));
      break;
    case "atlantis":
      out.push(seatKey(d.seat), placeKey(d.to));
      break;
    case "captain_maroons":
    case "pistol":
    case "cabin_fever":
    case "crows_nest":
    case "map_given":
    case "facade":
      out.push(seatKey(d.target));
      break;
    case "marque_move":
      out.push(seatKey(d.target), placeKey(d.ship));
      break;
    case "vote_called":
      out.push(seatKey(d.caller), d.vote === "attack" ? key.galleon : placeKey(d.place));
      break;
    case "voted":
      out.push(seatKey(d.seat));
      break;
    case "stowed":
    case "chest_moved":
      if (ownShip) out.push(key.hold(ownShip, (d.type === "stowed" ? d.into : d.to) as Flag));
      else out.push(seatKey(d.seat));
      break;
    case "black_powder":
      out.push(key.rowboat(d.ship as Ship));
      break;
    case "marque_draw":
    case "put_on_top":
    case "no_steal":
    case "passed":
    case "timeout":
    case "fountain":
      out.push(seatKey(d.seat));
      break;
    default:
      break;
  }
  return out.filter((k): k is string => k !== null);
}

/** Board key → the seats whose last move marks it, from `lastMoves`. `shipOf(seat)` says
 * which ship a seat's pawn is on now (for the hold a chest went into: the lines name the team
 * of the hold, and the cabin boy or captain is still on that ship). The mover's own pawn is
 * always marked too. */
export function markedKeys(
  lastMoves: ReadonlyMap<number, readonly LogData[]> | undefined,
  shipOf: (seat: number) => Ship | null,
): Map<string, number[]> {
  const marks = new Map<string, number[]>();
  if (!lastMoves) return marks;
  for (const [seat, lines] of lastMoves) {
    // The mover's own pawn always: who did it is the whole game.
    const keys = new Set<string>([key.seat(seat)]);
    for (const d of lines) for (const k of lineKeys(d, shipOf(seat))) keys.add(k);
    for (const k of keys) marks.set(k, [...(marks.get(k) ?? []), seat]);
  }
  return marks;
}
