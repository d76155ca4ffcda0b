"""PettingZoo: the library's own api_test and seed_test on every game, player count and
variant, and what those tests do not check: whole games to the end, rewards, hidden
simultaneous choices, and illegal ids refused without a change."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from buccaneer.core import IllegalAction
from buccaneer.rl.pettingzoo import env
from tests.conformance.harness import CONFIGS, IDS, Config

# api_test advises Box observations; a Dict with an action mask is what its classic games use
pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_api_and_seed_tests_pass(config: Config) -> None:
    def make() -> object:
        return env(config.spec.name, config.players, **config.options)

    api_test(make(), num_cycles=60)
    seed_test(make, num_cycles=60)


@pytest.mark.parametrize("config", CONFIGS[::3], ids=IDS[::3])
def test_whole_games_end_with_the_winners_rewarded(config: Config) -> None:
    game = env(config.spec.name, config.players, **config.options)
    game.reset(seed=3)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    rng = np.random.default_rng(3)
    for agent in game.agent_iter(max_iter=200_000):
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(legal)))
    assert not game.agents, "the game did not end"
    state = game.game_state
    assert state.is_over()
    winners = {f"player_{s}" for s in state.winners()}
    assert totals == {a: (1.0 if a in winners else -1.0) for a in game.possible_agents}


def test_a_simultaneous_choice_stays_hidden_from_the_next_seat() -> None:
    """Tortuga's dice selection is asked seat by seat; what seat 0 picked must not show in
    seat 1's observation (or mask) before seat 1 picks."""
    seen = []
    for pick in (0, -1):
        game = env("tortuga", 3)
        game.reset(seed=11)
        assert game.agent_selection == "player_0"
        legal = np.flatnonzero(game.observe("player_0")["action_mask"])
        game.step(int(legal[pick]))
        assert game.agent_selection == "player_1"
        seen.append(game.observe("player_1"))
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    game = env("cartagena", 2)
    game.reset(seed=1)
    mask = game.observe("player_0")["action_mask"]
    before = game.game_state.snapshot()
    with pytest.raises(IllegalAction, match="not legal"):
        game.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(IllegalAction):
        game.step(10_000)
    assert game.game_state.snapshot() == before
    assert game.agent_selection == "player_0"


def test_only_the_selected_agent_has_a_mask() -> None:
    game = env("cartagena", 3)
    game.reset(seed=2)
    assert game.observe("player_0")["action_mask"].any()
    assert not game.observe("player_1")["action_mask"].any()


def test_render_draws_the_board_as_text() -> None:
    game = env("cartagena", 2, render_mode="ansi")
    game.reset(seed=1)
    text = game.render()
    assert isinstance(text, str) and "Red" in text


def test_a_game_past_max_steps_is_truncated_without_reward() -> None:
    game = env("cartagena", 2, max_steps=5)
    game.reset(seed=4)
    steps = 0
    for _agent in game.agent_iter(max_iter=100):
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            game.step(None)
            continue
        game.step(int(np.flatnonzero(observation["action_mask"])[-1]))  # end the turn
        steps += 1
    assert steps == 5 and not game.agents and not game.game_state.is_over()


def test_stepping_before_reset_says_so() -> None:
    game = env("cartagena", 2)
    with pytest.raises(RuntimeError, match="reset"):
        game.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        game.observe("player_0")
