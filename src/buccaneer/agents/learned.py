"""`agents.make("learned")`: the game's trained policy alone, no search (well under 1 ms a move).

It reads the seat's `view` and `legal_actions`, scores the legal actions with the network of
`agents/network.py` and plays the best (`temperature=0`, the default) or samples from the
softmax at that temperature with the agent's rng, so equal views and rng give equal moves.
"""

from __future__ import annotations

import math
import numbers
import random
from typing import Any

import numpy as np

from buccaneer.agents.network import Network, network_for, softmax
from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.state import Action, State


def check_weights(weights: Any) -> str | None:
    """`weights` as a file path (None: the game's shipped file)."""
    if weights is not None and not isinstance(weights, str):
        raise OptionError(f"weights must be the path of a policy .npz file, got {weights!r}")
    return weights


class LearnedAgent:
    """The policy network's choice: `temperature` 0 (argmax) or more (sampled);
    `weights` the path of a `.npz` file made by `buccaneer train` (default: the shipped one)."""

    name = "learned"
    temperature: float
    weights: str | None
    _network: Network | None

    def __init__(
        self,
        *,
        temperature: float = 0.0,
        weights: str | None = None,
        network: Network | None = None,
        **unknown: Any,
    ) -> None:
        if unknown:
            raise OptionError(f"learned has no parameter {', '.join(sorted(unknown))}")
        if (
            isinstance(temperature, bool)
            or not isinstance(temperature, numbers.Real)
            or not math.isfinite(float(temperature))
            or temperature < 0
        ):
            raise OptionError(f"temperature must be a number, 0 or more, got {temperature!r}")
        self.temperature = float(temperature)
        self.weights = check_weights(weights)
        self._network = network

    def network(self, game: str) -> Network:
        return self._network if self._network is not None else network_for(game, self.weights)

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has no decision to make now")
        if len(legal) == 1:
            return legal[0]
        logits, _ = self.network(state.game).evaluate(state, seat, legal)
        if self.temperature == 0:
            return legal[int(np.argmax(logits))]
        probs = softmax(logits, self.temperature)
        draw, total = rng.random(), 0.0
        for action, p in zip(legal, probs, strict=True):
            total += float(p)
            if draw < total:
                return action
        return legal[-1]
