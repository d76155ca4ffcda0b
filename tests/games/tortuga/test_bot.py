"""The Tortuga heuristic (`agents.make("heuristic")`): legal to the end, sensible in set-up
positions, blind to what its seat cannot see, and clearly stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest

import buccaneer
from buccaneer import agents
from buccaneer.games.tortuga import SPEC, TortugaState
from buccaneer.games.tortuga.actions import FORFEIT, PERFORM, Attack, Place, Seize, Select
from buccaneer.games.tortuga.bot import TortugaBot
from buccaneer.games.tortuga.components import PURPLE
from buccaneer.games.tortuga.position import position
from tests.conformance.harness import SeatOnly

BOT = TortugaBot()


def play(
    players: int, seed: int, bots: list[Any], *, long_game: bool = False, blind: bool = False
) -> TortugaState:
    """Play a game to its end, every seat asked in `to_move` acting before any applies."""
    state = buccaneer.load("tortuga", players=players, seed=seed, long_game=long_game)
    assert isinstance(state, TortugaState)
    rng = random.Random(seed)
    for _ in range(SPEC.max_actions):
        if state.is_over():
            return state
        moves = []
        for seat in state.to_move():
            seen: Any = SeatOnly(state, seat) if blind else state
            action = bots[seat].act(seen, seat, rng)
            assert action in state.legal_actions(seat)
            moves.append((seat, action))
        for seat, action in moves:
            state.apply(seat, action)
    raise AssertionError("the game did not end")


def test_made_by_name_and_takes_no_parameters() -> None:
    bot = agents.make("heuristic")
    state = buccaneer.load("tortuga", players=3, seed=2)
    assert bot.act(state, 0, random.Random(1)) in state.legal_actions(0)
    assert TortugaBot.name == "heuristic"
    with pytest.raises(TypeError, match="depth"):
        TortugaBot(depth=2)


@pytest.mark.parametrize(("players", "long_game"), [(2, False), (3, False), (4, False), (2, True)])
def test_plays_legal_actions_to_the_end(players: int, long_game: bool) -> None:
    """Only the bot's own seat's legal actions and view, never any other part of the state."""
    rand = agents.make("random")
    for seed in range(2):
        alone = play(players, seed, [BOT] * players, long_game=long_game, blind=True)
        assert alone.winners()
        mixed = [BOT if s % 2 == seed % 2 else rand for s in range(players)]
        assert play(players, seed, mixed, long_game=long_game, blind=True).winners()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_equal_views_give_equal_actions(players: int) -> None:
    """A world resampled from the seat's view (others' hidden rolls, selections and coins)
    leads to the same decision: the bot cannot be peeking at what differs."""
    rand = agents.make("random")
    rng = random.Random(players)
    state = buccaneer.load("tortuga", players=players, seed=11)
    checked = 0
    while not state.is_over():
        moves = []
        for seat in state.to_move():
            if len(state.legal_actions(seat)) > 1:
                ours = BOT.act(state, seat, random.Random(9))
                world = state.determinize(seat, random.Random(4))
                assert world.view(seat) == state.view(seat)
                assert BOT.act(world, seat, random.Random(9)) == ours
                checked += 1
            moves.append((seat, rand.act(state, seat, rng)))
        for seat, action in moves:
            state.apply(seat, action)
    assert checked > 30


def test_attacks_the_seat_with_chests() -> None:
    """1st on board: board the seat whose fleet is loaded, not the one with an empty fleet."""
    state = position(
        3,
        seats={
            0: {"dice": {"A": "board", "B": "fleet", "C": "crew", "D": "hunt", "E": "raid"}},
            1: {"fleet": []},
            2: {"fleet": ["red", "purple"]},
        },
        from_action="board",
    )
    assert state.to_move() == (0,)
    assert BOT.act(state, 0, random.Random(0)) == Attack(2)


def test_seizes_the_valuable_chest() -> None:
    """ "seizes one of that player's treasure chests of his choice": purple counts double."""
    state = position(
        2,
        seats={0: {"dice": {"A": "board"}}, 1: {"fleet": ["red", "purple"]}},
        from_action="board",
    )
    state.apply(0, Attack(1))
    assert BOT.act(state, 0, random.Random(0)) == Seize(1)


def test_forfeits_a_raid_that_only_costs() -> None:
    """The raided seat has no chest, cannot be pushed back further and defends: raiding would
    only push our own pirate back and lose a chest over our smaller capacity."""
    state = position(
        2,
        seats={
            0: {"crew_box": 2, "crew": ["red", "blue"], "dice": {"E": "raid"}},
            1: {"crew_box": 1, "crew": [], "dice": {"A": "raid"}},
        },
        from_action="raid",
    )
    assert state.to_move() == (0,)
    assert BOT.act(state, 0, random.Random(0)) == FORFEIT


def test_performs_what_only_helps() -> None:
    state = position(2, seats={0: {"dice": {"A": "fleet"}}}, from_action="fleet")
    assert BOT.act(state, 0, random.Random(0)) == PERFORM


def test_keeps_the_purple_chest_when_not_all_fit() -> None:
    """Phase 3 with room for one chest in the crew area: the purple one (double points)."""
    state = position(
        2,
        seats={0: {"crew_box": 1, "island": ["red", "purple", "yellow"]}},
        phase="chests",
        draw_chests=False,
    )
    assert state.to_move() == (0,)
    assert BOT.act(state, 0, random.Random(0)) == Place(PURPLE)


def test_does_not_put_dice_on_a_pointless_board() -> None:
    """The other seat's fleet is empty and its boat already on box 1: boarding brings nothing,
    so the board faces stay in the hand while hunting and the tracks pay."""
    state = position(
        2,
        seats={1: {"fleet_box": 1}},
        phase="roll",
        rolls={0: {"A": "board", "B": "board", "C": "hunt", "D": "fleet", "E": "crew"}},
    )
    choice = BOT.act(state, 0, random.Random(0))
    assert isinstance(choice, Select)
    assert choice.dice and not set(choice.dice) & {0, 1}


def test_beats_random() -> None:
    """20 two-player games against the uniform random agent, seats alternated: 17 wins or more
    (a coin would need luck of about one in a thousand)."""
    rand = agents.make("random")
    wins = 0
    for seed in range(20):
        seat = seed % 2
        bots = [BOT if s == seat else rand for s in range(2)]
        if seat in play(2, 100 + seed, bots).winners():
            wins += 1
    assert wins >= 17
