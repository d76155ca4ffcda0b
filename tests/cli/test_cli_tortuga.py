"""`buccaneer play tortuga` and Tortuga's terminal table: whole games at the prompt, what each
seat is shown (never another seat's hidden roll), and a render of every view along random games."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import buccaneer
from buccaneer.core import GameRecord, State
from buccaneer.games.tortuga.components import ACTIONS, DIE_LETTERS, die_number
from buccaneer.games.tortuga.position import position
from buccaneer.games.tortuga.render import render
from buccaneer.games.tortuga.render_parts import ACTION_WORDS, ranking
from buccaneer.games.tortuga.state import TortugaState
from tests.cli.conftest import Invoke

GAME = "tortuga"
WIDTH = 100


def text_of(view: dict[str, Any]) -> str:
    """The table as a 100-column terminal shows it, without colour."""
    console = Console(record=True, width=WIDTH, file=io.StringIO())
    console.print(render(view))
    return console.export_text()


def face_text(letter: str, face: str) -> str:
    """How the table writes one rolled die: "A fleet 1", "C ☠ skull"."""
    if face == "skull":
        return f"{letter} ☠ skull"
    number = die_number(DIE_LETTERS.index(letter), ACTIONS.index(face))
    return f"{letter} {face} {number}"


def tortuga(state: State) -> TortugaState:
    assert isinstance(state, TortugaState)
    return state


# -- whole games at the prompt ----------------------------------------------------------------


def test_two_player_game_against_random_finishes_with_winner_and_score_sheet(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    save = tmp_path / "game.json"
    args = ["play", GAME, "--players", "2", "--bots", "random", "--seed", "5", "--save", str(save)]
    result = invoke(args, input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Game stopped" not in out
    assert "Game over" in out

    final = buccaneer.replay(GameRecord.from_json(save.read_text()))
    assert final.is_over()
    view = final.view(None)
    winners = final.winners()
    names = [seat["name"] for seat in view["seats"]]
    label = "Winners" if len(winners) > 1 else "Winner"
    assert f"{label}: " + ", ".join(f"{names[w]} (seat {w})" for w in winners) in out
    # The score sheet: one row per seat with every line of the final scoring.
    sheet = out[out.index("Final scoring") :]
    for s, seat in enumerate(view["seats"]):
        score = seat["score"]
        sets = f"{score['set_count']} set" + ("" if score["set_count"] == 1 else "s")
        row = (
            rf"^\s*{names[s]}{' ★' if s in winners else ''}\s+{score['tortuga']}\s+"
            rf"{score['fleet']}\s+{score['crew']}\s+{score['sets']} \({sets}\)\s+"
            rf"{score['tracks']}\s+{score['coins']}\s+{score['total']}\s*$"
        )
        assert re.search(row, sheet, re.MULTILINE), (row, sheet)
        assert score["total"] == final.scores()[s]
    # Every screen fits the terminal (only the line naming the save file may be longer).
    assert max(len(line) for line in out.splitlines() if str(save) not in line) <= WIDTH


def test_human_sees_own_roll_and_menu_every_selection(
    invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    args = ["play", GAME, "--players", "3", "--bots", "random,random", "--seed", "3"]
    result = invoke(args, input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    screens = result.stdout.split("─ Ani (seat 0) ─")[1:]
    selections = [s for s in screens if "to choose dice to keep" in s]
    assert len(selections) >= 10
    for screen in selections:
        assert "Your roll:" in screen
        assert "Lothar's roll" not in screen and "Frank's roll" not in screen
    assert "Final scoring" in result.stdout


def screens_by_seat(out: str) -> list[tuple[str, str]]:
    """(name, text) of each screen a seat is shown, split at the "── Name (seat n) ──" rules."""
    parts = re.split(r"─+ (\w+) \(seat \d\) ─+", out)
    return list(zip(parts[1::2], parts[2::2], strict=True))


def assert_menus_name_own_dice(out: str) -> int:
    """Every "keep ..." menu entry names dice as the asking seat's own roll shows them; the
    number of selection menus checked."""
    checked = 0
    for _name, screen in screens_by_seat(out):
        lines = screen.splitlines()
        roll = next((line for line in lines if line.startswith("Your roll:")), "")
        entries = re.findall(r"^\s*\d+\. keep ([A-E] .*)$", screen, re.MULTILINE)
        checked += bool(entries)
        for entry in entries:
            for die in entry.split(", "):
                for action, words in ACTION_WORDS.items():
                    die = die.replace(f" {words}", f" {action}")
                shown = die.replace(" skull", " ☠ skull")
                assert shown in roll, (die, roll)
    return checked


@pytest.mark.parametrize("bots", ["random,random", "human,random"])
def test_selection_menus_name_the_asking_seats_own_dice(
    invoke: Invoke, monkeypatch: pytest.MonkeyPatch, bots: str
) -> None:
    """From round 2 another seat is asked first; its hidden dice must not leak into the menu
    of the seat at the terminal (alone, or hot seat after another human)."""
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    args = ["play", GAME, "--players", "3", "--bots", bots, "--seed", "3"]
    result = invoke(args, input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Final scoring" in result.stdout
    assert assert_menus_name_own_dice(result.stdout) >= 20
    if bots.startswith("human"):
        assert {name for name, _ in screens_by_seat(result.stdout)} == {"Ani", "Lothar"}


# -- the hidden selection ---------------------------------------------------------------------

OWN = {"A": "fleet", "B": "fleet", "C": "skull", "D": "crew", "E": "hunt"}
OTHER = {"A": "raid", "B": "board", "C": "raid", "D": "skull", "E": "board"}


def hidden_selection() -> TortugaState:
    return position(2, seats={}, phase="roll", rolls={0: OWN, 1: OTHER})


def test_render_during_hidden_selection_shows_own_roll_only() -> None:
    state = hidden_selection()
    assert set(state.to_move()) == {0, 1}
    mine, theirs, spectator = (text_of(state.view(s)) for s in (0, 1, None))

    own_faces = [face_text(d, f) for d, f in OWN.items()]
    other_faces = [face_text(d, f) for d, f in OTHER.items() if f != "skull"]
    assert "Your roll:" in mine
    for text in own_faces:
        assert text in mine
        assert text not in theirs and text not in spectator
    for text in other_faces:
        assert text in theirs
        assert text not in mine and text not in spectator
    assert "Your roll:" not in spectator
    assert "Lothar's roll" not in mine and "Ani's roll" not in theirs
    assert "choosing…" in mine

    # Lothar chooses: Ani sees that he has, not what.
    choice = state.legal_actions(1)[0]
    state.apply(1, choice)
    mine = text_of(state.view(0))
    assert "chosen ✓" in mine
    for text in other_faces:
        assert text not in mine
    theirs = text_of(state.view(1))
    assert "You keep " in theirs
    assert "You keep " not in text_of(state.view(0))


def test_render_shows_boards_dice_numbers_ranking_and_capacities() -> None:
    state = position(
        3,
        seats={
            0: {
                "fleet_box": 4,
                "fleet": ["red", "purple"],
                "crew": ["blue"],
                "tortuga": ["white", "yellow"],
                "dice": {"E": "fleet", "B": "fleet", "A": "crew"},
                "bonus": {"fleet": 1},
                "coins": [2, 3],
            },
            1: {"dice": {"A": "fleet", "C": "hunt"}, "coins": [1]},
            2: {"crew_box": 7, "bonus": {"raid": 2}, "dice": {"D": "raid"}},
        },
        phase="actions",
    )
    text = text_of(state.view(0))
    ani = next(line for line in text.splitlines() if line.startswith("▶ Ani (you)"))
    # Tortuga count and chest letters, fleet 2 of 3 (boat on box 4), crew 1 of 2.
    assert re.search(r"2 WY\s+2/3 RP\s+1/2 B\s", ani), ani
    assert "2 (5 coins)" in ani
    # B shows 3 and E shows 1 on fleet, plus the bonus tile: 5; A shows 3 on crew.
    dice_rows = [line for line in text.splitlines() if "B3 E1 +1 =5" in line]
    assert dice_rows and "A3" in dice_rows[0]
    # Lothar's coins are hidden from Ani; Frank's D shows 4 on raid, with his "2" tile 6.
    assert "1 (hidden)" in text
    assert "D4 +2 =6" in text
    # Fleet: Ani 5 beats Lothar's A2.
    assert "Now resolving expand fleet" in text
    assert re.search(r"1st you 5 — boat \+2 boxes", text)
    assert re.search(r"2nd Lothar 2 — boat \+1 box", text)
    assert "Waiting for: you (1st in expand fleet) to perform or forfeit it" in text


def test_ranking_ties_go_to_the_start_player_then_clockwise() -> None:
    # Start player Lothar (seat 1): clockwise Lothar, Frank, Ani. Ani and Frank tie with 3.
    state = position(
        3,
        seats={
            0: {"dice": {"B": "fleet"}},
            1: {"dice": {"E": "fleet"}},
            2: {"dice": {"B": "fleet"}},
        },
        phase="actions",
        start=1,
    )
    view = state.view(None)
    assert ranking(view, "fleet") == [(2, 3), (0, 3), (1, 1)]
    assert [s for s, _ in ranking(view, "fleet")] == state.ranking(0)
    text = text_of(view)
    assert "1st Frank 3" in text and "2nd Ani 3" in text and "Lothar 1 — nothing" in text


# -- every view along random games ------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 49), (3, 58), (4, 15)])
def test_render_every_view_along_a_random_game(players: int, seed: int) -> None:
    state = tortuga(buccaneer.load(GAME, players=players, seed=seed))
    rng = random.Random(seed)
    kinds: set[str] = set()
    while True:
        public = state.view(None)
        if public["decision"]:
            kinds.add(public["decision"]["kind"])
        if state.action >= 0:
            # The ranking the table prints is the one the engine resolves.
            action = ACTIONS[state.action]
            expected = [(s, state.total(s, state.action)) for s in state.ranking(state.action)]
            assert ranking(public, action) == expected
        for seat in [*range(players), None]:
            view = state.view(seat)
            text = text_of(view)
            for name in view["seat_names"]:
                assert name in text
            if view["over"]:
                assert "Final scoring" in text
            else:
                assert "Waiting for: " in text
            for s, entry in enumerate(view["seats"]):
                if s != seat and entry["selecting"]:
                    assert f"{entry['name']}'s roll" not in text
            if seat is not None and view["seats"][seat]["roll"]:
                assert "Your roll:" in text or "Your re-roll" in text
        movers = state.to_move()
        if not movers:
            break
        mover = rng.choice(movers)
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    assert state.is_over()
    assert {"select", "decide", "place"} <= kinds
