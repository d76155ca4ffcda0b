"""Mistakes on the command line end with one red line and exit code 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

import buccaneer
from tests.cli.conftest import Invoke

SOURCES = [
    Path(buccaneer.__file__).parent / "cli.py",
    *sorted((Path(buccaneer.__file__).parent / "cli_support").glob("*.py")),
]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["play", "nosuchgame"], "unknown game 'nosuchgame'"),
        (["simulate", "nosuchgame", "-n", "1"], "unknown game 'nosuchgame'"),
        (["play", "cartagena", "--players", "9"], "2-5 players, not 9"),
        (["simulate", "cartagena", "-n", "1", "--players", "1"], "not 1"),
        (["play", "cartagena", "-o", "variant=nope"], "option 'variant'"),
        (["play", "cartagena", "--variant", "nope"], "option 'variant'"),
        (["play", "cartagena", "-o", "colour=red"], "no option 'colour'"),
        (["play", "cartagena", "-o", "variant"], "KEY=VALUE"),
        (["play", "cartagena", "-o", "variant=jamaica", "--variant", "tortuga"], "disagree"),
        (["play", "cartagena", "--players", "3", "--bots", "random"], "need 2"),
        (["play", "cartagena", "-p", "2", "--bots", "random,random"], "need 1"),
        (["play", "cartagena", "--bots", "random,random,random,random,random"], "not 6"),
        (["play", "cartagena", "--bots", "genius"], "unknown agent 'genius'"),
        (["play", "cartagena", "--seat", "2"], "--seat must be from 0 to 1"),
        (["simulate", "cartagena", "-n", "1", "--players", "3", "--bots", "random"], "need 3"),
        (["simulate", "cartagena", "-n", "1", "--bots", "random,human"], "bots only"),
        (["play", "cartagena", "--bots", "random:depth=3"], "agent 'random'"),
    ],
)
def test_usage_errors_exit_2_with_a_clear_message(
    invoke: Invoke, args: list[str], expected: str
) -> None:
    result = invoke(args, input="q\n")
    assert result.exit_code == 2, result.output
    assert expected in result.stderr
    assert "Error:" in result.stderr
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_no_game_is_named_outside_help_examples() -> None:
    """The command reaches games through the registry only, so a new game needs no CLI change."""
    for path in SOURCES:
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            for name in buccaneer.GAMES:
                if name in line.lower():
                    assert "Example:" in line, f"{path.name}:{number} names {name!r}: {line}"
