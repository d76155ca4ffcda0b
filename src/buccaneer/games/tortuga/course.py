"""What "ahead" means in Tortuga and whose turn it is, for the analysis of a game's course
(`GameSpec.standing`, `GameSpec.turn_of`; `buccaneer analyze`).

Ahead is more points as the final scoring would count them now, coins included (the analysis
sees everything). A Tortuga round is played by all seats together (roll, place, resolve), so a
turn is a round: (the round, its start player).
"""

from __future__ import annotations

from buccaneer.core.state import State
from buccaneer.games.tortuga.state import TortugaState


def standing(state: State) -> list[float]:
    return state.scores()


def turn_of(state: State) -> tuple[int, int]:
    assert isinstance(state, TortugaState)
    return state.round, state.start
