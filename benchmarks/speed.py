"""The engines' speed in one table: every game × player count, random playouts per second in
the Python engine and in a game's compiled kernel, heuristic playouts per second and ISMCTS
iterations per second, optionally beside another revision measured in the same run (so
"before" and "after" share the machine and the moment).

    python -m benchmarks.speed                          # this checkout
    python -m benchmarks.speed --baseline cf55054~1     # and a git revision, game by game
    python -m benchmarks.speed --game tortuga --seconds 2

Each figure runs for `--seconds` on one core (one process): whole games from seeds 0, 1, 2, ...
for the playouts (random: a uniform choice among `legal_actions`; heuristic: the heuristic
agent in every seat), and ISMCTS with heuristic (the default) and random rollouts from a
position 20 heuristic moves into a game (as `benchmarks.ismcts` does). A baseline revision is
taken with `git archive` into a temporary folder and measured in a child process with that
folder first on `PYTHONPATH`.
(`cf55054~1` is the last revision before the speed work of issue 14.)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import buccaneer
from buccaneer import agents
from buccaneer.core import State

ROOT = Path(__file__).resolve().parent.parent


def rows(games: list[str] | None) -> list[tuple[str, int]]:
    return [
        (name, players)
        for name, spec in buccaneer.GAMES.items()
        if not games or name in games
        for players in spec.player_counts
    ]


def play(game: str, players: int, seed: int, agent: Any, rng: random.Random) -> int:
    """One whole game (`agent` None: uniform random choices); the number of actions."""
    state = buccaneer.load(game, players=players, seed=seed)
    if agent is None:
        state.keep_beliefs(False)  # random play reads no view (as `simulate` does)
    actions = 0
    while True:
        movers = state.to_move()
        if not movers:
            return actions
        for seat in movers:
            if agent is None:
                legal = state.legal_actions(seat)
                action = legal[rng.randrange(len(legal))]
            else:
                action = agent.act(state, seat, rng)
            state.apply(seat, action)
            actions += 1


def playouts(game: str, players: int, seconds: float, policy: str) -> tuple[float, float]:
    """Games per second and actions per game, whole games until `seconds` have passed (after
    one untimed game for the imports and first-time caches)."""
    agent = agents.make(policy) if policy != "random" else None
    rng = random.Random(0)
    play(game, players, 10**9, agent, rng)
    games = actions = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        actions += play(game, players, games, agent, rng)
        games += 1
    return games / (time.perf_counter() - start), actions / games


def compiled_playouts(game: str, players: int, seconds: float) -> float | None:
    """Games per second of random playouts in the game's compiled kernel through
    `fast_playout`, as ISMCTS calls it: each game set up by the Python engine from its seed and
    handed over (the setup costs more than the playout; a kernel's own seeded series, e.g.
    `benchmarks.cartagena_kernel`, is several times faster). None where there is no kernel."""
    fast = getattr(buccaneer.GAMES[game], "fast_playout", None)  # absent in older revisions
    if fast is None:
        return None
    fast(buccaneer.load(game, players=players, seed=10**9), 0)
    games = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        fast(buccaneer.load(game, players=players, seed=games), games)
        games += 1
    return games / (time.perf_counter() - start)


def position(game: str, players: int) -> tuple[State, int]:
    heuristic = agents.make("heuristic")
    state = buccaneer.load(game, players=players, seed=1)
    rng = random.Random(1)
    for _ in range(20):
        for seat in state.to_move():
            state.apply(seat, heuristic.act(state, seat, rng))
    while len(state.legal_actions(seat := state.to_move()[0])) < 2:
        state.apply(seat, heuristic.act(state, seat, rng))
    return state, seat


def ismcts_rate(game: str, players: int, seconds: float, rollout: str) -> float:
    state, seat = position(game, players)
    bot = agents.make("ismcts", time=seconds, rollout=rollout)
    bot.act(state, seat, random.Random(2))
    return float(bot.last_iterations) / seconds  # type: ignore[attr-defined]


def measure(game: str, players: int, seconds: float) -> dict[str, Any]:
    random_rate, random_length = playouts(game, players, seconds, "random")
    heuristic_rate, _ = playouts(game, players, seconds, "heuristic")
    return {
        "game": game,
        "players": players,
        "random": random_rate,
        "compiled": compiled_playouts(game, players, seconds),
        "random_actions": random_length,
        "heuristic": heuristic_rate,
        "heuristic_ms": 1000 / heuristic_rate,
        "ismcts": ismcts_rate(game, players, seconds, "heuristic"),
        "ismcts_random": ismcts_rate(game, players, seconds, "random"),
    }


def baseline_figures(
    revision: str, todo: list[tuple[str, int]], seconds: float, folder: Path
) -> list[dict[str, Any]]:
    """The same figures for `revision`'s engines, in a child process."""
    src = folder / "src"
    if not src.exists():
        archive = subprocess.run(
            ["git", "archive", revision, "src/buccaneer"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(ROOT)])}
    command = [sys.executable, "-m", "benchmarks.speed", "--json", "--seconds", str(seconds)]
    for game, players in todo:
        command += ["--row", f"{game}:{players}"]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def show(mine: dict[str, Any], theirs: dict[str, Any] | None) -> str:
    def cell(key: str, fmt: str, lower_is_faster: bool = False) -> str:
        if mine.get(key) is None:
            return "–"
        value = format(mine[key], fmt)
        if theirs is None or theirs.get(key) is None:
            return value
        speedup = theirs[key] / mine[key] if lower_is_faster else mine[key] / theirs[key]
        return f"{format(theirs[key], fmt)} → {value} ({speedup:.2f}×)"

    return (
        f"| {mine['game']} | {mine['players']} | {cell('random', ',.0f')} | "
        f"{cell('compiled', ',.0f')} | {cell('heuristic', ',.1f')} | "
        f"{cell('heuristic_ms', '.2f', True)} | {cell('ismcts', ',.0f')} | "
        f"{cell('ismcts_random', ',.0f')} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game(s) to run; default: all")
    parser.add_argument("--seconds", type=float, default=1.0, help="per figure")
    parser.add_argument("--baseline", help="a git revision to measure beside this checkout")
    parser.add_argument("--json", action="store_true", help="JSON lines only")
    parser.add_argument("--row", action="append", help=argparse.SUPPRESS)
    args = parser.parse_args()
    todo = (
        [(r.split(":")[0], int(r.split(":")[1])) for r in args.row] if args.row else rows(args.game)
    )
    if args.json:
        for game, players in todo:
            print(json.dumps(measure(game, players, args.seconds)), flush=True)
        return
    print(f"$ python -m benchmarks.speed {' '.join(sys.argv[1:])}".rstrip())
    print(f"{time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    if args.baseline:
        print(f"before ({args.baseline}) → after (this checkout), in the same run; (n×): speed-up")
    print(
        "| game | players | random playouts/s | compiled kernel playouts/s (set up in Python) | "
        "heuristic playouts/s | ms per heuristic playout | ISMCTS iterations/s, heuristic "
        "rollouts | ISMCTS iterations/s, random rollouts |"
    )
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for game in dict.fromkeys(g for g, _ in todo):
            mine_rows = [(g, p) for g, p in todo if g == game]
            theirs = (
                baseline_figures(args.baseline, mine_rows, args.seconds, Path(folder))
                if args.baseline
                else [None] * len(mine_rows)
            )
            for (g, p), before in zip(mine_rows, theirs, strict=True):
                print(show(measure(g, p, args.seconds), before), flush=True)


if __name__ == "__main__":
    main()
