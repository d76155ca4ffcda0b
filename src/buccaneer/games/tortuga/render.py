"""Tortuga's table for a terminal (Rich), drawn from a view only."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

CHEST_STYLES: dict[str, str] = {
    "red": "bold red",
    "blue": "bold blue",
    "yellow": "bold yellow",
    "white": "bold white",
    "purple": "bold magenta",
}


def chests(names: list[str]) -> Text:
    text = Text()
    for name in names:
        text.append("■", style=CHEST_STYLES[name])
    return text if names else Text("·", style="dim")


def render(view: dict[str, Any]) -> Group:
    table = Table(box=None, padding=(0, 1), header_style="bold")
    for column in (
        "seat",
        "tortuga",
        "fleet",
        "crew",
        "island",
        "boat",
        "pirate",
        "bonus",
        "dice",
        "tiles",
    ):
        table.add_column(column)
    for s, seat in enumerate(view["seats"]):
        marker = "▶ " if s in view["to_move"] else "  "
        label = marker + seat["name"] + (" (you)" if view["seat"] == s else "")
        bonus = " ".join(f"{a[0]}{n}" for a, n in seat["bonus"].items() if n) or "-"
        dice = " ".join(f"{d}:{a}" for d, a in seat["dice"].items() if a) or "-"
        coins = seat["coins"]
        tiles = f"{seat['treasure_tiles']}" + (f" ({'+'.join(map(str, coins))})" if coins else "")
        table.add_row(
            label,
            chests(seat["tortuga"]),
            chests(seat["fleet"]),
            chests(seat["crew"]),
            chests(seat["island"]),
            f"{seat['fleet_box']}",
            f"{seat['crew_box']}",
            bonus,
            dice,
            tiles,
        )
    parts: list[Any] = [table]
    me = view["seat"]
    if me is not None and view["seats"][me]["roll"]:
        roll = view["seats"][me]["roll"]
        parts.append(Text("your roll: " + "  ".join(f"{d}:{f}" for d, f in roll.items() if f)))
    center = Text("center island: ")
    center.append_text(chests(view["center_island"]))
    center.append(
        f"   bag: {view['bag']}   treasure tiles: {view['treasure_tiles_left']}   "
        f"bonus tiles: {view['bonus_tiles_left']}"
    )
    parts.append(center)
    phase = f"Round {view['round']}, phase: {view['phase']}"
    if view["action"]:
        phase += f" ({view['action']})"
    parts.append(Text(phase))
    return Group(*parts)
