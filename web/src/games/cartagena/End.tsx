/** Cartagena's result as the rulebook scores it: "De speler die als eerste al zijn zes piraten
 * aan boord van de sloep heeft gebracht, ... wint het spel." The winner first (or, in a
 * position nothing can change, docs/rulings.md, the seats with the most pirates in the boat),
 * then every seat with its pirates in the boat and those still on the way. */

import type { LogLine } from "../../protocol";
import type { EndProps } from "../types";
import { Pawn } from "./icons";
import { BOAT, PIRATES_PER_SEAT, START, asCartagena, type CartagenaView } from "./model";
import { seatName, w } from "./words";

/** The seats in result order: winners, then by pirates in the boat, then how far the rest
 * got (the sum of their squares; the rulebook ranks nobody but the winner). */
export function standings(v: CartagenaView): number[] {
  const boat = (s: number) => (v.pirates[s] ?? []).filter((q) => q === BOAT).length;
  const progress = (s: number) => (v.pirates[s] ?? []).reduce((a, q) => a + q + 1, 0);
  return [...Array(v.players).keys()].sort(
    (a, b) =>
      Number(v.winners.includes(b)) - Number(v.winners.includes(a)) || boat(b) - boat(a) || progress(b) - progress(a) || a - b,
  );
}

/**
 * The seats of the pirates now in the boat, in the order they got there, from the log: a
 * forward move onto the boat brings one in, a move back from the boat takes that seat's
 * latest one out again.
 */
export function arrivals(log: readonly LogLine[]): number[] {
  const order: number[] = [];
  for (const { data } of log) {
    const seat = data["seat"];
    if (typeof seat !== "number") continue;
    if (data.type === "forward" && data["to"] === BOAT) order.push(seat);
    if (data.type === "back" && data["from"] === BOAT) {
      const at = order.lastIndexOf(seat);
      if (at >= 0) order.splice(at, 1);
    }
  }
  return order;
}

/** A crown, drawn (a font may lack the emoji). */
function Crown() {
  return (
    <svg viewBox="0 0 24 20" width="24" height="20" aria-hidden="true" class="cg-crown">
      <path d="M2,17L4,5L9,11L12,3L15,11L20,5L22,17z" fill="#e0b43a" stroke="#1b1b1b" stroke-width="1.6" stroke-linejoin="round" />
    </svg>
  );
}

function Mark({ seat }: { seat: number }) {
  return (
    <svg viewBox="-13 -13 26 26" width="22" height="22" aria-hidden="true">
      <Pawn seat={seat} x={0} y={0} r={11} />
    </svg>
  );
}

export function End({ view, names, lang, log }: EndProps) {
  const v = asCartagena(view);
  const winners = v.winners.map((s) => seatName(names, s, lang, v));
  const allIn = v.winners.some((s) => (v.pirates[s] ?? []).every((q) => q === BOAT));
  const how = allIn
    ? w(lang, "end.won", { name: winners.join(" & ") })
    : `${w(lang, "end.dead")} ${w(lang, winners.length > 1 ? "share" : "wins", { names: winners.join(" & ") })}.`;
  return (
    <section class="cg-end" aria-label={how}>
      <p>{how}</p>
      <ol>
        {standings(v).map((seat) => {
          const squares = v.pirates[seat] ?? [];
          const inBoat = squares.filter((q) => q === BOAT).length;
          const atStart = squares.filter((q) => q === START).length;
          const tunnel = squares.filter((q) => q !== BOAT && q !== START).map((q) => q + 1);
          const way: string[] = [];
          if (tunnel.length) way.push(w(lang, tunnel.length === 1 ? "end.square" : "end.squares", { list: tunnel.join(", ") }));
          if (atStart) way.push(w(lang, "end.at.start", { n: atStart }));
          return (
            <li key={seat} data-seat={seat}>
              <Mark seat={seat} /> <strong>{seatName(names, seat, lang, v)}</strong>
              {v.winners.includes(seat) ? <Crown /> : null}
              {" — "}
              {inBoat === PIRATES_PER_SEAT ? w(lang, "end.all.in") : w(lang, "end.in.boat", { n: inBoat })}
              {way.length ? `; ${w(lang, "end.on.way", { where: way.join(", ") })}` : ""}
            </li>
          );
        })}
      </ol>
      {log && log.length > 0 && (
        <>
          <p>{w(lang, "end.order")}</p>
          <ol class="cg-arrivals" data-testid="arrivals">
            {arrivals(log).map((seat) => (
              <li data-seat={seat}>
                <Mark seat={seat} />
                <span class="visually-hidden">{seatName(names, seat, lang, v)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
      <p class="cg-note">{w(lang, "end.note")}</p>
    </section>
  );
}
