"""Tortuga's codec: action ids, and observation fields checked on concrete positions."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import buccaneer
from buccaneer import IllegalAction
from buccaneer.core.codec import make_codec
from buccaneer.games.tortuga import TortugaState
from buccaneer.games.tortuga.actions import (
    FORFEIT,
    PERFORM,
    Attack,
    Bonus,
    Claim,
    Keep,
    Place,
    Seize,
    Select,
    Turn,
    action_from_json,
)
from buccaneer.games.tortuga.actions import Action as TortugaAction
from buccaneer.games.tortuga.codec import MAX_SCORE, TortugaCodec, action_space
from buccaneer.games.tortuga.components import (
    BOARD,
    CHESTS,
    FLEET,
    PURPLE,
    RAID,
    RED,
    TILE_COUNTS,
    die_number,
)
from buccaneer.games.tortuga.position import position
from buccaneer.games.tortuga.rules_scoring import breakdown

A, B, C, D, E = range(5)


def fields(codec: TortugaCodec, view: dict[str, Any]) -> dict[str, list[float]]:
    tensor = codec.observation_tensor(view)
    assert tensor.shape == codec.observation_shape
    assert np.all((tensor >= 0) & (tensor <= 1))
    return {name: tensor[part].tolist() for name, part in codec.field_slices().items()}


def block(values: list[float], players: int, rel: int) -> list[float]:
    """Relative seat `rel`'s part of a per-seat field."""
    size = len(values) // players
    return values[rel * size : (rel + 1) * size]


def approx(values: list[float]) -> Any:
    return pytest.approx(values, abs=1e-6)


# -- actions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 63), (3, 64), (4, 65)])
def test_action_ids_are_the_documented_ranges(players: int, size: int) -> None:
    codec = TortugaCodec(players, {"long_game": False, "start_player": 0})
    p = players
    assert codec.num_actions == size
    expected: dict[TortugaAction, int] = {
        Select(()): 0,
        Select((A,)): 1,
        Select((A, C)): 5,
        Select((B, D, E)): 26,
        Select((A, B, C, D, E)): 31,
        Turn(FLEET): 32,
        Turn(RAID): 36,
        Bonus(FLEET): 37,
        Bonus(RAID): 41,
        PERFORM: 42,
        FORFEIT: 43,
        Attack(0): 44,
        Attack(p - 1): 43 + p,
        Keep(1): 44 + p,
        Keep(3): 46 + p,
        Seize(0): 47 + p,
        Seize(3): 50 + p,
        Claim(RED): 51 + p,
        Claim(PURPLE): 55 + p,
        Place(RED): 56 + p,
        Place(PURPLE): 60 + p,
    }
    for action, action_id in expected.items():
        assert codec.action_to_id(action) == action_id, action
        assert codec.id_to_action(action_id) == action
    assert codec.num_actions == 61 + p
    for action_id in range(codec.num_actions):
        offered = codec.id_to_action(action_id)
        assert isinstance(offered, TortugaAction)
        assert codec.action_to_id(offered) == action_id
        # The JSON form parses back to an equal action, so parsed actions find their id.
        assert codec.action_to_id(action_from_json(offered.to_json())) == action_id
    for foreign in (Attack(p), Seize(4), Keep(0), Turn(5), Select((A, A))):
        with pytest.raises(IllegalAction):
            codec.action_to_id(foreign)


def test_registered_and_ids_do_not_depend_on_options() -> None:
    codec = make_codec("tortuga", 3, long_game=True)
    assert isinstance(codec, TortugaCodec)
    assert codec.options["long_game"] is True
    assert action_space(3) == make_codec("tortuga", 3)._actions
    assert make_codec("tortuga", 4).observation_size > make_codec("tortuga", 2).observation_size


# -- the table and the rotation --------------------------------------------------------------


def table() -> TortugaState:
    """3 players, start player seat 2, seat 1 about to decide on board (1st position)."""
    state = position(
        3,
        start=2,
        seats={
            0: {"fleet": ["red"], "coins": [2]},
            1: {
                "fleet_box": 5,
                "crew_box": 1,
                "fleet": ["blue", "red", "blue"],
                "crew": ["purple"],
                "island": ["yellow", "yellow", "white"],
                "tortuga": ["red", "purple"],
                "bonus": {"hunt": 2, "board": 1},
                "coins": [3, 1, 3],
                "dice": {"A": "board", "B": "board", "E": "fleet"},
            },
            2: {"fleet_box": 8, "crew": ["white", "red"], "dice": {"C": "hunt"}},
        },
        center=["blue"],
        from_action="board",
    )
    state.round = 7
    return state


def test_seat_one_sees_itself_first() -> None:
    state = table()
    assert state.to_move() == (1,)
    codec = TortugaCodec(3, state.options)
    f = fields(codec, state.view(1))
    assert f["seat"] == [0, 1, 0]
    assert f["round"] == approx([7 / 20])
    assert f["phase"] == [0, 1, 0, 0]
    assert f["start_player"] == [0, 1, 0], "seat 2 sits one to the left of seat 1"
    assert f["to_move"] == [1, 0, 0]
    assert f["decision"] == [0, 0, 0, 0, 1, 0, 0, 0, 0], "decide"
    assert f["decision_position"] == [1, 0]
    assert f["action"] == [0, 0, 0, 1, 0], "board"
    assert f["center_island"] == [0, 1, 0, 0, 0]
    # seat 1's own board, block 0
    box5 = [0.0] * 8
    box5[4] = 1.0
    assert block(f["fleet_box"], 3, 0) == box5
    assert block(f["crew_box"], 3, 0) == [1, 0, 0, 0, 0, 0, 0, 0]
    blue, red, nothing = [0, 1, 0, 0, 0], [1, 0, 0, 0, 0], [0] * 5
    assert block(f["fleet"], 3, 0) == [*blue, *red, *blue, *nothing], "left to right"
    assert block(f["crew"], 3, 0) == [0, 0, 0, 0, 1, *nothing, *nothing, *nothing]
    assert block(f["island"], 3, 0) == approx([0, 0, 2 / 10, 1 / 5, 0])
    assert block(f["tortuga"], 3, 0) == approx([1 / 10, 0, 0, 0, 1 / 5])
    assert block(f["tortuga_goal"], 3, 0) == approx([2 / 6])
    assert block(f["bonus"], 3, 0) == [0, 0, 0, 0, 1, 1, 1, 0, 0, 0]
    board, fleet = [0, 0, 0, 1, 0], [1, 0, 0, 0, 0]
    assert block(f["dice"], 3, 0) == [*board, *board, *nothing, *nothing, *fleet]
    board_total = die_number(A, BOARD) + die_number(B, BOARD) + 1
    assert block(f["totals"], 3, 0) == approx(
        [die_number(E, FLEET) / 17, 0, 0, board_total / 17, 0]
    ), "the hunt bonus tile counts for nothing without a die there"
    assert block(f["treasure_tiles"], 3, 0) == approx([3 / 30])
    assert block(f["coins"], 3, 0) == approx([1 / 17, 0, 2 / 4])
    assert f["scores"][0] == pytest.approx(state.scores()[1] / MAX_SCORE)
    # the others follow clockwise: seat 2, then seat 0
    box8 = [0.0] * 7 + [1.0]
    assert block(f["fleet_box"], 3, 1) == box8
    assert block(f["crew"], 3, 1) == [0, 0, 0, 1, 0, *red, *nothing, *nothing]
    assert block(f["dice"], 3, 1) == [*nothing, *nothing, 0, 0, 1, 0, 0, *nothing, *nothing]
    assert block(f["fleet"], 3, 2) == [*red, *nothing, *nothing, *nothing]
    assert block(f["treasure_tiles"], 3, 2) == approx([1 / 30])
    assert block(f["coins"], 3, 2) == [0, 0, 0], "seat 0's coins are hidden from seat 1"


def test_another_seat_sees_the_same_table_rotated() -> None:
    state = table()
    codec = TortugaCodec(3, state.options)
    one, two = fields(codec, state.view(1)), fields(codec, state.view(2))
    assert two["seat"] == [0, 0, 1]
    assert two["start_player"] == [1, 0, 0]
    assert two["to_move"] == [0, 0, 1], "seat 1 is two seats on from seat 2"
    # seat 1 is relative seat 0 for itself, 2 for seat 2; seat 2 is 1 for seat 1, 0 for itself
    for name in ("fleet_box", "crew_box", "fleet", "crew", "island", "tortuga", "bonus", "dice"):
        assert block(two[name], 3, 2) == block(one[name], 3, 0), name
        assert block(two[name], 3, 0) == block(one[name], 3, 1), name
        assert block(two[name], 3, 1) == block(one[name], 3, 2), name
    assert block(two["treasure_tiles"], 3, 2) == block(one["treasure_tiles"], 3, 0)
    assert block(two["coins"], 3, 2) == [0, 0, 0], "seat 1's coins are its own secret"
    assert block(fields(codec, state.view(0))["coins"], 3, 0) == approx([0, 1 / 9, 0])
    # the public parts agree, the private ones differ
    for name in ("phase", "round", "decision", "action", "center_island", "bag"):
        assert one[name] == two[name], name
    assert one["scores"][0] == pytest.approx(state.public_scores(1)[1] / MAX_SCORE)
    assert two["scores"][2] < one["scores"][0], "seat 2 cannot count seat 1's 7 coins"


def test_spectator_view_has_no_seat_and_no_secrets() -> None:
    state = table()
    codec = TortugaCodec(3, state.options)
    f = fields(codec, state.view(None))
    assert f["seat"] == [0, 0, 0]
    assert f["to_move"] == [0, 1, 0], "seat 0's angle"
    assert f["coins"] == [0] * 9
    assert f["own_selection"] == [0] * 5 and f["own_looking_at"] == [0] * 3


# -- decisions and private knowledge ---------------------------------------------------------


def test_hidden_roll_and_selection() -> None:
    state = position(
        2,
        seats={1: {"dice": {"A": "fleet", "B": "fleet", "C": "crew"}}},
        phase="roll",
        rolls={
            0: {"A": "board", "B": "board", "C": "skull", "D": "raid", "E": "fleet"},
            1: {"D": "skull", "E": "hunt"},
        },
    )
    codec = TortugaCodec(2, state.options)
    state.apply(0, Select((A, B)))
    mine, theirs = fields(codec, state.view(0)), fields(codec, state.view(1))
    assert mine["decision"] == [1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert mine["to_move"] == [0, 1] and theirs["to_move"] == [1, 0]
    assert mine["own_selection"] == [1, 1, 0, 0, 0]
    assert theirs["own_selection"] == [0] * 5
    board, skull, raid, fleet = [0, 0, 0, 1, 0, 0], [0] * 5 + [1], [0, 0, 0, 0, 1, 0], [1] + [0] * 5
    assert block(mine["roll"], 2, 0) == [*board, *board, *skull, *raid, *fleet]
    assert block(mine["roll"], 2, 1) == [0] * 30, "seat 1's roll is behind its screen"
    assert block(theirs["roll"], 2, 1) == [0] * 30
    assert block(theirs["roll"], 2, 0)[18:] == [*skull, 0, 0, 1, 0, 0, 0]
    assert mine["selecting"] == [1, 1] and mine["chosen"] == [1, 0]
    assert theirs["chosen"] == [0, 1]
    state.apply(1, Select((D,)))  # a skull alone: turned after the reveal
    view = state.view(0)
    assert view["decision"]["kind"] == "turn"
    f = fields(codec, view)
    assert f["decision"] == [0, 0, 1, 0, 0, 0, 0, 0, 0]
    assert f["decision_dice"] == [0, 0, 0, 1, 0]
    assert f["own_selection"] == [0] * 5 and f["selecting"] == [0, 0]
    assert block(f["dice"], 2, 0)[:10] == [0, 0, 0, 1, 0] * 2


def test_treasure_tiles_being_looked_at() -> None:
    for seed in range(40):
        state = position(3, seats={0: {"dice": {"A": "hunt"}}}, from_action="hunt", seed=seed)
        state.apply(0, PERFORM)
        assert state.to_move() == (0,) and state.view(0)["decision"]["kind"] == "keep"
        if len(set(state.drawn[0])) == 2:
            break
    else:
        raise AssertionError("no seed gave two different tiles")
    codec = TortugaCodec(3, state.options)
    mine, theirs = fields(codec, state.view(0)), fields(codec, state.view(2))
    expected = [0.0, 0.0, 0.0]
    for value in state.drawn[0]:
        expected[value - 1] += 0.5
    assert mine["own_looking_at"] == expected
    assert mine["decision"] == [0, 0, 0, 0, 0, 1, 0, 0, 0]
    assert block(mine["looking_at"], 3, 0) == [1.0]
    assert theirs["own_looking_at"] == [0, 0, 0]
    assert block(theirs["looking_at"], 3, 1) == [1.0], "seat 2 sees seat 0 hold two tiles"
    assert [codec.id_to_action(i) for i in codec.legal_ids(state, 0)] == [
        Keep(v) for v in sorted(state.drawn[0])
    ]


def test_seize_from_a_full_fleet_uses_all_four_indices() -> None:
    state = position(
        3,
        seats={
            0: {"dice": {"A": "board", "B": "board"}},
            2: {"fleet_box": 6, "fleet": ["red", "blue", "yellow", "white"]},
        },
        from_action="board",
    )
    codec = TortugaCodec(3, state.options)
    state.apply(0, Attack(2))
    assert state.legal_actions(0) == [Seize(i) for i in range(4)]
    assert codec.legal_ids(state, 0) == [50, 51, 52, 53]
    mine, theirs = fields(codec, state.view(0)), fields(codec, state.view(1))
    assert mine["decision"] == [0, 0, 0, 0, 0, 0, 1, 0, 0]
    assert mine["decision_target"] == [0, 0, 1] and mine["first_target"] == [0, 0, 1]
    assert theirs["decision_target"] == [0, 1, 0] and theirs["first_target"] == [0, 1, 0]
    assert block(mine["fleet"], 3, 2)[15:] == [0, 0, 0, 1, 0], "the chests stay until seized"


def test_moving_chests_in_phase_three() -> None:
    state = position(
        2,
        seats={0: {"fleet_box": 4, "crew": ["red", "blue", "red"], "fleet": ["white"]}},
        phase="chests",
        draw_chests=False,
    )
    codec = TortugaCodec(2, state.options)
    f = fields(codec, state.view(0))
    assert f["phase"] == [0, 0, 1, 0]
    assert f["decision"] == [0, 0, 0, 0, 0, 0, 0, 0, 1]
    assert f["moving_from"] == [1, 0], "crew to fleet"
    assert f["moving_chests"] == approx([2 / 10, 1 / 10, 0, 0, 0])
    assert block(f["crew"], 2, 0) == [0] * 20, "picked up"
    assert block(f["tortuga"], 2, 0) == approx([0, 0, 0, 1 / 5, 0]), "the fleet sailed"
    assert codec.legal_ids(state, 0) == [58, 59]  # Place(red), Place(blue)


def test_the_end_shows_everything() -> None:
    state = buccaneer.load("tortuga", players=4, seed=11)
    rng = random.Random(11)
    while not state.is_over():
        for seat in state.to_move():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, TortugaState)
    codec = TortugaCodec(4, state.options)
    view = state.view(1)
    f = fields(codec, view)
    assert f["over"] == [1] and f["phase"] == [0, 0, 0, 1]
    assert f["decision"] == [0] * 9 and f["to_move"] == [0] * 4
    rotated = [(1 + r) % 4 for r in range(4)]
    assert f["winners"] == [1.0 if s in state.winners() else 0.0 for s in rotated]
    assert f["scores"] == approx([state.scores()[s] / MAX_SCORE for s in rotated])
    for r, s in enumerate(rotated):
        counts = [state.tiles[s].count(v) / TILE_COUNTS[v - 1] for v in (1, 2, 3)]
        assert block(f["coins"], 4, r) == approx(counts), "every seat's coins are shown"
    assert any(state.tiles[s] for s in rotated[1:]), "the check above saw others' coins"


def test_score_bound_is_the_best_board_the_components_allow() -> None:
    best = breakdown(
        tortuga=[c for c, n in enumerate(CHESTS) for _ in range(n)],
        fleet=[],
        crew=[],
        island=[],
        fleet_box=8,
        crew_box=8,
        tiles=[v for v, n in enumerate(TILE_COUNTS, start=1) for _ in range(n)],
    )
    assert best["total"] == MAX_SCORE
