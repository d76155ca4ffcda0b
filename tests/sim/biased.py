"""A game whose balance is known exactly, to check that the analysis's intervals cover the
truth: each game lasts 1-5 flips (uniform: a mean of 3 actions), the seats taking turns, and
the first seat wins with probability 0.6 (the second otherwise), all drawn from the seed.
Nothing registers it except the tests that need it."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any, Self

from rich.text import Text

from buccaneer.core import Event, GameSpec, IllegalAction, State
from buccaneer.core.rng import Rng
from buccaneer.core.state import Action

FIRST_WINS = 0.6  # the chance that the first seat wins
MEAN_LENGTH = 3.0  # flips, uniform over 1..5


@dataclass(frozen=True)
class Flip:
    def to_json(self) -> dict[str, Any]:
        return {"type": "flip"}


def action_from_json(data: Any) -> Action:
    if data != {"type": "flip"}:
        raise IllegalAction(f"not a flip: {data!r}")
    return Flip()


class BiasedState(State):
    game = "biased"

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        rng = Rng(seed)
        self.length = 1 + rng.below(5)
        self.winner = 0 if rng.below(1000) < FIRST_WINS * 1000 else 1
        self.flips = 0
        self._history = []
        self._replayable = True

    def to_move(self) -> tuple[int, ...]:
        return () if self.flips >= self.length else (self.flips % self.players,)

    def legal_actions(self, seat: int) -> list[Action]:
        return [Flip()] if seat in self.to_move() else []

    def apply(self, seat: int, action: Action | dict[str, Any]) -> None:
        if isinstance(action, dict):
            action = action_from_json(action)
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"seat {seat} may not flip now")
        self._history.append((seat, action))
        self.flips += 1

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.base_view(seat)
        view.update(flips=self.flips)
        return view

    def scores(self) -> list[float]:
        over = not self.to_move()
        return [float(over and seat == self.winner) for seat in range(self.players)]

    def winners(self) -> list[int]:
        return [] if self.to_move() else [self.winner]

    def clone(self) -> Self:
        return copy.deepcopy(self)

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        return self.clone()

    def describe(self, action: Action, seat: int | None = None) -> str:
        return "flip"

    @property
    def log(self) -> list[Event]:
        return []

    def snapshot(self) -> tuple[Any, ...]:
        return (self.flips,)


SPEC = GameSpec(
    name="biased",
    title="Biased",
    summary="The first seat wins 60% of games.",
    min_players=2,
    max_players=2,
    options={},
    new_state=BiasedState,
    action_from_json=action_from_json,
    render=lambda view: Text(str(view["flips"])),
    seat_names=("First", "Second"),
)
