/** Provable fairness in the browser (docs/server.md, "Provable fairness"): the commitment a
 * table published at its start, checked against the seed and salt given at its end with the
 * browser's own SHA-256, and the dice a game rolled against what a fair die gives. Names no
 * game: the faces come from the server, their words from the game's terms ("dice.<face>"). */

/** What the server tells about a table's proof: the commitment from the start (null: a table
 * stored before commitments), the seed (in decimal digits: JavaScript's numbers hold 53
 * bits), the salt and the dice counts once the game is over. */
export interface Proof {
  commitment?: string | null;
  seed_text?: string;
  salt?: string | null;
  dice?: DiceCounts | null;
}

/** How often each face of the game's dice came up (each face as likely on a fair die). */
export interface DiceCounts {
  faces: string[];
  counts: number[];
  rolls: number;
}

/** The exact text hashed: `buccaneer-seed-v1:<seed>:<salt>` (as on the server). */
export function seedText(seed: string, salt: string): string {
  return `buccaneer-seed-v1:${seed}:${salt}`;
}

/** SHA-256 of the seed text, as 64 lowercase hex digits (crypto.subtle). */
export async function commitmentOf(seed: string, salt: string): Promise<string> {
  const bytes = new TextEncoder().encode(seedText(seed, salt));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** "ok": the seed and salt hash to the commitment this browser saw while the game was on;
 * "unseen": they hash to the commitment the server gives now, but this browser never saw the
 * table before its end, so nothing here shows it is the one published at the start;
 * "swapped": the server now gives another commitment than the one this browser saw; "bad":
 * the seed and salt do not hash to it; "none": the table published no commitment; "pending":
 * the game is not over (no seed and salt yet). */
export type Check = "ok" | "unseen" | "swapped" | "bad" | "none" | "pending";

/** Check a proof against `seen`, the commitment this browser saw during the game (null: it
 * saw none). A server that changed the seed at the end could change the salt and the
 * commitment it shows with it, and they would agree with each other: only the commitment
 * kept from the start proves the seed was fixed then. */
export async function checkProof(proof: Proof, seen: string | null = null): Promise<Check> {
  if (!proof.commitment) return seen ? "swapped" : "none";
  if (seen !== null && seen !== proof.commitment) return "swapped";
  if (!proof.seed_text || !proof.salt) return "pending";
  if ((await commitmentOf(proof.seed_text, proof.salt)) !== proof.commitment) return "bad";
  return seen === null ? "unseen" : "ok";
}

/** Where this browser keeps the commitments it saw while games were on (table id → hex). */
export const SEEN_KEY = "commitments";
const SEEN_MOST = 500;

function seenMap(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Keep the commitment a table shows before its end, the first time it is seen (a later,
 * different one is not kept: it is what `checkProof` must catch). The oldest are dropped past
 * a few hundred tables. */
export function rememberCommitment(table: string, commitment: string): void {
  const seen = seenMap();
  if (seen[table]) return;
  seen[table] = commitment;
  const ids = Object.keys(seen);
  for (const id of ids.slice(0, Math.max(0, ids.length - SEEN_MOST))) delete seen[id];
  localStorage.setItem(SEEN_KEY, JSON.stringify(seen));
}

/** The commitment this browser saw for `table` while its game was on (null: none). */
export function seenCommitment(table: string): string | null {
  return seenMap()[table] ?? null;
}

// The chi-square value a fair die exceeds one time in twenty, by degrees of freedom (faces - 1).
const CHI2_5_PERCENT = [0, 3.841, 5.991, 7.815, 9.488, 11.07, 12.592, 14.067, 15.507, 16.919, 18.307];

/** The dice against a fair die: each face's expected count (rolls / faces), Pearson's
 * chi-square over the faces, the 5% limit for that many faces, and whether the counts stay
 * within it (a fair die goes past it in one game of twenty). */
export function diceTest(dice: DiceCounts): {
  expected: number;
  chi2: number;
  limit: number | null;
  even: boolean;
} {
  const expected = dice.rolls / dice.faces.length;
  const chi2 =
    expected > 0 ? dice.counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0) : 0;
  const limit = CHI2_5_PERCENT[dice.faces.length - 1] ?? null;
  return { expected, chi2, limit, even: limit === null || chi2 <= limit };
}
