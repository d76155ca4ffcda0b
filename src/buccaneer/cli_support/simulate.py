"""The terminal part of `buccaneer simulate`: the run's summary (`sim.simulate.summary`) drawn
as tables for people. The games themselves are played by `buccaneer.sim.simulate`."""

from __future__ import annotations

from typing import Any

from rich.table import Table


def summary_tables(data: dict[str, Any]) -> list[Table]:
    """The summary for people: the run as a whole, then one row per seat."""
    options = ", ".join(f"{k}={_shown(v)}" for k, v in data["options"].items()) or "defaults"
    run = Table(title=f"{data['game']}: {data['players']} players ({options})", show_header=False)
    run.add_column(style="bold")
    run.add_column(justify="right")
    length = data["length"]
    rows = [
        ("games", str(data["games"])),
        ("unfinished (hit --max-actions)", str(data["unfinished"])),
        ("base seed", str(data["seed"])),
        ("engine", data["engine"]),
        ("seconds", f"{data['seconds']:.2f}"),
        ("games/s", f"{data['games_per_second']:,.1f}"),
        ("actions/s", f"{data['actions_per_second']:,.0f}"),
    ]
    if length["mean"] is not None:
        rows.append(
            (
                "length in actions",
                f"mean {length['mean']:.1f}, min {length['min']}, max {length['max']}",
            )
        )
    for label, value in rows:
        run.add_row(label, value)
    seats = Table(title="by seat (shared wins count for each winner)")
    for name, justify in (
        ("seat", "right"),
        ("name", "left"),
        ("agent", "left"),
        ("wins", "right"),
        ("win %", "right"),
        ("mean score", "right"),
    ):
        seats.add_column(name, justify=justify)  # type: ignore[arg-type]
    for seat in data["seats"]:
        score = seat["mean_score"]
        seats.add_row(
            str(seat["seat"]),
            seat["name"],
            seat["agent"],
            str(seat["wins"]),
            f"{100 * seat['win_rate']:.1f}",
            "-" if score is None else f"{score:.2f}",
        )
    tables = [run, seats]
    if data["teams"]:
        teams = Table(title="by team (games where the team was in play)")
        for name in ("team", "games", "wins", "win %"):
            teams.add_column(name, justify="left" if name == "team" else "right")
        for team in data["teams"]:
            teams.add_row(
                team["team"],
                str(team["games"]),
                str(team["wins"]),
                f"{100 * team['win_rate']:.1f}",
            )
        tables.append(teams)
    return tables


def _shown(value: Any) -> str:
    return "none" if value is None else str(value)
