"""Cartagena's options (`variant`, `layout`; a start player as for every game; docs/rulings.md)."""

from __future__ import annotations

from buccaneer.core.options import Option, one_of, seat_number
from buccaneer.games.cartagena.components import check_layout

OPTIONS: dict[str, Option] = {
    "variant": Option(
        "variant",
        "jamaica",
        "jamaica: hidden hands and a draw pile (more luck); tortuga: open hands and a row of "
        "12 open cards (more tactics)",
        one_of("jamaica", "tortuga"),
        choices=("jamaica", "tortuga"),
    ),
    "layout": Option(
        "layout",
        None,
        "the tunnel: six tile codes such as '2A 5B 1A 3A 6B 4A' (B = the tile's back, side A "
        "reversed), 36 symbol names, or none for a random layout from the seed",
        check_layout,
    ),
    "start_player": Option("start_player", 0, "the seat that moves first", seat_number),
}
