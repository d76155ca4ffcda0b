"""What a seat knows, kept in its view and respected by determinize, in tricky moments."""

from __future__ import annotations

import random

from buccaneer.games.tortuga1667.actions import PickVote, Reveal, Target
from buccaneer.games.tortuga1667.position import position

FD, JR = "flying_dutchman", "jolly_roger"


def test_determinize_ignores_the_order_cards_were_drawn_into_the_row() -> None:
    def play(order: tuple[int, int]) -> object:
        state = position(
            4,
            ships={FD: [0, 1], JR: [2, 3]},
            row=["black_spot", "black_spot", "pistol", "scurvy", "crows_nest"],
            seed=3,
            current=0,
        )
        state.apply(0, Reveal(order[0]))
        state.apply(1, Reveal(order[1]))
        return state

    a, b = play((0, 1)), play((1, 0))
    assert a.view(2) == b.view(2)  # type: ignore[attr-defined]
    for k in range(3):
        assert (
            a.determinize(2, random.Random(k)).snapshot()  # type: ignore[attr-defined]
            == b.determinize(2, random.Random(k)).snapshot()  # type: ignore[attr-defined]
        )


def test_a_crows_nest_picker_remembers_what_it_has_given_so_far() -> None:
    state = position(
        4,
        ships={FD: [0, 1], JR: [2, 3]},
        row=["crows_nest", "pistol", "scurvy", "facade", "albatross"],
        votes={2: ["cannon/british/skull", "torch/french/blank"]},
        seed=5,
        current=0,
    )
    state.apply(0, Reveal(0))
    state.apply(0, Target(2))
    pick = state.legal_actions(0)[0]
    assert isinstance(pick, PickVote)
    state.apply(0, pick)
    assert state.view(0)["known_hands"] == {"2": state.view(2)["votes"]}
    for k in range(50):
        world = state.determinize(0, random.Random(k))
        assert world.votes[2] == state.votes[2]
