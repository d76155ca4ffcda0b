/** A player's rating over time in one game, drawn as inline SVG (no chart library): the
 * conservative rating (mu - 3 sigma, what the leaderboard sorts by) as a solid line and mu as
 * a dashed one, one point per rated game. The picture is named and described for screen
 * readers, and every point is also in a table below it (the text alternative). */

import type { RatingPoint } from "../api";
import { t, type Lang } from "../i18n";

const W = 560;
const H = 240;
const PAD = { left: 56, right: 16, top: 14, bottom: 40 };

export function ratingText(value: number): string {
  return value.toFixed(1);
}

export function dateText(lang: Lang, at: number): string {
  return new Date(at * 1000).toLocaleDateString(lang, { year: "numeric", month: "short", day: "numeric" });
}

/** Ticks for [low, high]: about four round steps. */
function ticks(low: number, high: number): number[] {
  const span = Math.max(high - low, 1);
  const rough = span / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough;
  const out: number[] = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

export function RatingPlot(props: { id: string; lang: Lang; title: string; points: RatingPoint[] }) {
  const { id, lang, points } = props;
  if (points.length === 0) return <p class="hint">{t(lang, "ratings.no_history")}</p>;
  const lows = points.map((p) => p.ordinal);
  const highs = points.map((p) => p.mu);
  let low = Math.min(...lows, ...highs);
  let high = Math.max(...lows, ...highs);
  if (high - low < 2) {
    low -= 1;
    high += 1;
  }
  const margin = (high - low) * 0.08;
  low -= margin;
  high += margin;
  const n = points.length;
  const x = (i: number) => PAD.left + (n === 1 ? 0.5 : i / (n - 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - low) / (high - low)) * (H - PAD.top - PAD.bottom);
  const line = (values: number[]) => values.map((v, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const first = points[0]!;
  const last = points[n - 1]!;
  const best = Math.max(...lows);
  const description = t(lang, "ratings.plot_desc", {
    n,
    from: ratingText(first.ordinal),
    to: ratingText(last.ordinal),
    best: ratingText(best),
  });
  return (
    <figure class="rating-plot">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{props.title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <rect x={PAD.left} y={PAD.top} width={W - PAD.left - PAD.right} height={H - PAD.top - PAD.bottom} fill="#fff" stroke="#8a8a8a" />
        {ticks(low, high).map((v) => (
          <g>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#ddd" />
            <text x={PAD.left - 6} y={y(v) + 6} text-anchor="end" font-size="18" fill="#1b1b1b">
              {v}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={H - 8} font-size="18" fill="#1b1b1b">
          1
        </text>
        <text x={W - PAD.right} y={H - 8} font-size="18" text-anchor="end" fill="#1b1b1b">
          {n}
        </text>
        <text x={(W + PAD.left) / 2} y={H - 8} font-size="18" text-anchor="middle" fill="#1b1b1b">
          {t(lang, "ratings.axis_games")}
        </text>
        <path d={line(highs)} fill="none" stroke="#555" stroke-width="2" stroke-dasharray="6 4" />
        <path d={line(lows)} fill="none" stroke="#0072b2" stroke-width="3" />
        {points.map((p, i) => (
          <circle cx={x(i)} cy={y(p.ordinal)} r="4" fill="#0072b2" />
        ))}
      </svg>
      <figcaption class="hint">
        <span class="legend-solid" aria-hidden="true" /> {t(lang, "ratings.legend_ordinal")}{" "}
        <span class="legend-dashed" aria-hidden="true" /> {t(lang, "ratings.legend_mu")}
      </figcaption>
      <details>
        <summary>{t(lang, "ratings.as_table")}</summary>
        <table class="tables">
          <caption class="visually-hidden">{props.title}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t(lang, "ratings.date")}</th>
              <th scope="col">{t(lang, "ratings.rating")}</th>
              <th scope="col">μ</th>
              <th scope="col">σ</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr>
                <td>{i + 1}</td>
                <td>{dateText(lang, p.at)}</td>
                <td>{ratingText(p.ordinal)}</td>
                <td>{ratingText(p.mu)}</td>
                <td>{p.sigma.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
