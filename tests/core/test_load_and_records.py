"""The public entry points refuse bad requests clearly and replay records exactly."""

from __future__ import annotations

import random

import pytest

import buccaneer
from buccaneer import GameRecord, IllegalAction, OptionError
from buccaneer.core.registry import get_spec


def test_games_mapping_lists_registered_games() -> None:
    assert "cartagena" in buccaneer.GAMES
    assert len(buccaneer.GAMES) == len(list(buccaneer.GAMES))
    spec = buccaneer.GAMES["cartagena"]
    assert spec is get_spec("cartagena")


def test_unknown_game_names_the_available_ones() -> None:
    with pytest.raises(OptionError, match=r"unknown game 'chess'; available: .*cartagena"):
        buccaneer.load("chess", players=2)


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(OptionError, match="seed must be a non-negative int"):
        buccaneer.load("cartagena", players=2, seed=seed)  # type: ignore[arg-type]


def test_players_must_be_an_int() -> None:
    with pytest.raises(OptionError, match="players must be an int"):
        buccaneer.load("cartagena", players="3")  # type: ignore[arg-type]


def test_no_seed_means_a_random_one_that_is_recorded() -> None:
    a = buccaneer.load("cartagena", players=3)
    b = buccaneer.load("cartagena", players=3)
    assert a.seed != b.seed
    assert buccaneer.replay(a.record()).snapshot() == a.snapshot()


def test_record_round_trip_keeps_every_field() -> None:
    state = buccaneer.load("cartagena", players=3, seed=11, variant="tortuga")
    rng = random.Random(1)
    for _ in range(25):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = state.record()
    again = GameRecord.from_json(record.to_json(indent=2))
    assert again == record
    assert again.options == {"variant": "tortuga", "layout": None, "start_player": 0}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "invalid JSON"),
        ("[]", "must be a JSON object"),
        ('{"game": "cartagena"}', "missing players, options, seed, actions"),
        ('{"format": "other/9"}', "unsupported record format"),
        (
            '{"game": "cartagena", "players": 2, "options": {}, "seed": 1, "actions": [[0]]}',
            r"record field 'actions\[0\]\[1\]' is missing",
        ),
    ],
)
def test_malformed_records_are_refused(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        GameRecord.from_json(text)


def test_a_record_with_an_illegal_action_names_it() -> None:
    record = GameRecord("cartagena", 2, {}, 5, [(0, {"type": "end_turn"}), (0, {"type": "x"})])
    with pytest.raises(IllegalAction, match="record action 1"):
        buccaneer.replay(record)


def test_position_states_have_no_replayable_record() -> None:
    state = buccaneer.load("cartagena", players=2, seed=1)
    world = state.determinize(0, random.Random(0))
    with pytest.raises(IllegalAction, match="no replayable record"):
        world.record()


def test_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    state = buccaneer.load("cartagena", players=2, seed=1)
    with pytest.raises(IllegalAction, match="no seat 2"):
        state.view(2)


def test_apply_accepts_the_json_form() -> None:
    state = buccaneer.load("cartagena", players=2, seed=1)
    state.apply(0, {"type": "end_turn"})
    assert state.to_move() == (1,)
    assert state.record().actions == [(0, {"type": "end_turn"})]
