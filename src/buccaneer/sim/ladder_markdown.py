"""The ladder as Markdown, ready to paste into docs/bots.md: how it was run (command, date,
machine), then per game its levels, ratings and head-to-head tables.

Ratings are shown pooled over the player counts with their intervals, and as mu per count;
head-to-head pooled, with each count's table folded under `<details>` so the page stays short.
Headings start at level 3, to sit under the page's "Strength" section.
"""

from __future__ import annotations

from typing import Any

from buccaneer.sim.ladder_report import POOLED


def _pct(entry: dict[str, Any]) -> str:
    if not entry["games"]:
        return "–"
    low, high = entry["ci95"]
    return f"{100 * entry['win_rate']:.0f}% ({100 * low:.0f}–{100 * high:.0f}, {entry['games']})"


def ratings_table(report: dict[str, Any]) -> list[str]:
    """Strongest first: the pooled rating, its interval and ordinal, the seats played, the time
    a move took, and mu at each player count."""
    ratings = report["ratings"]
    timing = report["agents"][POOLED]
    pooled = ratings[POOLED]
    counts = [key for key in ratings if key != POOLED]
    order = sorted(pooled, key=lambda a: -pooled[a]["mu"])
    head = [
        "agent",
        "rating μ ± σ",
        "95% interval",
        "ordinal",
        "seats",
        "ms/move",
        *[f"μ {c}p" for c in counts],
    ]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for agent in order:
        e = pooled[agent]
        cells = [
            f"`{agent}`",
            f"{e['mu']:.1f} ± {e['sigma']:.1f}",
            f"{e['ci95'][0]:.1f}–{e['ci95'][1]:.1f}",
            f"{e['ordinal']:.1f}",
            str(e["seats"]),
            _ms(timing[agent]["ms_per_move"]),
            *[f"{ratings[c][agent]['mu']:.1f}" for c in counts],
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _ms(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.2f}" if value < 10 else f"{value:.0f}"


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.1f} minutes"


def head_to_head_table(table: dict[str, dict[str, dict[str, Any]]], order: list[str]) -> list[str]:
    head = ["row against column", *[f"`{a}`" for a in order]]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for a in order:
        cells = [f"`{a}`", *["" if a == b else _pct(table[a][b]) for b in order]]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def markdown(data: dict[str, Any]) -> str:
    """The whole summary from the data written to ladder.json."""
    machine = data["machine"]
    out = [
        "### Strength ladder",
        "",
        "```",
        data["command"],
        "```",
        "",
        f"Run {data['date']} on {machine['cores']} cores ({machine['cpu']}), "
        f"Python {machine['python']}, {data['backend']}: {data['played']} of "
        f"{data['scheduled']} games in {_duration(data['seconds'])}"
        + (" (interrupted)" if data["played"] < data["scheduled"] else "")
        + ".",
        "",
        "Ratings are openskill (Plackett–Luce) μ ± σ; the interval is μ ± 1.96σ and the ordinal "
        "μ − 3σ. A head-to-head cell is the row agent's result against the column agent over the "
        "games where both sat (a win 1, a shared rank ½, the share of seat pairs when an agent "
        "held several seats), with its 95% Wilson interval and the number of games.",
    ]
    for game, report in data["games"].items():
        ratings = report["ratings"]
        order = sorted(ratings[POOLED], key=lambda a: -ratings[POOLED][a]["mu"])
        out += ["", f"#### {data['titles'].get(game, game)}", ""]
        levels = data["levels"].get(game, [])
        if levels:
            named = ", ".join(f"{lv['name']} `{lv['agent']}` ({lv['mu']:.1f})" for lv in levels)
            out += [f"Levels: {named}.", ""]
        out += [*ratings_table(report), ""]
        out += ["Head to head, all player counts:", ""]
        out += head_to_head_table(report["head_to_head"][POOLED], order)
        for key, table in report["head_to_head"].items():
            if key == POOLED:
                continue
            out += ["", f"<details><summary>{key} players</summary>", ""]
            out += [*head_to_head_table(table, order), "", "</details>"]
    return "\n".join(out) + "\n"
