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
        (
            ["play", "cartagena", "--seed", str(1 << 64)],
            "seed must be a non-negative int below 2**64",
        ),
        (
            ["simulate", "tortuga", "-n", "1", "--bots", "heuristic:x=1,random"],
            "agent 'heuristic': no game's heuristic bot takes the parameter(s) x",
        ),
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


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"\xff\xfe\x00", "it is not UTF-8 text"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "a number in it is too long"),
        (b"[" * 100_000, "nested too deeply"),
    ],
    ids=["binary", "long number", "deep"],
)
def test_replay_of_a_file_json_cannot_read(
    invoke: Invoke, tmp_path: Path, content: bytes, expected: str
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    result = invoke(["replay", str(path), "--no-step"])
    assert result.exit_code == 2
    assert expected in result.stderr and "Traceback" not in result.output


def test_a_series_of_seeds_wraps_past_the_largest(invoke: Invoke) -> None:
    """Game i of `simulate` uses seed + i, mod 2**64: a base seed near the top is not an error
    at the second game."""
    result = invoke(["simulate", "cartagena", "-n", "2", "--seed", str((1 << 64) - 1), "--json"])
    assert result.exit_code == 0, result.output
