"""`buccaneer games`, `--help` and `python -m buccaneer`."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import pytest

import buccaneer
from tests.cli.conftest import Invoke


def test_games_lists_every_registered_game_with_its_options(invoke: Invoke) -> None:
    result = invoke(["games"])
    assert result.exit_code == 0
    for name in buccaneer.GAMES:
        spec = buccaneer.GAMES[name]
        assert name in result.stdout
        assert spec.title in result.stdout
        assert f"{spec.min_players}-{spec.max_players}" in result.stdout
        for option in spec.options:
            assert option in result.stdout
    assert "cartagena" in result.stdout
    assert "jamaica | tortuga" in result.stdout


def test_help_lists_the_commands(invoke: Invoke) -> None:
    result = invoke(["--help"])
    assert result.exit_code == 0
    for command in ("games", "play", "simulate", "replay"):
        assert command in result.stdout


def test_python_dash_m_runs_the_same_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "buccaneer", "games"],
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
    )
    assert result.returncode == 0, result.stderr
    assert "cartagena" in result.stdout


def test_games_shows_how_to_write_a_list_option(invoke: Invoke) -> None:
    """Issue 11, item 13: `games` says how a list option is written at the command line."""
    result = invoke(["games"])
    listed = [
        (option.name, option.list_items)
        for spec in buccaneer.GAMES.values()
        for option in spec.options.values()
        if option.list_items
    ]
    assert listed, "some game has a list option"
    for name, items in listed:
        assert f"-o {name}={','.join(items[:3])}" in result.stdout
    assert "True" not in result.stdout and "false | true" in result.stdout, "typed as JSON"


def _star_cards(invoke: Invoke, tmp_path: Path, value: str) -> object:
    """The star cards a one-game simulation records for `-o star_cards=VALUE`."""
    path = tmp_path / f"{len(list(tmp_path.iterdir()))}.jsonl"
    args = ["simulate", "tortuga1667", "-n", "1", "--players", "4", "--seed", "5"]
    result = invoke([*args, "-o", f"star_cards={value}", "--save", str(path)])
    assert result.exit_code == 0, result.output
    return json.loads(path.read_text(encoding="utf-8").splitlines()[0])["options"]["star_cards"]


def test_a_list_option_may_be_written_plainly_or_as_json(invoke: Invoke, tmp_path: Path) -> None:
    plain = _star_cards(invoke, tmp_path, "stormy_seas,facade, pirate_code")
    as_json = _star_cards(invoke, tmp_path, '["facade", "pirate_code", "stormy_seas"]')
    assert plain == as_json == ["facade", "pirate_code", "stormy_seas"]
    assert _star_cards(invoke, tmp_path, "4") == 4, "a count stays a count"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("facade,nope,stormy_seas", "unknown star card(s) nope; the star cards are black_powder"),
        ("facade", "name 3 to 6 different star cards, got facade"),
        ("facade,facade,stormy_seas", "got facade, facade, stormy_seas"),
        ('["facade", 3, "x"]', "must be a count 3-6 or a list of star card names"),
    ],
)
def test_list_option_errors_name_the_cards_not_python_tuples(
    invoke: Invoke, value: str, message: str
) -> None:
    args = ["simulate", "tortuga1667", "-n", "1", "--players", "4", "-o", f"star_cards={value}"]
    result = invoke(args)
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())
    assert "('" not in result.stderr and "['" not in result.stderr


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_is_the_installed_packages(invoke: Invoke, flag: str) -> None:
    result = invoke([flag])
    assert result.exit_code == 0
    assert result.stdout == f"buccaneer {importlib.metadata.version('buccaneer')}\n"
    assert buccaneer.__version__ == importlib.metadata.version("buccaneer")


def test_games_says_which_engine_plays_where_a_game_has_a_compiled_one(invoke: Invoke) -> None:
    result = invoke(["games"])
    notes = {n: s.engine_note() for n, s in buccaneer.GAMES.items() if s.engine_note is not None}
    assert notes  # Cartagena's kernel
    text = " ".join(result.stdout.split())
    for name, note in notes.items():
        assert f"{name}: {note}" in text
    assert "compiled kernel (C)" in notes["cartagena"]
