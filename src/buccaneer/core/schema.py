"""The JSON shapes that cross the engine's boundary, checked by one schema each.

Records and actions arrive as JSON from files, the command line and (later) the network. Each is
validated here field by field before the engine sees it: exact types (an int is never a bool, a
float or a numeric string), ranges, no unknown keys, no unbounded nesting. A mistake becomes one
`IllegalAction` or `OptionError` naming the field, never a `TypeError` deep inside a rule or a
value silently reinterpreted. The shapes are pydantic models so the server can reuse them for
its messages and publish them as JSON Schema.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Generic, TypeVar, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from buccaneer.core.errors import IllegalAction

# How much of a refused value an error message repeats: enough to recognise it, never a dump
# of whatever a stranger sent.
_SHOWN = 60


class Shape(BaseModel):
    """A JSON object with exactly these fields of exactly these types."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ActionShape(Shape):
    """One action type's JSON. Subclasses declare `type: Literal["..."]` and their fields, and
    build the game's action object in `to_action`."""

    # The action's `type` tag; set from the subclass's Literal by `ActionParser`.
    tag: ClassVar[str] = ""

    def to_action(self) -> Any:
        raise NotImplementedError


def cut(text: str) -> str:
    """`text`, cut short to what an error message may repeat."""
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def shown(value: Any) -> str:
    """`repr(value)`, cut short."""
    return cut(repr(value))


def json_problem(exc: ValueError) -> str:
    """What `json.loads` found wrong, in words: Python's own message for bad JSON, but not its
    advice for an integer too long to read."""
    if "digits" in str(exc) and not isinstance(exc, json.JSONDecodeError):
        return "a number in it is too long"
    return f"invalid JSON ({cut(str(exc))})"


def field_path(loc: Sequence[int | str]) -> str:
    """`("actions", 3, 1)` → `actions[3][1]`, cut short like any value a stranger chose (a
    key of any length, nesting of any depth)."""
    path = ""
    for part in loc:
        if isinstance(part, str) and not part.isprintable():
            part = repr(part)  # a key's control characters, escaped
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
        if len(path) > _SHOWN:  # a key of any length, nesting of any depth
            break
    return cut(path)


def _names(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "none"


def problem(error: ErrorDetails, allowed: Sequence[str] = ()) -> str:
    """What is wrong with one value, in words (without saying where)."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    value = error.get("input")
    if kind == "missing":
        return "is missing"
    if kind == "extra_forbidden":
        return f"is not a known field (allowed: {_names(allowed)})"
    if kind == "recursion_loop":
        return "is nested too deeply"
    if kind == "string_pattern_mismatch":  # the shapes' only patterns bar control characters
        return f"must be text without control characters, got {shown(value)}"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected')}, got {shown(value)}"
    expected = {
        "int_type": "an integer",
        "int_from_float": "an integer",
        "string_type": "a string",
        "bool_type": "true or false",
        "list_type": "a list",
        "tuple_type": "a list",
        "dict_type": "a JSON object",
        "model_type": "a JSON object",
        "model_attributes_type": "a JSON object",
        "float_type": "a number",
    }.get(kind)
    if expected is not None:
        return f"must be {expected}, got {shown(value)}"
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "less_than_equal": ("at most", "le"),
        "greater_than": ("more than", "gt"),
        "less_than": ("less than", "lt"),
        "too_short": ("at least", "min_length"),
        "too_long": ("at most", "max_length"),
    }.get(kind)
    if bounds is not None:
        words, key = bounds
        if kind in ("too_short", "too_long"):
            return f"must have {words} {ctx.get(key)} item(s), got {shown(value)}"
        return f"must be {words} {ctx.get(key)}, got {shown(value)}"
    message = error["msg"]
    if message.startswith("Value error, "):
        message = message[len("Value error, ") :]
    return f"is refused: {message[:1].lower()}{message[1:]}, got {shown(value)}"


A = TypeVar("A")


class ActionParser(Generic[A]):
    """A game's action JSON → its action object, by a discriminated union of `ActionShape`s.

    The result raises `IllegalAction` with one clear message for anything malformed: not an
    object, no or an unknown `type`, a missing, unknown or mistyped field.
    """

    def __init__(self, game: str, shapes: Sequence[type[ActionShape]]) -> None:
        self.game = game
        self.shapes: dict[str, type[ActionShape]] = {}
        for shape in shapes:
            tag = shape.model_fields["type"].annotation.__args__[0]  # type: ignore[union-attr]
            shape.tag = tag
            self.shapes[tag] = shape
        # A union built at run time from the game's shapes: to the type checker, any type.
        union: Any = Annotated[Union[tuple(shapes)], Field(discriminator="type")]  # noqa: UP007
        self.adapter: TypeAdapter[ActionShape] = TypeAdapter(union)

    @classmethod
    def of(cls, game: str, actions: Sequence[Any]) -> ActionParser[Any]:
        """The parser of actions declared with `core.actions.json_action` (each has `Shape`)."""
        return cls(game, [action.Shape for action in actions])

    def __call__(self, data: Any) -> A:
        if not isinstance(data, dict):
            raise IllegalAction(f"an action must be a JSON object, got {shown(data)}")
        try:
            parsed = self.adapter.validate_python(data)
        except ValidationError as exc:
            raise IllegalAction(self.explain(exc.errors(include_url=False))) from None
        action: A = parsed.to_action()
        return action

    @property
    def types(self) -> list[str]:
        return list(self.shapes)

    def explain(self, errors: Sequence[ErrorDetails]) -> str:
        error = errors[0]
        kind = error["type"]
        if kind == "union_tag_not_found":
            return f"an action needs a 'type', one of {_names(self.types)}"
        if kind == "union_tag_invalid":
            tag = (error.get("input") or {}).get("type")
            return f"unknown action type {shown(tag)}; expected one of {_names(self.types)}"
        loc = error["loc"]
        tag, path = str(loc[0]), loc[1:]
        shape = self.shapes.get(tag)
        fields = [f.alias or name for name, f in shape.model_fields.items()] if shape else []
        where = field_path(path) if path else "the action"
        return f"{tag} action: '{where}' {problem(error, fields)}"

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of every action of this game (for documentation and clients)."""
        return self.adapter.json_schema(by_alias=True)


__all__ = [
    "ActionParser",
    "ActionShape",
    "Shape",
    "cut",
    "field_path",
    "json_problem",
    "problem",
    "shown",
]
