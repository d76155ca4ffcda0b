/** Cartagena's board: the tunnel (six tiles snaking from the start to the boat) and, beside it
 * on a wide screen or right under it on a phone, the cards (your hand, the open row, the piles)
 * and the players. Drawn from the view only; a hidden hand is drawn as a count of face-down
 * cards. On a phone the whole board fits 600 px, so the hand is on screen with the pirates it
 * moves (board.css); each seat's last move stays marked until it moves again; the pirates glide. */

import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";
import type { Lang } from "../../i18n";
import type { LogData } from "../../protocol";
import { seatMark } from "../palette";
import type { BoardProps } from "../types";
import "./board.css";
import { BoatIcon, CardBack, Pawn, SymbolIcon } from "./icons";
import {
  BOAT,
  PIRATES_PER_SEAT,
  START,
  SYMBOLS,
  TUNNEL,
  asCartagena,
  backDestination,
  boatCount,
  boatY,
  cardKey,
  cellOf,
  discardTotal,
  forwardDestination,
  handOf,
  handSize,
  pirateIds,
  pirateKey,
  piratesOn,
  rowCards,
  symbolOfKey,
  tileCode,
  tunnelHeight,
  type CartagenaView,
} from "./model";
import { capital, seatName, symbolName, w, whereName } from "./words";

const INK = "#1b1b1b";
const SQUARE_FILL = "#eadfc2";
const TUNNEL_FILL = "#cdbb8f";
const ROCK = "#3d3427";
const GO = "#007a5a";
const W = TUNNEL.width;

interface Ctx {
  v: CartagenaView;
  props: BoardProps;
  lang: Lang;
  /** Squares where a forward move with the picked card would land. */
  landing: Set<number>;
}

/** A board thing with a key: a button when its key is clickable now, else a labelled group.
 * The same element either way (one `g`, keyed), so that focus on it survives an update. */
function Thing({ k, label, props, cls, children }: {
  k: string;
  label: string;
  props: BoardProps;
  cls?: string;
  children: ComponentChildren;
}) {
  const picked = props.picked.includes(k);
  const clickable = props.clickable.has(k);
  const classes = [clickable ? "clickable" : "", picked ? "picked" : "", cls ?? ""].filter(Boolean).join(" ");
  const pick = () => props.onPick(k);
  return (
    <g
      data-key={k}
      class={classes || undefined}
      role={clickable ? "button" : "group"}
      tabindex={clickable ? 0 : undefined}
      aria-label={label}
      onClick={clickable ? pick : undefined}
      onKeyDown={
        clickable
          ? (e: KeyboardEvent) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                pick();
              }
            }
          : undefined
      }
    >
      {children}
    </g>
  );
}

/** What a click on the seat's pirates at `square` does now, in words (for its label). */
function pirateLabel(ctx: Ctx, square: number, count: number): string {
  const { v, props, lang } = ctx;
  const where = whereName(lang, square);
  let label = count === 1 ? w(lang, "your.pirate", { where }) : w(lang, "your.pirates", { n: count, where });
  const key = pirateKey(square);
  if (props.clickable.has(key)) {
    const card = props.picked.length > 0 ? symbolOfKey(props.picked[0]!) : null;
    if (card) {
      label += `: ${w(lang, "moves.to", { where: whereName(lang, forwardDestination(v, card, square), "to") })}`;
    } else {
      const back = backDestination(v, square);
      if (back) {
        label += `: ${w(lang, back.draw === 1 ? "do.back.1" : "do.back.n", {
          from: whereName(lang, square, "from"),
          to: whereName(lang, back.target, "to"),
          n: back.draw,
        })}`;
      }
    }
  }
  return label;
}

function whoIsThere(ctx: Ctx, square: number): string {
  const parts: string[] = [];
  piratesOn(ctx.v, square).forEach((n, seat) => {
    if (n > 0) parts.push(w(ctx.lang, "pirates.of", { name: seatName(ctx.props.names, seat, ctx.lang, ctx.v), n }));
  });
  return parts.length ? parts.join(", ") : w(ctx.lang, "empty");
}

// -- where things are drawn -------------------------------------------------------------------

const PAWN_R = 10;
const SLOTS = [14, 38, 62];

/** The x of seat `seat`'s count in the start or boat box. */
function boxEntryX(players: number, seat: number): number {
  const width = W - 2 * TUNNEL.x0;
  const step = Math.min(66, (width - 150) / Math.max(1, players));
  return TUNNEL.x0 + 140 + seat * step;
}

function boxY(square: number): number {
  return square === BOAT ? boatY() : TUNNEL.startY;
}

function boxH(square: number): number {
  return square === BOAT ? TUNNEL.boatH : TUNNEL.startH;
}

/** Where pirate number `rank` of `seat`'s pirates on `square` is drawn. */
function pawnAt(v: CartagenaView, seat: number, square: number, rank: number): { x: number; y: number } {
  if (square === START || square === BOAT) {
    return { x: boxEntryX(v.players, seat), y: boxY(square) + boxH(square) / 2 };
  }
  const before = piratesOn(v, square)
    .slice(0, seat)
    .reduce((a, b) => a + b, 0);
  const { x, y } = cellOf(square);
  return { x: x + SLOTS[Math.min(2, before + rank)]!, y: y + TUNNEL.cellH - 13 };
}

// -- the tunnel ---------------------------------------------------------------------------------

function Square({ ctx, square }: { ctx: Ctx; square: number }) {
  const { v, props, lang } = ctx;
  const { x, y } = cellOf(square);
  const c = TUNNEL.cell;
  const h = TUNNEL.cellH;
  const sym = v.board[square]!;
  const own = props.seat === null ? 0 : piratesOn(v, square)[props.seat] ?? 0;
  const label = `${w(lang, "square.label", { n: square + 1, symbol: symbolName(lang, sym) })}; ${whoIsThere(ctx, square)}`;
  return (
    <g key={`square:${square}`} data-key={`square:${square}`} role="group" aria-label={label}>
      <rect x={x} y={y} width={c} height={h} rx="7" fill={SQUARE_FILL} stroke="#6b5836" stroke-width="2" />
      <text x={x + 5} y={y + 17} font-size="16" font-weight="700" fill="#4a3820" aria-hidden="true">
        {square + 1}
      </text>
      <SymbolIcon sym={sym} x={x + 50} y={y + 20} size={30} />
      {ctx.landing.has(square) ? (
        <rect x={x + 3} y={y + 3} width={c - 6} height={h - 6} rx="6" fill="none" stroke={GO} stroke-width="4" stroke-dasharray="3 3">
          <title>{w(lang, "lands.here")}</title>
        </rect>
      ) : null}
      {own > 0 ? (
        <Thing k={pirateKey(square)} label={pirateLabel(ctx, square, own)} props={props}>
          <rect class="hit" x={x + 2} y={y + 2} width={c - 4} height={h - 4} rx="6" fill="transparent" />
        </Thing>
      ) : null}
    </g>
  );
}

/** The start or the boat: a box with each seat's count of pirates there. */
function EndBox({ ctx, square }: { ctx: Ctx; square: number }) {
  const { v, props, lang } = ctx;
  const isBoat = square === BOAT;
  const x = TUNNEL.x0;
  const y = boxY(square);
  const h = boxH(square);
  const width = W - 2 * TUNNEL.x0;
  const counts = piratesOn(v, square);
  const title = w(lang, isBoat ? "boat" : "start");
  const label = `${title}: ${whoIsThere(ctx, square)}`;
  const landing = isBoat && ctx.landing.has(BOAT);
  const entries = counts.map((n, seat) => {
    const ex = boxEntryX(v.players, seat);
    return (
      <g key={`box${square}:${seat}`} opacity={n === 0 ? 0.45 : 1} aria-hidden="true">
        <Pawn seat={seat} x={ex} y={y + h / 2} r={PAWN_R + 1} />
        <text x={ex + 14} y={y + h / 2 + 6} font-size="17" font-weight="700" fill="#fff">
          ×{n}
        </text>
      </g>
    );
  });
  const own = props.seat === null ? 0 : counts[props.seat] ?? 0;
  return (
    <g key={isBoat ? "boat" : "start"} data-key={isBoat ? "boat" : "start"} role="group" aria-label={label}>
      <rect
        x={x}
        y={y}
        width={width}
        height={h}
        rx="9"
        fill={isBoat ? "#1f5f86" : "#6f5f47"}
        stroke={landing ? "#7fffd4" : INK}
        stroke-width={landing ? 5 : 2}
        stroke-dasharray={landing ? "4 3" : undefined}
      />
      {isBoat ? <BoatIcon x={x + 22} y={y + h / 2 + 1} size={30} /> : null}
      <text x={isBoat ? x + 42 : x + 10} y={y + h / 2 + 6} font-size="17" font-weight="700" fill="#fff" aria-hidden="true">
        {title}
      </text>
      {entries}
      {own > 0 && props.seat !== null ? (
        <Thing k={pirateKey(square)} label={pirateLabel(ctx, square, own)} props={props}>
          <rect class="hit" x={x + 2} y={y + 2} width={width - 4} height={h - 4} rx="8" fill="transparent" />
        </Thing>
      ) : null}
    </g>
  );
}

/** The link between two parts of the tunnel, with an arrow the way the pirates go. */
function Link({ x, y1, y2 }: { x: number; y1: number; y2: number }) {
  const width = 26;
  const mid = (y1 + y2) / 2;
  return (
    <g aria-hidden="true">
      <rect x={x - width / 2} y={y1 - 3} width={width} height={y2 - y1 + 6} fill={TUNNEL_FILL} />
      <path d={`M${x - 6},${mid - 3}L${x + 6},${mid - 3}L${x},${mid + 4}z`} fill="#5a4526" />
    </g>
  );
}

/** Every pirate as its own element (keyed by seat and a pirate id kept between views), over
 * the squares: a pirate that moves glides to its new place (board.css). Pirates at the start
 * or in the boat are drawn there by the box's counts; their own element waits there unseen. */
function Pirates({ ctx, ids }: { ctx: Ctx; ids: number[][] }) {
  const { v } = ctx;
  const pawns = [];
  for (let seat = 0; seat < v.players; seat++) {
    const squares = ids[seat] ?? [];
    const seen = new Map<number, number>();
    for (let id = 0; id < squares.length; id++) {
      const q = squares[id]!;
      const rank = seen.get(q) ?? 0;
      seen.set(q, rank + 1);
      const { x, y } = pawnAt(v, seat, q, rank);
      const hidden = q === START || q === BOAT;
      pawns.push(
        <g
          key={`pirate${seat}-${id}`}
          class="cg-pawn"
          style={{ transform: `translate(${x}px, ${y}px)`, opacity: hidden ? 0 : 1 }}
        >
          <Pawn seat={seat} x={0} y={0} r={PAWN_R} />
        </g>,
      );
    }
  }
  return (
    <g aria-hidden="true" pointer-events="none">
      {pawns}
    </g>
  );
}

/** A rectangle round a square, or round a seat's count at the start or in the boat: the
 * seat's colour over a dark edge (so that yellow shows on the sand), solid where its pirate
 * went, dashed where it came from. */
function MarkAt({ seat, square, from, inset, v }: { seat: number; square: number; from: boolean; inset: number; v: CartagenaView }) {
  const colour = seatMark(seat).fill;
  let x: number;
  let y: number;
  let width: number;
  let height: number;
  if (square === START || square === BOAT) {
    const ex = boxEntryX(v.players, seat);
    x = ex - 15 + inset;
    y = boxY(square) + 1 + inset;
    width = 60 - 2 * inset;
    height = boxH(square) - 2 - 2 * inset;
  } else {
    const cell = cellOf(square);
    x = cell.x - 3 + inset;
    y = cell.y - 3 + inset;
    width = TUNNEL.cell + 6 - 2 * inset;
    height = TUNNEL.cellH + 6 - 2 * inset;
  }
  const dash = from ? "7 5" : undefined;
  return (
    <g class="cg-mark" data-last-move={seat} data-mark={from ? "from" : "to"} data-square={square} aria-hidden="true" pointer-events="none">
      <rect x={x} y={y} width={width} height={height} rx="8" fill="none" stroke={INK} stroke-width="7" stroke-dasharray={dash} />
      <rect x={x} y={y} width={width} height={height} rx="8" fill="none" stroke={colour} stroke-width="4" stroke-dasharray={dash} />
    </g>
  );
}

/** The squares each seat's last move concerned (forward and back moves: where the pirate came
 * from and where it went), for the marks. */
export function lastMoveSquares(lines: readonly LogData[]): { square: number; from: boolean }[] {
  const out: { square: number; from: boolean }[] = [];
  for (const d of lines) {
    if ((d.type === "forward" || d.type === "back") && typeof d["from"] === "number" && typeof d["to"] === "number") {
      out.push({ square: d["from"], from: true }, { square: d["to"], from: false });
    }
  }
  // A square both left and reached in one move (two moves of a turn) is marked as reached.
  return out.filter((m) => !m.from || !out.some((o) => !o.from && o.square === m.square));
}

function Marks({ ctx }: { ctx: Ctx }) {
  const moves = ctx.props.lastMoves;
  if (!moves) return null;
  const marks = [];
  const onSquare = new Map<string, number>();
  for (const [seat, lines] of [...moves.entries()].sort((a, b) => a[0] - b[0])) {
    for (const m of lastMoveSquares(lines)) {
      // Marks of several seats on one square nest inside each other (a seat's own place in the
      // start or the boat box is its own, but a "from" and a "to" of one seat may share it).
      const place = m.square === START || m.square === BOAT ? `${m.square}:${seat}` : `${m.square}`;
      const n = onSquare.get(place) ?? 0;
      onSquare.set(place, n + 1);
      marks.push(<MarkAt key={`mark${seat}:${m.square}:${m.from}`} seat={seat} square={m.square} from={m.from} inset={n * 5} v={ctx.v} />);
    }
  }
  return <g>{marks}</g>;
}

function Tunnel({ ctx, ids }: { ctx: Ctx; ids: number[][] }) {
  const { v, lang } = ctx;
  const c = TUNNEL.cell;
  const height = tunnelHeight();
  const links = [];
  const first = cellOf(0);
  links.push(<Link x={first.x + c / 2} y1={TUNNEL.startY + TUNNEL.startH} y2={first.y} />);
  for (let tile = 0; tile < 5; tile++) {
    const end = cellOf(tile * 6 + 5);
    links.push(<Link x={end.x + c / 2} y1={end.y + TUNNEL.cellH} y2={end.y + TUNNEL.cellH + TUNNEL.rowGap} />);
  }
  const last = cellOf(35);
  links.push(<Link x={last.x + c / 2} y1={last.y + TUNNEL.cellH} y2={boatY()} />);
  const rows = [0, 1, 2, 3, 4, 5].map((tile) => {
    const code = tileCode(v, tile);
    const y = cellOf(tile * 6).y;
    return (
      <g key={`tile${tile}`} role="group" aria-label={code ? w(lang, "tile", { code }) : undefined}>
        <rect x={TUNNEL.x0 - 3} y={y - 3} width={6 * c + 5 * TUNNEL.gapX + 6} height={TUNNEL.cellH + 6} rx="9" fill={TUNNEL_FILL} />
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Square key={tile * 6 + i} ctx={ctx} square={tile * 6 + i} />
        ))}
      </g>
    );
  });
  return (
    <svg class="board cg-tunnel" viewBox={`0 0 ${W} ${height}`} role="group" aria-label={w(lang, "tunnel")}>
      <rect x="0" y="0" width={W} height={height} rx="12" fill={ROCK} />
      {links}
      <EndBox ctx={ctx} square={START} />
      {rows}
      <EndBox ctx={ctx} square={BOAT} />
      <Marks ctx={ctx} />
      <Pirates ctx={ctx} ids={ids} />
    </svg>
  );
}

// -- the cards and players ---------------------------------------------------------------------

function turnLine(ctx: Ctx): string {
  const { v, props, lang } = ctx;
  if (v.over || v.current === null) {
    const names = v.winners.map((s) => seatName(props.names, s, lang, v)).join(" & ");
    return `${w(lang, "over")} · ${w(lang, v.winners.length > 1 ? "share" : "wins", { names })}`;
  }
  const name = seatName(props.names, v.current, lang, v);
  return v.actions_left === 1
    ? w(lang, "turn.line.1", { turn: v.turn, name })
    : w(lang, "turn.line", { turn: v.turn, name, n: v.actions_left });
}

/** The height of the cards panel for this view (the stacked phone layout sizes itself on it). */
function panelHeight(v: CartagenaView, seat: number | null): number {
  let y = 6 + 34;
  if (seat !== null && handOf(v, seat)) y += CARD_H + 8;
  if (v.variant === "tortuga") y += 44;
  y += 30 + 2 + v.players * ROW_H + 6;
  return y;
}

const CARD_W = 76;
const CARD_H = 62;
const ROW_H = 32;

function Panel({ ctx }: { ctx: Ctx }) {
  const { v, props, lang } = ctx;
  const parts = [];
  let y = 6;
  // Whose turn.
  const mover = v.over ? v.winners[0] : v.current;
  parts.push(
    <g key="turn" role="group" aria-label={turnLine(ctx)}>
      <rect x="4" y={y} width={W - 8} height="30" rx="7" fill="#fff7d6" stroke="#9c7a10" stroke-width="2" />
      {mover !== null && mover !== undefined ? <Pawn seat={mover} x={22} y={y + 15} r={10} /> : null}
      <text x="40" y={y + 21} font-size="16" font-weight="700" fill={INK} aria-hidden="true">
        {turnLine(ctx)}
      </text>
    </g>,
  );
  y += 34;
  // Your cards (the keys card:SYMBOL), right under the tunnel on a phone.
  const mine = props.seat === null ? null : handOf(v, props.seat);
  if (props.seat !== null && mine) {
    const gap = (W - 8 - 6 * CARD_W) / 5;
    SYMBOLS.forEach((sym, i) => {
      const x = 4 + i * (CARD_W + gap);
      const n = mine[sym] ?? 0;
      const k = cardKey(sym);
      const name = symbolName(lang, sym);
      // The visible words ("×2", "dagger") begin the label, so that what is read out
      // contains what is seen (axe: label-content-name-mismatch).
      const seen = `×${n} ${name}`;
      const label = props.clickable.has(k) ? `${seen}: ${w(lang, "play.card", { symbol: name, n })}` : `${seen}: ${w(lang, "card.label", { symbol: capital(name), n })}`;
      parts.push(
        <Thing key={k} k={k} label={label} props={props} cls="cg-card">
          <rect class="hit" x={x} y={y} width={CARD_W} height={CARD_H} rx="7" fill={n > 0 ? "#fffdf6" : "#e4e0d6"} stroke="#6b5836" stroke-width="2" />
          <g opacity={n > 0 ? 1 : 0.45} data-hand-seat={props.seat}>
            <SymbolIcon sym={sym} x={x + 22} y={y + 22} size={30} />
            <text x={x + 54} y={y + 29} font-size="19" font-weight="700" text-anchor="middle" fill={INK}>
              ×{n}
            </text>
            <text
              x={x + CARD_W / 2}
              y={y + 53}
              font-size="14"
              text-anchor="middle"
              fill="#333"
              textLength={name.length > 8 ? CARD_W - 8 : undefined}
              lengthAdjust="spacingAndGlyphs"
            >
              {" "}
              {name}
            </text>
          </g>
        </Thing>,
      );
    });
    y += CARD_H + 8;
  }
  // The open row (Tortuga): the next card taken is row[0], at the arrow.
  if (v.variant === "tortuga") {
    const row = rowCards(v);
    const rw = 31;
    const rh = 38;
    parts.push(
      <g key="row" role="group" aria-label={w(lang, "row")}>
        <text
          x="6"
          y={y + 24}
          font-size="14"
          font-weight="700"
          fill={INK}
          aria-hidden="true"
          textLength={w(lang, "row.short").length > 10 ? 82 : undefined}
          lengthAdjust="spacingAndGlyphs"
        >
          {w(lang, "row.short")}
        </text>
        <path d={`M92,${y + rh / 2}L106,${y + 8}V${y + rh - 8}z`} fill={GO} stroke={INK} stroke-width="1.2" />
        {row.length === 0 ? (
          <text x="112" y={y + rh / 2 + 6} font-size="15" fill="#444">
            {w(lang, "empty")}
          </text>
        ) : null}
        {row.map((sym, i) => {
          const x = 110 + i * (rw + 1.5);
          return (
            <g key={`row${i}`} role="img" aria-label={w(lang, "row.card", { symbol: capital(symbolName(lang, sym)), pos: i + 1 })}>
              <rect x={x} y={y} width={rw} height={rh} rx="4" fill="#fffdf6" stroke={i === 0 ? GO : "#6b5836"} stroke-width={i === 0 ? 3 : 1.5} />
              <SymbolIcon sym={sym} x={x + rw / 2} y={y + rh / 2} size={25} />
            </g>
          );
        })}
      </g>,
    );
    y += 44;
  }
  // Draw pile and discard pile, with what the discard holds.
  const piles = `${w(lang, "draw.pile", { n: v.draw_pile })}, ${w(lang, "discard.pile", { n: discardTotal(v) })}`;
  parts.push(
    <g key="piles" role="group" aria-label={piles}>
      <title>{piles}</title>
      <CardBack x={6} y={y + 1} w={18} h={24} />
      <text x="28" y={y + 19} font-size="16" fill={INK} aria-hidden="true">
        {v.draw_pile}
      </text>
      <rect x="70" y={y + 1} width="18" height="24" rx="3" fill="#fffdf6" stroke="#6b5836" stroke-width="1.4" />
      <text x="92" y={y + 19} font-size="16" fill={INK} aria-hidden="true">
        {discardTotal(v)}:
      </text>
      {SYMBOLS.map((sym, i) => {
        const x = 130 + i * 61;
        const n = v.discard[sym] ?? 0;
        return (
          <g key={`discard${sym}`} role="img" aria-label={w(lang, "discarded", { symbol: capital(symbolName(lang, sym)), n })}>
            <SymbolIcon sym={sym} x={x + 12} y={y + 13} size={22} />
            <text x={x + 26} y={y + 19} font-size="15" fill={INK} opacity={n ? 1 : 0.6}>
              ×{n}
            </text>
          </g>
        );
      })}
    </g>,
  );
  y += 32;
  // Players: boat count and hand (counts, or face-down cards when hidden).
  for (let seat = 0; seat < v.players; seat++) {
    const name = seatName(props.names, seat, lang, v);
    const hand = handOf(v, seat);
    const size = handSize(v, seat);
    const boat = boatCount(v, seat);
    const current = !v.over && v.current === seat;
    const won = v.over && v.winners.includes(seat);
    const you = props.seat === seat ? ` (${w(lang, "you")})` : "";
    const handWords = hand
      ? SYMBOLS.filter((s) => (hand[s] ?? 0) > 0)
          .map((s) => `${hand[s]} ${symbolName(lang, s)}`)
          .join(", ") || w(lang, "cards.count", { n: 0 })
      : w(lang, size === 1 ? "hidden.cards.1" : "hidden.cards", { n: size });
    const label = `${name}${you}${current ? ` — ${w(lang, "to.move", { name })}` : ""}${won ? ` — ${w(lang, "winner")}` : ""}; ${w(lang, "in.boat", { n: boat })}; ${handWords}`;
    const shown = name.length > 12 ? `${name.slice(0, 11)}…` : name;
    const moved = props.lastMoves?.has(seat) ?? false;
    parts.push(
      <g key={`seat:${seat}`} data-key={`seat:${seat}`} role="group" aria-label={label}>
        <rect
          x="4"
          y={y}
          width={W - 8}
          height={ROW_H - 3}
          rx="6"
          fill={current ? "#fff7d6" : won ? "#e3f4ec" : "#f4efe3"}
          stroke={current ? "#9c7a10" : won ? GO : "#d8cfbb"}
          stroke-width={current || won ? 2.5 : 1}
        />
        {moved ? (
          <g class="cg-mark" data-last-move={seat} aria-hidden="true">
            <rect x="1" y={y - 2} width="7" height={ROW_H + 1} rx="3" fill={seatMark(seat).fill} stroke={INK} stroke-width="1.5" />
          </g>
        ) : null}
        <Pawn seat={seat} x={22} y={y + ROW_H / 2 - 1.5} r={10} />
        <text x="38" y={y + ROW_H / 2 + 4} font-size="16" font-weight={current || props.seat === seat ? 700 : 400} fill={INK} aria-hidden="true">
          {shown}
        </text>
        <BoatIcon x={180} y={y + ROW_H / 2 - 2} size={24} />
        <text x="195" y={y + ROW_H / 2 + 4} font-size="16" font-weight="700" fill={INK} aria-hidden="true">
          {boat}/{PIRATES_PER_SEAT}
        </text>
        {hand ? (
          <g data-hand-seat={seat} aria-hidden="true">
            {SYMBOLS.map((sym, i) => {
              const x = 236 + i * 43;
              const n = hand[sym] ?? 0;
              return (
                <g key={`h${seat}${sym}`} opacity={n ? 1 : 0.35}>
                  <SymbolIcon sym={sym} x={x + 10} y={y + ROW_H / 2 - 2} size={21} />
                  <text x={x + 22} y={y + ROW_H / 2 + 4} font-size="15" font-weight="700" fill={INK}>
                    {n}
                  </text>
                </g>
              );
            })}
          </g>
        ) : (
          <g aria-hidden="true">
            <CardBack x={238} y={y + 4} w={17} h={22} />
            <text x="262" y={y + ROW_H / 2 + 4} font-size="15" fill={INK}>
              {w(lang, size === 1 ? "hidden.cards.1" : "hidden.cards", { n: size })}
            </text>
          </g>
        )}
      </g>,
    );
    y += ROW_H;
  }
  const height = y + 6;
  return (
    <svg class="board cg-panel" viewBox={`0 0 ${W} ${height}`} role="group" aria-label={w(lang, "cards")}>
      {parts}
    </svg>
  );
}

/** The board key to focus after an update, when focus was on the board and its element has
 * gone or can no longer be clicked: after a card, the first pirate that card can move (from
 * the start up the tunnel); else the same key if it is still clickable; else the first
 * clickable card (a move starts with one), else the first clickable thing in the board's order. */
export function nextFocus(picked: readonly string[], clickable: ReadonlySet<string>, before: string | null, order: readonly string[]): string | null {
  const pirates = order.filter((k) => k.startsWith("pirate:") && clickable.has(k));
  if (picked.length > 0 && symbolOfKey(picked[picked.length - 1]!) && pirates.length) return pirates[0]!;
  if (before && clickable.has(before)) return before;
  // A move made: the next one starts with a card.
  return order.find((k) => k.startsWith("card:") && clickable.has(k)) ?? order.find((k) => clickable.has(k)) ?? null;
}

export function Board(props: BoardProps) {
  const v = asCartagena(props.view);
  const lang = props.lang;
  const landing = new Set<number>();
  const card = props.picked.length > 0 ? symbolOfKey(props.picked[0]!) : null;
  if (card && props.seat !== null) {
    for (const q of new Set(v.pirates[props.seat] ?? [])) {
      if (q !== BOAT && props.clickable.has(pirateKey(q))) landing.add(forwardDestination(v, card, q));
    }
  }
  const ctx: Ctx = { v, props, lang, landing };
  // Pirate ids kept between views, so that a moved pirate's element glides.
  const ids = useRef<number[][] | null>(null);
  ids.current = pirateIds(ids.current, v.pirates);
  // Focus stays on the board through a multi-step move: remember that it was here and on
  // what, and after each update put it back on the next sensible thing if it fell off.
  const root = useRef<HTMLDivElement>(null);
  const focus = useRef<{ inside: boolean; key: string | null }>({ inside: false, key: null });
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || !focus.current.inside) return;
    const active = document.activeElement;
    const onThing = active instanceof Element && el.contains(active) && active.getAttribute("role") === "button";
    if (onThing) return;
    if (active && active !== document.body && !el.contains(active)) return; // went elsewhere on purpose
    const order = [...el.querySelectorAll<SVGElement>("[data-key]")].map((e) => e.getAttribute("data-key")!);
    const key = nextFocus(props.picked, props.clickable, focus.current.key, order);
    const target = key ? el.querySelector<SVGElement>(`[data-key="${key}"][role="button"]`) : null;
    (target ?? el).focus({ preventScroll: false });
  });
  const stacked = tunnelHeight() + panelHeight(v, props.seat);
  return (
    <div
      ref={root}
      class="cartagena-board"
      tabIndex={-1}
      // Stacked (a phone), the board is no wider than lets it be 600 px tall.
      style={{ "--cg-stack-max": `${Math.floor((W * 596) / stacked)}px` }}
      onFocusIn={(e: FocusEvent) => {
        const t = e.target as Element | null;
        focus.current = { inside: true, key: t?.getAttribute?.("data-key") ?? focus.current.key };
      }}
      onFocusOut={(e: FocusEvent) => {
        // Focus moving to another page element (not lost because an element changed or went).
        const to = e.relatedTarget as Node | null;
        if (to && !root.current?.contains(to)) focus.current = { inside: false, key: null };
      }}
    >
      <Tunnel ctx={ctx} ids={ids.current} />
      <Panel ctx={ctx} />
    </div>
  );
}
