/** Turning clicks on the board into actions. Each game says which board things an action's
 * clicks go through (GameUI.path); this module follows the player's clicks through those
 * paths, game-agnostically, so that every multi-step choice is guided the same way: only the
 * things that lead to a legal action are clickable, and an action is sent as soon as the
 * clicks name exactly one. */

import type { Choice, View } from "./protocol";

export interface PathOf {
  (choice: Choice, view: View): string[];
}

export interface PickState {
  /** Keys clicked so far. */
  picked: string[];
  /** The board keys that extend the clicks towards some legal action. */
  clickable: Set<string>;
  /** The choices still possible after the clicks (all of them when nothing is picked). */
  remaining: Choice[];
  /** Choices whose whole path has been clicked (offered as buttons: "keep A", "end turn"). */
  complete: Choice[];
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  if (path.length < prefix.length) return false;
  return prefix.every((key, i) => path[i] === key);
}

/** Where the player stands after clicking `picked`. */
export function pickState(choices: Choice[], view: View, pathOf: PathOf, picked: string[]): PickState {
  const clickable = new Set<string>();
  const remaining: Choice[] = [];
  const complete: Choice[] = [];
  for (const choice of choices) {
    const path = pathOf(choice, view);
    if (!startsWith(path, picked)) continue;
    if (picked.length > 0 && path.length === 0) continue;
    remaining.push(choice);
    if (path.length === picked.length) complete.push(choice);
    else clickable.add(path[picked.length]!);
  }
  return { picked, clickable, remaining, complete };
}

export type PickResult =
  | { kind: "send"; choice: Choice }
  | { kind: "more"; picked: string[] }
  | { kind: "ignored" };

/**
 * The result of clicking `key` after `picked`: send the action it completes when nothing longer
 * goes through the same clicks, go on otherwise, or ignore a click that leads nowhere legal.
 */
export function pick(
  choices: Choice[],
  view: View,
  pathOf: PathOf,
  picked: string[],
  key: string,
): PickResult {
  const next = [...picked, key];
  const state = pickState(choices, view, pathOf, next);
  if (state.remaining.length === 0) return { kind: "ignored" };
  if (state.complete.length === 1 && state.remaining.length === 1) {
    return { kind: "send", choice: state.complete[0]! };
  }
  return { kind: "more", picked: next };
}
