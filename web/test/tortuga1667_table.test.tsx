// Tortuga 1667's additions to the table: last-move marks, keyWords, End, confirm, rank, whyNot.
import { render } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import ui from "../src/games/tortuga1667";
import { markedKeys } from "../src/games/tortuga1667/marks";
import { placeOf, typed } from "../src/games/tortuga1667/model";
import type { Lang } from "../src/i18n";
import { pickState } from "../src/picker";
import type { Choice, LogData, View } from "../src/protocol";
import { loadFixtures } from "./fixtures";

const fixtures = loadFixtures("tortuga1667");
const LANGS: Lang[] = ["en", "nl", "de"];
const NAMES = ["Anne", "Bob", "Alice", "Dirk", "Eva", "Frits", "Gerd", "Hanna", "Ines"];
const pathOf = (c: Choice, v: View) => ui.path(c.action, v);
const End = ui.End!;

function draw(view: View, seat: number | null, lastMoves?: Map<number, LogData[]>, clickable: ReadonlySet<string> = new Set()) {
  return render(
    <ui.Board view={view} seat={seat} names={NAMES} lang="en" clickable={clickable} picked={[]} onPick={() => {}} lastMoves={lastMoves} />,
  );
}

/** Each seat's last move from a fixture's log as the table would group it: the lines from one
 * mover's line up to the next mover's line. */
function lastMovesOf(lines: { data: LogData }[]): Map<number, LogData[]> {
  const moves = new Map<number, LogData[]>();
  let current: number | null = null;
  for (const { data } of lines) {
    const m = ui.mover!(data);
    if (m !== null && m !== current) {
      current = m;
      moves.set(m, []);
    }
    if (current !== null) moves.get(current)!.push(data);
  }
  return moves;
}

const marksIn = (html: string, seat: number) => html.split(`data-last-move="${seat}"`).length - 1;

describe("tortuga1667 last-move marks", () => {
  it("marks the moved pawn and where it went, in the mover's colour", () => {
    const [, f] = fixtures.find(([n]) => n === "tortuga1667.basic.4.json")!;
    const view = Object.values(f.decisions)[1]!.view;
    const v = typed(view);
    const seat = v.ships.jolly_roger.crew[0]!;
    const moves = new Map<number, LogData[]>([[seat, [{ type: "moved", seat, place: "flying_dutchman", to: "jolly_roger" }]]]);
    const html = draw(view, 0, moves);
    expect(marksIn(html, seat)).toBe(2); // the pawn and the ship
    expect(html).toMatch(new RegExp(`data-key="seat:${seat}"[^>]*>(<title>[^<]*</title>)?<g class="t1667-marks"`));
    const keys = markedKeys(moves, () => null);
    expect([...keys.keys()].sort()).toEqual([`seat:${seat}`, "ship:jolly_roger"]);
    // No marks without last moves.
    expect(draw(view, 0)).not.toContain("data-last-move");
  });

  it("marks a revealed card, the hold a chest went into, a blown-up rowboat, a voter's pawn", () => {
    const shipOf = () => "jolly_roger" as const;
    const keys = (d: LogData) => [...markedKeys(new Map([[1, [d]]]), shipOf).keys()];
    // The mover's pawn first, always; then what the move concerned.
    expect(keys({ type: "revealed", seat: 1, slot: 3, card: "pistol" })).toEqual(["seat:1", "slot:3"]);
    expect(keys({ type: "stowed", seat: 1, into: "french", take: null })).toEqual(["seat:1", "hold:jolly_roger:french"]);
    expect(keys({ type: "black_powder", seat: 1, ship: "flying_dutchman" })).toEqual(["seat:1", "rowboat:flying_dutchman"]);
    expect(keys({ type: "voted", seat: 1 })).toEqual(["seat:1"]);
    expect(keys({ type: "pointed", seat: 1, slots: [0, 4], target: 2 })).toEqual(["seat:1", "slot:0", "slot:4", "seat:2"]);
    expect(keys({ type: "setup", players: 4 })).toEqual(["seat:1"]);
  });

  it.each(fixtures)("%s: every seat that moved has a mark, on every decision", (_n, f) => {
    for (const snap of Object.values(f.decisions)) {
      const lines = f.logs[0]!.filter((l) => l.visible_to === null || l.visible_to.includes(snap.seat));
      const moves = lastMovesOf(lines);
      const html = draw(snap.view, snap.seat, moves);
      for (const seat of moves.keys()) {
        if (placeOf(snap.view, seat).kind === "none") continue;
        expect(marksIn(html, seat), `seat ${seat}`).toBeGreaterThan(0);
      }
    }
  });
});

describe("tortuga1667 keyWords", () => {
  it.each(fixtures)("%s: every clickable key in words, never a raw key", (_n, f) => {
    for (const snap of Object.values(f.decisions)) {
      const keys = new Set(snap.legal.flatMap((c) => pathOf(c, snap.view)));
      for (const k of keys) {
        for (const lang of LANGS) {
          const words = ui.keyWords!(k, snap.view, lang);
          expect(words, k).not.toBe(k);
          expect(words).not.toMatch(/[:→]|\/|undefined|NaN|_/);
          expect(words.length).toBeGreaterThan(2);
        }
      }
    }
  });

  it("says a vote card by its sections and a pawn by its number and place", () => {
    const [, f] = fixtures[0]!;
    const view = Object.values(f.decisions)[0]!.view;
    expect(ui.keyWords!("vote:torch/french/skull", view, "nl")).toBe("Toorts · Frans · Schedel");
    expect(ui.keyWords!("seat:0", view, "en")).toMatch(/^Pawn 1 \(/);
    expect(ui.keyWords!("hold:jolly_roger:british", view, "de")).toBe("Britischer Laderaum (Jolly Roger)");
  });
});

describe("tortuga1667 End", () => {
  it.each(fixtures)("%s: the winning team, chests per team, every loyalty revealed", (_n, f) => {
    for (const [i, view] of [...f.final.views, f.final.spectator].entries()) {
      const v = typed(view);
      for (const lang of LANGS) {
        const html = render(<End view={view} seat={i < f.final.views.length ? i : null} names={NAMES} lang={lang} />);
        const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
        expect(html).toContain("<svg");
        expect(html).not.toMatch(/[\u{1F300}-\u{1FAFF}]/u); // no emoji
        // "French 6 – British 1": both counts, the winner's first.
        const teamWord = (t: string) => ui.terms[lang][`teams.${t}`]!;
        const b = `${teamWord("british")} ${v.team_chests.british}`;
        const fr = `${teamWord("french")} ${v.team_chests.french}`;
        expect(text).toContain(v.winner_team === "french" ? `${fr} – ${b}` : `${b} – ${fr}`);
        if (v.winner_team && v.winner_team !== "shared") expect(text).toContain(teamWord(v.winner_team));
        // Each seat's loyalty, by the table's name.
        for (let s = 0; s < f.players; s++) {
          expect(html).toContain(`data-seat="${s}"`);
          expect(text).toContain(NAMES[s]!);
        }
        expect(html.match(/t1667-winner/g)?.length ?? 0).toBe(v.winners.length);
      }
    }
  });
});

describe("tortuga1667 confirm, rank, whyNot", () => {
  it.each(fixtures)("%s: every secret vote and irreversible choice asks to confirm; looking does not", (_n, f) => {
    for (const snap of Object.values(f.decisions)) {
      for (const c of snap.legal) {
        const t = c.action.type as string;
        const asked = ui.confirm!(c, snap.view);
        if (["vote", "discard", "put_on_top", "pick_vote", "stow", "move_chest", "maroon", "target", "reveal", "blow_up", "play"].includes(t)) expect(asked, t).toBe(true);
        if (["look", "point", "move", "choose", "place_pawn", "marque_draw"].includes(t)) expect(asked, t).toBe(false);
      }
    }
  });

  it.each(fixtures)("%s: the prominent button is never Pass or Decline when something else is offered", (_n, f) => {
    for (const snap of Object.values(f.decisions)) {
      const buttons = snap.legal.filter((c) => pathOf(c, snap.view).length === 0);
      if (buttons.length < 2) continue;
      const first = [...buttons].sort((a, b) => ui.rank!(a, snap.view) - ui.rank!(b, snap.view))[0]!;
      expect(["pass", "decline"]).not.toContain(first.action.type);
    }
  });

  it.each(fixtures)("%s: whyNot says nothing for a clickable key and gives words for others", (_n, f) => {
    for (const snap of Object.values(f.decisions)) {
      const { clickable } = pickState(snap.legal, snap.view, pathOf, []);
      for (const k of clickable) expect(ui.whyNot!(k, snap.view, snap.legal, "en")).toBeNull();
      const v = typed(snap.view);
      if (v.decision?.kind === "turn") {
        for (const k of ["galleon", "place:tortuga"]) {
          if (clickable.has(k)) continue;
          for (const lang of LANGS) expect(ui.whyNot!(k, snap.view, snap.legal, lang), k).toMatch(/\w{3}/);
        }
      }
      // Not this seat's turn at all.
      expect(ui.whyNot!("galleon", snap.view, [], "en")).toMatch(/not your turn/);
    }
  });
});
