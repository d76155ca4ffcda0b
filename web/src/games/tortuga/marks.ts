/** Where each seat's last move happened, from the data of the log lines it wrote
 * (BoardProps.lastMoves): the board draws a mark in the mover's colour on each place. */

import type { LogData } from "../../protocol";
import type { ActionName, AreaName } from "./model";

/** A place on the table a line concerns. `on` is the seat whose board holds it (null: the
 * centre island or the bag). */
export type MarkPlace =
  | { kind: "space"; on: number; action: ActionName }
  | { kind: "track"; on: number; track: "fleet" | "crew"; box: number }
  | { kind: "area"; on: number; area: AreaName }
  | { kind: "tiles"; on: number }
  | { kind: "hand"; on: number }
  | { kind: "center"; on: null }
  | { kind: "bag"; on: null };

export interface Mark {
  /** The seat whose move it was (its colour, `data-last-move`). */
  seat: number;
  place: MarkPlace;
}

function places(d: LogData): MarkPlace[] {
  const seat = typeof d["seat"] === "number" ? d["seat"] : -1;
  const target = typeof d["target"] === "number" ? d["target"] : -1;
  const action = d["action"] as ActionName;
  const trackOf = (a: ActionName): "fleet" | "crew" => (a === "board" ? "fleet" : "crew");
  switch (d.type) {
    case "selected":
    case "stuck":
    case "reveal":
    case "reroll":
      return [{ kind: "hand", on: seat }];
    case "place_dice":
    case "turn":
    case "bonus":
    case "forfeit":
      return [{ kind: "space", on: seat, action }];
    case "advance":
      return [{ kind: "track", on: seat, track: d["token"] === "boat" ? "fleet" : "crew", box: d["box"] as number }];
    case "hunt_chest":
      return d["colour"] ? [{ kind: "area", on: seat, area: "island" }] : [{ kind: "bag", on: null }];
    case "hunt_tiles":
    case "tiles_seen":
    case "keep":
    case "tiles":
      return [{ kind: "tiles", on: seat }];
    case "attack": {
      const marks: MarkPlace[] = [
        { kind: "track", on: target, track: trackOf(action), box: d["target_box"] as number },
      ];
      if (d["defended"] === true)
        marks.push({ kind: "track", on: seat, track: trackOf(action), box: d["own_box"] as number });
      return marks;
    }
    case "seize":
    case "claim":
    case "draw":
      // "places it on his island area"
      return [{ kind: "area", on: seat, area: "island" }];
    case "deposit":
      return [d["center"] === true ? { kind: "center", on: null } : { kind: "bag", on: null }];
    case "move":
      return [{ kind: "area", on: seat, area: d["source"] === "crew" ? "fleet" : "crew" }];
    case "to_tortuga":
      return [{ kind: "area", on: seat, area: "tortuga" }];
    default:
      return [];
  }
}

/** The marks of every seat's last move, one per place (a die placed on a space marks the space,
 * not also the hand it came from). */
export function lastMoveMarks(lastMoves: ReadonlyMap<number, readonly LogData[]> | undefined): Mark[] {
  const marks: Mark[] = [];
  if (!lastMoves) return marks;
  for (const [seat, lines] of lastMoves) {
    let found = lines.flatMap(places);
    if (found.some((p) => p.kind !== "hand")) found = found.filter((p) => p.kind !== "hand");
    const seen = new Set<string>();
    for (const place of found) {
      const id = JSON.stringify(place);
      if (seen.has(id)) continue;
      seen.add(id);
      marks.push({ seat, place });
    }
  }
  return marks;
}
