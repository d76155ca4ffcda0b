"""Every event card's effect ("Gebeurteniskaarten"), and the Treasure Maps' reactions."""

from __future__ import annotations

from typing import Any

from buccaneer.games.tortuga1667 import Tortuga1667State
from buccaneer.games.tortuga1667.actions import (
    Attack,
    BlowUp,
    Decline,
    Look,
    Maroon,
    MarqueDraw,
    MarqueMove,
    Move,
    Mutiny,
    PickVote,
    PlayMap,
    PutOnTop,
    Reveal,
    Target,
    Vote,
    parse_vote,
)
from buccaneer.games.tortuga1667.components import (
    DESTROYED,
    FLYING_DUTCHMAN,
    JOLLY_ROGER,
    TORTUGA,
)
from buccaneer.games.tortuga1667.position import position

FD, JR = "flying_dutchman", "jolly_roger"
FILLER = ["letter_of_marque", "black_spot", "pistol", "scurvy"]


def with_card(card: str, players: int = 5, current: int = 0, **kw: Any) -> Tortuga1667State:
    kw.setdefault("ships", {FD: [0, 1, 2], JR: [3]})
    kw.setdefault("tortuga", list(range(4, players)))
    return position(
        players,
        row=[card, *FILLER],
        deck=["pistol", "letter_of_marque", "black_spot"],
        current=current,
        **kw,
    )


def test_pistol_maroons_the_seat_pointed_at() -> None:
    state = with_card("pistol")
    state.apply(0, Reveal(0))
    assert state.legal_actions(0) == [Target(t) for t in (1, 2, 3, 4)]
    state.apply(0, Target(3))
    assert state.lines[JOLLY_ROGER] == [] and state.lines[TORTUGA] == [4, 3]
    assert state.row[0] == "black_spot", "the slot is refilled from the deck's top"


def test_black_spot_maroons_the_revealer() -> None:
    state = with_card("black_spot")
    state.apply(0, Reveal(0))
    assert state.lines[FLYING_DUTCHMAN] == [1, 2] and state.lines[TORTUGA][-1] == 0


def test_letter_of_marque_moves_a_seat_from_tortuga_onto_a_ship() -> None:
    state = with_card("letter_of_marque")
    state.apply(0, Reveal(0))
    assert MarqueMove(4, JOLLY_ROGER) in state.legal_actions(0)
    assert MarqueMove(1, JOLLY_ROGER) not in state.legal_actions(0), "only from Tortuga/rowboat"
    state.apply(0, MarqueMove(4, JOLLY_ROGER))
    assert state.lines[JOLLY_ROGER] == [3, 4]


def test_letter_of_marque_draw_then_put_a_card_on_top_for_the_next_vote() -> None:
    state = with_card("letter_of_marque", votes={0: ["cannon/british/skull"]})
    state.apply(0, Reveal(0))
    state.apply(0, MarqueDraw())
    assert len(state.votes[0]) == 2
    state.apply(0, PutOnTop(parse_vote("cannon/british/skull")))
    assert state.vote_deck[-1] == parse_vote("cannon/british/skull")
    assert state.view(0)["vote_deck_top"] == "cannon/british/skull"
    assert state.view(1)["vote_deck_top"] is None


def test_albatross_two_aboard_maroons_the_whole_ship_in_reverse_rank() -> None:
    """'Zodra een schip 2 Albatrossen aan boord heeft, worden alle spelers op dat schip
    verbannen ... de laagst geplaatste pion op het schip wordt de hoogst geplaatste pion op
    Tortuga'."""
    state = with_card("albatross", albatross={1: 1})
    state.apply(0, Reveal(0))
    assert state.lines[FLYING_DUTCHMAN] == []
    assert state.lines[TORTUGA] == [4, 2, 1, 0]
    assert state.albatross[0] == 1, "the revealer keeps the card"


def test_albatross_walking_bomb_boarding_a_ship() -> None:
    """'Als je als speler 2 Albatros kaarten voor je hebt liggen en je gaat aan boord van een
    schip, wordt iedereen (inclusief de speler die aan boord ging) onmiddellijk naar Tortuga
    verbannen.'"""
    state = position(
        5, ships={FD: [0, 1], JR: [3]}, tortuga=[4], rowboats={JR: 2}, albatross={2: 2}, current=2
    )
    state.apply(2, Move(JOLLY_ROGER))
    assert state.lines[JOLLY_ROGER] == [] and state.lines[TORTUGA] == [4, 2, 3]


def test_albatross_on_tortuga_has_no_effect() -> None:
    state = with_card("albatross", albatross={4: 1}, current=4)
    state.apply(4, Reveal(0))
    assert state.albatross[4] == 2 and state.lines[TORTUGA] == [4]


def test_treasure_maps_are_given_away_and_fountain_cancels_black_spot() -> None:
    state = with_card("fountain_of_youth")
    state.apply(0, Reveal(0))
    assert Target(0) not in state.legal_actions(0)
    state.apply(0, Target(1))
    assert state.maps[1] == ["fountain_of_youth"]
    # Later seat 1 reveals Black Spot and drinks from the Fountain.
    state.row[1] = "black_spot"
    state.queue = []
    state.start_turn(1)
    state.apply(1, Reveal(1))
    assert state.legal_actions(1) == [PlayMap("fountain_of_youth"), Decline()]
    state.apply(1, PlayMap("fountain_of_youth"))
    assert state.lines[FLYING_DUTCHMAN] == [0, 1, 2] and state.maps[1] == []


def test_atlantis_against_a_captains_marooning_gives_the_captain_a_second_action() -> None:
    state = position(
        5, ships={FD: [0, 1, 2], JR: [3]}, tortuga=[4], maps={2: ["atlantis"]}, current=0
    )
    state.apply(0, Maroon(2))
    assert state.legal_actions(2) == [PlayMap("atlantis"), Decline()]
    state.apply(2, PlayMap("atlantis"))
    assert state.lines[JOLLY_ROGER] == [3, 2] and 2 not in state.lines[TORTUGA]
    assert state.to_move() == (0,), "the captain acts again"
    state.apply(0, Look((0, 1)))
    assert state.to_move() == (1,)


def test_fountain_against_a_captains_marooning_counts_as_his_action() -> None:
    state = position(
        5,
        ships={FD: [0, 1, 2], JR: [3]},
        tortuga=[4],
        maps={2: ["fountain_of_youth"]},
        current=0,
    )
    state.apply(0, Maroon(2))
    state.apply(2, PlayMap("fountain_of_youth"))
    assert state.lines[FLYING_DUTCHMAN] == [0, 1, 2] and state.to_move() == (1,)


def test_atlantis_at_an_attack_call_joins_the_vote_on_the_other_ship() -> None:
    """'Bij een oproep tot aanval of muiterij, mag een speler onmiddellijk deze schatkaart
    spelen. Hij/zij verplaatst zijn pion naar het andere schip en neemt deel aan de stemming.'"""
    state = position(4, ships={FD: [0], JR: [1, 2]}, tortuga=[3], maps={2: ["atlantis"]}, current=0)
    state.apply(0, Attack())
    assert state.to_move() == (2,)
    state.apply(2, PlayMap("atlantis"))
    assert state.lines[FLYING_DUTCHMAN] == [0, 2] and set(state.to_move()) == {0, 2}


def test_el_dorado_draws_a_card_and_allows_a_double_vote() -> None:
    state = with_card("el_dorado", ships={FD: [0, 1], JR: [3, 2]})
    state.apply(0, Reveal(0))
    state.apply(0, Target(1))
    assert len(state.votes[1]) == 4
    state.queue = []
    state.start_turn(1)
    state.apply(1, Mutiny())
    doubles = [a for a in state.legal_actions(1) if isinstance(a, Vote) and len(a.cards) == 2]
    assert doubles
    state.apply(1, doubles[0])
    assert len(state.votes[1]) == 3 and "el_dorado" in state.discard
    assert len(state.last_vote[1]) == 3, "two from El Dorado's owner and the deck's top"


def test_black_powder_destroys_a_rowboat_and_its_passenger_goes_to_tortuga() -> None:
    state = with_card("black_powder", ships={FD: [0, 1], JR: [3]}, rowboats={JR: 2})
    state.apply(0, Reveal(0))
    state.apply(0, BlowUp(JOLLY_ROGER))
    assert state.rowboats[JOLLY_ROGER] == DESTROYED and state.lines[TORTUGA][-1] == 2
    state.queue = []
    state.start_turn(4)
    assert Move(4) not in state.legal_actions(4) and Move(3) in state.legal_actions(4)


def test_cabin_fever_shuffles_two_loyalty_cards() -> None:
    seen = set()
    for seed in range(12):
        state = with_card(
            "cabin_fever", loyalty=["british", "french", "british", "french", "dutch"], seed=seed
        )
        state.apply(0, Reveal(0))
        state.apply(0, Target(1))
        pair = (state.loyalty[0], state.loyalty[1])
        assert sorted(pair) == [0, 1]
        seen.add(pair)
        if pair == (1, 0):
            assert state.view(0)["loyalty"] == "french"
            assert state.memory[0]["loyalties"] == {1: 0}, "seat 0 knows seat 1 holds British"
    assert seen == {(0, 1), (1, 0)}


def test_crows_nest_replaces_another_seats_vote_cards_with_chosen_ones() -> None:
    state = with_card("crows_nest", votes={3: ["cannon/british/skull", "torch/french/blank"]})
    state.apply(0, Reveal(0))
    state.apply(0, Target(3))
    picks = state.legal_actions(0)
    assert all(isinstance(p, PickVote) for p in picks)
    state.apply(0, picks[0])
    state.apply(0, state.legal_actions(0)[-1])
    assert len(state.votes[3]) == 2
    assert state.view(0)["known_hands"] == {"3": [v for v in state.view(3)["votes"]]}


def test_eight_bells_redraws_the_order_on_the_revealers_ship() -> None:
    orders = set()
    for seed in range(15):
        state = with_card("eight_bells", seed=seed)
        state.apply(0, Reveal(0))
        orders.add(tuple(state.lines[FLYING_DUTCHMAN]))
    assert len(orders) > 2 and all(sorted(o) == [0, 1, 2] for o in orders)


def test_facade_swaps_places_with_the_player_on_the_right() -> None:
    state = with_card("facade", current=4, ships={FD: [0, 1], JR: [3, 2]}, tortuga=[4])
    state.apply(4, Reveal(0))
    assert state.lines[TORTUGA] == [3] and state.lines[JOLLY_ROGER] == [4, 2]


def test_pirate_code_sits_out_the_next_two_votes() -> None:
    """'Hij/zij mag niet deelnemen aan de volgende twee stemronden. De speler mag echter nog wel
    een stemronde starten'."""
    state = with_card(
        "pirate_code",
        ships={FD: [1, 0, 2], JR: [3]},
        tortuga=[4],
        current=0,
        votes={2: ["torch/british/blank"]},
    )
    state.apply(0, Reveal(0))
    for _ in range(2):
        state.queue = []
        state.start_turn(0)
        state.apply(0, Mutiny())
        assert state.voting == [2], "the first mate calls the mutiny but does not vote"
        state.apply(2, Vote((state.votes[2][0],)))
        state.lines[FLYING_DUTCHMAN] = [1, 0, 2]  # whatever the vote did, same crew again
    state.queue = []
    state.start_turn(0)
    state.apply(0, Mutiny())
    assert 0 in state.voting and "pirate_code" in state.discard


def test_scurvy_costs_everyone_on_the_ship_their_next_turn() -> None:
    state = with_card("scurvy")
    state.apply(0, Reveal(0))
    assert state.to_move() == (3,), "seats 1 and 2 lose their turn"
    assert state.scurvy == [True, False, False, False, False]
    state.apply(3, Look((0, 1)))
    state.apply(4, Look((0, 1)))
    assert state.to_move() == (1,), "and so does the revealer"
    skipped = [e.data for e in state.log if e.data["type"] == "scurvy_skip"]
    assert len(skipped) == 3


def test_stormy_seas_sends_the_ships_chests_back_to_the_galleon() -> None:
    state = with_card("stormy_seas", holds={FD: (2, 1)}, galleon=1)
    state.apply(0, Reveal(0))
    assert state.holds[FLYING_DUTCHMAN] == [0, 0] and state.galleon == 4


def test_stormy_seas_from_a_rowboat_does_nothing() -> None:
    state = with_card("stormy_seas", ships={FD: [0, 1], JR: [3]}, rowboats={FD: 2}, current=2)
    state.apply(2, Reveal(0))
    assert state.galleon == 4


def test_spanish_armada_ends_the_game_at_once() -> None:
    state = with_card(
        "spanish_armada",
        holds={FD: (1, 0), JR: (2, 0)},
        loyalty=["british", "french", "british", "french", "dutch"],
    )
    state.apply(0, Reveal(0))
    assert state.is_over() and state.winners() == [0, 2]
