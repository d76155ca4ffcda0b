/** Tortuga's board: every seat's player board (tracks, chest areas, action spaces with dice and
 * bonus tiles, the roll), the centre island, the bag and the tiles left; each seat's last move
 * marked in its colour. On a desktop every board is drawn in full, two columns; on a phone the
 * seat's own board is drawn in full and the others as strips, so that a decision fits on the
 * screen (model.compactLayout). The things a decision clicks are all in one place: the seat's
 * own dice, spaces and tiles, and a tray under its spaces with the chests it may seize, claim or
 * place (one clickable element per key; the chests on the boards are drawn, not clicked).
 *
 * Board keys: see index.tsx. */

import { Fragment, type ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Lang } from "../../i18n";
import { seatMark, shapePath } from "../palette";
import type { BoardProps } from "../types";
import { lastMoveMarks, type Mark, type MarkPlace } from "./marks";
import {
  AREAS,
  CAPACITY,
  COLOURS,
  STRIP_H,
  TRACK_BOXES,
  actionSpaces,
  asView,
  chestGrid,
  compactLayout,
  dieNumber,
  hand,
  layout,
  lookingAt,
  moving,
  seatOrder,
  type AreaName,
  type Box,
  type Colour,
  type SeatView,
  type TView,
} from "./model";
import { dieReason } from "./play";
import { actionName, colourWord, faceWords, statusWords, summary, w } from "./words";
import "./board.css";

// -- drawing helpers ---------------------------------------------------------------------------

const CHEST_FILL: Record<Colour, string> = {
  red: "#c8382b",
  blue: "#1f5fa8",
  yellow: "#f2c80f",
  white: "#f7f7f2",
  purple: "#7b3294",
};
const CHEST_INK: Record<Colour, string> = {
  red: "#fff",
  blue: "#fff",
  yellow: "#000",
  white: "#000",
  purple: "#fff",
};
const PAPER = "#fbf6ea";
const LINE = "#6b5a3e";
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

interface Ctx {
  lang: Lang;
  clickable: ReadonlySet<string>;
  picked: readonly string[];
  onPick: (key: string) => void;
  marks: readonly Mark[];
}

/** Rough text width, to squeeze a label that would overflow its box. */
function fit(
  text: string,
  size: number,
  max: number,
  bold = false,
): { textLength?: number; lengthAdjust?: string } {
  return text.length * size * (bold ? 0.66 : 0.6) > max ? { textLength: max, lengthAdjust: "spacingAndGlyphs" } : {};
}

/** A text in one line, or two when it would not fit (split at the space nearest the middle). */
function wrap(text: string, size: number, max: number): string[] {
  if (text.length * size * 0.6 <= max) return [text];
  const middle = text.length / 2;
  let best = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === " " && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  }
  return best < 0 ? [text] : [text.slice(0, best), text.slice(best + 1)];
}

/**
 * A board thing: a button when its key is in `clickable`; a disabled button (aria-disabled,
 * the reason as its description, still focusable and clickable so that the table can say why)
 * when `disabled` gives a reason; else labelled only. The label starts with the thing's
 * visible words, so that what is seen is what a screen reader or voice control names.
 */
function Thing(props: {
  ctx: Ctx;
  k?: string;
  label: string;
  disabled?: string | null;
  transform?: string;
  cls?: string;
  children: ComponentChildren;
}) {
  const { ctx, k, label, transform, children, disabled } = props;
  const clickable = k !== undefined && ctx.clickable.has(k);
  const picked = k !== undefined && ctx.picked.includes(k);
  const base = props.cls ? `${props.cls} ` : "";
  if (k !== undefined && (clickable || disabled)) {
    const describe = !clickable && disabled ? `why-${k.replace(/[^\w-]/g, "-")}` : undefined;
    return (
      <g
        data-key={k}
        class={`${base}${clickable ? "clickable" : "disabled"}${picked ? " picked" : ""}`}
        role="button"
        tabindex={0}
        aria-label={label}
        aria-disabled={clickable ? undefined : "true"}
        aria-describedby={describe}
        aria-pressed={clickable && picked ? "true" : undefined}
        transform={transform}
        onClick={() => ctx.onPick(k)}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            ctx.onPick(k);
          }
        }}
      >
        <title>{describe ? `${label} — ${disabled}` : label}</title>
        {describe && <desc id={describe}>{disabled}</desc>}
        {children}
      </g>
    );
  }
  return (
    <g
      class={`${base}${picked ? "picked" : ""}`.trim() || undefined}
      data-key={picked ? k : undefined}
      role="img"
      aria-label={label}
      transform={transform}
    >
      <title>{label}</title>
      {children}
    </g>
  );
}

/** A chest: its colour and its letter; `hit` adds the ring the CSS lights up when clickable
 * (a fragment, so that the ring is a direct child of the clickable group). */
function Chest(props: { colour: Colour; size: number; lang: Lang; hit?: boolean }) {
  const { colour, size, lang } = props;
  return (
    <>
      {props.hit && (
        <rect class="hit" x={-4} y={-4} width={size + 8} height={size + 8} rx={6} fill="none" stroke="none" />
      )}
      <g class="t-chest">
        <rect x={0} y={0} width={size} height={size} rx={Math.max(2, size / 6)} fill={CHEST_FILL[colour]} stroke="#222" stroke-width={1.2} />
        <line x1={1} x2={size - 1} y1={size * 0.34} y2={size * 0.34} stroke="#0006" stroke-width={1.2} />
        <text
          x={size / 2}
          y={size * 0.8}
          text-anchor="middle"
          font-size={Math.round(size * 0.62)}
          font-weight="bold"
          fill={CHEST_INK[colour]}
        >
          {w(lang, `letter.${colour}`)}
        </text>
      </g>
    </>
  );
}

function SeatShape(props: { seat: number; r: number; x: number; y: number; animate?: boolean }) {
  const mark = seatMark(props.seat);
  return (
    <path
      class={props.animate ? "t-token" : undefined}
      d={shapePath(mark.shape, props.r)}
      transform={props.animate ? undefined : `translate(${props.x},${props.y})`}
      style={props.animate ? { transform: `translate(${props.x}px, ${props.y}px)` } : undefined}
      fill={mark.fill}
      stroke="#000"
      stroke-width={1.5}
    />
  );
}

/** A last-move mark: an outline in the mover's colour with its shape, never clickable. */
function MarkBox(props: { seat: number; box: Box }) {
  const { seat, box } = props;
  const mark = seatMark(seat);
  return (
    <g data-last-move={String(seat)} class="t-last" aria-hidden="true" pointer-events="none">
      <rect x={box.x - 3} y={box.y - 3} width={box.w + 6} height={box.h + 6} rx={6} fill="none" stroke="#000" stroke-width={5} />
      <rect x={box.x - 3} y={box.y - 3} width={box.w + 6} height={box.h + 6} rx={6} fill="none" stroke={mark.fill} stroke-width={3} />
      <path d={shapePath(mark.shape, 6)} transform={`translate(${box.x - 1},${box.y - 1})`} fill={mark.fill} stroke="#000" stroke-width={1.2} />
    </g>
  );
}

function Marks(props: { marks: readonly Mark[]; where: (place: MarkPlace) => Box | null }) {
  return (
    <>
      {props.marks.map((m) => {
        const box = props.where(m.place);
        return box ? <MarkBox key={`${m.seat}:${JSON.stringify(m.place)}`} seat={m.seat} box={box} /> : null;
      })}
    </>
  );
}

// -- the centre ----------------------------------------------------------------------------------

function Status(props: { view: TView; box: Box; lang: Lang; names: readonly string[]; compact: boolean }) {
  const { view, box, lang, compact } = props;
  const phase = w(lang, `phase.${view.phase}`);
  const title =
    view.phase === "actions" && view.action
      ? `${w(lang, "round", { n: view.round })} · ${phase}: ${actionName(lang, view.action)}`
      : `${w(lang, "round", { n: view.round })} · ${phase}`;
  const status = statusWords(view, lang, props.names);
  const inner = box.w - 20;
  const lines = compact ? [status] : wrap(status, 15, inner);
  const two = view.players === 2 ? ` ${w(lang, "two.players.long")}` : "";
  return (
    <g
      transform={`translate(${box.x},${box.y})`}
      role="group"
      aria-label={`${title}. ${status}. ${w(lang, "goal", { n: view.goal })}.${two}`}
    >
      <rect width={box.w} height={box.h} rx={8} fill="#0b3954" />
      <text x={10} y={23} font-size={17} font-weight="bold" fill="#fff" {...fit(title, 17, inner, true)}>
        {title}
      </text>
      {lines.map((line, i) => (
        <text key={i} x={10} y={45 + i * 19} font-size={15} fill="#ffe9a8" {...fit(line, 15, inner)}>
          {line}
        </text>
      ))}
      {!compact && lines.length === 1 && (
        <text x={10} y={65} font-size={14} fill="#dfe9f0">
          {w(lang, "goal", { n: view.goal })}
        </text>
      )}
      {!compact && view.players === 2 && (
        <g role="note" aria-label={w(lang, "two.players.long")}>
          <title>{w(lang, "two.players.long")}</title>
          <text x={10} y={85} font-size={14} fill="#dfe9f0" {...fit(w(lang, "two.players"), 14, inner)}>
            {w(lang, "two.players")}
          </text>
        </g>
      )}
    </g>
  );
}

function CentreIsland(props: { view: TView; box: Box; ctx: Ctx }) {
  const { view, box, ctx } = props;
  const lang = ctx.lang;
  const size = 30;
  const chests = view.center_island;
  const label = `${w(lang, "island")}: ${chests.length ? chests.map((c) => colourWord(lang, c)).join(", ") : w(lang, "island.empty")}`;
  const step = chests.length > 1 ? Math.min(40, (box.w - 20 - size) / (chests.length - 1)) : 0;
  const left = box.w / 2 - (step * (chests.length - 1) + size) / 2;
  return (
    <g transform={`translate(${box.x},${box.y})`} role="group" aria-label={label}>
      <rect width={box.w} height={box.h} rx={8} fill="#e9dcb5" stroke={LINE} />
      <ellipse cx={box.w / 2} cy={box.h - 30} rx={box.w / 2 - 10} ry={24} fill="#cfe3c0" stroke="#7aa06a" />
      <text x={10} y={20} font-size={15} font-weight="bold" {...fit(w(lang, "island"), 15, box.w - 20)}>
        {w(lang, "island")}
      </text>
      {chests.length === 0 && (
        <text x={box.w / 2} y={box.h - 25} font-size={14} text-anchor="middle" fill="#4a4a4a">
          {w(lang, "island.empty")}
        </text>
      )}
      {chests.map((colour, i) => (
        <Thing
          key={`c${i}-${colour}`}
          ctx={ctx}
          k={`chest:center:${colour}`}
          label={w(lang, "chest", { colour: colourWord(lang, colour) })}
          transform={`translate(${left + i * step},${box.h - 45})`}
        >
          <Chest colour={colour} size={size} lang={lang} hit />
        </Thing>
      ))}
    </g>
  );
}

function Supply(props: { view: TView; box: Box; lang: Lang }) {
  const { view, box, lang } = props;
  const bag = w(lang, "bag", { n: view.bag });
  const tiles = w(lang, "supply", { tiles: view.treasure_tiles_left, bonus: view.bonus_tiles_left });
  const short = w(lang, "supply.short", { tiles: view.treasure_tiles_left, bonus: view.bonus_tiles_left });
  return (
    <g transform={`translate(${box.x},${box.y})`} role="group" aria-label={`${bag}. ${tiles}`}>
      <rect width={box.w} height={box.h} rx={8} fill={PAPER} stroke={LINE} />
      <text x={10} y={20} font-size={15} font-weight="bold" {...fit(bag, 15, box.w - 20)}>
        {bag}
      </text>
      {COLOURS.map((colour, i) => {
        const n = view.bag_colours[colour] ?? 0;
        return (
          <g
            key={colour}
            transform={`translate(${10 + i * 43},${30})`}
            role="img"
            aria-label={w(lang, "bag.colour", { n, colour: colourWord(lang, colour) })}
          >
            <g opacity={n === 0 ? 0.45 : undefined}>
              <Chest colour={colour} size={20} lang={lang} />
            </g>
            <text x={23} y={16} font-size={14}>
              {n}
            </text>
          </g>
        );
      })}
      <g role="img" aria-label={tiles}>
        <title>{tiles}</title>
        <text x={10} y={box.h - 10} font-size={14} {...fit(short, 14, box.w - 20)}>
          {short}
        </text>
      </g>
    </g>
  );
}

// -- a player board in full ------------------------------------------------------------------

const INNER = 464; // panel width minus padding
const PAD = 8;
const AREA_W: Record<AreaName, number> = { tortuga: 136, fleet: 112, crew: 112, island: 92 };
const AREA_X: Record<AreaName, number> = { tortuga: 0, fleet: 140, crew: 256, island: 372 };
const SPACE_W = (INNER - 4 * 5) / 5;
const Y = { fleet: 44, crew: 78, areas: 112, spaces: 194, hand: 298 } as const;

/** Where a mark goes on a full board (panel coordinates). */
function fullPlace(place: MarkPlace): Box | null {
  switch (place.kind) {
    case "track":
      return { x: PAD + 86 + (place.box - 1) * 34, y: Y[place.track], w: 32, h: 28 };
    case "area":
      return { x: PAD + AREA_X[place.area], y: Y.areas + 18, w: AREA_W[place.area], h: 56 };
    case "space": {
      const i = ["fleet", "crew", "hunt", "board", "raid"].indexOf(place.action);
      return { x: PAD + i * (SPACE_W + 5), y: Y.spaces, w: SPACE_W, h: 98 };
    }
    case "tiles":
      return { x: PAD + 376, y: Y.hand + 22, w: 30, h: 38 };
    case "hand":
      return { x: PAD, y: Y.hand + 20, w: 356, h: 50 };
    default:
      return null;
  }
}

function Track(props: { seat: number; which: "fleet" | "crew"; box: number; y: number; lang: Lang }) {
  const { seat, which, box, y, lang } = props;
  const cap = CAPACITY[box] ?? 0;
  const label = w(lang, "track.label", {
    track: w(lang, `track.${which}.long`),
    token: w(lang, `token.${which}`),
    box,
    n: cap,
  });
  const tier = (b: number) => CAPACITY[b] ?? 0;
  return (
    <g transform={`translate(0,${y})`} role="img" aria-label={label}>
      <title>{label}</title>
      <text x={0} y={20} font-size={15} font-weight="bold" {...fit(w(lang, `track.${which}`), 15, 82, true)}>
        {w(lang, `track.${which}`)}
      </text>
      {Array.from({ length: TRACK_BOXES }, (_, i) => {
        const b = i + 1;
        const x = 86 + i * 34;
        return (
          <g key={b}>
            <rect x={x} y={0} width={32} height={28} rx={3} fill={tier(b) % 2 ? "#efe3c4" : "#e2d2a8"} stroke={LINE} />
            <text x={x + 3} y={11} font-size={10} fill="#5a4a30">
              {b}
            </text>
          </g>
        );
      })}
      {/* one token that slides from box to box */}
      <SeatShape seat={seat} r={10} x={86 + (box - 1) * 34 + 17} y={16} animate />
      <text x={86 + 8 * 34 + 6} y={20} font-size={14}>
        {w(lang, "max", { n: cap })}
      </text>
    </g>
  );
}

function Areas(props: { view: TView; s: number; ctx: Ctx; y: number }) {
  const { view, s, ctx, y } = props;
  const lang = ctx.lang;
  const seat = view.seats[s]!;
  const transit = moving(view);
  const d = view.decision;
  return (
    <g transform={`translate(0,${y})`}>
      {AREAS.map((area) => {
        const width = AREA_W[area];
        const ax = AREA_X[area];
        const chests = seat[area];
        const cap = area === "fleet" ? seat.fleet_capacity : area === "crew" ? seat.crew_capacity : 0;
        const title =
          area === "tortuga" ? `${w(lang, "area.tortuga")} ${chests.length}/${view.goal}` : w(lang, `area.${area}`);
        const here = transit && transit.seat === s && transit.source === area ? transit : null;
        const aimed = d?.kind === "seize" && d.target === s && d.area === area;
        const long = w(lang, `long.${area}`);
        const label = `${long}: ${chests.length ? chests.map((c) => colourWord(lang, c)).join(", ") : "—"}${
          cap ? ` (${w(lang, "max", { n: cap })})` : ""
        }`;
        const size = 22;
        const slots = area === "fleet" || area === "crew" ? 4 : 0;
        const grid = slots
          ? Array.from({ length: Math.max(slots, chests.length) }, (_, i) => ({ x: i * 26, y: 13 }))
          : chestGrid(chests.length, width - 10, 2, size).map((p, _i, all) =>
              all.every((q) => q.y === 0) ? { x: p.x, y: 13 } : p,
            );
        return (
          <g key={area} transform={`translate(${ax},0)`} role="group" aria-label={label}>
            <text x={width / 2} y={13} font-size={14} font-weight="bold" text-anchor="middle" {...fit(title, 14, width - 4, true)}>
              {title}
            </text>
            <rect
              y={18}
              width={width}
              height={56}
              rx={6}
              fill={area === "tortuga" ? "#d8ecf3" : area === "island" ? "#dcebc9" : "#f3ead3"}
              stroke={here || aimed ? "#b35c00" : LINE}
              stroke-width={here || aimed ? 3 : 1}
            />
            {slots > 0 &&
              Array.from({ length: slots }, (_, i) => {
                const open = i < cap;
                return (
                  <g key={`slot${i}`} role="img" aria-label={w(lang, open ? "slot.empty" : "slot.closed")}>
                    <rect
                      x={5 + grid[i]!.x}
                      y={23 + grid[i]!.y}
                      width={size}
                      height={size}
                      rx={4}
                      fill={open ? "none" : "#0002"}
                      stroke={open ? "#8a7650" : "#0003"}
                      stroke-dasharray={open ? "3 2" : undefined}
                    />
                    {!open && (
                      <path
                        d={`M${5 + grid[i]!.x + 3},${23 + grid[i]!.y + size - 3}L${5 + grid[i]!.x + size - 3},${23 + grid[i]!.y + 3}`}
                        stroke="#0004"
                      />
                    )}
                  </g>
                );
              })}
            {chests.map((colour, i) => (
              <Thing
                key={`${area}${i}-${colour}`}
                ctx={ctx}
                label={w(lang, "chest.at", { colour: colourWord(lang, colour), area: long, n: i + 1 })}
                transform={`translate(${5 + grid[i]!.x},${23 + grid[i]!.y})`}
              >
                <Chest colour={colour} size={size} lang={lang} />
              </Thing>
            ))}
            {here &&
              here.chests.map(([colour, n], i) => (
                <g
                  key={`m${colour}`}
                  transform={`translate(${5 + (i % 3) * 29},${23 + Math.floor(i / 3) * 26})`}
                  role="img"
                  aria-label={w(lang, "chest.moving", { colour: colourWord(lang, colour), n })}
                >
                  <Chest colour={colour} size={size} lang={lang} />
                  {n > 1 && (
                    <text x={size + 1} y={size - 2} font-size={12} font-weight="bold">
                      {`×${n}`}
                    </text>
                  )}
                </g>
              ))}
          </g>
        );
      })}
    </g>
  );
}

function Spaces(props: { view: TView; s: number; own: boolean; ctx: Ctx; y: number }) {
  const { view, s, own, ctx, y } = props;
  const lang = ctx.lang;
  const spaces = actionSpaces(view.seats[s]!);
  const width = SPACE_W;
  const current = view.phase === "actions" ? view.action : null;
  return (
    <g transform={`translate(0,${y})`}>
      {spaces.map((space, i) => {
        const x = i * (width + 5);
        const name = actionName(lang, space.action);
        const bonus = space.bonus ? ` + ${w(lang, "bonus", { n: space.bonus, action: name })}` : "";
        const long = space.dice.length
          ? w(lang, "space", {
              action: name,
              dice: space.dice.map((d) => w(lang, "die.placed", d)).join(", "),
              bonus,
              total: space.total,
            })
          : `${w(lang, "space.nodice", { action: name })}${bonus}`;
        const short = w(lang, `short.${space.action}`);
        // The visible words first (the short name, the dice, the bonus tile, the total), then
        // the long description.
        const seen = [
          short,
          ...space.dice.map((d) => String(d.number)),
          ...(space.bonus ? [`+${space.bonus}`] : []),
          ...(space.dice.length ? [`= ${space.total}`] : []),
        ].join(" ");
        const mark = seatMark(s);
        return (
          <Thing
            key={space.action}
            ctx={ctx}
            k={own ? `space:${space.action}` : undefined}
            label={`${seen}. ${long}`}
            transform={`translate(${x},0)`}
          >
            <rect
              class="hit"
              width={width}
              height={98}
              rx={6}
              fill={current === space.action ? "#ffe9a8" : "#f3ead3"}
              stroke={LINE}
              stroke-width={current === space.action ? 2 : 1}
            />
            {space.dice.map((d, j) => (
              <rect
                key={d.letter}
                class="t-die"
                x={width / 2 - 38 + (j % 3) * 26}
                y={24 + Math.floor(j / 3) * 25}
                width={23}
                height={23}
                rx={4}
                fill={mark.fill}
                stroke="#000"
              />
            ))}
            {space.bonus > 0 && <rect x={5} y={75} width={30} height={19} rx={3} fill="#fff" stroke="#b8860b" stroke-width={1.5} />}
            {/* One text in the label's order (name, dice, bonus, total), spaces between. */}
            <text font-weight="bold">
              <tspan x={width / 2} y={17} font-size={14} text-anchor="middle" {...fit(short, 14, width - 6, true)}>
                {short}
              </tspan>
              {space.dice.map((d, j) => (
                <Fragment key={d.letter}>
                  {" "}
                  <tspan
                    x={width / 2 - 38 + (j % 3) * 26 + 11.5}
                    y={24 + Math.floor(j / 3) * 25 + 17}
                    font-size={15}
                    text-anchor="middle"
                    fill={mark.ink}
                  >
                    {d.number}
                  </tspan>
                </Fragment>
              ))}
              {space.bonus > 0 && " "}
              {space.bonus > 0 && (
                <tspan x={20} y={89} font-size={13} text-anchor="middle" fill="#6b4a00">
                  {`+${space.bonus}`}
                </tspan>
              )}
              {space.dice.length > 0 && " "}
              {space.dice.length > 0 && (
                <tspan x={width - 6} y={90} font-size={15} text-anchor="end">
                  {`= ${space.total}`}
                </tspan>
              )}
            </text>
          </Thing>
        );
      })}
    </g>
  );
}

/** The chests the seat clicks in this decision, big: those it may seize from the target's area,
 * or those in transit to place (their area is outlined where they lie). */
function trayChests(view: TView, s: number): { key: string; colour: Colour; label: (lang: Lang) => string; n?: number }[] {
  const d = view.decision;
  if (!d || d.seat !== s) return [];
  if (d.kind === "seize" && d.target !== undefined && d.area) {
    const area = d.area;
    const target = d.target;
    return view.seats[target]![area].map((colour, i) => ({
      key: `chest:${target}:${area}:${i}`,
      colour,
      label: (lang: Lang) => w(lang, "chest.at", { colour: colourWord(lang, colour), area: w(lang, `long.${area}`), n: i + 1 }),
    }));
  }
  const transit = moving(view);
  if (transit && transit.seat === s) {
    return transit.chests.map(([colour, n]) => ({
      key: `chest:${s}:${transit.source}:${colour}`,
      colour,
      n,
      label: (lang: Lang) => w(lang, "chest.moving", { colour: colourWord(lang, colour), n }),
    }));
  }
  return [];
}

function Hand(props: { view: TView; s: number; own: boolean; ctx: Ctx; y: number; selecting: boolean }) {
  const { view, s, own, ctx, y, selecting } = props;
  const lang = ctx.lang;
  const seat = view.seats[s]!;
  const model = hand(view, s);
  const mark = seatMark(s);
  const looking = lookingAt(seat);
  const transit = moving(view);
  const tray = own ? trayChests(view, s) : [];
  const d = view.decision;
  let caption = "";
  if (seat.score) caption = "";
  else if (model.state === "turn") caption = w(lang, "hand.turn");
  else if (model.state === "hidden") caption = w(lang, seat.chosen ? "hand.chosen" : "hand.choosing");
  else if (model.state === "rolled")
    caption =
      own && seat.selection
        ? w(lang, "hand.your.chosen", { dice: seat.selection.join(", ") || "—" })
        : w(lang, "hand.rolled");
  else if (looking.count > 0) caption = looking.coins ? w(lang, "tile.keep") : w(lang, "tile.looking", { n: looking.count });
  else if (transit && transit.seat === s)
    caption = `${w(lang, "hand.moving")} ${w(lang, "hand.moving.to", { area: w(lang, `long.${transit.destination}`) })}`;
  else if (d?.kind === "seize" && d.seat === s && d.target !== undefined)
    caption = statusWords(view, lang, view.seat_names ?? []);
  else if (view.phase === "roll")
    caption =
      seat.dice_left === 0
        ? w(lang, "hand.done")
        : w(lang, seat.dice_left === 1 ? "hand.left.1" : "hand.left", { n: seat.dice_left });
  const tilesText = seat.coins
    ? w(lang, "tiles.coins", { n: seat.treasure_tiles, coins: seat.coins.join("+") || "0" })
    : w(lang, "tiles", { n: seat.treasure_tiles });
  return (
    <g transform={`translate(0,${y})`}>
      <text x={0} y={14} font-size={14} font-style="italic" {...fit(caption, 14, 370)}>
        {caption}
      </text>
      {seat.score && (
        <g role="img" aria-label={`${w(lang, "score.1", seat.score)}, ${w(lang, "score.2", seat.score)}`}>
          <text x={0} y={20} font-size={14}>
            {w(lang, "score.1", seat.score)}
          </text>
          <text x={0} y={40} font-size={14}>
            {w(lang, "score.2", seat.score)}
          </text>
          <text x={0} y={62} font-size={16} font-weight="bold">
            {w(lang, "score.total", { n: seat.score.total })}
          </text>
        </g>
      )}
      {model.dice.map((die, i) => {
        const x = i * 72;
        const face = die.face;
        const word = face ? (face === "skull" ? w(lang, "face.skull") : w(lang, `short.${face}`)) : "";
        const number = face && face !== "skull" ? String(dieNumber(die.letter, face)) : face ? "" : "?";
        const long = face
          ? `${w(lang, "die.face", { letter: die.letter, face: faceWords(lang, die.letter, face) })}${
              die.kept ? ` (${w(lang, "die.kept")})` : ""
            }`
          : w(lang, "die.down", { letter: die.letter });
        // The visible words first (letter, action, number), then the long words.
        const label = face ? `${die.letter} ${word} ${number}`.trim() + `. ${long}` : long;
        const key = own && model.state === "rolled" ? `die:${die.letter}` : undefined;
        const reason =
          key && selecting && !ctx.clickable.has(key) ? dieReason(die.letter, view, ctx.picked, lang, true) : null;
        return (
          <Thing key={die.letter} ctx={ctx} k={key} label={label} disabled={reason} transform={`translate(${x},${20})`}>
            <rect
              class="hit"
              width={68}
              height={50}
              rx={7}
              fill={face ? mark.fill : "#4a4a4a"}
              stroke={die.kept ? "#006e50" : "#000"}
              stroke-width={die.kept ? 4 : 1.5}
            />
            {face ? (
              // One text, its parts in the label's order with spaces between them, so that the
              // visible words read as the start of the accessible name.
              <text fill={mark.ink} font-weight="bold">
                <tspan x={7} y={19} font-size={15}>
                  {die.letter}
                </tspan>{" "}
                <tspan x={34} y={42} font-size={13} font-weight="normal" text-anchor="middle" {...fit(word, 13, 62)}>
                  {word}
                </tspan>
                {number && " "}
                {number && (
                  <tspan x={61} y={21} font-size={19} text-anchor="end">
                    {number}
                  </tspan>
                )}
              </text>
            ) : (
              <g fill="#fff">
                <text x={34} y={32} font-size={20} font-weight="bold" text-anchor="middle">
                  ?
                </text>
              </g>
            )}
            {reason && <path class="t-no" d="M6 44L62 6" stroke="#000" stroke-width={3} opacity={0.55} />}
          </Thing>
        );
      })}
      {model.dice.length === 0 &&
        looking.count > 0 &&
        Array.from({ length: looking.count }, (_, i) => {
          const coins = looking.coins?.[i];
          const first = coins !== undefined && looking.coins!.indexOf(coins) === i;
          const word = coins !== undefined ? w(lang, coins === 1 ? "coin" : "coins", { n: coins }) : "";
          return (
            <Thing
              key={`tile${i}`}
              ctx={ctx}
              k={own && coins !== undefined && first ? `tile:${coins}` : undefined}
              label={coins !== undefined ? `${word}. ${w(lang, "tile.face", { n: coins })}` : w(lang, "tile.back")}
              transform={`translate(${i * 80},${20})`}
            >
              <rect class="hit" width={72} height={50} rx={7} fill={coins !== undefined ? "#f4d67a" : "#3d6f8e"} stroke="#000" />
              {coins === undefined && (
                <text x={36} y={32} font-size={20} font-weight="bold" text-anchor="middle" fill="#fff">
                  ?
                </text>
              )}
              {coins !== undefined && (
                <text x={36} y={36} font-size={17} font-weight="bold" text-anchor="middle">
                  {word}
                </text>
              )}
            </Thing>
          );
        })}
      {model.dice.length === 0 &&
        tray.map((chest, i) => (
          <Thing
            key={chest.key}
            ctx={ctx}
            k={chest.key}
            label={chest.n !== undefined && chest.n > 1 ? `${w(lang, `letter.${chest.colour}`)} ×${chest.n}. ${chest.label(lang)}` : chest.label(lang)}
            transform={`translate(${4 + i * 52},${24})`}>
            <Chest colour={chest.colour} size={40} lang={lang} hit />
            {chest.n !== undefined && chest.n > 1 && (
              <text x={42} y={14} font-size={13} font-weight="bold">
                {`×${chest.n}`}
              </text>
            )}
          </Thing>
        ))}
      <g role="img" aria-label={tilesText}>
        <title>{tilesText}</title>
        <rect
          x={376}
          y={22}
          width={30}
          height={38}
          rx={4}
          fill={seat.treasure_tiles ? "#3d6f8e" : "none"}
          stroke="#3d6f8e"
          stroke-dasharray={seat.treasure_tiles ? undefined : "3 2"}
        />
        <text x={391} y={47} font-size={15} font-weight="bold" text-anchor="middle" fill={seat.treasure_tiles ? "#fff" : "#2c5470"}>
          {seat.treasure_tiles}
        </text>
        {seat.coins && seat.coins.length > 0 && (
          <text x={412} y={47} font-size={14} {...fit(seat.coins.join("+"), 14, 52)}>
            {seat.coins.join("+")}
          </text>
        )}
        <text x={376} y={14} font-size={12} fill="#2c5470">
          {w(lang, "tiles.short")}
        </text>
      </g>
    </g>
  );
}

interface PanelProps {
  view: TView;
  s: number;
  me: number | null;
  box: Box;
  ctx: Ctx;
  names: readonly string[];
  selecting: boolean;
}

function seatHeader(view: TView, s: number, me: number | null, names: readonly string[], lang: Lang) {
  const seat: SeatView = view.seats[s]!;
  const name = names[s] ?? view.seat_names?.[s] ?? seat.name;
  return {
    name,
    own: me === s,
    toMove: (view.to_move ?? []).includes(s) && view.phase !== "over",
    start: view.start_player === s,
    winner: view.phase === "over" && (view.winners ?? []).includes(s),
    label: me === s ? w(lang, "board.yours", { name }) : w(lang, "board.of", { name }),
  };
}

/** The whole board of another seat as one button, when it can be boarded or raided: an outline
 * over it with no words of its own (its label says whose board it is). */
function SeatTarget(props: { ctx: Ctx; s: number; box: Box; label: string }) {
  const { ctx, s, box } = props;
  const k = `seat:${s}`;
  if (!ctx.clickable.has(k)) return null;
  return (
    <Thing ctx={ctx} k={k} label={props.label}>
      <rect class="hit" x={1} y={1} width={box.w - 2} height={box.h - 2} rx={10} fill="#ffffff01" />
    </Thing>
  );
}

function Panel(props: PanelProps) {
  const { view, s, me, box, ctx, names } = props;
  const lang = ctx.lang;
  const h = seatHeader(view, s, me, names, lang);
  const mark = seatMark(s);
  const score = view.scores?.[s];
  const seat = view.seats[s]!;
  return (
    <g transform={`translate(${box.x},${box.y})`}>
      <g role="group" aria-label={`${h.label}. ${summary(view, s, lang)}`}>
        <rect width={box.w} height={box.h} rx={10} fill={PAPER} stroke={h.own ? "#000" : LINE} stroke-width={h.own ? 3 : 1.5} />
        <rect width={box.w} height={36} rx={10} fill={mark.fill} />
        <rect y={26} width={box.w} height={10} fill={mark.fill} />
        <path d={shapePath(mark.shape, 11)} transform="translate(22,18)" fill={mark.fill} stroke={mark.ink} stroke-width={2} />
        <text x={40} y={24} font-size={17} fill={mark.ink}>
          <tspan font-weight="bold">{h.name}</tspan>
          {h.own && <tspan>{` (${w(lang, "you")})`}</tspan>}
          {h.start && <tspan font-size={14}>{` · ${w(lang, "start")}`}</tspan>}
          {h.toMove && <tspan font-size={14}>{` · ${w(lang, "to.move")}`}</tspan>}
          {h.winner && <tspan font-size={15} font-weight="bold">{` · ${w(lang, "winner")}`}</tspan>}
        </text>
        {score !== undefined && (
          <text x={box.w - 10} y={24} font-size={15} font-weight="bold" text-anchor="end" fill={mark.ink}>
            <title>{w(lang, "points.long", { n: score })}</title>
            {w(lang, "points", { n: score })}
          </text>
        )}
        {h.toMove && <rect x={2} y={2} width={box.w - 4} height={box.h - 4} rx={9} fill="none" stroke="#b35c00" stroke-width={3} />}
        <g transform={`translate(${PAD},0)`}>
          <Track seat={s} which="fleet" box={seat.fleet_box} y={Y.fleet} lang={lang} />
          <Track seat={s} which="crew" box={seat.crew_box} y={Y.crew} lang={lang} />
          <Areas view={view} s={s} ctx={ctx} y={Y.areas} />
          <Spaces view={view} s={s} own={h.own} ctx={ctx} y={Y.spaces} />
          <Hand view={view} s={s} own={h.own} ctx={ctx} y={Y.hand} selecting={h.own && props.selecting} />
        </g>
      </g>
      <Marks marks={ctx.marks.filter((m) => m.place.on === s)} where={fullPlace} />
      <SeatTarget ctx={ctx} s={s} box={box} label={`${h.label}. ${summary(view, s, lang)}`} />
    </g>
  );
}

// -- another seat's board as a strip (phones) --------------------------------------------------

const STRIP_AREA_W: Record<AreaName, number> = { tortuga: 104, fleet: 70, crew: 70, island: 56 };
const STRIP_AREA_X: Record<AreaName, number> = { tortuga: 160, fleet: 268, crew: 342, island: 416 };
const STRIP_SPACE_W = 60;

function stripPlace(place: MarkPlace): Box | null {
  switch (place.kind) {
    case "track":
      return { x: 48 + (place.box - 1) * 13, y: place.track === "fleet" ? 28 : 48, w: 13, h: 16 };
    case "area":
      return { x: STRIP_AREA_X[place.area], y: 40, w: STRIP_AREA_W[place.area], h: 18 };
    case "space": {
      const i = ["fleet", "crew", "hunt", "board", "raid"].indexOf(place.action);
      return { x: 160 + i * (STRIP_SPACE_W + 4), y: 62, w: STRIP_SPACE_W, h: 20 };
    }
    case "tiles":
    case "hand":
      return { x: 4, y: 67, w: 146, h: 16 };
    default:
      return null;
  }
}

function Strip(props: PanelProps) {
  const { view, s, me, box, ctx, names } = props;
  const lang = ctx.lang;
  const h = seatHeader(view, s, me, names, lang);
  const mark = seatMark(s);
  const seat = view.seats[s]!;
  const score = view.scores?.[s];
  const d = view.decision;
  const model = hand(view, s);
  const state =
    model.state === "hidden"
      ? w(lang, seat.chosen ? "hand.chosen" : "hand.choosing")
      : model.state === "turn"
        ? w(lang, "hand.turn")
        : "";
  const tiles = `${w(lang, "tiles.short")} ${seat.treasure_tiles}${seat.coins ? ` (${seat.coins.join("+") || "0"})` : ""}`;
  return (
    <g transform={`translate(${box.x},${box.y})`}>
      <g role="group" aria-label={`${h.label}. ${summary(view, s, lang)}`}>
        <rect width={box.w} height={STRIP_H} rx={8} fill={PAPER} stroke={LINE} stroke-width={1.5} />
        <rect width={box.w} height={22} rx={8} fill={mark.fill} />
        <rect y={14} width={box.w} height={8} fill={mark.fill} />
        <path d={shapePath(mark.shape, 8)} transform="translate(13,11)" fill={mark.fill} stroke={mark.ink} stroke-width={1.5} />
        <text x={26} y={16} font-size={14} fill={mark.ink}>
          <tspan font-weight="bold">{h.name}</tspan>
          {h.start && <tspan font-size={12}>{` · ${w(lang, "start")}`}</tspan>}
          {h.toMove && <tspan font-size={12}>{` · ${w(lang, "to.move")}`}</tspan>}
          {h.winner && <tspan font-size={13} font-weight="bold">{` · ${w(lang, "winner")}`}</tspan>}
        </text>
        {score !== undefined && (
          <text x={box.w - 8} y={16} font-size={13} font-weight="bold" text-anchor="end" fill={mark.ink}>
            {w(lang, "points", { n: score })}
          </text>
        )}
        {h.toMove && <rect x={1.5} y={1.5} width={box.w - 3} height={STRIP_H - 3} rx={7} fill="none" stroke="#b35c00" stroke-width={3} />}
        {(["fleet", "crew"] as const).map((which) => {
          const at = which === "fleet" ? seat.fleet_box : seat.crew_box;
          const y = which === "fleet" ? 28 : 48;
          const label = w(lang, "track.label", {
            track: w(lang, `track.${which}.long`),
            token: w(lang, `token.${which}`),
            box: at,
            n: CAPACITY[at] ?? 0,
          });
          return (
            <g key={which} role="img" aria-label={label}>
              <title>{label}</title>
              <text x={4} y={y + 12} font-size={12} font-weight="bold" {...fit(w(lang, `track.${which}`), 12, 42, true)}>
                {w(lang, `track.${which}`)}
              </text>
              {Array.from({ length: TRACK_BOXES }, (_, i) => (
                <rect key={i} x={48 + i * 13} y={y} width={13} height={16} fill={i % 2 ? "#efe3c4" : "#e2d2a8"} stroke={LINE} stroke-width={0.6} />
              ))}
              <SeatShape seat={s} r={6} x={48 + (at - 1) * 13 + 6.5} y={y + 8} animate />
            </g>
          );
        })}
        <text x={4} y={80} font-size={12} {...fit(`${tiles}${state ? ` · ${state}` : ""}`, 12, 146)}>
          {`${tiles}${state ? ` · ${state}` : ""}`}
        </text>
        {AREAS.map((area) => {
          const chests = seat[area];
          const aw = STRIP_AREA_W[area];
          const aimed = d?.kind === "seize" && d.target === s && d.area === area;
          const label = `${w(lang, `long.${area}`)}: ${chests.length ? chests.map((c) => colourWord(lang, c)).join(", ") : "—"}`;
          const grid = chestGrid(chests.length, aw - 4, 1, 14);
          const title = area === "tortuga" ? `${w(lang, "area.tortuga")} ${chests.length}/${view.goal}` : w(lang, `area.${area}`);
          return (
            <g key={area} transform={`translate(${STRIP_AREA_X[area]},0)`} role="img" aria-label={label}>
              <title>{label}</title>
              <text x={aw / 2} y={36} font-size={11} font-weight="bold" text-anchor="middle" {...fit(title, 11, aw - 2, true)}>
                {title}
              </text>
              <rect
                y={40}
                width={aw}
                height={18}
                rx={3}
                fill={area === "tortuga" ? "#d8ecf3" : area === "island" ? "#dcebc9" : "#f3ead3"}
                stroke={aimed ? "#b35c00" : LINE}
                stroke-width={aimed ? 2.5 : 0.8}
              />
              {chests.map((colour, i) => (
                <g key={`${i}-${colour}`} transform={`translate(${2 + grid[i]!.x},${42})`}>
                  <Chest colour={colour} size={14} lang={lang} />
                </g>
              ))}
            </g>
          );
        })}
        {actionSpaces(seat).map((space, i) => {
          const text = `${w(lang, `short.${space.action}`)}${space.dice.length ? ` ${space.total}` : ""}${
            space.bonus ? ` (+${space.bonus})` : ""
          }`;
          const current = view.phase === "actions" && view.action === space.action;
          return (
            <g key={space.action} transform={`translate(${160 + i * (STRIP_SPACE_W + 4)},62)`}>
              <rect width={STRIP_SPACE_W} height={20} rx={3} fill={current ? "#ffe9a8" : "#f3ead3"} stroke={LINE} stroke-width={0.8} />
              <text x={3} y={15} font-size={12} font-weight={space.dice.length ? "bold" : undefined} {...fit(text, 12, STRIP_SPACE_W - 6)}>
                {text}
              </text>
            </g>
          );
        })}
      </g>
      <Marks marks={ctx.marks.filter((m) => m.place.on === s)} where={stripPlace} />
      <SeatTarget ctx={ctx} s={s} box={{ ...box, h: STRIP_H }} label={`${h.label}. ${summary(view, s, lang)}`} />
    </g>
  );
}

// -- the board -------------------------------------------------------------------------------

/** Whether the parent is narrow (a phone): then the compact layout. */
function useCompact(ref: { current: SVGSVGElement | null }): boolean {
  const [compact, setCompact] = useState(false);
  useLayoutEffect(() => {
    const parent = ref.current?.parentElement;
    if (!parent || typeof ResizeObserver === "undefined") return;
    const update = () => setCompact(parent.clientWidth < 760);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(parent);
    return () => observer.disconnect();
  }, []);
  return compact;
}

/**
 * Focus stays on the board through a multi-step move: when the focused thing is redrawn away
 * (a die kept, a step taken), focus goes to the same key if it is still there, else to the
 * first thing to click now, instead of dropping to <body>.
 */
function useBoardFocus(ref: { current: SVGSVGElement | null }) {
  const inside = useRef(false);
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const onIn = (e: FocusEvent) => {
      inside.current = true;
      const key = (e.target as Element | null)?.getAttribute?.("data-key");
      if (key) lastKey.current = key;
    };
    const onOut = (e: FocusEvent) => {
      const next = e.relatedTarget as Node | null;
      if (next && !svg.contains(next)) inside.current = false;
    };
    svg.addEventListener("focusin", onIn);
    svg.addEventListener("focusout", onOut);
    return () => {
      svg.removeEventListener("focusin", onIn);
      svg.removeEventListener("focusout", onOut);
    };
  }, []);
  useEffect(() => {
    const svg = ref.current;
    if (!svg || !inside.current || typeof document === "undefined") return;
    const active = document.activeElement;
    if (active && active !== document.body && svg.contains(active) && active.getAttribute("tabindex") !== null) return;
    if (active && active !== document.body && !svg.contains(active)) return;
    const same = lastKey.current ? svg.querySelector<SVGGElement>(`[data-key="${CSS.escape(lastKey.current)}"][tabindex]`) : null;
    const next = same ?? svg.querySelector<SVGGElement>(".clickable[tabindex]");
    next?.focus();
  });
}

export function TortugaBoard(props: BoardProps) {
  const view = asView(props.view);
  const ref = useRef<SVGSVGElement>(null);
  const compact = useCompact(ref);
  useBoardFocus(ref);
  const me = props.seat ?? (typeof view.seat === "number" ? view.seat : null);
  const order = seatOrder(view.players, me);
  const plan = compact ? compactLayout(view.players) : layout(view.players, 2);
  const marks = lastMoveMarks(props.lastMoves);
  const ctx: Ctx = { lang: props.lang, clickable: props.clickable, picked: props.picked, onPick: props.onPick, marks };
  const names = props.names.length ? props.names : (view.seat_names ?? []);
  const d = view.decision;
  const selecting =
    me !== null &&
    (view.to_move ?? []).includes(me) &&
    (d?.kind === "select" || (d?.kind === "reselect" && d.seat === me));
  const centre = (place: MarkPlace): Box | null =>
    place.kind === "center" ? plan.island : place.kind === "bag" ? plan.supply : null;
  return (
    <svg
      ref={ref}
      class={`board t-board${compact ? " t-compact" : ""}`}
      viewBox={`0 0 ${plan.width} ${plan.height}`}
      role="group"
      aria-label={`Tortuga · ${statusWords(view, props.lang, names)}`}
      font-family={FONT}
    >
      <Status view={view} box={plan.status} lang={props.lang} names={names} compact={compact} />
      <CentreIsland view={view} box={plan.island} ctx={ctx} />
      <Supply view={view} box={plan.supply} lang={props.lang} />
      <Marks marks={marks.filter((m) => m.place.on === null)} where={centre} />
      {order.map((s, i) =>
        compact && i > 0 ? (
          <Strip key={s} view={view} s={s} me={me} box={plan.panels[i]!} ctx={ctx} names={names} selecting={false} />
        ) : (
          <Panel key={s} view={view} s={s} me={me} box={plan.panels[i]!} ctx={ctx} names={names} selecting={selecting} />
        ),
      )}
    </svg>
  );
}
