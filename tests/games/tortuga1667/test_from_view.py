"""`from_view`: a Tortuga 1667 game rebuilt from one seat's view, in the moments that need care.

The conformance suite (tests/conformance/test_from_view.py) checks random positions; these pin
the moments where the seat knows more than the table shows (its ballot, cards it looked at, a
deck it searched, the card it put on top, a loyalty proven by Cabin Fever) and where the queue
of pending steps decides what comes next (a forced reveal, a marooning answered with a map).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import buccaneer
from buccaneer.games.tortuga1667 import SPEC, Tortuga1667State
from buccaneer.games.tortuga1667.actions import (
    Attack,
    Choose,
    Look,
    Maroon,
    MarqueDraw,
    PickVote,
    PlayMap,
    Point,
    PutOnTop,
    Reveal,
    Target,
    TimeOut,
    Vote,
    parse_vote,
)
from buccaneer.games.tortuga1667.components import ALBATROSS
from buccaneer.games.tortuga1667.position import position

from_view = Tortuga1667State.from_view
FD, JR = "flying_dutchman", "jolly_roger"
ROW = ["pistol", "scurvy", "facade", "black_spot", "letter_of_marque"]
# Top last; the Armada among the bottom five, so a game played on from here ends.
DECK = ["black_spot", "spanish_armada", "pistol", "letter_of_marque", "scurvy", "albatross"]


def table(players: int, **kw: Any) -> Tortuga1667State:
    """A position whose event cards add up: `position` puts the given row and deck on the table
    but keeps the dealt game's list of cards, and the view's unseen cards are counted from it."""
    kw.setdefault("row", ROW)
    kw.setdefault("deck", DECK)
    state = position(players, **kw)
    held = [card for cards in state.maps for card in cards] + [ALBATROSS] * sum(state.albatross)
    state.cards_in_game = sorted([c for c in state.row if c is not None] + state.deck + held)
    return state


def rebuild(state: Tortuga1667State, seat: int | None, k: int = 0) -> Tortuga1667State:
    """The world from `seat`'s view as it comes over the network, checked against the real one."""
    view = json.loads(json.dumps(state.view(seat)))
    world = from_view(view, random.Random(k))
    assert world.view(seat) == state.view(seat)
    assert world.to_move() == state.to_move()
    if seat is not None:
        assert world.legal_actions(seat) == state.legal_actions(seat)
        assert [world.describe(a, seat) for a in world.legal_actions(seat)] == [
            state.describe(a, seat) for a in state.legal_actions(seat)
        ]
    assert not SPEC.invariants(world)
    twin = state.twin(seat, random.Random(k + 1000))
    assert from_view(json.loads(json.dumps(twin.view(seat))), random.Random(k)).snapshot() == (
        world.snapshot()
    ), "a function of the view and the rng alone"
    return world


def finish(world: Tortuga1667State, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(SPEC.max_actions):
        if world.is_over():
            return
        for seat in world.to_move():
            actions = world.legal_actions(seat)
            world.apply(seat, actions[rng.randrange(len(actions))])
            assert not SPEC.invariants(world)
    raise AssertionError("the rebuilt game did not end")


def test_the_spec_offers_it() -> None:
    assert SPEC.from_view == from_view


def test_in_the_middle_of_a_vote_the_own_ballot_is_kept_and_the_others_dealt() -> None:
    state = table(5, ships={FD: [0, 1, 2], JR: [3]}, tortuga=[4], current=0)
    state.apply(0, Attack())
    assert state.to_move() == (0, 1, 2)
    ballot = state.legal_actions(1)[0]
    assert isinstance(ballot, Vote)
    state.apply(1, ballot)
    mine = rebuild(state, 1)
    assert mine.ballots[1] == ballot.cards and mine.votes[1] == state.votes[1]
    assert mine.voting == [0, 1, 2] and mine.vote_info == ("attack", 0, 0)
    for seat in (0, 2, 3):
        world = rebuild(state, seat)
        assert sorted(world.ballots) == [1] and len(world.ballots[1]) == 1
        assert world.ballots[1][0] in world.votes[1], "a ballot is dealt from the hand it is in"
    # The vote goes on in the rebuilt world: the last two voters, then the count.
    for seat in (0, 2):
        mine.apply(seat, mine.legal_actions(seat)[0])
    assert not mine.voting and mine.last_vote and mine.last_vote[0] == "attack"
    finish(mine)


def test_others_ballots_are_resampled_from_what_the_seat_cannot_see() -> None:
    state = table(5, ships={FD: [0, 1, 2], JR: [3]}, tortuga=[4], current=0)
    state.apply(0, Attack())
    state.apply(1, state.legal_actions(1)[-1])
    dealt = {rebuild(state, 2, k).ballots[1] for k in range(20)}
    assert len(dealt) > 1


def test_cards_the_seat_looked_at_stay_and_the_rest_are_dealt_again() -> None:
    state = table(4, ships={FD: [0, 1], JR: [2, 3]}, current=0)
    state.apply(0, Look((1, 3)))
    assert state.view(0)["events"]["row"] == [None, "scurvy", None, "black_spot", None]
    rows = set()
    for k in range(20):
        world = rebuild(state, 0, k)
        assert world.row[1] == "scurvy" and world.row[3] == "black_spot"
        assert world.known[0] == {1: "scurvy", 3: "black_spot"}
        rows.add((world.row[0], world.row[2], world.row[4], tuple(world.deck)))
    assert len(rows) > 1
    # Seat 1 saw nothing: the same slots are anyone's guess for it.
    assert len({rebuild(state, 1, k).row[1] for k in range(20)}) > 1
    world = rebuild(state, 1, 3)
    world.apply(1, Reveal(3))  # it plays on


def test_a_forced_reveal_keeps_who_chooses_and_who_reveals() -> None:
    state = table(4, ships={FD: [0, 1], JR: [2, 3]}, current=0)
    state.apply(0, Point((0, 2), 3))
    assert state.view(3)["decision"] == {"kind": "choose", "seat": 3, "slots": [0, 2], "by": 0}
    for seat in range(4):
        world = rebuild(state, seat)
        assert world.queue == state.queue
    world = rebuild(state, 3)
    assert world.legal_actions(3) == [Choose(0), Choose(2)]
    world.apply(3, Choose(2))
    assert world.row[2] is not None and world.discard, "revealed and the slot refilled"
    # Out of time, the choice passes to the forcer; the pointed-at seat still reveals.
    state.apply(3, TimeOut())
    world = rebuild(state, 0)
    assert world.queue[0] == ("choose", 0, 0, 2, 0, 3)
    world.apply(0, Choose(0))
    finish(world)


def test_a_crows_nest_picker_looking_through_the_deck() -> None:
    state = table(
        4,
        ships={FD: [0, 1], JR: [2, 3]},
        row=["crows_nest", *ROW[1:]],
        votes={2: ["cannon/british/skull", "torch/french/blank"]},
        current=0,
    )
    state.apply(0, Reveal(0))
    state.apply(0, Target(2))
    pick = state.legal_actions(0)[0]
    assert isinstance(pick, PickVote)
    state.apply(0, pick)
    decks = set()
    for k in range(10):
        world = rebuild(state, 0, k)
        assert sorted(world.vote_deck) == sorted(state.vote_deck), "it sees the whole deck"
        assert world.votes[2] == state.votes[2] == [pick.card]
        assert "hands" not in world.memory[0], "mid-pick the hand is shown, not remembered"
        decks.add(tuple(world.vote_deck))
    assert len(decks) > 1, "but not its order"
    world = rebuild(state, 0)
    world.apply(0, world.legal_actions(0)[0])
    assert world.memory[0]["hands"][2] == world.votes[2]
    # Another seat knows only the sizes.
    assert len({tuple(rebuild(state, 1, k).votes[2]) for k in range(20)}) > 1


def test_the_card_put_on_top_of_the_vote_deck_stays_there() -> None:
    state = table(
        5,
        ships={FD: [0, 1, 2], JR: [3]},
        tortuga=[4],
        row=["letter_of_marque", *ROW[1:]],
        votes={0: ["cannon/british/skull"]},
        current=0,
    )
    state.apply(0, Reveal(0))
    state.apply(0, MarqueDraw())
    state.apply(0, PutOnTop(parse_vote("cannon/british/skull")))
    for k in range(10):
        world = rebuild(state, 0, k)
        assert world.vote_deck[-1] == parse_vote("cannon/british/skull")
        assert world.memory[0] == {"deck_top": parse_vote("cannon/british/skull")}
    assert len({rebuild(state, 1, k).vote_deck[-1] for k in range(20)}) > 1


def test_a_loyalty_proven_by_cabin_fever_is_kept() -> None:
    for seed in range(20):
        state = table(
            5,
            ships={FD: [0, 1, 2], JR: [3]},
            tortuga=[4],
            row=["cabin_fever", *ROW[1:]],
            loyalty=["british", "french", "british", "french", "dutch"],
            seed=seed,
            current=0,
        )
        state.apply(0, Reveal(0))
        state.apply(0, Target(1))
        if state.loyalty[0] == 1:  # swapped: seat 0 now knows seat 1 holds British
            break
    else:
        pytest.fail("no seed swapped the cards")
    for k in range(10):
        world = rebuild(state, 0, k)
        assert world.loyalty[:2] == [1, 0] and world.loyalty_seen[0] == [0, 1]
    assert len({tuple(rebuild(state, 0, k).loyalty) for k in range(20)}) > 1


def test_a_marooning_answered_with_maps_keeps_the_queue_and_the_extra_action() -> None:
    """Atlantis against the captain's marooning lands seat 2 next to an Albatross: the ship's
    crew is marooned, and seat 2 may still drink from the Fountain, with the captain owed a
    second action ("De kapitein mag in dit geval nog een tweede actie uitvoeren")."""
    state = table(
        5,
        ships={FD: [0, 1, 2], JR: [3]},
        tortuga=[4],
        maps={2: ["atlantis", "fountain_of_youth"]},
        albatross={2: 1, 3: 1},
        current=0,
    )
    state.apply(0, Maroon(2))
    state.apply(2, PlayMap("atlantis"))
    assert state.extra_action and state.view(0)["extra_action"] is True
    assert state.queue[0][0] == "react_maroon" and state.queue[0][1] == 2
    for seat in range(5):
        world = rebuild(state, seat)
        assert world.queue == state.queue and world.extra_action
    world = rebuild(state, 0)
    world.apply(2, world.legal_actions(2)[-1])  # decline: marooned
    while world.to_move() != (0,):
        seat = world.to_move()[0]
        world.apply(seat, world.legal_actions(seat)[-1])
    assert world.current == 0 and not world.extra_action, "the captain acts again"
    finish(world)


def test_the_advanced_setup_bag_order_is_not_in_the_view_and_is_drawn_anew() -> None:
    state = buccaneer.load("tortuga1667", players=6, seed=3, advanced_setup=True)
    assert isinstance(state, Tortuga1667State)
    first = state.to_move()[0]
    state.apply(first, state.legal_actions(first)[0])
    head = state.to_move()[0]
    assert state.view(0)["queue"] == [["place_pawn", head], ["setup_chests", -1]]
    orders = set()
    for k in range(20):
        world = rebuild(state, 0, k)
        bag = [item[1] for item in world.queue if item[0] == "place_pawn"]
        assert bag[0] == head and sorted(bag) == sorted(set(range(6)) - {first})
        orders.add(tuple(bag))
    assert len(orders) > 1
    finish(world)


def test_a_finished_game_rebuilds_with_every_loyalty_and_the_seed() -> None:
    state = buccaneer.load("tortuga1667", players=5, seed=11)
    assert isinstance(state, Tortuga1667State)
    finish(state, 11)
    for seat in (0, 3, None):
        world = rebuild(state, seat)
        assert world.is_over() and world.winners() == state.winners()
        assert world.loyalty == state.loyalty and world.seed == state.seed
        assert world.row == state.row
        world.determinize(seat, random.Random(0))


def test_a_spectator_view_rebuilds_too() -> None:
    state = table(5, ships={FD: [0, 1, 2], JR: [3]}, tortuga=[4], current=0)
    state.apply(0, Attack())
    state.apply(2, state.legal_actions(2)[0])
    world = rebuild(state, None)
    assert sorted(world.ballots) == [2]
    finish(world)


@pytest.mark.parametrize("options", [{}, {"advanced_setup": True}])
def test_the_hidden_deal_is_determinizes_own(options: dict[str, Any]) -> None:
    """From the view alone, the same world `determinize` deals from the real game with the same
    rng: the same loyalties, hands, ballots, decks, row, seed and chance stream. (Left aside:
    bookkeeping the rules read only as the deck's length, a stale vote description, and the
    advanced setup's bag order, which from_view draws itself.)"""
    state = buccaneer.load("tortuga1667", players=6, seed=21, **options)
    assert isinstance(state, Tortuga1667State)
    rng = random.Random(21)
    checked = 0
    while not state.is_over():
        placing = state.queue[0][0] == "place_pawn" if state.queue else False
        for seat in range(6):
            world = from_view(json.loads(json.dumps(state.view(seat))), random.Random(checked))
            real = state.determinize(seat, random.Random(checked))
            checked += 1
            assert world.loyalty == real.loyalty and world.loyalty_seen == real.loyalty_seen
            assert world.votes == real.votes and world.vote_deck == real.vote_deck
            assert world.ballots == real.ballots
            assert world.row == real.row and world.deck == real.deck
            assert world.row_index == real.row_index and world.known == real.known
            assert world.seed == real.seed
            if not placing:
                assert world.queue == real.queue and world.rng.state == real.rng.state
        for seat in state.to_move():
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))])
    assert checked > 100


def test_a_view_that_does_not_add_up_is_refused() -> None:
    state = buccaneer.load("tortuga1667", players=4, seed=1)
    view = json.loads(json.dumps(state.view(0)))
    view["events"]["deck"] += 1
    with pytest.raises(ValueError, match="event cards"):
        from_view(view, random.Random(0))
    view = json.loads(json.dumps(state.view(0)))
    view["vote_hand_sizes"][1] += 1
    with pytest.raises(ValueError, match="vote cards"):
        from_view(view, random.Random(0))
