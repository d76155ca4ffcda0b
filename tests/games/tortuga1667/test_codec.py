"""Tortuga 1667's codec: action ids, and observation fields on concrete positions."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import buccaneer
from buccaneer.core.codec import make_codec
from buccaneer.core.state import State
from buccaneer.games.tortuga1667 import Tortuga1667State
from buccaneer.games.tortuga1667.actions import (
    ACTION_TYPES,
    Attack,
    Choose,
    Decline,
    Look,
    Maroon,
    MarqueDraw,
    Move,
    PickVote,
    PlacePawn,
    PlayMap,
    Point,
    PutOnTop,
    Reveal,
    Stow,
    Target,
    TimeOut,
    Vote,
    action_from_json,
    parse_vote,
)
from buccaneer.games.tortuga1667.codec import Tortuga1667Codec
from buccaneer.games.tortuga1667.codec_actions import COPIES, id_ranges
from buccaneer.games.tortuga1667.components import EVENT_NAMES, JOLLY_ROGER
from buccaneer.games.tortuga1667.position import position

FD, JR = "flying_dutchman", "jolly_roger"
ROW = ["pistol", "scurvy", "black_spot", "crows_nest", "facade"]
BRITISH, FRENCH, DUTCH, UNKNOWN = (
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [0.0, 0.0, 0.0, 1.0],
)


def codec(players: int, **options: Any) -> Tortuga1667Codec:
    made = make_codec("tortuga1667", players, **options)
    assert isinstance(made, Tortuga1667Codec)
    return made


def fields(c: Tortuga1667Codec, state: State, seat: int) -> dict[str, list[float]]:
    tensor = c.observation_tensor(state.view(seat))
    assert tensor.shape == c.observation_shape and tensor.dtype == np.float32
    assert np.all((tensor >= 0) & (tensor <= 1))
    return {
        name: [round(float(x), 6) for x in tensor[part]] for name, part in c.field_slices().items()
    }


def rows(values: list[float], width: int) -> list[list[float]]:
    return [values[i : i + width] for i in range(0, len(values), width)]


def hot(index: int, size: int) -> list[float]:
    return [1.0 if i == index else 0.0 for i in range(size)]


def table(**kw: Any) -> Tortuga1667State:
    """Five seats: Flying Dutchman 0 (captain), 1, 2; Jolly Roger 3; Tortuga 4."""
    kw.setdefault("row", ROW)
    return position(
        5,
        ships={FD: [0, 1, 2], JR: [3]},
        tortuga=[4],
        loyalty=["british", "french", "dutch", "british", "french"],
        votes={
            0: ["cannon/british/skull", "cannon/british/skull", "torch/french/blank"],
            1: ["torch/british/blank"],
            2: ["cannon/french/skull"],
        },
        vote_deck_top=["water/french/skull"],
        holds={FD: (2, 1), JR: (0, 0)},
        galleon=3,
        tortuga_chests=(0, 0, 2),
        maps={3: ["atlantis"]},
        albatross={4: 1},
        current=0,
        **kw,
    )


# -- actions --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "advanced", "size"),
    [
        (2, False, 198),
        (5, False, 240),
        (9, False, 296),
        (2, True, 204),
        (5, True, 255),
        (9, True, 323),
    ],
)
def test_action_space_size_is_170_plus_14_per_seat_plus_3_per_seat_in_advanced_setup(
    players: int, advanced: bool, size: int
) -> None:
    assert codec(players, advanced_setup=advanced).num_actions == size


def test_id_ranges_match_the_documented_table() -> None:
    ranges = {name: (r.start, r.stop - 1) for name, r in id_ranges(5, True).items()}
    assert ranges == {
        "Look": (0, 9),
        "Reveal": (10, 14),
        "Choose": (15, 19),
        "Move": (20, 24),
        "Attack": (25, 25),
        "Mutiny": (26, 26),
        "MoveChest": (27, 28),
        "Brawl": (29, 29),
        "Pass": (30, 30),
        "Vote": (31, 120),
        "Stow": (121, 126),
        "Discard": (127, 138),
        "MarqueDraw": (139, 139),
        "PutOnTop": (140, 151),
        "BlowUp": (152, 153),
        "PickVote": (154, 165),
        "PlayMap": (166, 167),
        "Decline": (168, 168),
        "TimeOut": (169, 169),
        "Point": (170, 219),
        "Maroon": (220, 224),
        "Target": (225, 229),
        "MarqueMove": (230, 239),
        "PlacePawn": (240, 254),
    }


def test_fixed_ids_do_not_depend_on_players_or_options() -> None:
    small, big = codec(2), codec(9, advanced_setup=True)
    for i in range(170):
        assert small.id_to_action(i) == big.id_to_action(i)


def test_specific_ids_and_every_id_round_trips_through_json() -> None:
    c = codec(5, advanced_setup=True)
    assert c.action_to_id(Look((0, 1))) == 0
    assert c.action_to_id(Look((3, 4))) == 9
    assert c.action_to_id(Move(4)) == 24
    assert c.action_to_id(Vote((0,))) == 31
    assert c.action_to_id(Vote((0, 0))) == 43, "two cards of one type (El Dorado)"
    assert c.action_to_id(Vote((11, 11))) == 120
    assert c.action_to_id(Stow(1, -1)) == 122
    assert c.action_to_id(PlayMap("atlantis")) == 167
    assert c.action_to_id(TimeOut()) == 169
    assert c.action_to_id(Point((0, 1), 0)) == 170
    assert c.action_to_id(Point((0, 2), 3)) == 178
    assert c.action_to_id(PlacePawn(2, 4)) == 254
    types = set()
    for i in range(c.num_actions):
        action = c.id_to_action(i)
        types.add(type(action).__name__)
        assert c.action_to_id(action) == i
        assert action_from_json(action.to_json()) == action, "ids use the canonical form"
    assert types == {t.__name__ for t in ACTION_TYPES}, "every action type has ids"


def test_el_dorado_pair_votes_and_marque_with_five_cards_have_ids() -> None:
    hand = [
        "cannon/british/skull",
        "cannon/british/skull",
        "water/french/blank",
        "torch/french/skull",
    ]
    state = position(
        4,
        ships={FD: [1, 0], JR: [2, 3]},
        votes={0: hand},
        maps={0: ["el_dorado"]},
        row=["letter_of_marque", *ROW[1:]],
        current=0,
    )
    c = codec(4)
    state.apply(0, Reveal(0))
    state.apply(0, MarqueDraw())
    assert len(state.votes[0]) == 5
    legal = state.legal_actions(0)
    assert all(isinstance(a, PutOnTop) for a in legal)
    assert [c.id_to_action(i) for i in c.legal_ids(state, 0)] == legal
    got = fields(c, state, 0)
    assert got["vote_hand_sizes"][0] == 1.0, "five cards is the true maximum"
    assert got["decision"] == hot(12, 17), "marque_top"
    state.apply(0, PutOnTop(parse_vote("torch/french/skull")))
    assert fields(c, state, 0)["vote_deck_top"] == hot(parse_vote("torch/french/skull"), 12)
    assert fields(c, state, 1)["vote_deck_top"] == [0.0] * 12, "only the seat that put it knows"
    state.apply(1, Attack())
    ballots = state.legal_actions(0)
    double = Vote((parse_vote("cannon/british/skull"),) * 2)
    assert double in ballots and c.action_to_id(double) == 43
    mask = c.legal_mask(state, 0)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(c.action_to_id(a) for a in ballots)
    vote_ids = id_ranges(4, False)["Vote"]
    assert all(c.action_to_id(a) in vote_ids for a in ballots)


# -- observations ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "advanced", "size"),
    [(2, False, 363), (5, False, 552), (9, False, 888), (5, True, 627), (9, True, 1131)],
)
def test_observation_size_is_267_plus_42n_plus_3n2(players: int, advanced: bool, size: int) -> None:
    c = codec(players, advanced_setup=advanced)
    assert (
        c.observation_size == size == 267 + 42 * players + 3 * players**2 * (2 if advanced else 1)
    )


def test_a_concrete_position_from_the_captains_seat() -> None:
    c = codec(5)
    got = fields(c, table(), 0)
    assert got["seat"] == hot(0, 5)
    assert got["loyalty"] == [1.0, 0.0, 0.0] == got["first_loyalty"]
    assert rows(got["loyalties"], 4) == [BRITISH, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN]
    places = rows(got["place"], 5)
    assert places == [hot(0, 5), hot(0, 5), hot(0, 5), hot(1, 5), hot(2, 5)]
    roles = rows(got["role"], 4)
    assert roles == [hot(0, 4), hot(1, 4), hot(2, 4), hot(0, 4), hot(3, 4)]
    assert rows(got["crew_flying_dutchman"], 5)[:4] == [hot(0, 5), hot(1, 5), hot(2, 5), [0.0] * 5]
    assert rows(got["crew_jolly_roger"], 5)[0] == hot(3, 5)
    assert rows(got["crew_tortuga"], 5)[0] == hot(4, 5)
    assert got["rowboats"] == [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    assert got["holds"] == [0.25, 0.125, 0.0, 0.0]
    assert got["tortuga_chests"] == [0.0, 0.0, 0.25]
    assert got["galleon"] == [0.375]
    assert got["team_chests"] == [0.25, 0.125]
    assert all(cell == hot(1, 18) for cell in rows(got["event_row"], 18)), "all face down"
    assert got["armada_in_deck"] == [1.0] and got["tiebreak"] == [0.0]
    assert got["albatross"] == [0.0, 0.0, 0.0, 0.0, round(1 / 3, 6)]
    assert rows(got["treasure_maps"], 3)[3] == [0.0, 1.0, 0.0]
    # Hand: two cannon/british/skull (of 2 in the deck), one torch/french/blank (of 3).
    votes = got["votes"]
    assert votes[parse_vote("cannon/british/skull")] == 1.0
    assert votes[parse_vote("torch/french/blank")] == round(1 / 3, 6)
    assert sum(v > 0 for v in votes) == 2
    assert got["vote_hand_sizes"] == [0.6, 0.2, 0.2, 0.6, 0.6]
    assert got["vote_deck"] == [round(19 / 30, 6)], "30 cards less 11 in hands"
    assert got["vote_deck_top"] == [0.0] * 12 and got["vote_deck_cards"] == [0.0] * 13
    assert got["to_move"] == hot(0, 5) == got["current"] == got["decision_seat"]
    assert got["decision"] == hot(0, 17), "turn"
    assert got["over"] == [0.0] and got["winner_team"] == [0.0] * 4


def test_seats_are_rotated_so_the_observer_comes_first() -> None:
    c = codec(5)
    got = fields(c, table(), 2)  # seat s is row (s - 2) % 5
    assert got["seat"] == hot(2, 5)
    assert got["loyalty"] == [0.0, 0.0, 1.0]
    crew = rows(got["crew_flying_dutchman"], 5)
    assert crew[:3] == [hot(3, 5), hot(4, 5), hot(0, 5)]
    assert rows(got["crew_jolly_roger"], 5)[0] == hot(1, 5)
    assert rows(got["crew_tortuga"], 5)[0] == hot(2, 5)
    assert rows(got["role"], 4)[0] == hot(2, 4), "the observer is the cabin boy"
    assert rows(got["treasure_maps"], 3)[1] == [0.0, 1.0, 0.0], "seat 3 holds Atlantis"
    assert got["albatross"][2] == round(1 / 3, 6), "seat 4 holds an Albatross"
    assert got["current"] == hot(3, 5) == got["to_move"], "seat 0 is to move"
    assert got["vote_hand_sizes"] == [0.2, 0.6, 0.6, 0.6, 0.2]


def test_each_seat_sees_its_own_loyalty_and_nobody_elses() -> None:
    c = codec(5)
    state = table()
    truth = [BRITISH, FRENCH, DUTCH, BRITISH, FRENCH]
    for seat in range(5):
        got = rows(fields(c, state, seat)["loyalties"], 4)
        assert got[0] == truth[seat]
        assert got[1:] == [UNKNOWN] * 4
        assert fields(c, state, seat)["loyalty"] == truth[seat][:3]


def test_looked_at_cards_show_only_for_the_seat_that_looked() -> None:
    c = codec(5)
    state = table()
    state.apply(0, Look((1, 3)))
    mine = rows(fields(c, state, 0)["event_row"], 18)
    theirs = rows(fields(c, state, 1)["event_row"], 18)
    assert mine[1] == hot(2 + EVENT_NAMES.index("scurvy"), 18)
    assert mine[3] == hot(2 + EVENT_NAMES.index("crows_nest"), 18)
    assert mine[0] == mine[2] == mine[4] == hot(1, 18)
    assert all(cell == hot(1, 18) for cell in theirs)


def test_a_reaction_then_a_vote_in_progress_and_its_result() -> None:
    c = codec(5)
    state = table()
    state.apply(0, Attack())
    got = fields(c, state, 0)
    assert got["decision"] == hot(8, 17), "react_call: Atlantis on the other ship"
    assert got["decision_seat"] == hot(3, 5)
    state.apply(3, Decline())
    got = fields(c, state, 0)
    assert got["decision"] == hot(1, 17), "vote"
    assert got["decision_seat"] == [0.0] * 5
    assert got["vote_kind"] == [1.0, 0.0, 0.0] and got["vote_place"] == [1.0, 0.0, 0.0]
    assert got["vote_caller"] == hot(0, 5)
    assert got["voters"] == [1.0, 1.0, 1.0, 0.0, 0.0] == got["to_move"]
    state.apply(1, Vote((parse_vote("torch/british/blank"),)))
    own = fields(c, state, 1)
    assert own["ballot"][parse_vote("torch/british/blank")] == 0.5, "one card of at most two"
    assert own["ballot_sizes"] == [0.5, 0.0, 0.0, 0.0, 0.0]
    other = fields(c, state, 0)
    assert other["ballot"] == [0.0] * 12, "another seat's ballot is secret"
    assert other["ballot_sizes"] == [0.0, 0.5, 0.0, 0.0, 0.0]
    assert other["to_move"] == [1.0, 0.0, 1.0, 0.0, 0.0]
    state.apply(0, Vote((parse_vote("cannon/british/skull"),)))
    state.apply(2, Vote((parse_vote("cannon/french/skull"),)))
    got = fields(c, state, 4)
    assert got["last_vote_kind"] == [1.0, 0.0, 0.0]
    cards = got["last_vote_cards"]
    played = ["cannon/british/skull", "torch/british/blank", "cannon/french/skull"]
    for name in [*played, "water/french/skull"]:  # and the deck's top card
        assert cards[parse_vote(name)] == round(1 / COPIES[parse_vote(name)], 6)
    assert sum(c > 0 for c in cards) == 4
    # cannon 2, water 1, torch 1, british 2, french 2, skull 3, blank 1; at most 7 per vote.
    assert got["last_vote_sections"] == [round(k / 7, 6) for k in (2, 1, 1, 2, 2, 3, 1)]
    assert got["voters"] == [0.0] * 5 and got["vote_kind"] == [0.0] * 3


def test_pointing_and_choosing() -> None:
    c = codec(5)
    state = table()
    state.apply(0, Point((1, 4), 3))
    got = fields(c, state, 3)
    assert got["decision"] == hot(2, 17), "choose"
    assert got["decision_seat"] == hot(0, 5)
    assert got["choose_slots"] == [0.0, 1.0, 0.0, 0.0, 1.0]
    assert got["choose_by"] == hot(2, 5), "seat 0 is two after seat 3"
    assert state.legal_actions(3) == [Choose(1), Choose(4)]


def test_crows_nest_shows_the_deck_to_the_picker_and_remembers_the_hand() -> None:
    c = codec(5)
    state = table(row=["crows_nest", *ROW[1:]])
    state.apply(0, Reveal(0))
    state.apply(0, Target(2))
    got = fields(c, state, 0)
    assert got["decision"] == hot(16, 17), "crows_pick"
    assert got["crows_target"] == hot(2, 5) and got["crows_left"] == [0.25]
    assert got["vote_deck_cards"][12] == 1.0
    deck = got["vote_deck_cards"][:12]
    assert deck[parse_vote("cannon/french/skull")] > 0, "the target's card is back in the deck"
    assert sum(deck[t] * COPIES[t] for t in range(12)) == pytest.approx(len(state.vote_deck))
    assert rows(got["known_hands"], 13)[2] == [0.0] * 12 + [1.0], "known, empty so far"
    assert fields(c, state, 1)["vote_deck_cards"] == [0.0] * 13, "only the picker looks"
    pick = state.legal_actions(0)[-1]
    assert isinstance(pick, PickVote)
    state.apply(0, pick)
    hands = rows(fields(c, state, 0)["known_hands"], 13)
    assert hands[2] == [
        *(round(1 / COPIES[t], 6) if t == pick.card else 0.0 for t in range(12)),
        1.0,
    ]
    assert all(hand == [0.0] * 13 for k, hand in enumerate(hands) if k != 2)
    assert fields(c, state, 3)["known_hands"] == [0.0] * 65


def test_marooning_reaction_shows_its_cause() -> None:
    c = codec(5)
    state = position(
        5,
        ships={FD: [0, 1, 2], JR: [3]},
        tortuga=[4],
        maps={1: ["fountain_of_youth"]},
        row=ROW,
        current=0,
    )
    state.apply(0, Maroon(1))
    got = fields(c, state, 1)
    assert got["decision"] == hot(7, 17), "react_maroon"
    assert got["maroon_cause"] == hot(0, 5), "by the captain"
    assert state.legal_actions(1) == [PlayMap("fountain_of_youth"), Decline()]


def test_the_end_reveals_every_loyalty_and_the_winner() -> None:
    c = codec(5)
    state = table(row=["spanish_armada", *ROW[1:]])
    state.apply(0, Reveal(0))
    assert state.is_over()
    got = fields(c, state, 1)
    assert got["over"] == [1.0]
    assert got["winner_team"] == [1.0, 0.0, 0.0, 0.0], "british 2 chests to french 1"
    assert rows(got["loyalties"], 4) == [FRENCH, DUTCH, BRITISH, FRENCH, BRITISH]
    assert got["decision"] == [0.0] * 17 and got["to_move"] == [0.0] * 5


def test_cabin_fever_swap_is_known_to_the_seat_whose_card_changed() -> None:
    c = codec(4)
    for seed in range(20):
        state = position(
            4,
            ships={FD: [0, 1], JR: [2, 3]},
            loyalty=["british", "french", "british", "french"],
            row=["cabin_fever", *ROW[1:]],
            seed=seed,
            current=0,
        )
        state.apply(0, Reveal(0))
        state.apply(0, Target(1))
        got = rows(fields(c, state, 0)["loyalties"], 4)
        if state.loyalty[0] == 1:  # swapped: seat 0 is French now and knows seat 1 is British
            assert got == [FRENCH, BRITISH, UNKNOWN, UNKNOWN]
            assert fields(c, state, 0)["first_loyalty"] == [1.0, 0.0, 0.0]
            assert rows(fields(c, state, 2)["loyalties"], 4)[2:] == [UNKNOWN, UNKNOWN]
            return
        assert got == [BRITISH, UNKNOWN, UNKNOWN, UNKNOWN]
    raise AssertionError("no seed swapped the cards")


def test_advanced_setup_spots_and_place_pawn_ids() -> None:
    c = codec(4, advanced_setup=True)
    state = buccaneer.load("tortuga1667", players=4, seed=2, advanced_setup=True)
    first = state.to_move()[0]
    assert c.legal_mask(state, first).sum() == 12
    state.apply(first, PlacePawn(JOLLY_ROGER, 2))
    second = state.to_move()[0]
    got = fields(c, state, second)
    spots = rows(got["spots"], 4)  # (place, spot) rows, seat columns
    assert spots[1 * 4 + 2] == hot((first - second) % 4, 4)
    assert sum(map(sum, spots)) == 1.0
    assert got["decision"] == hot(4, 17), "place_pawn"
    assert got["place"] == [0.0] * 20, "pawns are on spots until everyone sat down"


@pytest.mark.parametrize(
    ("players", "options"), [(3, {}), (6, {"advanced_setup": True}), (9, {"star_cards": 6})]
)
def test_random_games_every_legal_action_has_an_id_and_values_stay_in_range(
    players: int, options: dict[str, Any]
) -> None:
    c = codec(players, **options)
    for seed in (21, 22, 23):
        state = buccaneer.load("tortuga1667", players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in range(players):
                tensor = c.observation_tensor(state.view(seat))
                assert tensor.min() >= 0.0 and tensor.max() <= 1.0
            for seat in state.to_move():
                legal = state.legal_actions(seat)
                assert [c.id_to_action(i) for i in c.legal_ids(state, seat)] == legal
                state.apply(seat, legal[rng.randrange(len(legal))])
