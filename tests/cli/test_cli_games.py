"""`buccaneer games`, `--help` and `python -m buccaneer`."""

from __future__ import annotations

import subprocess
import sys

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
