"""`buccaneer ladder`'s report at the terminal: per game its ratings (with levels) and its
head-to-head table, pooled over the player counts; every count's figures are in the files."""

from __future__ import annotations

from typing import Any

from rich.table import Table

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
    table = Table(title=f"{title}: row against column, % (games)")
    table.add_column("", overflow="fold")
    for label in order:
        table.add_column(label, justify="right", overflow="fold")
    for a in order:
        cells = []
        for b in order:
            entry = pairs[a].get(b)
            if entry is None or not entry["games"]:
                cells.append("-")
            else:
                cells.append(f"{100 * entry['win_rate']:.0f} ({entry['games']})")
        table.add_row(a, *cells)
    return table
