/** Seat colours that stay apart for colour-blind players (Okabe & Ito's palette), each with a
 * letter and a shape so that no seat is told apart by colour alone. Games whose seats have
 * printed colours (Cartagena: red, blue, yellow, green, brown... per the box) map them to the
 * nearest safe colour here and keep the letter of the printed name. */

export interface SeatMark {
  fill: string;
  /** Text colour readable on `fill`. */
  ink: string;
  shape: "circle" | "square" | "triangle" | "diamond" | "hexagon" | "star" | "pentagon" | "cross" | "ring";
}

export const SEAT_MARKS: readonly SeatMark[] = [
  { fill: "#D55E00", ink: "#000", shape: "circle" }, // vermilion
  { fill: "#0072B2", ink: "#fff", shape: "square" }, // blue
  { fill: "#F0E442", ink: "#000", shape: "triangle" }, // yellow
  { fill: "#009E73", ink: "#000", shape: "diamond" }, // bluish green
  { fill: "#CC79A7", ink: "#000", shape: "hexagon" }, // reddish purple
  { fill: "#56B4E9", ink: "#000", shape: "star" }, // sky blue
  { fill: "#E69F00", ink: "#000", shape: "pentagon" }, // orange
  { fill: "#999999", ink: "#000", shape: "cross" }, // grey
  { fill: "#FFFFFF", ink: "#000", shape: "ring" }, // white
];

export function seatMark(seat: number): SeatMark {
  return SEAT_MARKS[seat % SEAT_MARKS.length]!;
}

/** An SVG path for `shape` centred on (0, 0) with radius r (use with transform=translate). */
export function shapePath(shape: SeatMark["shape"], r: number): string {
  const poly = (n: number, rot: number, radius = r) =>
    Array.from({ length: n }, (_, i) => {
      const a = rot + (2 * Math.PI * i) / n;
      return `${(radius * Math.cos(a)).toFixed(2)},${(radius * Math.sin(a)).toFixed(2)}`;
    });
  switch (shape) {
    case "circle":
    case "ring":
      return `M${-r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
    case "square":
      return `M${-r * 0.85},${-r * 0.85}h${1.7 * r}v${1.7 * r}h${-1.7 * r}z`;
    case "triangle":
      return `M${poly(3, -Math.PI / 2).join("L")}z`;
    case "diamond":
      return `M${poly(4, -Math.PI / 2).join("L")}z`;
    case "hexagon":
      return `M${poly(6, 0).join("L")}z`;
    case "pentagon":
      return `M${poly(5, -Math.PI / 2).join("L")}z`;
    case "star": {
      const outer = poly(5, -Math.PI / 2);
      const inner = poly(5, -Math.PI / 2 + Math.PI / 5, r * 0.45);
      return `M${outer.flatMap((p, i) => [p, inner[i]]).join("L")}z`;
    }
    case "cross": {
      const w = r * 0.35;
      return `M${-w},${-r}h${2 * w}v${r - w}h${r - w}v${2 * w}h${w - r}v${r - w}h${-2 * w}v${w - r}h${w - r}v${-2 * w}h${r - w}z`;
    }
  }
}
