"""The vectorised Cartagena environment (games/cartagena/vector.py): env steps/s on one core.

    python -m benchmarks.vector_env                     # B = 64, 256, 1024; 2 and 4 players
    python -m benchmarks.vector_env --seconds 3 --batch 4096 --players 5 --variant tortuga

An env step is one action in one game, so a batch step counts B. The random policy is uniform
over each env's legal mask, sampled for the whole batch at once in numpy (a random float per id,
the largest legal one wins). Columns:

- `random`: sampling plus `step` as a learner uses it (the arrays returned are copies);
- `random, no copy`: the same with `copy=False` (the batch's own arrays are returned);
- `step alone`: the time inside `step` only (`copy=False`), the actions chosen beforehand:
  what the environment costs when the policy's time is counted elsewhere.
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np

from buccaneer.games.cartagena.compiled import compiled

if compiled is None:
    raise SystemExit(
        "the Cartagena kernel is not built here (the package build needs a C compiler)"
    )

from buccaneer.games.cartagena.vector import CartagenaVectorEnv


def sample(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniform legal id per env (0 where nothing is legal: those envs restart, ignoring it)."""
    scores = np.where(mask, rng.random(mask.shape, dtype=np.float32), np.float32(-1.0))
    ids: np.ndarray = np.argmax(scores, axis=1)
    return ids


def measure(
    num_envs: int, players: int, variant: str, seconds: float, copy: bool
) -> tuple[float, float]:
    """(env steps/s with sampling, env steps/s inside `step` alone) over about `seconds`."""
    env = CartagenaVectorEnv(num_envs, players, variant, seed=1, copy=copy)
    _, info = env.reset()
    rng = np.random.default_rng(1)
    mask = info["action_mask"]
    for _ in range(20):  # warm up: caches, and games spread over all stages
        _, _, _, _, info = env.step(sample(info["action_mask"], rng))
    mask = info["action_mask"]
    batches, in_step = 0, 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        ids = sample(mask, rng)
        before = time.perf_counter()
        _, _, _, _, info = env.step(ids)
        in_step += time.perf_counter() - before
        mask = info["action_mask"]
        batches += 1
    elapsed = time.perf_counter() - start
    return batches * num_envs / elapsed, batches * num_envs / in_step


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, nargs="+", default=[64, 256, 1024])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--variant", default="jamaica", choices=["jamaica", "tortuga"])
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    args = parser.parse_args()
    print(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"numpy {np.__version__}, {time.strftime('%Y-%m-%d %H:%M')}, {args.variant}, one core\n"
    )
    print("| B | players | random | random, no copy | step alone |")
    print("|---|---|---|---|---|")
    for players in args.players:
        for num_envs in args.batch:
            copied, _ = measure(num_envs, players, args.variant, args.seconds, copy=True)
            bare, alone = measure(num_envs, players, args.variant, args.seconds, copy=False)
            print(f"| {num_envs} | {players} | {copied:,.0f} | {bare:,.0f} | {alone:,.0f} |")
    print("\nenv steps per second (one action in one game each)")


if __name__ == "__main__":
    main()
