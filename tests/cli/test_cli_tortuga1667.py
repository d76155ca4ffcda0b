"""`buccaneer play tortuga1667` and Tortuga 1667's terminal table: a whole game at the prompt,
what each seat is shown (never another seat's loyalty, vote cards or unseen event cards), and a
render of every view of every seat along random games."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import buccaneer
from buccaneer.core import GameRecord
from buccaneer.games.tortuga1667.actions import Attack, Look, Vote, parse_vote
from buccaneer.games.tortuga1667.position import position
from buccaneer.games.tortuga1667.render import render
from buccaneer.games.tortuga1667.state import Tortuga1667State
from tests.cli.conftest import Invoke

GAME = "tortuga1667"
WIDTH = 100
TEAM_WORDS = {"british": "British", "french": "French", "dutch": "Dutch"}
# Four hands of three vote cards, no card type in two hands (12 types, 3 per seat).
HANDS: dict[int, list[str]] = {
    0: ["cannon/british/skull", "cannon/british/blank", "cannon/french/skull"],
    1: ["cannon/french/blank", "water/british/skull", "water/british/blank"],
    2: ["water/french/skull", "water/french/blank", "torch/british/skull"],
    3: ["torch/british/blank", "torch/french/skull", "torch/french/blank"],
}


def text_of(view: dict[str, Any]) -> str:
    """The table as a 100-column terminal shows it, without colour."""
    console = Console(record=True, width=WIDTH, file=io.StringIO(), no_color=True)
    console.print(render(view))
    return console.export_text()


def pirate_rows(text: str, names: list[str]) -> dict[str, str]:
    """The pirates table's line per seat name ("▶ Pirate 2 (you)   3  ·   French")."""
    rows: dict[str, str] = {}
    for line in text.splitlines():
        match = re.match(r"^(?:▶ |  )(Pirate \d)(?: \(you\))?(?: ★)?\s+\d+\s", line)
        if match and match.group(1) in names:
            rows[match.group(1)] = line
    return rows


def loyalty_column(row: str) -> str:
    """The loyalty cell of a pirates-table line (the last word, or the vote column before)."""
    words = re.sub(r"\s+(voted ✓|voting…|—)\s*$", "", row).split()
    return words[-1]


def assert_loyalties_shown_only_to_their_owner(text: str, view: dict[str, Any]) -> None:
    names = view["seat_names"]
    rows = pirate_rows(text, names)
    assert set(rows) == set(names), (rows, text)
    for seat, name in enumerate(names):
        shown = loyalty_column(rows[name])
        if view["over"]:
            assert shown == TEAM_WORDS[view["loyalties"][seat]], rows[name]
        elif seat == view["seat"]:
            assert shown == TEAM_WORDS[view["loyalty"]], rows[name]
        else:
            assert shown == "?", rows[name]


def hands_position(players: int = 4, **kwargs: Any) -> Tortuga1667State:
    return position(
        players,
        loyalty=["british", "french", "french", "british", "dutch"][:players],
        votes={seat: HANDS[seat] for seat in range(min(players, 4))},
        **kwargs,
    )


# -- a whole game at the prompt ---------------------------------------------------------------


def test_four_player_game_against_random_bots_reaches_the_end_with_the_winning_team(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    save = tmp_path / "game.json"
    args = ["play", GAME, "--players", "4", "--bots", "random,random,random"]
    result = invoke([*args, "--seed", "11", "--save", str(save)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Game stopped" not in out
    assert out.count("Your move [1-") >= 3
    assert "Waiting for: you to take a turn" in out

    final = buccaneer.replay(GameRecord.from_json(save.read_text()))
    assert isinstance(final, Tortuga1667State) and final.is_over()
    view = final.view(None)
    team = view["winner_team"]
    assert team in TEAM_WORDS or team == "shared"
    ending = out[out.index("─ Game over ─") :]
    if team == "shared":
        assert "Game over: the British and the French share the win" in ending
    else:
        assert f"Game over: the {TEAM_WORDS[team]} win" in ending
    chests = view["team_chests"]
    assert f"(chests British {chests['british']}, French {chests['french']})" in ending
    # The last table shows everyone's loyalty and stars the winners.
    rows = pirate_rows(ending, view["seat_names"])
    for seat, name in enumerate(view["seat_names"]):
        assert loyalty_column(rows[name]) == TEAM_WORDS[view["loyalties"][seat]]
        assert ("★" in rows[name]) == (seat in final.winners())
    # Before the end the human's screens show its own loyalty only.
    screens = out[: out.index("─ Game over ─")].split("─ Pirate 1 (seat 0) ─")[1:]
    assert screens
    own = TEAM_WORDS[final.view(0)["loyalty_history"][0]]
    for screen in screens:
        assert "Waiting for: " in screen
        rows = pirate_rows(screen, view["seat_names"])
        assert [loyalty_column(rows[f"Pirate {s}"]) for s in (2, 3, 4)] == ["?", "?", "?"]
    assert f"You are {own}" in screens[0]
    # Every screen fits the terminal (only the line naming the save file may be longer).
    assert max(len(line) for line in out.splitlines() if str(save) not in line) <= WIDTH


# -- what a seat is shown ---------------------------------------------------------------------


def test_render_shows_own_loyalty_and_vote_cards_and_nobody_elses() -> None:
    state = hands_position(4)
    for seat in [0, 1, 2, 3, None]:
        view = state.view(seat)
        text = text_of(view)
        assert_loyalties_shown_only_to_their_owner(text, view)
        for owner, hand in HANDS.items():
            for card in hand:
                assert (card in text) == (owner == seat), (seat, card, text)
        if seat is None:
            assert "You are" not in text
            assert "loyalties and vote cards stay hidden" in text
        else:
            assert f"You are {TEAM_WORDS[view['loyalty']]}" in text
            assert "Your vote cards: " + ", ".join(sorted(HANDS[seat], key=parse_vote)) in text


def test_render_is_the_same_whatever_the_others_hold() -> None:
    """Two tables that differ only in the others' loyalties and vote cards look the same."""
    first = hands_position(4)
    swapped = position(
        4,
        loyalty=["british", "british", "french", "french"],
        votes={0: HANDS[0], 1: HANDS[3], 2: HANDS[1], 3: HANDS[2]},
    )
    assert text_of(first.view(0)) == text_of(swapped.view(0))
    assert text_of(first.view(None)) == text_of(swapped.view(None))
    assert text_of(first.view(1)) != text_of(swapped.view(1))


def test_dutch_seat_sees_its_own_loyalty_and_goal_only() -> None:
    state = hands_position(5)
    dutch = text_of(state.view(4))
    assert "You are Dutch — you win if the teams are tied" in dutch
    other = text_of(state.view(0))
    assert "You are British" in other
    assert "You are Dutch" not in other
    assert_loyalties_shown_only_to_their_owner(other, state.view(0))
    assert_loyalties_shown_only_to_their_owner(dutch, state.view(4))


def test_a_vote_shows_who_has_voted_but_not_what_until_it_is_revealed() -> None:
    state = hands_position(
        4, ships={"flying_dutchman": [0, 1, 2], "jolly_roger": [3]}, current=0, galleon=4
    )
    state.apply(0, Attack())
    assert set(state.to_move()) == {0, 1, 2}
    ballot = HANDS[1][1]
    state.apply(1, Vote((parse_vote(ballot),)))
    for seat in (0, 2, 3, None):
        view = state.view(seat)
        text = text_of(view)
        assert "Vote in progress: ATTACK on the Flying Dutchman, called by" in text
        assert "Pirate 2 ✓" in text
        assert ballot not in text
        for card in HANDS[1]:
            assert card not in text
        assert "You voted" not in text
    mine = text_of(state.view(1))
    assert "You voted: " + ballot in mine
    assert "(with the top card of the vote deck): Pirate 1 …, you ✓, Pirate 3 …" in mine
    assert "Waiting for: Pirate 1 and Pirate 3 to vote on the attack (in secret)" in mine

    # Once everyone has voted the shuffled cards are public, with their count.
    state.apply(0, Vote((parse_vote(HANDS[0][0]),)))
    state.apply(2, Vote((parse_vote(HANDS[2][2]),)))
    revealed = state.view(None)["last_vote"]["cards"]
    assert ballot in revealed
    for seat in (0, 3, None):
        text = " ".join(text_of(state.view(seat)).split())  # lines wrap at 100 columns
        assert "Last vote (attack), shuffled: " + ", ".join(revealed) in text
        tops = [card.split("/")[0] for card in revealed]
        cannons, water, torches = (tops.count(t) for t in ("cannon", "water", "torch"))
        assert f"{cannons} cannon" in text and f"{water} water" in text
        verdict = "succeeds" if cannons and torches > water else "fails"
        assert f"the attack {verdict}" in text


def test_event_cards_are_named_only_for_the_seat_that_looked() -> None:
    row = ["pistol", "scurvy", "black_spot", "atlantis", "facade"]
    state = hands_position(4, row=row, current=0)
    state.apply(0, Look((1, 3)))
    line = {
        seat: next(
            ln for ln in text_of(state.view(seat)).splitlines() if ln.startswith("Event row")
        )
        for seat in (0, 1, None)
    }
    assert re.search(r"1 \?\s+2 Scurvy\s+3 \?\s+4 Atlantis\s+5 \?", line[0]), line[0]
    for seat in (1, None):
        assert re.search(r"1 \?\s+2 \?\s+3 \?\s+4 \?\s+5 \?", line[seat]), line[seat]
    text = text_of(state.view(1))
    for title in ("Scurvy", "Atlantis", "Pistol", "Black Spot", "Facade"):
        assert title not in text


def test_board_shows_roles_rowboats_chests_and_cards_in_front_of_pirates() -> None:
    state = position(
        5,
        ships={"flying_dutchman": [3, 0, 4, 1], "jolly_roger": []},
        tortuga=[2],
        holds={"flying_dutchman": (2, 1), "jolly_roger": (0, 3)},
        tortuga_chests=(1, 0, 2),
        galleon=1,
        albatross={1: 1},
        maps={2: ["el_dorado", "atlantis"]},
        current=3,
    )
    state.rowboats = [-1, -2]  # the Jolly Roger's rowboat blown up
    state.pirate_code[4] = 2
    state.scurvy[0] = True
    text = text_of(state.view(0))
    lines = text.splitlines()
    titles = r"│ Flying Dutchman holds\s+│ Jolly Roger holds\s+│ Tortuga slots\s+│"
    assert re.search(titles, text), text
    holds = r"│ British 2 · French 1\s+│ British 0 · French 3\s+│ British 1 · French 0 "
    assert re.search(holds, text), text
    assert re.search(r"Captain\s+▶ Pirate 4 .*│ \(nobody\)\s+│ Governor\s+Pirate 3", text), text
    assert re.search(r"First Mate\s+YOU ", text), "the viewer's own pawn, short to fit 80 columns"
    assert re.search(r"Cabin Boy\s+Pirate 5", text)
    assert re.search(r"crew\s+Pirate 2", text)
    assert re.search(r"rowboat: empty\s+│ rowboat: destroyed\s+│ loose chests: 2", text)
    assert "Spanish galleon: 1 chest " in text
    assert "British 3 · French 4" in text  # team totals: holds plus Tortuga's slot
    rows = pirate_rows(text, state.view(0)["seat_names"])
    assert "Scurvy: skips next turn" in rows["Pirate 1"]
    assert "Albatross" in rows["Pirate 2"]
    assert "maps: El Dorado, Atlantis" in rows["Pirate 3"]
    assert "Pirate Code: skips 2 votes" in rows["Pirate 5"]
    assert "turn: Pirate 4" in lines[0]
    assert "Waiting for: Pirate 4 to take a turn" in text


# -- every view along random games ------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 16), (5, 25), (9, 36)])
def test_render_every_view_of_every_seat_along_a_random_game(players: int, seed: int) -> None:
    state = buccaneer.load(GAME, players=players, seed=seed)
    rng = random.Random(seed)
    shown: dict[int | None, str] = {}
    kinds: set[str] = set()
    while True:
        for seat in [*range(players), None]:
            view = state.view(seat)
            key = repr(view)
            if shown.get(seat) == key:
                continue  # the same view draws the same table
            shown[seat] = key
            text = text_of(view)
            assert max(len(line) for line in text.splitlines()) <= WIDTH
            assert_loyalties_shown_only_to_their_owner(text, view)
            if view["over"]:
                assert "Game over: the " in text
            else:
                assert "Waiting for: " in text
                kinds.add(view["decision"]["kind"])
            if seat is not None and not view["over"]:
                assert f"You are {TEAM_WORDS[view['loyalty']]}" in text
        movers = state.to_move()
        if not movers:
            break
        mover = rng.choice(movers)
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    assert state.is_over()
    assert {"turn", "choose", "vote"} <= kinds
