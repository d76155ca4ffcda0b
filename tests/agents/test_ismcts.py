"""ISMCTS: legal, blind to what its seat cannot see, and finds a winning move."""

from __future__ import annotations

import random

import pytest

from buccaneer import OptionError, agents
from buccaneer.games.cartagena import CartagenaState, Forward, position
from buccaneer.games.cartagena.components import BOAT, SYMBOL_INDEX


def test_it_takes_the_winning_move() -> None:
    skull = SYMBOL_INDEX["skull"]
    state = position(
        2,
        layout="1A 2A 3A 4A 5A 6A",
        pirates={0: [BOAT] * 5 + [35], 1: [0, 1, 2]},
        hands={0: {"skull": 1, "hat": 2}},
    )
    assert isinstance(state, CartagenaState)
    move = agents.make("ismcts", iterations=60).act(state, 0, random.Random(1))
    assert move == Forward(skull, 35)


def test_a_time_budget_runs_at_least_one_iteration() -> None:
    state = position(2, layout="1A 2A 3A 4A 5A 6A", hands={0: {"hat": 2, "key": 1}})
    bot = agents.make("ismcts", time=0.05)
    assert bot.act(state, 0, random.Random(0)) in state.legal_actions(0)
    assert bot.last_iterations >= 1  # type: ignore[attr-defined]


def test_parameters_are_checked() -> None:
    with pytest.raises(OptionError, match="no parameter depth"):
        agents.make("ismcts", depth=3)
    with pytest.raises(OptionError, match="at least 1"):
        agents.make("ismcts", iterations=0)


def test_a_cut_playout_rewards_the_leaders_on_scores() -> None:
    """`max_rollout` ends a playout early; the seats ahead on `scores()` take the reward then,
    where an unfinished game has no winners and would have rewarded no one."""
    ahead = position(2, layout="1A 2A 3A 4A 5A 6A", pirates={0: [BOAT] * 2, 1: [BOAT] * 3})
    level = position(2, layout="1A 2A 3A 4A 5A 6A", pirates={0: [BOAT] * 2, 1: [BOAT] * 2})
    bot = agents.make("ismcts", iterations=1, max_rollout=0)
    assert bot._playout(ahead, random.Random(0)) == [0.0, 1.0]  # type: ignore[attr-defined]
    assert bot._playout(level, random.Random(0)) == [0.5, 0.5]  # type: ignore[attr-defined]
    assert not ahead.is_over()


def test_a_cut_search_still_finds_the_winning_move() -> None:
    state = position(
        2,
        layout="1A 2A 3A 4A 5A 6A",
        pirates={0: [BOAT] * 5 + [35], 1: [0, 1, 2]},
        hands={0: {"skull": 1, "hat": 2}},
    )
    move = agents.make("ismcts", iterations=60, max_rollout=3).act(state, 0, random.Random(1))
    assert move == Forward(SYMBOL_INDEX["skull"], 35)


def test_playouts_are_cut_where_the_game_asks_unless_told() -> None:
    """Tortuga's playouts are cut at 40 steps by default (its running score predicts the
    result, and full playouts leave about 47 iterations a second); the others play to the end."""
    bot = agents.make("ismcts")
    assert bot.playout_limit("tortuga") == 40  # type: ignore[attr-defined]
    assert bot.playout_limit("cartagena") == 2_000  # type: ignore[attr-defined]
    assert bot.playout_limit("tortuga1667") == 2_000  # type: ignore[attr-defined]
    told = agents.make("ismcts", max_rollout=7)
    assert {told.playout_limit(g) for g in ("tortuga", "cartagena")} == {7}  # type: ignore[attr-defined]
    with pytest.raises(OptionError, match="max_rollout"):
        agents.make("ismcts", max_rollout=-1)
