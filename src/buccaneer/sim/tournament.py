"""A tournament: schedule the games, play them on a backend, keep every result, summarise.

Results are kept as they arrive, so an interrupted run (Ctrl-C) still has every finished game
for its summary and its saved file; nothing played is lost.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from buccaneer.core import OptionError, get_spec, load
from buccaneer.sim.backends import run
from buccaneer.sim.games import Entrant, GameJob, GameResult, run_job
from buccaneer.sim.schedule import schedule
from buccaneer.sim.summary import summarise

FORMAT = "buccaneer-tournament/1"


@dataclass
class Tournament:
    game: str
    entrants: list[Entrant]
    player_counts: list[int]
    games_per_count: int
    seed: int
    options: dict[str, Any]
    jobs: list[GameJob]
    results: list[GameResult] = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0
    backend: str = "here"

    @property
    def labels(self) -> list[str]:
        return [entrant.label for entrant in self.entrants]

    def summary(self) -> dict[str, Any]:
        return summarise(sorted(self.results, key=lambda r: r.index), self.labels)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "created": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "bots": [
                {"label": e.label, "agent": e.name, "params": e.params} for e in self.entrants
            ],
            "players": self.player_counts,
            "games_per_player_count": self.games_per_count,
            "seed": self.seed,
            "options": self.options,
            "backend": self.backend,
            "scheduled": len(self.jobs),
            "played": len(self.results),
            "interrupted": self.interrupted,
            "seconds": self.seconds,
            "summary": self.summary(),
            "games": [r.to_json() for r in sorted(self.results, key=lambda r: r.index)],
        }

    def save(self, path: Path) -> None:
        """Write the JSON next to its final name first, so a crash never leaves half a file."""
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".partial")
        temporary.write_text(json.dumps(self.to_json(), indent=1), encoding="utf-8")
        temporary.replace(path)


def plan(
    *,
    game: str,
    entrants: Sequence[Entrant],
    player_counts: Sequence[int],
    games: int,
    seed: int,
    options: dict[str, Any],
    max_actions: int = 100_000,
) -> Tournament:
    """Check everything before any game is played, and lay out the schedule."""
    spec = get_spec(game)
    if games < 1:
        raise OptionError(f"--games must be at least 1, got {games}")
    for players in player_counts:
        if players not in spec.player_counts:
            raise OptionError(
                f"{spec.title} is for {spec.min_players}-{spec.max_players} players, not {players}"
            )
        load(spec.name, players, seed=0, **options)  # options checked for every count
    for entrant in entrants:
        entrant.make()  # unknown agents and bad parameters fail now, not in a worker
    jobs = schedule(
        game=spec.name,
        entrants=entrants,
        player_counts=player_counts,
        games=games,
        base_seed=seed,
        options=options,
        max_actions=max_actions,
    )
    return Tournament(
        game=spec.name,
        entrants=list(entrants),
        player_counts=list(player_counts),
        games_per_count=games,
        seed=seed,
        options=dict(options),
        jobs=jobs,
    )


def play(
    tournament: Tournament,
    workers: int = 1,
    ray: str | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> Tournament:
    """Play every scheduled game; Ctrl-C stops early and keeps what was played."""
    stream, tournament.backend = run(tournament.jobs, workers, ray, run_job)
    start = time.perf_counter()
    try:
        with closing(stream) as results:  # closing stops the backend's workers on Ctrl-C
            for result in results:
                tournament.results.append(result)
                if on_result is not None:
                    on_result(result)
    except KeyboardInterrupt:
        tournament.interrupted = True
    finally:
        tournament.seconds += time.perf_counter() - start
    return tournament
