"""The random agent: legal, reproducible, and blind to what its seat cannot see."""

from __future__ import annotations

import random

import pytest

from buccaneer import OptionError, agents
from tests.conformance.harness import CONFIGS, IDS, Config, sample_states


def test_registry() -> None:
    assert "random" in agents.available()
    with pytest.raises(OptionError, match="unknown agent 'alphago'"):
        agents.make("alphago")
    with pytest.raises(OptionError, match="takes no parameters"):
        agents.make("random", depth=3)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_equal_views_and_rng_give_equal_actions(config: Config) -> None:
    bot = agents.make("random")
    for state in sample_states(config, seed=31, every=15):
        for seat in state.to_move():
            world = state.determinize(seat, random.Random(4))
            a = bot.act(state, seat, random.Random(9))
            b = bot.act(world, seat, random.Random(9))
            assert a == b and a in state.legal_actions(seat)
