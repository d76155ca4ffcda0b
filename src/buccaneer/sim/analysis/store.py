"""An analysis's folder: its plan, every chunk of games as it finishes (so Ctrl-C loses at most
the chunks in play, and the same command run again resumes), and the tables written at the end.

    DIR/plan.json           what is played; a rerun must ask for the same
    DIR/chunks/T-F.npz      setting T's games from game F, as `Rows` columns
    DIR/games.csv|.parquet  one row per game
    DIR/seats.csv|.parquet  one row per seat of a game
    DIR/checkpoints.csv|.parquet  one row per game and checkpoint (25/50/75%): who led
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np

from buccaneer.core import OptionError
from buccaneer.sim.analysis.plan import Plan
from buccaneer.sim.chunks import COLUMNS, Rows


class Store:
    """The folder of one analysis."""

    def __init__(self, folder: Path, plan: Plan, *, fresh: bool = False) -> None:
        self.folder = folder
        self.chunk_dir = folder / "chunks"
        planned = json.dumps(plan.to_json(), indent=2, sort_keys=True)
        plan_file = folder / "plan.json"
        try:
            self.chunk_dir.mkdir(parents=True, exist_ok=True)
            if plan_file.exists() and not fresh:
                if plan_file.read_text(encoding="utf-8") != planned:
                    raise OptionError(
                        f"{folder} holds an analysis of other settings (its plan.json); give "
                        "another --out, or --fresh to start this one there from nothing"
                    )
            else:
                for old in self.chunk_dir.glob("*.npz"):
                    old.unlink()
                _write(plan_file, planned.encode())
        except OSError as exc:
            raise OptionError(f"cannot use {folder}: {exc.strerror or exc}") from None

    def _path(self, tag: int, first: int) -> Path:
        return self.chunk_dir / f"{tag}-{first}.npz"

    def has(self, tag: int, first: int) -> bool:
        return self._path(tag, first).exists()

    def save(self, rows: Rows) -> None:
        arrays: dict[str, Any] = {name: getattr(rows, name) for name in COLUMNS}
        arrays["teams"] = np.array(json.dumps(rows.teams))
        arrays["meta"] = np.array([rows.tag, rows.first, rows.players], dtype=np.int64)
        path = self._path(rows.tag, rows.first)
        tmp = path.with_suffix(".tmp.npz")
        with tmp.open("wb") as handle:
            np.savez(handle, **arrays)
            handle.flush()
            os.fsync(handle.fileno())
        tmp.replace(path)

    def load_all(self) -> list[Rows]:
        """Every chunk saved, in setting and game order."""
        found = []
        for path in self.chunk_dir.glob("*.npz"):
            if path.name.endswith(".tmp.npz"):
                continue
            with np.load(path) as data:
                tag, first, players = (int(v) for v in data["meta"])
                teams = json.loads(str(data["teams"]))
                rows = Rows(
                    tag=tag,
                    first=first,
                    players=players,
                    teams=None if teams is None else [tuple(t) for t in teams],
                    **{name: data[name] for name in COLUMNS},
                )
            found.append(rows)
        return sorted(found, key=lambda rows: (rows.tag, rows.first))


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
