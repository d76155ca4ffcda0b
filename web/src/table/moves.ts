/** Following the game from its log: each seat's last move (marked on the board until that seat
 * moves again) and what happened since this seat's own last move (the summary a player sees on
 * coming back to a turn-based table). Pure functions of the log lines this page was sent, so
 * nothing here can know more than the seat does. */

import type { LogData, LogLine } from "../protocol";

export type Mover = (data: LogData) => number | null;

/**
 * Seat → the data of the lines its latest move wrote (lines of one version whose mover is that
 * seat), for every seat that has moved. A move is one action: the lines of its version.
 */
export function lastMoves(log: readonly LogLine[], mover: Mover): Map<number, LogData[]> {
  const latest = new Map<number, { version: number; lines: LogData[] }>();
  for (const line of log) {
    if (line.version <= 0) continue; // the set-up is nobody's move
    const seat = mover(line.data);
    if (seat === null) continue;
    const known = latest.get(seat);
    if (!known || known.version !== line.version) latest.set(seat, { version: line.version, lines: [line.data] });
    else known.lines.push(line.data);
  }
  return new Map([...latest].map(([seat, move]) => [seat, move.lines]));
}

/** The version of the seat's own latest move (null: it has not moved yet). */
export function lastOwnVersion(log: readonly LogLine[], mover: Mover, seat: number): number | null {
  let found: number | null = null;
  for (const line of log) {
    if (line.version > 0 && mover(line.data) === seat) found = line.version;
  }
  return found;
}

/** The lines written after the seat's own latest move (by the others, or by the game). */
export function sinceOwnMove(log: readonly LogLine[], mover: Mover, seat: number): LogLine[] {
  const own = lastOwnVersion(log, mover, seat);
  if (own === null) return [];
  return log.filter((line) => line.version > own);
}
