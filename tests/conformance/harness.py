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
from buccaneer.core import GameSpec, State


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
