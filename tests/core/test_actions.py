"""`core.actions.json_action`: an action's JSON and its parsing shape come from the dataclass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import pytest
from pydantic import AfterValidator, Field

from buccaneer.core.actions import Coded, JsonAction, Named, json_action
from buccaneer.core.errors import IllegalAction
from buccaneer.core.schema import ActionParser

SYMBOLS = ("bottle", "hat", "key")
LETTERS = ("A", "B", "C", "D", "E")


def once(letters: list[str]) -> list[str]:
    if len(set(letters)) != len(letters):
        raise ValueError("a die can be selected once")
    return letters


DICE = Coded(
    Annotated[list[str], Field(max_length=5), AfterValidator(once)],
    lambda dice: [LETTERS[d] for d in dice],
    lambda letters: tuple(sorted(LETTERS.index(x) for x in letters)),
)


@json_action("forward")
@dataclass(frozen=True, slots=True)
class Forward(JsonAction):
    """Play a card."""

    card: Annotated[int, Named(SYMBOLS)]
    from_: Annotated[int, Field(alias="from", ge=-1, le=35)]


@json_action("select")
@dataclass(frozen=True, slots=True)
class Select(JsonAction):
    dice: Annotated[tuple[int, ...], DICE]


@dataclass(frozen=True, slots=True)
class EndTurn(JsonAction):
    pass


END_TURN = EndTurn()
json_action("end_turn", make=lambda: END_TURN)(EndTurn)
PARSE = ActionParser.of("toy", [Forward, Select, EndTurn])


def test_to_json_is_derived_from_the_fields() -> None:
    assert Forward(1, 5).to_json() == {"type": "forward", "card": "hat", "from": 5}
    assert Select((0, 2)).to_json() == {"type": "select", "dice": ["A", "C"]}
    assert EndTurn().to_json() == {"type": "end_turn"}
    assert PARSE.types == ["forward", "select", "end_turn"]


def test_the_shape_reads_the_json_back() -> None:
    for action in (Forward(2, -1), Select((1, 4)), Select(())):
        assert PARSE(action.to_json()) == action
    assert PARSE({"type": "select", "dice": ["C", "A"]}) == Select((0, 2))
    assert PARSE({"type": "end_turn"}) is END_TURN  # `make` may hand out a shared instance


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"type": "forward", "card": "hat", "from": 99}, "'from' must be at most 35, got 99"),
        ({"type": "forward", "card": "x", "from": 1}, "'card' must be one of 'bottle', 'hat'"),
        ({"type": "forward", "card": "hat", "from": True}, "'from' must be an integer, got True"),
        ({"type": "forward", "card": "hat"}, "'from' is missing"),
        ({"type": "select", "dice": ["A", "A"]}, "a die can be selected once"),
        ({"type": "end_turn", "x": 1}, "'x' is not a known field"),
    ],
)
def test_malformed_json_is_refused_with_the_field_named(data: object, words: str) -> None:
    with pytest.raises(IllegalAction, match=words.replace("(", r"\(")):
        PARSE(data)


def test_an_undecorated_action_says_so() -> None:
    @dataclass(frozen=True, slots=True)
    class Bare(JsonAction):
        pass

    with pytest.raises(NotImplementedError, match="json_action"):
        Bare().to_json()
