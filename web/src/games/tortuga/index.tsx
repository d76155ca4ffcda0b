/** Tortuga, the dice game: every seat's player board (tracks, chest areas, action spaces with
 * dice and bonus tiles, the roll), the centre island, the bag and the tiles left.
 *
 * Board keys (GameUI.path):
 *   select {dice}      → die:A, die:C ...      (the seat's own rolled dice, in letter order)
 *   turn {action}      → space:ACTION          (the seat's own action space)
 *   bonus {space}      → space:ACTION
 *   perform            → space:ACTION          (the action being resolved)
 *   forfeit            → []                    (a button)
 *   attack {target}    → seat:N                (that seat's whole board)
 *   keep {coins}       → tile:N                (the treasure tile looked at, by its coins)
 *   seize {index}      → chest:SEAT:AREA:INDEX (the chest in the target's fleet or crew area)
 *   claim {colour}     → chest:center:COLOUR   (the chest on the centre island)
 *   place {colour}     → chest:SEAT:SOURCE:COLOUR (the chests in transit, drawn in the area they
 *                                              were picked up from, one key per colour)
 *   select {dice: []}  → []                    (nothing can be placed: a button)
 */

import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Lang } from "../../i18n";
import type { Action, View } from "../../protocol";
import { seatMark, shapePath } from "../palette";
import type { BoardProps, GameUI } from "../types";
import {
  AREAS,
  CAPACITY,
  COLOURS,
  TRACK_BOXES,
  actionPath,
  actionSpaces,
  asView,
  chestGrid,
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
import { HOW_TO, TERMS, actionName, colourWord, describeChoice, faceWords, statusWords, summary, w } from "./words";

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

/** A board thing: clickable (a button) when its key is in `clickable`, else labelled only. */
function Thing(props: {
  ctx: Ctx;
  k?: string;
  label: string;
  group?: boolean;
  transform?: string;
  children: ComponentChildren;
}) {
  const { ctx, k, label, transform, children } = props;
  const clickable = k !== undefined && ctx.clickable.has(k);
  const picked = k !== undefined && ctx.picked.includes(k);
  if (clickable) {
    return (
      <g
        data-key={k}
        class={picked ? "clickable picked" : "clickable"}
        role="button"
        tabindex={0}
        aria-label={label}
        transform={transform}
        onClick={() => ctx.onPick(k)}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            ctx.onPick(k);
          }
        }}
      >
        <title>{label}</title>
        {children}
      </g>
    );
  }
  return (
    <g
      data-key={k}
      class={picked ? "picked" : undefined}
      role={props.group ? "group" : "img"}
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
        <rect class="hit" x={-3} y={-3} width={size + 6} height={size + 6} rx={6} fill="none" stroke="none" />
      )}
      <rect x={0} y={0} width={size} height={size} rx={4} fill={CHEST_FILL[colour]} stroke="#222" stroke-width={1.2} />
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
    </>
  );
}

function SeatShape(props: { seat: number; r: number; x: number; y: number }) {
  const mark = seatMark(props.seat);
  return (
    <path
      d={shapePath(mark.shape, props.r)}
      transform={`translate(${props.x},${props.y})`}
      fill={mark.fill}
      stroke="#000"
      stroke-width={1.5}
    />
  );
}

// -- the centre ----------------------------------------------------------------------------------

function Status(props: { view: TView; box: Box; lang: Lang; names: readonly string[] }) {
  const { view, box, lang } = props;
  const phase = w(lang, `phase.${view.phase}`);
  const title =
    view.phase === "actions" && view.action
      ? `${w(lang, "round", { n: view.round })} · ${phase}: ${actionName(lang, view.action)}`
      : `${w(lang, "round", { n: view.round })} · ${phase}`;
  const status = statusWords(view, lang, props.names);
  const inner = box.w - 20;
  const lines = wrap(status, 15, inner);
  return (
    <g
      transform={`translate(${box.x},${box.y})`}
      role="group"
      aria-label={`${title}. ${status}. ${w(lang, "goal", { n: view.goal })}`}
    >
      <rect width={box.w} height={box.h} rx={8} fill="#0b3954" />
      <text x={10} y={23} font-size={17} font-weight="bold" fill="#fff" {...fit(title, 17, inner, true)}>
        {title}
      </text>
      {lines.map((line, i) => (
        <text x={10} y={45 + i * 19} font-size={15} fill="#ffe9a8" {...fit(line, 15, inner)}>
          {line}
        </text>
      ))}
      {lines.length === 1 && (
        <text x={10} y={65} font-size={14} fill="#dfe9f0">
          {w(lang, "goal", { n: view.goal })}
        </text>
      )}
      {view.players === 2 && (
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
  const size = 28;
  const chests = view.center_island;
  const label = `${w(lang, "island")}: ${chests.length ? chests.map((c) => colourWord(lang, c)).join(", ") : w(lang, "island.empty")}`;
  return (
    <g transform={`translate(${box.x},${box.y})`} role="group" aria-label={label}>
      <rect width={box.w} height={box.h} rx={8} fill="#e9dcb5" stroke={LINE} />
      <ellipse cx={box.w / 2} cy={58} rx={box.w / 2 - 10} ry={26} fill="#cfe3c0" stroke="#7aa06a" />
      <text x={10} y={22} font-size={15} font-weight="bold" {...fit(w(lang, "island"), 15, box.w - 20)}>
        {w(lang, "island")}
      </text>
      {chests.length === 0 && (
        <text x={box.w / 2} y={63} font-size={14} text-anchor="middle" fill="#555">
          {w(lang, "island.empty")}
        </text>
      )}
      {chests.map((colour, i) => {
        const x = box.w / 2 - (chests.length * 36 - 8) / 2 + i * 36;
        return (
          <Thing
            ctx={ctx}
            k={`chest:center:${colour}`}
            label={w(lang, "chest", { colour: colourWord(lang, colour) })}
            transform={`translate(${x},${44})`}
          >
            <Chest colour={colour} size={size} lang={lang} hit />
          </Thing>
        );
      })}
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
      <text x={10} y={22} font-size={15} font-weight="bold" {...fit(bag, 15, box.w - 20)}>
        {bag}
      </text>
      {COLOURS.map((colour, i) => {
        const n = view.bag_colours[colour] ?? 0;
        return (
          <g
            transform={`translate(${10 + i * 43},${32})`}
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
        <text x={10} y={80} font-size={14} {...fit(short, 14, box.w - 20)}>
          {short}
        </text>
      </g>
    </g>
  );
}

// -- a player board ------------------------------------------------------------------------------

const INNER = 464; // panel width minus padding
const AREA_W: Record<AreaName, number> = { tortuga: 136, fleet: 112, crew: 112, island: 92 };

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
          <g>
            <rect
              x={x}
              y={0}
              width={32}
              height={28}
              rx={3}
              fill={tier(b) % 2 ? "#efe3c4" : "#e2d2a8"}
              stroke={LINE}
            />
            <text x={x + 3} y={11} font-size={10} fill="#6b5a3e">
              {b}
            </text>
            {b === box && <SeatShape seat={seat} r={10} x={x + 17} y={16} />}
          </g>
        );
      })}
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
  let x = 0;
  return (
    <g transform={`translate(0,${y})`}>
      {AREAS.map((area) => {
        const width = AREA_W[area];
        const ax = x;
        x += width + 4;
        const chests = seat[area];
        const cap = area === "fleet" ? seat.fleet_capacity : area === "crew" ? seat.crew_capacity : 0;
        const title =
          area === "tortuga" ? `${w(lang, "area.tortuga")} ${chests.length}/${view.goal}` : w(lang, `area.${area}`);
        const here = transit && transit.seat === s && transit.source === area ? transit : null;
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
          <g transform={`translate(${ax},0)`} role="group" aria-label={label}>
            <text x={width / 2} y={13} font-size={14} font-weight="bold" text-anchor="middle" {...fit(title, 14, width - 4, true)}>
              {title}
            </text>
            <rect
              y={18}
              width={width}
              height={56}
              rx={6}
              fill={area === "tortuga" ? "#d8ecf3" : area === "island" ? "#dcebc9" : "#f3ead3"}
              stroke={here ? "#e69f00" : LINE}
              stroke-width={here ? 2.5 : 1}
            />
            {slots > 0 &&
              Array.from({ length: slots }, (_, i) => {
                const open = i < cap;
                return (
                  <g role="img" aria-label={w(lang, open ? "slot.empty" : "slot.closed")}>
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
                ctx={ctx}
                k={`chest:${s}:${area}:${i}`}
                label={w(lang, "chest.at", { colour: colourWord(lang, colour), area: long, n: i + 1 })}
                transform={`translate(${5 + grid[i]!.x},${23 + grid[i]!.y})`}
              >
                <Chest colour={colour} size={size} lang={lang} hit />
              </Thing>
            ))}
            {here &&
              here.chests.map(([colour, n], i) => (
                <Thing
                  ctx={ctx}
                  k={`chest:${s}:${area}:${colour}`}
                  label={w(lang, "chest.moving", { colour: colourWord(lang, colour), n })}
                  transform={`translate(${5 + (i % 3) * 29},${23 + Math.floor(i / 3) * 26})`}
                >
                  <Chest colour={colour} size={size} lang={lang} hit />
                  {n > 1 && (
                    <text x={size + 1} y={size - 2} font-size={12} font-weight="bold">
                      {`×${n}`}
                    </text>
                  )}
                </Thing>
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
  const width = (INNER - 4 * 5) / 5;
  const current = view.phase === "actions" ? view.action : null;
  return (
    <g transform={`translate(0,${y})`}>
      {spaces.map((space, i) => {
        const x = i * (width + 5);
        const name = actionName(lang, space.action);
        const bonus = space.bonus ? ` + ${w(lang, "bonus", { n: space.bonus, action: name })}` : "";
        const label = space.dice.length
          ? w(lang, "space", {
              action: name,
              dice: space.dice.map((d) => w(lang, "die.placed", d)).join(", "),
              bonus,
              total: space.total,
            })
          : `${w(lang, "space.nodice", { action: name })}${bonus}`;
        const short = w(lang, `short.${space.action}`);
        return (
          <Thing ctx={ctx} k={own ? `space:${space.action}` : undefined} label={label} transform={`translate(${x},0)`}>
            <rect
              class="hit"
              width={width}
              height={98}
              rx={6}
              fill={current === space.action ? "#ffe9a8" : "#f3ead3"}
              stroke={LINE}
              stroke-width={current === space.action ? 2 : 1}
            />
            <text x={width / 2} y={17} font-size={14} font-weight="bold" text-anchor="middle" {...fit(short, 14, width - 6, true)}>
              {short}
            </text>
            {space.dice.map((d, j) => {
              const dx = width / 2 - 38 + (j % 3) * 26;
              const dy = 24 + Math.floor(j / 3) * 25;
              const mark = seatMark(s);
              return (
                <g>
                  <rect x={dx} y={dy} width={23} height={23} rx={4} fill={mark.fill} stroke="#000" />
                  <text x={dx + 11.5} y={dy + 17} font-size={15} font-weight="bold" text-anchor="middle" fill={mark.ink}>
                    {d.number}
                  </text>
                </g>
              );
            })}
            {space.bonus > 0 && (
              <g>
                <rect x={5} y={75} width={30} height={19} rx={3} fill="#fff" stroke="#b8860b" stroke-width={1.5} />
                <text x={20} y={89} font-size={13} font-weight="bold" text-anchor="middle" fill="#7a5500">
                  {`+${space.bonus}`}
                </text>
              </g>
            )}
            {space.dice.length > 0 && (
              <text x={width - 6} y={90} font-size={15} font-weight="bold" text-anchor="end">
                {`= ${space.total}`}
              </text>
            )}
          </Thing>
        );
      })}
    </g>
  );
}

function Hand(props: { view: TView; s: number; own: boolean; ctx: Ctx; y: number }) {
  const { view, s, own, ctx, y } = props;
  const lang = ctx.lang;
  const seat = view.seats[s]!;
  const model = hand(view, s);
  const mark = seatMark(s);
  const looking = lookingAt(seat);
  const transit = moving(view);
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
        const label = face
          ? `${w(lang, "die.face", { letter: die.letter, face: faceWords(lang, die.letter, face) })}${
              die.kept ? ` (${w(lang, "die.kept")})` : ""
            }`
          : w(lang, "die.down", { letter: die.letter });
        const word = face ? (face === "skull" ? w(lang, "face.skull") : w(lang, `short.${face}`)) : "";
        const number = face && face !== "skull" ? String(dieNumber(die.letter, face)) : face ? "" : "?";
        return (
          <Thing
            ctx={ctx}
            k={own && model.state === "rolled" ? `die:${die.letter}` : undefined}
            label={label}
            transform={`translate(${x},${20})`}
          >
            <rect
              class="hit"
              width={68}
              height={50}
              rx={7}
              fill={face ? mark.fill : "#4a4a4a"}
              stroke={die.kept ? "#009e73" : "#000"}
              stroke-width={die.kept ? 4 : 1.5}
            />
            {face ? (
              <g fill={mark.ink}>
                <text x={7} y={19} font-size={15} font-weight="bold">
                  {die.letter}
                </text>
                <text x={61} y={21} font-size={19} font-weight="bold" text-anchor="end">
                  {number}
                </text>
                <text x={34} y={42} font-size={13} text-anchor="middle" {...fit(word, 13, 62)}>
                  {word}
                </text>
              </g>
            ) : (
              <g fill="#fff">
                <text x={34} y={32} font-size={20} font-weight="bold" text-anchor="middle">
                  ?
                </text>
              </g>
            )}
          </Thing>
        );
      })}
      {model.dice.length === 0 &&
        looking.count > 0 &&
        Array.from({ length: looking.count }, (_, i) => {
          const coins = looking.coins?.[i];
          const first = coins !== undefined && looking.coins!.indexOf(coins) === i;
          return (
            <Thing
              ctx={ctx}
              k={own && coins !== undefined && first ? `tile:${coins}` : undefined}
              label={coins !== undefined ? w(lang, "tile.face", { n: coins }) : w(lang, "tile.back")}
              transform={`translate(${i * 80},${20})`}
            >
              <rect class="hit" width={72} height={50} rx={7} fill={coins !== undefined ? "#f4d67a" : "#3d6f8e"} stroke="#000" />
              <text x={36} y={coins !== undefined ? 26 : 32} font-size={20} font-weight="bold" text-anchor="middle" fill={coins !== undefined ? "#000" : "#fff"}>
                {coins !== undefined ? String(coins) : "?"}
              </text>
              {coins !== undefined && (
                <text x={36} y={44} font-size={13} text-anchor="middle">
                  {w(lang, coins === 1 ? "coin" : "coins", { n: coins })}
                </text>
              )}
            </Thing>
          );
        })}
      <g role="img" aria-label={tilesText}>
        <title>{tilesText}</title>
        <rect x={376} y={22} width={30} height={38} rx={4} fill={seat.treasure_tiles ? "#3d6f8e" : "none"} stroke="#3d6f8e" stroke-dasharray={seat.treasure_tiles ? undefined : "3 2"} />
        <text x={391} y={47} font-size={15} font-weight="bold" text-anchor="middle" fill={seat.treasure_tiles ? "#fff" : "#3d6f8e"}>
          {seat.treasure_tiles}
        </text>
        {seat.coins && seat.coins.length > 0 && (
          <text x={412} y={47} font-size={14} {...fit(seat.coins.join("+"), 14, 52)}>
            {seat.coins.join("+")}
          </text>
        )}
        <text x={376} y={14} font-size={12} fill="#3d6f8e">
          {w(lang, "tiles.short")}
        </text>
      </g>
    </g>
  );
}

function Panel(props: { view: TView; s: number; me: number | null; box: Box; ctx: Ctx; names: readonly string[] }) {
  const { view, s, me, box, ctx, names } = props;
  const lang = ctx.lang;
  const seat: SeatView = view.seats[s]!;
  const own = me === s;
  const mark = seatMark(s);
  const name = names[s] ?? view.seat_names?.[s] ?? seat.name;
  const toMove = (view.to_move ?? []).includes(s);
  const start = view.start_player === s;
  const label = own ? w(lang, "board.yours", { name }) : w(lang, "board.of", { name });
  const score = view.scores?.[s];
  return (
    <g transform={`translate(${box.x},${box.y})`}>
      <Thing ctx={ctx} k={`seat:${s}`} label={`${label}. ${summary(view, s, lang)}`} group>
        <rect
          class="hit"
          width={box.w}
          height={box.h}
          rx={10}
          fill={PAPER}
          stroke={own ? "#000" : LINE}
          stroke-width={own ? 3 : 1.5}
        />
        <rect width={box.w} height={36} rx={10} fill={mark.fill} />
        <rect y={26} width={box.w} height={10} fill={mark.fill} />
        <path
          d={shapePath(mark.shape, 11)}
          transform="translate(22,18)"
          fill={mark.fill}
          stroke={mark.ink}
          stroke-width={2}
        />
        <text x={40} y={24} font-size={17} fill={mark.ink}>
          <tspan font-weight="bold">{name}</tspan>
          {own && <tspan>{` (${w(lang, "you")})`}</tspan>}
          {start && <tspan font-size={14}>{` · ★ ${w(lang, "start")}`}</tspan>}
          {toMove && view.phase !== "over" && <tspan font-size={14}>{` · ▶ ${w(lang, "to.move")}`}</tspan>}
          {view.phase === "over" && (view.winners ?? []).includes(s) && (
            <tspan font-size={15} font-weight="bold">{` · ${w(lang, "winner")}`}</tspan>
          )}
        </text>
        {score !== undefined && (
          <text x={box.w - 10} y={24} font-size={15} font-weight="bold" text-anchor="end" fill={mark.ink}>
            <title>{w(lang, "points.long", { n: score })}</title>
            {w(lang, "points", { n: score })}
          </text>
        )}
        {toMove && view.phase !== "over" && (
          <rect x={2} y={2} width={box.w - 4} height={box.h - 4} rx={9} fill="none" stroke="#e69f00" stroke-width={3} />
        )}
        <g transform="translate(8,0)">
          <Track seat={s} which="fleet" box={seat.fleet_box} y={44} lang={lang} />
          <Track seat={s} which="crew" box={seat.crew_box} y={78} lang={lang} />
          <Areas view={view} s={s} ctx={ctx} y={112} />
          <Spaces view={view} s={s} own={own} ctx={ctx} y={194} />
          <Hand view={view} s={s} own={own} ctx={ctx} y={298} />
        </g>
      </Thing>
    </g>
  );
}

function TortugaBoard(props: BoardProps) {
  const view = asView(props.view);
  const ref = useRef<SVGSVGElement>(null);
  const [cols, setCols] = useState<1 | 2>(2);
  useEffect(() => {
    const parent = ref.current?.parentElement;
    if (!parent || typeof ResizeObserver === "undefined") return;
    const update = () => setCols(parent.clientWidth < 760 ? 1 : 2);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(parent);
    return () => observer.disconnect();
  }, []);
  const me = props.seat ?? (typeof view.seat === "number" ? view.seat : null);
  const order = seatOrder(view.players, me);
  const plan = layout(view.players, cols);
  const ctx: Ctx = { lang: props.lang, clickable: props.clickable, picked: props.picked, onPick: props.onPick };
  const names = props.names.length ? props.names : view.seat_names ?? [];
  return (
    <svg
      ref={ref}
      class="board"
      viewBox={`0 0 ${plan.width} ${plan.height}`}
      role="group"
      aria-label={`Tortuga · ${statusWords(view, props.lang, names)}`}
      font-family={FONT}
    >
      <Status view={view} box={plan.status} lang={props.lang} names={names} />
      <CentreIsland view={view} box={plan.island} ctx={ctx} />
      <Supply view={view} box={plan.supply} lang={props.lang} />
      {order.map((s, i) => (
        <Panel view={view} s={s} me={me} box={plan.panels[i]!} ctx={ctx} names={names} />
      ))}
    </svg>
  );
}

const tortuga: GameUI = {
  name: "tortuga",
  title: { en: "Tortuga", nl: "Tortuga", de: "Tortuga" },
  Board: TortugaBoard,
  path: (action: Action, view: View) => actionPath(action, asView(view)),
  describe: (choice, view, lang, names) => describeChoice(choice, view, lang, names),
  terms: TERMS,
  seatSummary: (view, seat, lang) => summary(view, seat, lang),
  howTo: HOW_TO,
};

export default tortuga;
