import { render } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import ui from "../src/games/tortuga";
import { lastMoveMarks } from "../src/games/tortuga/marks";
import { asView, type TView } from "../src/games/tortuga/model";
import { dieReason } from "../src/games/tortuga/play";
import type { Lang } from "../src/i18n";
import type { Choice, LogData, View } from "../src/protocol";
import { loadFixtures } from "./fixtures";

const FIXTURES = loadFixtures("tortuga");
const LANGS: Lang[] = ["en", "nl", "de"];
const NAMES = ["Anne", "Bob", "Alice", "Dirk"];
const End = ui.End!;

function board(view: View, seat: number | null, lastMoves?: Map<number, LogData[]>): string {
  return render(
    <ui.Board
      view={view}
      seat={seat}
      names={NAMES}
      lang="en"
      clickable={new Set()}
      picked={[]}
      onPick={() => {}}
      lastMoves={lastMoves}
    />,
  );
}

/** Each seat's last move as the table finds it: the last run of lines that seat's moves wrote. */
function lastMoves(lines: LogData[]): Map<number, LogData[]> {
  const moves = new Map<number, LogData[]>();
  let current: number | null = null;
  for (const data of lines) {
    const seat = ui.mover!(data);
    if (seat === null) continue;
    if (seat !== current) moves.set(seat, []);
    moves.get(seat)!.push(data);
    current = seat;
  }
  return moves;
}

describe("last-move marks", () => {
  for (const [file, f] of FIXTURES) {
    it(`${file}: every seat that moved is marked in its colour where it happened`, () => {
      const lines = f.logs[0]!.filter((l) => l.visible_to === null).map((l) => l.data);
      // Halfway through the game and at its end.
      for (const upTo of [Math.floor(lines.length / 2), lines.length]) {
        const moves = lastMoves(lines.slice(0, upTo));
        expect(moves.size).toBeGreaterThan(0);
        const html = board(f.final.spectator, null, moves);
        for (const [seat, data] of moves) {
          const marks = lastMoveMarks(new Map([[seat, data]]));
          expect(marks.length, JSON.stringify(data)).toBeGreaterThan(0);
          expect(html).toContain(`data-last-move="${seat}"`);
        }
      }
    });
  }

  it("puts a mark on the space, the track box, the area or the bag the line names", () => {
    const marks = lastMoveMarks(
      new Map<number, LogData[]>([
        [0, [{ type: "reveal", seat: 0, faces: [] }, { type: "place_dice", seat: 0, dice: ["A"], action: "raid" }]],
        [1, [{ type: "attack", seat: 1, action: "board", target: 2, target_box: 4, defended: true, own_box: 2 }]],
        [2, [{ type: "move", seat: 2, colour: "red", source: "island" }]],
        [3, [{ type: "deposit", seat: 3, colour: "red", center: false }]],
      ]),
    );
    expect(marks).toEqual([
      { seat: 0, place: { kind: "space", on: 0, action: "raid" } },
      { seat: 1, place: { kind: "track", on: 2, track: "fleet", box: 4 } },
      { seat: 1, place: { kind: "track", on: 1, track: "fleet", box: 2 } },
      { seat: 2, place: { kind: "area", on: 2, area: "crew" } },
      { seat: 3, place: { kind: "bag", on: null } },
    ]);
  });

  it("draws no mark without last moves", () => {
    expect(board(FIXTURES[0]![1].final.spectator, null)).not.toContain("data-last-move");
  });
});

describe("keyWords", () => {
  for (const [file, f] of FIXTURES) {
    it(`${file}: every key a decision clicks reads as words in every language`, () => {
      for (const snap of Object.values(f.decisions)) {
        const keys = new Set(snap.legal.flatMap((c) => ui.path(c.action, snap.view)));
        for (const key of keys)
          for (const lang of LANGS) {
            const words = ui.keyWords!(key, snap.view, lang);
            expect(words.length).toBeGreaterThan(1);
            expect(words, key).not.toContain(key);
            for (const bad of ["undefined", "NaN", "{", ":0", "→"]) expect(words, words).not.toContain(bad);
            if (lang === "nl") expect(words).not.toMatch(/\b(red|blue|yellow|white|purple|chest|die)\b/);
          }
      }
    });
  }
});

describe("End", () => {
  for (const [file, f] of FIXTURES) {
    it(`${file}: the score sheet per category with the winners`, () => {
      const view = asView(f.final.spectator);
      for (const lang of LANGS) {
        const html = render(<End view={f.final.spectator} seat={null} names={NAMES} lang={lang} />);
        expect(html).toContain("<table");
        expect(html).toContain("<svg");
        for (const [s, seat] of view.seats.entries()) {
          expect(html).toContain(NAMES[s]!);
          expect(html).toContain(`<strong>${seat.score!.total}</strong>`);
          expect(html).toContain(`<strong>${seat.score!.sets}</strong>`);
        }
        for (const s of view.winners) expect(html).toContain(NAMES[s]!);
        expect(html).not.toMatch(/[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/u);
      }
    });
  }

  it("says a shared victory in words, with the rulebook's tie rule", () => {
    const [, f] = FIXTURES.find(([, x]) => x.players === 4)!;
    const view = structuredClone(asView(f.final.spectator)) as TView;
    const best = view.seats[view.winners[0]!]!.score!.total;
    const other = view.winners[0] === 0 ? 1 : 0;
    view.seats[other]!.score!.total = best;
    view.winners = [Math.min(other, view.winners[0]!), Math.max(other, view.winners[0]!)];
    const tie = render(<End view={view as unknown as View} seat={null} names={NAMES} lang="en" />);
    expect(tie).toContain("share the victory");
    expect(tie).toContain("In case of a tie for the most points");
    const de = render(<End view={view as unknown as View} seat={null} names={NAMES} lang="de" />);
    expect(de).toContain("teilen sich den Sieg");
    const one = render(<End view={f.final.spectator} seat={null} names={NAMES} lang="en" />);
    expect(one).toContain(" wins with ");
  });
});

const choice = (action: Choice["action"]): Choice => ({ action, text: "", group: null });

describe("confirm, rank and whyNot", () => {
  const view = FIXTURES[0]![1].final.spectator;

  it("asks to confirm the secret and binding choices, not the forced or routine ones", () => {
    expect(ui.confirm!(choice({ type: "select", dice: ["A", "C"] }), view)).toBe(true);
    expect(ui.confirm!(choice({ type: "select", dice: [] }), view)).toBe(false);
    for (const type of ["keep", "turn", "bonus", "forfeit", "attack", "seize", "claim"])
      expect(ui.confirm!(choice({ type }), view), type).toBe(true);
    for (const type of ["perform", "place"]) expect(ui.confirm!(choice({ type }), view), type).toBe(false);
  });

  for (const [file, f] of FIXTURES) {
    it(`${file}: performing comes first and forfeiting last`, () => {
      for (const [kind, snap] of Object.entries(f.decisions)) {
        if (!snap.legal.some((c) => c.action.type === "forfeit")) continue;
        const sorted = [...snap.legal].sort((a, b) => ui.rank!(a, snap.view) - ui.rank!(b, snap.view));
        expect(sorted[0]!.action.type, kind).not.toBe("forfeit");
        expect(sorted[sorted.length - 1]!.action.type, kind).toBe("forfeit");
      }
    });

    it(`${file}: a die that cannot be kept says the rule; one that can says nothing`, () => {
      for (const snap of Object.values(f.decisions)) {
        const selects = snap.legal.filter((c) => c.action.type === "select");
        if (!selects.length) continue;
        const own = asView(snap.view).seats[snap.seat]!;
        for (const letter of Object.keys(own.roll ?? {})) {
          const keepable = selects.some((c) => (c.action["dice"] as string[]).includes(letter));
          const why = ui.whyNot!(`die:${letter}`, snap.view, snap.legal, "en");
          if (keepable) expect(why).toBeNull();
          else if (own.roll?.[letter]) expect(why).toMatch(/holds at most|same action/);
        }
        // After keeping one action, a die of another action is refused with the rule quoted.
        const faces = Object.entries(own.roll ?? {}).filter(([, f]) => f && f !== "skull");
        const first = faces[0];
        const other = faces.find(([, f]) => first && f !== first[1]);
        if (first && other) {
          for (const lang of LANGS) {
            const why = dieReason(other[0], snap.view, [`die:${first[0]}`], lang, true);
            expect(why).toBeTruthy();
            expect(why).toContain(other[0]);
          }
        }
      }
    });
  }

  it("refuses a raid die beyond the pirate token's box, quoting the rule", () => {
    const [, f] = FIXTURES[0]!;
    const snap = Object.values(f.decisions).find((s) => s.legal.some((c) => c.action.type === "select"))!;
    const view = structuredClone(asView(snap.view)) as TView;
    const seat = view.seats[snap.seat]!;
    seat.crew_box = 1; // "Boat/Pirate token on box: 1 → Number of dice: 1"
    seat.roll = { A: "raid", B: "raid", C: null, D: null, E: null };
    seat.dice = { A: null, B: null, C: "raid", D: "fleet", E: "fleet" };
    const why = dieReason("A", view as unknown as View, [], "en", true)!;
    expect(why).toContain("Raid holds at most 1 dice with your pirate token on box 1");
    expect(why).toContain("can only hold that many dice");
    expect(dieReason("A", view as unknown as View, [], "de", true)).toContain("Piratenmarker");
    seat.dice.C = null;
    expect(dieReason("A", view as unknown as View, [], "en", true)).toBeNull();
    expect(dieReason("B", view as unknown as View, ["die:A"], "en", true)).toContain("holds at most 1");
  });

  it("the board shows a refused die as disabled, with the reason as its description", () => {
    const [, f] = FIXTURES.find(([, x]) => x.players === 4)!;
    const snap = f.decisions["select/select"]!;
    const own = asView(snap.view).seats[snap.seat]!;
    const faces = Object.entries(own.roll ?? {}).filter(([, x]) => x && x !== "skull");
    const first = faces[0]!;
    const other = faces.find(([, x]) => x !== first[1])!;
    const html = render(
      <ui.Board
        view={snap.view}
        seat={snap.seat}
        names={NAMES}
        lang="en"
        clickable={new Set()}
        picked={[`die:${first[0]}`]}
        onPick={() => {}}
      />,
    );
    expect(html).toMatch(new RegExp(`data-key="die:${other[0]}" class="disabled" role="button" tabindex="0" aria-label="[^"]*" aria-disabled="true" aria-describedby="why-die-${other[0]}"`));
    expect(html).toContain(`<desc id="why-die-${other[0]}">Die ${other[0]} shows`);
  });
});
