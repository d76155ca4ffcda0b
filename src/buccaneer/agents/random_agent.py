"""The uniform random agent: the baseline every bot must beat, and the default rollout policy."""

from __future__ import annotations

import random
from typing import Any

from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.state import Action, State


class RandomAgent:
    """Picks uniformly among the legal actions."""

    name = "random"
    # It never reads a view, so a game among random agents need not keep what the table's
    # play says about hidden teams (`State.keep_beliefs`; `sim.games.play_game`).
    reads_views = False

    def __init__(self, **params: Any) -> None:
        if params:
            raise OptionError(f"the random agent takes no parameters, got {', '.join(params)}")

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        actions = state.legal_actions(seat)
        if not actions:
            raise IllegalAction(f"seat {seat} has no decision to make now")
        return actions[rng.randrange(len(actions))]
