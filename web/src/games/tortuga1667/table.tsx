/** What Tortuga 1667 adds to the shared table page: the end screen as the rulebook scores it,
 * which choices ask "Confirm", the buttons' order, why a board thing cannot be picked, and a
 * clicked board key in words. */

import { Fragment, type JSX } from "preact";
import type { Lang } from "../../i18n";
import type { Choice, View } from "../../protocol";
import { seatMark, shapePath } from "../palette";
import type { EndProps } from "../types";
import { actionPath, actor, placeOf, roleOf, typed, type Flag, type Ship, type Team } from "./model";
import { cardName, seatName, tr, voteWords, whereWords } from "./words";

// -- words of this file, per language -------------------------------------------------------------

type Key =
  | "end.win"
  | "end.shared"
  | "end.dutch_tie"
  | "end.tiebreak"
  | "end.loyalties"
  | "end.won"
  | "end.was"
  | "end.chests"
  | "pawn"
  | "spot"
  | "why.turn"
  | "why.empty"
  | "why.captain"
  | "why.first_mate"
  | "why.cabin_boy"
  | "why.governor"
  | "why.rowboat_taken"
  | "why.rowboat_destroyed"
  | "why.vote"
  | "why.last_card";

/** Every key in every language: tsc fails when one is missing. */
const WORDS: Record<Lang, Record<Key, string>> = {
  en: {
    "end.win": "The {team} win",
    "end.shared": "The British and the French share the win",
    "end.dutch_tie": "A tie with an odd number of players: the Dutch pirate wins.",
    "end.tiebreak": "Decided in the tiebreak: the first team ahead wins.",
    "end.loyalties": "Loyalty cards",
    "end.won": "won",
    "end.was": "earlier {teams}",
    "end.chests": "chests in the holds and on Tortuga",
    pawn: "Pawn {n}",
    spot: "spot {n}",
    "why.turn": "It is not your turn.",
    "why.empty": "There is no card here.",
    "why.captain": "Only the Captain may attack or maroon.",
    "why.first_mate": "Only the First Mate may call a mutiny.",
    "why.cabin_boy": "Only the Cabin Boy may move a chest.",
    "why.governor": "Only the Governor (first on Tortuga) may start a brawl.",
    "why.rowboat_taken": "That rowboat is taken: one pawn per rowboat.",
    "why.rowboat_destroyed": "That rowboat was blown up (Black Powder).",
    "why.vote": "Vote cards are played in a vote.",
    "why.last_card": "Only the Spanish Armada is left: cards can only be revealed now.",
  },
  nl: {
    "end.win": "De {team} winnen",
    "end.shared": "De Britten en de Fransen winnen samen",
    "end.dutch_tie": "Gelijkspel met een oneven aantal spelers: de Nederlandse piraat wint.",
    "end.tiebreak": "Beslist in de tiebreak: het team dat als eerste voorstaat wint.",
    "end.loyalties": "Loyaliteitskaarten",
    "end.won": "gewonnen",
    "end.was": "eerder {teams}",
    "end.chests": "schatkisten in de ruimen en op Tortuga",
    pawn: "Pion {n}",
    spot: "plek {n}",
    "why.turn": "Je bent niet aan de beurt.",
    "why.empty": "Hier ligt geen kaart.",
    "why.captain": "Alleen de Kapitein mag een aanval uitvoeren of verbannen.",
    "why.first_mate": "Alleen de Eerste Stuurman mag oproepen tot muiterij.",
    "why.cabin_boy": "Alleen de Scheepsjongen mag een schatkist verplaatsen.",
    "why.governor": "Alleen de Gouverneur (de eerste op Tortuga) mag een gevecht starten.",
    "why.rowboat_taken": "Die roeiboot is bezet: één pion per roeiboot.",
    "why.rowboat_destroyed": "Die roeiboot is opgeblazen (Buskruit).",
    "why.vote": "Stemkaarten speel je in een stemronde.",
    "why.last_card": "Alleen de Spaanse Vloot is nog over: kaarten kun je nu alleen onthullen.",
  },
  de: {
    "end.win": "Die {team} gewinnen",
    "end.shared": "Briten und Franzosen gewinnen gemeinsam",
    "end.dutch_tie": "Gleichstand bei ungerader Spielerzahl: der Niederländer gewinnt.",
    "end.tiebreak": "Im Stechen entschieden: das Team, das zuerst vorne liegt, gewinnt.",
    "end.loyalties": "Loyalitätskarten",
    "end.won": "gewonnen",
    "end.was": "vorher {teams}",
    "end.chests": "Truhen in den Laderäumen und auf Tortuga",
    pawn: "Figur {n}",
    spot: "Platz {n}",
    "why.turn": "Du bist nicht am Zug.",
    "why.empty": "Hier liegt keine Karte.",
    "why.captain": "Nur der Kapitän darf angreifen oder aussetzen.",
    "why.first_mate": "Nur der Erste Maat darf zur Meuterei aufrufen.",
    "why.cabin_boy": "Nur der Schiffsjunge darf eine Truhe verlegen.",
    "why.governor": "Nur der Gouverneur (der Erste auf Tortuga) darf eine Schlägerei anzetteln.",
    "why.rowboat_taken": "Das Ruderboot ist besetzt: eine Figur pro Ruderboot.",
    "why.rowboat_destroyed": "Das Ruderboot wurde gesprengt (Schwarzpulver).",
    "why.vote": "Stimmkarten werden bei einer Abstimmung gespielt.",
    "why.last_card": "Nur noch die Spanische Armada ist übrig: Karten können nur noch aufgedeckt werden.",
  },
};

function w(lang: Lang, k: Key, params: Record<string, string | number> = {}): string {
  return WORDS[lang][k].replace(/\{(\w+)\}/g, (_, p: string) => String(params[p] ?? ""));
}

// -- confirm and rank -------------------------------------------------------------------------------

/**
 * Choices that ask "Confirm": the secret ones (a vote, the card given up or put on top of the
 * vote deck, the cards picked for a Crow's Nest), the loyalty-dependent ones (which hold a chest
 * goes into or leaves, whom to shoot, swap loyalty with, give a map to, whom to maroon, whether
 * to call a vote, take no chest) and what the rules do not let a player take back once others
 * have seen it (revealing an event card, blowing up a rowboat, playing a Treasure Map). Looking,
 * pointing, moving, choosing one of two pointed cards and drawing are not asked again.
 */
const CONFIRMED = new Set([
  "vote",
  "discard",
  "put_on_top",
  "pick_vote",
  "stow",
  "move_chest",
  "target",
  "maroon",
  "attack",
  "mutiny",
  "brawl",
  "blow_up",
  "play",
  "reveal",
  "marque_move",
  "decline",
]);

export function confirm(choice: Choice, _view: View): boolean {
  return CONFIRMED.has(choice.action.type as string);
}

/** Buttons, lowest first: the first is the prominent one. A Treasure Map that saves the pawn
 * comes before declining it; drawing (Letter of Marque) before anything else; passing and
 * declining last. */
const RANKS: Record<string, number> = { play: 0, marque_draw: 1, vote: 2, pass: 8, decline: 9 };

export function rank(choice: Choice, _view: View): number {
  return RANKS[choice.action.type as string] ?? 5;
}

// -- why not -------------------------------------------------------------------------------------

/** Why `key` cannot be picked now (null when it can, or when there is nothing useful to say). */
export function whyNot(key: string, view: View, legal: readonly Choice[], lang: Lang): string | null {
  const v = typed(view);
  if (v.over) return null;
  if (legal.some((c) => actionPath(c.action, view).includes(key))) return null;
  const [kind, a] = key.split(":");
  if (kind === "slot" && v.events.row[Number(a)] === "empty") return w(lang, "why.empty");
  if (legal.length === 0) return v.seat === null ? null : w(lang, "why.turn");
  const me = v.seat === null ? null : placeOf(view, v.seat);
  const role = me ? roleOf(me) : "none";
  const turn = v.decision?.kind === "turn" && actor(view) === v.seat;
  if (kind === "vote") return v.decision?.kind === "vote" ? null : w(lang, "why.vote");
  if (!turn) return null;
  if (kind === "rowboat") {
    const boat = v.rowboats[a as Ship];
    if (boat === "destroyed") return w(lang, "why.rowboat_destroyed");
    if (typeof boat === "number" && boat !== v.seat) return w(lang, "why.rowboat_taken");
    return null;
  }
  if (kind === "galleon" && role !== "captain") return w(lang, "why.captain");
  if (kind === "hold" && role !== "cabin_boy") return w(lang, "why.cabin_boy");
  if (key === "place:tortuga" && role !== "governor") return w(lang, "why.governor");
  if (kind === "seat" && me?.kind === "ship") {
    const target = Number(a);
    const captain = v.ships[me.ship].crew[0];
    if (target === captain && role !== "first_mate") return w(lang, "why.first_mate");
    if (v.ships[me.ship].crew.includes(target) && target !== captain && role !== "captain") return w(lang, "why.captain");
  }
  if (kind === "slot" && v.events.deck === 0 && v.events.row.filter((c) => c !== "empty").length <= 1) return w(lang, "why.last_card");
  return null;
}

// -- a clicked key in words --------------------------------------------------------------------

export function keyWords(key: string, view: View, lang: Lang): string {
  const v = typed(view);
  const parts = key.split(":");
  const [kind, a, b] = parts;
  switch (kind) {
    case "slot": {
      const n = Number(a) + 1;
      const card = v.events.row[Number(a)];
      const base = tr(lang, "event.n", { n });
      return card && card !== "empty" ? `${base} (${cardName(lang, card)})` : base;
    }
    case "seat": {
      // The pawn's number is printed on it; the table's seat list pairs it with the name.
      const seat = Number(a);
      return `${w(lang, "pawn", { n: seat + 1 })} (${whereWords(view, seat, lang)})`;
    }
    case "ship":
      return tr(lang, a!);
    case "rowboat":
      return tr(lang, `dest.rowboat_${a}`);
    case "hold":
      return `${tr(lang, `hold.${b as Flag}`)} (${tr(lang, a!)})`;
    case "vote":
    case "deckvote":
      return voteWords(lang, parts.slice(1).join(":"));
    case "map":
      return cardName(lang, a!);
    case "spot":
      return `${tr(lang, a!)}, ${w(lang, "spot", { n: Number(b) + 1 })}`;
    case "place":
      return tr(lang, "tortuga");
    case "galleon":
      return tr(lang, "galleon");
    default:
      return key;
  }
}

// -- the end -------------------------------------------------------------------------------------

const TEAM_FILL: Record<Team, string> = { british: "#b5172e", french: "#1f5fa8", dutch: "#e07000" };

/** A small flag in the team's colour (inline SVG: no emoji a font may lack). */
function TeamFlag(props: { team: Team; size?: number }): JSX.Element {
  const s = props.size ?? 20;
  return (
    <svg width={s * 1.4} height={s} viewBox="0 0 28 20" aria-hidden="true" class="t1667-flag">
      <rect x="1" y="1" width="26" height="18" rx="2" fill={TEAM_FILL[props.team]} stroke="#1b1b1b" />
      <rect x="1" y="8" width="26" height="4" fill="#fff" opacity="0.85" />
    </svg>
  );
}

function Trophy(): JSX.Element {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" class="t1667-trophy">
      <path d="M7 3h10v3h3v2a5 5 0 0 1-5 5h-.3A5 5 0 0 1 13 15v3h3v3H8v-3h3v-3a5 5 0 0 1-1.7-2H9a5 5 0 0 1-5-5V6h3V3zm-1 5a3 3 0 0 0 2 2.8V8H6zm12 0h-2v2.8A3 3 0 0 0 18 8z" fill="#b8860b" stroke="#1b1b1b" stroke-width="0.8" />
    </svg>
  );
}

function PawnIcon(props: { seat: number }): JSX.Element {
  const mark = seatMark(props.seat);
  return (
    <svg width="22" height="22" viewBox="-11 -11 22 22" aria-hidden="true">
      <path d={shapePath(mark.shape, 9)} fill={mark.fill} stroke="#1b1b1b" stroke-width={mark.shape === "ring" ? 2.5 : 1.2} />
      <text y="3.5" text-anchor="middle" font-size="10" font-weight="700" fill={mark.ink}>
        {props.seat + 1}
      </text>
    </svg>
  );
}

/** The result as the rulebook scores it: "Zodra de Spaanse Vlootkaart wordt onthuld, wint de
 * Franse of Britse bemanning met de meeste schatkisten in hun ruim of op hun schatkistvakken op
 * Tortuga." — "Bij een gelijkspel met een oneven aantal spelers, wint de speler met de
 * Nederlandse loyaliteitskaart altijd." The final view reveals every loyalty card. */
export function End(props: EndProps): JSX.Element {
  const { view, lang } = props;
  const v = typed(view);
  const chests = v.team_chests;
  const winner = v.winner_team;
  const teamWord = (team: string) => tr(lang, `teams.${team}`);
  const flags: Flag[] = ["british", "french"];
  // The winning team's score first: "French 6 – British 1".
  const order = winner === "french" ? (["french", "british"] as Flag[]) : flags;
  const heading =
    winner === "british" || winner === "french" || winner === "dutch" ? w(lang, "end.win", { team: teamWord(winner) }) : w(lang, "end.shared");
  const loyalties = v.loyalties ?? [];
  return (
    <section class="t1667-end" aria-label={heading}>
      <h3 class="t1667-end-head">
        <Trophy />
        {winner === "british" || winner === "french" || winner === "dutch" ? <TeamFlag team={winner} /> : null}
        <span>{heading}</span>
      </h3>
      <p class="t1667-score">
        {order.map((f, i) => (
          <Fragment key={f}>
            {i > 0 ? <span class="t1667-dash"> – </span> : null}
            <span class={`t1667-team t1667-${f}`}>
              <TeamFlag team={f} size={16} /> {teamWord(f)} <strong>{chests[f]}</strong>
            </span>
          </Fragment>
        ))}
      </p>
      <p class="t1667-note">{w(lang, "end.chests")}</p>
      {winner === "dutch" ? <p class="t1667-note">{w(lang, "end.dutch_tie")}</p> : null}
      {v.tiebreak ? <p class="t1667-note">{w(lang, "end.tiebreak")}</p> : null}
      <h4>{w(lang, "end.loyalties")}</h4>
      <ul class="t1667-loyalties">
        {loyalties.map((team, seat) => {
          const won = v.winners.includes(seat);
          const history = seat === v.seat && v.loyalty_history && v.loyalty_history.length > 1 ? v.loyalty_history.slice(0, -1) : [];
          return (
            <li key={seat} class={won ? "t1667-won" : undefined} data-seat={seat}>
              <PawnIcon seat={seat} />
              <span class="t1667-name">{seatName(view, props.names, seat)}</span>
              <span class={`t1667-team t1667-${team}`}>
                <TeamFlag team={team} size={14} /> {tr(lang, team)}
              </span>
              {history.length ? <span class="t1667-note"> ({w(lang, "end.was", { teams: history.map((t) => tr(lang, t)).join(", ") })})</span> : null}
              <span class="t1667-place">{whereWords(view, seat, lang)}</span>
              {won ? <span class="t1667-winner">{w(lang, "end.won")}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
