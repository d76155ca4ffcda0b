/** Cartagena's board: the tunnel (six tiles snaking from the start to the boat) and, beside it
 * on a wide screen or below it on a phone, the cards (your hand, the open row, the piles) and
 * the players. Drawn from the view only; a hidden hand is drawn as a count of face-down cards. */

import type { ComponentChildren } from "preact";
import type { Lang } from "../../i18n";
import type { BoardProps } from "../types";
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
  pawnsOn,
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
const GO = "#009e73";

interface Ctx {
  v: CartagenaView;
  props: BoardProps;
  lang: Lang;
  /** Squares where a forward move with the picked card would land. */
  landing: Set<number>;
}

/** A board thing with a key: a button when its key is clickable now, else a labelled group. */
function Thing({ k, label, props, title, children }: {
  k: string;
  label: string;
  props: BoardProps;
  title?: string;
  children: ComponentChildren;
}) {
  const picked = props.picked.includes(k);
  if (!props.clickable.has(k)) {
    return (
      <g data-key={k} class={picked ? "picked" : undefined} role="group" aria-label={label}>
        {children}
      </g>
    );
  }
  return (
    <g
      data-key={k}
      class={picked ? "clickable picked" : "clickable"}
      role="button"
      tabindex={0}
      aria-label={label}
      onClick={() => props.onPick(k)}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          props.onPick(k);
        }
      }}
    >
      {title ? <title>{title}</title> : null}
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

function Square({ ctx, square }: { ctx: Ctx; square: number }) {
  const { v, props, lang } = ctx;
  const { x, y } = cellOf(square);
  const c = TUNNEL.cell;
  const sym = v.board[square]!;
  const pawns = pawnsOn(v, square);
  const own = props.seat === null ? 0 : pawns.filter((s) => s === props.seat).length;
  const slots = [x + 14, x + 38, x + 62];
  const others = pawns.map((seat, i) => ({ seat, i })).filter((p) => p.seat !== props.seat);
  const mine = pawns.map((seat, i) => ({ seat, i })).filter((p) => p.seat === props.seat);
  const label = `${w(lang, "square.label", { n: square + 1, symbol: symbolName(lang, sym) })}; ${whoIsThere(ctx, square)}`;
  return (
    <g data-key={`square:${square}`} role="group" aria-label={label}>
      <rect x={x} y={y} width={c} height={c} rx="7" fill={SQUARE_FILL} stroke="#6b5836" stroke-width="2" />
      <text x={x + 6} y={y + 19} font-size="17" font-weight="700" fill="#5a4526">
        {square + 1}
      </text>
      <SymbolIcon sym={sym} x={x + 46} y={y + 27} size={36} />
      {ctx.landing.has(square) ? (
        <rect
          x={x + 4}
          y={y + 4}
          width={c - 8}
          height={c - 8}
          rx="6"
          fill="none"
          stroke={GO}
          stroke-width="4"
          stroke-dasharray="3 3"
        >
          <title>{w(lang, "lands.here")}</title>
        </rect>
      ) : null}
      {others.map((p) => (
        <Pawn seat={p.seat} x={slots[p.i]!} y={y + 59} r={11.5} />
      ))}
      {own > 0 ? (
        <Thing k={pirateKey(square)} label={pirateLabel(ctx, square, own)} props={props}>
          <rect class="hit" x={x + 2} y={y + 2} width={c - 4} height={c - 4} rx="6" fill="transparent" />
          {mine.map((p) => (
            <Pawn seat={p.seat} x={slots[p.i]!} y={y + 59} r={11.5} />
          ))}
        </Thing>
      ) : null}
    </g>
  );
}

/** The start or the boat: a box with each seat's count of pirates there. */
function EndBox({ ctx, square, y, h }: { ctx: Ctx; square: number; y: number; h: number }) {
  const { v, props, lang } = ctx;
  const isBoat = square === BOAT;
  const x = TUNNEL.x0;
  const width = TUNNEL.width - 2 * TUNNEL.x0;
  const counts = piratesOn(v, square);
  const title = w(lang, isBoat ? "boat" : "start");
  const label = `${title}: ${whoIsThere(ctx, square)}`;
  const step = Math.min(70, (width - 150) / Math.max(1, counts.length));
  const entries = counts.map((n, seat) => {
    const ex = x + 140 + seat * step;
    return (
      <g opacity={n === 0 ? 0.4 : 1}>
        <Pawn seat={seat} x={ex} y={y + h / 2} r={12} />
        <text x={ex + 16} y={y + h / 2 + 6} font-size="18" font-weight="700" fill="#fff">
          ×{n}
        </text>
      </g>
    );
  });
  const own = props.seat === null ? 0 : counts[props.seat] ?? 0;
  return (
    <g data-key={isBoat ? "boat" : "start"} role="group" aria-label={label}>
      <rect
        x={x}
        y={y}
        width={width}
        height={h}
        rx="10"
        fill={isBoat ? "#1f5f86" : "#6f5f47"}
        stroke={isBoat && ctx.landing.has(BOAT) ? GO : INK}
        stroke-width={isBoat && ctx.landing.has(BOAT) ? 5 : 2}
        stroke-dasharray={isBoat && ctx.landing.has(BOAT) ? "4 3" : undefined}
      />
      {isBoat ? <BoatIcon x={x + 26} y={y + h / 2 + 2} size={36} /> : null}
      <text
        x={isBoat ? x + 48 : x + 12}
        y={y + h / 2 + 6}
        font-size="19"
        font-weight="700"
        fill="#fff"
      >
        {title}
      </text>
      {entries.filter((_, seat) => seat !== props.seat)}
      {own > 0 && props.seat !== null ? (
        <Thing k={pirateKey(square)} label={pirateLabel(ctx, square, own)} props={props}>
          <rect class="hit" x={x + 2} y={y + 2} width={width - 4} height={h - 4} rx="9" fill="transparent" />
          {entries[props.seat]}
        </Thing>
      ) : props.seat !== null ? (
        entries[props.seat]
      ) : null}
    </g>
  );
}

/** The link between two parts of the tunnel, with an arrow the way the pirates go. */
function Link({ x, y1, y2 }: { x: number; y1: number; y2: number }) {
  const width = 30;
  const mid = (y1 + y2) / 2;
  return (
    <g aria-hidden="true">
      <rect x={x - width / 2} y={y1 - 4} width={width} height={y2 - y1 + 8} fill={TUNNEL_FILL} />
      <path d={`M${x - 7},${mid - 4}L${x + 7},${mid - 4}L${x},${mid + 5}z`} fill="#5a4526" />
    </g>
  );
}

function Tunnel({ ctx }: { ctx: Ctx }) {
  const { v, lang } = ctx;
  const c = TUNNEL.cell;
  const height = tunnelHeight();
  const links = [];
  const first = cellOf(0);
  links.push(<Link x={first.x + c / 2} y1={TUNNEL.startY + TUNNEL.startH} y2={first.y} />);
  for (let tile = 0; tile < 5; tile++) {
    const end = cellOf(tile * 6 + 5);
    links.push(<Link x={end.x + c / 2} y1={end.y + c} y2={end.y + c + TUNNEL.rowGap} />);
  }
  const last = cellOf(35);
  links.push(<Link x={last.x + c / 2} y1={last.y + c} y2={boatY()} />);
  const rows = [0, 1, 2, 3, 4, 5].map((tile) => {
    const code = tileCode(v, tile);
    const first = cellOf(tile * 6);
    const y = first.y;
    return (
      <g role="group" aria-label={code ? w(lang, "tile", { code }) : undefined}>
        <rect
          x={TUNNEL.x0 - 4}
          y={y - 4}
          width={6 * c + 5 * TUNNEL.gapX + 8}
          height={c + 8}
          rx="10"
          fill={TUNNEL_FILL}
        />
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Square ctx={ctx} square={tile * 6 + i} />
        ))}
      </g>
    );
  });
  return (
    <svg
      class="board"
      viewBox={`0 0 ${TUNNEL.width} ${height}`}
      role="group"
      aria-label={w(lang, "tunnel")}
      style={{ flex: "3 1 420px", minWidth: "0", width: "auto", maxWidth: "100%" }}
    >
      <rect x="0" y="0" width={TUNNEL.width} height={height} rx="14" fill={ROCK} />
      {links}
      <EndBox ctx={ctx} square={START} y={TUNNEL.startY} h={TUNNEL.startH} />
      {rows}
      <EndBox ctx={ctx} square={BOAT} y={boatY()} h={TUNNEL.boatH} />
    </svg>
  );
}

// -- the cards and players ---------------------------------------------------------------------

const PANEL_W = 440;

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

function Panel({ ctx }: { ctx: Ctx }) {
  const { v, props, lang } = ctx;
  const parts = [];
  let y = 10;
  // Whose turn.
  const mover = v.over ? v.winners[0] : v.current;
  parts.push(
    <g role="group" aria-label={turnLine(ctx)}>
      <rect x="4" y={y} width={PANEL_W - 8} height="36" rx="8" fill="#fff7d6" stroke="#c9a227" stroke-width="2" />
      {mover !== null && mover !== undefined ? <Pawn seat={mover} x={24} y={y + 18} r={11} /> : null}
      <text x="44" y={y + 24} font-size="17" font-weight="700" fill={INK}>
        {turnLine(ctx)}
      </text>
    </g>,
  );
  y += 50;
  // Your cards (the keys card:SYMBOL).
  const mine = props.seat === null ? null : handOf(v, props.seat);
  if (props.seat !== null && mine) {
    parts.push(
      <text x="8" y={y + 14} font-size="16" font-weight="700" fill={INK}>
        {w(lang, "your.cards")}
      </text>,
    );
    y += 24;
    const cw = 66;
    const ch = 94;
    SYMBOLS.forEach((sym, i) => {
      const x = 7 + i * (cw + 6);
      const n = mine[sym] ?? 0;
      const k = cardKey(sym);
      const name = symbolName(lang, sym);
      parts.push(
        <Thing
          k={k}
          label={props.clickable.has(k) ? w(lang, "play.card", { symbol: name, n }) : w(lang, "card.label", { symbol: capital(name), n })}
          props={props}
        >
          <rect
            class="hit"
            x={x}
            y={y}
            width={cw}
            height={ch}
            rx="7"
            fill={n > 0 ? "#fffdf6" : "#e4e0d6"}
            stroke="#6b5836"
            stroke-width="2"
          />
          <g opacity={n > 0 ? 1 : 0.35} data-hand-seat={props.seat}>
            <SymbolIcon sym={sym} x={x + cw / 2} y={y + 28} size={38} />
            <text x={x + cw / 2} y={y + 67} font-size="20" font-weight="700" text-anchor="middle" fill={INK}>
              ×{n}
            </text>
            <text x={x + cw / 2} y={y + 87} font-size="14" text-anchor="middle" fill="#333" textLength={name.length > 7 ? cw - 8 : undefined} lengthAdjust="spacingAndGlyphs">
              {name}
            </text>
          </g>
        </Thing>,
      );
    });
    y += ch + 14;
  }
  // The open row (Tortuga): the next card taken is row[0], at the arrow.
  if (v.variant === "tortuga") {
    const row = rowCards(v);
    parts.push(
      <text x="8" y={y + 14} font-size="16" font-weight="700" fill={INK}>
        {w(lang, "row.short")}
        <tspan font-weight="400" font-size="14">
          {" "}
          ({w(lang, "next")} ◀)
        </tspan>
      </text>,
    );
    y += 22;
    const rw = 30;
    const rh = 42;
    parts.push(
      <g role="group" aria-label={w(lang, "row")}>
        <path d={`M6,${y + rh / 2}L22,${y + 8}V${y + rh - 8}z`} fill={GO} stroke={INK} stroke-width="1.2" />
        {row.length === 0 ? (
          <text x="34" y={y + rh / 2 + 6} font-size="15" fill="#555">
            {w(lang, "empty")}
          </text>
        ) : null}
        {row.map((sym, i) => {
          const x = 28 + i * (rw + 4);
          return (
            <g role="img" aria-label={w(lang, "row.card", { symbol: capital(symbolName(lang, sym)), pos: i + 1 })}>
              <rect
                x={x}
                y={y}
                width={rw}
                height={rh}
                rx="4"
                fill="#fffdf6"
                stroke={i === 0 ? GO : "#6b5836"}
                stroke-width={i === 0 ? 3 : 1.5}
              />
              <SymbolIcon sym={sym} x={x + rw / 2} y={y + rh / 2} size={26} />
            </g>
          );
        })}
      </g>,
    );
    y += rh + 14;
  }
  // Draw pile and discard pile.
  parts.push(
    <g role="group" aria-label={`${w(lang, "draw.pile", { n: v.draw_pile })}, ${w(lang, "discard.pile", { n: discardTotal(v) })}`}>
      <CardBack x={8} y={y} w={20} h={27} />
      <text x="34" y={y + 20} font-size="16" fill={INK}>
        {w(lang, "draw.pile", { n: v.draw_pile })}
      </text>
      <rect x="214" y={y} width="20" height="27" rx="3" fill="#fffdf6" stroke="#6b5836" stroke-width="1.4" />
      <text x="240" y={y + 20} font-size="16" fill={INK}>
        {w(lang, "discard.pile", { n: discardTotal(v) })}
      </text>
    </g>,
  );
  y += 34;
  parts.push(
    <g role="group" aria-label={w(lang, "discard.pile", { n: discardTotal(v) })}>
      {SYMBOLS.map((sym, i) => {
        const x = 8 + i * 72;
        const n = v.discard[sym] ?? 0;
        return (
          <g role="img" aria-label={w(lang, "discarded", { symbol: capital(symbolName(lang, sym)), n })}>
            <SymbolIcon sym={sym} x={x + 13} y={y + 14} size={24} />
            <text x={x + 28} y={y + 20} font-size="15" fill={INK} opacity={n ? 1 : 0.5}>
              ×{n}
            </text>
          </g>
        );
      })}
    </g>,
  );
  y += 38;
  // Players: boat count and hand (counts, or face-down cards when hidden).
  parts.push(
    <text x="8" y={y + 14} font-size="16" font-weight="700" fill={INK}>
      {w(lang, "players")}
    </text>,
  );
  y += 22;
  const rowH = 44;
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
    const shown = name.length > 11 ? `${name.slice(0, 10)}…` : name;
    parts.push(
      <g data-key={`seat:${seat}`} role="group" aria-label={label}>
        <rect
          x="4"
          y={y}
          width={PANEL_W - 8}
          height={rowH - 4}
          rx="7"
          fill={current ? "#fff7d6" : won ? "#e3f4ec" : "#f4efe3"}
          stroke={current ? "#c9a227" : won ? GO : "#d8cfbb"}
          stroke-width={current || won ? 2.5 : 1}
        />
        <Pawn seat={seat} x={22} y={y + rowH / 2 - 2} r={11} />
        <text x="40" y={y + rowH / 2 + 4} font-size="16" font-weight={current || props.seat === seat ? 700 : 400} fill={INK}>
          {current ? "▶ " : won ? "★ " : ""}
          {shown}
        </text>
        <BoatIcon x={172} y={y + rowH / 2 - 2} size={26} />
        <text x="188" y={y + rowH / 2 + 4} font-size="16" font-weight="700" fill={INK}>
          {boat}/{PIRATES_PER_SEAT}
        </text>
        {hand ? (
          <g data-hand-seat={seat}>
            {SYMBOLS.map((sym, i) => {
              const x = 226 + i * 35;
              const n = hand[sym] ?? 0;
              return (
                <g opacity={n ? 1 : 0.3}>
                  <SymbolIcon sym={sym} x={x + 9} y={y + rowH / 2 - 2} size={20} />
                  <text x={x + 20} y={y + rowH / 2 + 4} font-size="15" font-weight="700" fill={INK}>
                    {n}
                  </text>
                </g>
              );
            })}
          </g>
        ) : (
          <g>
            <CardBack x={228} y={y + 7} w={19} h={26} />
            <text x="254" y={y + rowH / 2 + 4} font-size="15" fill={INK}>
              {w(lang, size === 1 ? "hidden.cards.1" : "hidden.cards", { n: size })}
            </text>
          </g>
        )}
      </g>,
    );
    y += rowH;
  }
  const height = y + 6;
  return (
    <svg
      class="board"
      viewBox={`0 0 ${PANEL_W} ${height}`}
      role="group"
      aria-label={w(lang, "cards")}
      style={{ flex: "2 1 340px", minWidth: "0", width: "auto", maxWidth: "100%" }}
    >
      {parts}
    </svg>
  );
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
  return (
    <div
      class="cartagena-board"
      style={{ display: "flex", flexWrap: "wrap", gap: "10px", alignItems: "flex-start" }}
    >
      <Tunnel ctx={ctx} />
      <Panel ctx={ctx} />
    </div>
  );
}
