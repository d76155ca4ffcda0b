"""`buccaneer replay`: walking through saved games, and refusing broken files clearly."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import buccaneer
from buccaneer.core import GameRecord
from tests.cli.conftest import Invoke

GAME = "cartagena"


@pytest.fixture
def jsonl(invoke: Invoke, tmp_path: Path) -> Path:
    """Three finished games, as `simulate --save` writes them."""
    path = tmp_path / "games.jsonl"
    args = ["simulate", GAME, "-n", "3", "--seed", "50", "--save", str(path), "--json"]
    assert invoke(args).exit_code == 0
    return path


def _record(path: Path, index: int) -> GameRecord:
    return GameRecord.from_json(path.read_text().splitlines()[index])


def test_replay_shows_the_public_log_and_the_result(invoke: Invoke, jsonl: Path) -> None:
    result = invoke(["replay", str(jsonl), "--index", "1", "--no-step"])
    assert result.exit_code == 0, result.output
    state = buccaneer.replay(_record(jsonl, 1))
    for event in state.log_for(None):
        assert event.text in result.stdout
    name = buccaneer.GAMES[GAME].seat_name(state.winners()[0])
    assert f"Winner(s): {name}" in result.stdout
    assert f"Seed {50 + 1}." in result.stdout


def test_replay_for_one_seat_hides_the_others_private_events(invoke: Invoke, jsonl: Path) -> None:
    state = buccaneer.replay(_record(jsonl, 0))
    private = [e for e in state.log if e.visible_to is not None]
    assert {seat for e in private for seat in e.visible_to or ()} == {0, 1}
    everything = invoke(["replay", str(jsonl), "--no-step", "--all"]).stdout
    seat0 = invoke(["replay", str(jsonl), "--no-step", "--seat", "0"]).stdout
    for event in private:
        assert event.text in everything
        if 0 not in (event.visible_to or ()):
            assert event.text not in seat0


def test_a_single_record_file_from_play(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    invoke(["play", GAME, "--seed", "6", "--save", str(save)], input="1\n1\nq\n")
    result = invoke(["replay", str(save), "--no-step"])
    assert result.exit_code == 0, result.output
    assert "unfinished after 2 actions" in result.stdout


def test_actions_are_numbered_from_one(invoke: Invoke, tmp_path: Path) -> None:
    """As `verify` and the browser count them: the first action is 1, the last the total."""
    state = buccaneer.load(GAME, players=2, seed=7)
    for _ in range(3):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    path = tmp_path / "game.json"
    path.write_text(state.record().to_json())
    result = invoke(["replay", str(path), "--no-step"])
    assert result.exit_code == 0, result.output
    numbers = [int(n) for n in re.findall(r"^\s*(\d+)\. ", result.stdout, re.MULTILINE)]
    assert sorted(set(numbers)) == [1, 2, 3], result.stdout


def test_step_mode_stops_on_q(invoke: Invoke, jsonl: Path) -> None:
    result = invoke(["replay", str(jsonl), "--step"], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "Replay stopped after 3 of " in result.stdout


@pytest.mark.parametrize("index", ["3", "-4"])
def test_index_out_of_range(invoke: Invoke, jsonl: Path, index: str) -> None:
    result = invoke(["replay", str(jsonl), "--index", index, "--no-step"])
    assert result.exit_code == 2
    assert "out of range" in result.stderr
    assert "holds 3 record(s)" in result.stderr


def test_malformed_files_are_refused(invoke: Invoke, tmp_path: Path) -> None:
    missing = invoke(["replay", str(tmp_path / "nope.json"), "--no-step"])
    assert missing.exit_code == 2
    assert "cannot read" in missing.stderr

    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    result = invoke(["replay", str(garbage), "--no-step"])
    assert result.exit_code == 2
    assert "invalid JSON" in result.stderr

    incomplete = tmp_path / "incomplete.json"
    incomplete.write_text(json.dumps({"game": GAME}))
    result = invoke(["replay", str(incomplete), "--no-step"])
    assert result.exit_code == 2
    assert "missing" in result.stderr


def test_an_illegal_record_action_is_named_by_index(invoke: Invoke, tmp_path: Path) -> None:
    state = buccaneer.load(GAME, players=2, seed=7)
    state.apply(0, state.legal_actions(0)[0])
    data = state.record().to_dict()
    data["actions"].append([1, {"type": "end_turn"}])  # not seat 1's turn
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = invoke(["replay", str(path), "--no-step"])
    assert result.exit_code == 2
    assert "record action 2 of 2" in result.stderr, "counted from 1, as verify counts"
    assert "Traceback" not in result.output
