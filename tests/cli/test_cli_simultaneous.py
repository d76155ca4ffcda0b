"""Simultaneous decisions (several seats in `to_move()`), through a small test game."""

from __future__ import annotations

import json
from pathlib import Path

from buccaneer.core import GameRecord
from tests.cli.conftest import Invoke


def test_hot_seat_humans_choose_in_turn_without_seeing_each_other(
    invoke: Invoke, pennies: str, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    # [hand over] round 1: P0 heads, [hand over] P1 tails; round 2: [hand over] P0 tails,
    # [hand over] P1 heads.
    answers = "\n1\n\n2\n\n2\n\n1\n"
    args = ["play", pennies, "--bots", "human", "--seed", "1", "--save", str(save)]
    result = invoke(args, input=answers)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("Pass the terminal to") == 4
    # Whoever sits at the terminal never reads the other human's secret choice.
    segments = out.split("Pass the terminal to ")[1:]
    sitting = [segment[:2] for segment in segments]
    for name, segment in zip(sitting, segments, strict=True):
        other = "P1" if name == "P0" else "P0"
        assert f"{other} chose" not in segment, segment
    assert "Round 1: P0 heads, P1 tails" in out
    assert "Round 2: P0 tails, P1 heads" in out
    assert "Winners: P0 (seat 0), P1 (seat 1)" in out
    record = GameRecord.from_json(save.read_text())
    assert [seat for seat, _ in record.actions] == [0, 1, 0, 1]


def test_bots_and_a_human_choose_from_the_same_position(invoke: Invoke, pennies: str) -> None:
    result = invoke(["play", pennies, "--players", "3", "--seed", "2"], input="1\n1\n")
    assert result.exit_code == 0, result.output
    assert "Pass the terminal" not in result.stdout
    assert result.stdout.count("Round ") >= 2
    assert "Game over" in result.stdout


def test_simulate_plays_simultaneous_games(invoke: Invoke, pennies: str) -> None:
    # -w 1: the test game is registered in this process only, not in a worker's
    args = ["simulate", pennies, "-n", "10", "--players", "3", "-o", "rounds=4", "-w", "1"]
    result = invoke([*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["finished"] == 10
    assert data["length"] == {"mean": 12.0, "min": 12, "max": 12}
    assert sum(s["wins"] for s in data["seats"]) >= 10  # shared wins count for each winner
