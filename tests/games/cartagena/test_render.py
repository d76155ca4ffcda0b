"""The Cartagena board without colour (issue 11, item 16): each seat's pirates carry its letter,
so `NO_COLOR`, a file or a colour-blind player tells them apart, and the seat table says whose
letter is which."""

from __future__ import annotations

import io
import random

from rich.console import Console

import buccaneer
from buccaneer.games.cartagena.position import position
from buccaneer.games.cartagena.render import SEAT_LETTERS, render


def plain(view: dict[str, object]) -> list[str]:
    console = Console(width=80, record=True, file=io.StringIO(), no_color=True)
    console.print(render(view))
    return console.export_text().splitlines()


def test_every_pirate_shows_its_seats_letter_and_the_table_names_it() -> None:
    assert len(set(SEAT_LETTERS)) == len(SEAT_LETTERS) == 5
    rng = random.Random(5)
    state = buccaneer.load("cartagena", players=5, seed=5)
    for step in range(400):
        if state.is_over():
            break
        if step % 25 == 0:
            view = state.view(None)
            lines = plain(view)
            board = "".join(lines[:7])  # the six rows of the tunnel, then start and boat
            for seat, name in enumerate(view["seat_names"]):
                letter = SEAT_LETTERS[seat]
                assert board.count(letter) == 6, (letter, "\n".join(lines[:7]))
                assert any(f"{letter} {name}" in line for line in lines[7:])
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.randrange(len(actions))])


def test_counts_agree_with_their_nouns() -> None:
    """Issue 11, item 17: "1 hidden card", "1 action left" (not "1 hidden cards")."""
    state = position(
        2,
        layout="1A 2A 3A 4A 5A 6A",
        hands={0: {"hat": 2}, 1: {"key": 1}},
        actions_done=2,
    )
    text = " ".join(" ".join(plain(state.view(0))).split())
    assert "Blue 1 hidden card " in text and "1 hidden cards" not in text
    assert "Red to move, 1 action left" in text
    state = position(2, layout="1A 2A 3A 4A 5A 6A", hands={0: {"hat": 2}, 1: {"key": 2}})
    text = " ".join(" ".join(plain(state.view(0))).split())
    assert "Blue 2 hidden cards " in text and "Red to move, 3 actions left" in text
