"""An analysis from plan to report: play the chunks not yet in the folder (here, on threads or
processes, or on Ray), keep each as it finishes, then write the tables, the figures, the games
worth watching and the HTML report from everything the folder holds.

Ctrl-C stops the play; what finished is kept and reported, and the same command run again plays
only the rest. The figures depend on the games alone, never on the workers or the order the
chunks finished in.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from buccaneer.core import get_spec
from buccaneer.core.optional import NO_PLOTS, can_plot
from buccaneer.sim.analysis import measures, report, tables
from buccaneer.sim.analysis.plan import Plan
from buccaneer.sim.analysis.store import Store
from buccaneer.sim.backends import run
from buccaneer.sim.chunks import play_chunk


@dataclass
class Outcome:
    folder: Path
    figures: dict[str, Any]
    played: int  # games played by this run
    kept: int  # games found in the folder from an earlier run
    seconds: float  # playing
    backend: str
    interrupted: bool
    missing: list[str]  # outputs not written, with why


def analyze(
    plan: Plan,
    folder: Path,
    *,
    workers: int = 1,
    ray: str | None = None,
    fresh: bool = False,
    advance: Callable[[int], None] | None = None,
) -> Outcome:
    store = Store(folder, plan, fresh=fresh)
    chunks = plan.chunks()
    todo = [chunk for chunk in chunks if not store.has(chunk.tag, chunk.first)]
    kept = sum(chunk.count for chunk in chunks) - sum(chunk.count for chunk in todo)
    if advance is not None and kept:
        advance(kept)
    threads = all(chunk.engine == "compiled" for chunk in todo)  # the kernel releases the GIL
    played = 0
    interrupted = False
    start = time.perf_counter()
    stream, backend = run(todo, workers, ray, play_chunk, threads=threads)
    try:
        for rows in stream:
            if rows.interrupted:  # Ctrl-C inside a chunk played here: keep none of it
                raise KeyboardInterrupt
            store.save(rows)
            played += rows.count
            if advance is not None:
                advance(rows.count)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        stream.close()
    seconds = time.perf_counter() - start
    figures, missing = write_report(plan, store)
    return Outcome(folder, figures, played, kept, seconds, backend, interrupted, missing)


def write_report(plan: Plan, store: Store) -> tuple[dict[str, Any], list[str]]:
    """Tables, figures, replays and the report from every game the folder holds."""
    folder = store.folder
    built = tables.build(plan, store.load_all())
    missing = tables.write(folder, built)
    if not can_plot():
        missing.append(f"the report's plots ({NO_PLOTS})")
    figures = measures.figures(plan, built)
    replays = _replays(plan, built, folder)
    figures["replays"] = replays
    (folder / "figures.json").write_text(json.dumps(figures, indent=1), encoding="utf-8")
    title = get_spec(plan.game).title
    (folder / "report.html").write_text(
        report.render(figures, built["games"], replays, title), encoding="utf-8"
    )
    return figures, missing


def _replays(plan: Plan, built: dict[str, tables.Table], folder: Path) -> list[dict[str, Any]]:
    """The games worth watching, replayed (each is a function of its seed and lineup) and
    saved as records for `buccaneer replay`."""
    out = []
    replay_dir = folder / "replays"
    replay_dir.mkdir(exist_ok=True)
    for pick in measures.picks(plan, built):
        rows = play_chunk(plan.chunk(pick["setting"], pick["game"], 1, records=True))
        if not rows.records:  # Ctrl-C again while it was replayed: the report goes without it
            continue
        path = replay_dir / f"setting{pick['setting']}-game{pick['game']}.json"
        path.write_text(rows.records[0] + "\n", encoding="utf-8")
        out.append(pick | {"path": str(path)})
    return out
