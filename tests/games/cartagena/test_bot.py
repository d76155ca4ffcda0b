"""The Cartagena heuristic: legal to the end, blind to what its seat cannot see, sensible in
set positions, and clearly stronger than the random agent."""

from __future__ import annotations

import random

import pytest

import buccaneer
from buccaneer import IllegalAction, OptionError, agents
from buccaneer.games.cartagena import SPEC, Back, CartagenaState, EndTurn, Forward, position
from buccaneer.games.cartagena.bot import CartagenaBot
from buccaneer.games.cartagena.components import BOAT, START, SYMBOL_INDEX
from tests.conformance.harness import CONFIGS, Config, sample_states

# Layout "1A 2A 3A 4A 5A 6A", squares 0..35:
#   0 bottle pistol hat skull dagger key | 6 dagger bottle key pistol hat skull
#  12 hat key pistol bottle skull dagger | 18 key bottle skull dagger hat pistol
#  24 pistol key dagger hat skull bottle | 30 hat dagger key bottle pistol skull
LAYOUT = "1A 2A 3A 4A 5A 6A"
HAT, SKULL = SYMBOL_INDEX["hat"], SYMBOL_INDEX["skull"]
CARTAGENA = [c for c in CONFIGS if c.spec.name == "cartagena"]
CARTAGENA_IDS = [c.id for c in CARTAGENA]


def play(state: CartagenaState, bots: list[object], seed: int) -> int:
    """Play to the end, checking every action is legal; return the number of actions."""
    rng = random.Random(seed)
    count = 0
    while not state.is_over():
        assert count < SPEC.max_actions, "the game did not finish"
        for seat in state.to_move():
            action = bots[seat].act(state, seat, rng)  # type: ignore[attr-defined]
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
            count += 1
    return count


def load(players: int, seed: int, variant: str) -> CartagenaState:
    state = buccaneer.load("cartagena", players=players, seed=seed, variant=variant)
    assert isinstance(state, CartagenaState)
    return state


@pytest.mark.parametrize("variant", ["jamaica", "tortuga"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_it_plays_legal_actions_to_the_end(players: int, variant: str) -> None:
    """All seats heuristic (no two bots may wait for each other forever), then one heuristic
    among random agents; both finish with a winner."""
    for seed in range(2):
        state = load(players, seed, variant)
        play(state, [CartagenaBot() for _ in range(players)], seed)
        assert len(state.winners()) == 1
        state = load(players, seed, variant)
        play(state, [CartagenaBot(), *(agents.make("random") for _ in range(players - 1))], seed)
        assert len(state.winners()) == 1


def test_it_is_the_registered_heuristic_and_takes_no_parameters() -> None:
    assert SPEC.heuristic is CartagenaBot
    bot = agents.make("heuristic")
    state = load(2, 3, "jamaica")
    assert bot.act(state, 0, random.Random(1)) == CartagenaBot().act(state, 0, random.Random(1))
    with pytest.raises(TypeError, match="depth"):
        CartagenaBot(depth=2)
    with pytest.raises(OptionError, match="depth"):
        agents.make("heuristic", depth=2)
    with pytest.raises(IllegalAction):
        CartagenaBot().act(state, 1, random.Random(1))


def test_it_finds_the_winning_sequence_before_a_tempting_back_move() -> None:
    """Two pirates out, two actions left, two cards that can take both to the boat (the
    dagger jumps the occupied daggers 21, 26 and 31). Stepping back from 34 onto the two
    pirates on 33 for two cards would score best on its own; winning now must come first."""
    state = position(
        2,
        layout=LAYOUT,
        pirates={0: [20, 34, BOAT, BOAT, BOAT, BOAT], 1: [21, 26, 31, 33, 33]},
        hands={0: {"hat": 1, "dagger": 1}},
        actions_done=1,
    )
    bot = CartagenaBot()
    while state.to_move() == (0,):
        action = bot.act(state, 0, random.Random(0))
        assert isinstance(action, Forward)
        state.apply(0, action)
    assert state.winners() == [0]


def test_it_prefers_a_big_jump() -> None:
    """A skull from the start jumps the occupied skull squares 3, 11, 16 and 20 to 28; the key
    and hat would move it only a few squares."""
    state = position(
        2,
        layout=LAYOUT,
        pirates={1: [3, 11, 16, 20]},
        hands={0: {"skull": 1, "key": 1, "hat": 1}},
    )
    assert CartagenaBot().act(state, 0, random.Random(0)) == Forward(SKULL, START)


def test_out_of_cards_it_takes_the_cheap_two_card_back_move() -> None:
    """From 20 one step back onto the two pirates on 19 draws two cards; the other back moves
    give up five or more squares for one card."""
    state = position(
        2,
        layout=LAYOUT,
        pirates={0: [10, 20, 25], 1: [19, 19, 5]},
        hands={0: {}, 1: {"key": 3}},
    )
    assert CartagenaBot().act(state, 0, random.Random(0)) == Back(20)


def test_it_steps_back_only_for_cards_that_can_be_drawn() -> None:
    """With an empty hand a seat must step back to draw, unless no card is left to draw (the
    other seat holds all 102): then stepping back gives nothing and it passes."""
    pirates = {0: [10, 20, 25], 1: [19, 19, 5]}
    everything = {name: 17 for name in SYMBOL_INDEX}
    starved = position(2, layout=LAYOUT, pirates=pirates, hands={1: everything})
    assert CartagenaBot().act(starved, 0, random.Random(0)) == EndTurn()
    fewer = {name: 16 for name in SYMBOL_INDEX}
    fed = position(2, layout=LAYOUT, pirates=pirates, hands={1: fewer})
    assert isinstance(CartagenaBot().act(fed, 0, random.Random(0)), Back)


def test_it_ends_the_turn_rather_than_waste_a_card_but_never_passes_a_whole_turn() -> None:
    """A last pirate on 28 with only a hat (the next hat is two squares on; every back move
    gives up 28 squares or more): a two-square step is not worth the card mid-turn, but a turn
    of no action at all helps nobody."""
    pirates = {0: [28, BOAT, BOAT, BOAT, BOAT, BOAT], 1: [0, 28, 28]}
    hands = {0: {"hat": 1}}
    mid = position(2, layout=LAYOUT, pirates=pirates, hands=hands, actions_done=1)
    assert CartagenaBot().act(mid, 0, random.Random(0)) == EndTurn()
    start = position(2, layout=LAYOUT, pirates=pirates, hands=hands)
    assert CartagenaBot().act(start, 0, random.Random(0)) == Forward(HAT, 28)


@pytest.mark.parametrize("config", CARTAGENA, ids=CARTAGENA_IDS)
def test_equal_views_and_rng_give_equal_actions(config: Config) -> None:
    """The no-peek contract: a world that differs only in what the seat cannot know (hidden
    hands, the draw pile's order) gets the same decision."""
    bot = CartagenaBot()
    for state in sample_states(config, seed=31, every=15):
        for seat in state.to_move():
            world = state.determinize(seat, random.Random(4))
            a = bot.act(state, seat, random.Random(9))
            assert a == bot.act(world, seat, random.Random(9))
            assert a in state.legal_actions(seat)


def test_it_beats_the_random_agent() -> None:
    """Twenty two-player games, seats alternating, both versions: a broken or random policy
    wins about half, this one nearly all."""
    wins = 0
    for game in range(20):
        variant = ("jamaica", "tortuga")[game % 2]
        seat = (game // 2) % 2
        state = load(2, 100 + game, variant)
        bots: list[object] = [agents.make("random"), agents.make("random")]
        bots[seat] = CartagenaBot()
        play(state, bots, game)
        wins += state.winners() == [seat]
    assert wins >= 17
