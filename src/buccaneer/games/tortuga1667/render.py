"""Tortuga 1667's table for a terminal (Rich), drawn from a view only."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text


def render(view: dict[str, Any]) -> Group:
    names = view["seat_names"]

    def who(seats: list[int]) -> str:
        return ", ".join(names[s] for s in seats) or "-"

    table = Table(box=None, padding=(0, 1), header_style="bold")
    for column in ("place", "crew (top first)", "british", "french"):
        table.add_column(column)
    for ship, data in view["ships"].items():
        holds = data["holds"]
        boat = view["rowboats"][ship]
        label = ship.replace("_", " ").title()
        table.add_row(label, who(data["crew"]), str(holds["british"]), str(holds["french"]))
        table.add_row(
            "  rowboat",
            "-" if boat is None else str(boat if isinstance(boat, str) else names[boat]),
            "",
            "",
        )
    tortuga = view["tortuga"]
    table.add_row(
        "Tortuga",
        who(tortuga["crew"]),
        str(tortuga["british"]),
        f"{tortuga['french']} (+{tortuga['loose']} loose)",
    )
    row = "  ".join(
        f"{i + 1}:{'?' if c is None else c}" for i, c in enumerate(view["events"]["row"])
    )
    parts: list[Any] = [
        table,
        Text(f"Spanish galleon: {view['galleon']} chests   event deck: {view['events']['deck']}"),
        Text(f"event row: {row}"),
    ]
    if view["seat"] is not None:
        parts.append(
            Text(f"you are {view['loyalty']}; your vote cards: {', '.join(view['votes'])}")
        )
    chests = view["team_chests"]
    parts.append(Text(f"chests: British {chests['british']}, French {chests['french']}"))
    if view["over"]:
        parts.append(Text(f"Game over: the {view['winner_team']} win.", style="bold"))
    return Group(*parts)
