"""What "ahead" means in Cartagena and whose turn it is, for the analysis of a game's course
(`GameSpec.standing`, `GameSpec.turn_of`; `buccaneer analyze`).

A seat is ahead with more pirates in the boat; between equal boats, with more squares
covered by its six pirates (the start counts 0, square q counts q + 1, the boat 37). The
compiled kernel's `fast_random_games` counts the same (`compiled.c`, `standing_of`).
"""

from __future__ import annotations

from buccaneer.core.state import State
from buccaneer.games.cartagena.components import BOAT
from buccaneer.games.cartagena.state import CartagenaState

# A pirate in the boat outweighs any advance of the rest (six pirates cover at most 222).
BOAT_WEIGHT = 1000


def standing(state: State) -> list[float]:
    assert isinstance(state, CartagenaState)
    return [
        float(BOAT_WEIGHT * pirates.count(BOAT) + sum(square + 1 for square in pirates))
        for pirates in state.pirates
    ]


def turn_of(state: State) -> tuple[int, int]:
    """No round count in Cartagena: (-1, the seat to move)."""
    assert isinstance(state, CartagenaState)
    return -1, state.current
