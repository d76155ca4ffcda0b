"""The ladder's picture: one panel per game, each agent's rating with its 95 % interval, pooled
over the player counts (black) and at each count (coloured, beside it), strongest on top.

matplotlib draws off-screen (Agg), so it works on servers and in CI with no display.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from buccaneer.sim.ladder_report import POOLED


def plot_ratings(reports: dict[str, dict[str, Any]], titles: dict[str, str], path: Path) -> None:
    """Draw every game's ratings and save them as `path` (PNG)."""
    # Loaded here, not at import: matplotlib takes a second to import and only plots need it.
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    games = list(reports)
    rows = max(len(next(iter(r["ratings"].values()))) for r in reports.values())
    fig, axes = plt.subplots(
        1, len(games), figsize=(5.5 * len(games), 1.2 + 0.75 * rows), squeeze=False
    )
    for ax, game in zip(axes[0], games, strict=True):
        _panel(ax, reports[game]["ratings"], titles.get(game, game))
    fig.suptitle("Ladder: openskill rating, mu with 95 % interval (mu ± 1.96 sigma)")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def _panel(ax: Any, ratings: dict[str, dict[str, dict[str, Any]]], title: str) -> None:
    pooled = ratings[POOLED]
    order = sorted(pooled, key=lambda a: pooled[a]["mu"])  # weakest at the bottom
    counts = [key for key in ratings if key != POOLED]
    step = 0.6 / max(1, len(counts))
    colours = matplotlib_colours(len(counts))
    for y, agent in enumerate(order):
        entry = pooled[agent]
        ax.errorbar(
            entry["mu"],
            y,
            xerr=entry["mu"] - entry["ci95"][0],
            fmt="o",
            color="black",
            capsize=4,
            label="all counts" if y == 0 else None,
        )
        for k, key in enumerate(counts):
            e = ratings[key][agent]
            if not e["seats"]:
                continue
            ax.errorbar(
                e["mu"],
                y - 0.15 - (k + 0.5) * step,
                xerr=e["mu"] - e["ci95"][0],
                fmt=".",
                color=colours[k],
                elinewidth=0.8,
                label=f"{key} players" if y == 0 else None,
            )
    ax.set_yticks(range(len(order)), order, fontsize="small")
    ax.set_ylim(-1, len(order) - 0.4)
    ax.set_xlabel("rating")
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    if counts:
        ax.legend(fontsize="x-small", loc="lower right")


def matplotlib_colours(n: int) -> list[Any]:
    import matplotlib  # noqa: PLC0415

    cmap = matplotlib.colormaps["viridis"]
    return [cmap(i / max(1, n - 1) * 0.9) for i in range(n)]
