/** Tortuga's end: the score sheet as the rulebook's "Final Scoring" counts it, per seat and
 * category, and the winners ("In case of a tie for the most points these players share the
 * victory": there is no further tie-break). Icons are inline SVG, never emoji. */

import type { Lang } from "../../i18n";
import { seatMark } from "../palette";
import type { EndProps } from "../types";
import { asView, type ScoreSheet, type SeatView, type TView } from "./model";

type EndKey =
  | "caption"
  | "player"
  | "tortuga"
  | "fleet"
  | "crew"
  | "sets"
  | "tracks"
  | "coins"
  | "total"
  | "chests"
  | "chests.one"
  | "purple"
  | "set.count"
  | "set.one"
  | "boxes"
  | "tiles"
  | "tiles.one"
  | "wins"
  | "share"
  | "tie.rule"
  | "winner";

const WORDS: Record<Lang, Record<EndKey, string>> = {
  en: {
    caption: "Final scoring",
    player: "Player",
    tortuga: "Chests in Tortuga (3 each)",
    fleet: "Chests in the fleet area (2 each)",
    crew: "Chests in the crew area (1 each)",
    sets: "Sets of yellow, blue and red (3 each)",
    tracks: "Boxes on the fleet and crew tracks (1 each)",
    coins: "Coins on treasure tiles",
    total: "Total",
    chests: "{n} chests",
    "chests.one": "1 chest",
    purple: "purple counts twice",
    "set.count": "{n} sets",
    "set.one": "1 set",
    boxes: "boxes {fleet} + {crew}",
    tiles: "{n} tiles",
    "tiles.one": "1 tile",
    wins: "{name} wins with {n} points.",
    share: "{names} share the victory with {n} points each.",
    "tie.rule": "The rulebook: “In case of a tie for the most points these players share the victory.”",
    winner: "Winner",
  },
  nl: {
    caption: "Puntentelling",
    player: "Speler",
    tortuga: "Schatkisten in Tortuga (elk 3)",
    fleet: "Schatkisten op de schipvelden (elk 2)",
    crew: "Schatkisten op de bemanningsvelden (elk 1)",
    sets: "Sets geel, blauw en rood (elk 3)",
    tracks: "Velden op schip- en bemanningsspoor (elk 1)",
    coins: "Munten op schatfiches",
    total: "Totaal",
    chests: "{n} schatkisten",
    "chests.one": "1 schatkist",
    purple: "paars telt dubbel",
    "set.count": "{n} sets",
    "set.one": "1 set",
    boxes: "velden {fleet} + {crew}",
    tiles: "{n} fiches",
    "tiles.one": "1 fiche",
    wins: "{name} wint met {n} punten.",
    share: "{names} winnen samen met elk {n} punten.",
    "tie.rule": "De spelregels: “In geval van een gelijke stand zijn er meerdere winnaars.”",
    winner: "Winnaar",
  },
  de: {
    caption: "Schlusswertung",
    player: "Spieler",
    tortuga: "Schatztruhen in Tortuga (je 3)",
    fleet: "Schatztruhen im Flottenbereich (je 2)",
    crew: "Schatztruhen im Crewbereich (je 1)",
    sets: "Sets aus gelb, blau und rot (je 3)",
    tracks: "Felder auf Flotten- und Crewleiste (je 1)",
    coins: "Münzen auf Schatzplättchen",
    total: "Gesamt",
    chests: "{n} Schatztruhen",
    "chests.one": "1 Schatztruhe",
    purple: "lila zählt doppelt",
    "set.count": "{n} Sets",
    "set.one": "1 Set",
    boxes: "Felder {fleet} + {crew}",
    tiles: "{n} Plättchen",
    "tiles.one": "1 Plättchen",
    wins: "{name} gewinnt mit {n} Punkten.",
    share: "{names} teilen sich den Sieg mit je {n} Punkten.",
    "tie.rule": "Die Spielregel: „Herrscht Gleichstand, gibt es mehrere Gewinner.“",
    winner: "Sieger",
  },
};

const AND: Record<Lang, string> = { en: " and ", nl: " en ", de: " und " };

export function e(lang: Lang, key: EndKey, params: Record<string, string | number> = {}): string {
  return WORDS[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ""));
}

type Row = "tortuga" | "fleet" | "crew" | "sets" | "tracks" | "coins";
const ROWS: readonly Row[] = ["tortuga", "fleet", "crew", "sets", "tracks", "coins"];

function Icon(props: { row: Row | "total" }) {
  const common = { width: 22, height: 22, viewBox: "0 0 22 22", "aria-hidden": "true" as const, class: "t-icon" };
  switch (props.row) {
    case "tortuga":
    case "fleet":
    case "crew":
      return (
        <svg {...common}>
          <rect x={3} y={7} width={16} height={12} rx={2} fill="#8b5a2b" stroke="#000" />
          <path d="M3 11h16" stroke="#000" />
          <rect x={9} y={10} width={4} height={4} fill="#f2c80f" stroke="#000" stroke-width={0.8} />
          {props.row === "tortuga" && <path d="M6 6l5-4 5 4z" fill="#0b3954" />}
        </svg>
      );
    case "sets":
      return (
        <svg {...common}>
          <rect x={1} y={8} width={6} height={8} rx={1} fill="#f2c80f" stroke="#000" />
          <rect x={8} y={8} width={6} height={8} rx={1} fill="#1f5fa8" stroke="#000" />
          <rect x={15} y={8} width={6} height={8} rx={1} fill="#c8382b" stroke="#000" />
        </svg>
      );
    case "tracks":
      return (
        <svg {...common}>
          <path d="M2 13h18l-3 5H5z" fill="#6b4a2b" stroke="#000" />
          <path d="M11 3v10M11 4l6 6h-6" fill="#fff" stroke="#000" />
        </svg>
      );
    case "coins":
      return (
        <svg {...common}>
          <circle cx={11} cy={11} r={8} fill="#f4d67a" stroke="#7a5500" stroke-width={1.5} />
          <circle cx={11} cy={11} r={4.5} fill="none" stroke="#7a5500" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <path d="M6 3h10v4a5 5 0 0 1-10 0z" fill="#e0a800" stroke="#000" />
          <path d="M6 5H3a3 3 0 0 0 3 4M16 5h3a3 3 0 0 1-3 4" fill="none" stroke="#000" />
          <path d="M11 12v4M7 19h8l-1-3H8z" fill="#e0a800" stroke="#000" />
        </svg>
      );
  }
}

function detail(lang: Lang, row: Row, seat: SeatView, sheet: ScoreSheet): string {
  switch (row) {
    case "tortuga":
    case "fleet":
    case "crew": {
      const chests = seat[row];
      const purple = chests.includes("purple") ? `, ${e(lang, "purple")}` : "";
      return `${chests.length === 1 ? e(lang, "chests.one") : e(lang, "chests", { n: chests.length })}${purple}`;
    }
    case "sets":
      return sheet.set_count === 1 ? e(lang, "set.one") : e(lang, "set.count", { n: sheet.set_count });
    case "tracks":
      return e(lang, "boxes", { fleet: seat.fleet_box, crew: seat.crew_box });
    case "coins":
      return seat.coins?.length ? `${seat.treasure_tiles === 1 ? e(lang, "tiles.one") : e(lang, "tiles", { n: seat.treasure_tiles })}: ${seat.coins.join(" + ")}` : "";
  }
}

/** The winners in words, with the rulebook's tie rule when several share the victory. */
export function resultWords(view: TView, names: readonly string[], lang: Lang): string[] {
  const winners = view.winners ?? [];
  const name = (s: number) => names[s] ?? view.seat_names?.[s] ?? `#${s + 1}`;
  const best = winners.length ? (view.seats[winners[0]!]?.score?.total ?? view.scores?.[winners[0]!] ?? 0) : 0;
  if (winners.length === 1) return [e(lang, "wins", { name: name(winners[0]!), n: best })];
  const all = winners.map(name);
  const listed = all.length > 1 ? `${all.slice(0, -1).join(", ")}${AND[lang]}${all[all.length - 1]}` : all.join("");
  return [e(lang, "share", { names: listed, n: best }), e(lang, "tie.rule")];
}

export function TortugaEnd(props: EndProps) {
  const view = asView(props.view);
  const { lang } = props;
  const names = props.names.length ? props.names : view.seat_names ?? [];
  const seats = view.seats.map((seat, s) => ({ seat, s, sheet: seat.score }));
  const winners = new Set(view.winners ?? []);
  return (
    <div class="t-end">
      {resultWords(view, names, lang).map((line, i) => (
        <p class={i === 0 ? "t-end-result" : "t-end-rule"} key={i}>
          {i === 0 && <Icon row="total" />}
          {line}
        </p>
      ))}
      {/* a region the keyboard can scroll when the sheet is wider than a phone */}
      <div class="t-end-scroll" tabIndex={0} role="region" aria-label={e(lang, "caption")}>
        <table class="t-end-table">
          <caption>{e(lang, "caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{e(lang, "player")}</th>
              {seats.map(({ s }) => {
                const mark = seatMark(s);
                return (
                  <th scope="col" key={s} class={winners.has(s) ? "t-end-winner" : undefined}>
                    <span class="t-end-swatch" style={{ background: mark.fill }} aria-hidden="true" />
                    {names[s] ?? `#${s + 1}`}
                    {winners.has(s) && <span class="t-end-badge">{` · ${e(lang, "winner")}`}</span>}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row}>
                <th scope="row">
                  <Icon row={row} />
                  {e(lang, row)}
                </th>
                {seats.map(({ seat, s, sheet }) => (
                  <td key={s}>
                    <strong>{sheet ? sheet[row] : "–"}</strong>
                    {sheet && <span class="t-end-detail">{detail(lang, row, seat, sheet)}</span>}
                  </td>
                ))}
              </tr>
            ))}
            <tr class="t-end-total">
              <th scope="row">
                <Icon row="total" />
                {e(lang, "total")}
              </th>
              {seats.map(({ s, sheet }) => (
                <td key={s}>
                  <strong>{sheet ? sheet.total : (view.scores?.[s] ?? "–")}</strong>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}
