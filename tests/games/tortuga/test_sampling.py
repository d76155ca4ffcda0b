"""`from_view`: a Tortuga game rebuilt from one seat's view alone (the conformance suite checks
every game on sampled states; these look at the moments where Tortuga hides the most: in the
middle of the simultaneous dice selection, while a hunter chooses which tile to keep, and while
skulls wait to be turned after a reveal)."""

from __future__ import annotations

import json
import random

import pytest

import buccaneer
from buccaneer.games.tortuga import SPEC, TortugaState
from buccaneer.games.tortuga.actions import PERFORM, Keep, Select, Turn
from buccaneer.games.tortuga.components import FLEET
from buccaneer.games.tortuga.fields import FREE
from buccaneer.games.tortuga.position import position

A, B = 0, 1


def rebuild(state: TortugaState, seat: int | None, k: int = 0) -> TortugaState:
    """What a remote seat gets: the view through JSON, then `from_view`."""
    return TortugaState.from_view(json.loads(json.dumps(state.view(seat))), random.Random(k))


def assert_agrees(world: TortugaState, state: TortugaState, seat: int | None) -> None:
    assert world.view(seat) == state.view(seat)
    assert world.to_move() == state.to_move()
    if seat is not None:
        assert world.legal_actions(seat) == state.legal_actions(seat)
        assert [world.describe(a, seat) for a in world.legal_actions(seat)] == [
            state.describe(a, seat) for a in state.legal_actions(seat)
        ]
    assert not SPEC.invariants(world)


def half_selected() -> TortugaState:
    """Round 1 of a 3-player game: seats 0 and 2 have chosen their dice, seat 1 has not."""
    state = buccaneer.load("tortuga", players=3, seed=11)
    assert isinstance(state, TortugaState)
    for seat in (0, 2):
        state.apply(seat, state.legal_actions(seat)[-1])
    assert state.to_move() == (1,) and state.selecting == [0, 1, 2]
    return state


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_a_rebuild_in_the_middle_of_the_dice_selection(seat: int | None) -> None:
    state = half_selected()
    world = rebuild(state, seat)
    assert_agrees(world, state, seat)
    assert world.selecting == [0, 1, 2]
    for s in range(3):
        if s == seat:
            # The seat's own roll and choice are what it saw.
            assert world.roll[s] == state.roll[s] and world.selection[s] == state.selection[s]
        else:
            # The others' rolls are rolled again; a choice made stays made, drawn among the
            # selections the new roll allows.
            assert all(face != FREE for face in world.roll[s])
            if state.selection[s] is None:
                assert world.selection[s] is None
            else:
                chosen = world.selection[s]
                assert chosen is not None
                # Legal for the new roll: what the seat would be offered if it chose again.
                again = world.clone()
                again.selection[s] = None
                assert Select(chosen) in again.legal_actions(s)
    # The last seat to choose completes the selection; the reveal follows in both worlds.
    for twin in (state, world):
        twin.apply(1, twin.legal_actions(1)[0])
        assert not twin.selecting
        assert not SPEC.invariants(twin)


def test_a_rebuild_depends_on_the_view_alone_in_the_middle_of_the_selection() -> None:
    state = half_selected()
    for seat in range(3):
        twin = state.twin(seat, random.Random(seat))
        assert twin.roll != state.roll  # the twin differs in what the seat cannot see
        assert rebuild(twin, seat, 5).snapshot() == rebuild(state, seat, 5).snapshot()


def hunting() -> TortugaState:
    """Seat 0 alone hunts in 1st position and is asked which of two tiles to keep; seat 2
    holds seven tiles."""
    state = position(
        3,
        seats={0: {"dice": {"A": "hunt"}, "coins": [2]}, 2: {"coins": [1, 1, 1, 2, 3, 3, 1]}},
        from_action="hunt",
        seed=5,
    )
    state.apply(0, PERFORM)
    assert state.to_move() == (0,) and len(state.drawn[0]) == 2
    return state


def test_the_hunter_rebuilds_the_two_tiles_it_is_looking_at() -> None:
    state = hunting()
    world = rebuild(state, 0)
    assert_agrees(world, state, 0)
    assert world.drawn[0] == state.drawn[0] and world.tiles[0] == [2]
    assert world.legal_actions(0) == [Keep(c) for c in sorted(set(state.drawn[0]))]
    keep = world.legal_actions(0)[-1]
    assert isinstance(keep, Keep)
    for twin in (state, world):
        twin.apply(0, keep)
        assert twin.tiles[0] == [2, keep.coins]
    # The tile put back is remembered in both (what follows, phase 3's draws, is chance).
    mine, real = world.view(0)["seats"][0], state.view(0)["seats"][0]
    assert mine["returned_tiles"] == real["returned_tiles"] == state.returned[0]


def test_the_others_see_a_hunter_holding_any_two_unseen_tiles() -> None:
    state = hunting()
    drawn = set()
    for k in range(60):
        world = rebuild(state, 1, k)
        assert_agrees(world, state, 1)
        assert world.view(1)["decision"] == {"kind": "keep", "seat": 0}
        assert len(world.drawn[0]) == 2 and len(world.tiles[2]) == 7 and world.tiles[1] == []
        assert world.legal_actions(0) == [Keep(c) for c in sorted(set(world.drawn[0]))]
        drawn.add(tuple(sorted(world.drawn[0])))
        # Every tile is somewhere: held, looked at or in the pool (checked by the invariants),
        # and only the pool's size is known.
        assert sum(world.pool) == sum(state.pool)
    assert len(drawn) > 1


def skulls_to_turn() -> TortugaState:
    """Seats 0 and 1 selected a skull alone and wait to turn it, seat 0 first."""
    rolls = {
        0: {"A": "skull", "B": "fleet", "C": "crew", "D": "hunt", "E": "raid"},
        1: {"A": "skull", "B": "crew", "C": "crew", "D": "hunt", "E": "board"},
        2: {"A": "fleet", "B": "fleet", "C": "crew", "D": "hunt", "E": "raid"},
    }
    state = position(3, seats={}, phase="roll", rolls=rolls, seed=2)
    state.apply(0, Select((A,)))
    state.apply(1, Select((A,)))
    state.apply(2, Select((A, B)))
    assert state.to_move() == (0,) and state.placed[2][A] == FLEET
    assert state.roll[0][A] == FREE  # after the reveal the unselected dice are back in hand
    return state


def test_skulls_still_to_be_turned_by_another_seat_are_rebuilt() -> None:
    state = skulls_to_turn()
    assert [step["kind"] for step in state.view(2)["queue"]] == ["turn", "turn"]
    world = rebuild(state, 2)
    assert_agrees(world, state, 2)
    assert world.queue == state.queue
    for twin in (state, world):
        twin.apply(0, Turn(FLEET))
        assert twin.to_move() == (1,)
        assert twin.legal_actions(1) == [Turn(a) for a in range(5)]
    assert world.view(2) == state.view(2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_from_view_deals_the_world_determinize_deals(players: int) -> None:
    """`from_view(view(seat), rng)` and `determinize(seat, rng)` share the deal, so for the
    same rng they give the same world, at every step of a game played one seat at a time
    (partial selections included), for every seat and a spectator."""
    state = buccaneer.load("tortuga", players=players, seed=players)
    assert isinstance(state, TortugaState)
    rng = random.Random(players)
    k = 0
    while True:
        for seat in [None, *range(players)]:
            world = rebuild(state, seat, k)
            assert world.snapshot() == state.determinize(seat, random.Random(k)).snapshot()
            k += 1
        if state.is_over():
            break
        mover = rng.choice(state.to_move())
        state.apply(mover, rng.choice(state.legal_actions(mover)))


def test_a_rebuilt_world_is_not_replayable_and_plays_on() -> None:
    state = half_selected()
    world = rebuild(state, 1)
    with pytest.raises(buccaneer.IllegalAction):
        world.record()
    assert world.log == []
    rng = random.Random(3)
    while not world.is_over():
        mover = rng.choice(world.to_move())
        world.apply(mover, rng.choice(world.legal_actions(mover)))
        assert not SPEC.invariants(world)


def test_a_view_whose_tiles_do_not_add_up_is_refused() -> None:
    view = json.loads(json.dumps(hunting().view(1)))
    view["treasure_tiles_left"] += 1
    with pytest.raises(ValueError, match="treasure tiles"):
        TortugaState.from_view(view, random.Random(0))
