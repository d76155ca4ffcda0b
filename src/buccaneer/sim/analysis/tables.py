"""The data behind every figure of a report, as three tables (columns of equal length), written
as CSV and Parquet: the report's figures are computed from these same columns (`measures`), so
anyone can recompute them from the files.

- `games`: one row per game: its setting, seed, winners, length, lead changes, who led at each
  checkpoint, the final margin;
- `seats`: one row per seat of a game: its agent, start position (0 = the first to play),
  team, score and win (a shared win counts 1/k for each of k winners, a team's win whole);
- `checkpoints`: one row per game and checkpoint (25/50/75% of its actions): who led (the
  seats; `leader`, the seat leading alone or in a team game the team whose seats lead, by the
  teams at the end), and whether that leader went on to win.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from buccaneer.core import get_spec
from buccaneer.sim.analysis.plan import Plan
from buccaneer.sim.analysis.trace import CHECKPOINTS, leading_side, single_seat
from buccaneer.sim.chunks import LEADER_POINTS, Rows

Array = np.ndarray[Any, Any]
Table = dict[str, Array]


def seats_of(mask: int) -> str:
    """A bitmask of seats as text: "0;2" (empty for none)."""
    return ";".join(str(seat) for seat in range(mask.bit_length()) if mask >> seat & 1)


def build(plan: Plan, chunks: Sequence[Rows]) -> dict[str, Table]:
    """The three tables of every game in `chunks` (in their order), column by column: numpy
    work per chunk, so a million games of a kernel run take seconds, not minutes."""
    parts = [_chunk_tables(plan, rows) for rows in chunks]
    names = {"games": GAME_COLUMNS, "seats": SEAT_COLUMNS, "checkpoints": CHECKPOINT_COLUMNS}
    return {
        table: {
            column: np.concatenate([part[table][column] for part in parts])
            if parts
            else np.zeros(0, dtype=object)
            for column in columns_
        }
        for table, columns_ in names.items()
    }


def _chunk_tables(plan: Plan, rows: Rows) -> dict[str, Table]:
    spec = get_spec(plan.game)
    setting = plan.settings[rows.tag]
    n, k = rows.players, rows.count
    masks = np.array([seats_of(mask) for mask in range(1 << n)], dtype=object)
    sole = np.array(["" if single_seat(m) is None else str(single_seat(m)) for m in range(1 << n)],
                    dtype=object)  # fmt: skip
    index = rows.first + np.arange(k, dtype=np.int64)
    seeds = (np.uint64(plan.seed) + index.astype(np.uint64)).astype(str).astype(object)
    won = ((rows.winners[:, None] >> np.arange(n)) & 1).astype(bool)  # (k, n)
    scores = rows.scores
    lowest = -np.inf
    best_winner = np.where(won, scores, lowest).max(axis=1)
    best_other = np.where(~won, scores, lowest).max(axis=1)
    margin = np.where(won.any(axis=1) & (~won).any(axis=1), best_winner - best_other, 0.0)
    teams = _teams(rows, n)
    team_game = np.array([bool(t) for t in (rows.teams or [()] * k)], dtype=bool)
    share = np.where(team_game[:, None], 1.0, 1.0 / np.maximum(won.sum(axis=1), 1)[:, None])
    by_seat = np.tile(np.arange(n), k)
    first_seat = np.repeat(rows.first_seat, n)
    leaders = rows.leaders
    games: Table = {
        "setting": np.full(k, rows.tag),
        "setting_label": np.full(k, setting.label(plan.varied_options()), dtype=object),
        "players": np.full(k, n),
        "game": index,
        "seed": seeds,
        "finished": rows.finished,
        "winners": masks[rows.winners],
        "actions": rows.actions,
        "turns": rows.turns,
        "rounds": rows.rounds,
        "lead_changes": rows.lead_changes,
        "first_seat": rows.first_seat,
        **{f"leaders_{p}": masks[leaders[:, j]] for j, p in enumerate(LEADER_POINTS)},
        "margin": margin,
    }
    seats: Table = {
        "setting": np.full(k * n, rows.tag),
        "players": np.full(k * n, n),
        "game": np.repeat(index, n),
        "seed": np.repeat(seeds, n),
        "finished": np.repeat(rows.finished, n),
        "seat": by_seat,
        "seat_name": np.array([spec.seat_name(s) for s in range(n)], dtype=object)[by_seat],
        "position": (by_seat - first_seat) % n,
        "agent": np.array([a.label() for a in setting.lineup], dtype=object)[by_seat],
        "team": teams.ravel(),
        "score": scores.ravel(),
        "won": won.ravel(),
        "win_share": (won * share).ravel(),
    }
    points = leaders[:, 1:]  # (k, checkpoints)
    side = sole[points]  # the seat leading alone, as text ("" for none) ...
    for g in np.flatnonzero(team_game):  # ... or in a team game the team whose seats lead
        side[g] = [leading_side(int(m), teams[g].tolist()) or "" for m in points[g]]
    held = (side != "") & ((points & rows.winners[:, None]) != 0)
    count = len(CHECKPOINTS)
    checkpoints: Table = {
        "setting": np.full(k * count, rows.tag),
        "game": np.repeat(index, count),
        "finished": np.repeat(rows.finished, count),
        "percent": np.tile(np.array(CHECKPOINTS), k),
        "leaders": masks[points].ravel(),
        "leader": side.ravel(),
        "leader_won": held.ravel(),
    }
    return {"games": games, "seats": seats, "checkpoints": checkpoints}


def _teams(rows: Rows, n: int) -> Array:
    """Each seat's team per game, "" where the game has none (or did not finish)."""
    teams = np.full((rows.count, n), "", dtype=object)
    for k, labels in enumerate(rows.teams or ()):
        if labels and rows.finished[k]:
            teams[k] = labels
    return teams


GAME_COLUMNS = (
    "setting", "setting_label", "players", "game", "seed", "finished", "winners", "actions",
    "turns", "rounds", "lead_changes", "first_seat", *(f"leaders_{p}" for p in LEADER_POINTS),
    "margin",
)  # fmt: skip
SEAT_COLUMNS = (
    "setting", "players", "game", "seed", "finished", "seat", "seat_name", "position", "agent",
    "team", "score", "won", "win_share",
)  # fmt: skip
CHECKPOINT_COLUMNS = (
    "setting", "game", "finished", "percent", "leaders", "leader", "leader_won",
)  # fmt: skip


CSV_BLOCK = 100_000


def write(folder: Path, tables: dict[str, Table]) -> list[str]:
    """Each table as NAME.csv and NAME.parquet in `folder`; the names of the files not
    written, with why (Parquet needs pyarrow: the `analysis` extra)."""
    missing = []
    try:
        import pyarrow as pa  # noqa: PLC0415 - an optional extra
        import pyarrow.parquet as pq  # noqa: PLC0415
    except ImportError:
        pa = pq = None
        missing.append("Parquet files (pip install 'buccaneer[analysis]' adds pyarrow)")
    for name, table in tables.items():
        with (folder / f"{name}.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(table)
            rows = len(next(iter(table.values())))
            for start in range(0, rows, CSV_BLOCK):  # Python objects for a block at a time
                block = [column[start : start + CSV_BLOCK].tolist() for column in table.values()]
                writer.writerows(zip(*block, strict=True))
        if pa is not None and pq is not None:
            pq.write_table(pa.table(table), folder / f"{name}.parquet")
    return missing


def columns(table: Table) -> dict[str, Array]:
    """A table's columns as numpy arrays, for the measures."""
    return {name: np.asarray(values) for name, values in table.items()}


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
