"""Tortuga's options (`long_game`, `start_player`; docs/rulings.md)."""

from __future__ import annotations

from typing import Any

from buccaneer.core.errors import OptionError
from buccaneer.core.options import Option, seat_number


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise OptionError(f"must be true or false, got {value!r}")
    return value


OPTIONS: dict[str, Option] = {
    "long_game": Option(
        "long_game",
        False,
        "the rulebook's variant: the game ends with 8 chests in Tortuga instead of 6",
        _flag,
        choices=(False, True),
    ),
    "start_player": Option(
        "start_player", 0, "the seat holding the start player token", seat_number
    ),
}
