"""Marooned while already on Tortuga: "Ook moet je één van je stemkaarten onder de stapel
stemkaarten leggen" — and nobody may learn from it whether the hand is all one kind ("Laat je
kaarten nooit zien aan de andere spelers"). A hand of two or more cards is always asked which
card to give up; a one-card hand loses its card silently (its size is public anyway).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from buccaneer.games.tortuga1667 import Tortuga1667State
from buccaneer.games.tortuga1667.actions import Discard, Reveal, Target, parse_vote
from buccaneer.games.tortuga1667.position import position
from tests.conformance.harness import assert_twins_alike

FD, JR = "flying_dutchman", "jolly_roger"
SAME = ["cannon/french/blank", "cannon/french/blank"]
MIXED = ["cannon/french/blank", "torch/british/skull"]
OTHERS = {
    0: ["water/british/skull", "water/french/blank", "torch/french/skull"],
    1: ["torch/british/blank", "cannon/british/skull", "water/british/blank"],
    3: ["torch/french/blank", "water/french/skull", "cannon/british/blank"],
}


def on_tortuga(hand: Sequence[str]) -> Tortuga1667State:
    """Seat 2 on Tortuga holds `hand`; on its turn the first event card is a Black Spot (the
    revealer is marooned), the second a Pistol for seat 3, who moves next."""
    return position(
        4,
        ships={FD: [0], JR: [1]},
        tortuga=[2, 3],
        votes={**OTHERS, 2: list(hand)},
        row=["black_spot", "pistol", "scurvy", "scurvy", "scurvy"],
        deck=["letter_of_marque", "letter_of_marque"],
        current=2,
    )


def test_a_hand_of_one_kind_is_asked_too_and_a_last_card_goes_silently() -> None:
    state = on_tortuga(SAME)
    state.apply(2, Reveal(0))  # Black Spot: seat 2, already on Tortuga, is marooned
    assert state.to_move() == (2,)
    assert state.view(0)["decision"] == {"kind": "discard", "seat": 2}
    card = parse_vote(SAME[0])
    assert state.legal_actions(2) == [Discard(card)]
    state.apply(2, Discard(card))
    assert state.votes[2] == [card] and state.vote_deck[0] == card
    # Seat 3 shoots seat 2 with the Pistol: its last card goes under the deck unasked.
    assert state.to_move() == (3,)
    state.apply(3, Reveal(1))
    state.apply(3, Target(2))
    assert state.votes[2] == [] and state.vote_deck[:2] == [card, card]
    assert state.view(0)["decision"] == {"kind": "turn", "seat": 0}


def test_others_cannot_tell_a_hand_of_one_kind_from_a_mixed_one() -> None:
    same, mixed = on_tortuga(SAME), on_tortuga(MIXED)
    assert_twins_alike(same, mixed, [None, 0, 1, 3], [(2, Reveal(0)), (2, None)])


def test_determinize_does_not_infer_a_mixed_hand_from_the_discard_decision() -> None:
    state = on_tortuga(SAME)
    state.apply(2, Reveal(0))
    assert state.to_move() == (2,)
    rng = random.Random(5)
    hands = [state.determinize(0, rng).votes[2] for _ in range(300)]
    one_kind = sum(1 for hand in hands if len(set(hand)) == 1)
    # Two cards drawn from the 27 seat 0 has not seen (12 kinds, 1-3 of each) are of one kind
    # about 1 time in 18 (17 of these 300); a sampler that assumed a mixed hand deals none.
    assert 5 <= one_kind <= 50
    assert all(len(hand) == 2 for hand in hands)
