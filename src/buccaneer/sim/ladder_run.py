"""Running a ladder: lay it out, play the games its folder does not hold yet, write every output.

The games are played by the tournament's backends (here, processes, Ray) and each is stored
the moment it ends (`ladder_store`), so a rerun with the same settings resumes and Ctrl-C keeps
every finished game. The outputs are rebuilt from all stored games each time, so a resumed
ladder reports exactly what one uninterrupted run would have.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from buccaneer.core import OptionError, get_spec, load
from buccaneer.core.optional import can_plot
from buccaneer.sim.backends import run
from buccaneer.sim.games import Entrant, GameJob, GameResult, run_job
from buccaneer.sim.ladder import Slot, levels, schedule
from buccaneer.sim.ladder_markdown import markdown
from buccaneer.sim.ladder_plot import plot_ratings
from buccaneer.sim.ladder_report import (
    POOLED,
    game_report,
    games_csv,
    head_to_head_csv,
    ratings_csv,
)
from buccaneer.sim.ladder_store import LadderStore, write_atomic

FORMAT = "buccaneer-ladder/1"
OUTPUTS = (
    "ladder.json",
    "ladder.md",
    "levels.json",
    "ratings.csv",
    "head_to_head.csv",
    "games.csv",
    "ratings.png",
)
"""What a ladder writes beside its settings.json and games.jsonl."""


@dataclass
class Ladder:
    """One ladder's field per game, its schedule, and the games it holds so far."""

    fields: dict[str, list[Entrant]]
    player_counts: dict[str, list[int]]
    games_per_table: int
    seed: int
    options: dict[str, dict[str, Any]]
    max_actions: int
    slots: list[tuple[Slot, GameJob]]
    done: dict[tuple[str, int], GameResult] = field(default_factory=dict)
    interrupted: bool = False
    seconds: float = 0.0
    backend: str = "here"

    @property
    def settings(self) -> dict[str, Any]:
        """Everything that decides which games are played: equal settings, equal games."""
        return {
            "format": FORMAT,
            "games": {
                game: {
                    "agents": [
                        {"label": e.label, "agent": e.name, "params": e.params} for e in entrants
                    ],
                    "players": self.player_counts[game],
                    "options": self.options.get(game, {}),
                }
                for game, entrants in self.fields.items()
            },
            "games_per_table": self.games_per_table,
            "seed": self.seed,
            "max_actions": self.max_actions,
        }

    def missing(self) -> list[GameJob]:
        return [job for _, job in self.slots if (job.game, job.index) not in self.done]

    def results(self, game: str) -> list[GameResult]:
        return sorted((r for (g, _), r in self.done.items() if g == game), key=lambda r: r.index)


def plan(
    *,
    fields: Mapping[str, Sequence[Entrant]],
    player_counts: Mapping[str, Sequence[int]],
    games: int,
    seed: int,
    options: Mapping[str, Mapping[str, Any]] | None = None,
    max_actions: int = 100_000,
) -> Ladder:
    """Check the games, counts and agents, and lay the ladder out; nothing is played or written."""
    options = options or {}
    for game, counts in player_counts.items():
        spec = get_spec(game)
        if not counts:
            raise OptionError(f"{spec.title}: no player count to play")
        for players in counts:
            if players not in spec.player_counts:
                raise OptionError(
                    f"{spec.title} is for {spec.min_players}-{spec.max_players} players, "
                    f"not {players}"
                )
            load(game, players, seed=0, **options.get(game, {}))
    for entrants in fields.values():
        for entrant in entrants:
            entrant.make()  # unknown agents and bad parameters fail now
    slots = schedule(
        fields=fields,
        player_counts=player_counts,
        games=games,
        seed=seed,
        options=options,
        max_actions=max_actions,
    )
    return Ladder(
        fields={g: list(e) for g, e in fields.items()},
        player_counts={g: list(c) for g, c in player_counts.items()},
        games_per_table=games,
        seed=seed,
        options={g: dict(o) for g, o in options.items()},
        max_actions=max_actions,
        slots=slots,
    )


def open_store(ladder: Ladder, folder: Path) -> LadderStore:
    """The ladder's folder, checked (another ladder's folder is refused) and its games loaded;
    nothing is written yet."""
    store = LadderStore(folder)
    if store.check_settings(ladder.settings):
        jobs = {(job.game, job.index): job for _, job in ladder.slots}
        ladder.done = store.load(jobs)
        previous = folder / OUTPUTS[0]
        if previous.exists():
            try:
                ladder.seconds = float(json.loads(previous.read_text("utf-8"))["seconds"])
            except (OSError, ValueError, KeyError, TypeError):
                ladder.seconds = 0.0
    return store


def play(
    ladder: Ladder,
    store: LadderStore,
    workers: int = 1,
    ray: str | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> None:
    """Play every missing game, storing each as it ends; Ctrl-C stops and keeps what is done."""
    jobs = ladder.missing()
    stream, ladder.backend = run(jobs, workers, ray, run_job)
    store.start(ladder.settings)
    start = time.perf_counter()
    try:
        with closing(stream) as results:
            for result in results:
                game = str(result.record["game"])  # indices count per game
                store.append(game, result)
                ladder.done[(game, result.index)] = result
                if on_result is not None:
                    on_result(result)
    except KeyboardInterrupt:
        ladder.interrupted = True
    finally:
        ladder.seconds += time.perf_counter() - start


def report(ladder: Ladder, about: Mapping[str, Any]) -> dict[str, Any]:
    """ladder.json's content: the settings, `about` (command, date, machine), every game's
    figures and levels."""
    reports = {
        game: game_report(ladder.results(game), [e.label for e in entrants])
        for game, entrants in ladder.fields.items()
    }
    named = {
        game: [
            {
                "name": level.name,
                "agent": level.agent,
                "mu": level.mu,
                "sigma": level.sigma,
                **{k: r["ratings"][POOLED][level.agent][k] for k in ("ci95", "ordinal")},
            }
            for level in levels(_played(r["ratings"][POOLED]))
        ]
        for game, r in reports.items()
        if r["games"]
    }
    return {
        **ladder.settings,
        **about,
        "titles": {game: get_spec(game).title for game in ladder.fields},
        "backend": ladder.backend,
        "scheduled": len(ladder.slots),
        "played": len(ladder.done),
        "interrupted": ladder.interrupted,
        "seconds": ladder.seconds,
        "levels": named,
        "results": reports,
    }


PROVENANCE = ("command", "date", "machine", "seed", "games_per_table")
"""What a published level says of the ladder that named it."""


def levels_file(data: Mapping[str, Any]) -> dict[str, Any]:
    """levels.json: the ladder's provenance and every game's named levels. One game's part,
    `published(levels_file(data), game)`, is the `levels.json` that game ships
    (`agents.levels`, copied by scripts/publish_levels.py)."""
    return {
        "ladder": {key: data[key] for key in PROVENANCE if key in data},
        "games": data["levels"],
    }


def published(levels: Mapping[str, Any], game: str) -> dict[str, Any]:
    """The `levels.json` a game ships, from a ladder's levels.json: its provenance and that
    game's levels (OptionError when the ladder named none for it)."""
    if not levels["games"].get(game):
        raise OptionError(f"the ladder named no levels for {game}")
    return {"game": game, "ladder": levels["ladder"], "levels": levels["games"][game]}


def _played(ratings: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The ratings of agents that played: an interrupted ladder's unplayed agent still has the
    prior rating, which would name a level by nothing."""
    return {agent: entry for agent, entry in ratings.items() if entry["seats"]}


def write_outputs(ladder: Ladder, data: dict[str, Any], folder: Path) -> None:
    """Every output file of OUTPUTS, rebuilt from all the games the ladder holds."""
    reports = data["results"]
    write_atomic(folder / "ladder.json", json.dumps(data, indent=1))
    write_atomic(folder / "ladder.md", markdown({**data, "games": reports}))
    write_atomic(folder / "levels.json", json.dumps(levels_file(data), indent=1))
    write_atomic(folder / "ratings.csv", ratings_csv(reports))
    write_atomic(folder / "head_to_head.csv", head_to_head_csv(reports))
    ordered = [(game, r) for game in ladder.fields for r in ladder.results(game)]
    write_atomic(folder / "games.csv", games_csv(ordered))
    played = {game: r for game, r in reports.items() if r["games"]}
    if played and can_plot():  # without matplotlib the ladder is whole but for its picture
        plot_ratings(played, data["titles"], folder / "ratings.png")
