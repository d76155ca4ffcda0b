/** Cartagena's board, paths and words, on every fixture the server's engine produced
 * (scripts/web_fixtures.py): one snapshot per kind of decision, plus the final views. */

import { render } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import cartagena from "../src/games/cartagena";
import {
  BOAT,
  START,
  asCartagena,
  backDestination,
  boatCount,
  cellOf,
  discardTotal,
  forwardDestination,
  handOf,
  occupancy,
  pawnsOn,
  pirateKey,
  piratesOn,
  rowCards,
  squareOfKey,
  startCount,
} from "../src/games/cartagena/model";
import type { Lang } from "../src/i18n";
import { LANGS } from "../src/i18n";
import { pick, pickState } from "../src/picker";
import { loadFixtures } from "./fixtures";
import type { Choice, View } from "../src/protocol";


const FIXTURES = loadFixtures("cartagena");
const FILES = FIXTURES.map(([name]) => name);

const ui = cartagena;
const pathOf = (c: Choice, v: View) => ui.path(c.action, v);

function board(view: View, seat: number | null, clickable: Set<string> = new Set(), picked: string[] = [], lang: Lang = "en"): string {
  const names = (view["seat_names"] as string[]) ?? [];
  return render(
    <ui.Board view={view} seat={seat} names={names} lang={lang} clickable={clickable} picked={picked} onPick={() => {}} />,
  );
}

/** Every data-key in the rendered HTML. */
function keysIn(html: string): Set<string> {
  return new Set([...html.matchAll(/data-key="([^"]+)"/g)].map((m) => m[1]!));
}

describe("cartagena fixtures", () => {
  it("has fixtures for both versions", () => {
    expect(FILES.some((f) => f.includes("jamaica"))).toBe(true);
    expect(FILES.some((f) => f.includes("tortuga"))).toBe(true);
    for (const [, fx] of FIXTURES) expect(fx.game).toBe("cartagena");
  });
});

for (const [file, fx] of FIXTURES) {
  describe(file, () => {
    for (const [kind, snap] of Object.entries(fx.decisions)) {
      describe(kind, () => {
        it("gives every legal choice its own path", () => {
          const paths = snap.legal.map((c) => JSON.stringify(pathOf(c, snap.view)));
          expect(new Set(paths).size).toBe(paths.length);
          for (const c of snap.legal) {
            const p = pathOf(c, snap.view);
            if (c.action.type === "end_turn") expect(p).toEqual([]);
            else expect(p.length).toBeGreaterThan(0);
            if (c.action.type === "forward") expect(p[0]).toBe(`card:${c.action["card"]}`);
            if (c.action.type === "back") expect(p).toEqual([pirateKey(c.action["from"] as number)]);
          }
        });

        it("draws every key of every path, clickable at its step", () => {
          for (const c of snap.legal) {
            const p = pathOf(c, snap.view);
            for (let i = 0; i < p.length; i++) {
              const before = p.slice(0, i);
              const state = pickState(snap.legal, snap.view, pathOf, before);
              expect(state.clickable.has(p[i]!)).toBe(true);
              const html = board(snap.view, snap.seat, state.clickable, before);
              expect(html).toContain(`data-key="${p[i]}"`);
              // The clickable thing is a button with a label and a hit outline.
              const at = html.indexOf(`data-key="${p[i]}"`);
              const tag = html.slice(at, html.indexOf(">", at));
              expect(tag).toContain('class="clickable');
              expect(tag).toContain('role="button"');
              expect(tag).toContain('tabindex="0"'); // lowercase: SVG attributes keep their case
              expect(tag).toMatch(/aria-label="[^"]+"/);
            }
          }
        });

        it("follows each path click by click to that choice", () => {
          for (const c of snap.legal) {
            const p = pathOf(c, snap.view);
            let picked: string[] = [];
            let sent: Choice | null = null;
            for (const key of p) {
              const r = pick(snap.legal, snap.view, pathOf, picked, key);
              expect(r.kind).not.toBe("ignored");
              if (r.kind === "send") {
                sent = r.choice;
                break;
              }
              if (r.kind === "more") picked = r.picked;
            }
            if (sent) expect(sent).toBe(c);
            else expect(pickState(snap.legal, snap.view, pathOf, picked).complete).toContain(c);
          }
        });

        it("renders in every language and describes every choice", () => {
          for (const lang of LANGS) {
            const html = board(snap.view, snap.seat, new Set(), [], lang);
            expect(html).toContain('role="group"');
            for (const c of snap.legal) {
              const text = ui.describe!(c, snap.view, lang, []);
              expect(typeof text).toBe("string");
              expect(text!.length).toBeGreaterThan(0);
              expect(text).not.toContain("{");
            }
            for (let s = 0; s < fx.players; s++) {
              const line = ui.seatSummary(snap.view, s, lang);
              expect(line.length).toBeGreaterThan(0);
              expect(line).not.toContain("{");
            }
          }
        });

        it("draws no hidden hand, for the seat and for a spectator", () => {
          for (const [view, seat] of [
            [snap.view, snap.seat],
            [snap.spectator, null],
          ] as [View, number | null][]) {
            const v = asCartagena(view);
            const html = board(view, seat);
            for (let s = 0; s < fx.players; s++) {
              const drawn = html.includes(`data-hand-seat="${s}"`);
              expect(drawn).toBe(v.hands[s] !== null);
            }
            if (seat === null) expect([...keysIn(html)].some((k) => k.startsWith("card:"))).toBe(false);
          }
          const spec = asCartagena(snap.spectator);
          if (spec.variant === "jamaica") {
            expect(spec.hands.every((h) => h === null)).toBe(true);
            expect(board(snap.spectator, null)).toContain("(hidden)");
          } else {
            expect(spec.hands.every((h) => h !== null)).toBe(true);
          }
        });

        it("agrees with the engine on where each move lands", () => {
          const v = asCartagena(snap.view);
          for (const c of snap.legal) {
            const m = /→ (start|the boat|\d+)/.exec(c.text);
            if (!m) continue;
            const to = m[1] === "the boat" ? BOAT : m[1] === "start" ? START : Number(m[1]) - 1;
            if (c.action.type === "forward") {
              expect(forwardDestination(v, c.action["card"] as never, c.action["from"] as number)).toBe(to);
            } else if (c.action.type === "back") {
              const back = backDestination(v, c.action["from"] as number)!;
              expect(back.target).toBe(to);
              expect(c.text).toContain(`draw ${back.draw} card`);
            }
          }
        });
      });
    }

    it("draws the final views (all hands open, nothing clickable)", () => {
      for (const view of [...fx.final.views, fx.final.spectator]) {
        const v = asCartagena(view);
        expect(v.over).toBe(true);
        const html = board(view, view.seat);
        expect(html).not.toContain('class="clickable');
        for (const s of v.winners) expect(boatCount(v, s)).toBeGreaterThan(0);
        expect(html).toContain("Game over");
      }
    });
  });
}

describe("model on fixture values", () => {
  const fx = FIXTURES.find(([f]) => f === "cartagena.variant=jamaica.4.json")![1];
  const mid = asCartagena(fx.decisions["back/end_turn/back/end_turn"]!.view);
  // pirates: [[-1,-1,5,10,13,17],[-1,-1,-1,3,11,16],[-1,-1,-1,-1,13,22],[-1,-1,-1,-1,5,23]]

  it("counts pirates per square, at the start and in the boat", () => {
    expect(piratesOn(mid, 13)).toEqual([1, 0, 1, 0]);
    expect(pawnsOn(mid, 5)).toEqual([0, 3]);
    expect(startCount(mid, 0)).toBe(2);
    expect(startCount(mid, 2)).toBe(4);
    expect(piratesOn(mid, START)).toEqual([2, 3, 4, 4]);
    expect(boatCount(mid, 0)).toBe(0);
    const occ = occupancy(mid);
    expect(occ[5]).toBe(2);
    expect(occ.reduce((a, b) => a + b, 0)).toBe(24 - 13);
  });

  it("finds back moves as the engine does", () => {
    // "back: pirate 12 → 11, draw 1 card" and "back: pirate 17 → 14, draw 2 cards"
    expect(backDestination(mid, 11)).toEqual({ target: 10, draw: 1 });
    expect(backDestination(mid, 16)).toEqual({ target: 13, draw: 2 });
    expect(backDestination(mid, 3)).toBeNull();
  });

  it("finds forward moves, jumping occupied squares, to the boat when none is free", () => {
    const start = asCartagena(fx.decisions["end_turn/forward/end_turn/forward"]!.view);
    expect(forwardDestination(start, "skull", START)).toBe(0);
    expect(forwardDestination(start, "bottle", START)).toBe(4);
    expect(forwardDestination(start, "pistol", 35)).toBe(BOAT);
  });

  it("reads hands, piles and the open row", () => {
    expect(handOf(mid, 1)).toEqual({ skull: 0, hat: 0, dagger: 0, bottle: 0, key: 0, pistol: 0 });
    expect(handOf(mid, 0)).toBeNull();
    expect(discardTotal(mid)).toBe(24);
    expect(rowCards(mid)).toEqual([]);
    const tortuga = FIXTURES.find(([f]) => f === "cartagena.variant=tortuga.5.json")![1];
    const t = asCartagena(tortuga.decisions["back/end_turn/back/end_turn"]!.view);
    expect(rowCards(t)).toEqual(["dagger", "pistol", "key", "hat"]);
    expect(handOf(t, 4)).toEqual({ skull: 0, hat: 0, dagger: 0, bottle: 1, key: 3, pistol: 0 });
  });

  it("lays the tiles out snaking, one per row", () => {
    expect(cellOf(0).col).toBe(0);
    expect(cellOf(5).col).toBe(5);
    expect(cellOf(6).col).toBe(5);
    expect(cellOf(11).col).toBe(0);
    expect(cellOf(35).col).toBe(0);
    expect(cellOf(6).y).toBeGreaterThan(cellOf(5).y);
    expect(cellOf(5).x).toBe(cellOf(6).x);
  });

  it("names pirate keys start, 0..35 and boat, and reads them back", () => {
    for (const q of [START, 0, 7, 35, BOAT]) expect(squareOfKey(pirateKey(q))).toBe(q);
    expect(pirateKey(START)).toBe("pirate:start");
    expect(pirateKey(BOAT)).toBe("pirate:boat");
    expect(squareOfKey("card:hat")).toBeNull();
  });
});

describe("a pirate in the boat may go back", () => {
  const fx = FIXTURES.find(([f]) => f === "cartagena.variant=jamaica.4.json")![1];
  const base = fx.decisions["back/end_turn/back/end_turn"]!;
  const view = { ...base.view, pirates: [[-1, -1, 5, 10, 13, 17], [-1, -1, -1, 3, 11, 36], [-1, -1, -1, -1, 13, 22], [-1, -1, -1, -1, 5, 23]] } as View;
  const legal: Choice[] = [
    { action: { type: "back", from: 11 }, text: "", group: null },
    { action: { type: "back", from: 36 }, text: "", group: null },
    { action: { type: "forward", card: "hat", from: -1 }, text: "", group: null },
    { action: { type: "forward", card: "hat", from: 11 }, text: "", group: null },
    { action: { type: "end_turn" }, text: "", group: null },
  ];

  it("has the key pirate:boat, drawn and clickable", () => {
    const state = pickState(legal, view, pathOf, []);
    expect(state.clickable).toEqual(new Set(["pirate:11", "pirate:boat", "card:hat"]));
    const html = board(view, 1, state.clickable);
    expect(html).toContain('data-key="pirate:boat"');
    expect(backDestination(asCartagena(view), BOAT)).toEqual({ target: 23, draw: 1 });
    expect(ui.describe!(legal[1]!, view, "nl", [])).toBe("Terugtrekken: piraat van de sloep naar veld 24, 1 kaart nemen");
  });

  it("after a card, offers the start and the tunnel pirates, not the boat", () => {
    const state = pickState(legal, view, pathOf, ["card:hat"]);
    expect(state.clickable).toEqual(new Set(["pirate:start", "pirate:11"]));
    const html = board(view, 1, state.clickable, ["card:hat"]);
    expect(html).toContain('data-key="pirate:start"');
    expect(html).toMatch(/data-key="card:hat" class="[^"]*\bpicked\b/);
  });
});
