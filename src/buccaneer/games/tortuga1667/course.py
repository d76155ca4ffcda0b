"""What "ahead" means in Tortuga 1667 and whose turn it is, for the analysis of a game's course
(`GameSpec.standing`, `GameSpec.turn_of`; `buccaneer analyze`).

A seat stands as its team's chests do now (holds on both ships and its slot on Tortuga), by
its loyalty now (Cabin Fever may change it). The Dutch win a tie, so a Dutch seat stands half
a chest above the tied teams, and with the smaller team's chests otherwise.
"""

from __future__ import annotations

from buccaneer.core.state import State
from buccaneer.games.tortuga1667.components import BRITISH, FRENCH
from buccaneer.games.tortuga1667.state import Tortuga1667State


def standing(state: State) -> list[float]:
    assert isinstance(state, Tortuga1667State)
    british, french = state.team_chests()
    dutch = british + 0.5 if british == french else float(min(british, french))
    by_team = {BRITISH: float(british), FRENCH: float(french)}
    return [by_team.get(team, dutch) for team in state.loyalty]


def turn_of(state: State) -> tuple[int, int]:
    """No round count kept: (-1, the captain whose turn it is)."""
    assert isinstance(state, Tortuga1667State)
    return -1, state.current
