"""The data behind every figure of a report, as three tables (columns of equal length), written
as CSV and Parquet: the report's figures are computed from these same columns (`measures`), so
anyone can recompute them from the files.

- `games`: one row per game: its setting, seed, winners, length, lead changes, who led at each
  checkpoint, the final margin;
- `seats`: one row per seat of a game: its agent, start position (0 = the first to play),
  team, score and win (a shared win counts 1/k for each of k winners, a team's win whole);
- `checkpoints`: one row per game and checkpoint (25/50/75% of its actions): who led, and
  whether a sole leader went on to win.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from buccaneer.core import get_spec
from buccaneer.core.rng import nth_seed
from buccaneer.sim.analysis.plan import Plan
from buccaneer.sim.analysis.trace import CHECKPOINTS, single_seat
from buccaneer.sim.chunks import LEADER_POINTS, Rows

Table = dict[str, list[Any]]


def seats_of(mask: int) -> str:
    """A bitmask of seats as text: "0;2" (empty for none)."""
    return ";".join(str(seat) for seat in range(mask.bit_length()) if mask >> seat & 1)


def build(plan: Plan, chunks: Sequence[Rows]) -> dict[str, Table]:
    spec = get_spec(plan.game)
    varied = plan.varied_options()
    games: Table = {name: [] for name in GAME_COLUMNS}
    seats: Table = {name: [] for name in SEAT_COLUMNS}
    points: Table = {name: [] for name in CHECKPOINT_COLUMNS}
    for rows in chunks:
        setting = plan.settings[rows.tag]
        label = setting.label(varied)
        n = rows.players
        for k in range(rows.count):
            index = rows.first + k
            seed = nth_seed(plan.seed, index)
            won = int(rows.winners[k])
            finished = bool(rows.finished[k])
            scores = [float(x) for x in rows.scores[k]]
            teams = rows.teams[k] if rows.teams is not None and finished else ()
            winners = [seat for seat in range(n) if won >> seat & 1]
            first_seat = int(rows.first_seat[k])
            leaders = [int(x) for x in rows.leaders[k]]
            _add(
                games,
                setting=rows.tag,
                setting_label=label,
                players=n,
                game=index,
                seed=str(seed),
                finished=finished,
                winners=seats_of(won),
                actions=int(rows.actions[k]),
                turns=int(rows.turns[k]),
                rounds=int(rows.rounds[k]),
                lead_changes=int(rows.lead_changes[k]),
                first_seat=first_seat,
                **{
                    f"leaders_{p}": seats_of(m) for p, m in zip(LEADER_POINTS, leaders, strict=True)
                },
                margin=_margin(scores, winners),
            )
            for seat in range(n):
                won_seat = seat in winners
                share = 0.0
                if won_seat:
                    share = 1.0 if teams else 1.0 / len(winners)
                _add(
                    seats,
                    setting=rows.tag,
                    players=n,
                    game=index,
                    seed=str(seed),
                    finished=finished,
                    seat=seat,
                    seat_name=spec.seat_name(seat),
                    position=(seat - first_seat) % n,
                    agent=setting.lineup[seat].label(),
                    team=teams[seat] if teams else "",
                    score=scores[seat],
                    won=won_seat,
                    win_share=share,
                )
            for p, mask in zip(CHECKPOINTS, leaders[1:], strict=True):
                sole = single_seat(mask)
                _add(
                    points,
                    setting=rows.tag,
                    game=index,
                    finished=finished,
                    percent=p,
                    leaders=seats_of(mask),
                    sole_leader=-1 if sole is None else sole,
                    leader_won=sole is not None and sole in winners,
                )
    return {"games": games, "seats": seats, "checkpoints": points}


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
    "setting", "game", "finished", "percent", "leaders", "sole_leader", "leader_won",
)  # fmt: skip


def _add(table: Table, **values: Any) -> None:
    for name, value in values.items():
        table[name].append(value)


def _margin(scores: list[float], winners: list[int]) -> float:
    """How far the winners' best final score is ahead of the best other seat's (0 when all
    won or none did)."""
    others = [score for seat, score in enumerate(scores) if seat not in winners]
    if not winners or not others:
        return 0.0
    return max(scores[seat] for seat in winners) - max(others)


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
            writer.writerows(zip(*table.values(), strict=True))
        if pa is not None and pq is not None:
            pq.write_table(pa.table(table), folder / f"{name}.parquet")
    return missing


def columns(table: Table) -> dict[str, np.ndarray[Any, Any]]:
    """A table's columns as numpy arrays, for the measures."""
    return {name: np.asarray(values) for name, values in table.items()}


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
