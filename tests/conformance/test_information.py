"""Hidden information: views reveal only a seat's information set; determinize respects it."""

from __future__ import annotations

import random

import pytest

from tests.conformance.harness import CONFIGS, IDS, Config, random_step, sample_states


def _seats(config: Config) -> list[int | None]:
    return [None, *range(config.players)]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_determinize_keeps_the_view(config: Config) -> None:
    for state in sample_states(config, seed=808, every=11):
        for seat in _seats(config):
            world = state.determinize(seat, random.Random(1))
            assert world.view(seat) == state.view(seat)
            assert not config.spec.invariants(world)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_determinize_resamples_hidden_information(config: Config) -> None:
    """Across positions and samples, worlds differ from the truth (hidden cards, chance)."""
    differs = 0
    chance_fresh = 0
    total = 0
    for state in sample_states(config, seed=909, every=13):
        if state.is_over():
            continue
        for seat in _seats(config):
            for k in range(3):
                world = state.determinize(seat, random.Random(k))
                total += 1
                truth, sample = state.snapshot(), world.snapshot()
                differs += truth[:-1] != sample[:-1]
                chance_fresh += truth[-1] != sample[-1]
    assert total and differs > total // 2, f"only {differs}/{total} worlds resampled anything"
    assert chance_fresh == total, "a determinized world must not inherit the real chance stream"


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_determinize_is_a_function_of_the_view_and_rng(config: Config) -> None:
    for state in sample_states(config, seed=1010, every=17):
        for seat in _seats(config):
            other = state.determinize(seat, random.Random(99))  # same view, other hidden facts
            assert other.view(seat) == state.view(seat)
            for k in range(2):
                a = state.determinize(seat, random.Random(k)).snapshot()
                b = other.determinize(seat, random.Random(k)).snapshot()
                assert a == b


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_determinized_worlds_play_to_the_end(config: Config) -> None:
    rng = random.Random(12)
    for state in sample_states(config, seed=1212, every=30):
        for seat in _seats(config):
            world = state.determinize(seat, random.Random(seat or 0))
            for _ in range(config.spec.max_actions):
                if world.is_over():
                    break
                random_step(world, rng)
                problems = config.spec.invariants(world)
                assert not problems, problems
            assert world.is_over()
