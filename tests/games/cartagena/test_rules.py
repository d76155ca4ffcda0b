"""Cartagena's rules beyond the rulebook's worked examples: setup, turns, draws, the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

import buccaneer
from buccaneer import IllegalAction, OptionError
from buccaneer.games.cartagena import Back, CartagenaState, EndTurn, Forward, position
from buccaneer.games.cartagena.components import BOAT, START, SYMBOL_INDEX, SYMBOLS, TILES

HAT, KEY, SKULL = SYMBOL_INDEX["hat"], SYMBOL_INDEX["key"], SYMBOL_INDEX["skull"]
LAYOUT = "1A 2A 3A 4A 5A 6A"


def load(players: int = 4, seed: int = 1, **options: Any) -> CartagenaState:
    state = buccaneer.load("cartagena", players=players, seed=seed, **options)
    assert isinstance(state, CartagenaState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_jamaica(players: int) -> None:
    """Six cards each, hidden; the rest a face-down pile; every pirate outside the tunnel."""
    state = load(players)
    assert [sum(h) for h in state.hands] == [6] * players
    assert len(state.pile) == 102 - 6 * players and state.row == []
    assert all(p == [START] * 6 for p in state.pirates)
    assert state.to_move() == (0,)
    view = state.view(0)
    assert view["hands"][0] is not None and all(h is None for h in view["hands"][1:])
    assert view["row"] == [] and view["actions_left"] == 3


def test_setup_tortuga_has_open_hands_and_a_row_of_twelve() -> None:
    state = load(3, variant="tortuga")
    assert len(state.row) == 12 and len(state.pile) == 102 - 18 - 12
    assert all(h is not None for h in state.view(None)["hands"])


def test_random_layouts_use_each_tile_once_and_follow_the_seed() -> None:
    layouts = {tuple(load(seed=s).tiles or ()) for s in range(30)}
    assert len(layouts) > 20
    for tiles in layouts:
        assert sorted(code[0] for code in tiles) == list("123456")
    assert load(seed=5).board == load(seed=5).board


def test_side_b_is_side_a_reversed_and_layout_option_is_used() -> None:
    state = load(layout="1B 2A 3A 4A 5A 6A")
    assert state.board[:6] == TILES["1A"][::-1]
    assert [SYMBOLS[s] for s in state.board[:6]] == [
        "key",
        "dagger",
        "skull",
        "hat",
        "pistol",
        "bottle",
    ]
    assert state.view(None)["tiles"] == ["1B", "2A", "3A", "4A", "5A", "6A"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "bermuda"}, "must be one of 'jamaica', 'tortuga'"),
        ({"layout": "1A 1B 3A 4A 5A 6A"}, "each of the six tiles must be used once"),
        ({"layout": "1A 2A"}, "6 tile codes or 36 symbols"),
        ({"layout": "1A 2A 3A 4A 5A 7A"}, "unknown tile code"),
        ({"start_player": 4}, "must be a seat from 0 to 3"),
        ({"colour": "red"}, "has no option 'colour'"),
    ],
)
def test_bad_options_are_refused_with_a_reason(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        load(4, **options)


@pytest.mark.parametrize("players", [1, 6])
def test_player_count_is_checked(players: int) -> None:
    with pytest.raises(OptionError, match="2-5 players"):
        load(players)


def test_start_player_option() -> None:
    assert load(3, start_player=2).to_move() == (2,)


def test_forward_takes_the_next_free_square_of_the_symbol() -> None:
    board = position(2, layout=LAYOUT).board
    hats = [i for i, s in enumerate(board) if s == HAT]
    state = position(2, layout=LAYOUT, pirates={1: hats[:2]}, hands={0: {"hat": 2}})
    state.apply(0, Forward(HAT, START))
    assert state.pirates[0][-1] == hats[2], "the two occupied hats are jumped"
    state.apply(0, Forward(HAT, hats[2]))
    assert state.pirates[0][-1] == hats[3]


def test_forward_goes_to_the_boat_when_no_free_symbol_is_left_ahead() -> None:
    """'...of als al deze tekens zijn bezet, dan springt de piraat direct naar ... de sloep.'"""
    board = position(2, layout=LAYOUT).board
    hats = [i for i, s in enumerate(board) if s == HAT]
    state = position(2, layout=LAYOUT, pirates={0: [hats[3]], 1: hats[4:]}, hands={0: {"hat": 1}})
    state.apply(0, Forward(HAT, hats[3]))
    assert state.pirates[0][-1] == BOAT


def test_back_skips_empty_and_full_squares() -> None:
    """'Daarbij wordt over onbezette en over velden gesprongen die met 3 piraten zijn bezet.'"""
    state = position(3, layout=LAYOUT, pirates={0: [10, 5, 5, 5], 1: [3]}, hands={})
    state.apply(0, Back(10))
    assert 3 in state.pirates[0], "5 holds three pirates and is skipped; 3 holds one"
    assert sum(state.hands[0]) == 1


def test_back_from_the_boat_is_allowed() -> None:
    """'...eventueel ook een eigen piraat die al in de sloep zit'"""
    state = position(2, layout=LAYOUT, pirates={0: [BOAT], 1: [35, 35]})
    state.apply(0, Back(BOAT))
    assert state.pirates[0].count(35) == 1 and sum(state.hands[0]) == 2


def test_no_back_move_without_a_square_holding_one_or_two_behind() -> None:
    state = position(2, layout=LAYOUT, pirates={0: [7], 1: [9]})
    assert all(not isinstance(a, Back) for a in state.legal_actions(0))
    with pytest.raises(IllegalAction):
        state.apply(0, Back(7))
    with pytest.raises(IllegalAction):
        state.apply(0, Back(START))


def test_a_turn_is_up_to_three_actions_and_passing_is_allowed() -> None:
    state = position(3, layout=LAYOUT, hands={0: {"hat": 3}, 1: {"key": 1}})
    state.apply(0, EndTurn())  # pass with no action at all
    assert state.to_move() == (1,)
    state.apply(1, Forward(KEY, START))
    assert state.to_move() == (1,) and state.view(None)["actions_left"] == 2
    state.apply(1, EndTurn())
    assert state.to_move() == (2,)
    state.apply(2, EndTurn())
    for _ in range(3):
        state.apply(0, Forward(HAT, START))
    assert state.to_move() == (1,), "after the third action the turn passes by itself"
    assert [e.text for e in state.log[:2]] == ["Red passes", "Blue plays a key: pirate start → 6"]


def test_not_your_turn_and_missing_cards_are_refused_unchanged() -> None:
    state = position(2, layout=LAYOUT, hands={0: {"hat": 1}, 1: {"hat": 1}})
    snapshot = state.snapshot()
    with pytest.raises(IllegalAction, match="it is Red's turn, not Blue's"):
        state.apply(1, Forward(HAT, START))
    with pytest.raises(IllegalAction, match="has no key card"):
        state.apply(0, Forward(KEY, START))
    with pytest.raises(IllegalAction, match="no pirate that can move forward from 5"):
        state.apply(0, Forward(HAT, 4))
    with pytest.raises(IllegalAction, match="no seat 7"):
        state.apply(7, EndTurn())
    with pytest.raises(IllegalAction, match="no seat '0'"):
        state.apply("0", EndTurn())  # type: ignore[arg-type]
    assert state.snapshot() == snapshot


def test_six_pirates_in_the_boat_win_at_once_mid_turn() -> None:
    """'...gooit onmiddellijk de trossen los en wint het spel.'"""
    state = position(2, layout=LAYOUT, pirates={0: [BOAT] * 5 + [35]}, hands={0: {"skull": 2}})
    state.apply(0, Forward(SKULL, 35))
    assert state.is_over() and state.winners() == [0] and state.to_move() == ()
    assert state.scores() == [6.0, 0.0]
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(0, EndTurn())
    assert state.view(1)["hands"][0] is not None, "hands are shown once the game is over"
    assert state.log[-1].text == "Red has all six pirates in the boat and wins!"


def test_empty_pile_reshuffles_the_discard_pile() -> None:
    """'Als de voorraadstapel is opgebruikt, wordt de aflegstapel zeer grondig gemixt ...'"""
    hands = {0: {name: 17 for name in SYMBOLS if name != "hat"}}
    state = position(
        2,
        layout=LAYOUT,
        pirates={0: [20], 1: [5, 5]},
        hands=hands,
        discard={"hat": 17},
    )
    assert state.pile == []
    state.apply(0, Back(20))
    assert state.hands[0][HAT] == 2 and len(state.pile) == 15 and state.discard == [0] * 6
    assert "shuffled into a new draw pile" in " ".join(e.text for e in state.log)


def test_with_no_cards_anywhere_fewer_are_drawn() -> None:
    hands = {0: {name: 17 for name in SYMBOLS if name != "hat"}, 1: {"hat": 16}}
    state = position(
        2, layout=LAYOUT, pirates={0: [20], 1: [5, 5]}, hands=hands, discard={"hat": 1}
    )
    state.apply(0, Back(20))
    assert state.hands[0][HAT] == 1 and sum(state.hands[0]) == 5 * 17 + 1


def test_tortuga_row_is_renewed_as_soon_as_it_is_used_up() -> None:
    """'Zodra de volledige rij kaarten is opgebruikt, worden opnieuw 12 kaarten blootgelegd.'"""
    state = position(
        2, layout=LAYOUT, variant="tortuga", pirates={0: [20], 1: [5, 5]}, row=["key"], seed=3
    )
    new_row = state.pile[::-1][:12]  # the pile's top twelve, in the order they are laid out
    state.apply(0, Back(20))
    taken = [0] * 6
    taken[KEY] += 1
    taken[new_row[0]] += 1
    assert state.hands[0] == taken, "the last card of the row, then the first of the new row"
    assert state.view(None)["row"] == [SYMBOLS[c] for c in new_row[1:]]
    assert "A new row is laid out" in " ".join(e.text for e in state.log)


def test_jamaica_views_hide_other_hands_and_the_pile() -> None:
    state = load(4, seed=9)
    rng = random.Random(0)
    for _ in range(60):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in range(4):
        view = state.view(seat)
        assert [h is not None for h in view["hands"]] == [s == seat for s in range(4)]
        assert "pile" not in view and isinstance(view["draw_pile"], int)
    assert all(h is None for h in state.view(None)["hands"])
    private = [e for e in state.log if e.visible_to is not None]
    assert private and all(len(e.visible_to or ()) == 1 for e in private)


def test_describe_names_the_destination() -> None:
    state = position(2, layout=LAYOUT, pirates={1: [4]}, hands={0: {"hat": 1}})
    hats = [i for i, s in enumerate(state.board) if s == HAT]
    assert state.describe(Forward(HAT, START)) == f"play hat: pirate start → {hats[0] + 1}"
    assert state.describe(EndTurn()) == "pass"
