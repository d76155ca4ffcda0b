"""Set up any Cartagena position directly: rulebook examples, puzzles, analysis.

Squares use the protocol's numbering (-1 start, 0..35 tunnel, 36 boat). Cards not placed in a
hand, the row or the discard pile form the draw pile, shuffled from `seed`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from buccaneer.core.errors import OptionError
from buccaneer.core.options import validate_options
from buccaneer.core.rng import Rng
from buccaneer.games.cartagena.components import (
    ACTIONS_PER_TURN,
    BOAT,
    CARDS_PER_SYMBOL,
    MAX_ON_SQUARE,
    MAX_PLAYERS,
    PIRATES_PER_SEAT,
    START,
    SYMBOL_INDEX,
    SYMBOLS,
    count_cards,
)
from buccaneer.games.cartagena.options import OPTIONS
from buccaneer.games.cartagena.state import CartagenaState


def _counts(cards: Mapping[str, int], what: str) -> list[int]:
    bad = sorted(set(cards) - set(SYMBOL_INDEX))
    if bad:
        raise OptionError(f"{what}: unknown symbol(s) {', '.join(bad)}")
    if any(n < 0 for n in cards.values()):
        raise OptionError(f"{what}: card counts cannot be negative")
    return [cards.get(name, 0) for name in SYMBOLS]


def position(
    players: int,
    *,
    layout: str | Sequence[str],
    variant: str = "jamaica",
    pirates: Mapping[int, Sequence[int]] | None = None,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    row: Sequence[str] = (),
    discard: Mapping[str, int] | None = None,
    to_move: int = 0,
    actions_done: int = 0,
    seed: int = 0,
) -> CartagenaState:
    """A state with the given pieces; seats' pirates not listed wait at the start.

    In the Tortuga version an empty `row` is laid out from the draw pile as in play. The
    position is taken as given: one that no action can change (no card in any hand and no back
    move, see `CartagenaState.is_dead`) is not ended here; in play a move into it ends the game.
    """
    if not 2 <= players <= MAX_PLAYERS:
        raise OptionError(f"cartagena is for 2-{MAX_PLAYERS} players, not {players}")
    options = validate_options(
        "cartagena", OPTIONS, {"variant": variant, "layout": layout, "start_player": 0}
    )
    squares: list[list[int]] = [[] for _ in range(players)]
    for seat, given in (pirates or {}).items():
        if not 0 <= seat < players:
            raise OptionError(f"no seat {seat} in a {players}-player game")
        if len(given) > PIRATES_PER_SEAT:
            raise OptionError(f"seat {seat} has only {PIRATES_PER_SEAT} pirates")
        if any(not START <= q <= BOAT for q in given):
            raise OptionError(f"pirate squares run from {START} to {BOAT}, got {list(given)}")
        squares[seat] = list(given)
    for seat_squares in squares:
        seat_squares.extend([START] * (PIRATES_PER_SEAT - len(seat_squares)))
    tunnel = [q for seat_squares in squares for q in seat_squares if 0 <= q < BOAT]
    crowded = sorted({q for q in tunnel if tunnel.count(q) > MAX_ON_SQUARE})
    if crowded:
        raise OptionError(f"at most three pirates may share a square: {crowded}")
    hand_counts = [_counts((hands or {}).get(seat, {}), f"hand {seat}") for seat in range(players)]
    discard_counts = _counts(discard or {}, "discard")
    row_cards = [SYMBOL_INDEX[name] for name in row]
    if row_cards and variant != "tortuga":
        raise OptionError("only the Tortuga version has an open row")
    left = [CARDS_PER_SYMBOL] * 6
    for counts in [*hand_counts, discard_counts, count_cards(row_cards)]:
        left = [a - b for a, b in zip(left, counts, strict=True)]
    if any(n < 0 for n in left):
        over = [SYMBOLS[i] for i, n in enumerate(left) if n < 0]
        raise OptionError(f"more than {CARDS_PER_SYMBOL} {', '.join(over)} cards placed")
    if not 0 <= to_move < players or not 0 <= actions_done < ACTIONS_PER_TURN:
        raise OptionError("to_move must be a seat and actions_done 0, 1 or 2")
    rng = Rng(seed)
    pile = [card for card in range(6) for _ in range(left[card])]
    rng.shuffle(pile)
    state = CartagenaState.assemble(
        players=players,
        seed=seed,
        options=options,
        tiles=options["layout"],
        pirates=squares,
        hands=hand_counts,
        pile=pile,
        discard=discard_counts,
        row=row_cards[::-1],
        current=to_move,
        actions_done=actions_done,
        turn=1,
        won_by=(),
        rng=rng,
    )
    state.reset_records(replayable=False)
    if variant == "tortuga" and not row_cards:
        state.refill_row()
    return state
