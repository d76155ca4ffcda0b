"""The hand-written Cartagena strategy: a greedy over single actions with a race evaluation.

`agents.make("heuristic")` plays this for Cartagena (both versions, 2-5 players), and ISMCTS
uses it as its rollout policy, so one decision has to stay cheap (a few microseconds). It reads
`state.bot_view(seat)` once (botview.py: the knowledge of `view(seat)`, typed, built without the
JSON), nothing else of the state, and keeps no memory between calls, so equal views give equal
actions (docs/architecture.md, "Agents"). It makes its candidates itself from that view, in the
order of `legal_actions` and as the same interned objects, so it needs no list from the state.
The rng is not used: the choice is a pure function of the view.

What a decision reads of the view (what a compiled copy of this playout would need from the
state): the seat's pirates, its hand, the occupancy of the 36 squares, the actions left this
turn, the cards left to draw (draw pile + row + discard pile) and, in the Tortuga version, the
first two cards of the open row; and the board, through `BoardTables` (each symbol's squares).

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
from buccaneer.core.registry import seat_knowledge
from buccaneer.core.state import Action, State
from buccaneer.games.cartagena.actions import BACK, END_TURN, FORWARD
from buccaneer.games.cartagena.botview import BotView
from buccaneer.games.cartagena.components import (
    ACTIONS_PER_TURN,
    BOAT,
    MAX_ON_SQUARE,
    SQUARES,
    START,
)

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


def _held_value(held: int) -> float:
    value = CARD_TOP - CARD_DECAY * held
    return value if value > CARD_FLOOR else CARD_FLOOR


# card_value's second case for every hand a seat can hold (102 cards), computed once by the
# same float expression, so a lookup gives bit for bit what the formula gives.
_HELD_VALUE: tuple[float, ...] = tuple(_held_value(held) for held in range(103))
# Cards still needed by a pirate on each square, by the square itself (the start, -1, at index
# 36 where negative indexing finds it): read with `map` over the pirates still out.
_NEED: tuple[int, ...] = tuple(
    max(1, (BOAT - q + SQUARES_PER_CARD - 1) // SQUARES_PER_CARD) for q in [*range(SQUARES), START]
)
_need_of = _NEED.__getitem__
# For bytes.translate: 1 for a square holding one or two pirates (a back move lands on the
# nearest one), 0 for an empty or a full one.
_LANDING = bytes(1 if 0 < n < MAX_ON_SQUARE else 0 for n in range(256))


def card_value(held: int, need: int) -> float:
    """Value in squares of the `held`-th card in hand when `need` cards are still useful."""
    if held > need:
        return SURPLUS_CARD
    return _HELD_VALUE[held] if held < len(_HELD_VALUE) else _held_value(held)


class CartagenaBot:
    """Greedy one-action strategy over a squares-and-cards evaluation (see the module doc)."""

    name = "heuristic"

    def __init__(self, **params: Any) -> None:
        if params:
            raise TypeError(f"the Cartagena heuristic takes no parameters, got {', '.join(params)}")

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        """The best-scoring legal action for `seat`; only the seat's bot view is read."""
        view = seat_knowledge(state, seat)
        if view.current != seat:
            raise IllegalAction(f"seat {seat} has no decision to make now")
        return choose(view, seat)


def choose(view: BotView, seat: int) -> Action:
    """The best-scoring action of `seat`, to move in `view` (first in the legal order on ties).

    The candidates are the legal actions, made here from the view in `legal_actions`' order
    (forward moves by symbol then square, back moves by square, ending the turn), so a tie
    goes to the same action as when the list was read; the actions are the interned ones.
    """
    occ = view.occ
    tables = view.tables
    hand: tuple[int, ...] = view.hands[seat]  # type: ignore[assignment]
    held = sum(hand)
    mine = view.pirates[seat]
    out = mine[: len(mine) - mine.count(BOAT)]  # sorted, so the boat's are last
    actions_left = view.actions_left

    if len(out) <= actions_left and held >= len(out):
        win = winning_action(tables.sym_squares, list(occ), list(out), list(hand), actions_left)
        if win is not None:
            return win

    # Cards the pirates still need to reach the boat; more than that is of little use.
    need = sum(map(_need_of, out))
    spend = SURPLUS_CARD if held > need else _HELD_VALUE[held]  # card_value (held <= 102)
    row = view.row
    # "Als de voorraadstapel is opgebruikt, wordt de aflegstapel ... als nieuwe voorraadstapel
    # klaargelegd"; with both empty fewer cards are drawn (docs/rulings.md), so count what is left.
    available = view.draw_pile + len(row) + sum(view.discard)
    rear = out[0]  # some pirate is out: with all six in the boat the game is over

    # Ending the turn keeps the cards, so it beats any move that makes the position worse; but
    # not at the start of a turn or with an empty hand while cards can still be drawn: a pass
    # then gains the seat nothing, and two seats that both wait would never finish.
    may_pass = actions_left < ACTIONS_PER_TURN if held else not available
    best: Action = END_TURN
    best_score = 0.0 if may_pass else -WIN
    ahead = tables.ahead
    # The longest move each symbol in hand makes now (for the Tortuga row's usefulness).
    gains = [0] * 6
    for card, count in enumerate(hand):
        if not count:
            continue
        # "plaatst die piraat op het volgende onbezette teken in de tunnel dat identiek is
        # aan het teken ... Over alle andere tekens wordt gesprongen, eveneens over alle
        # enkelvoudig of meervoudig bezette velden" - and to the boat if none is free.
        beyond = ahead[card]
        top = 0
        reach = -1
        for origin in out:
            if origin < reach:
                # The pirate behind lands beyond this one, on the same square: this move
                # gains less and comes later in the order, so it can never be chosen. (A
                # second pirate on the same square is skipped so too.)
                continue
            dest = BOAT
            for square in beyond[origin + 1]:
                if not occ[square]:
                    dest = square
                    break
            reach = dest
            gain = dest - origin
            if gain > top:  # noqa: PLR1730 (a call to max costs more in this loop)
                top = gain
            score = gain - spend
            if origin == rear:
                score += REAR_BONUS
            if score > best_score:
                best_score = score
                best = FORWARD[card][origin + 1]
        gains[card] = top

    # "terug naar het dichtst nabijgelegen teken dat is bezet door 1 of 2 andere piraten": the
    # nearest such square, never past a one-pirate square to a two. From the boat too.
    landing = occ.translate(_LANDING)  # 1 where a back move may end, in C
    lowest = landing.find(1)  # the lowest square a back move can reach
    if lowest < 0:
        return best  # none: no back move
    origins = mine if len(out) == len(mine) else (*out, BOAT)
    if origins[-1] <= lowest:
        return best  # no back move
    # The values of the first and second card drawn, each as the scoring adds it up.
    if row:  # Tortuga: the cards drawn are the first ones of the open row
        values = [card_value(held + 1, need), card_value(held + 2, need)]
        for j, card in enumerate(row[:2]):
            gain = gains[card] if hand[card] else _longest(ahead[card], occ, out)
            values[j] *= 1.0 + ROW_WEIGHT * (gain / TYPICAL_GAIN - 1.0)
    else:
        values = [card_value(held + 1, need), card_value(held + 2, need)]
    first, second = values
    previous = lowest
    for origin in origins:
        if origin <= previous:
            continue  # no back move from here, or the same square again
        previous = origin
        target = landing.rfind(1, 0, origin)  # at least `lowest`
        found = occ[target]
        score = float(target - origin)
        if found and available:
            score += first
            if found > 1 and available > 1:
                score += second
        if score > best_score:
            best_score = score
            best = BACK[origin + 1]
    return best


def _longest(beyond: tuple[tuple[int, ...], ...], occ: bytes, origins: tuple[int, ...]) -> int:
    """How far a card of one symbol (`beyond`, its row of `BoardTables.ahead`) now moves the
    pirate it helps most: a known card is valued by this against a typical forward move."""
    gain = 0
    for origin in origins:
        dest = BOAT
        for square in beyond[origin + 1]:
            if not occ[square]:
                dest = square
                break
        gain = max(gain, dest - origin)
    return gain


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
