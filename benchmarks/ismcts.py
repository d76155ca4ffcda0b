"""ISMCTS iterations per second per game and rollout policy, from an early-game position.

python -m benchmarks.ismcts [--seconds 2] [--players 2] [--max-rollout N]

The position comes from 20 heuristic moves, so it looks like a real game. One process; what a
1-second-per-move budget buys is this figure, and what docs/bots.md quotes.
"""

from __future__ import annotations

import argparse
import random

import buccaneer
from buccaneer import agents


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="thinking time per figure")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--max-rollout", type=int, default=None, help="playout cut in steps (default: the game's)"
    )
    args = parser.parse_args()
    heuristic = agents.make("heuristic")
    for name, spec in buccaneer.GAMES.items():
        players = min(max(args.players, spec.min_players), spec.max_players)
        state = buccaneer.load(name, players=players, seed=1)
        rng = random.Random(1)
        for _ in range(20):  # into the game a little
            for seat in state.to_move():
                state.apply(seat, heuristic.act(state, seat, rng))
        # on to a real decision: with one legal action ISMCTS answers without searching
        while len(state.legal_actions(seat := state.to_move()[0])) < 2:
            state.apply(seat, heuristic.act(state, seat, rng))
        for rollout in ("heuristic", "random"):
            bot = agents.make(
                "ismcts", time=args.seconds, rollout=rollout, max_rollout=args.max_rollout
            )
            bot.act(state, seat, random.Random(2))
            rate = bot.last_iterations / args.seconds  # type: ignore[attr-defined]
            print(f"{name} {players}p, {rollout} rollouts: {rate:,.0f} iterations/s")


if __name__ == "__main__":
    main()
