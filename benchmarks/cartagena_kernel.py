"""Cartagena random playouts: the C kernel vs the Python engine, games/s on one core.

    python -m benchmarks.cartagena_kernel                       # 4 players, both versions
    python -m benchmarks.cartagena_kernel --players 2 --games 50000 --python-games 300

Both sides play the same random policy (legal index `Rng(policy_seed).below(len(legal))`) on
the same seeded games, so the Python run's games are the first of the kernel's; the Python loop
is the one of benchmarks/playouts.py (to_move, legal_actions, a uniform choice, apply). The
kernel's figure includes building its argument list and result list. Also timed: the kernel's
whole games (`games`, `GameSpec.fast_random_games`: the same players and version, each game
dealt in the kernel from its seed, with its own policy stream and what `analyze` reads of its
course, one bytes buffer for all), beside `playouts` so the two compare; the same series of
`games` in two threads on two halves against one call on the whole (the GIL is released, so
this needs two free cores to show a speed-up; --no-threads skips it); playouts from one
mid-game position (`playouts_from`, what an ISMCTS rollout would call).
"""

from __future__ import annotations

import argparse
import platform
import threading
import time
from typing import Any

import buccaneer
from buccaneer.core.game import KERNEL_GAME_FIELDS, MAX_KERNEL_SEATS
from buccaneer.core.rng import Rng
from buccaneer.games.cartagena.compiled import compiled, encode

if compiled is None:
    raise SystemExit(
        "the Cartagena kernel is not built here (the package build needs a C compiler)"
    )
ckernel = compiled
GAME_ROW = len(KERNEL_GAME_FIELDS) + MAX_KERNEL_SEATS


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


def kernel_games(base_seed: int, count: int, players: int, variant: str) -> tuple[float, int]:
    """`games` on one call: the seconds and the actions of all the games."""
    start = time.perf_counter()
    data = ckernel.games(base_seed, 0, count, players, variant)
    elapsed = time.perf_counter() - start
    return elapsed, sum(memoryview(data).cast("i")[1::GAME_ROW])


def kernel_games_in_threads(
    base_seed: int, count: int, players: int, variant: str, threads: int
) -> tuple[float, bool]:
    """The same series of `games` in `threads` threads, one chunk each: the seconds, and whether
    the chunks put together are the bytes of one call."""
    bounds = [count * k // threads for k in range(threads + 1)]
    parts = [b""] * threads

    def play(k: int) -> None:
        first = bounds[k]
        parts[k] = ckernel.games(base_seed, first, bounds[k + 1] - first, players, variant)

    workers = [threading.Thread(target=play, args=(k,)) for k in range(threads)]
    start = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - start
    return elapsed, b"".join(parts) == ckernel.games(base_seed, 0, count, players, variant)


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
    parser.add_argument("--base-seed", type=int, default=0, help="`games`: the first game seed")
    parser.add_argument(
        "--no-threads", action="store_true", help="skip `games` in two threads (two cores)"
    )
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
        games_runs = [
            kernel_games(args.base_seed, args.games, args.players, variant)
            for _ in range(args.repeat)
        ]
        g_best = min(run[0] for run in games_runs)
        g_actions = games_runs[0][1]
        g_rate = args.games / g_best
        print(
            f"{args.players}p {variant}: python {py_rate:,.0f} games/s ({py_actions / py_s:,.0f} "
            f"actions/s, {args.python_games} games) | kernel playouts {k_rate:,.0f} games/s "
            f"({k_actions / best:,.0f} actions/s, {args.games} games, best of {args.repeat}) | "
            f"{k_rate / py_rate:.0f}x | same results on the common games: {same} | "
            f"kernel games {g_rate:,.0f} games/s ({g_actions / g_best:,.0f} actions/s, "
            f"{g_rate / k_rate:.2f}x playouts)"
        )
        if not args.no_threads:
            t_best = float("inf")
            t_same = True
            for _ in range(args.repeat):
                seconds, same_bytes = kernel_games_in_threads(
                    args.base_seed, args.games, args.players, variant, 2
                )
                t_best = min(t_best, seconds)
                t_same = t_same and same_bytes
            print(
                f"    games in 2 threads on 2 halves: {t_best:.3f} s, one call {g_best:.3f} s "
                f"({g_best / t_best:.2f}x; the bytes of one call: {t_same})"
            )
        state = midgame_state(args.players, variant)
        n = 10_000
        start = time.perf_counter()
        ckernel.playouts_from(state, n, args.policy_seed)
        elapsed = time.perf_counter() - start
        print(f"    playouts_from a mid-game position: {n / elapsed:,.0f} playouts/s")


if __name__ == "__main__":
    main()
