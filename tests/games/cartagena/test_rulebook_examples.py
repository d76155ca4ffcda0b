"""Every example in the Cartagena rulebook, played on the rulebook's example situation."""

from __future__ import annotations

import pytest

from buccaneer import IllegalAction
from buccaneer.games.cartagena import Back, EndTurn, Forward
from buccaneer.games.cartagena.components import BOAT, START, SYMBOL_INDEX
from tests.games.cartagena.example import BLUE, RED, YELLOW, example_situation, sq

SKULL, DAGGER, BOTTLE = SYMBOL_INDEX["skull"], SYMBOL_INDEX["dagger"], SYMBOL_INDEX["bottle"]


def test_the_situation_matches_the_rulebook_picture() -> None:
    state = example_situation(BLUE)
    assert [state.board[sq(n)] for n in (12, 17, 23)] == [SKULL] * 3
    assert state.occ[sq(17)] == 3 and state.occ[sq(12)] == 1 and state.occ[sq(6)] == 2
    assert state.view(None)["row"][:3] == ["bottle", "dagger", "dagger"]
    assert all(state.hands[s][DAGGER] == 0 for s in (RED, YELLOW))


def test_yellow_skull_from_9_to_23_jumping_occupied_12_and_17() -> None:
    """'Geel ... een doodskop uitspelen en zijn piraat van veld 9 door de tunnel tot op veld 23
    plaatsen, waarbij hij de bezette doodskopvelden 12 en 17 overspringt.'"""
    state = example_situation(YELLOW)
    state.apply(YELLOW, Forward(SKULL, sq(9)))
    assert sq(23) in state.pirates[YELLOW] and sq(9) not in state.pirates[YELLOW]
    assert state.hands[YELLOW][SKULL] == 1
    assert state.discard[SKULL] == 1
    assert state.log[-1].text == "Yellow plays a skull: pirate 9 → 23"


def test_red_back_from_8_to_6_takes_two_cards_from_the_start_of_the_row() -> None:
    """'Rood ... zijn piraat van veld 8 naar veld 6 terugtrekken. Aangezien veld 6 door twee
    piraten is bezet, mag Rood 2 kaarten nemen van het begin van de kaartenrij.'"""
    state = example_situation(RED)
    before = list(state.hands[RED])
    state.apply(RED, Back(sq(8)))
    assert sq(6) in state.pirates[RED] and state.occ[sq(6)] == 3
    gained = [a - b for a, b in zip(state.hands[RED], before, strict=True)]
    assert gained[BOTTLE] == 1 and gained[DAGGER] == 1 and sum(gained) == 2
    assert state.view(None)["row"][:2] == ["dagger", "hat"]
    assert "takes bottle, dagger" in state.log[-1].text


def test_blue_option_1_three_daggers_move_three_pirates() -> None:
    """'Met de eerste dolkkaart zet hij een piraat van buitenaf op veld 7 ... van veld 6 naar
    veld 15 waarbij hij over het inmiddels bezette veld 7 springt ... van veld 6 helemaal naar
    veld 24.'"""
    state = example_situation(BLUE)
    state.apply(BLUE, Forward(DAGGER, START))
    assert state.pirates[BLUE].count(START) == 0 and sq(7) in state.pirates[BLUE]
    state.apply(BLUE, Forward(DAGGER, sq(6)))
    assert sq(15) in state.pirates[BLUE]
    state.apply(BLUE, Forward(DAGGER, sq(6)))
    assert sq(24) in state.pirates[BLUE] and sq(6) not in state.pirates[BLUE]
    assert state.hands[BLUE][DAGGER] == 1
    assert state.to_move() == (YELLOW,), "after three actions the turn passes by itself"


def test_blue_option_2_five_cards_from_three_back_moves() -> None:
    """'Eerst trekt hij zijn piraat terug van veld 17 naar veld 12 ... één kaart. Daarna ... van
    veld 18 naar veld 17 ... twee kaarten. Dezelfde piraat trekt zich nog verder terug van veld
    17 naar veld 12 ... nog eens twee kaarten.'"""
    state = example_situation(BLUE)
    size = sum(state.hands[BLUE])
    state.apply(BLUE, Back(sq(17)))
    assert sq(12) in state.pirates[BLUE] and sum(state.hands[BLUE]) == size + 1
    state.apply(BLUE, Back(sq(18)))
    assert state.pirates[BLUE].count(sq(17)) == 1 and sum(state.hands[BLUE]) == size + 3
    state.apply(BLUE, Back(sq(17)))
    assert state.pirates[BLUE].count(sq(12)) == 2 and sum(state.hands[BLUE]) == size + 5
    assert state.occ[sq(12)] == 3
    assert state.to_move() == (YELLOW,)


def test_blue_option_3_bottle_to_the_boat_then_back_then_dagger() -> None:
    """'Blauw speelt eerst zijn flessenkaart uit en snelt met zijn piraat van veld 17 in één ruk
    tot in de sloep ... trekt zijn blauwe piraat terug van veld 18 naar veld 17 ... twee nieuwe
    kaarten ... nog een dolkkaart spelen en zijn laatste piraat in de tunnel op veld 7.'"""
    state = example_situation(BLUE)
    state.apply(BLUE, Forward(BOTTLE, sq(17)))
    assert state.pirates[BLUE].count(BOAT) == 2
    size = sum(state.hands[BLUE])
    state.apply(BLUE, Back(sq(18)))
    assert sq(17) in state.pirates[BLUE] and sum(state.hands[BLUE]) == size + 2
    state.apply(BLUE, Forward(DAGGER, START))
    assert sq(7) in state.pirates[BLUE] and START not in state.pirates[BLUE]


def test_may_not_pass_a_one_pirate_square_to_reach_a_two_pirate_square() -> None:
    """'AANDACHT: Bij het terugtrekken van een piraat mag niet over een teken worden gesprongen
    dat is bezet door één piraat, om naar een teken te gaan dat is bezet door twee piraten. In
    dit geval moet de piraat blijven staan bij het eerste teken en hij ontvangt één kaart.'"""
    state = example_situation(BLUE)
    size = sum(state.hands[BLUE])
    state.apply(BLUE, Back(sq(17)))  # 12 holds one pirate, 6 two: the pirate stops on 12
    assert sq(12) in state.pirates[BLUE] and state.occ[sq(6)] == 2
    assert sum(state.hands[BLUE]) == size + 1
    # "...wel dezelfde piraat in de volgende actie ... terugtrekken ..." — 12 now holds two
    state.apply(BLUE, Back(sq(12)))
    assert state.pirates[BLUE].count(sq(9)) == 1, "9 holds Yellow's single pirate: stop there"


def test_jamaica_version_draws_from_the_hidden_pile() -> None:
    """'In de Jamaica-versie worden de nieuwe kaarten verdekt van de voorraadstapel ... genomen.'"""
    state = example_situation(RED, variant="jamaica")
    pile = list(state.pile)
    state.apply(RED, Back(sq(8)))
    assert state.pile == pile[:-2]
    assert state.view(BLUE)["hands"][RED] is None
    assert state.view(RED)["hand_sizes"][RED] == 6
    public, private = state.log[-2], state.log[-1]
    assert public.visible_to is None and "draws 2 cards" in public.text
    assert private.visible_to == (RED,)


def test_a_pirate_never_crawls_out_of_the_tunnel_backwards() -> None:
    """'In elk geval mag men nooit met een piraat terug uit de tunnel kruipen.'"""
    state = example_situation(RED)
    assert Back(sq(2)) not in state.legal_actions(RED)
    with pytest.raises(IllegalAction, match="never leave the tunnel"):
        state.apply(RED, Back(sq(2)))
    assert EndTurn() in state.legal_actions(RED)
