"""Tortuga's table for a terminal (Rich), drawn from a view only (never from the state).

Per seat a board (Tortuga, fleet, crew and island areas with capacities, boat and pirate boxes,
treasure tiles, points) and a dice row (dice per action with their numbers, bonus tiles,
totals, dice left); then the center, the viewer's own roll, the action being resolved with its
ranking, what the game waits for, and at the end the score sheet. Fits 100 columns.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from buccaneer.core.words import plural
from buccaneer.games.tortuga.components import ACTIONS
from buccaneer.games.tortuga.render_parts import (
    ACTION_WORDS,
    CHEST_LETTERS,
    PHASE_WORDS,
    REWARDS,
    area,
    awaited,
    chests,
    dice_cell,
    names,
    ranking,
    roll_line,
    tiles_cell,
)

LEGEND = Text(
    "Dice: letter and number per action, +bonus tile (needs a die), =total; "
    "ties: ⚑, then clockwise",
    style="dim",
)


def _label(view: dict[str, Any], s: int) -> Text:
    """ "▶ Ani (you) ⚑": to move, the viewer, the start player."""
    seat = view["seats"][s]
    text = Text("▶ " if s in view["to_move"] else "  ", style="bold yellow")
    text.append(seat["name"], style="bold" if s == view["seat"] else "")
    if s == view["seat"]:
        text.append(" (you)", style="bold")
    if s == view["start_player"]:
        text.append(" ⚑", style="bold")
    return text


def _points(view: dict[str, Any], s: int) -> str:
    """Points as this view can count them; others' hidden coins as "+?"."""
    points = f"{view['scores'][s]:g}"
    seat = view["seats"][s]
    return points + ("+?" if seat.get("coins") is None and seat["treasure_tiles"] else "")


def _header(view: dict[str, Any]) -> Text:
    start = view["seat_names"][view["start_player"]]
    text = Text(f"Round {view['round']}", style="bold")
    text.append(f" · {PHASE_WORDS.get(view['phase'], view['phase'])}")
    text.append(f" · start player ⚑ {start}")
    text.append(f" · goal: {view['goal']} chests in Tortuga", style="dim")
    return text


def _boards(view: dict[str, Any]) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold", pad_edge=False)
    table.add_column("seat", no_wrap=True)
    # In 80 columns a long row of chests folds onto the next line instead of being cut.
    table.add_column("Tortuga", overflow="fold")
    for column in ("fleet", "crew", "island"):
        table.add_column(column, overflow="fold")
    table.add_column("boat", justify="right")
    table.add_column("pirate", justify="right")
    table.add_column("tiles")
    table.add_column("points", justify="right")
    for s, seat in enumerate(view["seats"]):
        tortuga = Text(f"{len(seat['tortuga'])} ")
        tortuga.append_text(chests(seat["tortuga"], empty=""))
        table.add_row(
            _label(view, s),
            tortuga,
            area(seat["fleet"], seat["fleet_capacity"]),
            area(seat["crew"], seat["crew_capacity"]),
            chests(seat["island"]),
            str(seat["fleet_box"]),
            str(seat["crew_box"]),
            tiles_cell(seat),
            _points(view, s),
        )
    return table


def _dice_status(seat: dict[str, Any]) -> Text:
    left = seat["dice_left"]
    if not left:
        return Text("done", style="dim")
    text = Text(f"{left} left")
    if seat["selecting"]:
        text.append(", chosen ✓" if seat["chosen"] else ", choosing…", style="italic")
    return text


def _dice(view: dict[str, Any]) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold", pad_edge=False)
    table.add_column("seat", no_wrap=True)
    current = view.get("action")
    for number, action in enumerate(ACTIONS, start=1):
        title = f"{number} {action}"  # resolution order
        if action == current:
            table.add_column(Text("▶ " + title, style="bold reverse"))
        else:
            table.add_column(title)
    table.add_column("dice")
    for s, seat in enumerate(view["seats"]):
        cells = [dice_cell(seat, action) for action in ACTIONS]
        table.add_row(_label(view, s), *cells, _dice_status(seat))
    return table


def _center(view: dict[str, Any]) -> Text:
    text = Text("Center island: ", style="bold")
    text.append_text(chests(view["center_island"], empty="empty"))
    colours = view.get("bag_colours") or {}
    text.append(f"   Bag: {view['bag']}")
    if colours:
        text.append(" (" + " ".join(f"{CHEST_LETTERS[c]}{n}" for c, n in colours.items()) + ")")
    text.append(f"   Treasure tiles left: {view['treasure_tiles_left']}")
    text.append(f"   Bonus tiles left: {view['bonus_tiles_left']}")
    return text


def _private(view: dict[str, Any]) -> list[Text]:
    """Rolls this view shows: the viewer's own, and others' only when public (re-rolls)."""
    me = view["seat"]
    lines: list[Text] = []
    for s, seat in enumerate(view["seats"]):
        if seat["roll"]:
            own = s == me
            public = not seat["selecting"]
            label = ("Your " if own else f"{seat['name']}'s ") + ("re-roll" if public else "roll")
            label += " (seen by all):" if public else ":"
            lines.append(roll_line(label, seat["roll"]))
            if own and seat.get("selection"):
                keep = ", ".join(seat["selection"])
                lines.append(Text(f"You keep {keep} (hidden until everyone has chosen).", "dim"))
    if me is not None:
        seat = view["seats"][me]
        looking = seat.get("looking_at")
        if isinstance(looking, list) and looking:
            coins = ", ".join(plural(c, "coin") for c in looking)
            lines.append(Text(f"You are looking at treasure tiles: {coins}.", style="bold"))
    return lines


def _resolving(view: dict[str, Any]) -> list[Text]:
    """Phase 2: the action being resolved, its ranking and what each position gets."""
    action = view.get("action")
    if view["phase"] != "actions" or action is None:
        return []
    ranked = ranking(view, action)
    two = len(view["seats"]) == 2
    head = Text(f"Now resolving {ACTION_WORDS[action]}", style="bold")
    if not ranked:
        head.append(": nobody placed a die here.")
        return [head]
    if two:
        head.append(" (with 2 players only the 1st acts)", style="dim")
    lines = [head]
    first, second, alone = REWARDS[action]
    for position, (s, points) in enumerate(ranked[: 1 if two else 2]):
        gets = alone if two else (first, second)[position]
        line = Text(f"  {('1st', '2nd')[position]} {names(view, [s])} {points}", style="bold")
        line.append(f" — {gets}")
        target = view.get("first_target")
        if position == 1 and target not in (None, s) and action in ("board", "raid"):
            line.append(f" (not {names(view, [target])}, the 1st's target)", style="dim")
        lines.append(line)
    for s, points in ranked[1 if two else 2 :]:
        lines.append(Text(f"  {names(view, [s])} {points} — nothing", style="dim"))
    return lines


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _score_sheet(view: dict[str, Any]) -> Table:
    won = names(view, list(view["winners"]))
    title = f"Final scoring: {won} win{'s' if won != 'you' and len(view['winners']) == 1 else ''}"
    table = Table(title=title, box=None, padding=(0, 1), header_style="bold")
    table.add_column("seat", no_wrap=True)
    for column in ("Tortuga ×3", "fleet ×2", "crew ×1", "sets ×3", "boxes", "coins", "total"):
        table.add_column(column, justify="right")
    for s, seat in enumerate(view["seats"]):
        sheet = seat.get("score") or {}
        mark = " ★" if s in view["winners"] else ""
        table.add_row(
            Text(seat["name"] + mark, style="bold green" if mark else ""),
            str(sheet.get("tortuga", "")),
            str(sheet.get("fleet", "")),
            str(sheet.get("crew", "")),
            f"{sheet.get('sets', '')} ({_plural(sheet.get('set_count', 0), 'set')})",
            str(sheet.get("tracks", "")),
            str(sheet.get("coins", "")),
            Text(str(sheet.get("total", "")), style="bold"),
        )
    return table


def render(view: dict[str, Any]) -> Group:
    """The whole table as `view["seat"]` (None: a spectator) may see it."""
    parts: list[Any] = [_header(view), _boards(view)]
    if not view["over"]:
        parts += [LEGEND, _dice(view)]
    parts.append(_center(view))
    parts.extend(_private(view))
    parts.extend(_resolving(view))
    if view["over"]:
        parts.append(_score_sheet(view))
    else:
        parts.append(Text("Waiting for: " + awaited(view), style="italic"))
    return Group(*parts)


__all__ = ["render"]
