/** The six symbols of the tunnel and the cards, drawn as small pictures on a 40×40 box centred
 * on (0, 0). Each has its own outline, so none is told apart by colour alone. */

import type { JSX } from "preact";
import type { Sym } from "./model";
import { shapePath, seatMark } from "../palette";

const INK = "#1b1b1b";

function Skull() {
  return (
    <g>
      <path
        d="M0,-17C-11,-17-15,-9-15,-2C-15,4-11,7-9,8L-9,15L9,15L9,8C11,7 15,4 15,-2C15,-9 11,-17 0,-17z"
        fill="#f7f3e8"
        stroke={INK}
        stroke-width="2"
      />
      <circle cx="-6" cy="-2" r="4.2" fill={INK} />
      <circle cx="6" cy="-2" r="4.2" fill={INK} />
      <path d="M0,3L-2.8,8L2.8,8z" fill={INK} />
      <path d="M-4.5,10.5V15M0,10.5V15M4.5,10.5V15" stroke={INK} stroke-width="1.6" />
    </g>
  );
}

function Hat() {
  return (
    <g>
      <path
        d="M-19,7C-13,0-9,-15 0,-16C9,-15 13,0 19,7C10,2-10,2-19,7z"
        fill="#3d2b1f"
        stroke={INK}
        stroke-width="1.6"
      />
      <path d="M-19,7C-10,12 10,12 19,7C10,3.5-10,3.5-19,7z" fill="#d4a72c" stroke={INK} stroke-width="1.4" />
      <circle cx="0" cy="-5" r="3" fill="#d4a72c" stroke={INK} stroke-width="1" />
    </g>
  );
}

function Dagger() {
  return (
    <g transform="rotate(35)">
      <path d="M0,-20L4.5,-5L4.5,3L-4.5,3L-4.5,-5z" fill="#d8e0e4" stroke={INK} stroke-width="1.6" />
      <path d="M0,-16V1" stroke="#8a9aa2" stroke-width="1.2" />
      <rect x="-11" y="3" width="22" height="4.5" rx="2" fill="#b8862b" stroke={INK} stroke-width="1.4" />
      <rect x="-2.8" y="7.5" width="5.6" height="9" fill="#5d4037" stroke={INK} stroke-width="1.4" />
      <circle cx="0" cy="18" r="2.8" fill="#b8862b" stroke={INK} stroke-width="1.2" />
    </g>
  );
}

function Bottle() {
  return (
    <g>
      <path
        d="M-4.5,-14H4.5V-8C10,-5 11,-1 11,4V17H-11V4C-11,-1-10,-5-4.5,-8z"
        fill="#2e7d32"
        stroke={INK}
        stroke-width="1.8"
      />
      <rect x="-4" y="-20" width="8" height="6.5" rx="1.5" fill="#b08a62" stroke={INK} stroke-width="1.4" />
      <rect x="-11" y="3" width="22" height="8" fill="#f7f3e8" stroke={INK} stroke-width="1" />
      <path d="M-7,7H7" stroke={INK} stroke-width="1" />
    </g>
  );
}

function Key() {
  return (
    <g transform="rotate(-30)">
      <circle cx="-11" cy="0" r="7.5" fill="#e0b43a" stroke={INK} stroke-width="1.6" />
      <circle cx="-11" cy="0" r="3.2" fill="#f7f3e8" stroke={INK} stroke-width="1.2" />
      <path d="M-3.5,-2.6H19V2.6H-3.5z" fill="#e0b43a" stroke={INK} stroke-width="1.6" />
      <path d="M10,2.6V9H13.5V2.6M15.5,2.6V7H19V2.6" fill="#e0b43a" stroke={INK} stroke-width="1.4" />
    </g>
  );
}

function Pistol() {
  return (
    <g>
      <rect x="-7" y="-10" width="27" height="7" rx="1.5" fill="#546e7a" stroke={INK} stroke-width="1.6" />
      <path d="M-13,-11H-1V-1L-6,15H-16L-11,-1z" fill="#7b4f2e" stroke={INK} stroke-width="1.6" />
      <path d="M-1,-1C0,6 5,6 5,-3" fill="none" stroke={INK} stroke-width="1.6" />
      <path d="M-8,-11L-11,-17L-5,-16z" fill={INK} />
      <circle cx="18" cy="-6.5" r="1.5" fill={INK} />
    </g>
  );
}

const ICONS: Record<Sym, () => JSX.Element> = {
  skull: Skull,
  hat: Hat,
  dagger: Dagger,
  bottle: Bottle,
  key: Key,
  pistol: Pistol,
};

/** A symbol at (x, y), `size` units across (the picture is made for 40). */
export function SymbolIcon({ sym, x, y, size = 40 }: { sym: Sym; x: number; y: number; size?: number }) {
  const Icon = ICONS[sym];
  return (
    <g transform={`translate(${x},${y}) scale(${size / 40})`} aria-hidden="true">
      <Icon />
    </g>
  );
}

/** A seat's pirate: its colour and its shape, outlined so that light colours show. */
export function Pawn({ seat, x, y, r = 11 }: { seat: number; x: number; y: number; r?: number }) {
  const mark = seatMark(seat);
  return (
    <path
      transform={`translate(${x},${y})`}
      d={shapePath(mark.shape, r)}
      fill={mark.shape === "ring" ? "#fff" : mark.fill}
      stroke={INK}
      stroke-width="1.8"
      stroke-linejoin="round"
    />
  );
}

/** A boat's hull, for the boat box and the players' boat counts (centred on (0, 0), 40 wide). */
export function BoatIcon({ x, y, size = 40 }: { x: number; y: number; size?: number }) {
  return (
    <g transform={`translate(${x},${y}) scale(${size / 40})`} aria-hidden="true">
      <path d="M-20,2H20L13,13H-13z" fill="#8d5a2b" stroke={INK} stroke-width="1.8" />
      <path d="M-1,2V-18" stroke={INK} stroke-width="2" />
      <path d="M1,-17L15,-1H1z" fill="#f7f3e8" stroke={INK} stroke-width="1.5" />
    </g>
  );
}

/** A face-down card (a hidden hand). */
export function CardBack({ x, y, w = 18, h = 24 }: { x: number; y: number; w?: number; h?: number }) {
  return (
    <g aria-hidden="true">
      <rect x={x} y={y} width={w} height={h} rx="3" fill="#7a2e2e" stroke={INK} stroke-width="1.4" />
      <rect x={x + 3} y={y + 3} width={w - 6} height={h - 6} rx="2" fill="none" stroke="#e8c77a" stroke-width="1.2" />
    </g>
  );
}
