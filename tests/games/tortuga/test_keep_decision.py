"""The first position of the treasure hunt draws two tiles and keeps one "face down, mixing the
other tile face down with the remaining". Whether the hunter is asked which one to keep must not
tell the others anything about the two hidden tiles: it is asked whenever two were drawn, equal
or not, and `determinize` deals a hunter being asked any two unseen tiles.
"""

from __future__ import annotations

import random

from buccaneer.games.tortuga.actions import PERFORM, Keep
from buccaneer.games.tortuga.position import position
from buccaneer.games.tortuga.state import TortugaState
from tests.conformance.harness import assert_twins_alike

TILES_HELD_BY_SEAT_2 = 28  # of the 30; the pool keeps two


def hunt(pool: tuple[int, int]) -> TortugaState:
    """Seat 0 alone hunts (1st position: two tiles); seat 2 holds every treasure tile but the two
    in `pool` (how many it holds is public, which ones is not)."""
    held = [1] * 17 + [2] * 9 + [3] * 4
    for coins in pool:
        held.remove(coins)
    assert len(held) == TILES_HELD_BY_SEAT_2
    return position(
        3,
        seats={0: {"dice": {"A": "hunt"}}, 2: {"coins": held}},
        from_action="hunt",
        seed=3,
    )


def test_two_equal_tiles_are_kept_by_choice_too() -> None:
    state = hunt((1, 1))
    state.apply(0, PERFORM)
    assert state.drawn[0] == [1, 1]
    assert state.to_move() == (0,)
    assert state.view(1)["decision"] == {"kind": "keep", "seat": 0}
    assert state.legal_actions(0) == [Keep(1)]
    state.apply(0, Keep(1))
    assert state.tiles[0] == [1] and state.pool == [1, 0, 0] and state.returned[0] == [1]


def test_others_cannot_tell_equal_tiles_from_different_ones() -> None:
    equal, different = hunt((1, 1)), hunt((1, 3))
    # Seat 2 knows which tiles it holds, so what the pool keeps: the others watch.
    assert_twins_alike(equal, different, [None, 1], [(0, PERFORM), (0, None)])


def test_determinize_deals_a_hunter_being_asked_any_two_unseen_tiles() -> None:
    state = hunt((1, 1))
    state.apply(0, PERFORM)
    assert state.to_move() == (0,)
    rng = random.Random(7)
    pairs = []
    for _ in range(300):
        world = state.determinize(1, rng)
        assert world.to_move() == (0,) and world.view(1)["decision"]["kind"] == "keep"
        assert len(world.drawn[0]) == 2 and len(world.tiles[2]) == TILES_HELD_BY_SEAT_2
        assert world.legal_actions(0) == [Keep(c) for c in sorted(set(world.drawn[0]))]
        pairs.append(tuple(sorted(world.drawn[0])))
    # Two of the 30 tiles seat 1 has not seen are equal with probability
    # (17*16 + 9*8 + 4*3) / (30*29) = 0.41: both kinds of pair must come up.
    equal = sum(1 for a, b in pairs if a == b)
    assert 90 <= equal <= 160
    # The hunter's own world keeps what it is looking at.
    assert state.determinize(0, rng).drawn[0] == [1, 1]
