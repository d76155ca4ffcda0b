"""Many bot-only games in a row, and the numbers a person checks first: speed, length, who wins.

This is the engine of `buccaneer simulate`; the command line (`cli.py`'s `simulate`) only
parses its arguments and shows its progress, and `cli_support/simulate.py` draws the summary.

Game i uses seed `base + i` and agent randomness derived from it, so any single game of a run
can be reproduced (and replayed from the JSON Lines file) on its own, and a run's figures are the
same whatever the number of workers (`sim/chunks.py`).

Where every seat is the random agent and the game has a compiled kernel
(`GameSpec.fast_random_games`), the games are dealt and played there (`--engine auto`, the
default), many per call, and replayed in the reference engine only when their records are
saved. The kernel draws the random choices from its own stream (`kernel_policy_seed` of the game
seed), not from the Python agents' streams, so a seeded run repeats exactly on the same engine;
`--engine python` plays every game in the reference engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from buccaneer.agents.spec import AgentSpec
from buccaneer.core import GameSpec
from buccaneer.sim.backends import run
from buccaneer.sim.chunks import Chunk, Rows, play_chunk

ENGINES = ("auto", "python", "compiled")


class SimulationError(ValueError):
    """A run that cannot be played as asked (an engine this run cannot use, a record that
    cannot be written), worded for the person who asked; the command line shows it as its own
    usage error."""


@dataclass
class Tally:
    """Running totals over the games played so far."""

    players: int
    games: int = 0
    finished: int = 0
    actions: int = 0
    lengths: list[int] = field(default_factory=list)  # finished games only
    wins: list[int] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    team_games: dict[str, int] = field(default_factory=dict)  # team games: games with the team
    team_wins: dict[str, int] = field(default_factory=dict)  # ... and games it won
    interrupted: bool = False

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.score_sums = [0.0] * self.players

    def add(self, rows: Rows) -> None:
        """Count a chunk's games."""
        finished = rows.finished
        self.games += rows.count
        self.finished += int(finished.sum())
        self.actions += int(rows.actions.sum())
        self.lengths.extend(rows.actions[finished].tolist())
        for seat in range(self.players):
            self.wins[seat] += int(((rows.winners >> seat) & 1).sum())
            self.score_sums[seat] += float(rows.scores[finished, seat].sum())
        for k, labels in enumerate(rows.teams or ()):
            if not finished[k]:
                continue
            won = {labels[seat] for seat in range(self.players) if rows.winners[k] >> seat & 1}
            for team in sorted(set(labels)):
                self.team_games[team] = self.team_games.get(team, 0) + 1
                self.team_wins[team] = self.team_wins.get(team, 0) + (team in won)


def choose_engine(spec: GameSpec, agent_specs: list[AgentSpec], engine: str) -> str:
    """ "compiled" or "python" for `--engine` (see the module doc); a clear error when the
    compiled engine is asked for and cannot play this run."""
    if engine not in ENGINES:
        raise SimulationError(f"--engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    if engine == "python":
        return engine
    random_only = all(agent.name == "random" and not agent.params for agent in agent_specs)
    if spec.fast_random_games is not None and random_only:
        return "compiled"
    if engine == "auto":
        return "python"
    if spec.fast_random_games is None:
        raise SimulationError(f"{spec.name} has no compiled engine here; use --engine python")
    raise SimulationError("the compiled engine plays random agents only; use --engine python")


def chunk_size(games: int, workers: int, engine: str) -> int:
    """Games per chunk: enough chunks to keep every worker busy to the end and to show
    progress, few enough that a chunk's own cost stays small beside its games'."""
    most = 10_000 if engine == "compiled" else 50
    return max(1, min(most, games // (8 * workers) or 1))


def simulate(
    *,
    spec: GameSpec,
    players: int,
    options: dict[str, Any],
    agent_specs: list[AgentSpec],
    base_seed: int,
    games: int,
    max_actions: int,
    out: IO[str] | None = None,
    advance: Callable[[int], None] | None = None,
    engine: str = "python",
    workers: int = 1,
    ray: str | None = None,
) -> tuple[Tally, float]:
    """Play `games` games on `engine` ("python", or "compiled" from `choose_engine`) with
    `workers` at once (threads for the kernel, which releases the GIL; processes for Python;
    Ray at `ray`): the totals and the wall-clock seconds they took. The totals are the same for
    any number of workers: game i is always the game of seed `nth_seed(base_seed, i)`."""
    size = chunk_size(games, workers, engine)
    jobs = [
        Chunk(
            game=spec.name,
            players=players,
            options=options,
            seats=tuple(agent_specs),
            base_seed=base_seed,
            first=first,
            count=min(size, games - first),
            max_actions=max_actions,
            engine=engine,
            records=out is not None,
            watch=False,
        )
        for first in range(0, games, size)
    ]
    tally = Tally(players)
    waiting: dict[int, Rows] = {}  # chunks done ahead of the next one to write
    written = 0
    start = time.perf_counter()
    stream, _backend = run(jobs, workers, ray, play_chunk, threads=engine == "compiled")
    try:
        for rows in stream:
            waiting[rows.first] = rows
            while written in waiting:  # in game order, whatever order the chunks finish in
                done = waiting.pop(written)
                tally.add(done)
                if out is not None:
                    _write(out, done, written)
                written += done.count
            if advance is not None:
                advance(rows.count)
            if rows.interrupted:
                raise KeyboardInterrupt
    except KeyboardInterrupt:
        # Ctrl-C ends a long run early; the games completed so far still make a summary.
        tally.interrupted = True
    finally:
        stream.close()
    return tally, time.perf_counter() - start


def _write(out: IO[str], rows: Rows, first: int) -> None:
    assert rows.records is not None
    for k, record in enumerate(rows.records):
        try:
            out.write(record + "\n")
            out.flush()
        except OSError as exc:
            raise SimulationError(
                f"cannot write the record of game {first + k + 1} ({exc.strerror or exc}); "
                f"the {first + k} before it are saved"
            ) from None


def summary(
    *,
    spec: GameSpec,
    options: dict[str, Any],
    agent_specs: list[AgentSpec],
    base_seed: int,
    tally: Tally,
    seconds: float,
    engine: str = "python",
) -> dict[str, Any]:
    """The run as plain data: what `--json` prints and the table is drawn from."""
    elapsed = max(seconds, 1e-9)
    lengths = tally.lengths
    seats = []
    for seat in range(tally.players):
        wins = tally.wins[seat]
        seats.append(
            {
                "seat": seat,
                "name": spec.seat_name(seat),
                "agent": agent_specs[seat].label(),
                "wins": wins,
                "win_rate": wins / tally.games if tally.games else 0.0,
                "mean_score": tally.score_sums[seat] / tally.finished if tally.finished else None,
            }
        )
    return {
        "game": spec.name,
        "players": tally.players,
        "options": options,
        "seed": base_seed,
        "engine": engine,
        "games": tally.games,
        "finished": tally.finished,
        "unfinished": tally.games - tally.finished,
        "interrupted": tally.interrupted,
        "seconds": seconds,
        "games_per_second": tally.games / elapsed,
        "actions": tally.actions,
        "actions_per_second": tally.actions / elapsed,
        "length": {
            "mean": sum(lengths) / len(lengths) if lengths else None,
            "min": min(lengths) if lengths else None,
            "max": max(lengths) if lengths else None,
        },
        "seats": seats,
        "teams": [
            {
                "team": team,
                "games": games,
                "wins": tally.team_wins[team],
                "win_rate": tally.team_wins[team] / games,
            }
            for team, games in sorted(tally.team_games.items())
        ],
    }
