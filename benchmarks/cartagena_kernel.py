"""Cartagena random playouts: the C kernel vs the Python engine, games/s on one core.

    python -m benchmarks.cartagena_kernel                       # 4 players, both versions
    python -m benchmarks.cartagena_kernel --players 2 --games 50000 --python-games 300

Both sides play the same random policy (legal index `Rng(policy_seed).below(len(legal))`) on
the same seeded games, so the Python run's games are the first of the kernel's; the Python loop
is the one of benchmarks/playouts.py (to_move, legal_actions, a uniform choice, apply). The
kernel's figure includes building its argument list and result list. Also timed: playouts from
one mid-game position (`playouts_from`, what an ISMCTS rollout would call).
"""

from __future__ import annotations

import argparse
import platform
import time
from typing import Any

import buccaneer
from buccaneer.core.rng import Rng
from buccaneer.games.cartagena.compiled import compiled, encode

if compiled is None:
    raise SystemExit(
        "the Cartagena kernel is not built here (the package build needs a C compiler)"
    )
ckernel = compiled


def python_playouts(
    seeds: list[int], players: int, variant: str, policy_seed: int
) -> tuple[float, int, list[tuple[int, int]]]:
    pick = Rng(policy_seed)
    actions = 0
    results = []
    start = time.perf_counter()
    for seed in seeds:
        state = buccaneer.load("cartagena", players, seed=seed, variant=variant)
        n = 0
        while True:
            movers = state.to_move()
            if not movers:
                break
            for seat in movers:
                legal = state.legal_actions(seat)
                state.apply(seat, legal[pick.below(len(legal))])
                n += 1
        actions += n
        results.append((sum(1 << s for s in state.winners()), n))
    return time.perf_counter() - start, actions, results


def kernel_playouts(
    seeds: list[int], players: int, variant: str, policy_seed: int
) -> tuple[float, int, list[tuple[int, int]]]:
    start = time.perf_counter()
    results = ckernel.playouts(seeds, players, variant, policy_seed)
    elapsed = time.perf_counter() - start
    return elapsed, sum(n for _, n in results), results


def midgame_state(players: int, variant: str) -> tuple[Any, ...]:
    state = buccaneer.load("cartagena", players, seed=12345, variant=variant)
    pick = Rng(1)
    for _ in range(60):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick.below(len(legal))])
    return encode(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=30_000, help="kernel games per version")
    parser.add_argument("--python-games", type=int, default=200, help="Python games per version")
    parser.add_argument("--repeat", type=int, default=3, help="kernel runs; the best is shown")
    parser.add_argument("--policy-seed", type=int, default=7)
    args = parser.parse_args()
    print(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d %H:%M')}"
    )
    for variant in ("jamaica", "tortuga"):
        seeds = list(range(args.games))
        py_s, py_actions, py_res = python_playouts(
            seeds[: args.python_games], args.players, variant, args.policy_seed
        )
        runs = [
            kernel_playouts(seeds, args.players, variant, args.policy_seed)
            for _ in range(args.repeat)
        ]
        best = min(run[0] for run in runs)
        _, k_actions, k_res = runs[0]
        same = k_res[: args.python_games] == py_res
        py_rate = args.python_games / py_s
        k_rate = args.games / best
        print(
            f"{args.players}p {variant}: python {py_rate:,.0f} games/s ({py_actions / py_s:,.0f} "
            f"actions/s, {args.python_games} games) | kernel {k_rate:,.0f} games/s "
            f"({k_actions / best:,.0f} actions/s, {args.games} games, best of {args.repeat}) | "
            f"{k_rate / py_rate:.0f}x | same results on the common games: {same}"
        )
        state = midgame_state(args.players, variant)
        n = 10_000
        start = time.perf_counter()
        ckernel.playouts_from(state, n, args.policy_seed)
        elapsed = time.perf_counter() - start
        print(f"    playouts_from a mid-game position: {n / elapsed:,.0f} playouts/s")


if __name__ == "__main__":
    main()
