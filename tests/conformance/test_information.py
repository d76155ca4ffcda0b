"""Hidden information: views reveal only a seat's information set; determinize respects it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from buccaneer.core import State
from tests.conformance.harness import CONFIGS, IDS, Config, random_step, sample_states

# The snapshot's entries of the chance stream and the game's seed (secret until the end): a
# determinized world draws both afresh, so neither counts as a hidden fact resampled.
CHANCE = ("rng", "seed")


def _seats(config: Config) -> list[int | None]:
    return [None, *range(config.players)]


def _stream_and_rest(state: State) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The state's snapshot split in two: the chance stream's entry, and every entry but the
    `CHANCE` ones, split by the names of the declared fields (`FIELDS`, core/fields.py)."""
    snapshot = state.snapshot()
    fields = type(state).FIELDS  # type: ignore[attr-defined]
    names = [field.name for field in fields if field.in_snapshot]
    pairs = list(zip(names, snapshot, strict=True))
    return (
        tuple(value for name, value in pairs if name == "rng"),
        tuple(value for name, value in pairs if name not in CHANCE),
    )


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_determinize_keeps_the_view(config: Config) -> None:
    for state in sample_states(config, seed=808, every=11):
        for seat in _seats(config):
            world = state.determinize(seat, random.Random(1))
            assert world.view(seat) == state.view(seat)
            assert not config.spec.invariants(world)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_determinize_resamples_hidden_information(config: Config) -> None:
    """Across positions and samples, worlds differ from the truth (hidden cards, chance).

    Positions where the seat has nothing left to guess (Tortuga before anyone holds a treasure
    tile) give the truth every time; they are told apart by their samples all agreeing with it,
    and only the others are held to resampling."""
    differs = 0
    chance_fresh = 0
    total = 0
    hidden = 0
    for state in sample_states(config, seed=909, every=13):
        if state.is_over():
            continue
        truth_stream, truth = _stream_and_rest(state)
        for seat in _seats(config):
            samples = [
                _stream_and_rest(state.determinize(seat, random.Random(k))) for k in range(3)
            ]
            chance_fresh += sum(stream != truth_stream for stream, _ in samples)
            total += len(samples)
            if all(rest == truth for _, rest in samples):
                continue  # nothing hidden from this seat here, or three lucky guesses
            hidden += len(samples)
            differs += sum(rest != truth for _, rest in samples)
    assert hidden >= total // 4, f"only {hidden}/{total} samples had anything to resample"
    assert differs > hidden // 2, f"only {differs}/{hidden} worlds resampled anything"
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
