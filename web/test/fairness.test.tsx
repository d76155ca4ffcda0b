/** Provable fairness in the browser: the commitment checked with crypto.subtle over the same
 * bytes the server hashes (the expected digests were computed by core/fairness.py), and the
 * generic dice panel's counts, expectations and plain-words verdict in every language. */

import { render } from "preact-render-to-string";
import { describe, expect, it, vi } from "vitest";
import {
  checkProof,
  commitmentOf,
  diceTest,
  rememberCommitment,
  seedText,
  seenCommitment,
  type DiceCounts,
} from "../src/fairness";
import ui from "../src/games/tortuga";
import { LANGS, t } from "../src/i18n";
import { DicePanel } from "../src/table/DicePanel";

const SALT = "0123456789abcdef".repeat(4);
// commitment(8123456789012345678, SALT) as the server computes it (a seed above 2**53: the
// browser must hash its decimal digits, never a rounded number).
const COMMITMENT = "6349bff97488fa3223eccc1b73e5a0ffd6beb42d6d0f7d369fc8575bb63b933a";

describe("the commitment", () => {
  it("hashes the documented text to the server's digest", async () => {
    expect(seedText("8123456789012345678", SALT)).toBe(`buccaneer-seed-v1:8123456789012345678:${SALT}`);
    expect(await commitmentOf("8123456789012345678", SALT)).toBe(COMMITMENT);
    // The same seed read as a JavaScript number is another seed: the digits must travel as text.
    expect(String(Number("8123456789012345678"))).not.toBe("8123456789012345678");
  });

  it("checks, refuses a changed seed or salt, and says when there is nothing to check", async () => {
    const proof = { commitment: COMMITMENT, seed_text: "8123456789012345678", salt: SALT };
    expect(await checkProof(proof, COMMITMENT)).toBe("ok");
    expect(await checkProof(proof)).toBe("unseen");
    expect(await checkProof({ ...proof, seed_text: "8123456789012345680" }, COMMITMENT)).toBe("bad");
    expect(await checkProof({ ...proof, salt: SALT.replace("0", "1") }, COMMITMENT)).toBe("bad");
    expect(await checkProof({ commitment: COMMITMENT })).toBe("pending");
    expect(await checkProof({ commitment: null })).toBe("none");
  });

  it("catches a server that swaps seed, salt and commitment together at the end (M3)", async () => {
    // Self-consistent, but not what the browser saw while the game was on.
    const other = { commitment: COMMITMENT, seed_text: "8123456789012345678", salt: SALT };
    const seenThen = "ab".repeat(32);
    expect(await checkProof(other, seenThen)).toBe("swapped");
    expect(await checkProof({ commitment: null }, seenThen)).toBe("swapped");
  });

  it("keeps the first commitment a table showed, not a later one", () => {
    // The tests run in Node: the page's local storage, as a map.
    const kept = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    });
    rememberCommitment("T1", "aa".repeat(32));
    rememberCommitment("T1", "bb".repeat(32));
    expect(seenCommitment("T1")).toBe("aa".repeat(32));
    expect(seenCommitment("T2")).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe("the dice panel", () => {
  const even: DiceCounts = {
    faces: ["fleet", "crew", "hunt", "board", "raid", "skull"],
    counts: [20, 18, 22, 19, 21, 20],
    rolls: 120,
  };
  const loaded: DiceCounts = { ...even, counts: [10, 10, 10, 10, 10, 70] };

  it("tests the counts against a fair die", () => {
    const fair = diceTest(even);
    expect(fair.expected).toBe(20);
    expect(fair.chi2).toBeCloseTo((4 + 1 + 4 + 1 + 0 + 0) / 20);
    expect(fair.limit).toBeCloseTo(11.07);
    expect(fair.even).toBe(true);
    const skewed = diceTest(loaded);
    expect(skewed.chi2).toBeCloseTo((5 * 100 + 2500) / 20);
    expect(skewed.even).toBe(false);
  });

  it("shows each face, its count and the expected count, in every language", () => {
    for (const lang of LANGS) {
      const html = render(<DicePanel dice={even} ui={ui} lang={lang} />);
      expect(html).toContain(t(lang, "dice.title"));
      for (const face of even.faces) {
        const word = ui.terms[lang][`dice.${face}`];
        expect(word, `${lang} ${face}`).toBeTruthy();
        expect(html).toContain(`<th scope="row">${word}</th>`);
      }
      expect(html).toContain("<td>22</td>");
      expect(html).toContain("<td>20.0</td>");
      expect(html).toContain(t(lang, "dice.even", { n: 120, chi2: "0.5", limit: "11.1" }));
      const skewed = render(<DicePanel dice={loaded} ui={ui} lang={lang} />);
      expect(skewed).toContain(t(lang, "dice.uneven", { n: 120, chi2: "150.0", limit: "11.1" }));
    }
  });
});
