"""Shared machinery of the conformance suite: the configurations and random playthroughs.

Every registered game × player count × rules variant is a configuration; a new game gets the
whole suite by registering itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import buccaneer
from buccaneer.core import Action, GameSpec, State


@dataclass(frozen=True)
class Config:
    spec: GameSpec
    players: int
    options: dict[str, Any]

    @property
    def id(self) -> str:
        opts = "-".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.spec.name}-{self.players}p" + (f"-{opts}" if opts else "")

    def new(self, seed: int) -> State:
        return buccaneer.load(self.spec.name, players=self.players, seed=seed, **self.options)


def configs() -> list[Config]:
    return [
        Config(spec, players, dict(variant))
        for spec in buccaneer.GAMES.values()
        for players in spec.player_counts
        for variant in spec.variants
    ]


CONFIGS = configs()
IDS = [c.id for c in CONFIGS]


def random_step(state: State, rng: random.Random) -> list[tuple[int, Any]]:
    """Apply one random decision for every seat to move; return what was applied."""
    applied = []
    for seat in state.to_move():
        actions = state.legal_actions(seat)
        assert actions, f"seat {seat} is to move but has no legal action"
        action = actions[rng.randrange(len(actions))]
        state.apply(seat, action)
        applied.append((seat, action))
    return applied


def playthrough(config: Config, seed: int) -> Iterator[State]:
    """The states of one uniformly random game, from setup to the end (the same object)."""
    state = config.new(seed)
    rng = random.Random(seed)
    yield state
    for _ in range(config.spec.max_actions):
        if state.is_over():
            return
        random_step(state, rng)
        yield state
    raise AssertionError(f"{config.id} seed {seed}: no end within {config.spec.max_actions}")


def sample_states(config: Config, seed: int, every: int) -> Iterator[State]:
    """Clones of every `every`-th state of a random game, the final state included."""
    last = None
    for i, state in enumerate(playthrough(config, seed)):
        last = state
        if i % every == 0:
            yield state.clone()
    assert last is not None
    yield last.clone()


def seen_by(state: State, seat: int | None) -> tuple[Any, ...]:
    """Everything that leaves the engine for `seat`: its view, whose move it is, its log and
    the words of its choices."""
    choices = (
        [state.describe(a, seat) for a in state.legal_actions(seat)] if seat is not None else []
    )
    return (
        state.view(seat),
        state.to_move(),
        [(e.text, e.data) for e in state.log_for(seat)],
        choices,
    )


def assert_twins_alike(a: State, b: State, watchers: list[int | None], moves: list[Any]) -> None:
    """Twins differing only in what the watchers cannot know look alike to each of them now
    and after each move; a move is `(seat, action)`, or `(seat, None)` for that seat's first
    legal action in each twin (the twins may offer different ones)."""
    for seat in watchers:
        assert seen_by(a, seat) == seen_by(b, seat), seat
    for mover, action in moves:
        for twin in (a, b):
            twin.apply(mover, action if action is not None else twin.legal_actions(mover)[0])
        for seat in watchers:
            assert seen_by(a, seat) == seen_by(b, seat), (seat, mover, action)


class SeatOnly:
    """What an agent playing `seat` may see of a state, and nothing more."""

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self._seat = seat
        self.game = state.game  # the name of the game being played is public
        self.players = state.players

    def _mine(self, seat: int) -> None:
        assert seat == self._seat, f"the agent for seat {self._seat} asked about seat {seat}"

    def legal_actions(self, seat: int) -> list[Action]:
        self._mine(seat)
        return self._state.legal_actions(seat)

    def view(self, seat: int) -> dict[str, Any]:
        self._mine(seat)
        return self._state.view(seat)

    def bot_view(self, seat: int) -> Any:
        self._mine(seat)
        return self._state.bot_view(seat)

    def determinize(self, seat: int, rng: random.Random) -> State:
        self._mine(seat)
        return self._state.determinize(seat, rng)

    def belief(self, seat: int) -> Any:
        self._mine(seat)
        return self._state.belief(seat)

    def determinize_by_belief(self, seat: int, rng: random.Random) -> State:
        self._mine(seat)
        return self._state.determinize_by_belief(seat, rng)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the agent read state.{name}, which is not its to see")


class DesignOnly(SeatOnly):
    """Only the three calls the design first named for agents (`legal_actions`, `view`,
    `determinize`), as an outside harness may offer them: no `bot_view`."""

    @property
    def bot_view(self) -> Any:
        raise AssertionError("the agent read state.bot_view, which this harness does not offer")
