"""The board as a person sees it in a terminal (Rich), drawn from a view only."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from buccaneer.core.words import plural
from buccaneer.games.cartagena.components import BOAT, SQUARES, START, SYMBOLS

SEAT_STYLES: tuple[str, ...] = (
    "bold red",
    "bold blue",
    "bold yellow",
    "bold green",
    "bold orange4",
)
# A letter per seat, so pirates are told apart without colour (NO_COLOR, redirected output,
# colour blindness); Brown is N as Blue has the B. The seat table says which letter is whose.
SEAT_LETTERS: tuple[str, ...] = ("R", "B", "Y", "G", "N")
SYMBOL_STYLES: dict[str, str] = {
    "skull": "white",
    "hat": "magenta",
    "dagger": "cyan",
    "bottle": "green",
    "key": "yellow",
    "pistol": "bright_black",
}


def _pawns(view: dict[str, Any], square: int) -> Text:
    text = Text()
    for seat, squares in enumerate(view["pirates"]):
        count = squares.count(square)
        if count:
            text.append(SEAT_LETTERS[seat] * count, style=SEAT_STYLES[seat])
    return text


def render(view: dict[str, Any]) -> Group:
    """Tunnel in six rows of six (one tile each), then start, boat, cards and whose turn."""
    names = view["seat_names"]
    # Cells are "12 pistol RRB " (13 characters): six of them fit an 80-column terminal. Three
    # pirates fill the cell, but letters and the next square's digits stay apart.
    tunnel = Table.grid(padding=0)
    for _ in range(6):
        tunnel.add_column(no_wrap=True)
    for row in range(6):
        cells = []
        for col in range(6):
            square = row * 6 + col
            symbol = view["board"][square]
            cell = Text(f"{square + 1:>2} ", style="dim")
            cell.append(f"{symbol:<6} ", style=SYMBOL_STYLES[symbol])
            pawns = _pawns(view, square)
            pawns.pad_right(3 - len(pawns))
            cell.append_text(pawns)
            cells.append(cell)
        tunnel.add_row(*cells)
    ends = Text("start: ")
    ends.append_text(_pawns(view, START))
    ends.append("    boat: ")
    ends.append_text(_pawns(view, BOAT))
    players = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    players.add_column("seat")
    players.add_column("hand")
    players.add_column("boat", justify="right")
    for seat, name in enumerate(names):
        hand = view["hands"][seat]
        if hand is None:
            count = view["hand_sizes"][seat]
            shown = plural(count, "hidden card")
        else:
            shown = ", ".join(f"{n}×{sym}" for sym, n in hand.items() if n) or "no cards"
        marker = "▶ " if view["current"] == seat else "  "
        you = " (you)" if view["seat"] == seat else ""
        label = Text(f"{marker}{SEAT_LETTERS[seat]} {name}{you}")
        label.stylize(SEAT_STYLES[seat])
        players.add_row(label, shown, str(view["pirates"][seat].count(BOAT)))
    cards = Text(f"draw pile: {view['draw_pile']}   discard: ")
    cards.append(", ".join(f"{n}×{sym}" for sym, n in view["discard"].items() if n) or "empty")
    parts: list[Any] = [tunnel, ends, players, cards]
    if view["variant"] == "tortuga":
        parts.append(Text("row (next first): " + (", ".join(view["row"]) or "empty")))
    if view["over"]:
        winners = " and ".join(names[s] for s in view["winners"])
        result = f"{winners} wins" if len(view["winners"]) == 1 else f"{winners} share the win"
        if not any(squares.count(BOAT) == 6 for squares in view["pirates"]):
            # A dead position (docs/rulings.md): the most pirates in the boat win.
            most = view["pirates"][view["winners"][0]].count(BOAT)
            why = "nobody holds a card and no pirate can move back"
            result = f"{why}; {result} with {most} in the boat"
        parts.append(Text(f"Game over: {result}.", style="bold"))
    else:
        parts.append(
            Text(f"{names[view['current']]} to move, {plural(view['actions_left'], 'action')} left")
        )
    assert SQUARES == 36 and len(SYMBOLS) == 6
    return Group(*parts)
