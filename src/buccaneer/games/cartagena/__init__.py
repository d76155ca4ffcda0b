"""Cartagena (Leo Colovini): the escape race, Jamaica (hidden hands) and Tortuga (open) versions.

Rulebook: `rules/cartagena.nl.txt`; rulings: DESIGN.md, "Cartagena".
"""

from buccaneer.core.game import GameSpec
from buccaneer.core.options import Option, one_of
from buccaneer.games.cartagena.actions import Back, EndTurn, Forward, action_from_json
from buccaneer.games.cartagena.board import SYMBOLS, TILES, check_layout
from buccaneer.games.cartagena.invariants import invariants
from buccaneer.games.cartagena.position import position
from buccaneer.games.cartagena.render import render
from buccaneer.games.cartagena.state import SEAT_NAMES, CartagenaState


def _check_start_player(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        from buccaneer.core.errors import OptionError  # noqa: PLC0415

        raise OptionError(f"must be a seat number, got {value!r}")
    return value


OPTIONS = {
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
    "start_player": Option(
        "start_player",
        0,
        "the seat that moves first",
        _check_start_player,
    ),
}

SPEC = GameSpec(
    name="cartagena",
    title="Cartagena",
    summary="Race six pirates through the tunnel to the boat; cards move you forward, "
    "stepping back draws cards.",
    min_players=2,
    max_players=5,
    options=OPTIONS,
    new_state=CartagenaState.new,
    action_from_json=action_from_json,
    render=render,
    variants=({"variant": "jamaica"}, {"variant": "tortuga"}),
    seat_names=SEAT_NAMES,
    invariants=invariants,
    max_actions=20_000,
)

__all__ = [
    "SEAT_NAMES",
    "SPEC",
    "SYMBOLS",
    "TILES",
    "Back",
    "CartagenaState",
    "EndTurn",
    "Forward",
    "position",
]
