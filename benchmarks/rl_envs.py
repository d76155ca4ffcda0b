"""Environment steps per second of the three RL adapters, per game.

python -m benchmarks.rl_envs [--seconds 3] [--players 2]

Each loop does what a training loop does at the least: read the observation and the mask of
the agent to act, pick a legal id at random, and step.

- **PettingZoo** counts AEC steps: every action of every seat, with its observation.
- **Gymnasium** counts `env.step` calls of the learning seat. Random opponents play the other
  seats inside each step.
- **OpenSpiel** counts `apply_action` calls, each with `legal_actions` and the acting
  player's `observation_tensor`.

One process, one core. These are the figures docs/environments.md reports.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import buccaneer
from buccaneer.rl import gymnasium as bucc_gym
from buccaneer.rl import openspiel
from buccaneer.rl.pettingzoo import env as aec_env


def timed(loop: Callable[[], int], seconds: float) -> float:
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += loop()
    return steps / (time.perf_counter() - start)


def pettingzoo_episode(game: str, players: int, rng: np.random.Generator) -> Callable[[], int]:
    env = aec_env(game, players)

    def episode() -> int:
        env.reset(seed=int(rng.integers(1 << 30)))
        steps = 0
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps

    return episode


def gymnasium_episode(game: str, players: int, rng: np.random.Generator) -> Callable[[], int]:
    env = bucc_gym.make(game, players, opponents="random")

    def episode() -> int:
        _, info = env.reset(seed=int(rng.integers(1 << 30)))
        steps, done = 0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            steps += 1
        return steps

    return episode


def openspiel_episode(game: str, players: int, rng: np.random.Generator) -> Callable[[], int]:
    loaded = pyspiel.load_game(openspiel.short_name(game), {"players": players, "rng_seed": 1})

    def episode() -> int:
        state = loaded.new_initial_state()
        steps = 0
        while not state.is_terminal():
            state.observation_tensor(state.current_player())
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
        return steps

    return episode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    openspiel.register()
    print("| game | players | PettingZoo AEC steps/s | Gymnasium steps/s | OpenSpiel steps/s |")
    print("|---|---|---|---|---|")
    for name, spec in buccaneer.GAMES.items():
        players = min(max(args.players, spec.min_players), spec.max_players)
        rates = [
            timed(make(name, players, np.random.default_rng(0)), args.seconds)
            for make in (pettingzoo_episode, gymnasium_episode, openspiel_episode)
        ]
        print(f"| {name} | {players} | " + " | ".join(f"{r:,.0f}" for r in rates) + " |")


if __name__ == "__main__":
    main()
