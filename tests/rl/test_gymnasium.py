"""Gymnasium: the library's own env checker on every game and player count, registration
under `buccaneer/<Game>-v0`, opponents, rewards, illegal ids and truncation."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from buccaneer import agents
from buccaneer.core import IllegalAction, OptionError
from buccaneer.rl import gymnasium as bucc_gym
from tests.conformance.harness import CONFIGS, IDS, Config

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_check_env_passes(config: Config) -> None:
    env = bucc_gym.make(config.spec.name, config.players, **config.options)
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("game", ["cartagena", "tortuga", "tortuga1667"])
def test_registered_ids_make_the_game(game: str) -> None:
    env = gymnasium.make(bucc_gym.env_id(game), players=3, opponents="heuristic")
    assert env.unwrapped.game_state.game == game  # type: ignore[attr-defined]
    observation, info = env.reset(seed=1)
    assert observation.shape == env.observation_space.shape
    assert info["action_mask"].any()


def play_out(env: bucc_gym.BuccaneerEnv, seed: int) -> tuple[float, bool, bool]:
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
    return total, terminated, truncated


@pytest.mark.parametrize("game", ["cartagena", "tortuga", "tortuga1667"])
def test_the_reward_is_the_result_for_the_learning_seat(game: str) -> None:
    env = bucc_gym.make(game, 3, opponents="heuristic", seat=1)
    for seed in range(3):
        total, terminated, _ = play_out(env, seed)
        assert terminated
        state = env.game_state
        assert total == (1.0 if 1 in state.winners() else -1.0)


def test_heuristic_opponents_beat_a_random_learner_mostly() -> None:
    results = [
        play_out(bucc_gym.make("cartagena", 2, opponents="heuristic"), s)[0] for s in range(6)
    ]
    assert results.count(-1.0) >= 5  # the opponents really play: random rarely beats them


def test_the_same_seed_gives_the_same_episode() -> None:
    runs = []
    for _ in range(2):
        env = bucc_gym.make("tortuga", 3, opponents=["random", agents.make("heuristic")])
        play_out(env, 7)
        runs.append(env.game_state.record().actions)
    assert runs[0] == runs[1]


def test_an_illegal_id_loses_the_episode_by_default_and_changes_nothing() -> None:
    env = bucc_gym.make("cartagena", 2)
    _, info = env.reset(seed=1)
    before = env.game_state.snapshot()
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "not legal" in info["illegal_action"]
    assert env.game_state.snapshot() == before
    strict = bucc_gym.make("cartagena", 2, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction, match="not legal"):
        strict.step(bad)


def test_a_random_seat_is_drawn_from_the_seed() -> None:
    seats = set()
    env = bucc_gym.make("cartagena", 4, seat="random")
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
        assert env.seat in env.game_state.to_move()
    assert len(seats) > 1


def test_truncation_after_max_steps() -> None:
    env = bucc_gym.make("cartagena", 2, max_steps=3)
    _, info = env.reset(seed=2)
    end_turn = int(np.flatnonzero(info["action_mask"])[-1])
    truncated = False
    for _ in range(3):
        _, reward, terminated, truncated, info = env.step(end_turn)
        if truncated:
            break
    assert truncated and not terminated and reward == 0


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError):
        bucc_gym.make("cartagena", 2, seat=2)
    with pytest.raises(OptionError):
        bucc_gym.make("cartagena", 3, opponents=["random"])
    with pytest.raises(OptionError):
        bucc_gym.make("cartagena", 2, illegal="ignore")
    with pytest.raises(OptionError):
        bucc_gym.make("nogame", 2)


def test_stepping_before_reset_says_so() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        bucc_gym.make("cartagena", 2).step(0)
