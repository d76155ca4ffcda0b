"""`buccaneer play --save` of a finished game keeps its result, so `buccaneer verify` checks
that the replayed game ends as the record says instead of finding no result to compare with."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import Invoke

GAME = "cartagena"
PLAY = ["play", GAME, "--players", "2", "--bots", "random", "--seed", "4"]


def test_a_finished_games_record_is_verified_to_its_result(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # The person always takes the first choice until the game ends (198 moves with this seed).
    played = invoke([*PLAY, "--save", str(save)], input="1\n" * 400)
    assert played.exit_code == 0, played.output
    assert "Game over" in played.stdout
    result = json.loads(save.read_text(encoding="utf-8"))["result"]
    assert set(result) == {"scores", "winners", "log_sha256"}
    verified = invoke(["verify", str(save)])
    assert verified.exit_code == 0, verified.output
    text = " ".join(verified.stdout.split())
    assert f"the replayed game ends as the record says: winners {result['winners']}" in text
    assert "no result to compare with" not in text


def test_an_unfinished_games_record_states_no_result(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert invoke([*PLAY, "--save", str(save)], input="1\nq\n").exit_code == 0
    assert "result" not in json.loads(save.read_text(encoding="utf-8"))
