"""The typed contract from the engine to the browser: what a game's view and its log lines hold.

A game's `view(seat)` and its log events' `data` leave the engine as plain JSON. Each game
declares their exact shapes once, as pydantic models in its `contract.py` (named by its
`GameSpec.view_model` and `GameSpec.event_models`), and this module turns every registered
game's models, with its actions' shapes (`ActionParser.json_schema()`), into ONE JSON Schema
document. The server serves it (`GET /api/schema`, server/contracts.py), and the browser
client's TypeScript types are generated from it when the client is built (web/scripts/
generate-types.mjs, run by `npm run check|test|build` and so by setup.py), so the Python
engine and the TypeScript client cannot drift apart unnoticed: the conformance suite checks
every view and event of random games against both the models and this document
(tests/conformance/test_contract.py).

The models are strict: exact types (an int is never a bool), no unknown keys. A field's
docstring is its description, in the schema and in the generated TypeScript. A key that is
sometimes left out of the JSON (never sent as null) is declared with `absent()`.

`main([FILE])` writes the document (to stdout without FILE): `python -c "import sys; from
buccaneer.core.contract import main; sys.exit(main(sys.argv[1:]))" [FILE]`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, get_args

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaMode, models_json_schema

from buccaneer.core.schema import ActionParser

if TYPE_CHECKING:
    from buccaneer.core.game import GameSpec

# The dialect the document is written in (pydantic writes 2020-12).
DIALECT = "https://json-schema.org/draft/2020-12/schema"
DEFS = "#/$defs/"


class Model(BaseModel):
    """A JSON object of the contract: exactly these keys, of exactly these types."""

    model_config = ConfigDict(
        extra="forbid", strict=True, frozen=True, use_attribute_docstrings=True
    )


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


def absent() -> Any:
    """The default of a key the JSON leaves out at times, and never sends as null: such a field
    is optional in the schema (and in TypeScript, `key?: T`) without being nullable."""
    return Field(default=None, json_schema_extra=_no_default)


class ViewModel(Model):
    """The keys every game's view starts with (`State.base_view`, docs/architecture.md,
    "Views"). A game's view model subclasses it, naming its own `game`, `options` and keys."""

    game: str
    """The game's registered name."""
    players: int
    """How many seats play."""
    seat: int | None
    """The seat this view is for; null: a spectator's view."""
    to_move: list[int]
    """The seats whose decision the game waits for."""
    options: Model
    """The game's options, canonical (as validated when the game was made)."""
    over: bool
    """The game has ended."""
    scores: list[float]
    """Each seat's score as the game stands (the final scores once it is over)."""
    winners: list[int]
    """The winning seats once the game is over; empty before."""
    seed: int | None
    """The game's seed, once it is over (secret while it runs: it would reveal every hidden
    card)."""


class EventData(Model):
    """The `data` of one log line: its `type` and the facts its words state. A game's event
    model subclasses it with `type: Literal["<kind>"]`, one per kind of its `log.EVENT_TYPES`."""

    type: str
    """The event's kind."""


def event_kind(model: type[EventData]) -> str:
    """The kind an event model describes: the one value of its `type: Literal[...]`."""
    annotation = model.model_fields["type"].annotation
    kinds = get_args(annotation)
    if len(kinds) != 1 or not isinstance(kinds[0], str):
        raise TypeError(f"{model.__name__}.type must be a Literal of one kind, not {annotation}")
    return kinds[0]


def event_models(spec: GameSpec) -> dict[str, type[EventData]]:
    """A game's event models by kind."""
    found: dict[str, type[EventData]] = {}
    for model in spec.event_models:
        kind = event_kind(model)
        if kind in found:
            raise TypeError(f"{spec.name}: two event models for {kind!r}")
        found[kind] = model
    return found


def prefix(spec: GameSpec) -> str:
    """The prefix of a game's definitions in the document (its types' names in TypeScript):
    `tortuga1667` -> `Tortuga1667`."""
    return "".join(part[:1].upper() + part[1:] for part in spec.name.split("_"))


class _Generator(GenerateJsonSchema):
    """pydantic's schema without a title on every field: a titled field would become a named
    type of its own in the generated TypeScript."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


# Keywords whose value is not a schema (or a map/list of schemas) and is left as it is.
_DATA_KEYWORDS = frozenset({"enum", "const", "default", "examples", "required", "description"})
# Keywords whose value maps names to schemas (the names are not keywords).
_SCHEMA_MAPS = frozenset({"properties", "$defs", "patternProperties", "dependentSchemas"})


def _rename(node: Any, names: dict[str, str]) -> Any:
    """A copy of a schema with every `$defs` name renamed by `names` (in references and in
    discriminator mappings) and without the titles pydantic puts inside a schema."""
    if isinstance(node, list):
        return [_rename(item, names) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "title":
            continue
        if key == "$ref" and isinstance(value, str) and value.startswith(DEFS):
            out[key] = DEFS + names[value[len(DEFS) :]]
        elif key == "discriminator" and isinstance(value, dict):
            mapping = {
                tag: DEFS + names[ref[len(DEFS) :]] for tag, ref in value.get("mapping", {}).items()
            }
            out[key] = {**value, "mapping": mapping} if mapping else dict(value)
        elif key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: _rename(sub, names) for name, sub in value.items()}
        elif key in _DATA_KEYWORDS:
            out[key] = value
        else:
            out[key] = _rename(value, names)
    if "$ref" in out and len(out) > 1:
        # A reference with words beside it (a field's description): the TypeScript generator
        # would copy the referenced type under a new name, so the reference goes in an allOf.
        return {"allOf": [{"$ref": out.pop("$ref")}], **out}
    return out


def _titled(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    """A definition named `name` (its TypeScript type's name)."""
    return {"title": name, **{k: v for k, v in schema.items() if k != "title"}}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": DEFS + name}


def game_definitions(spec: GameSpec) -> dict[str, dict[str, Any]]:
    """A game's definitions for the document, each named with the game's prefix: its view
    model and everything in it, its event models and their union (`<Game>Event`), its actions'
    union (`<Game>Action`) and the contract object tying them together (`<Game>Contract`)."""
    if spec.view_model is None or not spec.event_models:
        raise ValueError(f"{spec.name}: the game declares no view model or event models")
    if not isinstance(spec.action_from_json, ActionParser):
        raise ValueError(f"{spec.name}: action_from_json is not an ActionParser")
    game = prefix(spec)
    events = event_models(spec)
    wanted: list[tuple[type[BaseModel], JsonSchemaMode]] = [(spec.view_model, "validation")]
    wanted += [(model, "validation") for model in events.values()]
    keys, models = models_json_schema(
        wanted,
        ref_template=DEFS + "{model}",
        schema_generator=_Generator,
    )
    actions = spec.action_from_json.json_schema()
    definitions: dict[str, dict[str, Any]] = {}
    for source in (models, actions):
        raw = source.get("$defs", {})
        names = {name: game + name for name in raw}
        for name, schema in raw.items():
            definitions[names[name]] = _titled(names[name], _rename(schema, names))
        if source is actions:
            union = {k: v for k, v in actions.items() if k != "$defs"}
            definitions[game + "Action"] = _titled(
                game + "Action",
                {
                    "description": f"An action of {spec.title}, as the engine reads it.",
                    **_rename(union, names),
                },
            )

    def defined(model: type[BaseModel]) -> str:
        ref: str = keys[(model, "validation")]["$ref"]
        return game + ref[len(DEFS) :]

    view = defined(spec.view_model)
    definitions[game + "Event"] = {
        "title": game + "Event",
        "description": f"The data of one line of {spec.title}'s log, by its `type`.",
        "oneOf": [_ref(defined(m)) for m in events.values()],
        "discriminator": {
            "propertyName": "type",
            "mapping": {kind: DEFS + defined(m) for kind, m in events.items()},
        },
    }
    definitions[game + "Contract"] = {
        "title": game + "Contract",
        "description": f"{spec.title}: what the engine sends the browser and reads from it.",
        "type": "object",
        "properties": {
            "view": _ref(view),
            "event": _ref(game + "Event"),
            "action": _ref(game + "Action"),
        },
        "required": ["view", "event", "action"],
        "additionalProperties": False,
    }
    return definitions


def schema_document(specs: Iterable[GameSpec]) -> dict[str, Any]:
    """One JSON Schema document for the given games: an object keyed by game name whose
    values are the games' contracts (`<Game>Contract`), every type under `$defs`. A view of
    game G validates against `{"$ref": "#/$defs/<G>View"}` with these `$defs`;
    `contract_refs` names the definitions of one game."""
    definitions: dict[str, dict[str, Any]] = {}
    games: dict[str, Any] = {}
    for spec in specs:
        own = game_definitions(spec)
        clash = set(own) & set(definitions)
        if clash:
            raise ValueError(f"{spec.name}: definitions named twice: {sorted(clash)}")
        definitions.update(own)
        games[spec.name] = _ref(prefix(spec) + "Contract")
    return {
        "$schema": DIALECT,
        "title": "Contract",
        "description": "The typed contract from the buccaneer engine to the browser: each "
        "game's view, log event data and actions (generated from the engine's models).",
        "type": "object",
        "properties": games,
        "required": list(games),
        "additionalProperties": False,
        "$defs": definitions,
    }


def contract_refs(document: dict[str, Any], game: str) -> dict[str, str]:
    """The references of one game's view, event and action in `document` ("view" ->
    "#/$defs/TortugaView", ...), read from the document itself."""
    contract = document["properties"][game]["$ref"][len(DEFS) :]
    properties = document["$defs"][contract]["properties"]
    return {part: properties[part]["$ref"] for part in ("view", "event", "action")}


def main(argv: list[str]) -> int:
    """Write the document of every registered game to the file named, or to stdout."""
    from buccaneer.core.registry import GAMES  # noqa: PLC0415  (the registry imports much)

    text = json.dumps(schema_document(GAMES.values()), indent=2, sort_keys=False) + "\n"
    if argv:
        with open(argv[0], "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    return 0


__all__ = [
    "DIALECT",
    "EventData",
    "Model",
    "ViewModel",
    "absent",
    "contract_refs",
    "event_kind",
    "event_models",
    "game_definitions",
    "prefix",
    "schema_document",
]
