"""Nothing but exact, legal actions gets in (issue 11, items 8 and 9), for every game.

A fuzzer found action objects with float, bool or numpy fields passing the legality check
(`2.0 == 2 == True`, and they hash alike) and then corrupting the state or the record, indexes
that wrapped, seats given as `0.0` or `True` accepted, and malformed JSON raising `TypeError`
or being silently reinterpreted. Here every legal action met along random games is mutated
field by field, its JSON too, and the seat: whatever is not exactly a legal action must raise
`IllegalAction` and change nothing, and the game must still record and replay.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import buccaneer
from buccaneer.core import IllegalAction, State
from tests.conformance.harness import CONFIGS, IDS, Config, random_step, sample_states


def exactly(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down (so 1.0, True and np.int64(1) are not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(exactly(x, y) for x, y in zip(a, b, strict=True))
    if dataclasses.is_dataclass(a):
        return all(exactly(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return bool(a == b)


def value_mutations(value: Any) -> Iterator[Any]:
    if type(value) is int:
        yield float(value)
        yield np.int64(value)
        yield str(value)
        yield value in (0, 1) and bool(value)
        yield -1
        yield -value - 1
        yield value + 64
        yield [value]
        yield None
    elif type(value) is tuple:
        yield list(value)
        yield tuple(float(x) for x in value)
        yield tuple(np.int64(x) for x in value)
        yield (*value, *value)
        yield value[:-1]
    elif type(value) is str:
        yield value.upper()
        yield value.encode()
        yield 1
        yield None


def object_mutations(action: Any) -> Iterator[Any]:
    for field in dataclasses.fields(action):
        for wrong in value_mutations(getattr(action, field.name)):
            mutated = object.__new__(type(action))
            for other in dataclasses.fields(action):
                object.__setattr__(mutated, other.name, getattr(action, other.name))
            object.__setattr__(mutated, field.name, wrong)
            yield mutated


def json_mutations(data: dict[str, Any]) -> Iterator[Any]:
    yield {**data, "extra": 1}
    yield {k: v for k, v in data.items() if k != "type"}
    yield [data]
    yield {**data, "type": [data["type"]]}
    for key, value in data.items():
        if key == "type":
            continue
        yield {k: v for k, v in data.items() if k != key}
        for wrong in (
            [value],
            {"value": value},
            True,
            1.5,
            None,
            str(value) + "x",
            [[[[value]]]],
        ):
            if not exactly(wrong, value):
                yield {**data, key: wrong}
        if type(value) is int:
            yield {**data, key: float(value)}
        if type(value) is list and value:
            yield {**data, key: [str(value[0]) + str(value[0])]}
            yield {**data, key: [float(x) if type(x) is int else [x] for x in value]}


def refused(state: State, seat: Any, action: Any, where: str) -> None:
    """Refused, and nothing rule-relevant changed (the record's length is checked once for
    all of a position's refusals, by `check_position`: building a record is as long as the
    game so far, and the refusals are many)."""
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert state.snapshot() == before, f"{where}: a refused {action!r} changed the state"


def check_position(state: State, rng: random.Random) -> int:
    history = len(state.record().actions)
    checked = 0
    for seat in state.to_move():
        legal = state.legal_actions(seat)
        jsons = [action.to_json() for action in legal]
        for action in rng.sample(legal, min(3, len(legal))):
            for mutated in object_mutations(action):
                if any(exactly(mutated, x) for x in legal):
                    continue
                refused(state, seat, mutated, "object")
                checked += 1
            for data in json_mutations(action.to_json()):
                if data in jsons and isinstance(data, dict):
                    continue
                refused(state, seat, data, "JSON")
                checked += 1
        for wrong_seat in (float(seat), np.int64(seat), str(seat), [seat]):
            refused(state, wrong_seat, legal[0], "seat")
        if seat in (0, 1):
            refused(state, bool(seat), legal[0], "seat")
    assert len(state.record().actions) == history, "a refused action was recorded"
    return checked


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_mutated_actions_and_seats_are_refused_and_change_nothing(config: Config) -> None:
    rng = random.Random(8)
    checked = 0
    for state in sample_states(config, seed=88, every=max(2, config.spec.max_actions // 4000)):
        if not state.is_over():
            checked += check_position(state, rng)
    assert checked > 50
    # The game played on after all those refusals still records and replays.
    state = config.new(89)
    for _ in range(200):
        if state.is_over():
            break
        check_position(state, rng)
        random_step(state, rng)
    again = buccaneer.replay(buccaneer.GameRecord.from_json(state.record().to_json()))
    assert again.snapshot() == state.snapshot()


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_wrong_seats_are_refused_by_every_call_that_takes_one(config: Config) -> None:
    """`True`, `1.0` and `np.int64(1)` equal 1 but are not seats: `legal_actions` offers them
    nothing, and `view`, `log_for` and `determinize` refuse them (a spectator is None)."""
    n = config.players
    wrong: list[Any] = [
        True,
        False,
        0.0,
        1.0,
        np.int64(0),
        np.int64(1),
        "0",
        -1,
        n,
        n + 7,
        [0],
        None,
    ]
    for state in sample_states(config, seed=33, every=max(2, config.spec.max_actions // 400)):
        for seat in wrong:
            assert state.legal_actions(seat) == []
            if seat is None:
                continue
            with pytest.raises(IllegalAction):
                state.view(seat)
            with pytest.raises(IllegalAction):
                state.log_for(seat)
            with pytest.raises(IllegalAction):
                state.determinize(seat, random.Random(1))
