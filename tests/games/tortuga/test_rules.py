"""Tortuga's rules beyond the rulebook's worked examples."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import buccaneer
from buccaneer import IllegalAction, OptionError
from buccaneer.games.tortuga import TortugaState
from buccaneer.games.tortuga.actions import (
    FORFEIT,
    PERFORM,
    Attack,
    Bonus,
    Claim,
    Keep,
    Place,
    Select,
    Turn,
)
from buccaneer.games.tortuga.components import (
    BOARD,
    CREW,
    FLEET,
    HUNT,
    PURPLE,
    RAID,
    RED,
    SKULL,
    YELLOW,
)
from buccaneer.games.tortuga.position import position
from buccaneer.games.tortuga.rules import selection_table

A, B, C, D, E = range(5)
ALL_FLEET = dict.fromkeys("ABCDE", "fleet")


def load(players: int = 3, seed: int = 1, **options: Any) -> TortugaState:
    state = buccaneer.load("tortuga", players=players, seed=seed, **options)
    assert isinstance(state, TortugaState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    """'each player draws 2 treasure chests ... the first on the island area ... the second on
    the 1st space of the crew area'; tokens on the 3rd box; 20 bonus tiles; 30 treasure tiles."""
    state = load(players)
    assert all(len(i) == 1 for i in state.island) and all(len(c) == 1 for c in state.crew)
    assert sum(state.bag) == 40 - 2 * players
    assert state.fleet_box == [3] * players and state.crew_box == [3] * players
    assert state.bonus_left == 20 and sum(state.pool) == 30
    assert set(state.to_move()) == set(range(players)), "everyone selects at once"
    view = state.view(0)
    assert view["seats"][0]["roll"] is not None
    assert all(view["seats"][s]["roll"] is None for s in range(1, players))
    assert view["phase"] == "roll" and view["round"] == 1 and view["start_player"] == 0


def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="must be a seat from 0 to 2"):
        load(3, start_player=3)
    with pytest.raises(OptionError, match="must be true or false"):
        load(3, long_game="yes")
    with pytest.raises(OptionError, match="2-4 players"):
        load(5)


def test_start_player_passes_clockwise_every_round() -> None:
    state = load(3, seed=4, start_player=2)
    rng = random.Random(0)
    while not state.is_over():
        for seat in state.to_move():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    starts = [e.data["seat"] for e in state.log if e.data["type"] == "round"]
    assert starts[:4] == [2, 0, 1, 2] and len(starts) == state.round


def roll_position(faces: dict[str, str], **board: object) -> TortugaState:
    return position(2, seats={0: board, 1: {"dice": ALL_FLEET}}, phase="roll", rolls={0: faces})


def test_selection_rules_and_messages() -> None:
    state = roll_position(
        {"A": "board", "B": "board", "C": "skull", "D": "raid", "E": "fleet"}, fleet_box=2
    )
    legal = state.legal_actions(0)
    assert Select((A, B)) in legal and Select((A, C)) in legal and Select((C,)) in legal
    assert Select((A, B, C)) not in legal, "board holds 2 dice with the boat on box 2"
    with pytest.raises(IllegalAction, match="holds at most 2 dice with the boat on box 2"):
        state.apply(0, Select((A, B, C)))
    with pytest.raises(IllegalAction, match="must show one action"):
        state.apply(0, Select((A, D)))
    with pytest.raises(IllegalAction, match="at least one die"):
        state.apply(0, Select(()))
    with pytest.raises(IllegalAction, match="is not asked now"):
        state.apply(1, Select((A,)))
    state.apply(0, Select((C,)))
    assert state.legal_actions(0) == [Turn(a) for a in range(5)]


def test_skulls_alone_turn_only_to_an_action_with_room() -> None:
    state = roll_position(
        {"A": "skull", "B": "skull", "C": "skull"},
        fleet_box=2,
        crew_box=1,
        dice={"D": "crew", "E": "crew"},
    )
    state.apply(0, Select((A, B, C)))
    assert state.legal_actions(0) == [Turn(FLEET), Turn(CREW), Turn(HUNT)]


def test_a_seat_that_has_chosen_cannot_choose_again() -> None:
    state = load(2, seed=3)
    first = state.legal_actions(0)[0]
    state.apply(0, first)
    with pytest.raises(IllegalAction, match="already chosen dice"):
        state.apply(0, first)


def test_no_bonus_tile_with_five_twos_and_only_flips_when_none_are_left() -> None:
    full = dict.fromkeys(("fleet", "crew", "hunt", "board", "raid"), 2)
    state = position(
        3,
        seats={
            0: {"dice": {"A": "hunt"}},
            1: {"dice": ALL_FLEET, "bonus": full},
            2: {"dice": ALL_FLEET, "bonus": {"crew": 1}},
        },
        phase="roll",
        rolls={0: {"B": "hunt", "C": "hunt", "D": "hunt", "E": "hunt"}},
    )
    state.bonus_left = 0
    state.apply(0, Select((B,)))
    assert state.to_move() == (2,), "seat 1 with five '2' tiles receives none"
    assert state.legal_actions(2) == [Bonus(CREW)], "no tiles left: only a flip"


def test_bonus_counts_only_with_a_die_on_the_action() -> None:
    state = position(2, seats={0: {"bonus": {"crew": 2}, "dice": {"A": "fleet"}}}, phase="roll")
    assert state.total(0, CREW) == 0 and state.total(0, FLEET) == 2, "die A shows fleet 2"


def test_treasure_hunt_first_position_keeps_one_of_two_tiles_privately() -> None:
    for seed in range(40):
        state = position(3, seats={0: {"dice": {"A": "hunt"}}}, from_action="hunt", seed=seed)
        island = len(state.island[0])
        state.apply(0, PERFORM)
        assert state.queue[0][0] == "keep", "asked which tile to keep, equal or not"
        if len(set(state.drawn[0])) == 2:
            break
    else:
        raise AssertionError("no seed gave two different tiles")
    assert len(state.island[0]) == island + 1, "a chest from the bag first"
    drawn = sorted(state.drawn[0])
    assert state.legal_actions(0) == [Keep(drawn[0]), Keep(drawn[1])]
    assert state.view(0)["seats"][0]["looking_at"] == state.drawn[0]
    assert state.view(1)["seats"][0]["looking_at"] == 2
    pool = sum(state.pool)
    state.apply(0, Keep(drawn[1]))
    assert state.tiles[0] == [drawn[1]] and sum(state.pool) == pool + 1
    assert state.view(0)["seats"][0]["returned_tiles"] == [drawn[0]]
    assert state.view(1)["seats"][0]["coins"] is None
    assert state.view(1)["seats"][0]["treasure_tiles"] == 1


def test_treasure_hunt_second_position_draws_one_tile() -> None:
    state = position(
        3, seats={0: {"dice": {"E": "hunt"}}, 1: {"dice": {"D": "hunt"}}}, from_action="hunt"
    )
    state.apply(0, FORFEIT)
    chests = len(state.island[1])
    state.apply(1, PERFORM)
    assert len(state.tiles[1]) == 1 and len(state.island[1]) == chests


def test_second_place_may_attack_anyone_when_first_forfeits() -> None:
    state = position(
        3,
        seats={0: {"dice": {"A": "board", "B": "board"}}, 1: {"dice": {"C": "board"}}},
        from_action="board",
    )
    state.apply(0, FORFEIT)
    assert state.legal_actions(1) == [Attack(0), Attack(2), FORFEIT]


def test_a_target_without_chests_is_still_pushed_back_and_tokens_stop_at_box_1() -> None:
    state = position(
        3,
        seats={0: {"dice": {"A": "raid"}}, 1: {"crew_box": 1}, 2: {"dice": {"B": "hunt"}}},
        from_action="raid",
    )
    state.apply(0, Attack(2))
    assert state.crew_box[2] == 2 and state.crew_box[0] == 3, "pushed back; no defence"
    state = position(2, seats={0: {"dice": {"A": "raid"}}, 1: {"crew_box": 1}}, from_action="raid")
    state.apply(0, Attack(1))
    assert state.crew_box[1] == 1


def test_tokens_stop_at_box_8() -> None:
    """'Once the boat token has reached the rightmost box ... it remains there'."""
    state = position(3, seats={0: {"fleet_box": 7, "dice": {"A": "fleet"}}})
    state.apply(0, PERFORM)
    assert state.fleet_box[0] == 8


def test_duplicate_surplus_goes_back_to_the_bag() -> None:
    """'If a player must deposit a treasure chest on the island and there is a treasure chest
    of that color already, it is returned into the bag.'"""
    state = position(
        3,
        center=["white", "red"],
        seats={
            0: {"dice": {"A": "raid", "B": "raid"}},
            1: {"dice": {"C": "raid"}},
            2: {"crew_box": 2, "crew": ["red", "white"], "dice": {"E": "hunt"}},
        },
        from_action="raid",
    )
    state.apply(0, Attack(1))
    state.apply(1, Attack(2))
    state.apply(1, Claim(RED))
    deposits = [e.data for e in state.log if e.data["type"] == "deposit"]
    assert deposits[0] == {"type": "deposit", "seat": 2, "colour": "white", "center": False}


def test_surplus_while_moving_chests_goes_to_the_center_and_the_owner_orders() -> None:
    state = position(
        3,
        seats={0: {"fleet_box": 1, "crew": ["red", "purple"], "island": ["yellow"]}},
        phase="chests",
        draw_chests=False,
    )
    assert state.legal_actions(0) == [Place(RED), Place(PURPLE)]
    state.apply(0, Place(PURPLE))
    assert state.fleet[0] == [PURPLE] and state.center[RED] == 1, "the one that did not fit"
    assert state.crew[0] == [YELLOW]


@pytest.mark.parametrize(("long_game", "goal"), [(False, 6), (True, 8)])
def test_game_ends_after_phase_3_with_six_chests_in_tortuga(long_game: bool, goal: int) -> None:
    state = position(
        2,
        seats={0: {"tortuga": ["red"] * (goal - 2), "fleet": ["blue", "blue"]}},
        phase="chests",
        draw_chests=False,
        long_game=long_game,
    )
    assert state.is_over() and state.view(None)["goal"] == goal
    assert len(state.tortuga[0]) == goal
    scores = state.scores()
    assert state.winners() == [s for s in range(2) if scores[s] == max(scores)]
    view = state.view(1)
    assert view["seats"][0]["coins"] == [] and "score" in view["seats"][0]


def test_one_short_of_the_goal_plays_on() -> None:
    state = position(
        2, seats={0: {"tortuga": ["red"] * 4, "fleet": ["blue"]}}, phase="chests", draw_chests=False
    )
    assert not state.is_over() and state.round == 2


def test_tied_scores_share_the_win() -> None:
    state = position(
        2,
        seats={
            0: {"tortuga": ["red"] * 5, "fleet": ["blue"]},
            1: {"tortuga": ["red"] * 5, "fleet": ["blue"]},
        },
        phase="chests",
        draw_chests=False,
    )
    assert state.winners() == [0, 1]


def test_coins_are_hidden_from_others_until_the_end() -> None:
    state = position(3, seats={0: {"coins": [3, 2]}}, phase="roll")
    assert state.view(0)["seats"][0]["coins"] == [3, 2]
    assert state.view(1)["seats"][0]["coins"] is None
    assert state.view(None)["seats"][0]["coins"] is None
    own, other = state.view(0)["scores"][0], state.view(1)["scores"][0]
    assert own - other == 5, "others cannot count coins they have not seen"


def test_describe_reads_like_a_menu() -> None:
    state = roll_position(
        {"A": "skull", "B": "board", "C": "fleet"}, dice={"D": "crew", "E": "crew"}
    )
    texts = {state.describe(a, 0) for a in state.legal_actions(0)}
    assert "keep A skull, C expand fleet 4" in texts and "keep B board 1" in texts
    assert state.describe(Attack(1)) in {"board Lothar", "raid Lothar"}


def test_describe_never_reads_another_seats_hidden_dice() -> None:
    state = position(
        2,
        seats={},
        phase="roll",
        rolls={
            0: {"A": "fleet", "B": "fleet", "C": "fleet", "D": "fleet", "E": "fleet"},
            1: {"A": "raid", "B": "raid", "C": "raid", "D": "raid", "E": "raid"},
        },
    )
    assert state.describe(Select((A,)), 0) == "keep A expand fleet 2"
    assert state.describe(Select((A,)), 1) == "keep A raid 1"
    assert state.describe(Select((A,))) == "keep A", "no seat: no faces"


def test_malformed_action_objects_are_refused_with_a_reason() -> None:
    state = load(2, seed=3)
    for action, reason in [
        (Select((0, 0)), "distinct die numbers"),
        (Select((7,)), "distinct die numbers"),
        (Select((-1,)), "distinct die numbers"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(0, action)
    state = roll_position({"A": "skull", "B": "crew", "C": "crew"}, dice={"D": "crew", "E": "crew"})
    state.apply(0, Select((A,)))
    with pytest.raises(IllegalAction, match="actions are numbered 0-4"):
        state.apply(0, Turn(9))


def _selections_by_the_rule(roll: tuple[int, ...], board: int, raid: int) -> list[tuple[int, ...]]:
    """The selections as the rule reads, listed in the order seeded games were recorded with:
    per action, every non-empty set of its dice (binary counting, lowest die first) joined by
    every set of skulls that fits the room, then skulls alone."""

    def subsets(items: list[int]) -> list[tuple[int, ...]]:
        result: list[tuple[int, ...]] = [()]
        for item in items:
            result += [(*s, item) for s in result]
        return result

    skulls = subsets([d for d in range(5) if roll[d] == SKULL])
    found = []
    for action in range(5):
        room = board if action == BOARD else raid if action == RAID else 5
        for faces in subsets([d for d in range(5) if roll[d] == action])[1:]:
            found += [tuple(sorted(faces + e)) for e in skulls if len(faces) + len(e) <= room]
    found += skulls[1:]
    return found or [()]


@given(st.lists(st.integers(-1, 5), min_size=5, max_size=5), st.integers(0, 5), st.integers(0, 5))
def test_selection_table_lists_what_the_rule_allows_in_the_recorded_order(
    roll: list[int], board: int, raid: int
) -> None:
    """ "They may select more than one die, if all selected dice show the same action" (skulls
    may join): the table, built from bit masks, against a plain reading of the rule."""
    table = selection_table(tuple(roll), board, raid)
    assert [s.dice for s in table] == _selections_by_the_rule(tuple(roll), board, raid)
