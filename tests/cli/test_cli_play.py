"""`buccaneer play`: the prompt loop, what a human is shown, saving, quitting, hot seat."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import buccaneer
from buccaneer import agents
from buccaneer.agents import Agent
from buccaneer.core import Action, GameRecord, State
from tests.cli.conftest import Invoke

GAME = "cartagena"


def _record(path: Path) -> GameRecord:
    return GameRecord.from_json(path.read_text())


@pytest.fixture
def viewed(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """Every seat whose view the game hands out during the test (the CLI draws only views)."""
    seats: list[int | None] = []
    cls = type(buccaneer.load(GAME, players=2, seed=0))
    original = cls.view

    def spy(self: State, seat: int | None) -> dict[str, Any]:
        seats.append(seat)
        return original(self, seat)

    monkeypatch.setattr(cls, "view", spy)
    return seats


def test_bad_input_is_re_asked_with_a_reason_then_moves_are_saved(
    invoke: Invoke, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    args = ["play", GAME, "--players", "2", "--seed", "11", "--save", str(save)]
    result = invoke(args, input="x\n999\n0\n\n1\n2\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "'x' is not a number" in out
    assert "999 is out of range" in out
    assert "0 is out of range" in out
    assert "Please enter a number" in out
    assert out.count("Your move") == 7  # four refusals, two moves, then q
    assert "Game stopped" in out
    assert str(save) in out

    # The saved moves are the menu entries chosen: 1 then 2, both by seat 0.
    expected = buccaneer.load(GAME, players=2, seed=11)
    first = expected.legal_actions(0)[0]
    expected.apply(0, first)
    second = expected.legal_actions(0)[1]
    record = _record(save)
    assert record.actions == [(0, first.to_json()), (0, second.to_json())]
    expected.apply(0, second)
    assert buccaneer.replay(record).view(None) == expected.view(None)


def test_menu_shows_described_legal_actions(invoke: Invoke) -> None:
    result = invoke(["play", GAME, "--players", "2", "--seed", "4"], input="q\n")
    state = buccaneer.load(GAME, players=2, seed=4)
    for number, action in enumerate(state.legal_actions(0), start=1):
        assert f"{number}. {state.describe(action, 0)}" in result.stdout
    assert "Not saved" in result.stdout


def test_help_and_board_commands_do_not_move(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", GAME, "--players", "2", "--seed", "4", "--save", str(save)]
    result = invoke(args, input="?\nb\nquit\n")
    assert result.exit_code == 0
    assert "q or quit" in result.stdout
    assert _record(save).actions == []


def test_end_of_input_quits_and_saves(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke(["play", GAME, "--seed", "2", "--save", str(save)], input="1\n")
    assert result.exit_code == 0
    assert "Game stopped" in result.stdout
    assert len(_record(save).actions) == 1


def test_a_full_game_against_a_bot_ends_with_the_winner(
    invoke: Invoke, tmp_path: Path, viewed: list[int | None]
) -> None:
    save = tmp_path / "game.json"
    args = ["play", GAME, "--players", "2", "--seed", "37", "--save", str(save)]
    result = invoke(args, input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    final = buccaneer.replay(_record(save))
    assert final.is_over()
    names = [buccaneer.GAMES[GAME].seat_name(s) for s in final.winners()]
    assert f"Winner: {names[0]} (seat {final.winners()[0]})" in result.stdout
    assert "Game over" in result.stdout
    assert "Blue plays" in result.stdout  # the bot's moves are shown as log lines
    # The human was only ever shown seat 0's view; the spectator view comes at the end.
    assert set(viewed[:-1]) == {0}
    assert viewed[-1] is None


def test_the_human_may_sit_elsewhere_and_sees_only_their_seat(
    invoke: Invoke, tmp_path: Path, viewed: list[int | None]
) -> None:
    save = tmp_path / "game.json"
    args = ["play", GAME, "--players", "3", "--seat", "1", "--seed", "5", "--save", str(save)]
    result = invoke(args, input="1\nq\n")
    assert result.exit_code == 0
    assert set(viewed) == {1}
    actions = _record(save).actions
    assert [seat for seat, _ in actions][-1] == 1
    assert actions[0][0] == 0  # the bot in seat 0 moved first


def test_hot_seat_hands_over_between_humans(invoke: Invoke, viewed: list[int | None]) -> None:
    # Both humans end their turn at once (the last menu entry); each sits down behind a
    # hand-over screen, the first one too.
    state = buccaneer.load(GAME, players=2, seed=8)
    last = len(state.legal_actions(0))
    result = invoke(
        ["play", GAME, "--players", "2", "--seed", "8", "--bots", "human"],
        input=f"\n{last}\n\nq\n",
    )
    assert result.exit_code == 0
    out = result.stdout
    assert out.index("Pass the terminal to Red") < out.index("Your move (Red)")
    assert out.index("Pass the terminal to Blue") < out.index("Your move (Blue)")
    assert viewed == [0, 1]


def test_variant_and_json_option_values_reach_the_game(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", GAME, "--variant", "tortuga", "-o", "start_player=1", "--save", str(save)]
    result = invoke([*args, "--seed", "3"], input="q\n")
    assert result.exit_code == 0, result.output
    record = _record(save)
    assert record.options["variant"] == "tortuga"
    assert record.options["start_player"] == 1
    assert record.actions[0][0] == 1  # seat 1 (a bot) started


def test_the_player_count_follows_from_the_bots(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke(["play", GAME, "--bots", "random,random", "--save", str(save)], input="q\n")
    assert result.exit_code == 0, result.output
    assert _record(save).players == 3


class _Interrupting:
    name = "interrupting"

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        raise KeyboardInterrupt


def test_ctrl_c_saves_and_exits_130(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def make(name: str, **params: Any) -> Agent:
        return _Interrupting()

    monkeypatch.setattr(agents, "make", make)
    save = tmp_path / "game.json"
    # The human moves once and ends the turn (the last entry); then the bot is interrupted.
    state = buccaneer.load(GAME, players=2, seed=1)
    state.apply(0, state.legal_actions(0)[0])
    end_turn = len(state.legal_actions(0))
    args = ["play", GAME, "--seed", "1", "--save", str(save)]
    result = invoke(args, input=f"1\n{end_turn}\n")
    assert result.exit_code == 130
    assert "Interrupted" in result.stdout
    assert str(save) in result.stdout
    assert [seat for seat, _ in _record(save).actions] == [0, 0]
