"""The no-peek contract for every agent on every game, player count and variant
(docs/architecture.md, "Agents"): an agent may use only `legal_actions`, `view`, `bot_view`
and `determinize` of its own seat, and given two states with equal `view(seat)` and the same rng
it returns the same action.

Both halves are enforced: the agent plays through `SeatOnly`, a stand-in that offers nothing but
those four calls for that one seat (any other attribute or seat fails the test), and the same
agent must choose the same action on a world `determinize`d from the seat's view.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from buccaneer import agents
from buccaneer.agents import Agent
from buccaneer.agents.network import Network
from buccaneer.core import Action, State
from tests.agents.test_learned import random_weights
from tests.conformance.harness import CONFIGS, IDS, Config, DesignOnly, SeatOnly, sample_states

AGENTS: dict[str, dict[str, Any]] = {
    "random": {},
    "heuristic": {},
    "ismcts": {"iterations": 6, "max_rollout": 300},
    "learned": {"temperature": 1.0},
    "guided": {"iterations": 6, "max_rollout": 300},
    # A level plays the agent its game's published ladder named (a search in some games).
    "level": {"name": "good"},
}
SEARCHES = ("ismcts", "guided", "level")


def test_every_registered_agent_is_checked() -> None:
    assert sorted(AGENTS) == agents.available()


def decide(bot: Agent, state: State | SeatOnly, seat: int) -> Action:
    return bot.act(state, seat, random.Random(9))  # type: ignore[arg-type]


def sees_only_its_seat(bot: Agent, states: list[State]) -> None:
    """At every seat to move: a legal choice through the seat's calls alone, and the same
    choice on a world determinized from its view."""
    for state in states:
        for seat in state.to_move():
            world = state.determinize(seat, random.Random(4))
            guarded = decide(bot, SeatOnly(state, seat), seat)
            assert guarded in state.legal_actions(seat)
            assert decide(bot, world, seat) == guarded


@pytest.mark.parametrize("name", sorted(AGENTS))
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_agents_see_only_their_seat_and_decide_by_it(config: Config, name: str) -> None:
    bot = agents.make(name, **AGENTS[name])
    every = 60 if name in SEARCHES else 15
    states = list(sample_states(config, seed=31, every=every))
    assert states, "the sampler yielded no state to test"
    sees_only_its_seat(bot, states[:4] if name in SEARCHES else states)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_network_given_the_heuristics_choice_sees_only_its_seat(config: Config) -> None:
    """A hinted network (`buccaneer train --hint`) asks the heuristic too: through the seat's
    calls alone, and alike on a world determinized from its view. Random weights with a
    middling bonus, so both the hint and the rest of the network decide moves."""
    weights = random_weights(config.spec.name, hint_bonus=1.0, seed=3)
    bot = agents.LearnedAgent(network=Network(weights))
    states = list(sample_states(config, seed=31, every=15))
    assert states, "the sampler yielded no state to test"
    sees_only_its_seat(bot, states)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_heuristic_plays_the_same_through_the_designs_three_calls(config: Config) -> None:
    """Given only `legal_actions`, `view` and `determinize` (the design's first list for
    agents), the heuristic rebuilds its typed knowledge from the view and chooses as it does
    with `bot_view` (`registry.seat_knowledge`)."""
    bot = agents.make("heuristic")
    asked = 0
    for state in sample_states(config, seed=32, every=9):
        for seat in state.to_move():
            assert decide(bot, DesignOnly(state, seat), seat) == decide(bot, state, seat)
            asked += 1
    assert asked > 5
