"""Records from outside are checked field by field (issue 11, item 10).

Before, `"players": "three"` or `"actions": 7` ended in a traceback, `"actions": {}` was an
empty game, `3.9` players became 3 and the seed `"11"` became 11, deep nesting raised
`RecursionError`, and unknown keys were ignored.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import buccaneer
from buccaneer import GameRecord, OptionError


def _record(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": "buccaneer-record/1",
        "game": "cartagena",
        "players": 3,
        "options": {"variant": "tortuga"},
        "seed": 11,
        "actions": [[0, {"type": "end_turn"}], [1, {"type": "end_turn"}]],
    }
    base.update(changes)
    return base


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": "three"}, "players"),
        ({"players": 3.9}, "players"),
        ({"players": True}, "players"),
        ({"players": 9}, "players"),
        ({"players": 1}, "players"),
        ({"seed": "abc"}, "seed"),
        ({"seed": "11"}, "seed"),
        ({"seed": None}, "seed"),
        ({"seed": -1}, "seed"),
        ({"seed": 1 << 64}, "seed"),
        ({"seed": 1.0}, "seed"),
        ({"actions": 7}, "actions"),
        ({"actions": {}}, "actions"),
        ({"actions": "[]"}, "actions"),
        ({"actions": [[0]]}, "actions[0][1]"),
        ({"actions": [[0, {"type": "end_turn"}, 3]]}, "actions[0]"),
        ({"actions": [["0", {"type": "end_turn"}]]}, "actions[0][0]"),
        ({"actions": [[0.0, {"type": "end_turn"}]]}, "actions[0][0]"),
        ({"actions": [[True, {"type": "end_turn"}]]}, "actions[0][0]"),
        ({"actions": [[3, {"type": "end_turn"}]]}, "actions[0][0]"),
        ({"actions": [[0, {"type": "end_turn", "x": 1}]]}, "actions[0][1]"),
        ({"actions": [[0, {"type": "forward", "card": [], "from": -1}]]}, "actions[0][1]"),
        ({"actions": [[0, {"type": "fly"}]]}, "actions[0][1]"),
        ({"actions": [[0, "end_turn"]]}, "actions[0][1]"),
        ({"options": []}, "options"),
        ({"options": {"variant": "cuba"}}, "options"),
        ({"options": {"colour": "red"}}, "options"),
        ({"game": "chess"}, "game"),
        ({"game": 7}, "game"),
        ({"extra": 1}, "extra"),
        # Options that depend on the player count are checked with it.
        ({"options": {"start_player": 3}}, "options"),
        ({"game": "tortuga", "options": {"start_player": 3}, "actions": []}, "options"),
        ({"game": "tortuga1667", "options": {"star_cards": 6}, "actions": []}, "options"),
    ],
    ids=repr,
)
def test_each_wrong_field_is_named(changes: dict[str, Any], field: str) -> None:
    text = json.dumps(_record(**changes))
    with pytest.raises(OptionError, match=re.escape(f"record field '{field}'")):
        GameRecord.from_json(text)


def test_a_valid_record_reads_and_replays() -> None:
    record = GameRecord.from_json(json.dumps(_record()))
    assert record.players == 3 and record.seed == 11
    assert record.options["variant"] == "tortuga"
    state = buccaneer.replay(record)
    assert state.to_move() == (2,)


def test_deeply_nested_json_is_refused_cleanly() -> None:
    deep = "[" * 200_000 + "]" * 200_000
    with pytest.raises(OptionError, match="nested too deeply"):
        GameRecord.from_json(deep)
    options = json.dumps(_record(options={"variant": "jamaica"}))
    nested = options.replace('"jamaica"', '{"a": ' * 5000 + "1" + "}" * 5000)
    with pytest.raises(OptionError):
        GameRecord.from_json(nested)


def test_missing_fields_are_listed() -> None:
    with pytest.raises(OptionError, match="missing players, options, seed, actions"):
        GameRecord.from_json('{"game": "cartagena"}')


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    key=st.sampled_from(["game", "players", "options", "seed", "actions", "format"]),
    value=json_values,
)
def test_any_json_in_any_field_is_read_or_refused_with_a_clear_error(key: str, value: Any) -> None:
    text = json.dumps(_record(**{key: value}))
    try:
        record = GameRecord.from_json(text)
    except OptionError as exc:
        assert "record" in str(exc)
        return
    buccaneer.replay(record)


def test_json_past_what_python_reads_is_refused_cleanly() -> None:
    """A number of more than 4300 digits, and bytes that are not UTF-8."""
    text = json.dumps(_record()).replace('"seed": 11', '"seed": ' + "9" * 5000)
    with pytest.raises(OptionError, match="a number in it is too long"):
        GameRecord.from_json(text)
    with pytest.raises(OptionError, match="not a game record"):
        GameRecord.from_json(b"\xff\xfe\x00{")


@pytest.mark.parametrize(
    "changes",
    [
        {"k" * 100_000: 1},
        {"game": "g" * 100_000},
        {"options": {"o" * 100_000: 1}},
        {"actions": [[0, {"type": "end_turn", "k" * 100_000: 1}]]},
        {"options": {"variant": json.loads("[" * 900 + "]" * 900)}},
    ],
    ids=["key", "game", "option", "action key", "nesting"],
)
def test_an_error_never_repeats_more_than_a_line_of_what_was_sent(changes: dict[str, Any]) -> None:
    with pytest.raises(OptionError) as refused:
        GameRecord.from_dict(_record(**changes))
    assert len(str(refused.value)) < 250, str(refused.value)[:300]


def test_an_action_error_never_repeats_more_than_a_line_of_what_was_sent() -> None:
    state = buccaneer.load("cartagena", 2, seed=1)
    for wrong in ({"type": "end_turn", "k" * 100_000: 1}, {"type": "x" * 100_000}):
        with pytest.raises(buccaneer.IllegalAction) as refused:
            state.apply(0, wrong)
        assert len(str(refused.value)) < 250


@pytest.mark.parametrize("seed", [1 << 64, (1 << 64) + 5, -1, 1.0, True, "7"])
def test_load_refuses_a_seed_no_record_could_hold(seed: Any) -> None:
    """2**64 + 5 would silently be the game of seed 5, and its record unreadable."""
    with pytest.raises(OptionError, match="seed must be a non-negative int below 2\\*\\*64"):
        buccaneer.load("cartagena", 2, seed=seed)
    top = buccaneer.load("cartagena", 2, seed=(1 << 64) - 1)
    assert GameRecord.from_json(top.record().to_json()).seed == (1 << 64) - 1
