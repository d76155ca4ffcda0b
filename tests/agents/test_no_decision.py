"""Every agent refuses, with `IllegalAction` and nothing changed, to act for a seat that has no
decision to make (another seat's turn, or the game is over), in every game, player count and
variant: a caller that asks the wrong seat learns it at once instead of getting a move."""

from __future__ import annotations

import random

import pytest

from buccaneer import agents
from buccaneer.core import IllegalAction
from tests.conformance.harness import CONFIGS, IDS, Config, sample_states

AGENTS = {
    "random": {},
    "heuristic": {},
    "ismcts": {"iterations": 4, "max_rollout": 50},
    "learned": {},
    "guided": {"iterations": 4, "max_rollout": 50},
}


@pytest.mark.parametrize("name", sorted(AGENTS))
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_an_agent_refuses_a_seat_that_is_not_asked(config: Config, name: str) -> None:
    bot = agents.make(name, **AGENTS[name])
    states = [
        state
        for state in sample_states(config, seed=5, every=7)
        if len(state.to_move()) < state.players  # not a choice every seat makes at once
    ]
    assert len(states) > 2 and states[-1].is_over()
    for state in [states[0], states[len(states) // 2], states[-1]]:
        idle = [s for s in range(state.players) if s not in state.to_move()]
        before = state.view(None)
        for seat in idle:
            with pytest.raises(IllegalAction):
                bot.act(state, seat, random.Random(0))
        assert state.view(None) == before
