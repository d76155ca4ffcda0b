"""Tortuga 1667: setup, turns, votes and the end (the Tortuga 1667 rulebook)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import buccaneer
from buccaneer import IllegalAction, OptionError
from buccaneer.games.tortuga1667 import Tortuga1667State
from buccaneer.games.tortuga1667.actions import (
    Attack,
    Brawl,
    Choose,
    Decline,
    Discard,
    Look,
    Maroon,
    Move,
    Mutiny,
    PlacePawn,
    PlayMap,
    Point,
    Reveal,
    Stow,
    TimeOut,
    Vote,
    parse_vote,
)
from buccaneer.games.tortuga1667.components import (
    BRITISH,
    FLYING_DUTCHMAN,
    FRENCH,
    JOLLY_ROGER,
    SPANISH_ARMADA,
    STAR_CARDS,
    TORTUGA,
    VOTE_DECK,
)
from buccaneer.games.tortuga1667.position import position

FD, JR = "flying_dutchman", "jolly_roger"


def load(players: int, seed: int = 1, **options: Any) -> Tortuga1667State:
    state = buccaneer.load("tortuga1667", players=players, seed=seed, **options)
    assert isinstance(state, Tortuga1667State)
    return state


def v(name: str) -> int:
    return parse_vote(name)


@pytest.mark.parametrize(
    ("players", "teams"),
    [
        (2, (1, 1, 0)),
        (3, (1, 1, 1)),
        (4, (2, 2, 0)),
        (5, (2, 2, 1)),
        (8, (4, 4, 0)),
        (9, (4, 4, 1)),
    ],
)
def test_setup_teams_votes_row_and_pawns(players: int, teams: tuple[int, int, int]) -> None:
    state = load(players)
    assert tuple(state.loyalty.count(t) for t in range(3)) == teams
    assert all(len(hand) == 3 for hand in state.votes)
    assert Counter(state.vote_deck) + sum((Counter(h) for h in state.votes), Counter()) == Counter(
        VOTE_DECK
    )
    assert len(state.row) == 5 and SPANISH_ARMADA not in state.row
    assert SPANISH_ARMADA in state.deck[:5], "shuffled into the bottom five"
    fd, jr = state.lines[FLYING_DUTCHMAN], state.lines[JOLLY_ROGER]
    assert len(fd) == (players + 1) // 2 and len(jr) == players // 2
    assert state.galleon == 4 and state.tortuga_chests == [0, 0, 2]
    # "Eerst legt de kapitein van de Jolly Roger zijn schatkist ..."
    first: tuple[object, ...] = state.queue[0]
    assert state.to_move() == (jr[0],) and first == ("setup_chest", jr[0], JOLLY_ROGER)
    state.apply(jr[0], Stow(FRENCH))
    assert state.to_move() == (fd[0],)
    state.apply(fd[0], Stow(BRITISH))
    assert state.holds == [[1, 0], [0, 1]]
    assert state.view(None)["decision"] == {"kind": "turn", "seat": jr[0]}, "JR captain begins"


def test_views_hide_loyalties_votes_and_unseen_events() -> None:
    state = load(6, seed=3)
    for seat in range(6):
        view = state.view(seat)
        assert view["loyalty"] in ("british", "french") and view["loyalties"] is None
        assert len(view["votes"]) == 3 and view["vote_hand_sizes"] == [3] * 6
        assert view["events"]["row"] == [None] * 5
    assert state.view(None)["loyalty"] is None and state.view(None)["votes"] is None


def test_star_cards_option_and_small_game_removals() -> None:
    state = load(
        4, star_cards=["facade", "scurvy"] if False else ["facade", "pirate_code", "eight_bells"]
    )
    cards = [*state.row, *state.deck]
    assert {c for c in cards if c in STAR_CARDS} == {"facade", "pirate_code", "eight_bells"}
    assert len(cards) == 17 + 3 + 1
    six = load(4, star_cards=6)
    assert sum(1 for c in [*six.row, *six.deck] if c in STAR_CARDS) == 6
    small = load(3, small_game_removes="facade", star_cards=3)
    cards = [*small.row, *small.deck]
    assert "albatross" not in cards and "facade" not in cards and len(cards) == 14 + 3 + 1
    with pytest.raises(OptionError, match="cannot name both"):
        load(3, star_cards=["facade", "cabin_fever", "pirate_code"])
    with pytest.raises(OptionError, match="3 to 6"):
        load(4, star_cards=2)
    with pytest.raises(OptionError, match="unknown star card"):
        load(4, star_cards=["pistol", "facade", "scurvy"])


def attack_position(hands: list[str], top: str) -> Tortuga1667State:
    crew = list(range(len(hands)))
    return position(
        len(hands) + 1,
        ships={FD: crew, JR: []},
        tortuga=[len(hands)],
        votes={s: [hands[s]] for s in crew},
        vote_deck_top=[top],
        current=0,
        holds={FD: (0, 0), JR: (0, 0)},
    )


def run_vote(state: Tortuga1667State, plays: dict[int, str]) -> None:
    for seat, card in plays.items():
        state.apply(seat, Vote((v(card),)))


def test_attack_example_1_water_puts_out_the_only_torch() -> None:
    """'Er worden 2 kanonnen, 1 toorts en 1 water onthuld. De aanval mislukt'."""
    hands = ["cannon/british/skull", "cannon/french/blank", "torch/british/blank"]
    state = attack_position(hands, top="water/french/skull")
    state.apply(0, Attack())
    assert set(state.to_move()) == {0, 1, 2}, "everyone aboard votes at once"
    run_vote(state, dict(enumerate(hands)))
    assert state.galleon == 4 and sum(map(sum, state.holds)) == 0
    assert sorted(state.view(3)["last_vote"]["cards"]) == sorted([*hands, "water/french/skull"])


def test_attack_example_2_one_torch_left_burning() -> None:
    """'Er worden 1 kanon, 2 toortsen en 1 water onthuld. De aanval is succesvol'."""
    hands = ["cannon/british/skull", "torch/french/blank", "torch/british/blank"]
    state = attack_position(hands, top="water/french/skull")
    state.apply(0, Attack())
    run_vote(state, dict(enumerate(hands)))
    assert state.legal_actions(0) == [Stow(BRITISH), Stow(FRENCH)]
    state.apply(0, Stow(FRENCH))
    assert state.galleon == 3 and state.holds[FLYING_DUTCHMAN] == [0, 1]


def test_attack_example_3_two_cannons_two_torches_take_one_chest() -> None:
    """'Er worden 2 kanonnen en 2 toortsen onthuld. De aanval is succesvol, maar er mag slechts
    1 schatkist worden verplaatst.'"""
    hands = ["cannon/british/skull", "cannon/french/blank", "torch/british/blank"]
    state = attack_position(hands, top="torch/french/skull")
    state.apply(0, Attack())
    run_vote(state, dict(enumerate(hands)))
    state.apply(0, Stow(BRITISH))
    assert state.galleon == 3 and sum(map(sum, state.holds)) == 1


def test_an_attack_on_an_empty_galleon_takes_from_the_other_ship() -> None:
    hands = ["cannon/british/skull", "torch/french/blank"]
    state = attack_position(hands, top="torch/french/skull")
    state.galleon = 0
    state.holds[JOLLY_ROGER] = [0, 2]
    state.apply(0, Attack())
    run_vote(state, dict(enumerate(hands)))
    # "mag de kapitein 1 schatkist van het schip van de tegenstander nemen": may, not must
    assert state.legal_actions(0) == [Stow(BRITISH, FRENCH), Stow(FRENCH, FRENCH), Decline()]
    state.apply(0, Stow(BRITISH, FRENCH))
    assert state.holds == [[1, 0], [0, 1]]


def test_votes_are_secret_played_cards_go_under_the_deck_and_voters_draw() -> None:
    hands = ["cannon/british/skull", "torch/french/blank"]
    state = attack_position(hands, top="water/french/skull")
    state.apply(0, Attack())
    state.apply(1, Vote((v(hands[1]),)))
    view = state.view(0)
    assert view["voted"] == [1] and view["ballot"] is None
    assert state.view(1)["ballot"] == [hands[1]]
    with pytest.raises(IllegalAction, match="already voted"):
        state.apply(1, Vote((v(hands[1]),)))
    deck_before = len(state.vote_deck)
    state.apply(0, Vote((v(hands[0]),)))
    # 3 cards went under the deck (two ballots and the deck's top), each voter drew one.
    assert len(state.vote_deck) == deck_before - 1 + 3 - 2
    assert sorted(state.vote_deck[:3]) == sorted(v(c) for c in [*hands, "water/french/skull"])
    assert all(len(state.votes[s]) == 1 for s in (0, 1)), "each voter drew one"
    private = [e for e in state.log if e.data["type"] == "ballot"]
    assert all(e.visible_to and len(e.visible_to) == 1 for e in private)


def test_mutiny_majority_of_skulls_maroons_the_captain_and_a_tie_does_nothing() -> None:
    state = position(
        4,
        ships={FD: [0, 1, 2], JR: [3]},
        tortuga=[],
        votes={1: ["torch/british/skull"], 2: ["torch/british/skull"]},
        vote_deck_top=["water/french/blank"],
        current=1,
    )
    state.apply(1, Mutiny())
    assert set(state.to_move()) == {1, 2}, "all aboard but the captain vote"
    run_vote(state, {1: "torch/british/skull", 2: "torch/british/skull"})
    assert state.lines[FLYING_DUTCHMAN] == [1, 2] and state.lines[TORTUGA] == [0]
    tie = position(
        4,
        ships={FD: [0, 1], JR: [3, 2]},
        tortuga=[],
        votes={1: ["torch/british/skull"]},
        vote_deck_top=["water/french/blank"],
        current=1,
    )
    tie.apply(1, Mutiny())
    run_vote(tie, {1: "torch/british/skull"})
    assert tie.lines[FLYING_DUTCHMAN] == [0, 1], "1 skull of 2 is no majority"


def test_brawl_majority_takes_both_chests() -> None:
    """'Als de meerderheid ... een Britse vlag heeft, worden beide schatkisten op Tortuga in het
    Britse vak geplaatst.'"""
    state = position(
        4,
        ships={FD: [0], JR: [1]},
        tortuga=[2, 3],
        votes={2: ["torch/british/skull"], 3: ["cannon/british/blank"]},
        vote_deck_top=["water/french/blank"],
        current=2,
    )
    state.apply(2, Brawl())
    run_vote(state, {2: "torch/british/skull", 3: "cannon/british/blank"})
    assert state.tortuga_chests == [2, 0, 0]


def test_brawl_tie_splits_the_chests() -> None:
    """'In het geval van een gelijkspel wordt er 1 schatkist in elk vak geplaatst.'"""
    state = position(
        4,
        ships={FD: [0, 3], JR: [1]},
        tortuga=[2],
        votes={2: ["torch/french/skull"]},
        vote_deck_top=["water/british/blank"],
        current=2,
    )
    state.apply(2, Brawl())
    run_vote(state, {2: "torch/french/skull"})
    assert state.tortuga_chests == [1, 1, 0]


def test_maroon_ranks_shift_and_marooning_on_tortuga_costs_a_vote_card() -> None:
    state = position(
        5,
        ships={FD: [0, 1, 2], JR: [3]},
        tortuga=[4],
        votes={4: ["torch/british/skull", "cannon/french/blank", "cannon/french/blank"]},
        current=0,
    )
    state.apply(0, Maroon(1))
    assert state.lines[FLYING_DUTCHMAN] == [0, 2] and state.lines[TORTUGA] == [4, 1]
    # The Jolly Roger's captain is seat 3; seat 4 on Tortuga; Pistol-like marooning of 4:
    state.queue = [("turn", 4)]
    state.current = 4
    state.maroon([4], "pistol")
    state.queue.append(("end_action", -1))
    state._advance()
    assert state.legal_actions(4) == [
        Discard(v("cannon/french/blank")),
        Discard(v("torch/british/skull")),
    ]
    state.apply(4, Discard(v("torch/british/skull")))
    assert state.votes[4] == [v("cannon/french/blank")] * 2 and state.vote_deck[0] == v(
        "torch/british/skull"
    )
    assert state.lines[TORTUGA] == [1, 4]


def test_rowboats_take_one_pawn_and_boarding_an_empty_ship_makes_a_captain() -> None:
    state = position(3, ships={FD: [0], JR: []}, tortuga=[1, 2], current=1)
    state.apply(1, Move(4))  # Tortuga -> the Jolly Roger's rowboat
    assert state.rowboats == [-1, 1]
    assert Move(4) not in state.legal_actions(2), "one pawn per rowboat"
    state.apply(2, Move(3))
    state.apply(0, Look((0, 1)))
    state.apply(1, Move(JOLLY_ROGER))
    assert state.lines[JOLLY_ROGER] == [1] and state.rank_of(1) == 0


def test_timeout_looks_at_two_cards_and_a_forced_reveal_passes_to_the_forcer() -> None:
    """'Wanneer een speler geen actie speelt voor de tijd op is, is deze verplicht om als actie 2
    gebeurteniskaarten te bekijken.' ... 'Wanneer een speler wordt gedwongen een kaart te
    onthullen en dit niet binnen de 30 seconden doet, kiest de speler die hem/haar dwong de
    kaart in zijn/haar plaats.'"""
    state = position(
        3,
        ships={FD: [0], JR: [1]},
        tortuga=[2],
        row=["black_spot", "scurvy", "pistol", "facade", "albatross"],
        current=0,
    )
    assert state.default_action(0) == Look((0, 1))
    state.apply(0, TimeOut())
    assert set(state.known[0]) == {0, 1} and state.to_move() == (1,)
    state.apply(1, Point((0, 1), 2))
    assert state.default_action(2) is None
    state.apply(2, TimeOut())
    assert state.to_move() == (1,) and state.legal_actions(1) == [Choose(0), Choose(1)]
    state.apply(1, Choose(0))  # the forcer picks Black Spot; the seat pointed at reveals it
    assert 2 in state.lines[TORTUGA] and state.lines[TORTUGA][-1] == 2
    assert state.lines[JOLLY_ROGER] == [1]


def test_a_forcer_who_times_out_too_reveals_the_first_card() -> None:
    state = position(3, ships={FD: [0], JR: [1]}, tortuga=[2], current=0)
    state.apply(0, Point((2, 4), 1))
    state.apply(1, TimeOut())
    state.apply(0, TimeOut())
    assert any(
        e.data.get("type") == "revealed" and e.data["slot"] == 2 and e.data["seat"] == 1
        for e in state.log
    )


def test_a_timeout_never_plays_a_treasure_map_and_passes_with_only_the_armada_left() -> None:
    state = position(
        4, ships={FD: [0, 1, 2], JR: [3]}, tortuga=[], maps={2: ["atlantis"]}, current=0
    )
    state.apply(0, Maroon(2))
    assert state.default_action(2) == Decline()
    state.apply(2, TimeOut())
    assert state.lines[TORTUGA] == [2] and state.maps[2] == ["atlantis"]
    last = position(
        3,
        ships={FD: [0], JR: [1]},
        tortuga=[2],
        row=[SPANISH_ARMADA, None, None, None, None],
        deck=[],
        current=0,
    )
    assert last.default_action(0) is None
    last.apply(0, TimeOut())
    assert not last.is_over() and last.to_move() == (1,)


def test_a_vote_is_off_when_its_caller_lost_the_role_before_it_opened() -> None:
    """Atlantis at an attack call brings a second Albatross aboard: everyone is marooned."""
    state = position(
        4,
        ships={FD: [0], JR: [1]},
        tortuga=[2, 3],
        maps={1: ["atlantis"]},
        albatross={0: 1, 1: 1},
        current=0,
    )
    state.apply(0, Attack())
    state.apply(1, PlayMap("atlantis"))
    assert state.lines[FLYING_DUTCHMAN] == [] and not state.voting
    assert any(e.data["type"] == "vote_cancelled" for e in state.log)


def test_advanced_setup_pawns_take_free_spots_and_move_up_afterwards() -> None:
    """'mag deze zelf beslissen op welk schip en op welke positie de pion wordt geplaatst ...
    worden alle pionnen omhoog verplaatst waar plek is.'"""
    state = load(4, seed=2, advanced_setup=True)
    assert state.tortuga_chests == [1, 1, 0] and state.lines == [[], [], []]
    first = state.to_move()[0]
    state.apply(first, PlacePawn(JOLLY_ROGER, 2))
    second = state.to_move()[0]
    assert PlacePawn(JOLLY_ROGER, 2) not in state.legal_actions(second)
    state.apply(second, PlacePawn(JOLLY_ROGER, 0))
    for spot in (3, 1):
        seat = state.to_move()[0]
        state.apply(seat, PlacePawn(TORTUGA, spot))
    assert state.lines[JOLLY_ROGER] == [second, first], "gaps close; the earlier pawn stays put"
    assert state.lines[FLYING_DUTCHMAN] == [] and len(state.lines[TORTUGA]) == 2


def test_looked_cards_stay_in_the_view_while_they_stay_in_place() -> None:
    state = position(
        3,
        ships={FD: [0], JR: [1]},
        tortuga=[2],
        row=["pistol", "scurvy", "facade", "albatross", "pirate_code"],
        current=0,
    )
    state.apply(0, Look((1, 3)))
    assert state.view(0)["events"]["row"] == [None, "scurvy", None, "albatross", None]
    assert state.view(1)["events"]["row"] == [None] * 5
    state.apply(1, Reveal(1))  # Scurvy: slot 1 gets a new card
    assert state.view(0)["events"]["row"][1] is None and state.view(0)["events"]["row"][3]


def test_two_actions_per_turn_option_with_two_players() -> None:
    state = position(
        2, ships={FD: [0], JR: [1]}, tortuga=[], current=0, two_actions_two_players=True
    )
    state.apply(0, Look((0, 1)))
    assert state.to_move() == (0,)
    state.apply(0, Look((2, 3)))
    assert state.to_move() == (1,)


def test_odd_count_tie_goes_to_the_dutch_seat() -> None:
    state = position(
        3,
        ships={FD: [0], JR: [1]},
        tortuga=[2],
        loyalty=["british", "french", "dutch"],
        row=[SPANISH_ARMADA, "pistol", "scurvy", "facade", "albatross"],
        holds={FD: (1, 0), JR: (0, 1)},
        current=0,
    )
    state.apply(0, Reveal(0))
    assert state.is_over() and state.winners() == [2]
    assert state.view(0)["loyalties"] == ["british", "french", "dutch"]


def test_even_count_tie_starts_the_tiebreak_and_the_first_lead_wins() -> None:
    """'verwijder deze kaart dan uit het spel en schud alle afgelegde en niet-onthulde kaarten
    ... Het team dat als eerste op voorsprong komt, wint het spel.'"""
    state = position(
        4,
        ships={FD: [0, 1], JR: [2]},
        tortuga=[3],
        loyalty=["british", "french", "british", "french"],
        row=[SPANISH_ARMADA, "pistol", "scurvy", "facade", "albatross"],
        deck=["letter_of_marque", "black_spot"],
        holds={FD: (1, 0), JR: (0, 1)},
        votes={0: ["cannon/british/skull"], 1: ["torch/french/blank"]},
        vote_deck_top=["torch/british/blank"],
        current=0,
    )
    state.apply(0, Reveal(0))
    assert not state.is_over() and state.tiebreak
    assert SPANISH_ARMADA not in [*state.row, *state.deck, *state.discard]
    assert len([c for c in state.row if c]) == 5
    state.apply(1, Look((0, 1)))
    state.apply(2, Look((0, 1)))
    state.apply(3, Look((0, 1)))
    state.apply(0, Attack())
    run_vote(state, {0: "cannon/british/skull", 1: "torch/french/blank"})
    state.apply(0, Stow(BRITISH))
    assert state.is_over() and state.winners() == [0, 2]
