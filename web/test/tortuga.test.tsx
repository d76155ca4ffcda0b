import { render } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import ui from "../src/games/tortuga";
import {
  actionSpaces,
  asView,
  chestCounts,
  chestGrid,
  dieNumber,
  hand,
  layout,
  lookingAt,
  moving,
  seatOrder,
} from "../src/games/tortuga/model";
import type { Lang } from "../src/i18n";
import { pick, pickState } from "../src/picker";
import { fixtureFiles, loadFixture, type Fixture } from "./fixtures";
import type { Choice, View } from "../src/protocol";


const FILES = fixtureFiles("tortuga");
const load = loadFixture;
const LANGS: Lang[] = ["en", "nl", "de"];
const pathOf = (c: Choice, v: View) => ui.path(c.action, v);

function draw(view: View, seat: number | null, clickable: Set<string> = new Set(), picked: string[] = [], lang: Lang = "en") {
  const names = (view["seat_names"] as string[]) ?? [];
  return render(
    <ui.Board view={view} seat={seat} names={names} lang={lang} clickable={clickable} picked={picked} onPick={() => {}} />,
  );
}

function fixture(name: string): Fixture {
  const f = FILES.find((x) => x.startsWith(name));
  if (!f) throw new Error(`no fixture ${name}`);
  return load(f);
}

it("has the four Tortuga fixtures", () => {
  expect(FILES.length).toBe(4);
});

describe.each(FILES)("%s", (file) => {
  const fx = load(file);
  const kinds = Object.entries(fx.decisions);

  it.each(kinds)("%s: paths are distinct, rendered and lead to the choice", (_kind, snap) => {
    const paths = snap.legal.map((c) => ui.path(c.action, snap.view).join(" "));
    expect(new Set(paths).size).toBe(paths.length);
    for (const choice of snap.legal) {
      const path = ui.path(choice.action, snap.view);
      let picked: string[] = [];
      for (const key of path) {
        const state = pickState(snap.legal, snap.view, pathOf, picked);
        expect(state.clickable.has(key)).toBe(true);
        const html = draw(snap.view, snap.seat, state.clickable, picked);
        expect(html).toContain(`data-key="${key}"`);
        // The clickable thing is a button with the class the CSS highlights.
        expect(html).toMatch(new RegExp(`data-key="${key}" class="clickable[^"]*" role="button" tabindex="0"`));
        // ...whose outline (class "hit") is its direct child, as the CSS expects.
        expect(html).toMatch(
          new RegExp(`data-key="${key}" class="clickable[^"]*"[^>]*><title>[^<]*</title><rect class="hit"`),
        );
        const result = pick(snap.legal, snap.view, pathOf, picked, key);
        expect(result.kind).not.toBe("ignored");
        if (result.kind === "send") {
          expect(result.choice).toEqual(choice);
          picked = [];
          break;
        }
        if (result.kind === "more") picked = result.picked;
      }
      if (picked.length || path.length === 0) {
        // Not sent by its last click: then it is offered as a button once its path is done.
        const state = pickState(snap.legal, snap.view, pathOf, path);
        expect(state.complete).toContainEqual(choice);
      }
    }
  });

  it.each(kinds)("%s: described in every language", (_kind, snap) => {
    const names = (snap.view["seat_names"] as string[]) ?? [];
    for (const choice of snap.legal) {
      for (const lang of LANGS) {
        const text = ui.describe!(choice, snap.view, lang, names);
        expect(typeof text === "string" && text.length > 0).toBe(true);
      }
    }
  });

  it.each(kinds)("%s: the spectator sees no hidden roll, selection or coins", (_kind, snap) => {
    const spec = asView(snap.spectator);
    const html = draw(snap.spectator, null);
    for (const [s, seat] of spec.seats.entries()) {
      expect(seat.coins).toBeNull();
      if (seat.selecting) {
        expect(seat.roll).toBeNull();
        // face-down dice only, and as many as the seat has left
        expect(hand(spec, s).dice.every((d) => d.face === null)).toBe(true);
      }
    }
    // Nothing clickable for a spectator, and no face-up tile being looked at.
    expect(html).not.toContain('role="button"');
    expect(html).not.toContain("Treasure tile with");
    // The seat's own hidden roll shows in its view only.
    const own = asView(snap.view).seats[snap.seat]!;
    if (own.selecting && own.roll) {
      const mine = draw(snap.view, snap.seat);
      const letter = Object.keys(own.roll).find((l) => own.roll![l])!;
      expect(mine).toContain(`. Die ${letter}: `);
      expect(html).not.toContain(`. Die ${letter}: `);
      expect(html).toContain(`aria-label="Die ${letter}, face down"`);
    }
    // Other seats' hidden things are not in the seat's own board either.
    const mine = draw(snap.view, snap.seat);
    for (const [s, seat] of asView(snap.view).seats.entries()) {
      if (s === snap.seat) continue;
      expect(seat.coins).toBeNull();
      if (seat.selecting) expect(seat.roll).toBeNull();
    }
    expect(mine).toContain("Your board");
  });

  it("draws the final position and every language", () => {
    for (const lang of LANGS) {
      const html = draw(fx.final.spectator, null, new Set(), [], lang);
      expect(html).toContain('<svg class="board t-board"');
      for (const s of asView(fx.final.spectator).seats) expect(html).toContain(s.name);
    }
    for (const [s, v] of fx.final.views.entries()) {
      for (const lang of LANGS) expect(ui.seatSummary(v, s, lang).length).toBeGreaterThan(0);
    }
  });
});

describe("model on fixture values", () => {
  it("dice numbers follow the Latin square of the rulings", () => {
    expect(dieNumber("A", "fleet")).toBe(2);
    expect(dieNumber("A", "raid")).toBe(1);
    expect(dieNumber("E", "raid")).toBe(5);
    expect(dieNumber("B", "crew")).toBe(4);
  });

  it("action spaces: dice, bonus tiles and totals", () => {
    const v = asView(fixture("tortuga.long_game=False.4").decisions["keep/keep"]!.view);
    // Lothar: A, B, C, E on fleet, D on raid, bonus 1 on hunt (no die there: no total)
    const lothar = actionSpaces(v.seats[1]!);
    const fleet = lothar.find((s) => s.action === "fleet")!;
    expect(fleet.dice.map((d) => d.letter)).toEqual(["A", "B", "C", "E"]);
    expect(fleet.total).toBe(2 + 3 + 4 + 1);
    expect(lothar.find((s) => s.action === "hunt")!).toMatchObject({ bonus: 1, total: 0 });
    // Ani: B on board with a bonus 1 there: 4 + 1
    const ani = actionSpaces(v.seats[0]!);
    expect(ani.find((s) => s.action === "board")!.total).toBe(dieNumber("B", "board") + 1);
    // Frank looks at two tiles (3 and 2): he sees them, the spectator only counts them
    expect(lookingAt(v.seats[2]!)).toEqual({ coins: [3, 2], count: 2 });
    const spec = asView(fixture("tortuga.long_game=False.4").decisions["keep/keep"]!.spectator);
    expect(lookingAt(spec.seats[2]!)).toEqual({ coins: null, count: 2 });
  });

  it("hand: own roll face up, others face down, skulls to turn", () => {
    const fx = fixture("tortuga.long_game=False.4");
    const v = asView(fx.decisions["select/select"]!.view);
    const own = hand(v, 0);
    expect(own.state).toBe("rolled");
    expect(own.dice.map((d) => `${d.letter}:${d.face}`)).toEqual([
      "A:skull",
      "B:crew",
      "C:skull",
      "D:raid",
      "E:raid",
    ]);
    expect(hand(v, 1)).toMatchObject({ state: "hidden" });
    expect(hand(v, 1).dice).toHaveLength(5);
    const t = asView(fx.decisions["turn/turn"]!.view);
    expect(hand(t, 0).state).toBe("turn");
    expect(hand(t, 0).dice.map((d) => d.letter)).toEqual(["C"]);
  });

  it("chests in transit and counts", () => {
    const v = asView(fixture("tortuga.long_game=False.4").decisions["place/place"]!.view);
    expect(moving(v)).toEqual({
      seat: 0,
      source: "island",
      destination: "crew",
      chests: [
        ["red", 1],
        ["yellow", 1],
      ],
    });
    expect(chestCounts(v.seats[2]!)).toEqual({ tortuga: 0, fleet: 0, crew: 1, island: 3, total: 4 });
    const final = asView(fixture("tortuga.long_game=False.4").final.spectator);
    expect(chestCounts(final.seats[2]!).tortuga).toBe(6);
  });

  it("paths of the action types", () => {
    const fx = fixture("tortuga.long_game=False.4");
    const paths = (kind: string) => {
      const s = fx.decisions[kind]!;
      return s.legal.map((c) => ui.path(c.action, s.view));
    };
    expect(paths("select/select")).toContainEqual(["die:A", "die:B", "die:C"]);
    expect(paths("turn/turn")[0]).toEqual(["space:fleet"]);
    expect(paths("decide/forfeit/perform")).toEqual([["space:fleet"], []]);
    expect(paths("decide/attack/forfeit")).toEqual([["seat:0"], ["seat:1"], ["seat:2"], []]);
    expect(paths("keep/keep")).toEqual([["tile:2"], ["tile:3"]]);
    expect(paths("seize/seize")).toEqual([["chest:1:crew:0"], ["chest:1:crew:1"]]);
    expect(paths("claim/claim")).toEqual([["chest:center:blue"], ["chest:center:purple"]]);
    expect(paths("place/place")).toEqual([["chest:0:island:red"], ["chest:0:island:yellow"]]);
  });

  it("layout: own seat first, one or two columns", () => {
    expect(seatOrder(4, 2)).toEqual([2, 3, 0, 1]);
    expect(seatOrder(3, null)).toEqual([0, 1, 2]);
    const wide = layout(4, 2);
    const narrow = layout(4, 1);
    expect(wide.width).toBeGreaterThan(900);
    expect(narrow.width).toBeLessThan(520);
    expect(narrow.panels[3]!.y).toBeGreaterThan(wide.panels[3]!.y);
    expect(chestGrid(3, 120, 2, 22).map((p) => p.y)).toEqual([0, 0, 0]);
    expect(chestGrid(12, 120, 2, 22).some((p) => p.y > 0)).toBe(true);
  });

  it("the empty selection (no die can be placed) is a button", () => {
    const view = fixture("tortuga.long_game=False.4").decisions["select/select"]!.view;
    expect(ui.path({ type: "select", dice: [] }, view)).toEqual([]);
    expect(ui.describe!({ action: { type: "select", dice: [] }, text: "", group: null }, view, "nl", [])).toContain(
      "opnieuw dobbelen",
    );
  });
});
