/** How Tortuga's choices are offered at the table: which ask "Confirm" (confirm), which button
 * comes first (rank), why a die cannot be kept now (whyNot, dieReason) and a clicked board key in
 * words (keyWords). Rules are quoted from the rulebook (English edition) where they decide. */

import type { Lang } from "../../i18n";
import type { Choice, View } from "../../protocol";
import { ACTIONS, CAPACITY, asView, type ActionName, type Colour, type TView } from "./model";
import { actionName, colourWord, faceWords, w } from "./words";

type PlayKey =
  | "why.capacity"
  | "why.capacity.full"
  | "why.same"
  | "why.notrolled"
  | "why.placed"
  | "why.wait"
  | "why.notyours"
  | "key.seat"
  | "key.space"
  | "key.die";

/** Words of this file, per language: a key missing in one language does not compile. */
const WORDS: Record<Lang, Record<PlayKey, string>> = {
  en: {
    "why.capacity":
      "{action} holds at most {n} dice with your {token} on box {box}, and {placed} are there already (“The action spaces board and raid can only hold that many dice as allowed by the position of the player’s boat and pirate token”).",
    "why.capacity.full":
      "{action} holds at most {n} dice with your {token} on box {box} (“The action spaces board and raid can only hold that many dice as allowed by the position of the player’s boat and pirate token”).",
    "why.same":
      "Die {letter} shows {face}, not the action of the dice kept so far (“They may select more than one die, if all selected dice show the same action”; a skull may join them).",
    "why.notrolled": "Die {letter} was not rolled this time.",
    "why.placed": "Die {letter} is already on your board.",
    "why.wait": "You keep dice when you roll them: wait for your roll.",
    "why.notyours": "Only the player whose dice these are keeps them.",
    "key.seat": "{name}",
    "key.space": "action space {action}",
    "key.die": "die {letter} ({face})",
  },
  nl: {
    "why.capacity":
      "Op {action} passen hoogstens {n} dobbelstenen met je {token} op veld {box}, en er liggen er al {placed} (“Het maximum aantal dobbelstenen op de actievelden ENTEREN en OVERVALLEN wordt bepaald door de positie van het schip of de piraat op het betreffende spoor”).",
    "why.capacity.full":
      "Op {action} passen hoogstens {n} dobbelstenen met je {token} op veld {box} (“Het maximum aantal dobbelstenen op de actievelden ENTEREN en OVERVALLEN wordt bepaald door de positie van het schip of de piraat op het betreffende spoor”).",
    "why.same":
      "Dobbelsteen {letter} toont {face}, niet de actie van de al gekozen dobbelstenen (“Het is toegestaan om meerdere dobbelstenen te kiezen, mits deze dezelfde actie tonen”; een doodshoofd mag erbij).",
    "why.notrolled": "Dobbelsteen {letter} is deze keer niet gegooid.",
    "why.placed": "Dobbelsteen {letter} ligt al op je spelersbordje.",
    "why.wait": "Je kiest dobbelstenen na je worp: wacht op je worp.",
    "why.notyours": "Alleen de eigenaar van deze dobbelstenen kiest ze.",
    "key.seat": "{name}",
    "key.space": "actieveld {action}",
    "key.die": "dobbelsteen {letter} ({face})",
  },
  de: {
    "why.capacity":
      "Auf {action} passen höchstens {n} Würfel mit deinem {token} auf Feld {box}, und {placed} liegen schon dort („Auf die Ablageflächen der Aktionen ENTERN und ÜBERFALLEN können nur so viele Würfel gelegt werden, wie der Schiffs- bzw. der Piratenmarker zulässt“).",
    "why.capacity.full":
      "Auf {action} passen höchstens {n} Würfel mit deinem {token} auf Feld {box} („Auf die Ablageflächen der Aktionen ENTERN und ÜBERFALLEN können nur so viele Würfel gelegt werden, wie der Schiffs- bzw. der Piratenmarker zulässt“).",
    "why.same":
      "Würfel {letter} zeigt {face}, nicht die Aktion der bisher gewählten Würfel („Es können mehrere Würfel gewählt werden, wenn sie alle die gleiche Aktion zeigen“; ein Totenkopf darf dazu).",
    "why.notrolled": "Würfel {letter} wurde diesmal nicht geworfen.",
    "why.placed": "Würfel {letter} liegt schon auf deinem Tableau.",
    "why.wait": "Würfel wählst du nach deinem Wurf: warte auf deinen Wurf.",
    "why.notyours": "Nur der Besitzer dieser Würfel wählt sie.",
    "key.seat": "{name}",
    "key.space": "Ablagefläche {action}",
    "key.die": "Würfel {letter} ({face})",
  },
};

function p(lang: Lang, key: PlayKey, params: Record<string, string | number> = {}): string {
  return WORDS[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

// -- confirm ---------------------------------------------------------------------------------

/**
 * Whether the table asks "Confirm" before sending. The rulebook lets nothing be taken back, so
 * the question is which choices are secret or bind the player beyond this click:
 * - select: secret ("Each player selects at least one die to remain behind his screen") and
 *   binding once "the players lift their screen simultaneously and assign the dice": confirm.
 *   Keeping nothing (no die can be placed) is the only choice left: no confirm.
 * - keep: secret ("secretly look at them ... keep one"), and the other tile is mixed back face
 *   down for good: confirm.
 * - turn: skulls turned to an action are assigned to the board for the round: confirm.
 * - bonus: a bonus tile stays on its space "until the end of the game": confirm.
 * - forfeit: gives up a won action ("Players may forfeit their action"): confirm.
 * - attack, seize, claim: aimed at another player or taking a chest for good: confirm.
 * - perform: what the player won the position for, the path every game takes; the target of
 *   board/raid is confirmed afterwards: no confirm.
 * - place: the chests in transit go one by one in the order the player picks, several times a
 *   round; a confirm on each would double the clicks of the whole phase: no confirm.
 */
export function confirm(choice: Choice, _view: View): boolean {
  const a = choice.action;
  switch (a.type) {
    case "select":
      return Array.isArray(a["dice"]) && a["dice"].length > 0;
    case "keep":
    case "turn":
    case "bonus":
    case "forfeit":
    case "attack":
    case "seize":
    case "claim":
      return true;
    default:
      return false;
  }
}

// -- rank ------------------------------------------------------------------------------------

/** Buttons in this order: performing the action (or aiming it) first, forfeiting last, so that
 * the prominent button is never the one that gives the action away. */
export function rank(choice: Choice, _view: View): number {
  switch (choice.action.type) {
    case "perform":
    case "attack":
      return 0;
    case "forfeit":
      return 100;
    default:
      return 50;
  }
}

// -- why not ---------------------------------------------------------------------------------

/**
 * Why die `letter` cannot be kept now, given the dice picked so far (null: it can, or there is
 * nothing to say). `selecting`: the seat is choosing dice now. The rules, not the legal list,
 * give the reason, so that the board (which sees no legal list) and whyNot say the same.
 */
export function dieReason(
  letter: string,
  raw: View | TView,
  picked: readonly string[],
  lang: Lang,
  selecting: boolean,
): string | null {
  const view = asView(raw);
  const me = view.seat;
  if (me === null || me === undefined) return p(lang, "why.notyours");
  const seat = view.seats[me];
  if (!seat) return null;
  if (!selecting) return seat.roll ? null : p(lang, "why.wait");
  if (seat.dice[letter] != null) return p(lang, "why.placed", { letter });
  const face = seat.roll?.[letter] ?? null;
  if (!face) return p(lang, "why.notrolled", { letter });
  const chosen = picked.filter((k) => k.startsWith("die:") && k !== `die:${letter}`).map((k) => k.slice(4));
  const shown = chosen.map((c) => seat.roll?.[c]).filter((f): f is ActionName => !!f && f !== "skull");
  const chosenAction = shown[0] ?? null;
  // "They may select more than one die, if all selected dice show the same action."
  if (face !== "skull" && chosenAction && face !== chosenAction)
    return p(lang, "why.same", { letter, face: faceWords(lang, letter, face) });
  // "The action spaces board and raid can only hold that many dice as allowed by the position
  // of the player's boat and pirate token."
  const action = face !== "skull" ? face : chosenAction;
  if (action === "board" || action === "raid") {
    const box = action === "board" ? seat.fleet_box : seat.crew_box;
    const n = CAPACITY[box] ?? 0;
    const placed = Object.values(seat.dice).filter((a) => a === action).length;
    if (placed + chosen.length + 1 > n)
      return p(lang, placed ? "why.capacity" : "why.capacity.full", {
        action: actionName(lang, action),
        n,
        token: w(lang, `token.${action === "board" ? "fleet" : "crew"}`),
        box,
        placed,
      });
  }
  return null;
}

/** GameUI.whyNot: a die that cannot be kept now, in words (other things: nothing to say). */
export function whyNot(key: string, view: View, legal: readonly Choice[], lang: Lang): string | null {
  if (!key.startsWith("die:")) return null;
  const letter = key.slice(4);
  const selects = legal.filter((c) => c.action.type === "select").map((c) => (c.action["dice"] as string[]) ?? []);
  if (selects.some((dice) => dice.includes(letter))) return null;
  return dieReason(letter, view, [], lang, selects.length > 0);
}

// -- key words -------------------------------------------------------------------------------

/** A clicked board key in words, for "chosen so far" (see the key list in index.tsx). */
export function keyWords(key: string, raw: View, lang: Lang, names?: readonly string[]): string {
  const view = asView(raw);
  const parts = key.split(":");
  // The table's names (the players'), else the engine's.
  const name = (s: number) => names?.[s] ?? view.seat_names?.[s] ?? view.seats[s]?.name ?? `#${s + 1}`;
  switch (parts[0]) {
    case "die": {
      const letter = parts[1] ?? "";
      const face = view.seat !== null ? view.seats[view.seat]?.roll?.[letter] : null;
      return face ? p(lang, "key.die", { letter, face: faceWords(lang, letter, face) }) : w(lang, "die.down", { letter });
    }
    case "space":
      return (ACTIONS as readonly string[]).includes(parts[1] ?? "")
        ? p(lang, "key.space", { action: actionName(lang, parts[1] as ActionName) })
        : key;
    case "seat":
      return p(lang, "key.seat", { name: name(Number(parts[1])) });
    case "tile": {
      const n = Number(parts[1]);
      return w(lang, "tile.face", { n });
    }
    case "chest": {
      if (parts[1] === "center") return w(lang, "chest", { colour: colourWord(lang, parts[2] as Colour) });
      const seat = Number(parts[1]);
      const area = parts[2] as "tortuga" | "fleet" | "crew" | "island";
      const index = Number(parts[3]);
      if (Number.isInteger(index)) {
        const colour = view.seats[seat]?.[area]?.[index];
        if (colour)
          return `${w(lang, "chest.at", { colour: colourWord(lang, colour), area: w(lang, `long.${area}`), n: index + 1 })} (${name(seat)})`;
      }
      return w(lang, "chest", { colour: colourWord(lang, parts[3] as Colour) });
    }
    default:
      return key;
  }
}
