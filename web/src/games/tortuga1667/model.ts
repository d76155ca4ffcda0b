/** Tortuga 1667: the seat's view as typed data, and pure view → model functions (where each
 * pawn stands, what is face down, counts, a vote's outcome, which board keys an action's clicks
 * go through). No drawing here: Board.tsx draws what these functions return. */

import type { Tortuga1667Decision, Tortuga1667View } from "../../generated/contract";
import type { Action, View } from "../../protocol";

export type Ship = "flying_dutchman" | "jolly_roger";
export const SHIPS: readonly Ship[] = ["flying_dutchman", "jolly_roger"];
export type Team = "british" | "french" | "dutch";
export type Flag = "british" | "french";
export const FLAGS: readonly Flag[] = ["british", "french"];

// The view's types are generated from the engine's models (games/tortuga1667/contract.py),
// under the names this client used before; see web/scripts/generate-types.mjs.
/** What the engine waits for, in public words. */
export type Decision = Tortuga1667Decision;
/** What one seat (or a spectator) sees of a Tortuga 1667 game. */
export type T1667View = Tortuga1667View;

export function typed(view: View): T1667View {
  return view as unknown as T1667View;
}

export function otherShip(ship: Ship): Ship {
  return ship === "flying_dutchman" ? "jolly_roger" : "flying_dutchman";
}

// -- where the pawns are ------------------------------------------------------------------------

export type Place =
  | { kind: "ship"; ship: Ship; rank: number }
  | { kind: "tortuga"; rank: number }
  | { kind: "rowboat"; ship: Ship }
  | { kind: "none" };

export function placeOf(view: View, seat: number): Place {
  const v = typed(view);
  for (const ship of SHIPS) {
    const rank = v.ships[ship].crew.indexOf(seat);
    if (rank >= 0) return { kind: "ship", ship, rank };
  }
  const t = v.tortuga.crew.indexOf(seat);
  if (t >= 0) return { kind: "tortuga", rank: t };
  for (const ship of SHIPS) if (v.rowboats[ship] === seat) return { kind: "rowboat", ship };
  return { kind: "none" };
}

export type Role = "captain" | "first_mate" | "cabin_boy" | "crew" | "governor" | "islander" | "rowboat" | "none";

export function roleOf(place: Place): Role {
  if (place.kind === "ship") return (["captain", "first_mate", "cabin_boy"] as const)[place.rank] ?? "crew";
  if (place.kind === "tortuga") return place.rank === 0 ? "governor" : "islander";
  if (place.kind === "rowboat") return "rowboat";
  return "none";
}

/** The rank word of the pawn at `rank` in a ship's line (top first) or on Tortuga. */
export function rankRole(where: Ship | "tortuga", rank: number): Role {
  if (where === "tortuga") return rank === 0 ? "governor" : "islander";
  return (["captain", "first_mate", "cabin_boy"] as const)[rank] ?? "crew";
}

/** Albatross cards held by the pawns aboard a ship (two aboard maroon everyone). */
export function albatrossAboard(view: View, ship: Ship): number {
  const v = typed(view);
  return v.ships[ship].crew.reduce((n, s) => n + (v.albatross[s] ?? 0), 0);
}

/** Advanced setup: the spots of a place while pawns are being placed (null otherwise). */
export function spotsOf(view: View, where: Ship | "tortuga"): (number | null)[] | null {
  const v = typed(view);
  if (!v.spots) return null;
  const index = where === "tortuga" ? 2 : SHIPS.indexOf(where);
  return v.spots[index] ?? null;
}

// -- event cards ------------------------------------------------------------------------------

export interface EventSlot {
  slot: number;
  /** "hidden": face down and unknown to the viewer; "known": its name is in the view. */
  state: "hidden" | "known" | "empty";
  card: string | null;
  /** Drawn from the deck's last five cards, where the Spanish Armada was shuffled in. */
  bottomFive: boolean;
  /** Pointed at for the seat that must choose one of two. */
  pointed: boolean;
}

export function eventSlots(view: View): EventSlot[] {
  const v = typed(view);
  const pointed = v.decision?.kind === "choose" ? (v.decision.slots ?? []) : [];
  return v.events.row.map((entry, slot) => ({
    slot,
    state: entry === "empty" ? "empty" : entry === null ? "hidden" : "known",
    card: entry === null || entry === "empty" ? null : entry,
    bottomFive: Boolean(v.events.bottom_five[slot]),
    pointed: pointed.includes(slot),
  }));
}

/** Names with how often they occur, in first-seen order. */
export function counted(names: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts.entries()];
}

// -- vote cards -------------------------------------------------------------------------------

export interface VoteCard {
  top: "cannon" | "water" | "torch";
  flag: Flag;
  bottom: "skull" | "blank";
}

export function voteParts(name: string): VoteCard {
  const [top, flag, bottom] = name.split("/");
  return { top: top as VoteCard["top"], flag: flag as Flag, bottom: bottom as VoteCard["bottom"] };
}

export interface VoteTally {
  kind: string;
  counts: Record<string, number>;
  /** attack: a chest is taken; mutiny: the captain is marooned; brawl: the side that won
   * Tortuga's chests ("british", "french" or "tie"). */
  result: "success" | "failure" | Flag | "tie";
}

/** What the last revealed vote showed, counted by the section that mattered. */
export function tally(kind: string, cards: readonly string[]): VoteTally {
  const parts = cards.map(voteParts);
  const counts: Record<string, number> = {};
  const add = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
  if (kind === "attack") {
    for (const p of parts) add(p.top);
    const ok = (counts.cannon ?? 0) >= 1 && (counts.torch ?? 0) > (counts.water ?? 0);
    return { kind, counts, result: ok ? "success" : "failure" };
  }
  if (kind === "mutiny") {
    for (const p of parts) add(p.bottom);
    return { kind, counts, result: (counts.skull ?? 0) * 2 > parts.length ? "success" : "failure" };
  }
  for (const p of parts) add(p.flag);
  const b = counts.british ?? 0;
  const f = counts.french ?? 0;
  return { kind, counts, result: b > f ? "british" : f > b ? "french" : "tie" };
}

export type VoteState = "voted" | "waiting" | "out";

/** During a vote: who has put down cards (and how many) and who is awaited. Never which
 * cards: the view has none of the others' cards. */
export function voteState(view: View, seat: number): { state: VoteState; cards: number } {
  const v = typed(view);
  if (v.decision?.kind !== "vote") return { state: "out", cards: 0 };
  if (v.voted.includes(seat)) return { state: "voted", cards: v.ballot_sizes[String(seat)] ?? 1 };
  if ((v.decision.waiting ?? []).includes(seat)) return { state: "waiting", cards: 0 };
  return { state: "out", cards: 0 };
}

// -- what a seat is known to be ---------------------------------------------------------------

/** The loyalty the viewer knows for `seat` (its own card, one seen by Cabin Fever, or all at
 * the end), else null. */
export function knownLoyalty(view: View, seat: number): Team | null {
  const v = typed(view);
  if (v.loyalties) return v.loyalties[seat] ?? null;
  if (v.seat === seat) return v.loyalty;
  return v.known_loyalties[String(seat)] ?? null;
}

/** The seat the current decision belongs to (the first awaited voter in a vote). */
export function actor(view: View): number | null {
  const v = typed(view);
  if (!v.decision) return null;
  if (typeof v.decision.seat === "number") return v.decision.seat;
  return v.to_move[0] ?? null;
}

/** The ship a stow or setup chest goes to (from the pending step: ["stow", seat, ship]). */
export function stowShip(view: View): Ship | null {
  const v = typed(view);
  const head = v.queue[0];
  if (!head || (head[0] !== "stow" && head[0] !== "setup_chest")) return null;
  return SHIPS[head[2] as number] ?? null;
}

// -- board keys -------------------------------------------------------------------------------

export const key = {
  slot: (n: number) => `slot:${n}`,
  seat: (n: number) => `seat:${n}`,
  ship: (s: Ship) => `ship:${s}`,
  rowboat: (s: Ship) => `rowboat:${s}`,
  hold: (s: Ship, f: Flag) => `hold:${s}:${f}`,
  vote: (card: string) => `vote:${card}`,
  deckVote: (card: string) => `deckvote:${card}`,
  map: (name: string) => `map:${name}`,
  spot: (where: Ship | "tortuga", i: number) => `spot:${where}:${i}`,
  tortuga: "place:tortuga",
  galleon: "galleon",
};

function destinationKey(to: string): string {
  if (to === "tortuga") return key.tortuga;
  if (to.startsWith("rowboat_")) return key.rowboat(to.slice("rowboat_".length) as Ship);
  return key.ship(to as Ship);
}

/** The ship of the seat making the current decision (captain, first mate, cabin boy). */
function actorShip(view: View): Ship | null {
  const seat = actor(view);
  if (seat === null) return null;
  const place = placeOf(view, seat);
  return place.kind === "ship" ? place.ship : null;
}

/**
 * The board keys clicked, in order, to make `action`:
 * - reveal: the card twice (one click on a card leads on to look at / point at two cards);
 *   look: the two cards, lower slot first; point: the two cards, then the pirate; choose: the card;
 * - move: the destination (ship, rowboat, Tortuga); attack: the galleon (the other ship once
 *   the galleon is empty); mutiny: the captain's pawn; brawl: Tortuga; maroon: the pawn;
 * - move_chest: the hold it goes into; stow: the hold (after the other ship's hold it is taken
 *   from, when taken from the other ship);
 * - vote / discard / put_on_top: the vote card(s) in the hand; pick_vote: the card in the vote
 *   deck; play: the Treasure Map; blow_up: the rowboat; target: the pawn; marque_move: the pawn,
 *   then the ship; place_pawn: the spot;
 * - marque_draw, pass, decline: no board thing ([]: a button).
 */
export function actionPath(action: Action, view: View): string[] {
  const v = typed(view);
  const slots = () => [...(action.slots as number[])].sort((a, b) => a - b).map(key.slot);
  switch (action.type) {
    case "look":
      return slots();
    case "point":
      return [...slots(), key.seat(action.target as number)];
    case "reveal":
      return [key.slot(action.slot as number), key.slot(action.slot as number)];
    case "choose":
      return [key.slot(action.slot as number)];
    case "move":
      return [destinationKey(action.to as string)];
    case "attack": {
      const ship = actorShip(view);
      return [v.galleon > 0 || !ship ? key.galleon : key.ship(otherShip(ship))];
    }
    case "mutiny": {
      const ship = actorShip(view);
      const captain = ship ? v.ships[ship].crew[0] : undefined;
      return captain === undefined ? [] : [key.seat(captain)];
    }
    case "brawl":
      return [key.tortuga];
    case "maroon":
      return [key.seat(action.target as number)];
    case "move_chest": {
      const ship = actorShip(view);
      return ship ? [key.hold(ship, action.to as Flag)] : [];
    }
    case "stow": {
      const ship = stowShip(view) ?? actorShip(view);
      if (!ship) return [];
      const into = key.hold(ship, action.into as Flag);
      return action.take ? [key.hold(otherShip(ship), action.take as Flag), into] : [into];
    }
    case "vote":
      return (action.cards as string[]).map(key.vote);
    case "discard":
    case "put_on_top":
      return [key.vote(action.card as string)];
    case "pick_vote":
      return [key.deckVote(action.card as string)];
    case "target":
      return [key.seat(action.seat as number)];
    case "marque_move":
      return [key.seat(action.seat as number), key.ship(action.ship as Ship)];
    case "blow_up":
      return [key.rowboat(action.rowboat as Ship)];
    case "play":
      return [key.map(action.map as string)];
    case "place_pawn":
      return [key.spot(action.place as Ship | "tortuga", action.position as number)];
    default:
      // marque_draw, pass, decline (and timeout, never offered): a button.
      return [];
  }
}
