"""The learning curves of a run as a PNG: losses per iteration, and win rates when measured."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def plot_curves(history: list[dict[str, Any]], path: Path, title: str) -> None:
    """Two panels: policy and value loss; the policy's win share against heuristic and random."""
    fig, (losses, wins) = plt.subplots(1, 2, figsize=(11, 4))
    steps = [row["iteration"] for row in history]
    losses.plot(steps, [row["policy_loss"] for row in history], marker="o", label="policy")
    losses.plot(steps, [row["value_loss"] for row in history], marker="o", label="value")
    losses.set_xlabel("iteration")
    losses.set_ylabel("loss (cross-entropy)")
    losses.legend()
    for name in ("heuristic", "random"):
        points = [(r["iteration"], r[f"vs_{name}"]) for r in history if f"vs_{name}" in r]
        if points:
            xs, ys = zip(*points, strict=True)
            wins.plot(xs, [100 * y for y in ys], marker="o", label=f"against {name}")
    wins.axhline(50, color="grey", linewidth=0.8, linestyle="--")
    wins.set_xlabel("iteration")
    wins.set_ylabel("policy alone: win %")
    wins.set_ylim(0, 100)
    if wins.get_legend_handles_labels()[0]:
        wins.legend()
    fig.suptitle(title)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
