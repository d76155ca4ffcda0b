"""Tortuga 1667's options (`star_cards`, `advanced_setup`,
`two_actions_two_players`, and the 2-3 player choice between Cabin Fever and Facade)."""

from __future__ import annotations

from typing import Any

from buccaneer.core.errors import OptionError
from buccaneer.core.options import Option, typed
from buccaneer.games.tortuga1667.components import CABIN_FEVER, FACADE, STAR_CARDS


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise OptionError(f"must be true or false, got {value!r}")
    return value


def _stars(value: Any) -> Any:
    """A count 3-6 (chosen at random from the seed) or a list of 3-6 distinct star card names."""
    if value is None:
        return 3
    if isinstance(value, int) and not isinstance(value, bool):
        if not 3 <= value <= len(STAR_CARDS):
            raise OptionError(f"a count must be 3 to {len(STAR_CARDS)}, got {value}")
        return value
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        unknown = sorted(set(value) - set(STAR_CARDS))
        if unknown:
            raise OptionError(
                f"unknown star card(s) {', '.join(unknown)}; the star cards are "
                f"{', '.join(STAR_CARDS)}"
            )
        if len(set(value)) != len(value) or not 3 <= len(value) <= len(STAR_CARDS):
            raise OptionError(
                f"name 3 to {len(STAR_CARDS)} different star cards, got "
                f"{', '.join(value) or 'none'}"
            )
        return sorted(value)
    raise OptionError(
        f"must be a count 3-6 or a list of star card names ({', '.join(STAR_CARDS)}), "
        f"got {typed(value)}"
    )


def _removed(value: Any) -> Any:
    if value is not None and value not in (CABIN_FEVER, FACADE):
        raise OptionError(f"must be {CABIN_FEVER!r} or {FACADE!r} (or none: random)")
    return value


OPTIONS: dict[str, Option] = {
    "star_cards": Option(
        "star_cards",
        3,
        "how many star event cards (3-6, chosen at random) or which ones, by name: "
        + ", ".join(STAR_CARDS),
        _stars,
        list_items=STAR_CARDS,
    ),
    "advanced_setup": Option(
        "advanced_setup",
        False,
        "the optional advanced setup: chests start in the holds and on Tortuga's slots, and each "
        "player picks where their pawn starts",
        _flag,
        choices=(False, True),
    ),
    "two_actions_two_players": Option(
        "two_actions_two_players",
        False,
        "two actions per turn in 2-player games (as Board Game Arena plays it)",
        _flag,
        choices=(False, True),
    ),
    "small_game_removes": Option(
        "small_game_removes",
        None,
        "2-3 players: which of cabin_fever / facade leaves the game (default: random)",
        _removed,
    ),
}
