"""`buccaneer play GAME --bots ismcts,heuristic`: a person plays a whole game against both bots,
in every game (issue: "Play against them")."""

from __future__ import annotations

from pathlib import Path

import pytest

import buccaneer
from buccaneer.core import GameRecord
from tests.cli.conftest import Invoke


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_a_whole_game_against_ismcts_and_the_heuristic(
    invoke: Invoke, tmp_path: Path, game: str
) -> None:
    save = tmp_path / "game.json"
    bots = "ismcts:iterations=10,heuristic"
    args = ["play", game, "--bots", bots, "--seat", "2", "--seed", "11", "--save", str(save)]
    result = invoke(args, input="1\n" * 5000)  # the person always takes the first choice
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.stdout
    final = buccaneer.replay(GameRecord.from_json(save.read_text()))
    assert final.is_over() and final.players == 3
    seats = {seat for seat, _ in final.record().actions}
    assert seats == {0, 1, 2}  # both bots and the person all moved
