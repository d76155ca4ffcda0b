"""An action's JSON form derived from its dataclass: `to_json` and the parsing shape in one place.

A game declares each action once, as a frozen dataclass whose field annotations say how each
field looks in JSON, and decorates it with `@json_action("tag")`:

    @json_action("forward", make=lambda card, from_: FORWARD[card][from_ + 1])
    @dataclass(frozen=True, slots=True)
    class Forward(JsonAction):
        card: Annotated[int, Named(SYMBOLS)]               # JSON: "bottle", ...
        from_: Annotated[int, Field(alias="from", ge=-1, le=35)]

From that the decorator makes
- `to_json()`: `{"type": "forward", "card": SYMBOLS[card], "from": from_}`, generated as one
  dict display (as fast as one written by hand: servers and codecs call it for every offer);
- `Forward.Shape`: the strict pydantic model (`ActionShape`) that checks the JSON field by field
  and builds the action (through `make`, which may return a shared instance, or the class);
  `ActionParser.of(game, actions)` joins the shapes into the game's parser.

A field's annotation:
- a plain type (`int`, `str`, `tuple[int, ...]`, ...) with pydantic `Field(...)` constraints:
  the value as it is (a tuple is a JSON list; `alias` renames the key);
- `Named(names)`: an index into `names`, written as the name (the JSON type is the Literal of
  the names);
- `Coded(json_type, encode, decode)`: anything else, by two functions and the JSON type
  (validators included) that the shape checks.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Annotated, Any, ClassVar, Literal, TypeVar, get_args, get_origin

from pydantic import create_model
from pydantic.fields import FieldInfo

from buccaneer.core.schema import ActionShape


@dataclass(frozen=True)
class Named:
    """An int field written in JSON as `names[value]`."""

    names: Sequence[str]


@dataclass(frozen=True)
class Coded:
    """A field written as `encode(value)`, read back as `decode(json)`; `json_type` is what the
    shape checks (an `Annotated` type may carry constraints and validators)."""

    json_type: Any
    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]


class JsonAction:
    """Base of a game's actions: `to_json` and `Shape` come from `@json_action`."""

    __slots__ = ()
    Shape: ClassVar[type[ActionShape]]

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError(f"{type(self).__name__} is not decorated with @json_action")


A = TypeVar("A", bound=JsonAction)


@dataclass(frozen=True)
class _Plan:
    """How one field crosses: its JSON key, the shape's type and constraints, and the codings."""

    name: str
    key: str
    json_type: Any
    info: FieldInfo | None
    encode: Callable[[Any], Any] | Sequence[str] | None
    decode: Callable[[Any], Any] | dict[str, int] | None


def _plan(name: str, annotation: Any) -> _Plan:
    tp, marks = annotation, []
    if get_origin(annotation) is Annotated:
        tp, *marks = get_args(annotation)
    info = next((m for m in marks if isinstance(m, FieldInfo)), None)
    key = info.alias if info is not None and info.alias else name
    for mark in marks:
        if isinstance(mark, Named):
            names = tuple(mark.names)
            literal = Literal[names]  # type: ignore[valid-type]
            return _Plan(name, key, literal, info, names, {n: i for i, n in enumerate(names)})
        if isinstance(mark, Coded):
            return _Plan(name, key, mark.json_type, info, mark.encode, mark.decode)
    return _Plan(name, key, tp, info, None, None)


def _to_json_source(tag: str, plans: Sequence[_Plan]) -> str:
    items = [f'"type": {tag!r}']
    for plan in plans:
        value = f"self.{plan.name}"
        if isinstance(plan.encode, tuple):
            value = f"_names_{plan.name}[{value}]"
        elif callable(plan.encode):
            value = f"_encode_{plan.name}({value})"
        elif get_origin(plan.json_type) is tuple or plan.json_type is tuple:
            value = f"list({value})"
        items.append(f"{plan.key!r}: {value}")
    return "def to_json(self):\n    return {" + ", ".join(items) + "}\n"


def _to_action_source(plans: Sequence[_Plan]) -> str:
    """`to_action(shape)`: the parsed fields decoded and handed to the action's maker, as one
    call (parsing runs for every action a server or a replay reads)."""
    arguments = []
    for plan in plans:
        value = f"shape.{plan.name}"
        if isinstance(plan.decode, dict):
            value = f"_index_{plan.name}[{value}]"
        elif callable(plan.decode):
            value = f"_decode_{plan.name}({value})"
        elif get_origin(plan.json_type) is tuple or plan.json_type is tuple:
            value = f"tuple({value})"
        arguments.append(f"{plan.name}={value}")
    return "def to_action(shape):\n    return _build(" + ", ".join(arguments) + ")\n"


def json_action(
    tag: str, *, make: Callable[..., Any] | None = None, doc: str | None = None
) -> Callable[[type[A]], type[A]]:
    """Class decorator: derive `to_json` and `Shape` from the dataclass's fields (module
    docstring). `make(**fields)` builds the action from parsed fields (default: the class)."""

    def decorate(cls: type[A]) -> type[A]:
        hints = typing.get_type_hints(cls, include_extras=True)
        plans = [_plan(f.name, hints[f.name]) for f in fields(cls)]  # type: ignore[arg-type]
        namespace: dict[str, Any] = {"__builtins__": __builtins__}
        for plan in plans:
            if isinstance(plan.encode, tuple):
                namespace[f"_names_{plan.name}"] = plan.encode
            elif callable(plan.encode):
                namespace[f"_encode_{plan.name}"] = plan.encode
        exec(compile(_to_json_source(tag, plans), f"<{cls.__name__}.to_json>", "exec"), namespace)
        to_json = namespace["to_json"]
        to_json.__qualname__ = f"{cls.__qualname__}.to_json"
        to_json.__doc__ = f"This action's JSON form (`{tag}`)."

        namespace["_build"] = make if make is not None else cls
        for plan in plans:
            if isinstance(plan.decode, dict):
                namespace[f"_index_{plan.name}"] = plan.decode
            elif callable(plan.decode):
                namespace[f"_decode_{plan.name}"] = plan.decode
        source = _to_action_source(plans)
        exec(compile(source, f"<{cls.__name__}Shape.to_action>", "exec"), namespace)
        to_action = namespace["to_action"]

        definitions: dict[str, Any] = {"type": (Literal[tag], ...)}
        for plan in plans:
            json_type = plan.json_type
            if get_origin(json_type) is tuple and get_args(json_type)[1:] == (Ellipsis,):
                json_type = list[get_args(json_type)[0]]  # type: ignore[misc]
            definitions[plan.name] = (json_type, plan.info if plan.info is not None else ...)
        shape: type[ActionShape] = create_model(
            f"{cls.__name__}Shape",
            __base__=ActionShape,
            __doc__=doc or (cls.__doc__ or "").strip().split("\n")[0],
            **definitions,
        )
        shape.to_action = to_action  # type: ignore[method-assign]
        cls.to_json = to_json  # type: ignore[method-assign]
        cls.Shape = shape
        return cls

    return decorate


__all__ = ["Coded", "JsonAction", "Named", "json_action"]
