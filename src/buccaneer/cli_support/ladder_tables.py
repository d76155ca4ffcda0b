"""`buccaneer ladder`'s report at the terminal: per game its ratings (with levels) and its
head-to-head table, pooled over the player counts; every count's figures are in the files."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from buccaneer.cli_support.tournament import pairs_table
from buccaneer.sim.ladder_report import POOLED


def ratings_table(title: str, report: dict[str, Any], levels: list[dict[str, Any]]) -> Table:
    """One game's ratings pooled over its player counts, strongest first, with its levels."""
    pooled = report["ratings"][POOLED]
    named = {level["agent"]: level["name"] for level in levels}
    table = Table(title=f"{title}: {report['games']} games")
    for name in ("agent", "rating", "95% interval", "ordinal", "seats", "level"):
        table.add_column(name, justify="left" if name in ("agent", "level") else "right")
    for agent in sorted(pooled, key=lambda a: -pooled[a]["mu"]):
        e = pooled[agent]
        table.add_row(
            agent,
            f"{e['mu']:.1f} ± {e['sigma']:.1f}",
            f"{e['ci95'][0]:.1f}-{e['ci95'][1]:.1f}",
            f"{e['ordinal']:.1f}",
            str(e["seats"]),
            named.get(agent, ""),
        )
    return table


def head_to_head_table(title: str, report: dict[str, Any]) -> Table:
    """Row's result against column over the games both played, all counts (games met)."""
    pooled = report["ratings"][POOLED]
    order = sorted(pooled, key=lambda a: -pooled[a]["mu"])
    pairs = report["head_to_head"][POOLED]
    return pairs_table(f"{title}: row against column, % (games)", order, pairs)
