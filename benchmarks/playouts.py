"""Uniform-random playouts through the public protocol: games/s and actions/s per game.

    python -m benchmarks.playouts                      # every game, 4 players where possible
    python -m benchmarks.playouts --game cartagena --players 4 --games 1000 --variant tortuga

Runs on one core (one process). The loop is what a simulation or an MCTS rollout does:
to_move(), legal_actions(), a uniform choice, apply().
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import buccaneer


def playouts(game: str, players: int, games: int, seed: int, **options: Any) -> dict[str, Any]:
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        state = buccaneer.load(game, players=players, seed=seed + i, **options)
        state.keep_beliefs(False)  # random play reads no view (as `simulate` does)
        while True:
            movers = state.to_move()
            if not movers:
                break
            for seat in movers:
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
                actions += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game,
        "players": players,
        "options": options,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "mean_actions": round(actions / games, 1),
    }


def clone_cost(game: str, players: int, seed: int, **options: Any) -> float:
    """Microseconds per clone() of a mid-game state."""
    state = buccaneer.load(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(60):
        if state.is_over():
            break
        for seat in state.to_move():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    n = 20_000
    start = time.perf_counter()
    for _ in range(n):
        state.clone()
    return (time.perf_counter() - start) / n * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game(s) to run; default: all")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant", help="only this variant (default: every variant)")
    parser.add_argument("--json", action="store_true", help="print JSON lines only")
    args = parser.parse_args()
    for name in args.game or list(buccaneer.GAMES):
        spec = buccaneer.GAMES[name]
        players = min(max(args.players, spec.min_players), spec.max_players)
        variants = [{"variant": args.variant}] if args.variant else list(spec.variants)
        for options in variants:
            result = playouts(name, players, args.games, args.seed, **options)
            result["clone_us"] = round(clone_cost(name, players, args.seed, **options), 2)
            if args.json:
                print(json.dumps(result))
            else:
                opts = " ".join(f"{k}={v}" for k, v in options.items())
                print(
                    f"{name} {players}p {opts}: {result['games_per_s']} games/s, "
                    f"{result['actions_per_s']} actions/s, {result['mean_actions']} actions/game, "
                    f"clone {result['clone_us']} µs"
                )


if __name__ == "__main__":
    main()
