/** What the table asks the game about choices: a clicked key in words ("chosen so far"),
 * which choices need "Confirm", the buttons' order, and why a thing cannot be clicked. */

import type { Lang } from "../../i18n";
import type { Choice, View } from "../../protocol";
import {
  BOAT,
  START,
  asCartagena,
  backDestination,
  handOf,
  squareOfKey,
  symbolOfKey,
} from "./model";
import { capital, seatName, symbolName, w, whereName } from "./words";

/** A clicked board key in words: "Hat card", "Your pirate on square 12". */
export function keyWords(key: string, view: View, lang: Lang): string {
  const sym = symbolOfKey(key);
  if (sym) return capital(w(lang, "card.word", { symbol: symbolName(lang, sym) }));
  const square = squareOfKey(key);
  if (square !== null) return w(lang, "your.pirate", { where: whereName(lang, square) });
  const m = /^square:(\d+)$/.exec(key);
  if (m) return w(lang, "key.square", { n: Number(m[1]) + 1 });
  const seat = /^seat:(\d+)$/.exec(key);
  if (seat) return seatName([], Number(seat[1]), lang, view);
  if (key === "start" || key === "boat") return w(lang, key);
  return w(lang, "empty");
}

/**
 * A move (forward or back) is confirmed; ending the turn is not.
 *
 * A forward move lays the card face up on the discard pile for all to see ("legt die open (met
 * de beeldzijde naar boven) op de aflegstapel") and a back move takes new cards (in the Jamaica
 * version face down from the draw pile: once seen they cannot be unseen; in the Tortuga version
 * from the open row, which then changes for everyone). The rulebook knows no taking back, and a
 * pirate is one small square on a phone, easily missed: so the last click of a move asks once.
 * "End turn" and "Pass" are buttons whose words say what they do, shown last (`rank`), so they
 * go at once: asking there would only add a click to every turn.
 */
export function confirm(choice: Choice, _view: View): boolean {
  return choice.action.type === "forward" || choice.action.type === "back";
}

/** Moves first (forward, then back), ending the turn or passing last. */
export function rank(choice: Choice, _view: View): number {
  switch (choice.action.type) {
    case "forward":
      return 0;
    case "back":
      return 1;
    case "end_turn":
      return 9;
    default:
      return 5;
  }
}

/** Why `key` cannot be clicked now, in words (null: it can, or there is nothing to say). */
export function whyNot(key: string, view: View, legal: readonly Choice[], lang: Lang): string | null {
  const v = asCartagena(view);
  if (v.over) return w(lang, "why.over");
  if (legal.length === 0) {
    return v.current === null ? null : w(lang, "why.turn", { name: seatName([], v.current, lang, v) });
  }
  const seat = v.current;
  const forwards = legal.filter((c) => c.action.type === "forward");
  const sym = symbolOfKey(key);
  if (sym) {
    if (forwards.some((c) => c.action["card"] === sym)) return null;
    const hand = seat === null ? null : handOf(v, seat);
    if (hand && (hand[sym] ?? 0) === 0) return w(lang, "why.no.card", { symbol: symbolName(lang, sym) });
    return w(lang, "why.card.stuck");
  }
  const square = squareOfKey(key);
  if (square === null) return null;
  const mine = seat === null ? [] : v.pirates[seat] ?? [];
  if (!mine.includes(square)) return w(lang, "why.no.pirate");
  const back = legal.some((c) => c.action.type === "back" && c.action["from"] === square);
  const forward = forwards.some((c) => c.action["from"] === square);
  if (back) return null;
  if (forward) return w(lang, "why.card.first");
  if (square === BOAT) return w(lang, "why.boat.forward");
  // "In elk geval mag men nooit met een piraat terug uit de tunnel kruipen."
  if (square !== START && backDestination(v, square) === null) return w(lang, "why.no.back");
  return null;
}
