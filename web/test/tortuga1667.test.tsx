// Tortuga 1667's board, paths and words against every fixture (scripts/web_fixtures.py).
import { render } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import ui from "../src/games/tortuga1667";
import { columnsFor } from "../src/games/tortuga1667/Board";
import {
  actionPath,
  albatrossAboard,
  counted,
  eventSlots,
  knownLoyalty,
  placeOf,
  roleOf,
  stowShip,
  tally,
  typed,
  voteParts,
  voteState,
} from "../src/games/tortuga1667/model";
import type { Lang } from "../src/i18n";
import { pick, pickState } from "../src/picker";
import { loadFixtures, type Fixture } from "./fixtures";
import type { Choice, View } from "../src/protocol";


const fixtures = loadFixtures("tortuga1667");
const files = fixtures.map(([name]) => name);
const LANGS: Lang[] = ["en", "nl", "de"];
const pathOf = (c: Choice, v: View) => ui.path(c.action, v);

function draw(view: View, seat: number | null, clickable: ReadonlySet<string> = new Set(), lang: Lang = "en", picked: string[] = []) {
  const names = (view["seat_names"] as string[]) ?? [];
  return render(
    <ui.Board view={view} seat={seat} names={names} lang={lang} clickable={clickable} picked={picked} onPick={() => {}} />,
  );
}

/** Whether the element opening at `start` has a direct child with class "hit" (the CSS
 * highlights `.clickable > .hit`). */
function hasDirectHit(html: string, start: number): boolean {
  const open = html.indexOf(">", start) + 1;
  const tags = /<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g;
  tags.lastIndex = open;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    if (m[1]) {
      if (depth === 0) return false;
      depth--;
    } else {
      if (depth === 0 && /class="hit"/.test(m[3]!)) return true;
      if (!m[4]) depth++;
    }
  }
  return false;
}

/** The path rules of picker.ts for one decision: distinct paths, every key drawn (and clickable
 * with a direct .hit outline when reached), each path sending its action or leaving it a button. */
function checkPaths(snap: { view: View; seat: number; legal: Choice[] }) {
  const paths = snap.legal.map((c) => JSON.stringify(pathOf(c, snap.view)));
  expect(new Set(paths).size).toBe(paths.length);
  // Every key of every path is on the board at this moment.
  const html = draw(snap.view, snap.seat, pickState(snap.legal, snap.view, pathOf, []).clickable);
  for (const c of snap.legal) {
    for (const k of pathOf(c, snap.view)) expect(html, `${k} for ${c.text}`).toContain(`data-key="${k}"`);
  }
  // Following each path click by click sends it, or leaves it as a button (complete).
  const prefixes = new Map<string, string[]>([["", []]]);
  for (const c of snap.legal) {
    const path = pathOf(c, snap.view);
    let picked: string[] = [];
    let sent: Choice | null = null;
    for (const k of path) {
      const state = pickState(snap.legal, snap.view, pathOf, picked);
      expect(state.clickable.has(k), `${k} clickable after ${picked.join(",")}`).toBe(true);
      const r = pick(snap.legal, snap.view, pathOf, picked, k);
      if (r.kind === "send") {
        sent = r.choice;
        break;
      }
      expect(r.kind).toBe("more");
      if (r.kind === "more") picked = r.picked;
      prefixes.set(picked.join(" "), picked);
    }
    if (sent) expect(sent.action).toEqual(c.action);
    else expect(pickState(snap.legal, snap.view, pathOf, picked).complete.map((x) => x.action)).toContainEqual(c.action);
  }
  // At every step, what may be clicked is drawn as a button with a label, keyboard focus and a
  // direct .hit outline; what was clicked is marked picked.
  for (const picked of prefixes.values()) {
    const clickable = pickState(snap.legal, snap.view, pathOf, picked).clickable;
    const step = draw(snap.view, snap.seat, clickable, "en", picked);
    for (const k of clickable) {
      const at = step.indexOf(`data-key="${k}"`);
      expect(at, k).toBeGreaterThan(0);
      const open = step.lastIndexOf("<g", at);
      const tag = step.slice(open, step.indexOf(">", at));
      expect(tag).toContain('class="clickable');
      expect(tag).toContain('role="button"');
      expect(tag).toMatch(/aria-label="[^"]+"/);
      expect(tag).toMatch(/tabindex="0"/); // lowercase: an SVG attribute keeps its case, and only tabindex focuses
      expect(hasDirectHit(step, open), `${k} has a .hit outline`).toBe(true);
    }
    for (const k of picked) expect(step).toMatch(new RegExp(`data-key="${k}" class="[^"]*picked`));
  }
}

function fixture(name: string): Fixture {
  const found = fixtures.find(([f]) => f === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found[1];
}

describe("tortuga1667 fixtures", () => {
  it("has fixtures for both setups and 2, 4 and 9 players", () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const [, fx] of fixtures) expect(fx.game).toBe("tortuga1667");
  });
});

describe.each(fixtures)("%s", (_file, fx) => {
  const snaps = Object.entries(fx.decisions);

  it.each(snaps)("%s: paths are distinct, drawn, and lead to their action", (_kind, snap) => {
    checkPaths(snap);
  });

  it.each(snaps)("%s: every choice in words in en, nl and de", (_kind, snap) => {
    const names = (snap.view["seat_names"] as string[]) ?? [];
    for (const c of snap.legal) {
      for (const lang of LANGS) {
        const words = ui.describe!(c, snap.view, lang, names);
        expect(words, `${lang} ${JSON.stringify(c.action)}`).toBeTruthy();
        expect(words).not.toContain("{");
      }
    }
  });

  it.each(snaps)("%s: the spectator sees no hidden card", (_kind, snap) => {
    const spectator = draw(snap.spectator, null, new Set(), "en");
    const seatView = typed(snap.view);
    const spec = typed(snap.spectator);
    expect(spec.votes).toBeNull();
    expect(spec.loyalty).toBeNull();
    // No vote card face and no data-key of a vote card: the spectator has no hand.
    expect(spectator).not.toContain('data-key="vote:');
    expect(spectator).not.toContain("vote card Cannon");
    expect(spectator).not.toContain("vote card Water");
    expect(spectator).not.toContain("vote card Torch");
    // Event cards the seat looked at stay face down for the spectator.
    const specSlots = eventSlots(snap.spectator);
    seatView.events.row.forEach((card, slot) => {
      if (card && card !== "empty" && spec.events.row[slot] === null) {
        expect(specSlots[slot]!.state).toBe("hidden");
        expect(spectator).toContain(`Event card ${slot + 1}: face down`);
      }
    });
    // The seat's loyalty is not drawn unless the spectator view has it.
    if (!spec.loyalties) expect(spectator).not.toContain("Your loyalty card");
    // The seat's own board does show its hand and loyalty.
    const own = draw(snap.view, snap.seat);
    for (const card of seatView.votes ?? []) expect(own).toContain(`data-key="vote:${card}"`);
    expect(own).toContain("Your loyalty card");
  });

  it("draws the final views (loyalties revealed)", () => {
    for (const view of [...fx.final.views, fx.final.spectator]) {
      const html = draw(view, typed(view).seat);
      expect(html).toContain("Game over");
      for (const team of typed(view).loyalties ?? []) expect(html).toContain(team === "british" ? "British" : team === "french" ? "French" : "Dutch");
    }
  });

  it("other seats' hidden things never reach a seat's board", () => {
    for (const [, snap] of snaps) {
      const v = typed(snap.view);
      // The view never holds another seat's vote cards, only sizes; the board draws sizes.
      expect(v.vote_hand_sizes.length).toBe(fx.players);
      const html = draw(snap.view, snap.seat, new Set(), "en");
      for (let s = 0; s < fx.players; s++) {
        if (s === snap.seat) continue;
        if (!(String(s) in v.known_loyalties) && !v.loyalties) expect(knownLoyalty(snap.view, s)).toBeNull();
      }
      // Vote cards drawn with a key are exactly the seat's own hand (and Crow's Nest deck).
      const keys = [...html.matchAll(/data-key="vote:([^"]+)"/g)].map((m) => m[1]);
      for (const k of keys) expect(v.votes).toContain(k);
    }
  });

  it("draws every view in three, two and one columns and in all languages", () => {
    for (const [, snap] of snaps.slice(0, 4)) {
      for (const lang of LANGS) {
        const html = draw(snap.view, snap.seat, new Set(), lang);
        expect(html).toContain('class="board"');
        expect(html).not.toMatch(/NaN|undefined|\{n\}|\{name\}/);
      }
    }
  });

  it("has a seat summary for every seat in every language", () => {
    const [, snap] = snaps[0]!;
    for (let s = 0; s < fx.players; s++) {
      for (const lang of LANGS) expect(ui.seatSummary(snap.view, s, lang).length).toBeGreaterThan(0);
    }
  });
});

describe("tortuga1667 decisions the fixtures did not meet", () => {
  const clone = (view: View): View => JSON.parse(JSON.stringify(view)) as View;
  const act = (action: Choice["action"]): Choice => ({ action, text: JSON.stringify(action), group: null });

  it("steals a chest from the other ship once the galleon is empty", () => {
    const snap = fixture("tortuga1667.advanced_setup=True.4.json").decisions["stow/stow"]!;
    const view = clone(snap.view);
    const v = typed(view);
    v.galleon = 0;
    v.ships.flying_dutchman.holds = { british: 1, french: 2 };
    const legal = [
      ...(["british", "french"] as const).flatMap((take) =>
        (["british", "french"] as const).map((into) => act({ type: "stow", into, take })),
      ),
      act({ type: "decline" }),
    ];
    checkPaths({ view, seat: snap.seat, legal });
    expect(actionPath({ type: "stow", into: "french", take: "british" }, view)).toEqual([
      "hold:flying_dutchman:british",
      "hold:jolly_roger:french",
    ]);
    for (const lang of LANGS) for (const c of legal) expect(ui.describe!(c, view, lang, [])).toBeTruthy();
  });

  it("votes two cards with El Dorado, identical cards included", () => {
    const snap = fixture("tortuga1667.basic.9.json").decisions["vote/vote"]!;
    const view = clone(snap.view);
    const v = typed(view);
    v.treasure_maps[snap.seat] = ["el_dorado"];
    v.votes = ["water/british/skull", "torch/french/blank", "torch/french/blank"];
    const legal = [
      act({ type: "vote", cards: ["water/british/skull"] }),
      act({ type: "vote", cards: ["torch/french/blank"] }),
      act({ type: "vote", cards: ["water/british/skull", "torch/french/blank"] }),
      act({ type: "vote", cards: ["torch/french/blank", "torch/french/blank"] }),
    ];
    checkPaths({ view, seat: snap.seat, legal });
  });

  it("attacks the other ship once the galleon is empty", () => {
    const snap = fixture("tortuga1667.basic.4.json").decisions["turn/attack/look/maroon/move/point/reveal"]!;
    const view = clone(snap.view);
    typed(view).galleon = 0;
    expect(actionPath({ type: "attack" }, view)).toEqual(["ship:flying_dutchman"]);
    checkPaths({ view, seat: snap.seat, legal: snap.legal });
  });

  it("passes with a button when nothing else is possible", () => {
    const snap = fixture("tortuga1667.basic.4.json").decisions["turn/reveal"]!;
    checkPaths({ view: snap.view, seat: snap.seat, legal: [act({ type: "pass" })] });
    expect(ui.describe!(act({ type: "pass" }), snap.view, "de", [])).toContain("Passen");
  });
});

describe("tortuga1667 model on fixture values", () => {
  const four = fixture("tortuga1667.basic.4.json");
  const turn = four.decisions["turn/attack/look/maroon/move/point/reveal"]!;

  it("places pawns in lines, top first", () => {
    // Flying Dutchman [0, 1], Jolly Roger [2, 3], Tortuga empty.
    expect(placeOf(turn.view, 0)).toEqual({ kind: "ship", ship: "flying_dutchman", rank: 0 });
    expect(placeOf(turn.view, 3)).toEqual({ kind: "ship", ship: "jolly_roger", rank: 1 });
    expect(roleOf(placeOf(turn.view, 2))).toBe("captain");
    expect(roleOf(placeOf(turn.view, 3))).toBe("first_mate");
    expect(albatrossAboard(turn.view, "jolly_roger")).toBe(0);
  });

  it("keeps face-down event cards face down", () => {
    const slots = eventSlots(turn.view);
    expect(slots.map((s) => s.state)).toEqual(["hidden", "hidden", "hidden", "hidden", "hidden"]);
    const crows = four.decisions["crows_pick/pick_vote"]!;
    expect(eventSlots(crows.view).map((s) => s.state)).toContain("empty");
  });

  it("counts the discard pile", () => {
    const snap = fixture("tortuga1667.advanced_setup=True.4.json").decisions["turn/attack/play/reveal"]!;
    const counts = Object.fromEntries(counted(typed(snap.view).events.discard));
    expect(counts["letter_of_marque"]).toBe(4);
    expect(counts["black_spot"]).toBe(3);
  });

  it("reads the pointed-at cards, the stow ship and a vote", () => {
    const choose = four.decisions["choose/choose"]!;
    expect(eventSlots(choose.view).filter((s) => s.pointed).map((s) => s.slot)).toEqual([2, 3]);
    const stow = fixture("tortuga1667.advanced_setup=True.4.json").decisions["stow/stow"]!;
    expect(stowShip(stow.view)).toBe("jolly_roger");
    expect(actionPath(stow.legal[0]!.action, stow.view)).toEqual(["hold:jolly_roger:british"]);
    const vote = four.decisions["vote/vote"]!;
    expect(voteState(vote.view, 3)).toEqual({ state: "waiting", cards: 0 });
    expect(voteState(vote.view, 1)).toEqual({ state: "out", cards: 0 });
  });

  it("tallies votes as the rulebook's examples", () => {
    // "2 kanonnen, 1 toorts en 1 water ... De aanval mislukt"
    expect(tally("attack", ["cannon/british/skull", "cannon/french/blank", "torch/british/blank", "water/french/skull"]).result).toBe("failure");
    // "1 kanon, 2 toortsen en 1 water ... De aanval is succesvol"
    expect(tally("attack", ["cannon/british/skull", "torch/french/blank", "torch/british/blank", "water/french/skull"]).result).toBe("success");
    expect(tally("mutiny", ["cannon/british/skull", "torch/french/blank"]).result).toBe("failure");
    expect(tally("brawl", ["cannon/british/skull", "torch/french/blank"]).result).toBe("tie");
    expect(voteParts("torch/french/skull")).toEqual({ top: "torch", flag: "french", bottom: "skull" });
  });

  it("maps actions to board keys", () => {
    const v = turn.view;
    expect(actionPath({ type: "reveal", slot: 3 }, v)).toEqual(["slot:3", "slot:3"]);
    expect(actionPath({ type: "look", slots: [4, 1] }, v)).toEqual(["slot:1", "slot:4"]);
    expect(actionPath({ type: "point", slots: [0, 2], target: 1 }, v)).toEqual(["slot:0", "slot:2", "seat:1"]);
    expect(actionPath({ type: "attack" }, v)).toEqual(["galleon"]);
    expect(actionPath({ type: "move", to: "rowboat_jolly_roger" }, v)).toEqual(["rowboat:jolly_roger"]);
    expect(actionPath({ type: "maroon", target: 3 }, v)).toEqual(["seat:3"]);
    const mutiny = four.decisions["turn/look/move/mutiny/point/reveal"]!;
    const captain = typed(mutiny.view).ships[placeOf(mutiny.view, mutiny.seat).kind === "ship" ? (placeOf(mutiny.view, mutiny.seat) as { ship: "jolly_roger" }).ship : "jolly_roger"].crew[0];
    expect(actionPath({ type: "mutiny" }, mutiny.view)).toEqual([`seat:${captain}`]);
    expect(actionPath({ type: "marque_draw" }, v)).toEqual([]);
    expect(actionPath({ type: "vote", cards: ["water/british/blank", "torch/french/skull"] }, v)).toEqual([
      "vote:water/british/blank",
      "vote:torch/french/skull",
    ]);
  });

  it("finds a .hit outline only as a direct child", () => {
    expect(hasDirectHit('<g data-key="a"><g><rect class="hit"></rect></g></g>', 0)).toBe(false);
    expect(hasDirectHit('<g data-key="a"><text>x</text><rect class="hit"/></g>', 0)).toBe(true);
  });

  it("picks three columns unmeasured, one on a phone", () => {
    expect(columnsFor(null)).toBe(3);
    expect(columnsFor(1000)).toBe(3);
    expect(columnsFor(800)).toBe(2);
    expect(columnsFor(364)).toBe(1);
  });
});
