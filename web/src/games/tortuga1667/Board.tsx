/** Tortuga 1667's board: an SVG of blocks (status, event cards, your cards, both ships with
 * their rowboats, the galleon and Tortuga, the pirates) laid out in three columns on a wide
 * screen, two on a middling one and one on a phone. Everything is drawn from the seat's view:
 * face-down event cards stay backs, others' loyalty and vote cards are only counts. */

import type { ComponentChildren, JSX } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
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

function wrap(text: string, width: number, size: number): string[] {
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
      {props.text}
    </text>
  );
}

/** A board thing: clickable (button) when its key is in `clickable`, else a labelled group. */
function Thing(props: { ctx: Ctx; k?: string; label: string; children: ComponentChildren }): JSX.Element {
  const { ctx, k, label } = props;
  const live = k !== undefined && ctx.clickable.has(k);
  const classes = [live ? "clickable" : "", k !== undefined && ctx.picked.includes(k) ? "picked" : ""]
    .filter(Boolean)
    .join(" ");
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
        {props.children}
      </g>
    );
  }
  return (
    <g data-key={k} class={classes || undefined} aria-label={label}>
      <title>{label}</title>
      {props.children}
    </g>
  );
}

function Pawn(props: { seat: number; x: number; y: number; r?: number }): JSX.Element {
  const r = props.r ?? 13;
  const mark = seatMark(props.seat);
  return (
    <g transform={`translate(${props.x},${props.y})`} aria-hidden="true">
      <path
        d={shapePath(mark.shape, r)}
        fill={mark.fill}
        stroke={INK}
        stroke-width={mark.shape === "ring" ? 3 : 1.5}
      />
      <text y={4.5} text-anchor="middle" font-size={12} font-weight="700" fill={mark.ink}>
        {props.seat + 1}
      </text>
    </g>
  );
}

function ChestIcon(props: { x: number; y: number; kind: Flag | "neutral"; letter: string }): JSX.Element {
  const { x, y, kind } = props;
  return (
    <g transform={`translate(${x},${y})`} aria-hidden="true">
      <rect width={22} height={19} rx={3} fill={FLAG_FILL[kind]} stroke={INK} stroke-width={1} />
      <line x1={0} y1={5} x2={22} y2={5} stroke={INK} stroke-width={1} />
      {props.letter ? (
        <text x={11} y={17} text-anchor="middle" font-size={12} font-weight="700" fill={FLAG_INK[kind]}>
          {props.letter}
        </text>
      ) : null}
    </g>
  );
}

/** Up to `room` chest icons and the count. */
function Chests(props: { x: number; y: number; n: number; kind: Flag | "neutral"; letter: string; room?: number }) {
  const room = props.room ?? 5;
  const icons = Math.min(props.n, room);
  return (
    <g>
      {Array.from({ length: icons }, (_, i) => (
        <ChestIcon x={props.x + i * 25} y={props.y} kind={props.kind} letter={props.letter} />
      ))}
      <text x={props.x + icons * 25 + (icons ? 2 : 0)} y={props.y + 14} font-size={FONT} font-weight="700" fill={INK}>
        {props.n === 0 ? "0" : `×${props.n}`}
      </text>
    </g>
  );
}

/** A vote card: top (attack), flag (brawl), bottom (mutiny). */
function VoteCardFace(props: { card: string; x: number; y: number; w: number; h: number; lang: Lang }) {
  const { x, y, w, h, lang } = props;
  const p = voteParts(props.card);
  const band = h / 3;
  return (
    <g transform={`translate(${x},${y})`}>
      <rect width={w} height={h} rx={6} fill="#fff" />
      <rect x={2} y={2} width={w - 4} height={band - 2} rx={4} fill={TOP_FILL[p.top]} />
      <Label x={w / 2} y={band / 2 + 6} text={tr(lang, p.top)} size={SMALL} weight={700} fill={TOP_INK[p.top]} anchor="middle" max={w - 8} />
      <rect x={2} y={band + 1} width={w - 4} height={band - 2} fill={FLAG_FILL[p.flag]} />
      <Label x={w / 2} y={band * 1.5 + 5} text={tr(lang, p.flag)} size={SMALL} weight={700} fill={FLAG_INK[p.flag]} anchor="middle" max={w - 8} />
      {p.bottom === "skull" ? (
        <text x={w / 2} y={band * 2.5 + 8} text-anchor="middle" font-size={22} fill={INK}>
          ☠
        </text>
      ) : (
        <rect x={w / 2 - 9} y={band * 2.5 - 9} width={18} height={18} fill="none" stroke="#999" stroke-dasharray="3 2" />
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
        <text x={x + w / 2} y={y + h + 16} text-anchor="middle" font-size={SMALL} font-weight="700" fill={INK}>
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

function Panel(props: { w: number; h: number; title?: string; right?: string; children?: ComponentChildren; fill?: string }) {
  return (
    <g>
      <rect width={props.w} height={props.h} rx={10} fill={props.fill ?? PANEL} stroke={PANEL_EDGE} />
      {props.title ? <Label x={12} y={24} text={props.title} size={17} weight={700} max={props.w - 24} /> : null}
      {props.right ? <Label x={props.w - 12} y={24} text={props.right} size={SMALL} fill={MUTED} anchor="end" /> : null}
      {props.children}
    </g>
  );
}

interface Block {
  h: number;
  draw: (w: number, h: number) => JSX.Element;
}

// -- status ------------------------------------------------------------------------------------

function headline(ctx: Ctx): { title: string; hint: string | null } {
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
function waitingWords(ctx: Ctx, who: number): string {
  const d = ctx.v.decision!;
  const card = d.kind === "give_map" ? d.card : DECISION_CARD[d.kind];
  if (card) return ctx.t("waiting.what", { name: ctx.name(who), what: cardName(ctx.lang, card) });
  const what = ctx.t(`what.${d.kind}`);
  return what === `what.${d.kind}` ? ctx.t("waiting.for", { name: ctx.name(who) }) : ctx.t("waiting.what", { name: ctx.name(who), what });
}

function statusBlock(ctx: Ctx, w: number): Block {
  const { v, t, lang } = ctx;
  const { title, hint } = headline(ctx);
  const inner = w - 24;
  const titleLines = wrap(title, inner - 20, 18);
  const hintLines = hint ? wrap(hint, inner, FONT) : [];
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
    lastLines = wrap(`${t("last.vote", { kind: t(tl.kind), counts })} → ${t(`result.${tl.result}`)}`, inner, FONT);
  }
  let y = 14;
  const titleY = y + 18;
  y += titleLines.length * 24;
  const hintY = y + 16;
  y += hintLines.length * 20 + 6;
  const chipY = y;
  y += chipFlow.h + 6;
  const lastY = y + 16;
  y += lastLines.length * 20 + 8;
  const mine = ctx.seat !== null && v.to_move.includes(ctx.seat);
  return {
    h: y,
    draw: (bw, bh) => (
      <Panel w={bw} h={bh} fill={mine ? "#fff3c4" : PANEL}>
        {titleLines.map((line, i) => (
          <Label x={12} y={titleY + i * 24} text={line} size={18} weight={700} max={inner} />
        ))}
        {hintLines.map((line, i) => (
          <Label x={12} y={hintY + i * 20} text={line} fill={MUTED} max={inner} />
        ))}
        <Chips x={12} y={chipY} width={inner} chips={chips} />
        {lastLines.map((line, i) => (
          <Label x={12} y={lastY + i * 20} text={line} max={inner} />
        ))}
      </Panel>
    ),
  };
}

// -- event cards -------------------------------------------------------------------------------

function eventsBlock(ctx: Ctx, w: number): Block {
  const { v, t, lang } = ctx;
  const gap = 8;
  const cw = (w - 24 - 4 * gap) / 5;
  const ch = Math.min(Math.round(cw * 1.35), 124);
  const nameSize = cw < 80 ? 12 : 14;
  const slots = eventSlots(ctx.view);
  const discard = counted(v.events.discard).map(([card, n]) => ({
    text: n > 1 ? `${cardName(lang, card)} ×${n}` : cardName(lang, card),
  }));
  const discardChips: Chip[] = discard.length ? discard : [{ text: t("events.none") }];
  const inner = w - 24;
  const discardFlow = flow(discardChips, inner);
  const cardsY = 70;
  const discardY = cardsY + ch + 14;
  const h = discardY + 26 + discardFlow.h + 12;
  const armada = v.events.discard.includes("spanish_armada")
    ? t("events.armada_revealed")
    : v.events.armada_in_deck
      ? t("events.armada")
      : t("events.armada_out");
  return {
    h,
    draw: (bw, bh) => (
      <Panel w={bw} h={bh} title={t("events")} right={t("events.deck", { n: v.events.deck })}>
        <Label x={12} y={44} text={armada} size={SMALL} fill={MUTED} max={inner} />
        {slots.map((s) => {
          const x = 12 + s.slot * (cw + gap);
          const y = cardsY;
          const number = s.slot + 1;
          const label =
            s.state === "empty"
              ? `${t("event.n", { n: number })}: ${t("event.empty")}`
              : s.state === "hidden"
                ? `${t("event.n", { n: number })}: ${t("event.hidden")}${s.pointed ? `, ${t("event.pointed")}` : ""}`
                : `${t("event.n", { n: number })}: ${cardName(lang, s.card!)}${v.over ? "" : ` (${t("event.seen")})`}`;
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
                <rect x={x + 5} y={y + 5} width={cw - 10} height={ch - 10} rx={5} fill="none" stroke="#e9c46a" stroke-width={1.5} />
                <text x={x + cw / 2} y={y + ch / 2 + 10} text-anchor="middle" font-size={30} font-weight="700" fill="#e9c46a">
                  ?
                </text>
              </>
            ) : (
              <>
                <rect class="hit" x={x} y={y} width={cw} height={ch} rx={8} fill="#fdf0d5" stroke="#8a6d3b" stroke-width={1.5} />
                {wrap(cardName(lang, s.card!), cw - 8, nameSize)
                  .slice(0, 3)
                  .map((line, i, all) => (
                    <Label
                      x={x + cw / 2}
                      y={y + ch / 2 - (all.length - 1) * (nameSize + 2) * 0.5 + i * (nameSize + 2) + 4}
                      text={line}
                      size={nameSize}
                      weight={700}
                      anchor="middle"
                      max={cw - 8}
                    />
                  ))}
                {v.over ? null : (
                  <Label x={x + cw / 2} y={y + 16} text={t("event.seen")} size={11} fill={MUTED} anchor="middle" max={cw - 8} />
                )}
              </>
            );
          return (
            <g>
              {s.pointed ? (
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
              {s.bottomFive && s.state === "hidden" ? (
                <g aria-hidden="true">
                  <rect x={x + 3} y={y + ch - 20} width={cw - 6} height={17} rx={4} fill="#fff" stroke="#B2182B" />
                  <Label x={x + cw / 2} y={y + ch - 7} text={t("event.armada")} size={11} weight={700} fill="#B2182B" anchor="middle" max={cw - 10} />
                </g>
              ) : null}
            </g>
          );
        })}
        <Label x={12} y={discardY + 16} text={`${t("events.discard")}:`} size={SMALL} weight={700} fill={MUTED} />
        <Chips x={12} y={discardY + 24} width={inner} chips={discardChips} />
      </Panel>
    ),
  };
}

// -- your cards --------------------------------------------------------------------------------

function teamBadge(lang: Lang, team: Team, x: number, y: number, w: number) {
  return (
    <g transform={`translate(${x},${y})`}>
      <rect width={w} height={32} rx={6} fill={FLAG_FILL[team]} stroke={INK} />
      <circle cx={17} cy={16} r={11} fill="#fff" stroke={INK} />
      <text x={17} y={21} text-anchor="middle" font-size={14} font-weight="700" fill={INK}>
        {tr(lang, `letter.${team}`)}
      </text>
      <Label x={36} y={21} text={tr(lang, team)} size={FONT} weight={700} fill={FLAG_INK[team]} max={w - 42} />
    </g>
  );
}

function handBlock(ctx: Ctx, w: number): Block {
  const { v, t, lang, seat } = ctx;
  const inner = w - 24;
  if (seat === null) {
    const lines = wrap(t("spectating"), inner, FONT);
    return {
      h: 40 + lines.length * 20,
      draw: (bw, bh) => (
        <Panel w={bw} h={bh} title={t("your.cards")}>
          {lines.map((line, i) => (
            <Label x={12} y={48 + i * 20} text={line} fill={MUTED} max={inner} />
          ))}
        </Panel>
      ),
    };
  }
  const parts: { y: number; el: JSX.Element }[] = [];
  let y = 36;
  // loyalty
  if (v.loyalty) {
    const history = (v.loyalty_history ?? []).slice(0, -1);
    const loyaltyY = y;
    parts.push({
      y,
      el: (
        <g>
          <Label x={12} y={loyaltyY + 14} text={t("your.loyalty")} size={SMALL} fill={MUTED} max={inner} />
          {teamBadge(lang, v.loyalty, 12, loyaltyY + 20, Math.min(180, inner))}
          {history.length ? (
            <Label
              x={Math.min(180, inner) + 20}
              y={loyaltyY + 41}
              text={t("your.loyalty.was", { teams: history.map((team) => tr(lang, team)).join(", ") })}
              size={SMALL}
              fill={MUTED}
              max={inner - Math.min(180, inner) - 10}
            />
          ) : null}
        </g>
      ),
    });
    y += 60;
  }
  // vote cards
  const votes = v.votes ?? [];
  const cardW = Math.min(64, (inner - 8 * Math.max(0, votes.length - 1)) / Math.max(1, votes.length));
  const cardH = Math.round(cardW * 1.45);
  const votesY = y;
  parts.push({
    y,
    el: (
      <g>
        <Label x={12} y={votesY + 14} text={`${t("votes")}${votes.length ? "" : `: ${t("your.none")}`}`} size={SMALL} fill={MUTED} max={inner} />
        {votes.map((card, i) => (
          <VoteCard ctx={ctx} card={card} k={key.vote(card)} x={12 + i * (cardW + 8)} y={votesY + 22} w={cardW} h={cardH} />
        ))}
      </g>
    ),
  });
  y += 22 + (votes.length ? cardH : 0) + 10;
  // treasure maps
  const maps = v.treasure_maps[seat] ?? [];
  if (maps.length) {
    const mapsY = y;
    const mw = Math.min(150, (inner - 8 * (maps.length - 1)) / maps.length);
    parts.push({
      y,
      el: (
        <g>
          <Label x={12} y={mapsY + 14} text={t("your.maps")} size={SMALL} fill={MUTED} />
          {maps.map((map, i) => (
            <Thing ctx={ctx} k={key.map(map)} label={cardName(lang, map)}>
              <rect class="hit" x={12 + i * (mw + 8)} y={mapsY + 20} width={mw} height={32} rx={6} fill="#e9c46a" stroke="#8a6d3b" stroke-width={1.5} />
              <Label x={12 + i * (mw + 8) + mw / 2} y={mapsY + 41} text={cardName(lang, map)} weight={700} anchor="middle" max={mw - 10} />
            </Thing>
          ))}
        </g>
      ),
    });
    y += 60;
  }
  // notes: ballot, the card put on top, hands seen with Crow's Nest
  const notes: string[] = [];
  if (v.ballot) notes.push(t("your.ballot", { cards: v.ballot.map((c) => voteWords(lang, c)).join(" + ") }));
  if (v.vote_deck_top) notes.push(t("your.top", { card: voteWords(lang, v.vote_deck_top) }));
  for (const [s, cards] of Object.entries(v.known_hands)) {
    if (v.decision?.kind === "crows_pick" && Number(s) === v.decision.target) continue;
    notes.push(t("known.hand", { name: ctx.name(Number(s)), cards: cards.length ? cards.map((c) => voteWords(lang, c)).join(", ") : t("your.none") }));
  }
  const noteLines = notes.flatMap((n) => wrap(n, inner, SMALL));
  if (noteLines.length) {
    const notesY = y;
    parts.push({
      y,
      el: (
        <g>
          {noteLines.map((line, i) => (
            <Label x={12} y={notesY + 14 + i * 18} text={line} size={SMALL} max={inner} />
          ))}
        </g>
      ),
    });
    y += noteLines.length * 18 + 8;
  }
  // Crow's Nest: the vote deck to pick from
  if (v.vote_deck_cards) {
    const kinds = counted(v.vote_deck_cards);
    const dw = 56;
    const dh = 80;
    const perRow = Math.max(1, Math.floor((inner + 8) / (dw + 8)));
    const rows = Math.ceil(kinds.length / perRow);
    const deckY = y;
    const d = v.decision;
    const given = d?.kind === "crows_pick" ? (v.known_hands[String(d.target)] ?? []) : [];
    const head = d?.kind === "crows_pick" ? t("crows.deck", { name: ctx.name(d.target ?? 0), n: d.left ?? 0 }) : t("vote.deck", { n: v.vote_deck });
    const headLines = wrap(head, inner - 16, SMALL);
    const gridY = deckY + headLines.length * 18 + 6;
    parts.push({
      y,
      el: (
        <g>
          {headLines.map((line, i) => (
            <Label x={12} y={deckY + 14 + i * 18} text={line} size={SMALL} weight={700} max={inner} />
          ))}
          {kinds.map(([card, n], i) => (
            <VoteCard
              ctx={ctx}
              card={card}
              k={key.deckVote(card)}
              x={12 + (i % perRow) * (dw + 8)}
              y={gridY + Math.floor(i / perRow) * (dh + 24)}
              w={dw}
              h={dh}
              count={n}
            />
          ))}
          {given.length ? (
            <Label
              x={12}
              y={gridY + rows * (dh + 24) + 14}
              text={t("known.hand", { name: ctx.name(d?.target ?? 0), cards: given.map((c) => voteWords(lang, c)).join(", ") })}
              size={SMALL}
              max={inner}
            />
          ) : null}
        </g>
      ),
    });
    y = gridY + rows * (dh + 24) + (given.length ? 22 : 0);
  }
  const h = y + 8;
  return {
    h,
    draw: (bw, bh) => (
      <Panel w={bw} h={bh} title={t("your.cards")} right={ctx.name(seat)}>
        {parts.map((p) => p.el)}
      </Panel>
    ),
  };
}

// -- crew rows (ships and Tortuga) ---------------------------------------------------------------

const ROW = 36;
const RANK_W = 130;

function CrewRow(props: { ctx: Ctx; seat: number; where: Ship | "tortuga"; rank: number; x: number; y: number; w: number }) {
  const { ctx, seat, where, rank, x, y, w } = props;
  const { v, t } = ctx;
  const role = rankRole(where, rank);
  const current = !v.over && v.current === seat;
  const you = ctx.seat === seat;
  const name = `${ctx.name(seat)}${you ? ` (${t("you")})` : ""}`;
  const label = `${ctx.name(seat)}: ${whereWords(ctx.view, seat, ctx.lang)}`;
  const alb = v.albatross[seat] ?? 0;
  const badge = alb ? `${tr(ctx.lang, "card.albatross")} ×${alb}` : "";
  const nameMax = w - RANK_W - 44 - (badge ? textWidth(badge, 12) + 10 : 0) - (current ? 18 : 0);
  return (
    <Thing ctx={ctx} k={key.seat(seat)} label={label}>
      <rect class="hit" x={x} y={y + 2} width={w} height={ROW - 4} rx={6} fill={current ? "#fff3c4" : "#fff"} stroke={you ? INK : "#bbb"} stroke-width={you ? 2 : 1} />
      <Label x={x + 8} y={y + 23} text={t(role)} size={SMALL} fill={MUTED} max={RANK_W - 12} />
      <Pawn seat={seat} x={x + RANK_W + 8} y={y + ROW / 2} />
      <Label x={x + RANK_W + 28} y={y + 23} text={name} weight={you ? 700 : 600} max={nameMax} />
      {badge ? <Label x={x + w - (current ? 26 : 8)} y={y + 22} text={badge} size={12} fill="#6a3d9a" anchor="end" /> : null}
      {current ? (
        <text x={x + w - 8} y={y + 23} text-anchor="end" font-size={FONT} fill={INK}>
          ◀
        </text>
      ) : null}
    </Thing>
  );
}

function SpotRow(props: { ctx: Ctx; where: Ship | "tortuga"; index: number; taken: number | null; x: number; y: number; w: number }) {
  const { ctx, where, index, taken, x, y, w } = props;
  if (taken !== null) {
    return <CrewRow ctx={ctx} seat={taken} where={where} rank={index} x={x} y={y} w={w} />;
  }
  const label = `${ctx.t(where)}: ${ctx.t("spot")} ${index + 1}`;
  return (
    <Thing ctx={ctx} k={key.spot(where, index)} label={label}>
      <rect class="hit" x={x} y={y + 2} width={w} height={ROW - 4} rx={6} fill="#f4f4f4" stroke="#bbb" stroke-dasharray="4 3" />
      <Label x={x + 8} y={y + 23} text={`${index + 1}. ${ctx.t("spot")}`} size={SMALL} fill={MUTED} max={w - 16} />
    </Thing>
  );
}

/** Crew rows of a ship or Tortuga (spots during the advanced setup). */
function crewRows(ctx: Ctx, where: Ship | "tortuga", crew: number[], w: number): { h: number; draw: (x: number, y: number) => JSX.Element } {
  const spots = spotsOf(ctx.view, where);
  if (spots) {
    return {
      h: spots.length * ROW,
      draw: (x, y) => (
        <g>
          {spots.map((taken, i) => (
            <SpotRow ctx={ctx} where={where} index={i} taken={taken} x={x} y={y + i * ROW} w={w} />
          ))}
        </g>
      ),
    };
  }
  if (!crew.length) {
    return {
      h: ROW,
      draw: (x, y) => <Label x={x + 8} y={y + 23} text={ctx.t(where === "tortuga" ? "empty.tortuga" : "empty.ship")} size={SMALL} fill={MUTED} />,
    };
  }
  return {
    h: crew.length * ROW,
    draw: (x, y) => (
      <g>
        {crew.map((seat, i) => (
          <CrewRow ctx={ctx} seat={seat} where={where} rank={i} x={x} y={y + i * ROW} w={w} />
        ))}
      </g>
    ),
  };
}

// -- ships -------------------------------------------------------------------------------------

function holdLabel(ctx: Ctx, ship: Ship, flag: Flag, n: number): string {
  return `${ctx.t(ship)}: ${ctx.t(`hold.${flag}`)}, ${ctx.t("chests.n", { n })}`;
}

function shipBlock(ctx: Ctx, ship: Ship, w: number): Block {
  const { v, t } = ctx;
  const data = v.ships[ship];
  const rows = crewRows(ctx, ship, data.crew, w - 24);
  const alb = albatrossAboard(ctx.view, ship);
  const holdsY = 64;
  const crewY = holdsY + 66;
  const boatY = crewY + rows.h + 10;
  const h = boatY + 52;
  const occupant = v.rowboats[ship];
  const hw = (w - 24 - 8) / 2;
  const boatW = 150;
  return {
    h,
    draw: (bw, bh) => (
      <Panel w={bw} h={bh}>
        <Thing ctx={ctx} k={key.ship(ship)} label={t(ship)}>
          <path class="hit" d={`M12,10 H${bw - 12} L${bw - 36},54 H36 Z`} fill="#7a4a23" stroke="#3d220d" stroke-width={1.5} />
          <Label x={bw / 2} y={38} text={t(ship)} size={19} weight={700} fill="#fff" anchor="middle" max={bw - 90} />
        </Thing>
        {alb ? <Label x={bw - 14} y={67} text={t("albatross.aboard", { n: alb })} size={12} fill="#6a3d9a" anchor="end" /> : null}
        {FLAGS.map((flag, i) => {
          const x = 12 + i * (hw + 8);
          const n = data.holds[flag];
          return (
            <Thing ctx={ctx} k={key.hold(ship, flag)} label={holdLabel(ctx, ship, flag, n)}>
              <rect class="hit" x={x} y={holdsY + 8} width={hw} height={54} rx={6} fill="#f6e8c8" stroke={FLAG_FILL[flag]} stroke-width={2} />
              <Label x={x + 8} y={holdsY + 26} text={t(`hold.${flag}`)} size={SMALL} weight={700} fill={FLAG_FILL[flag]} max={hw - 16} />
              <Chests x={x + 8} y={holdsY + 36} n={n} kind={flag} letter={t(`letter.${flag}`)} room={Math.max(1, Math.floor((hw - 50) / 25))} />
            </Thing>
          );
        })}
        {rows.draw(12, crewY)}
        <Thing ctx={ctx} k={key.rowboat(ship)} label={`${t("rowboat")} (${t(ship)}): ${occupant === "destroyed" ? t("rowboat.destroyed") : occupant === null ? t("rowboat.free") : ctx.name(occupant)}`}>
          <path class="hit" d={`M12,${boatY + 8} H${12 + boatW} L${boatW - 8},${boatY + 44} H32 Z`} fill={occupant === "destroyed" ? "#bbb" : "#b07d48"} stroke="#3d220d" stroke-width={1.5} />
          <Label x={12 + boatW / 2} y={boatY + 30} text={t("rowboat")} size={SMALL} weight={700} fill="#fff" anchor="middle" max={boatW - 40} />
          {occupant === "destroyed" ? (
            <path d={`M20,${boatY + 10} L${boatW + 4},${boatY + 42} M${boatW + 4},${boatY + 10} L20,${boatY + 42}`} stroke="#B2182B" stroke-width={3} />
          ) : null}
        </Thing>
        {typeof occupant === "number" ? (
          <CrewRowBoat ctx={ctx} seat={occupant} x={boatW + 20} y={boatY + 8} w={bw - boatW - 32} />
        ) : (
          <Label x={boatW + 24} y={boatY + 31} text={occupant === "destroyed" ? t("rowboat.destroyed") : t("rowboat.free")} size={SMALL} fill={MUTED} />
        )}
      </Panel>
    ),
  };
}

function CrewRowBoat(props: { ctx: Ctx; seat: number; x: number; y: number; w: number }) {
  const { ctx, seat, x, y, w } = props;
  const you = ctx.seat === seat;
  const current = !ctx.v.over && ctx.v.current === seat;
  return (
    <Thing ctx={ctx} k={key.seat(seat)} label={`${ctx.name(seat)}: ${whereWords(ctx.view, seat, ctx.lang)}`}>
      <rect class="hit" x={x} y={y} width={w} height={ROW} rx={6} fill={current ? "#fff3c4" : "#fff"} stroke={you ? INK : "#bbb"} stroke-width={you ? 2 : 1} />
      <Pawn seat={seat} x={x + 20} y={y + ROW / 2} />
      <Label x={x + 40} y={y + 23} text={`${ctx.name(seat)}${you ? ` (${ctx.t("you")})` : ""}`} weight={600} max={w - 48} />
    </Thing>
  );
}

// -- the galleon and Tortuga ---------------------------------------------------------------------

function islandBlock(ctx: Ctx, w: number): Block {
  const { v, t } = ctx;
  const rows = crewRows(ctx, "tortuga", v.tortuga.crew, w - 24);
  const galleonH = 84;
  const islandY = galleonH + 14;
  const areaW = (w - 24 - 24 - 16) / 3;
  const crewY = islandY + 112;
  const h = crewY + rows.h + 12;
  const areas: { id: string; n: number; kind: Flag | "neutral"; letter: string }[] = [
    { id: "area.british", n: v.tortuga.british, kind: "british", letter: t("letter.british") },
    { id: "area.french", n: v.tortuga.french, kind: "french", letter: t("letter.french") },
    { id: "area.loose", n: v.tortuga.loose, kind: "neutral", letter: "" },
  ];
  return {
    h,
    draw: (bw, bh) => (
      <Panel w={bw} h={bh}>
        <Thing ctx={ctx} k={key.galleon} label={`${t("galleon")}: ${t("chests.n", { n: v.galleon })}`}>
          <path class="hit" d={`M12,12 H${bw - 12} L${bw - 40},${galleonH - 4} H40 Z`} fill="#5b4636" stroke="#2b1d12" stroke-width={1.5} />
          <Label x={bw / 2} y={38} text={t("galleon")} size={18} weight={700} fill="#fff" anchor="middle" max={bw - 90} />
          <Chests x={bw / 2 - Math.min(v.galleon, 6) * 12.5 - 10} y={50} n={v.galleon} kind="neutral" letter="" room={6} />
        </Thing>
        <Thing ctx={ctx} k={key.tortuga} label={`${t("tortuga")}: ${areas.map((a) => `${t(a.id)} ${a.n}`).join(", ")}`}>
          <rect class="hit" x={12} y={islandY} width={bw - 24} height={104} rx={30} fill="#cfe8b8" stroke="#4f7a28" stroke-width={2} />
          <Label x={bw / 2} y={islandY + 26} text={t("tortuga")} size={19} weight={700} anchor="middle" />
          {areas.map((a, i) => {
            const x = 24 + i * (areaW + 8);
            return (
              <g>
                <rect x={x} y={islandY + 36} width={areaW} height={58} rx={6} fill="#fffaf0" stroke={a.kind === "neutral" ? "#999" : FLAG_FILL[a.kind]} stroke-width={2} />
                <Label x={x + areaW / 2} y={islandY + 54} text={t(a.id)} size={12} weight={700} fill={a.kind === "neutral" ? MUTED : FLAG_FILL[a.kind]} anchor="middle" max={areaW - 8} />
                <Chests x={x + 8} y={islandY + 64} n={a.n} kind={a.kind} letter={a.letter} room={Math.max(1, Math.floor((areaW - 46) / 25))} />
              </g>
            );
          })}
        </Thing>
        {rows.draw(12, crewY)}
      </Panel>
    ),
  };
}

// -- the pirates ---------------------------------------------------------------------------------

function pirateChips(ctx: Ctx, seat: number): Chip[] {
  const { v, t, lang } = ctx;
  const chips: Chip[] = [{ text: t("seat.votes", { n: v.vote_hand_sizes[seat] ?? 0 }) }];
  const vs = voteState(ctx.view, seat);
  if (vs.state === "voted") chips.push({ text: `✓ ${t(vs.cards > 1 ? "vote.voted2" : "vote.voted")}`, fill: "#d4efe4", bold: true });
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
  const gap = 10;
  const inner = w - 24;
  const cols = Math.max(1, Math.floor((inner + gap) / (330 + gap)));
  const ew = (inner - gap * (cols - 1)) / cols;
  const entries = Array.from({ length: v.players }, (_, seat) => {
    const chips = pirateChips(ctx, seat);
    const f = flow(chips, ew - 16);
    return { seat, chips, h: 50 + f.h + 10 };
  });
  const rowHeights: number[] = [];
  entries.forEach((e, i) => {
    const r = Math.floor(i / cols);
    rowHeights[r] = Math.max(rowHeights[r] ?? 0, e.h);
  });
  const rowY: number[] = [];
  let y = 36;
  for (const rh of rowHeights) {
    rowY.push(y);
    y += rh + gap;
  }
  return {
    h: y + 2,
    draw: (bw, bh) => (
      <Panel w={bw} h={bh} title={t("pirates")}>
        {entries.map((e, i) => {
          const x = 12 + (i % cols) * (ew + gap);
          const ey = rowY[Math.floor(i / cols)]!;
          const eh = rowHeights[Math.floor(i / cols)]!;
          const you = e.seat === ctx.seat;
          const current = !v.over && v.current === e.seat;
          const label = `${ctx.name(e.seat)}: ${whereWords(ctx.view, e.seat, ctx.lang)}; ${e.chips.map((c) => c.text).join(", ")}`;
          return (
            <g aria-label={label} role="group">
              <rect x={x} y={ey} width={ew} height={eh} rx={8} fill={current ? "#fff3c4" : "#fff"} stroke={you ? INK : "#ccc"} stroke-width={you ? 2 : 1} />
              <Pawn seat={e.seat} x={x + 20} y={ey + 20} />
              <Label x={x + 40} y={ey + 25} text={`${ctx.name(e.seat)}${you ? ` (${t("you")})` : ""}`} weight={700} max={ew - 48 - (current ? 60 : 0)} />
              {current ? <Label x={x + ew - 8} y={ey + 24} text={`◀ ${t("turn")}`} size={SMALL} weight={700} anchor="end" /> : null}
              <Label x={x + 40} y={ey + 44} text={whereWords(ctx.view, e.seat, ctx.lang)} size={SMALL} fill={MUTED} max={ew - 48} />
              <Chips x={x + 8} y={ey + 52} width={ew - 16} chips={e.chips} />
            </g>
          );
        })}
      </Panel>
    ),
  };
}

// -- layout ------------------------------------------------------------------------------------

const COL = 360;
const GAP = 14;
const MARGIN = 8;

type BlockId = "status" | "events" | "hand" | "fd" | "island" | "jr" | "pirates";
const LAYOUTS: Record<1 | 2 | 3, [BlockId, number][][]> = {
  3: [[["status", 3]], [["events", 2], ["hand", 1]], [["fd", 1], ["island", 1], ["jr", 1]], [["pirates", 3]]],
  2: [[["status", 2]], [["events", 2]], [["fd", 1], ["jr", 1]], [["island", 1], ["hand", 1]], [["pirates", 2]]],
  1: [[["status", 1]], [["hand", 1]], [["events", 1]], [["fd", 1]], [["island", 1]], [["jr", 1]], [["pirates", 1]]],
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

/** Columns for a board drawn `px` wide (null: not measured, as in a test: three). */
export function columnsFor(px: number | null): 1 | 2 | 3 {
  if (px === null || px >= 960) return 3;
  return px >= 560 ? 2 : 1;
}

export function Board(props: BoardProps): JSX.Element {
  const ref = useRef<SVGSVGElement>(null);
  const [px, setPx] = useState<number | null>(null);
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
  const v = typed(props.view);
  const ctx: Ctx = {
    v,
    view: props.view,
    seat: props.seat,
    lang: props.lang,
    clickable: props.clickable,
    picked: props.picked,
    onPick: props.onPick,
    t: (k, params) => tr(props.lang, k, params),
    name: (s) => seatName(props.view, props.names, s),
  };
  const cols = columnsFor(px);
  const width = cols * COL + (cols - 1) * GAP + 2 * MARGIN;
  const rows: JSX.Element[] = [];
  let y = MARGIN;
  for (const row of LAYOUTS[cols]) {
    let x = MARGIN;
    const placed = row.map(([id, span]) => {
      const w = span * COL + (span - 1) * GAP;
      const block = makeBlock(ctx, id, w);
      const at = x;
      x += w + GAP;
      return { id, w, block, at };
    });
    const h = Math.max(...placed.map((p) => p.block.h));
    for (const p of placed) {
      rows.push(
        <g transform={`translate(${p.at},${y})`} data-block={p.id}>
          {p.block.draw(p.w, h)}
        </g>,
      );
    }
    y += h + GAP;
  }
  const height = y - GAP + MARGIN;
  return (
    <svg
      ref={ref}
      class="board"
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
