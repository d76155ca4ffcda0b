/** Words and values the lobby's option lists share across games: yes and no, and a start
 * player named by seat (its value is the seat's number, counted from 0 as the engine does). */

import type { Lang } from "../i18n";
import type { Json } from "../protocol";

export type Words = Record<Lang, string>;

const YES: Words = { en: "yes", nl: "ja", de: "ja" };
const NO: Words = { en: "no", nl: "nee", de: "nein" };

export function yesNo(value: boolean, lang: Lang): string {
  return (value ? YES : NO)[lang];
}

/** The seats a start player may be, as the option's values. */
export function seatValues(players: number): Json[] {
  return Array.from({ length: players }, (_, i) => i);
}

/** A start player in words: the seat's name, else its number counted from 1. */
export function seatChoice(value: number, names: readonly string[]): string {
  return names[value] ?? String(value + 1);
}
