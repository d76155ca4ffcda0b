"""The balance report as one self-contained HTML file (plots embedded as PNG, no script, no
link outside it: readable offline and mailable), drawn from the figures (`measures.figures`)
and the games table (for the distributions); and the short text the terminal shows.

matplotlib draws off-screen (Agg), so it works on servers and in CI with no display.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable
from typing import Any

import numpy as np

from buccaneer.core.optional import NO_PLOTS, can_plot
from buccaneer.sim.analysis.measures import pct
from buccaneer.sim.analysis.tables import Table


def render(figures: dict[str, Any], games: Table, replays: list[dict[str, Any]], title: str) -> str:
    settings = figures["settings"]
    parts = [
        f"<h1>{_e(title)}: balance report</h1>",
        "<p>"
        + _e(
            f"{figures['games_per_setting']:,} games per setting, every setting on the same "
            f"seeds (base seed {figures['seed']}). Intervals are 95%: Wilson for rates, "
            "Newcombe for differences of rates, the percentile bootstrap for means. The data "
            "behind every figure is in games.csv, seats.csv and checkpoints.csv (and Parquet)."
        )
        + "</p>",
        "<h2>In words</h2>",
    ]
    for setting in settings:
        parts.append(f"<h3>{_e(setting['label'])}</h3><ul>")
        parts += [f"<li>{_e(sentence)}</li>" for sentence in setting["sentences"]]
        if setting["unfinished"]:
            parts.append(
                f"<li>{setting['unfinished']} games hit the action limit and are left out.</li>"
            )
        parts.append("</ul>")
    parts += [
        "<h2>Who wins: by seat and by start position</h2>",
        _picture(lambda: _positions_plot(settings)),
    ]
    for setting in settings:
        parts.append(_seat_table(setting))
    parts += ["<h2>How long games last</h2>", _picture(lambda: _length_plot(settings, games))]
    parts.append(_length_table(settings))
    parts += [
        "<h2>Leaders and comebacks</h2>",
        "<p>A seat leads by the game's own measure of who is ahead. One side leads when one seat "
        "does, or in a team game the seats of one team; a tie between sides is no leader. A "
        "comeback is a game the leading side at that point did not win.</p>",
        _picture(lambda: _leaders_plot(settings)),
        _leaders_table(settings),
    ]
    team_settings = [s for s in settings if s.get("teams")]
    if team_settings:
        parts += ["<h2>Teams</h2>", _teams_table(team_settings)]
    if figures["comparisons"]:
        parts += [
            "<h2>Options side by side</h2>",
            "<p>Each setting against the first of the same players and lineup: the difference "
            "(other minus base) with its interval; an interval that excludes 0 is a difference "
            "the games show.</p>",
            _comparisons_table(figures["comparisons"]),
        ]
    if figures["luck"]:
        parts += ["<h2>Luck against skill</h2>", _luck(figures["luck"])]
    if replays:
        parts += ["<h2>Games to watch</h2>", _replays(replays, settings)]
    body = "\n".join(parts)
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{_e(title)}: balance report</title>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<style>{STYLE}</style></head><body><main>{body}</main></body></html>\n"
    )


STYLE = """
body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fbfaf7}
main{max-width:1100px;margin:auto;padding:1rem 1.5rem}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.6rem 0 1.2rem;font-size:.92rem}
th,td{padding:.25rem .6rem;border-bottom:1px solid #e2e2e2;text-align:right}
th:first-child,td:first-child{text-align:left}caption{text-align:left;font-weight:600}
img{max-width:100%;height:auto}code{background:#eee;padding:0 .25rem;overflow-wrap:anywhere}
.wide{overflow-x:auto}
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def _ci(entry: dict[str, Any], percent: bool = True, digits: int = 1) -> str:
    low, high = entry["ci95"]
    if low is None or high is None:
        return "-"
    if percent:
        return f"{pct(low)}–{pct(high)}"
    return f"{low:.{digits}f}–{high:.{digits}f}"


def _rate(entry: dict[str, Any]) -> str:
    return "-" if entry["rate"] is None else pct(entry["rate"])


def _table(caption: str, header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th scope='col'>{_e(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    table = f"<table><caption>{_e(caption)}</caption><tr>{head}</tr>{body}</table>"
    return f"<div class='wide'>{table}</div>"  # scrolls on its own on a phone


def _seat_table(setting: dict[str, Any]) -> str:
    rows = []
    for seat, position in zip(setting["seats"], setting["positions"], strict=True):
        score = seat["score"]
        rows.append(
            [
                f"{seat['seat']} {seat['name']}",
                seat["agent"],
                _rate(seat),
                _ci(seat),
                "-" if score["mean"] is None else f"{score['mean']:.2f} (sd {score['sd']:.2f})",
                position["position"] + 1,
                _rate(position),
                _ci(position),
            ]
        )
    header = ["seat", "agent", "wins", "95%", "mean score", "start position", "wins", "95%"]
    caption = f"{setting['label']} ({setting['finished']:,} games)"
    if setting["seat_is_position"]:
        caption += ": seat 0 started every game, so seat and start position are one"
    return _table(caption, header, rows)


def _length_table(settings: list[dict[str, Any]]) -> str:
    rows = []
    for setting in settings:
        for name in ("actions", "turns", "rounds"):
            d = setting["length"][name]
            if d["mean"] is None:
                continue
            rows.append(
                [
                    setting["label"],
                    name,
                    f"{d['mean']:.1f}",
                    _ci(d, percent=False),
                    f"{d['median']:.0f}",
                    f"{d['p10']:.0f}–{d['p90']:.0f}",
                    f"{d['min']:.0f}–{d['max']:.0f}",
                ]
            )
    header = ["setting", "in", "mean", "95%", "median", "10th–90th pct", "range"]
    return _table("Game length", header, rows)


def _leaders_table(settings: list[dict[str, Any]]) -> str:
    rows = []
    for setting in settings:
        for entry in setting["leaders"]:
            held = entry["leader_wins"]
            comeback = "-" if held["rate"] is None else pct(1 - held["rate"])
            rows.append(
                [
                    setting["label"],
                    f"{entry['percent']}%",
                    _rate(entry["sole_leader"]),
                    _rate(held),
                    _ci(held),
                    comeback,
                ]
            )
        changes = setting["lead_changes"]
        if changes["mean"] is not None:
            rows.append(
                [
                    setting["label"],
                    "lead changes a game",
                    f"{changes['mean']:.2f}",
                    _ci(changes, percent=False, digits=2),
                    "",
                    "",
                ]
            )
    header = ["setting", "at", "one side leads", "the leader wins", "95%", "comebacks"]
    return _table("Leaders", header, rows)


def _teams_table(settings: list[dict[str, Any]]) -> str:
    rows = []
    for setting in settings:
        for team in setting["teams"]:
            rows.append([setting["label"], team["team"], team["games"], _rate(team), _ci(team)])
        for makeup in setting.get("makeups", []):
            rows.append(
                [setting["label"], makeup["makeup"], makeup["games"], _rate(makeup), _ci(makeup)]
            )
    return _table(
        "Teams (and team make-ups by agent)", ["setting", "team", "games", "won", "95%"], rows
    )


def _comparisons_table(comparisons: list[dict[str, Any]]) -> str:
    rows = []
    for c in comparisons:
        for m in c["measures"]:
            diff = m["diff"]
            low, high = m["ci95"]
            if m["kind"] == "rate":
                shown = f"{100 * diff:+.1f} points"
                ci = f"{100 * low:+.1f}–{100 * high:+.1f}"
            else:
                shown, ci = f"{diff:+.2f}", f"{low:+.2f}–{high:+.2f}"
            shows = "yes" if low > 0 or high < 0 else "no"
            rows.append([c["other_label"], c["base_label"], m["measure"], shown, ci, shows])
    header = ["setting", "against", "measure", "difference", "95%", "a difference?"]
    return _table("Options side by side", header, rows)


def _luck(luck: list[dict[str, Any]]) -> str:
    parts = [
        "<p>The same seeds played by different lineups. <em>Changed</em> is the share of games "
        "whose winners differ; <em>kappa</em> measures how far the seed alone decides the "
        "winner (1: always the same winner whoever plays, 0: no more than chance).</p>"
    ]
    rows = []
    seat_rows = []
    for entry in luck:
        kappa = "-" if entry["kappa"] is None else f"{entry['kappa']:.3f}"
        rows.append(
            [
                entry["other_label"],
                entry["base_label"],
                entry["games"],
                _rate(entry["changed"]),
                _ci(entry["changed"]),
                kappa,
            ]
        )
        for seat in entry["seats"]:
            gain = seat["win_gain"]
            seeds = ", ".join(seat["seeds_lost_under_both"]) or "-"
            seat_rows.append(
                [
                    entry["other_label"],
                    seat["seat"],
                    f"{seat['base_agent']} → {seat['other_agent']}",
                    f"{100 * gain['diff']:+.1f} points",
                    f"{100 * gain['ci95'][0]:+.1f}–{100 * gain['ci95'][1]:+.1f}",
                    _rate(seat["lost_under_both"]),
                    seeds,
                ]
            )
    parts.append(
        _table(
            "Same seeds, other lineups",
            ["lineup", "against", "games", "changed", "95%", "kappa"],
            rows,
        )
    )
    if seat_rows:
        header = ["lineup", "seat", "agent", "win rate change", "95%", "loses under both",
                  "seeds it loses under both"]  # fmt: skip
        parts.append(_table("Seats whose agent changed", header, seat_rows))
    return "\n".join(parts)


def _replays(replays: list[dict[str, Any]], settings: list[dict[str, Any]]) -> str:
    items = []
    for r in replays:
        label = settings[r["setting"]]["label"]
        items.append(
            f"<li>{_e(label)}, game {r['game']} (seed {_e(r['seed'])}, {r['actions']} actions, "
            f"won by seat {_e(r['winners'])}): {_e(r['why'])}. "
            f"<code>buccaneer replay {_e(r['path'])}</code></li>"
        )
    return "<ul>" + "".join(items) + "</ul>"


# -- plots ----------------------------------------------------------------------------------


def _pyplot() -> Any:
    import matplotlib  # noqa: PLC0415 - a second to import; only the report needs it

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    return plt


def _picture(draw: Callable[[], Any]) -> str:
    """A plot as an embedded PNG, or (without matplotlib: the `plots` extra) a line saying
    why it is not there; the tables beside it hold the same figures."""
    if not can_plot():
        return f"<p><em>{_e(NO_PLOTS)}</em></p>"
    return _img(draw())


def _img(fig: Any) -> str:
    plt = _pyplot()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode()
    return f"<img alt='' src='data:image/png;base64,{data}'>"


def _positions_plot(settings: list[dict[str, Any]]) -> Any:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 4))
    width = 0.8 / max(1, len(settings))
    for k, setting in enumerate(settings):
        rates = [p["rate"] or 0.0 for p in setting["positions"]]
        low = [r - p["ci95"][0] for r, p in zip(rates, setting["positions"], strict=True)]
        high = [p["ci95"][1] - r for r, p in zip(rates, setting["positions"], strict=True)]
        xs = np.arange(len(rates)) + k * width
        ax.bar(xs, rates, width, yerr=[low, high], capsize=2, label=setting["label"])
        if setting["start_player"]["even"] is not None:
            ax.hlines(setting["start_player"]["even"], xs[0] - width / 2, xs[-1] + width / 2,
                      colors="grey", linestyles="dotted")  # fmt: skip
    ax.set_xlabel("start position (1 = plays first)")
    ax.set_ylabel("win rate")
    most = max(len(s["positions"]) for s in settings)
    ax.set_xticks(
        np.arange(most) + width * (len(settings) - 1) / 2, [str(i + 1) for i in range(most)]
    )
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize="small")
    return fig


def _length_plot(settings: list[dict[str, Any]], games: Table) -> Any:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 4))
    tags = np.asarray(games["setting"])
    actions = np.asarray(games["actions"])
    finished = np.asarray(games["finished"], dtype=bool)
    for setting in settings:
        data = actions[(tags == setting["setting"]) & finished] if len(tags) else actions
        if data.size:
            ax.hist(data, bins=40, histtype="step", label=setting["label"])
    ax.set_xlabel("actions in a game")
    ax.set_ylabel("games")
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize="small")
    return fig


def _leaders_plot(settings: list[dict[str, Any]]) -> Any:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 4))
    for setting in settings:
        points = [(e["percent"], e["leader_wins"]) for e in setting["leaders"]]
        points = [(p, e) for p, e in points if e["rate"] is not None]
        if not points:
            continue
        xs = [p for p, _ in points]
        ys = [e["rate"] for _, e in points]
        ax.errorbar(
            xs, ys, yerr=[[y - e["ci95"][0] for y, (_, e) in zip(ys, points, strict=True)],
                          [e["ci95"][1] - y for y, (_, e) in zip(ys, points, strict=True)]],
            marker="o", capsize=3, label=setting["label"],
        )  # fmt: skip
    ax.set_xlabel("% of the game played")
    ax.set_ylabel("the sole leader then wins")
    ax.set_ylim(0, 1)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize="small")
    return fig


# -- the terminal ---------------------------------------------------------------------------


def text_summary(figures: dict[str, Any]) -> list[str]:
    """A few lines per setting: the sentences of the report."""
    lines = []
    for setting in figures["settings"]:
        lines.append(f"{setting['label']}: {setting['finished']:,} games")
        lines += [f"  {sentence}" for sentence in setting["sentences"][:4]]
    for entry in figures["luck"]:
        changed = entry["changed"]
        if changed["rate"] is not None:
            lines.append(
                f"{entry['other_label']} against {entry['base_label']}: the winners change in "
                f"{pct(changed['rate'])} of the same seeds ({_ci(changed)})."
            )
    return lines
