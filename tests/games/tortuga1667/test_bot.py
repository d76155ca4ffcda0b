"""The Tortuga 1667 heuristic bot: legal to the end, sensible team decisions, no peeking, and
clearly stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest

import buccaneer
from buccaneer import agents
from buccaneer.core.state import Action, State
from buccaneer.games.tortuga1667 import SPEC, Tortuga1667State
from buccaneer.games.tortuga1667.actions import (
    Attack,
    Look,
    MoveChest,
    Mutiny,
    Reveal,
    Stow,
    Target,
    Vote,
    parse_vote,
)
from buccaneer.games.tortuga1667.bot import Tortuga1667Bot
from buccaneer.games.tortuga1667.components import BRITISH, FRENCH, flag_of, top_of
from buccaneer.games.tortuga1667.position import position

FD, JR = "flying_dutchman", "jolly_roger"
BOT = Tortuga1667Bot()


def play_out(state: State, pick: Any, rng: random.Random, limit: int = 3000) -> int:
    """Play to the end, each seat choosing with `pick(state, seat)`; votes are collected from
    every voter first and then applied (they are simultaneous). Returns the actions played."""
    played = 0
    while not state.is_over():
        moves: list[tuple[int, Action]] = []
        for seat in state.to_move():
            action = pick(state, seat).act(state, seat, rng)
            assert action in state.legal_actions(seat), (seat, action)
            moves.append((seat, action))
        for seat, action in moves:
            state.apply(seat, action)
            played += 1
        assert played < limit, "the game did not end"
    return played


def test_registered_as_the_games_heuristic_and_takes_no_parameters() -> None:
    assert SPEC.heuristic is Tortuga1667Bot
    assert Tortuga1667Bot.name == "heuristic"
    with pytest.raises(TypeError, match="depth"):
        Tortuga1667Bot(depth=2)
    state = buccaneer.load("tortuga1667", players=4, seed=1)
    seat = state.to_move()[0]
    action = agents.make("heuristic").act(state, seat, random.Random(0))
    assert action in state.legal_actions(seat)


@pytest.mark.parametrize("players", range(2, 10))
def test_all_heuristic_games_end_with_legal_actions(players: int) -> None:
    state = buccaneer.load("tortuga1667", players=players, seed=players)
    play_out(state, lambda s, seat: BOT, random.Random(players))
    assert state.winners()


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"two_actions_two_players": True, "star_cards": 5}),
        (2, {"advanced_setup": True}),
        (4, {"advanced_setup": True, "star_cards": 6}),
        (5, {"star_cards": ["cabin_fever", "facade", "eight_bells", "stormy_seas"]}),
        (7, {"advanced_setup": True}),
    ],
)
def test_games_with_options_and_random_opponents_end(players: int, options: dict[str, Any]) -> None:
    rnd = agents.make("random")
    for seed in range(2):
        state = buccaneer.load("tortuga1667", players=players, seed=seed, **options)
        play_out(
            state, lambda s, seat, seed=seed: BOT if seat % 2 == seed else rnd, random.Random(seed)
        )
        assert state.winners()


# -- sensible decisions --------------------------------------------------------------------------


def test_a_captain_attacks_with_a_cannon_and_stows_in_its_own_nations_hold() -> None:
    for team, flag in (("british", BRITISH), ("french", FRENCH)):
        other = "french" if team == "british" else "british"
        state = position(
            2,
            ships={FD: [0], JR: [1]},
            loyalty=[team, other],
            votes={0: ["cannon/french/blank", "water/british/skull", "water/french/skull"]},
            vote_deck_top=["torch/british/blank"],
            holds={FD: (0, 0), JR: (0, 0)},
            current=0,
        )
        assert BOT.act(state, 0, random.Random(1)) == Attack()
        state.apply(0, Attack())
        vote = BOT.act(state, 0, random.Random(1))
        assert isinstance(vote, Vote) and top_of(vote.cards[0]) == 0, "plays its cannon"
        state.apply(0, vote)
        assert BOT.act(state, 0, random.Random(1)) == Stow(flag)


def test_after_the_galleon_is_empty_a_captain_takes_the_other_nations_chest() -> None:
    state = position(
        2,
        ships={FD: [0], JR: [1]},
        loyalty=["french", "british"],
        votes={0: ["cannon/french/blank", "water/british/skull", "water/french/skull"]},
        vote_deck_top=["torch/british/blank"],
        holds={FD: (0, 0), JR: (2, 1)},
        galleon=0,
        current=0,
    )
    state.apply(0, Attack())
    state.apply(0, Vote((parse_vote("cannon/french/blank"),)))
    assert BOT.act(state, 0, random.Random(1)) == Stow(FRENCH, BRITISH)


def test_a_cabin_boy_moves_chests_into_its_own_nations_hold() -> None:
    state = position(
        4,
        ships={FD: [1, 2, 0], JR: [3]},
        loyalty=["french", "british", "british", "french"],
        holds={FD: (2, 0), JR: (0, 0)},
        current=0,
    )
    assert BOT.act(state, 0, random.Random(2)) == MoveChest(FRENCH)


def test_votes_follow_the_team() -> None:
    # A brawl on Tortuga: the bot plays its own flag.
    state = position(
        4,
        ships={FD: [2], JR: [3]},
        tortuga=[1, 0],
        loyalty=["french", "british", "british", "french"],
        votes={0: ["cannon/british/skull", "torch/french/blank", "cannon/british/blank"]},
        tortuga_chests=(0, 0, 2),
        current=1,
    )
    state.apply(1, state.legal_actions(1)[-1])  # the governor's brawl
    vote = BOT.act(state, 0, random.Random(3))
    assert isinstance(vote, Vote) and flag_of(vote.cards[0]) == FRENCH
    # The other side's captain attacks: the bot puts the torch out with water.
    state = position(
        2,
        ships={FD: [1, 0], JR: []},
        loyalty=["british", "french"],
        votes={0: ["cannon/british/skull", "water/french/blank", "torch/british/blank"]},
        current=1,
    )
    state.apply(1, Attack())
    vote = BOT.act(state, 0, random.Random(3))
    assert isinstance(vote, Vote) and top_of(vote.cards[0]) == 1, "water"


def test_a_first_mate_calls_a_mutiny_against_a_captain_of_the_other_side() -> None:
    state = position(
        2,
        ships={FD: [1, 0], JR: []},
        loyalty=["british", "french"],
        votes={0: ["cannon/british/skull", "water/french/skull", "torch/british/blank"]},
        current=0,
    )
    assert BOT.act(state, 0, random.Random(4)) == Mutiny()


def test_the_spanish_armada_is_revealed_when_ahead_and_left_alone_when_behind() -> None:
    row = ["spanish_armada", "letter_of_marque", "scurvy", "black_spot", "pistol"]
    for holds, ahead in (((3, 0), True), ((0, 3), False)):
        state = position(
            2,
            ships={FD: [0], JR: [1]},
            loyalty=["british", "french"],
            row=row,
            deck=["scurvy", "black_spot"],
            holds={FD: holds, JR: (0, 0)},
            votes={0: ["water/british/skull", "water/french/skull", "water/british/blank"]},
            current=0,
        )
        state.apply(0, Look((0, 1)))  # the bot now knows where the Armada lies
        state.apply(1, Look((2, 3)))
        action = BOT.act(state, 0, random.Random(5))
        assert (action == Reveal(0)) is ahead, action


def test_a_pistol_shoots_the_captain_of_the_other_side() -> None:
    state = position(
        3,
        ships={FD: [1], JR: [0]},
        tortuga=[2],
        loyalty=["british", "french", "dutch"],
        row=["pistol", "scurvy", "scurvy", "black_spot", "letter_of_marque"],
        current=0,
    )
    state.apply(0, Reveal(0))
    assert BOT.act(state, 0, random.Random(6)) == Target(1)


# -- no peeking ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6, 9])
def test_the_bot_sees_only_its_own_view(players: int) -> None:
    """Equal views give equal actions: the bot plays the same in any world that its seat
    cannot tell from the real one."""
    rnd = agents.make("random")
    rng = random.Random(players)
    state = buccaneer.load("tortuga1667", players=players, seed=11 * players)
    checked = 0
    while not state.is_over():
        moves: list[tuple[int, Action]] = []
        for seat in state.to_move():
            if len(state.legal_actions(seat)) > 1 and rng.random() < 0.25:
                world = state.determinize(seat, random.Random(4))
                assert isinstance(world, Tortuga1667State)
                mine = BOT.act(state, seat, random.Random(9))
                theirs = BOT.act(world, seat, random.Random(9))
                assert mine == theirs, (seat, mine, theirs)
                checked += 1
            moves.append((seat, rnd.act(state, seat, rng)))
        for seat, action in moves:
            state.apply(seat, action)
    assert checked >= 5


# -- strength ------------------------------------------------------------------------------------


def test_beats_the_random_agent_in_two_player_games() -> None:
    """Measured over 1000 games it wins about 96%; a coin-flip bot would reach 17 of 20 with a
    chance of about one in a thousand."""
    rnd = agents.make("random")
    wins = 0
    for seed in range(20):
        mine = seed % 2
        state = buccaneer.load("tortuga1667", players=2, seed=seed)
        play_out(
            state, lambda s, seat, mine=mine: BOT if seat == mine else rnd, random.Random(seed)
        )
        wins += state.winners() == [mine]
    assert wins >= 17
