"""`buccaneer simulate` on Cartagena's kernel against the kernel alone: games/s, one and two
workers.

    python -m benchmarks.simulate_speed                  # 4 players, Jamaica, 200,000 games
    python -m benchmarks.simulate_speed --players 2 --variant tortuga --games 400000

The kernel's own figure is one `compiled.games` call for all the games (its rows as bytes,
nothing read from them); `simulate` adds the chunks, the tallies and the workers. Each is
the best of `--repeat` runs, alternated so that a slow spell of the machine hits both.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from buccaneer.agents.spec import AgentSpec
from buccaneer.core import get_spec, load
from buccaneer.games.cartagena.compiled import compiled
from buccaneer.sim.simulate import simulate

if compiled is None:
    raise SystemExit("the Cartagena kernel is not built here (its build needs a C compiler)")
kernel = compiled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="jamaica")
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    spec = get_spec("cartagena")
    options = dict(load("cartagena", args.players, seed=0, variant=args.variant).options)
    seats = [AgentSpec("random")] * args.players
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        start = time.perf_counter()
        kernel.games(1, 0, args.games, args.players, args.variant)
        runs = {"kernel": time.perf_counter() - start}
        for workers in (1, 2):
            tally, seconds = simulate(
                spec=spec,
                players=args.players,
                options=options,
                agent_specs=seats,
                base_seed=1,
                games=args.games,
                max_actions=spec.max_actions,
                engine="compiled",
                workers=workers,
            )
            assert tally.games == args.games
            runs[f"simulate -w {workers}"] = seconds
        for name, seconds in runs.items():
            best[name] = min(best.get(name, seconds), seconds)
    alone = args.games / best["kernel"]
    print(
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d %H:%M')}: Cartagena {args.players}p {args.variant}, "
        f"{args.games:,} random games, best of {args.repeat}"
    )
    for name, seconds in best.items():
        rate = args.games / seconds
        print(f"  {name:14} {rate:10,.0f} games/s  ({rate / alone:.2f}x the kernel alone)")


if __name__ == "__main__":
    main()
