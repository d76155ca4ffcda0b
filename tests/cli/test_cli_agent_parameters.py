"""Agent parameters on the command line (issue 11, item 12): a wrong type or range is one red
line naming the parameter, in every command that takes `--bots`, before any game is played."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Invoke

BAD = [
    ("ismcts:time=abc", "time must be a number"),
    ("ismcts:iterations=1.5", "iterations must be a whole number"),
    ("ismcts:iterations=true", "iterations must be a whole number"),
    ("ismcts:time=0", "time must be a number, more than 0"),
    ("ismcts:prior=2", "prior must be a number"),
    ("ismcts:max_rollout=-3", "max_rollout must be at least 0"),
    ("ismcts:time=1:time=2", "time is given twice"),
    ("random:speed=2", "speed"),
]


@pytest.mark.parametrize(("bot", "message"), BAD)
def test_play_refuses_a_wrong_agent_parameter(invoke: Invoke, bot: str, message: str) -> None:
    result = invoke(["play", "cartagena", "--bots", bot], input="q\n")
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "not supported between" not in result.stderr
    assert "Your move" not in result.stdout


@pytest.mark.parametrize(("bot", "message"), BAD)
def test_simulate_refuses_a_wrong_agent_parameter(invoke: Invoke, bot: str, message: str) -> None:
    result = invoke(["simulate", "cartagena", "-n", "1", "--bots", f"random,{bot}"])
    assert result.exit_code == 2, result.output
    assert message in result.stderr


@pytest.mark.parametrize(("bot", "message"), BAD)
def test_tournament_refuses_a_wrong_agent_parameter(
    invoke: Invoke, tmp_path: Path, bot: str, message: str
) -> None:
    out = tmp_path / "run"
    result = invoke(["tournament", "cartagena", "--bots", f"heuristic,{bot}", "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert not out.exists()


def test_sound_parameters_play(invoke: Invoke) -> None:
    bots = "ismcts:iterations=2:time=1:prior=0:exploration=1.5:max_rollout=20:rollout=random"
    result = invoke(["simulate", "cartagena", "-n", "1", "--bots", f"random,{bots}", "--json"])
    assert result.exit_code == 0, result.output
