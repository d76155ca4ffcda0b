"""A game's state fields, declared once: `clone` and `snapshot` are derived from the declaration.

A game lists every field of its state as a class annotation (on the `Fields` class in its
`fields.py`) and decorates its final state class with `@derive_copies`. The annotation's type
says how a field is copied by `clone` and frozen by `snapshot`:

| annotation                               | clone copies          | snapshot holds             |
|------------------------------------------|-----------------------|----------------------------|
| `int`, `bool`, `str`, `float`, `None`,   | the value itself      | the value                  |
| `tuple[...]`, `frozenset[...]`, and      |                       |                            |
| unions of these (`tuple[int, ...] | None`)|                      |                            |
| `list[X]` with X one of the above        | `x[:]`                | `tuple(x)`                 |
| `list[list[X]]`                          | `[r[:] for r in x]`   | tuples of tuples           |
| `dict[K, V]` with V immutable            | `dict(x)`             | sorted items               |
| `list[dict[K, V]]`, V immutable          | `[dict(d) for d in x]`| sorted items per entry     |
| `bytearray`                              | `x[:]`                | `bytes(x)`                 |
| `Rng`                                    | `x.copy()`            | its state                  |
| `Annotated[T, SHARED]`                   | the same object       | as T                       |
| `Annotated[T, DERIVED]`                  | as T                  | left out (a cache)         |
| `Annotated[T, Custom(copy, freeze)]`     | `copy(x)`             | `freeze(x)`                |

SHARED: never mutated after setup, so a clone may hold the same object. DERIVED: a cache
computed from the other fields, which therefore never tells two states apart.

The base `State`'s `options` is shared (never mutated after setup) and frozen as its sorted
items. Any other annotation is refused when the class is decorated, so a new field cannot be
forgotten by `clone` or `snapshot`: declaring it is the only step.

    class Fields(State):                   # games/<game>/fields.py
        pirates: list[list[int]]
        turn: int
        occ_bytes: Annotated[bytearray, DERIVED]

    @derive_copies                         # games/<game>/state.py
    class CartagenaState(Fields): ...

`tests/conformance/test_fields.py` checks, for every game, that every attribute a state holds
is declared and that the snapshot sees every field it holds change.

The derived methods are generated as straight-line Python (one assignment per field, the same
code one would write by hand), so a clone costs what a hand-written one did; rollouts clone at
every simulated move.
"""

from __future__ import annotations

import abc
import re
import typing
from collections.abc import Callable
from dataclasses import dataclass
from types import NoneType, UnionType
from typing import Annotated, Any, TypeVar, get_args, get_origin

from buccaneer.core.rng import Rng
from buccaneer.core.state import State

# Markers for `Annotated[T, ...]`.
SHARED = "shared"
DERIVED = "derived"


@dataclass(frozen=True)
class Custom:
    """A field copied and frozen by two functions (for a shape the table above does not cover)."""

    copy: Callable[[Any], Any]
    freeze: Callable[[Any], Any]


@dataclass(frozen=True)
class Field:
    """One declared field: how `clone` copies it and how `snapshot` freezes it, as expressions
    over `x` (the field's value), and whether `snapshot` holds it at all."""

    name: str
    copy: str
    freeze: str
    in_snapshot: bool


# The base protocol's bookkeeping (history, log, offer) is copied by `State.copy_records_to`,
# and `game` is a class constant: none of them is a field of a game.
BOOKKEEPING = frozenset(
    name for name in State.__annotations__ if name.startswith("_") or name == "game"
)

_IMMUTABLE = (int, bool, str, float, bytes, NoneType)


def _immutable(tp: Any) -> bool:
    if tp is Any:
        return False
    if tp in _IMMUTABLE:
        return True
    if isinstance(tp, type) and issubclass(tp, tuple | frozenset):
        return True  # a NamedTuple of immutables is how a game keeps tables it never mutates
    origin = get_origin(tp)
    if origin in (tuple, frozenset):
        return True
    if origin in (UnionType, typing.Union):
        return all(_immutable(arg) for arg in get_args(tp))
    return origin is typing.Literal


def _field(name: str, tp: Any) -> Field:
    """How a field of type `tp` is copied and frozen (see the module's table)."""
    if get_origin(tp) is Annotated:
        inner, *marks = get_args(tp)
        base = _field(name, inner) if not any(isinstance(m, Custom) for m in marks) else None
        for mark in marks:
            if isinstance(mark, Custom):
                base = Field(name, f"_copy_{name}(x)", f"_freeze_{name}(x)", True)
        assert base is not None
        if SHARED in marks:
            base = Field(name, "x", base.freeze, base.in_snapshot)
        if DERIVED in marks:
            base = Field(name, base.copy, base.freeze, False)
        return base
    if name == "options":
        return Field(name, "x", "repr(sorted(x.items()))", True)
    if _immutable(tp):
        return Field(name, "x", "x", True)
    if tp is Rng:
        return Field(name, "x.copy()", "x.state", True)
    if tp is bytearray:
        return Field(name, "x[:]", "bytes(x)", True)
    origin, args = get_origin(tp), get_args(tp)
    if origin is list and args:
        (item,) = args
        if _immutable(item):
            return Field(name, "x[:]", "tuple(x)", True)
        if get_origin(item) is list and _immutable(get_args(item)[0]):
            return Field(name, "[r[:] for r in x]", "tuple(tuple(r) for r in x)", True)
        if get_origin(item) is dict and _immutable(get_args(item)[1]):
            return Field(
                name, "[dict(d) for d in x]", "tuple(tuple(sorted(d.items())) for d in x)", True
            )
    if origin is dict and args and _immutable(args[1]):
        return Field(name, "dict(x)", "tuple(sorted(x.items()))", True)
    raise TypeError(
        f"field {name!r}: no derived copy for {tp!r}; declare it as one of the types in "
        "buccaneer.core.fields, or Annotated with SHARED, DERIVED or Custom(copy, freeze)"
    )


def declared_fields(cls: type) -> list[Field]:
    """Every field the class declares (its annotations and its bases' up to `State`, base
    first), bookkeeping and class constants left out."""
    hints = typing.get_type_hints(cls, include_extras=True)
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in getattr(klass, "__annotations__", {}):
            if name not in names and name not in BOOKKEEPING:
                names.append(name)
    fields = []
    for name in names:
        tp = hints[name]
        if get_origin(tp) is typing.ClassVar:
            continue
        fields.append(_field(name, tp))
    return fields


def _custom_functions(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls, include_extras=True)
    found: dict[str, Any] = {}
    for name, tp in hints.items():
        if get_origin(tp) is Annotated:
            for mark in get_args(tp)[1:]:
                if isinstance(mark, Custom):
                    found[f"_copy_{name}"] = mark.copy
                    found[f"_freeze_{name}"] = mark.freeze
    return found


def _compile(source: str, name: str, namespace: dict[str, Any]) -> Any:
    code = compile(source, f"<derived {name}>", "exec")
    exec(code, namespace)  # our own generated text, made from the declarations only
    return namespace[name]


S = TypeVar("S", bound=State)


def derive_copies(cls: type[S]) -> type[S]:
    """Class decorator: give `cls` a `clone` and a `snapshot` made from its declared fields."""
    fields = declared_fields(cls)
    lines = ["def clone(self):", "    twin = self.__class__.__new__(self.__class__)"]
    lines += [f"    twin.{f.name} = {_over(f.copy, f.name)}" for f in fields]
    lines += ["    self.copy_records_to(twin)", "    return twin"]
    frozen = [f"        {_over(f.freeze, f.name)}," for f in fields if f.in_snapshot]
    snap = ["def snapshot(self):", "    return (", *frozen, "    )"]
    namespace: dict[str, Any] = {"__builtins__": __builtins__, **_custom_functions(cls)}
    clone = _compile("\n".join(lines), "clone", namespace)
    snapshot = _compile("\n".join(snap), "snapshot", namespace)
    clone.__doc__ = State.clone.__doc__
    snapshot.__doc__ = State.snapshot.__doc__
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    snapshot.__qualname__ = f"{cls.__qualname__}.snapshot"
    cls.clone = clone  # type: ignore[method-assign]
    cls.snapshot = snapshot  # type: ignore[method-assign]
    cls.FIELDS = tuple(fields)  # type: ignore[attr-defined]
    abc.update_abstractmethods(cls)  # `clone` is abstract in `State` until now
    return cls


def _over(expression: str, name: str) -> str:
    """`expression` over `x`, with `x` read as the field `self.<name>` (the expressions name
    their value `x` and their loop variables `r` and `d`)."""
    return re.sub(r"\bx\b", f"self.{name}", expression)


__all__ = ["DERIVED", "SHARED", "Custom", "Field", "declared_fields", "derive_copies"]
