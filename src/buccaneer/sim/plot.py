"""The tournament picture: win rates with their 95 % intervals per player count, and ratings.

matplotlib draws off-screen (Agg), so it works on servers and in CI with no display.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def plot(summary: dict[str, Any], labels: list[str], title: str, path: Path) -> None:
    """Draw the picture and save it as `path` (PNG)."""
    # Loaded here, not at import: matplotlib takes a second to import and only plots need it.
    import matplotlib.pyplot as plt  # noqa: PLC0415

    fig = draw(summary, labels, title)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def draw(summary: dict[str, Any], labels: list[str], title: str) -> Any:
    """The figure: win-rate bars on the left, ratings in the same colours on the right."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    counts = list(summary["by_players"])
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 5), gridspec_kw={"wspace": 0.15})
    width = 0.8 / max(1, len(labels))
    colours: dict[str, Any] = {}
    for k, label in enumerate(labels):
        rates: list[float] = []
        errors: list[list[float]] = [[], []]
        for count in counts:
            entry = summary["by_players"][count]["bots"][label]
            rate = entry["win_rate"] if entry["win_rate"] is not None else 0.0
            low, high = entry["ci95"]
            rates.append(rate)
            errors[0].append(max(0.0, rate - low))
            errors[1].append(max(0.0, high - rate))
        xs = [i + (k - (len(labels) - 1) / 2) * width for i in range(len(counts))]
        bars = left.bar(xs, rates, width, yerr=errors, capsize=3, label=label)
        colours[label] = bars.patches[0].get_facecolor()
        # A 0 % bar has no height: a mark in its colour at the base shows it is there.
        for x, rate in zip(xs, rates, strict=True):
            if rate == 0:
                edges = [x - width / 2, x + width / 2]
                left.plot(edges, [0.005, 0.005], color=colours[label], lw=4, solid_capstyle="butt")
    for i, count in enumerate(counts):  # what an equal share would be
        left.hlines(1 / int(count), i - 0.45, i + 0.45, colors="grey", linestyles="dotted")
    left.set_xticks(range(len(counts)), [f"{c} players" for c in counts])
    left.set_ylim(0, 1)
    left.set_ylabel("win rate (95 % interval)")
    left.set_title("Win rate by player count")
    left.legend(fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)

    ratings = summary["ratings"]
    mus = [ratings[label]["mu"] for label in labels]
    spread = [3 * ratings[label]["sigma"] for label in labels]
    for k, label in enumerate(labels):  # each entrant in its bars' colour
        right.errorbar(mus[k], k, xerr=spread[k], fmt="o", capsize=4, color=colours[label])
    for k, label in enumerate(labels):  # labels by the points: bot labels can be long
        right.annotate(
            label,
            (mus[k], k),
            textcoords="offset points",
            xytext=(0, 7),
            ha="center",
            fontsize="small",
        )
    right.set_yticks([])
    right.set_ylim(-0.6, len(labels) - 0.4)
    right.invert_yaxis()
    right.set_xlabel("openskill rating (mu ± 3 sigma)")
    right.set_title("Ratings")

    fig.suptitle(title)
    return fig
