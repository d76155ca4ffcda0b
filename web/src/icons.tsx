/** The client's few icons, drawn as inline SVG: an emoji or a symbol character is an empty box
 * where the reader's font lacks it. Each is decorative (aria-hidden): the words beside it say
 * what it means. */

import { seatMark, shapePath } from "./games/palette";

interface IconProps {
  size?: number;
}

function Svg(props: { size: number; children: preact.ComponentChildren; class?: string }) {
  return (
    <svg
      class={"icon " + (props.class ?? "")}
      width={props.size}
      height={props.size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {props.children}
    </svg>
  );
}

/** Step controls of the replay: to the start, back, forward, to the end. */
export function StepIcon({ size = 16, dir }: IconProps & { dir: "first" | "prev" | "next" | "last" }) {
  const flip = dir === "first" || dir === "prev" ? "scale(-1 1) translate(-24 0)" : undefined;
  const bar = dir === "first" || dir === "last";
  return (
    <Svg size={size}>
      <g transform={flip} fill="currentColor">
        <path d={bar ? "M5 5l10 7-10 7z" : "M7 5l11 7-11 7z"} />
        {bar && <rect x="16" y="5" width="3" height="14" />}
      </g>
    </Svg>
  );
}

/** A seat's colour and shape (the palette's), as the board marks that seat. */
export function SeatIcon({ size = 14, seat }: IconProps & { seat: number }) {
  const mark = seatMark(seat);
  return (
    <Svg size={size} class="seat-icon">
      <path
        d={shapePath(mark.shape, 9)}
        transform="translate(12 12)"
        fill={mark.shape === "ring" ? "#fff" : mark.fill}
        stroke="#222"
        stroke-width="1.5"
      />
    </Svg>
  );
}

/** A speaker, with or without sound waves. */
export function SoundIcon({ size = 16, on }: IconProps & { on: boolean }) {
  return (
    <Svg size={size}>
      <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
      {on ? (
        <path d="M15 8.5a5 5 0 0 1 0 7M17.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" stroke-width="2" fill="none" />
      ) : (
        <path d="M15 9l6 6M21 9l-6 6" stroke="currentColor" stroke-width="2" />
      )}
    </Svg>
  );
}

/** A bell, struck through when off: browser notifications. */
export function BellIcon({ size = 16, on }: IconProps & { on: boolean }) {
  return (
    <Svg size={size}>
      <path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zM10 18a2 2 0 0 0 4 0" fill="currentColor" />
      {!on && <path d="M4 3l17 17" stroke="currentColor" stroke-width="2" />}
    </Svg>
  );
}

/** The site's mark: a pirate flag on its pole. */
export function Flag({ size = 20 }: IconProps) {
  return (
    <Svg size={size}>
      <rect x="3" y="2" width="2" height="20" fill="currentColor" />
      <path d="M5 3h15l-3 4.5 3 4.5H5z" fill="#111" stroke="currentColor" stroke-width="1" />
      <circle cx="11.5" cy="6.6" r="1.9" fill="#fff" />
      <path d="M9 9.6l5 1.6M14 9.6l-5 1.6" stroke="#fff" stroke-width="1" />
    </Svg>
  );
}
