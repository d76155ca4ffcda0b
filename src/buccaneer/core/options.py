"""Declared game options and their validation.

Each game declares its options once; `load` checks every keyword against the declaration so a
misspelt name or an out-of-range value fails loudly at setup instead of silently changing the
rules. Values are normalised (for example a layout string split into tile codes) so the record
and the view carry one canonical form.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from buccaneer.core.errors import OptionError
from buccaneer.core.schema import shown


@dataclass(frozen=True)
class Option:
    """One keyword option of a game.

    `check` receives a value the caller gave and returns its canonical form, or raises
    `OptionError` saying what is wrong. `choices`, when given, is shown in help and errors.
    `list_items`, for an option that may be a list of names, are those names: the command line
    then takes the list written plainly, `a,b,c`, as well as in JSON.
    """

    name: str
    default: Any
    help: str
    check: Callable[[Any], Any]
    choices: tuple[Any, ...] | None = None
    list_items: tuple[str, ...] | None = None


def typed(value: Any) -> str:
    """A value as it would be typed (JSON: `["a", 3]`, `true`), for error messages."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def one_of(*choices: str) -> Callable[[Any], Any]:
    """A checker accepting exactly one of the given strings."""

    def check(value: Any) -> Any:
        if value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise OptionError(f"must be one of {allowed}, got {value!r}")
        return value

    return check


def seat_number(value: Any) -> Any:
    """A checker for options naming a seat; the game checks it against the player count."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise OptionError(f"must be a seat number (0, 1, ...), got {value!r}")
    return value


def check_seat_option(game: str, name: str, seat: int, players: int) -> None:
    """A seat-valued option against the player count, once the count is known."""
    if not 0 <= seat < players:
        raise OptionError(
            f"{game} option {name!r}: must be a seat from 0 to {players - 1}, got {seat}"
        )


def validate_options(
    game: str, declared: Mapping[str, Option], given: Mapping[str, Any]
) -> dict[str, Any]:
    """The full, canonical option dict for `given`, defaults filled in; raises `OptionError`."""
    unknown = sorted(set(given) - set(declared))
    if unknown:
        known = ", ".join(sorted(declared)) or "none"
        named = ", ".join(shown(u) for u in unknown[:3]) + (", ..." if len(unknown) > 3 else "")
        raise OptionError(f"{game} has no option {named} (its options: {known})")
    result: dict[str, Any] = {}
    for name, option in declared.items():
        if name in given:
            try:
                result[name] = option.check(given[name])
            except OptionError as exc:
                raise OptionError(f"{game} option {name!r}: {exc}") from None
        else:
            result[name] = option.default
    return result
