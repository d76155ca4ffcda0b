"""The hand-written Cartagena strategy: a greedy over single actions with a race evaluation.

`agents.make("heuristic")` plays this for Cartagena (both versions, 2-5 players), and ISMCTS may
use it as its rollout policy, so one decision has to stay cheap (tens of microseconds). It reads
`state.view(seat)` once and `state.legal_actions(seat)`, nothing else of the state, and keeps no
memory between calls, so equal views give equal actions (docs/architecture.md, "Agents").
The rng is not used: the choice is a pure function of the view.

The evaluation is a small economy of squares and cards. A square gained by one of the seat's
pirates is worth one point; a card is worth about as much as a good forward move gains with it,
a little more when the hand is short (with no card the only moves left are back moves), and
almost nothing once the hand holds what the pirates still need to reach the boat. Each legal
action is scored by the change it makes:

- forward: squares gained (a jump over occupied squares of the symbol counts in full) minus the
  card it spends, plus a bonus for moving the rearmost pirate: the race ends only when all six
  are in the boat, and a pirate left at the back is the one that jumps over the whole pack;
- back: the squares given up plus the cards it draws (one or two, fewer if no card is left to
  draw); in the Tortuga version the drawn cards are known, and each is weighed by how far its
  symbol would move the seat's pirates now against a typical forward move;
- end turn: zero, so the turn ends early only when every action would make the position worse.

Before scoring, a tiny search checks whether the remaining actions can put every pirate in the
boat: then that is played. The weights were tuned in two-player self-play, each change played
against the previous version over several hundred seeds from both seats. The card value came out
well above the average forward gain, so small forward steps are left alone and cheap back moves
are taken; the rear bonus was worth about 15% of games. Penalising back-move targets left near
the opponents' pirates, discounting duplicate cards, and summing these scores over a whole-turn
search were tried and did not help.
"""

from __future__ import annotations

import random
from typing import Any

from buccaneer.core.errors import IllegalAction
from buccaneer.core.state import Action, State
from buccaneer.games.cartagena.actions import END_TURN, FORWARD, Back, Forward
from buccaneer.games.cartagena.board import BOAT, SQUARES, START, SYMBOL_INDEX, SYMBOLS
from buccaneer.games.cartagena.state import ACTIONS_PER_TURN, MAX_ON_SQUARE

# Value, in squares, of the `held`-th card in hand: CARD_TOP - CARD_DECAY * held, at least
# CARD_FLOOR. Tuned in self-play; the slight decay makes a short hand refill sooner.
CARD_TOP = 10.3
CARD_DECAY = 0.3
CARD_FLOOR = 5.0
SURPLUS_CARD = 0.5  # a card beyond what the pirates still need to reach the boat
SQUARES_PER_CARD = 7  # rough reach of one card, to count the cards the pirates still need
REAR_BONUS = 4.0  # moving the rearmost pirate forward, in squares
ROW_WEIGHT = 0.6  # Tortuga: how strongly a known card's usefulness scales its value
TYPICAL_GAIN = 6.0  # Tortuga: a known card is weighed against a forward move this long
WIN = 10_000.0

_LAYOUT_CACHE: dict[tuple[str, ...], tuple[tuple[int, ...], ...]] = {}
_LAYOUT_CACHE_SIZE = 1024


def symbol_squares(board: list[str]) -> tuple[tuple[int, ...], ...]:
    """Each symbol's squares from start to boat, cached per tunnel.

    The cache holds a fact of the rules (where the symbols are), computed from the view alone,
    so it cannot make two equal views play differently.
    """
    key = tuple(board)
    table = _LAYOUT_CACHE.get(key)
    if table is None:
        if len(_LAYOUT_CACHE) >= _LAYOUT_CACHE_SIZE:
            _LAYOUT_CACHE.clear()
        symbols = [SYMBOL_INDEX[name] for name in board]
        table = tuple(tuple(i for i, s in enumerate(symbols) if s == sym) for sym in range(6))
        _LAYOUT_CACHE[key] = table
    return table


def card_value(held: int, need: int) -> float:
    """Value in squares of the `held`-th card in hand when `need` cards are still useful."""
    if held > need:
        return SURPLUS_CARD
    value = CARD_TOP - CARD_DECAY * held
    return value if value > CARD_FLOOR else CARD_FLOOR


class CartagenaBot:
    """Greedy one-action strategy over a squares-and-cards evaluation (see the module doc)."""

    name = "heuristic"

    def __init__(self, **params: Any) -> None:
        if params:
            raise TypeError(f"the Cartagena heuristic takes no parameters, got {', '.join(params)}")

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        """The best-scoring legal action for `seat`; only the seat's view and actions are read."""
        actions = state.legal_actions(seat)
        if not actions:
            raise IllegalAction(f"seat {seat} has no decision to make now")
        if len(actions) == 1:
            return actions[0]
        return choose(state.view(seat), seat, actions)


def choose(view: dict[str, Any], seat: int, actions: list[Action]) -> Action:
    """Score every action in `actions` from `view` alone; return the best (first on ties)."""
    sym_squares = symbol_squares(view["board"])
    pirates: list[list[int]] = view["pirates"]
    occ = [0] * SQUARES
    for seat_pirates in pirates:
        for q in seat_pirates:
            if 0 <= q < SQUARES:
                occ[q] += 1
    hand_json: dict[str, int] = view["hands"][seat]
    hand = [hand_json[name] for name in SYMBOLS]
    held = sum(hand)
    out = [q for q in pirates[seat] if q != BOAT]  # sorted, as the view lists them
    actions_left: int = view["actions_left"]

    win = winning_action(sym_squares, occ, out, hand, actions_left)
    if win is not None:
        return win

    # Cards the pirates still need to reach the boat; more than that is of little use.
    need = 0
    for q in out:
        need += max(1, (BOAT - q + SQUARES_PER_CARD - 1) // SQUARES_PER_CARD)
    spend = card_value(held, need)
    row: list[str] = view["row"]
    # "Als de voorraadstapel is opgebruikt, wordt de aflegstapel ... als nieuwe voorraadstapel
    # klaargelegd"; with both empty fewer cards are drawn (docs/rulings.md), so count what is left.
    available = view["draw_pile"] + len(row) + sum(view["discard"].values())
    row_values: list[float] | None = None  # Tortuga: the next two row cards' factors
    rear = out[0] if out else BOAT

    # Ending the turn keeps the cards, so it beats any move that makes the position worse; but
    # not at the start of a turn or with an empty hand while cards can still be drawn: a pass
    # then gains the seat nothing, and two seats that both wait would never finish.
    may_pass = actions_left < ACTIONS_PER_TURN if held else not available
    best: Action = END_TURN
    best_score = 0.0 if may_pass else -WIN
    for action in actions:
        kind = type(action)
        if kind is Forward:
            card, origin = action.card, action.from_  # type: ignore[attr-defined]
            # "plaatst die piraat op het volgende onbezette teken in de tunnel dat identiek is
            # aan het teken ... Over alle andere tekens wordt gesprongen, eveneens over alle
            # enkelvoudig of meervoudig bezette velden" - and to the boat if none is free.
            dest = BOAT
            for square in sym_squares[card]:
                if square > origin and not occ[square]:
                    dest = square
                    break
            score = dest - origin - spend
            if origin == rear:
                score += REAR_BONUS
        elif kind is Back:
            origin = action.from_  # type: ignore[attr-defined]
            # "terug naar het dichtst nabijgelegen teken dat is bezet door 1 of 2 andere
            # piraten": the nearest such square, never past a one-pirate square to a two.
            target = START
            for square in range(origin - 1, -1, -1):
                if 0 < occ[square] < MAX_ON_SQUARE:
                    target = square
                    break
            found = occ[target] if target >= 0 else 0
            found = min(found, available)
            score = float(target - origin)
            if row:  # Tortuga: the cards drawn are the first ones of the open row
                if row_values is None:
                    row_values = [_usefulness(sym_squares, occ, out, name) for name in row[:2]]
                for j in range(found):
                    value = card_value(held + j + 1, need)
                    if j < len(row_values):
                        value *= row_values[j]
                    score += value
            else:
                for j in range(1, found + 1):
                    score += card_value(held + j, need)
        else:
            continue
        if score > best_score:
            best_score = score
            best = action
    return best


def _usefulness(
    sym_squares: tuple[tuple[int, ...], ...], occ: list[int], out: list[int], name: str
) -> float:
    """A factor around 1 for the value of a known card: how far a card of symbol `name` now
    moves the pirate it helps most, against a typical forward move."""
    squares = sym_squares[SYMBOL_INDEX[name]]
    gain = 0
    for i, origin in enumerate(out):
        if i and out[i - 1] == origin:
            continue
        dest = BOAT
        for square in squares:
            if square > origin and not occ[square]:
                dest = square
                break
        gain = max(gain, dest - origin)
    return 1.0 + ROW_WEIGHT * (gain / TYPICAL_GAIN - 1.0)


def winning_action(
    sym_squares: tuple[tuple[int, ...], ...],
    occ: list[int],
    out: list[int],
    hand: list[int],
    actions_left: int,
) -> Action | None:
    """The first forward move of a sequence that puts every pirate in the boat this turn.

    "De speler die als eerste al zijn zes piraten aan boord van de sloep heeft gebracht ...
    wint het spel." Only tried when no more pirates are out than actions are left, so the
    search is tiny (at most three pirates). Each move changes which squares are free, so moves
    are played out on copies of the occupancy, the pirates and the hand.
    """
    if not out or len(out) > actions_left or sum(hand) < len(out):
        return None
    occ = occ[:]
    hand = hand[:]
    pirates = out[:]
    path: list[Action] = []  # filled innermost first once a sequence works: ours is last

    def search(left: int) -> bool:
        if not pirates:
            return True
        if len(pirates) > left:
            return False
        for i, origin in enumerate(pirates):
            if i and pirates[i - 1] == origin:
                continue
            for card in range(6):
                if not hand[card]:
                    continue
                dest = BOAT
                for square in sym_squares[card]:
                    if square > origin and not occ[square]:
                        dest = square
                        break
                hand[card] -= 1
                del pirates[i]
                if origin >= 0:
                    occ[origin] -= 1
                if dest < BOAT:
                    occ[dest] += 1
                    pirates.append(dest)
                    pirates.sort()
                done = search(left - 1)
                if dest < BOAT:
                    occ[dest] -= 1
                    pirates.remove(dest)
                if origin >= 0:
                    occ[origin] += 1
                pirates.insert(i, origin)
                hand[card] += 1
                if done:
                    path.append(FORWARD[card][origin + 1])
                    return True
        return False

    return path[-1] if search(actions_left) else None


__all__ = ["CartagenaBot", "card_value", "choose", "winning_action"]
