/** Tortuga 1667's board: an SVG of blocks (status, event cards, your cards, both ships with
 * their rowboats, the galleon and Tortuga, the pirates) laid out in three columns on a wide
 * screen, two on a middling one and one on a phone. Everything is drawn from the seat's view:
 * face-down event cards stay backs, others' loyalty and vote cards are only counts. */

import { cloneElement, isValidElement, toChildArray, type ComponentChildren, type JSX, type VNode } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import "./board.css";
import { markedKeys } from "./marks";
import type { Lang } from "../../i18n";
import type { View } from "../../protocol";
import { seatMark, shapePath } from "../palette";
import type { BoardProps } from "../types";
import {
  SHIPS,
  FLAGS,
  albatrossAboard,
  counted,
  eventSlots,
  key,
  knownLoyalty,
  placeOf,
  roleOf,
  rankRole,
  spotsOf,
  tally,
  typed,
  voteParts,
  voteState,
  type Flag,
  type Ship,
  type T1667View,
  type Team,
} from "./model";
import { cardName, seatName, tr, voteWords, whereWords } from "./words";

// -- context and small helpers -------------------------------------------------------------------

interface Ctx {
  v: T1667View;
  view: View;
  seat: number | null;
  lang: Lang;
  clickable: ReadonlySet<string>;
  picked: readonly string[];
  onPick: (key: string) => void;
  t: (k: string, params?: Record<string, string | number>) => string;
  name: (seat: number) => string;
  /** Board key → the seats whose last move it marks (marks.ts). */
  marks: ReadonlyMap<string, readonly number[]>;
  /** A phone's arrangement (one narrow column): smaller cards, two-line crew rows. */
  dense: boolean;
}

const FONT = 15;
const SMALL = 13;
const INK = "#1b1b1b";
const MUTED = "#4a4a4a";
const PANEL = "#fffaf0";
const PANEL_EDGE = "#c9b48a";
const FLAG_FILL: Record<Flag | "dutch" | "neutral", string> = {
  british: "#B2182B",
  french: "#2166AC",
  dutch: "#E69F00",
  neutral: "#9a6b2f",
};
const FLAG_INK: Record<Flag | "dutch" | "neutral", string> = {
  british: "#fff",
  french: "#fff",
  dutch: "#000",
  neutral: "#fff",
};
const TOP_FILL = { cannon: "#3b3b3b", water: "#9ecae1", torch: "#f4a261" } as const;
const TOP_INK = { cannon: "#fff", water: "#000", torch: "#000" } as const;

/** A rough width of `text` at `size` (system sans-serif), to wrap and fit labels. */
function textWidth(text: string, size: number): number {
  return text.length * size * 0.56;
}

function wrap(text: string, width: number, size: number, slack = 1): string[] {
  if (textWidth(text, size) <= width * slack) return [text];
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Text that never runs wider than `max` (squeezed when the estimate says it would). */
function Label(props: {
  x: number;
  y: number;
  text: string;
  max?: number;
  size?: number;
  weight?: number | string;
  fill?: string;
  anchor?: "start" | "middle" | "end";
}): JSX.Element {
  const size = props.size ?? FONT;
  const squeeze = props.max !== undefined && textWidth(props.text, size) > props.max;
  return (
    <text
      x={props.x}
      y={props.y}
      font-size={size}
      font-weight={props.weight}
      fill={props.fill ?? INK}
      text-anchor={props.anchor}
      textLength={squeeze ? props.max : undefined}
      lengthAdjust={squeeze ? "spacingAndGlyphs" : undefined}
    >
      {`${props.text} `}
    </text>
  );
}

/** The first element of a thing's drawing with class "hit" (its outline, any shape). */
function findHit(children: ComponentChildren): VNode<Record<string, unknown>> | null {
  for (const child of toChildArray(children)) {
    if (!isValidElement(child)) continue;
    const props = child.props as Record<string, unknown>;
    if (props.class === "hit") return child as VNode<Record<string, unknown>>;
    const inner = findHit(props.children as ComponentChildren);
    if (inner) return inner;
  }
  return null;
}

/** The words a thing shows, in order (for an aria-label that contains them: axe's
 * label-content-name-mismatch wants the visible text to be part of the accessible name). */
function visibleText(children: ComponentChildren): string {
  const out: string[] = [];
  const walk = (c: ComponentChildren, inText: boolean) => {
    for (const child of toChildArray(c)) {
      if (typeof child === "string" || typeof child === "number") {
        if (inText) out.push(String(child));
        continue;
      }
      if (!isValidElement(child)) continue;
      const props = child.props as Record<string, unknown>;
      // Components that draw words: what they show (axe reads the drawn text, hidden or not).
      if (child.type === Label) out.push(String(props.text));
      else if (child.type === Pawn) out.push(String((props.seat as number) + 1));
      else if (child.type === VoteCardFace) out.push(...voteFaceWords(props.lang as Lang, props.card as string));
      else if (child.type === Chests) out.push(...chestsWords(props as unknown as ChestsProps));
      else if (child.type === ChestIcon && props.letter) out.push(String(props.letter));
      else if (child.type !== "title") walk(props.children as ComponentChildren, inText || child.type === "text");
    }
  };
  walk(children, false);
  return out.join(" ").replace(/\s+/g, " ").trim();
}

/** The label read out: the visible words first, then what the label adds. */
function spokenLabel(label: string, children: ComponentChildren): string {
  const seen = visibleText(children);
  if (!seen || label.includes(seen)) return label;
  return `${seen} — ${label}`;
}

/** Last-move marks on a thing: its own outline again, wide, in each marking seat's colour
 * (under the thing's drawing, so a halo shows around it), each with data-last-move. */
function Marks(props: { seats: readonly number[]; hit: VNode<Record<string, unknown>> }): JSX.Element {
  const n = props.seats.length;
  return (
    <g class="t1667-marks" aria-hidden="true">
      {props.seats.map((seat, i) => {
        const width = 7 + (n - 1 - i) * 6;
        const mark = seatMark(seat);
        return (
          <g key={seat} data-last-move={String(seat)} class="t1667-mark">
            {cloneElement(props.hit, { class: "t1667-mark-edge", fill: "none", stroke: INK, "stroke-width": width + 3, "stroke-dasharray": undefined })}
            {cloneElement(props.hit, { class: "t1667-mark-line", fill: "none", stroke: mark.fill, "stroke-width": width, "stroke-dasharray": undefined })}
          </g>
        );
      })}
    </g>
  );
}

/** A board thing: clickable (button) when its key is in `clickable`, else a labelled group. */
function Thing(props: { ctx: Ctx; k?: string; label: string; children: ComponentChildren }): JSX.Element {
  const { ctx, k } = props;
  const label = spokenLabel(props.label, props.children);
  const live = k !== undefined && ctx.clickable.has(k);
  const classes = [live ? "clickable" : "", k !== undefined && ctx.picked.includes(k) ? "picked" : ""]
    .filter(Boolean)
    .join(" ");
  const seats = k === undefined ? undefined : ctx.marks.get(k);
  const hit = seats?.length ? findHit(props.children) : null;
  const marks = seats?.length && hit ? <Marks seats={seats} hit={hit} /> : null;
  if (live) {
    return (
      <g
        data-key={k}
        class={classes}
        role="button"
        tabindex={0}
        aria-label={label}
        onClick={() => ctx.onPick(k)}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            ctx.onPick(k);
          }
        }}
      >
        {marks}
        {props.children}
      </g>
    );
  }
  return (
    <g data-key={k} class={classes || undefined} aria-label={label}>
      <title>{label}</title>
      {marks}
      {props.children}
    </g>
  );
}

/** A pawn; `moving`: a pawn on its place (a ship, Tortuga, a rowboat), which glides from where
 * it stood before (Board's FLIP effect finds it by data-pawn). */
function Pawn(props: { seat: number; x: number; y: number; r?: number; moving?: boolean }): JSX.Element {
  const r = props.r ?? 13;
  const mark = seatMark(props.seat);
  return (
    <g data-pawn={props.moving ? String(props.seat) : undefined} class={props.moving ? "t1667-pawn" : undefined} aria-hidden="true">
      <g transform={`translate(${props.x},${props.y})`}>
        <path
          d={shapePath(mark.shape, r)}
          fill={mark.fill}
          stroke={INK}
          stroke-width={mark.shape === "ring" ? 3 : 1.5}
        />
        <text y={4.5} text-anchor="middle" font-size={12} font-weight="700" fill={mark.ink}>
          {`${props.seat + 1} `}
        </text>
      </g>
    </g>
  );
}

function ChestIcon(props: { x: number; y: number; kind: Flag | "neutral"; letter: string; s?: number }): JSX.Element {
  const { x, y, kind } = props;
  const s = props.s ?? 1;
  const w = 22 * s;
  const h = 19 * s;
  return (
    <g transform={`translate(${x},${y})`} aria-hidden="true">
      <rect width={w} height={h} rx={3} fill={FLAG_FILL[kind]} stroke={INK} stroke-width={1} />
      <line x1={0} y1={5 * s} x2={w} y2={5 * s} stroke={INK} stroke-width={1} />
      {props.letter ? (
        <text x={w / 2} y={h - 2} text-anchor="middle" font-size={Math.max(11, 12 * s)} font-weight="700" fill={FLAG_INK[kind]}>
          {`${props.letter} `}
        </text>
      ) : null}
    </g>
  );
}

/** Up to `room` chest icons and the count (`s`: the icons' scale). */
interface ChestsProps {
  x: number;
  y: number;
  n: number;
  kind: Flag | "neutral";
  letter: string;
  room?: number;
  s?: number;
}

/** The words a row of chests shows: each icon's letter, then the count. (Each drawn word ends
 * in a space, which SVG does not draw, so that its text reads as separate words.) */
function chestsWords(props: ChestsProps): string[] {
  const icons = Math.min(props.n, props.room ?? 5);
  return [...Array<string>(props.letter ? icons : 0).fill(props.letter), props.n === 0 ? "0" : `×${props.n}`];
}

function Chests(props: ChestsProps) {
  const room = props.room ?? 5;
  const s = props.s ?? 1;
  const step = 25 * s;
  const icons = Math.min(props.n, room);
  return (
    <g>
      {Array.from({ length: icons }, (_, i) => (
        <ChestIcon x={props.x + i * step} y={props.y} kind={props.kind} letter={props.letter} s={s} />
      ))}
      <text x={props.x + icons * step + (icons ? 2 : 0)} y={props.y + 14 * s + (s < 1 ? 1 : 0)} font-size={s < 1 ? SMALL : FONT} font-weight="700" fill={INK}>
        {props.n === 0 ? "0 " : `×${props.n} `}
      </text>
    </g>
  );
}

/** How many chest icons fit before the count in `w`. */
function chestRoom(w: number, s: number): number {
  return Math.max(1, Math.floor((w - 30) / (25 * s)));
}

/** A vote card: top (attack), flag (brawl), bottom (mutiny). */
/** The words a vote card's face shows (top, flag, a skull or nothing). */
function voteFaceWords(lang: Lang, card: string): string[] {
  const p = voteParts(card);
  return [tr(lang, p.top), tr(lang, p.flag)];
}

/** A vote card's skull, drawn (a font may lack the symbol): centred on (x, y), radius r. */
function Skull(props: { x: number; y: number; r: number }): JSX.Element {
  const { x, y, r } = props;
  return (
    <g transform={`translate(${x},${y}) scale(${r / 10})`} aria-hidden="true">
      <path d="M-8,-1a8,8 0 1,1 16,0v3.5l-2.5,1.5v3h-11v-3l-2.5-1.5z" fill={INK} />
      <circle cx={-3.4} cy={-0.8} r={2.4} fill="#fff" />
      <circle cx={3.4} cy={-0.8} r={2.4} fill="#fff" />
      <path d="M-2.5,5.5v2M0,5.5v2M2.5,5.5v2" stroke="#fff" stroke-width={1} />
    </g>
  );
}

function VoteCardFace(props: { card: string; x: number; y: number; w: number; h: number; lang: Lang }) {
  const { x, y, w, h, lang } = props;
  const p = voteParts(props.card);
  const band = h / 3;
  const size = w < 52 ? 11 : SMALL;
  return (
    <g transform={`translate(${x},${y})`}>
      <rect width={w} height={h} rx={6} fill="#fff" />
      <rect x={2} y={2} width={w - 4} height={band - 2} rx={4} fill={TOP_FILL[p.top]} />
      <Label x={w / 2} y={band / 2 + size * 0.4} text={tr(lang, p.top)} size={size} weight={700} fill={TOP_INK[p.top]} anchor="middle" max={w - 6} />
      <rect x={2} y={band + 1} width={w - 4} height={band - 2} fill={FLAG_FILL[p.flag]} />
      <Label x={w / 2} y={band * 1.5 + size * 0.35} text={tr(lang, p.flag)} size={size} weight={700} fill={FLAG_INK[p.flag]} anchor="middle" max={w - 6} />
      {p.bottom === "skull" ? (
        <Skull x={w / 2} y={band * 2.5} r={Math.min(10, band * 0.42)} />
      ) : (
        <rect x={w / 2 - band * 0.3} y={band * 2.5 - band * 0.3} width={band * 0.6} height={band * 0.6} fill="none" stroke="#999" stroke-dasharray="3 2" />
      )}
    </g>
  );
}

function VoteCard(props: { ctx: Ctx; card: string; k: string; x: number; y: number; w: number; h: number; count?: number }) {
  const { ctx, card, x, y, w, h } = props;
  return (
    <Thing ctx={ctx} k={props.k} label={ctx.t("vote.card", voteLabelParams(ctx.lang, card))}>
      <VoteCardFace card={card} x={x} y={y} w={w} h={h} lang={ctx.lang} />
      <rect class="hit" x={x} y={y} width={w} height={h} rx={6} fill="none" stroke="#777" stroke-width={1.5} />
      {props.count && props.count > 1 ? (
        <text x={x + w / 2} y={y + h + 14} text-anchor="middle" font-size={SMALL} font-weight="700" fill={INK}>
          ×{props.count}
        </text>
      ) : null}
    </Thing>
  );
}

function voteLabelParams(lang: Lang, card: string) {
  const p = voteParts(card);
  return { top: tr(lang, p.top), flag: tr(lang, p.flag), bottom: tr(lang, p.bottom) };
}

interface Chip {
  text: string;
  fill?: string;
  ink?: string;
  bold?: boolean;
}

const CHIP_H = 24;

/** Chips laid out left to right, wrapping at `width`. */
function flow(chips: Chip[], width: number, size = SMALL): { placed: { chip: Chip; x: number; y: number; w: number }[]; h: number } {
  const placed: { chip: Chip; x: number; y: number; w: number }[] = [];
  let x = 0;
  let y = 0;
  for (const chip of chips) {
    const w = Math.min(width, textWidth(chip.text, size) + 14);
    if (x > 0 && x + w > width) {
      x = 0;
      y += CHIP_H + 4;
    }
    placed.push({ chip, x, y, w });
    x += w + 5;
  }
  return { placed, h: chips.length ? y + CHIP_H : 0 };
}

function Chips(props: { x: number; y: number; width: number; chips: Chip[] }) {
  const { placed } = flow(props.chips, props.width);
  return (
    <g transform={`translate(${props.x},${props.y})`}>
      {placed.map(({ chip, x, y, w }) => (
        <g>
          <rect x={x} y={y} width={w} height={CHIP_H} rx={12} fill={chip.fill ?? "#efe6d2"} stroke="#00000033" />
          <Label x={x + w / 2} y={y + 17} text={chip.text} size={SMALL} fill={chip.ink ?? INK} weight={chip.bold ? 700 : undefined} anchor="middle" max={w - 10} />
        </g>
      ))}
    </g>
  );
}

function Panel(props: { w: number; h: number; title?: string; right?: string; children?: ComponentChildren; fill?: string; dense?: boolean }) {
  const y = props.dense ? 19 : 24;
  return (
    <g>
      <rect width={props.w} height={props.h} rx={props.dense ? 8 : 10} fill={props.fill ?? PANEL} stroke={PANEL_EDGE} />
      {props.title ? <Label x={10} y={y} text={props.title} size={props.dense ? 14 : 17} weight={700} max={props.w * (props.right ? 0.55 : 1) - 20} /> : null}
      {props.right ? <Label x={props.w - 10} y={y} text={props.right} size={props.dense ? 12 : SMALL} fill={MUTED} anchor="end" max={props.w * 0.42 - 10} /> : null}
      {props.children}
    </g>
  );
}

interface Block {
  h: number;
  draw: (w: number, h: number) => JSX.Element;
}

// -- status ------------------------------------------------------------------------------------

/** What the seat is asked, for the table's action bar: the board's headline and its hint
 * (the same words; the action bar is what a phone keeps in view). */
export function prompt(view: View, lang: Lang, names: readonly string[]): string | null {
  const v = typed(view);
  const ctx = {
    v,
    view,
    seat: v.seat,
    lang,
    t: (k: string, params?: Record<string, string | number>) => tr(lang, k, params),
    name: (s: number) => seatName(view, names, s),
  };
  const { title, hint } = headline(ctx);
  return [title, hint].filter(Boolean).join(": ") || null;
}

/** The part of the board's context that its words need. */
type WordsCtx = Pick<Ctx, "v" | "view" | "seat" | "lang" | "t" | "name">;

function headline(ctx: WordsCtx): { title: string; hint: string | null } {
  const { v, t, name, seat } = ctx;
  if (v.over) {
    if (v.winner_team === "shared") return { title: t("status.shared"), hint: null };
    return { title: t("status.over", { team: t(`teams.${v.winner_team ?? "british"}`) }), hint: null };
  }
  const d = v.decision;
  if (!d) return { title: "", hint: null };
  const mine = seat !== null && v.to_move.includes(seat);
  if (d.kind === "vote") {
    const title = t("vote.on", { kind: t(d.vote ?? ""), place: t(d.place ?? "") });
    if (mine) {
      const two = (v.treasure_maps[seat] ?? []).includes("el_dorado");
      return { title, hint: t(two ? "hint.vote2" : "hint.vote") };
    }
    return { title, hint: t("status.waiting", { names: (d.waiting ?? []).map(name).join(", ") }) };
  }
  const who = d.seat ?? v.current;
  const title = d.kind === "turn" ? (mine ? t("turn.yours") : t("turn.of", { name: name(who) })) : mine ? t("turn.yours") : waitingWords(ctx, who);
  if (!mine) return { title: d.kind === "turn" ? title : `${t("turn.of", { name: name(v.current) })} · ${title}`, hint: null };
  const params: Record<string, string | number> = {
    name: name(d.kind === "crows_pick" ? (d.target ?? 0) : (d.by ?? 0)),
    n: d.left ?? 0,
    card: d.card ? cardName(ctx.lang, d.card) : "",
  };
  let hint = `hint.${d.kind}`;
  if (d.kind === "stow" && v.galleon === 0) hint = "hint.stow_steal";
  let words = t(hint, params);
  if (words === hint) return { title, hint: null };
  if (d.kind === "turn" && seat !== null) {
    const role = roleOf(placeOf(ctx.view, seat));
    const roleHint = role === "captain" && v.galleon === 0 ? "hint.captain.ship" : `hint.${role}`;
    if (["captain", "first_mate", "cabin_boy", "governor"].includes(role)) words += ` ${t(roleHint)}`;
  }
  return { title, hint: words };
}

const DECISION_CARD: Record<string, string> = {
  pistol: "pistol",
  fever: "cabin_fever",
  crows: "crows_nest",
  crows_pick: "crows_nest",
  marque: "letter_of_marque",
  marque_top: "letter_of_marque",
  powder: "black_powder",
};

/** "Pirate 5 decides: Crow's Nest" for a decision that is not a turn. */
function waitingWords(ctx: WordsCtx, who: number): string {
  const d = ctx.v.decision!;
  const card = d.kind === "give_map" ? d.card : DECISION_CARD[d.kind];
  if (card) return ctx.t("waiting.what", { name: ctx.name(who), what: cardName(ctx.lang, card) });
  const what = ctx.t(`what.${d.kind}`);
  return what === `what.${d.kind}` ? ctx.t("waiting.for", { name: ctx.name(who) }) : ctx.t("waiting.what", { name: ctx.name(who), what });
}

/** The discard pile as chips (in the status block on a phone, under the event cards elsewhere). */
function discardChips(ctx: Ctx): Chip[] {
  const discard = counted(ctx.v.events.discard).map(([card, n]) => ({
    text: n > 1 ? `${cardName(ctx.lang, card)} ×${n}` : cardName(ctx.lang, card),
  }));
  return [{ text: `${ctx.t("events.discard")}:`, fill: "#fff", bold: true }, ...(discard.length ? discard : [{ text: ctx.t("events.none") }])];
}

function armadaWords(ctx: Ctx): string {
  const { v, t } = ctx;
  return v.events.discard.includes("spanish_armada")
    ? t("events.armada_revealed")
    : v.events.armada_in_deck
      ? t("events.armada")
      : t("events.armada_out");
}

function statusBlock(ctx: Ctx, w: number): Block {
  const { v, t, lang, dense } = ctx;
  const { title, hint } = headline(ctx);
  const inner = w - 20;
  const titleSize = dense ? 16 : 18;
  const titleLines = title ? wrap(title, inner - 10, titleSize) : [];
  // On a phone the table's action bar under the board says what to do: the board keeps its
  // height for the things to click.
  const hintLines = hint && !dense ? wrap(hint, inner, SMALL) : [];
  const chips: Chip[] = [
    { text: t("team.chests", { team: t("british"), n: v.team_chests.british }), fill: FLAG_FILL.british, ink: "#fff", bold: true },
    { text: t("team.chests", { team: t("french"), n: v.team_chests.french }), fill: FLAG_FILL.french, ink: "#fff", bold: true },
    { text: t("vote.deck", { n: v.vote_deck }) },
  ];
  if (v.players === 2 && v.options.two_actions_two_players && !v.over) chips.push({ text: t("actions.left", { n: v.actions_left }) });
  if (v.tiebreak) chips.push({ text: t("status.tiebreak"), fill: "#fff3c4" });
  const chipFlow = flow(chips, inner);
  let lastLines: string[] = [];
  if (v.last_vote) {
    const tl = tally(v.last_vote.kind, v.last_vote.cards);
    const counts = Object.entries(tl.counts)
      .map(([k, n]) => `${tr(lang, k)} ×${n}`)
      .join(", ");
    lastLines = wrap(`${t("last.vote", { kind: t(tl.kind), counts })} → ${t(`result.${tl.result}`)}`, inner, dense ? SMALL : FONT);
  }
  const lineH = dense ? 17 : 20;
  // A phone shows the discard pile and the Armada's state here, so that the event cards and the
  // ships under them stay close together.
  const discard = dense ? discardChips(ctx) : [];
  const discardFlow = flow(discard, inner);
  const armadaLines = dense ? wrap(armadaWords(ctx), inner, 12) : [];
  let y = dense ? 8 : 14;
  const titleY = y + titleSize;
  y += titleLines.length * (titleSize + 6);
  const hintY = y + 13;
  y += hintLines.length * 17 + (titleLines.length || hintLines.length ? 4 : 0);
  const chipY = y;
  y += chipFlow.h + 6;
  const lastY = y + 13;
  y += lastLines.length * lineH;
  const armadaY = y + 12;
  y += armadaLines.length * 15 + (armadaLines.length ? 4 : 0);
  const discardY = y;
  y += discardFlow.h + (discard.length ? 6 : 0);
  y += dense ? 2 : 6;
  const mine = ctx.seat !== null && v.to_move.includes(ctx.seat);
  return {
    h: y,
    draw: (bw, bh) => (
      <Panel w={bw} h={bh} fill={mine ? "#fff3c4" : PANEL} dense={dense}>
        {titleLines.map((line, i) => (
          <Label x={10} y={titleY + i * (titleSize + 6)} text={line} size={titleSize} weight={700} max={inner} />
        ))}
        {hintLines.map((line, i) => (
          <Label x={10} y={hintY + i * 17} text={line} size={SMALL} fill={MUTED} max={inner} />
        ))}
        <Chips x={10} y={chipY} width={inner} chips={chips} />
        {lastLines.map((line, i) => (
          <Label x={10} y={lastY + i * lineH} text={line} size={dense ? SMALL : FONT} max={inner} />
        ))}
        {armadaLines.map((line, i) => (
          <Label x={10} y={armadaY + i * 15} text={line} size={12} fill={MUTED} max={inner} />
        ))}
        {discard.length ? <Chips x={10} y={discardY} width={inner} chips={discard} /> : null}
      </Panel>
    ),
  };
}

// -- event cards -------------------------------------------------------------------------------

function eventsBlock(ctx: Ctx, w: number): Block {
  const { v, t, lang, dense } = ctx;
  const gap = dense ? 6 : 8;
  const inner = w - 20;
  const cw = (inner - 4 * gap) / 5;
  const ch = dense ? 52 : Math.min(Math.round(cw * 1.1), 90);
  const nameSize = cw < 80 ? 11 : 13;
  const slots = eventSlots(ctx.view);
  const discard = dense ? [] : discardChips(ctx);
  const discardFlow = flow(discard, inner);
  const armada = armadaWords(ctx);
  // A phone: the slot's number inside the card; wider: above it, with room for the pointer.
  const cardsY = dense ? 25 : 62;
  const discardY = cardsY + ch + 10;
  const h = dense ? cardsY + ch + 8 : discardY + discardFlow.h + 10;
  return {
    h,
    draw: (bw, bh) => (
      <Panel w={bw} h={bh} title={t("events")} right={t("events.deck", { n: v.events.deck })} dense={dense}>
        {dense ? null : <Label x={10} y={42} text={armada} size={SMALL} fill={MUTED} max={inner} />}
        {slots.map((s) => {
          const x = 10 + s.slot * (cw + gap);
          const y = cardsY;
          const number = s.slot + 1;
          const label =
            s.state === "empty"
              ? `${t("event.n", { n: number })}: ${t("event.empty")}`
              : s.state === "hidden"
                ? `${t("event.n", { n: number })}: ${t("event.hidden")}${s.pointed ? `, ${t("event.pointed")}` : ""}`
                : `${t("event.n", { n: number })}: ${cardName(lang, s.card!)}${v.over ? "" : ` (${t("event.seen")})`}`;
          const seenY = dense ? y + 24 : y + 15;
          const lines = s.state === "known" ? wrap(cardName(lang, s.card!), cw - 6, nameSize).slice(0, 3) : [];
          const top = s.state === "known" && !v.over ? seenY + 2 : y + (dense ? 14 : 0);
          const mid = (top + y + ch) / 2;
          const face =
            s.state === "empty" ? (
              <>
                <rect x={x} y={y} width={cw} height={ch} rx={8} fill="none" stroke="#999" stroke-dasharray="6 4" />
                <text x={x + cw / 2} y={y + ch / 2 + 5} text-anchor="middle" font-size={FONT} fill="#999">
                  —
                </text>
              </>
            ) : s.state === "hidden" ? (
              <>
                <rect class="hit" x={x} y={y} width={cw} height={ch} rx={8} fill="#264653" stroke="#111" stroke-width={1.5} />
                <rect x={x + 4} y={y + 4} width={cw - 8} height={ch - 8} rx={5} fill="none" stroke="#e9c46a" stroke-width={1.5} />
                <text x={x + cw / 2} y={y + (s.bottomFive ? ch / 2 + 2 : ch / 2 + 9)} text-anchor="middle" font-size={dense ? 22 : 28} font-weight="700" fill="#e9c46a">
                  ?
                </text>
              </>
            ) : (
              <>
                <rect class="hit" x={x} y={y} width={cw} height={ch} rx={8} fill="#fdf0d5" stroke="#8a6d3b" stroke-width={1.5} />
                {lines.map((line, i, all) => (
                  <Label
                    x={x + cw / 2}
                    y={mid - (all.length - 1) * (nameSize + 1) * 0.5 + i * (nameSize + 1) + nameSize * 0.35}
                    text={line}
                    size={nameSize}
                    weight={700}
                    anchor="middle"
                    max={cw - 6}
                  />
                ))}
                {v.over ? null : <Label x={x + cw / 2} y={seenY} text={t("event.seen")} size={11} fill={MUTED} anchor="middle" max={cw - 6} />}
              </>
            );
          const numberColour = s.state === "hidden" ? "#e9c46a" : MUTED;
          return (
            <g>
              {dense ? null : s.pointed ? (
                <g>
                  <circle cx={x + cw / 2} cy={cardsY - 12} r={11} fill="#E69F00" stroke={INK} />
                  <text x={x + cw / 2} y={cardsY - 7} text-anchor="middle" font-size={SMALL} font-weight="700">
                    {number}
                  </text>
                </g>
              ) : (
                <text x={x + cw / 2} y={cardsY - 6} text-anchor="middle" font-size={SMALL} font-weight="700" fill={MUTED}>
                  {number}
                </text>
              )}
              <Thing ctx={ctx} k={s.state === "empty" ? undefined : key.slot(s.slot)} label={label}>
                {face}
              </Thing>
              {dense ? (
                <g aria-hidden="true">
                  {s.pointed ? <circle cx={x + 11} cy={y + 11} r={9} fill="#E69F00" stroke={INK} /> : null}
                  <text x={x + 11} y={y + 15} text-anchor="middle" font-size={11} font-weight="700" fill={s.pointed ? INK : numberColour}>
                    {number}
                  </text>
                </g>
              ) : null}
              {s.bottomFive && s.state === "hidden" ? (
                <g aria-hidden="true">
                  <rect x={x + 3} y={y + ch - 19} width={cw - 6} height={16} rx={4} fill="#fff" stroke="#B2182B" />
                  <Label x={x + cw / 2} y={y + ch - 7} text={t("event.armada")} size={11} weight={700} fill="#B2182B" anchor="middle" max={cw - 10} />
                </g>
              ) : null}
            </g>
          );
        })}
        {discard.length ? <Chips x={10} y={discardY} width={inner} chips={discard} /> : null}
      </Panel>
    ),
  };
}

// -- your cards --------------------------------------------------------------------------------

function teamBadge(lang: Lang, team: Team, x: number, y: number, w: number, h = 32) {
  const r = h / 2 - 5;
  return (
    <g transform={`translate(${x},${y})`}>
      <rect width={w} height={h} rx={6} fill={FLAG_FILL[team]} stroke={INK} />
      <circle cx={r + 6} cy={h / 2} r={r} fill="#fff" stroke={INK} />
      <text x={r + 6} y={h / 2 + 5} text-anchor="middle" font-size={14} font-weight="700" fill={INK}>
        {tr(lang, `letter.${team}`)}
      </text>
      <Label x={2 * r + 12} y={h / 2 + 5} text={tr(lang, team)} size={h < 32 ? 14 : FONT} weight={700} fill={FLAG_INK[team]} max={w - 2 * r - 16} />
    </g>
  );
}

function handBlock(ctx: Ctx, w: number): Block {
  const { v, t, lang, seat, dense } = ctx;
  const inner = w - 20;
  const lineH = dense ? 16 : 18;
  if (seat === null) {
    const lines = wrap(t("spectating"), inner, dense ? SMALL : FONT);
    return {
      h: (dense ? 28 : 36) + lines.length * 20,
      draw: (bw, bh) => (
        <Panel w={bw} h={bh} title={t("your.cards")} dense={dense}>
          {lines.map((line, i) => (
            <Label x={10} y={(dense ? 40 : 52) + i * 20} text={line} size={dense ? SMALL : FONT} fill={MUTED} max={inner} />
          ))}
        </Panel>
      ),
    };
  }
  const parts: JSX.Element[] = [];
  let y = dense ? 26 : 34;
  // The loyalty card and the vote cards side by side (one row while they fit).
  const votes = v.votes ?? [];
  const badgeW = Math.min(dense ? 104 : 150, inner * 0.4);
  const badgeH = dense ? 30 : 34;
  const cardGap = 6;
  const besides = !v.loyalty || dense || inner - badgeW - 10 >= votes.length * 50 - 6;
  const cardsX = v.loyalty && besides ? badgeW + 10 : 0;
  const cardsY = v.loyalty && !besides ? 16 + badgeH + 6 : 0;
  const room = inner - cardsX;
  const cardW = Math.max(38, Math.min(dense ? 48 : 58, (room - cardGap * Math.max(0, votes.length - 1)) / Math.max(1, votes.length)));
  const cardH = Math.round(cardW * 1.4);
  const perRow = Math.max(1, Math.floor((room + cardGap) / (cardW + cardGap)));
  const voteRows = Math.ceil(votes.length / perRow);
  const rowY = y;
  const history = v.loyalty ? (v.loyalty_history ?? []).slice(0, -1) : [];
  const votesLabel = `${t("votes")}${votes.length ? "" : `: ${t("your.none")}`}`;
  parts.push(
    <g>
      {v.loyalty ? (
        <g>
          <Label x={10} y={rowY + 11} text={t("your.loyalty")} size={11} fill={MUTED} max={badgeW} />
          {teamBadge(lang, v.loyalty, 10, rowY + 16, badgeW, badgeH)}
          {history.length ? (
            <Label
              x={10}
              y={rowY + 16 + badgeH + 13}
              text={t("your.loyalty.was", { teams: history.map((team) => tr(lang, team)).join(", ") })}
              size={11}
              fill={MUTED}
              max={badgeW}
            />
          ) : null}
        </g>
      ) : null}
      <Label x={10 + cardsX} y={rowY + cardsY + 11} text={votesLabel} size={11} fill={MUTED} max={room} />
      {votes.map((card, i) => (
        <VoteCard
          ctx={ctx}
          card={card}
          k={key.vote(card)}
          x={10 + cardsX + (i % perRow) * (cardW + cardGap)}
          y={rowY + cardsY + 16 + Math.floor(i / perRow) * (cardH + cardGap)}
          w={cardW}
          h={cardH}
        />
      ))}
    </g>,
  );
  const loyaltyH = v.loyalty ? 16 + badgeH + (history.length ? 18 : 0) : 0;
  const votesH = cardsY + 16 + voteRows * (cardH + cardGap);
  y += Math.max(loyaltyH, votesH) + 4;
  // treasure maps
  const maps = v.treasure_maps[seat] ?? [];
  if (maps.length) {
    const mapsY = y;
    const labelW = Math.min(textWidth(t("your.maps"), 11) + 8, inner * 0.3);
    const mw = Math.min(150, (inner - labelW - 8 * (maps.length - 1)) / maps.length);
    const mh = dense ? 30 : 32;
    parts.push(
      <g>
        <Label x={10} y={mapsY + mh / 2 + 4} text={t("your.maps")} size={11} fill={MUTED} max={labelW - 4} />
        {maps.map((map, i) => (
          <Thing ctx={ctx} k={key.map(map)} label={cardName(lang, map)}>
            <rect class="hit" x={10 + labelW + i * (mw + 8)} y={mapsY} width={mw} height={mh} rx={6} fill="#e9c46a" stroke="#8a6d3b" stroke-width={1.5} />
            <Label x={10 + labelW + i * (mw + 8) + mw / 2} y={mapsY + mh / 2 + 5} text={cardName(lang, map)} size={dense ? SMALL : FONT} weight={700} anchor="middle" max={mw - 8} />
          </Thing>
        ))}
      </g>,
    );
    y += mh + 6;
  }
  // notes: ballot, the card put on top, hands seen with Crow's Nest
  const notes: string[] = [];
  if (v.ballot) notes.push(t("your.ballot", { cards: v.ballot.map((c) => voteWords(lang, c)).join(" + ") }));
  if (v.vote_deck_top) notes.push(t("your.top", { card: voteWords(lang, v.vote_deck_top) }));
  for (const [s, cards] of Object.entries(v.known_hands)) {
    if (v.decision?.kind === "crows_pick" && Number(s) === v.decision.target) continue;
    notes.push(t("known.hand", { name: ctx.name(Number(s)), cards: cards.length ? cards.map((c) => voteWords(lang, c)).join(", ") : t("your.none") }));
  }
  const noteSize = dense ? 12 : SMALL;
  const noteLines = notes.flatMap((n) => wrap(n, inner, noteSize));
  if (noteLines.length) {
    const notesY = y;
    parts.push(
      <g>
        {noteLines.map((line, i) => (
          <Label x={10} y={notesY + 12 + i * lineH} text={line} size={noteSize} max={inner} />
        ))}
      </g>,
    );
    y += noteLines.length * lineH + 6;
  }
  // Crow's Nest: the vote deck to pick from
  if (v.vote_deck_cards) {
    const kinds = counted(v.vote_deck_cards);
    const dw = dense ? 44 : 56;
    const dh = Math.round(dw * 1.4);
    const perRowDeck = Math.max(1, Math.floor((inner + 6) / (dw + 6)));
    const rows = Math.ceil(kinds.length / perRowDeck);
    const deckY = y;
    const d = v.decision;
    const given = d?.kind === "crows_pick" ? (v.known_hands[String(d.target)] ?? []) : [];
    const head = d?.kind === "crows_pick" ? t("crows.deck", { name: ctx.name(d.target ?? 0), n: d.left ?? 0 }) : t("vote.deck", { n: v.vote_deck });
    const headLines = wrap(head, inner - 16, noteSize);
    const gridY = deckY + headLines.length * lineH + 4;
    const counts = kinds.some(([, n]) => n > 1);
    const rowH = dh + (counts ? 18 : 6);
    parts.push(
      <g>
        {headLines.map((line, i) => (
          <Label x={10} y={deckY + 12 + i * lineH} text={line} size={noteSize} weight={700} max={inner} />
        ))}
        {kinds.map(([card, n], i) => (
          <VoteCard
            ctx={ctx}
            card={card}
            k={key.deckVote(card)}
            x={10 + (i % perRowDeck) * (dw + 6)}
            y={gridY + Math.floor(i / perRowDeck) * rowH}
            w={dw}
            h={dh}
            count={n}
          />
        ))}
        {given.length ? (
          <Label
            x={10}
            y={gridY + rows * rowH + 12}
            text={t("known.hand", { name: ctx.name(d?.target ?? 0), cards: given.map((c) => voteWords(lang, c)).join(", ") })}
            size={noteSize}
            max={inner}
          />
        ) : null}
      </g>,
    );
    y = gridY + rows * rowH + (given.length ? 20 : 0);
  }
  const h = y + 4;
  return {
    h,
    draw: (bw, bh) => (
      <Panel w={bw} h={bh} title={t("your.cards")} right={ctx.name(seat)} dense={dense}>
        {parts}
      </Panel>
    ),
  };
}

// -- crew rows (ships and Tortuga) ---------------------------------------------------------------

/** A crew row's height: two lines (name, rank) in a narrow column, one line in a wide one. */
function rowHeight(ctx: Ctx): number {
  return ctx.dense ? 28 : 30;
}

function CrewRow(props: { ctx: Ctx; seat: number; where: Ship | "tortuga"; rank: number; x: number; y: number; w: number; h: number }) {
  const { ctx, seat, where, rank, x, y, w, h } = props;
  const { v, t } = ctx;
  const role = rankRole(where, rank);
  const current = !v.over && v.current === seat;
  const you = ctx.seat === seat;
  const name = `${ctx.name(seat)}${you ? ` (${t("you")})` : ""}`;
  const label = `${ctx.name(seat)}: ${whereWords(ctx.view, seat, ctx.lang)}`;
  const alb = v.albatross[seat] ?? 0;
  const badge = alb ? `${tr(ctx.lang, "card.albatross")} ×${alb}` : "";
  const two = w < 260;
  const tiny = w < 110;
  const r = tiny ? 8 : two ? 10 : 12;
  const nameX = x + (tiny ? 3 : 6) + 2 * r + (tiny ? 3 : 6);
  // The pirate whose turn it is: a pointer drawn at the row's end (a font may lack "◀").
  const my = y + (two ? 11 : h / 2);
  const marker = current ? (
    <path d={`M${x + w - 14},${my} l8,-5 v10 z`} fill={INK} aria-hidden="true" />
  ) : null;
  const box = <rect class="hit" x={x} y={y + 1} width={w} height={h - 2} rx={6} fill={current ? "#fff3c4" : "#fff"} stroke={you ? INK : "#bbb"} stroke-width={you ? 2 : 1} />;
  if (two) {
    // name over rank (an albatross count beside the rank)
    const badgeW = badge ? Math.min(textWidth(badge, 11), (w - (nameX - x)) / 2) : 0;
    return (
      <Thing ctx={ctx} k={key.seat(seat)} label={label}>
        {box}
        <Pawn seat={seat} x={x + (tiny ? 3 : 6) + r} y={y + h / 2} r={r} moving />
        <Label x={nameX} y={y + 13} text={name} size={SMALL} weight={you ? 700 : 600} max={x + w - nameX - (current ? 16 : 4)} />
        <Label x={nameX} y={y + h - 5} text={t(role)} size={11} fill={MUTED} max={x + w - nameX - 6 - (badge ? badgeW + 6 : 0)} />
        {badge ? <Label x={x + w - 5} y={y + h - 5} text={badge} size={11} fill="#6a3d9a" anchor="end" max={badgeW} /> : null}
        {marker}
      </Thing>
    );
  }
  const rankW = Math.min(120, w * 0.34);
  const nameMax = w - rankW - 2 * r - 20 - (badge ? textWidth(badge, 12) + 10 : 0) - (current ? 18 : 0);
  return (
    <Thing ctx={ctx} k={key.seat(seat)} label={label}>
      {box}
      <Label x={x + 8} y={y + h / 2 + 5} text={t(role)} size={SMALL} fill={MUTED} max={rankW - 10} />
      <Pawn seat={seat} x={x + rankW + r} y={y + h / 2} r={r} moving />
      <Label x={x + rankW + 2 * r + 8} y={y + h / 2 + 5} text={name} size={SMALL + 1} weight={you ? 700 : 600} max={nameMax} />
      {badge ? <Label x={x + w - (current ? 24 : 6)} y={y + h / 2 + 4} text={badge} size={12} fill="#6a3d9a" anchor="end" /> : null}
      {marker}
    </Thing>
  );
}

function SpotRow(props: { ctx: Ctx; where: Ship | "tortuga"; index: number; taken: number | null; x: number; y: number; w: number; h: number }) {
  const { ctx, where, index, taken, x, y, w, h } = props;
  if (taken !== null) {
    return <CrewRow ctx={ctx} seat={taken} where={where} rank={index} x={x} y={y} w={w} h={h} />;
  }
  const label = `${ctx.t(where)}: ${ctx.t("spot")} ${index + 1}`;
  return (
    <Thing ctx={ctx} k={key.spot(where, index)} label={label}>
      <rect class="hit" x={x} y={y + 1} width={w} height={h - 2} rx={6} fill="#f4f4f4" stroke="#bbb" stroke-dasharray="4 3" />
      <Label x={x + (w < 100 ? 4 : 8)} y={y + h / 2 + 4} text={`${index + 1}. ${ctx.t("spot")}`} size={w < 100 ? 11 : SMALL} fill={MUTED} max={w - (w < 100 ? 8 : 14)} />
    </Thing>
  );
}

/** Crew rows of a ship or Tortuga (spots during the advanced setup), in as many columns as
 * fit `minCol` each, filled row by row (rank order reads left to right, top to bottom). */
function crewRows(
  ctx: Ctx,
  where: Ship | "tortuga",
  crew: number[],
  w: number,
  minCol: number,
): { h: number; draw: (x: number, y: number) => JSX.Element } {
  const spots = spotsOf(ctx.view, where);
  const rh = rowHeight(ctx);
  const n = spots ? spots.length : crew.length;
  if (!n) {
    return {
      h: rh,
      draw: (x, y) => <Label x={x + 6} y={y + rh / 2 + 4} text={ctx.t(where === "tortuga" ? "empty.tortuga" : "empty.ship")} size={SMALL} fill={MUTED} max={w - 12} />,
    };
  }
  const gap = 6;
  const cols = Math.max(1, Math.min(n, Math.floor((w + gap) / (minCol + gap))));
  const cw = (w - gap * (cols - 1)) / cols;
  const rows = Math.ceil(n / cols);
  const at = (i: number) => ({ dx: (i % cols) * (cw + gap), dy: Math.floor(i / cols) * (rh + 3) });
  return {
    h: rows * (rh + 3) - 3,
    draw: (x, y) => (
      <g>
        {spots
          ? spots.map((taken, i) => (
              <SpotRow ctx={ctx} where={where} index={i} taken={taken} x={x + at(i).dx} y={y + at(i).dy} w={cw} h={rh} />
            ))
          : crew.map((seat, i) => <CrewRow ctx={ctx} seat={seat} where={where} rank={i} x={x + at(i).dx} y={y + at(i).dy} w={cw} h={rh} />)}
      </g>
    ),
  };
}

// -- ships -------------------------------------------------------------------------------------

function holdLabel(ctx: Ctx, ship: Ship, flag: Flag, n: number): string {
  return `${ctx.t(ship)}: ${ctx.t(`hold.${flag}`)}, ${ctx.t("chests.n", { n })}`;
}

function shipBlock(ctx: Ctx, ship: Ship, w: number): Block {
  const { v, t, dense } = ctx;
  const data = v.ships[ship];
  const inner = w - 20;
  // Spots of the advanced setup: two columns where a ship is wide; crew in one (rank order).
  const rows = crewRows(ctx, ship, data.crew, inner, spotsOf(ctx.view, ship) ? (dense ? 64 : 140) : 1000);
  const alb = albatrossAboard(ctx.view, ship);
  const hullH = dense ? 26 : 34;
  const holdsY = 8 + hullH + 6;
  const hw = (inner - 6) / 2;
  const labelSize = dense ? 11 : SMALL;
  const holdLines = FLAGS.map((flag) => wrap(t(`hold.${flag}`), hw - 10, labelSize, 1.2).slice(0, 2));
  const labelRows = Math.max(...holdLines.map((l) => l.length));
  const s = dense ? 0.72 : 0.9;
  const holdH = 6 + labelRows * (labelSize + 2) + 19 * s + 7;
  const albY = holdsY + holdH + 12;
  const crewY = holdsY + holdH + (alb ? 20 : 6);
  const boatH = dense ? 27 : 32;
  const boatY = crewY + rows.h + 6;
  const h = boatY + boatH + 8;
  const occupant = v.rowboats[ship];
  const boatW = Math.min(dense ? 96 : 130, inner * 0.55);
  return {
    h,
    draw: (bw, bh) => (
      <Panel w={bw} h={bh} dense={dense}>
        <Thing ctx={ctx} k={key.ship(ship)} label={t(ship)}>
          <path class="hit" d={`M10,8 H${bw - 10} L${bw - 10 - hullH * 0.5},${8 + hullH} H${10 + hullH * 0.5} Z`} fill="#7a4a23" stroke="#3d220d" stroke-width={1.5} />
          <Label x={bw / 2} y={8 + hullH / 2 + (dense ? 5 : 6)} text={t(ship)} size={dense ? 14 : 18} weight={700} fill="#fff" anchor="middle" max={bw - 20 - hullH} />
        </Thing>
        {FLAGS.map((flag, i) => {
          const x = 10 + i * (hw + 6);
          const n = data.holds[flag];
          return (
            <Thing ctx={ctx} k={key.hold(ship, flag)} label={holdLabel(ctx, ship, flag, n)}>
              <rect class="hit" x={x} y={holdsY} width={hw} height={holdH} rx={6} fill="#f6e8c8" stroke={FLAG_FILL[flag]} stroke-width={2} />
              {holdLines[i]!.map((line, j) => (
                <Label x={x + 5} y={holdsY + 4 + (j + 1) * (labelSize + 2) - 2} text={line} size={labelSize} weight={700} fill={FLAG_FILL[flag]} max={hw - 10} />
              ))}
              <Chests x={x + 5} y={holdsY + 6 + labelRows * (labelSize + 2)} n={n} kind={flag} letter={t(`letter.${flag}`)} room={chestRoom(hw - 10, s)} s={s} />
            </Thing>
          );
        })}
        {alb ? <Label x={bw - 10} y={albY} text={t("albatross.aboard", { n: alb })} size={11} fill="#6a3d9a" anchor="end" max={inner} /> : null}
        {rows.draw(10, crewY)}
        <Thing ctx={ctx} k={key.rowboat(ship)} label={`${t("rowboat")} (${t(ship)}): ${occupant === "destroyed" ? t("rowboat.destroyed") : occupant === null ? t("rowboat.free") : ctx.name(occupant)}`}>
          <path
            class="hit"
            d={`M10,${boatY} H${10 + boatW} L${boatW - 4},${boatY + boatH} H${24} Z`}
            fill={occupant === "destroyed" ? "#bbb" : "#b07d48"}
            stroke="#3d220d"
            stroke-width={1.5}
          />
          <Label x={10 + boatW / 2} y={boatY + boatH / 2 + 4} text={t("rowboat")} size={dense ? 12 : SMALL} weight={700} fill={occupant === "destroyed" ? INK : "#fff"} anchor="middle" max={boatW - 28} />
          {occupant === "destroyed" ? (
            <path d={`M16,${boatY + 2} L${boatW + 4},${boatY + boatH - 2} M${boatW + 4},${boatY + 2} L16,${boatY + boatH - 2}`} stroke="#B2182B" stroke-width={3} />
          ) : null}
        </Thing>
        {typeof occupant === "number" ? (
          <CrewRowBoat ctx={ctx} seat={occupant} x={boatW + 16} y={boatY} w={bw - boatW - 26} h={boatH} />
        ) : (
          <Label x={boatW + 18} y={boatY + boatH / 2 + 4} text={occupant === "destroyed" ? t("rowboat.destroyed") : t("rowboat.free")} size={12} fill={MUTED} max={bw - boatW - 28} />
        )}
      </Panel>
    ),
  };
}

function CrewRowBoat(props: { ctx: Ctx; seat: number; x: number; y: number; w: number; h: number }) {
  const { ctx, seat, x, y, w, h } = props;
  const you = ctx.seat === seat;
  const current = !ctx.v.over && ctx.v.current === seat;
  const r = 10;
  return (
    <Thing ctx={ctx} k={key.seat(seat)} label={`${ctx.name(seat)}: ${whereWords(ctx.view, seat, ctx.lang)}`}>
      <rect class="hit" x={x} y={y} width={w} height={h} rx={6} fill={current ? "#fff3c4" : "#fff"} stroke={you ? INK : "#bbb"} stroke-width={you ? 2 : 1} />
      <Pawn seat={seat} x={x + 5 + r} y={y + h / 2} r={r} moving />
      <Label x={x + 2 * r + 10} y={y + h / 2 + 4} text={`${ctx.name(seat)}${you ? ` (${ctx.t("you")})` : ""}`} size={SMALL} weight={600} max={w - 2 * r - 14} />
    </Thing>
  );
}

// -- the galleon and Tortuga ---------------------------------------------------------------------

function islandBlock(ctx: Ctx, w: number): Block {
  const { v, t, dense } = ctx;
  const inner = w - 20;
  const rows = crewRows(ctx, "tortuga", v.tortuga.crew, inner, spotsOf(ctx.view, "tortuga") ? 104 : 150);
  // The galleon and Tortuga side by side on one line, Tortuga's three areas in a row inside it.
  const galleonW = Math.min(dense ? 96 : 150, inner * 0.3);
  const islandX = 10 + galleonW + 8;
  const islandW = inner - galleonW - 8;
  const areaGap = 5;
  const areaW = (islandW - 16 - 2 * areaGap) / 3;
  const areaSize = 11;
  const areas: { id: string; n: number; kind: Flag | "neutral"; letter: string }[] = [
    { id: "area.british", n: v.tortuga.british, kind: "british", letter: t("letter.british") },
    { id: "area.french", n: v.tortuga.french, kind: "french", letter: t("letter.french") },
    { id: "area.loose", n: v.tortuga.loose, kind: "neutral", letter: "" },
  ];
  const areaLines = areas.map((a) => wrap(t(a.id), areaW - 6, areaSize, 1.2).slice(0, 2));
  const labelRows = Math.max(...areaLines.map((l) => l.length));
  const s = dense ? 0.72 : 0.9;
  const areaH = 4 + labelRows * (areaSize + 2) + 19 * s + 6;
  const topY = 8;
  const areaY = topY + (dense ? 22 : 28);
  const lineH = areaY - topY + areaH + 6;
  const crewY = topY + lineH + 6;
  const h = crewY + rows.h + 8;
  const galleonS = dense ? 0.72 : 0.9;
  return {
    h,
    draw: (bw, bh) => {
      const iw = bw - 20 - galleonW - 8;
      const aw = (iw - 16 - 2 * areaGap) / 3;
      return (
        <Panel w={bw} h={bh} dense={dense}>
          <Thing ctx={ctx} k={key.galleon} label={`${t("galleon")}: ${t("chests.n", { n: v.galleon })}`}>
            <path
              class="hit"
              d={`M10,${topY} H${10 + galleonW} L${galleonW - 4},${topY + lineH} H24 Z`}
              fill="#5b4636"
              stroke="#2b1d12"
              stroke-width={1.5}
            />
            <Label x={10 + galleonW / 2} y={topY + (dense ? 19 : 24)} text={t("galleon")} size={dense ? 14 : 17} weight={700} fill="#fff" anchor="middle" max={galleonW - 16} />
            <Chests
              x={10 + galleonW / 2 - (Math.min(v.galleon, chestRoom(galleonW - 36, galleonS)) * 25 * galleonS) / 2 - 10}
              y={topY + lineH / 2 + 2}
              n={v.galleon}
              kind="neutral"
              letter=""
              room={chestRoom(galleonW - 36, galleonS)}
              s={galleonS}
            />
          </Thing>
          <Thing ctx={ctx} k={key.tortuga} label={`${t("tortuga")}: ${areas.map((a) => `${t(a.id)} ${a.n}`).join(", ")}`}>
            <rect class="hit" x={islandX} y={topY} width={iw} height={lineH} rx={dense ? 16 : 22} fill="#cfe8b8" stroke="#4f7a28" stroke-width={2} />
            <Label x={islandX + iw / 2} y={topY + (dense ? 17 : 21)} text={t("tortuga")} size={dense ? 14 : 17} weight={700} anchor="middle" max={iw - 20} />
            {areas.map((a, i) => {
              const x = islandX + 8 + i * (aw + areaGap);
              return (
                <g>
                  <rect x={x} y={areaY} width={aw} height={areaH} rx={5} fill="#fffaf0" stroke={a.kind === "neutral" ? "#999" : FLAG_FILL[a.kind]} stroke-width={2} />
                  {areaLines[i]!.map((line, j) => (
                    <Label
                      x={x + aw / 2}
                      y={areaY + 2 + (j + 1) * (areaSize + 2)}
                      text={line}
                      size={areaSize}
                      weight={700}
                      fill={a.kind === "neutral" ? MUTED : FLAG_FILL[a.kind]}
                      anchor="middle"
                      max={aw - 6}
                    />
                  ))}
                  <Chests x={x + 4} y={areaY + 4 + labelRows * (areaSize + 2)} n={a.n} kind={a.kind} letter={a.letter} room={chestRoom(aw - 8, s)} s={s} />
                </g>
              );
            })}
          </Thing>
          {rows.draw(10, crewY)}
        </Panel>
      );
    },
  };
}

// -- the pirates ---------------------------------------------------------------------------------

function pirateChips(ctx: Ctx, seat: number): Chip[] {
  const { v, t, lang } = ctx;
  const chips: Chip[] = [{ text: t("seat.votes", { n: v.vote_hand_sizes[seat] ?? 0 }) }];
  const vs = voteState(ctx.view, seat);
  if (vs.state === "voted") chips.push({ text: t(vs.cards > 1 ? "vote.voted2" : "vote.voted"), fill: "#d4efe4", bold: true });
  if (vs.state === "waiting") chips.push({ text: `… ${t("vote.waiting")}`, fill: "#fff3c4", bold: true });
  const team = knownLoyalty(ctx.view, seat);
  if (team) {
    const known = !v.loyalties && seat !== ctx.seat;
    chips.push({ text: t(known ? "seat.loyal.known" : "seat.loyal", { team: `${tr(lang, `letter.${team}`)} · ${tr(lang, team)}` }), fill: FLAG_FILL[team], ink: FLAG_INK[team], bold: true });
  }
  for (const map of v.treasure_maps[seat] ?? []) chips.push({ text: cardName(lang, map), fill: "#e9c46a" });
  if ((v.albatross[seat] ?? 0) > 0) chips.push({ text: t("seat.albatross", { n: v.albatross[seat]! }), fill: "#e5d4f0" });
  if (v.scurvy[seat]) chips.push({ text: t("seat.scurvy"), fill: "#f6d5c5" });
  if ((v.pirate_code[seat] ?? 0) > 0) chips.push({ text: t("seat.code", { n: v.pirate_code[seat]! }), fill: "#e0e0e0" });
  return chips;
}

function piratesBlock(ctx: Ctx, w: number): Block {
  const { v, t } = ctx;
  const gap = 6;
  const inner = w - 20;
  const cols = Math.max(1, Math.floor((inner + gap) / (290 + gap)));
  const ew = (inner - gap * (cols - 1)) / cols;
  // Each pirate on a line: pawn, name, then the chips (where the pawn stands is on the ships).
  const entries = Array.from({ length: v.players }, (_, seat) => {
    const chips = pirateChips(ctx, seat);
    const you = seat === ctx.seat;
    const current = !v.over && v.current === seat;
    const nameText = `${ctx.name(seat)}${you ? ` (${t("you")})` : ""}`;
    const nameW = Math.min(textWidth(nameText, SMALL + 1) + 6, ew * 0.45);
    const f = flow(chips, ew - nameW - 40);
    return { seat, chips, nameText, nameW, you, current, h: Math.max(32, f.h + 8) };
  });
  const rowHeights: number[] = [];
  entries.forEach((e, i) => {
    const r = Math.floor(i / cols);
    rowHeights[r] = Math.max(rowHeights[r] ?? 0, e.h);
  });
  const rowY: number[] = [];
  let y = 30;
  for (const rh of rowHeights) {
    rowY.push(y);
    y += rh + gap;
  }
  return {
    h: y + 4,
    draw: (bw, bh) => (
      <Panel w={bw} h={bh} title={t("pirates")}>
        {entries.map((e, i) => {
          const x = 10 + (i % cols) * (ew + gap);
          const ey = rowY[Math.floor(i / cols)]!;
          const eh = rowHeights[Math.floor(i / cols)]!;
          const where = whereWords(ctx.view, e.seat, ctx.lang);
          const label = `${ctx.name(e.seat)}: ${where}; ${e.chips.map((c) => c.text).join(", ")}${e.current ? `; ${t("turn")}` : ""}`;
          return (
            <g aria-label={label} role="group">
              <rect x={x} y={ey} width={ew} height={eh} rx={8} fill={e.current ? "#fff3c4" : "#fff"} stroke={e.you ? INK : "#ccc"} stroke-width={e.you ? 2 : 1} />
              <Pawn seat={e.seat} x={x + 16} y={ey + 16} r={11} />
              <Label x={x + 32} y={ey + 21} text={e.nameText} size={SMALL + 1} weight={700} max={e.nameW} />
              <Chips x={x + 36 + e.nameW} y={ey + 4} width={ew - e.nameW - 40} chips={e.chips} />
            </g>
          );
        })}
      </Panel>
    ),
  };
}

// -- layout ------------------------------------------------------------------------------------

type BlockId = "status" | "events" | "hand" | "fd" | "island" | "jr" | "pirates";
/** Rows of blocks with their share of the width, for three arrangements by the board's width:
 * a wide screen (the three places of the table side by side), a middling one, and a phone:
 * your cards over the event cards, the two ships side by side, the galleon and Tortuga on one
 * line; the pirates' list there is the table's seat list (seatSummary), not repeated. */
const LAYOUTS: Record<1 | 2 | 3, [BlockId, number][][]> = {
  3: [[["status", 0.31], ["events", 0.4], ["hand", 0.29]], [["fd", 1], ["island", 1], ["jr", 1]], [["pirates", 1]]],
  2: [[["status", 1], ["hand", 1]], [["events", 1]], [["fd", 1], ["jr", 1]], [["island", 1]], [["pirates", 1]]],
  1: [[["status", 1]], [["hand", 1]], [["events", 1]], [["fd", 1], ["jr", 1]], [["island", 1]]],
};

function makeBlock(ctx: Ctx, id: BlockId, w: number): Block {
  switch (id) {
    case "status":
      return statusBlock(ctx, w);
    case "events":
      return eventsBlock(ctx, w);
    case "hand":
      return handBlock(ctx, w);
    case "fd":
      return shipBlock(ctx, SHIPS[0]!, w);
    case "jr":
      return shipBlock(ctx, SHIPS[1]!, w);
    case "island":
      return islandBlock(ctx, w);
    case "pirates":
      return piratesBlock(ctx, w);
  }
}

/** Arrangement for a board drawn `px` wide (null: not measured, as in a test: the wide one). */
export function columnsFor(px: number | null): 1 | 2 | 3 {
  if (px === null || px >= 960) return 3;
  return px >= 560 ? 2 : 1;
}

/** The drawing's width in its own units: the board's width on screen (so that a 13 px label is
 * 13 px), within what the arrangement needs. */
function drawnWidth(px: number | null): number {
  if (px === null) return 1100;
  return Math.max(320, Math.min(1400, Math.floor(px / 4) * 4));
}

/** Whether the player asked for less motion (no pawn glides then; board.css stops the rest). */
function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function Board(props: BoardProps): JSX.Element {
  const ref = useRef<SVGSVGElement>(null);
  const [px, setPx] = useState<number | null>(null);
  /** Where each pawn stood at the last drawing (screen px), for the FLIP glide. */
  const pawnsAt = useRef(new Map<string, DOMRect>());
  /** The drawing's size at the last drawing: a new arrangement (a first measurement, a turned
   * phone) moves every pawn, and none of that glides. */
  const drawnAt = useRef("");
  /** The key just picked: focus goes back into the board after the update it causes. */
  const focusAfter = useRef<string | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setPx(el.getBoundingClientRect().width);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // After every drawing: pawns that changed place glide from where they were (~250 ms), and
  // focus that a pick would drop to <body> goes to the picked thing or the next clickable one.
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const scale = svg.viewBox.baseVal && svg.viewBox.baseVal.width ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
    const now = new Map<string, DOMRect>();
    const drawn = svg.getAttribute("viewBox") ?? "";
    const sameLayout = drawn.split(" ")[2] === drawnAt.current.split(" ")[2];
    drawnAt.current = drawn;
    for (const pawn of svg.querySelectorAll<SVGGElement>("[data-pawn]")) {
      const seat = pawn.dataset.pawn ?? "";
      const box = pawn.getBoundingClientRect();
      now.set(seat, box);
      const before = pawnsAt.current.get(seat);
      if (!before || !sameLayout || reducedMotion() || typeof pawn.animate !== "function" || !scale) continue;
      const dx = (before.left - box.left) / scale;
      const dy = (before.top - box.top) / scale;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      // A pawn that moved grows in at its new place (~250 ms). Not a glide from the old place:
      // a gliding pawn widens its clickable row's box across the board while it moves, and
      // the page would scroll to (and a player would aim at) a box that is not there.
      pawn.animate([{ transform: "scale(0.4)", opacity: 0.2 }, { transform: "scale(1)", opacity: 1 }], { duration: 250, easing: "ease-out" });
    }
    pawnsAt.current = now;
    const wanted = focusAfter.current;
    if (wanted === null) return;
    focusAfter.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && svg.contains(active) && active.getAttribute("data-key") === wanted) return;
    const same = svg.querySelector<SVGGElement>(`.clickable[data-key="${CSS.escape(wanted)}"]`);
    const next = same ?? svg.querySelector<SVGGElement>(".clickable");
    next?.focus();
  });
  const v = typed(props.view);
  const shipOf = (seat: number): Ship | null => {
    const place = placeOf(props.view, seat);
    return place.kind === "ship" ? place.ship : null;
  };
  const cols = columnsFor(px);
  const dense = cols === 1;
  const ctx: Ctx = {
    v,
    view: props.view,
    seat: props.seat,
    lang: props.lang,
    clickable: props.clickable,
    picked: props.picked,
    onPick: (k) => {
      focusAfter.current = k;
      props.onPick(k);
    },
    t: (k, params) => tr(props.lang, k, params),
    name: (s) => seatName(props.view, props.names, s),
    marks: markedKeys(props.lastMoves, shipOf),
    dense,
  };
  const width = drawnWidth(px);
  const margin = dense ? 4 : 8;
  const gap = dense ? 5 : 12;
  const rows: JSX.Element[] = [];
  let y = margin;
  for (const row of LAYOUTS[cols]) {
    const room = width - 2 * margin - gap * (row.length - 1);
    const total = row.reduce((sum, [, share]) => sum + share, 0);
    let x = margin;
    const placed = row.map(([id, share]) => {
      const w = Math.floor((room * share) / total);
      const block = makeBlock(ctx, id, w);
      const at = x;
      x += w + gap;
      return { id, w, block, at };
    });
    const h = Math.max(...placed.map((p) => p.block.h));
    for (const p of placed) {
      rows.push(
        <g key={p.id} transform={`translate(${p.at},${y})`} data-block={p.id}>
          {p.block.draw(p.w, h)}
        </g>,
      );
    }
    y += h + gap;
  }
  const height = Math.ceil(y - gap + margin);
  return (
    <svg
      ref={ref}
      class="board"
      data-game="tortuga1667"
      viewBox={`0 0 ${width} ${height}`}
      role="group"
      aria-label={tr(props.lang, "title")}
      font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
    >
      <rect width={width} height={height} fill="#d9ecf2" rx={12} />
      {rows}
    </svg>
  );
}
