"""`spec.from_view`: a full state rebuilt from one seat's view alone.

A remote agent (`buccaneer connect`) only ever holds the messages its seat receives; from_view
turns the view in them back into a state it can search. It must agree with the real state on
everything the seat knows, play on from there, and depend on nothing but the view and the rng.
"""

from __future__ import annotations

import json
import random

import pytest

from buccaneer.core import State
from tests.conformance.harness import CONFIGS, IDS, Config, random_step, sample_states


def _rebuild(config: Config, state: State, seat: int, k: int) -> State:
    assert config.spec.from_view is not None
    # The view as it arrives over the network: through JSON, so no Python object is shared.
    view = json.loads(json.dumps(state.view(seat)))
    return config.spec.from_view(view, random.Random(k))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_game_offers_from_view(config: Config) -> None:
    assert config.spec.from_view is not None, f"{config.spec.name} has no from_view"


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_from_view_agrees_on_what_the_seat_knows(config: Config) -> None:
    for state in sample_states(config, seed=4242, every=7):
        for seat in range(config.players):
            world = _rebuild(config, state, seat, seat)
            assert world.view(seat) == state.view(seat)
            assert world.to_move() == state.to_move()
            assert world.legal_actions(seat) == state.legal_actions(seat)
            assert [world.describe(a, seat) for a in world.legal_actions(seat)] == [
                state.describe(a, seat) for a in state.legal_actions(seat)
            ]
            assert not config.spec.invariants(world)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_from_view_is_a_function_of_the_view_and_rng(config: Config) -> None:
    """Twins that differ only in what the seat cannot know rebuild to the same world."""
    for state in sample_states(config, seed=5151, every=13):
        for seat in range(config.players):
            twin = state.twin(seat, random.Random(seat))
            a = _rebuild(config, state, seat, 99).snapshot()
            b = _rebuild(config, twin, seat, 99).snapshot()
            assert a == b


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_rebuilt_world_plays_on_to_the_end(config: Config) -> None:
    rng = random.Random(7)
    for state in sample_states(config, seed=6161, every=29):
        for seat in range(config.players):
            world = _rebuild(config, state, seat, seat)
            for _ in range(config.spec.max_actions):
                if world.is_over():
                    break
                random_step(world, rng)
                assert not config.spec.invariants(world)
            assert world.is_over()
            world.determinize(seat, rng)  # a rebuilt world is a state like any other
