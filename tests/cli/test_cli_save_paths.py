"""`--save` into a folder that does not exist yet, or into a place nothing can be written
(issue 11, item 11): a missing folder is made, an impossible place fails before the game starts,
and no save is ever claimed that did not happen."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from buccaneer.core import GameRecord
from tests.cli.conftest import Invoke

GAME = "cartagena"


def test_play_makes_the_missing_folders_of_its_save_file(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "new" / "deeper" / "game.json"
    result = invoke(["play", GAME, "--seed", "3", "--save", str(save)], input="1\nq\n")
    assert result.exit_code == 0, result.output
    assert len(GameRecord.from_json(save.read_text()).actions) == 1
    assert f"The record is in {save}" in result.stdout


def test_simulate_makes_the_missing_folders_of_its_save_file(
    invoke: Invoke, tmp_path: Path
) -> None:
    save = tmp_path / "runs" / "today" / "games.jsonl"
    result = invoke(["simulate", GAME, "-n", "2", "--seed", "3", "--save", str(save), "--json"])
    assert result.exit_code == 0, result.output
    assert len(save.read_text().splitlines()) == 2


@pytest.fixture
def impossible(tmp_path: Path) -> Path:
    """A save path below a plain file: no folder can be made there."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    return blocker / "game.json"


def test_play_into_an_impossible_place_fails_before_the_game(
    invoke: Invoke, impossible: Path
) -> None:
    result = invoke(["play", GAME, "--seed", "3", "--save", str(impossible)], input="1\nq\n")
    assert result.exit_code == 2
    assert "Error: cannot " in result.stderr and str(impossible) in result.stderr
    assert "saved" not in result.output.lower()
    assert "record is in" not in result.output
    assert "Your move" not in result.stdout


def test_play_into_a_folder_fails_before_the_game(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(["play", GAME, "--seed", "3", "--save", str(tmp_path)], input="1\nq\n")
    assert result.exit_code == 2
    assert "is a folder" in result.stderr
    assert "Your move" not in result.stdout


def test_a_save_that_fails_during_play_is_not_claimed(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills up after the first move: the game ends with the error, and what the file
    holds is said exactly (the record up to the last save that worked)."""
    from buccaneer.cli_support import common  # noqa: PLC0415

    save = tmp_path / "game.json"
    real = common.write_atomic

    def failing(path: Path, text: str) -> None:
        if len(GameRecord.from_json(text).actions) > 1:  # the first move fits, then no more
            raise OSError(28, "No space left on device")
        real(path, text)

    monkeypatch.setattr(common, "write_atomic", failing)
    result = invoke(["play", GAME, "--seed", "3", "--save", str(save)], input="1\n1\nq\n")
    assert result.exit_code == 2
    assert "No space left on device" in result.stderr
    assert "Game stopped" not in result.stdout
    assert "is saved" not in result.stdout
    assert len(GameRecord.from_json(save.read_text()).actions) == 1
    assert f"{save} holds the game's first 1 action (of 2 played)" in result.stdout


def test_a_save_through_a_link_rewrites_its_target_and_keeps_the_link(
    invoke: Invoke, tmp_path: Path
) -> None:
    target = tmp_path / "target.json"
    target.write_text("old")
    target.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(target.name)
    result = invoke(["play", GAME, "--seed", "3", "--save", str(link)], input="1\nq\n")
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == target
    assert len(GameRecord.from_json(target.read_text()).actions) == 1
    assert target.stat().st_mode & 0o777 == 0o640, "the file keeps its permissions"


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_device_or_a_pipe_is_never_replaced(invoke: Invoke, tmp_path: Path, command: str) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    args = [command, GAME, "--seed", "3", "--save", str(pipe)]
    result = invoke([*args, *(["-n", "1"] if command == "simulate" else [])], input="1\nq\n")
    assert result.exit_code == 2
    assert "is not a regular file" in result.stderr
    assert stat.S_ISFIFO(pipe.stat().st_mode), "still a pipe"
    assert "Your move" not in result.stdout


def test_a_save_folder_removed_during_play_is_not_claimed(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from buccaneer.cli_support import common  # noqa: PLC0415

    folder = tmp_path / "saves"
    save = folder / "game.json"
    real = common.write_atomic

    def vanishing(path: Path, text: str) -> None:
        if len(GameRecord.from_json(text).actions) > 1:  # someone removes the folder
            save.unlink()
            folder.rmdir()
        real(path, text)

    monkeypatch.setattr(common, "write_atomic", vanishing)
    result = invoke(["play", GAME, "--seed", "3", "--save", str(save)], input="1\n1\nq\n")
    assert result.exit_code == 2
    assert f"Nothing is saved: {save} is gone" in result.stdout
    assert "holds the game" not in result.stdout
