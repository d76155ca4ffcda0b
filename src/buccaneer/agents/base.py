"""The agent interface: `act(state, seat, rng) -> Action` (docs/architecture.md, "Agents").

An agent may only use `legal_actions`, `view` and `determinize` for the seat it plays, so that
given two states with equal `view(seat)` and the same rng it returns the same action.
"""

from __future__ import annotations

import random
from typing import Protocol

from buccaneer.core.state import Action, State


class Agent(Protocol):
    name: str

    def act(self, state: State, seat: int, rng: random.Random) -> Action: ...
