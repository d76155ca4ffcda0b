"""Exact types where values enter the engine: seats and the fields of action objects.

`0.0 == 0 == False` and `np.int64(0) == 0`, and they hash alike, so a float, bool or numpy seat
or action field passes every equality-based legality check and then breaks what comes after:
an index, `to_json`, the record, a replay. `apply` therefore checks types exactly before it
compares anything, and refuses the rest as an `IllegalAction` that changes nothing.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any

from buccaneer.core.errors import IllegalAction

# A field's exact type: (the type itself, the type of each item for a tuple or None, whether
# None is allowed).
FieldKind = tuple[type, type | None, bool]


def is_seat(seat: Any, players: int) -> bool:
    """True for an int (not a bool, float or numpy int) naming a seat of this game."""
    return type(seat) is int and 0 <= seat < players


@functools.cache
def field_kinds(cls: type) -> tuple[tuple[str, FieldKind], ...]:
    """Each field of an action dataclass with the exact type its annotation asks for. Only
    `int`, `str`, `tuple[int, ...]` (or a fixed-length tuple of ints) and `X | None` occur in
    actions; anything else is a programming error, raised when the class is first checked."""
    hints = typing.get_type_hints(cls)
    kinds: list[tuple[str, FieldKind]] = []
    for field in dataclasses.fields(cls):
        hint = hints[field.name]
        optional = False
        if typing.get_origin(hint) in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(hint) if a is not type(None)]
            optional = len(args) < len(typing.get_args(hint))
            (hint,) = args
        if hint in (int, str):
            kinds.append((field.name, (hint, None, optional)))
            continue
        if typing.get_origin(hint) is tuple:
            items = {a for a in typing.get_args(hint) if a is not Ellipsis}
            if len(items) == 1:
                kinds.append((field.name, (tuple, items.pop(), optional)))
                continue
        raise TypeError(f"{cls.__name__}.{field.name}: no exact check for {hint!r}")
    return tuple(kinds)


def check_fields(action: Any) -> None:
    """Refuse (`IllegalAction`) an action object any of whose fields is not exactly of the type
    its class declares: a bool, float, numpy int or string where an int belongs, a list where a
    tuple belongs, a tuple holding anything but the declared items."""
    cls = type(action)
    if not dataclasses.is_dataclass(cls):
        raise IllegalAction(f"{action!r} is not an action")
    for name, (kind, item, optional) in field_kinds(cls):
        value: Any = getattr(action, name, None)
        exact = type(value) is kind
        if exact and (item is None or all(type(x) is item for x in tuple(value))):
            continue
        if optional and value is None:
            continue
        wanted = kind.__name__ if item is None else f"a tuple of {item.__name__}"
        raise IllegalAction(
            f"{cls.__name__}.{name} must be {wanted}, got {value!r} ({type(value).__name__})"
        )


__all__ = ["check_fields", "field_kinds", "is_seat"]
