"""ISMCTS iterations per second per game, from a mid-game position (one process).

python -m benchmarks.ismcts [--iterations 200] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import time

import buccaneer
from buccaneer import agents


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    for name, spec in buccaneer.GAMES.items():
        players = min(max(args.players, spec.min_players), spec.max_players)
        state = buccaneer.load(name, players=players, seed=1)
        rng = random.Random(1)
        for _ in range(20):  # into the game a little
            for seat in state.to_move():
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        seat = state.to_move()[0]
        bot = agents.make("ismcts", iterations=args.iterations)
        start = time.perf_counter()
        bot.act(state, seat, random.Random(2))
        elapsed = time.perf_counter() - start
        print(f"{name} {players}p: {args.iterations / elapsed:,.0f} iterations/s")


if __name__ == "__main__":
    main()
