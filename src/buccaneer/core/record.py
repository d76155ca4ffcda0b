"""Game records: the seed, the options and every action, enough to replay a game exactly.

A record read from outside (a file, the network) is checked field by field against
`RecordShape` and then against the game it names (its player counts, its options, each
action's JSON), so a broken record is refused with one message naming the field before any
of it is replayed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import ConfigDict, Field, JsonValue, StrictInt, StrictStr, ValidationError

from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.options import validate_options
from buccaneer.core.registry import get_spec, load
from buccaneer.core.rng import MAX_SEED
from buccaneer.core.schema import Shape, field_path, json_problem, problem, shown

if TYPE_CHECKING:  # state.py builds records, so the state type is named for the checker only
    from buccaneer.core.state import State

FORMAT = "buccaneer-record/1"


# A salt or a commitment: 64 lowercase hex digits (32 bytes; a SHA-256 digest).
HEX64 = "^[0-9a-f]{64}$"


class ResultShape(Shape):
    """How a server's record says the game ended: the final scores and winners and the
    SHA-256 of the whole log (core/fairness.py, `log_digest`), which every action shapes."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    scores: list[float | int]
    winners: list[StrictInt]
    log_sha256: Annotated[StrictStr, Field(pattern=HEX64)]


class RecordShape(Shape):
    """A record's JSON: `{"format", "game", "players", "options", "seed", "actions"}` with
    `actions` a list of `[seat, action_object]` pairs in the order they were applied; a
    server's record of a finished table adds `salt`, `commitment` and `result`
    (core/fairness.py, `buccaneer verify`)."""

    # Lax only so a JSON array can fill the (seat, action) pairs; every scalar is strict.
    model_config = ConfigDict(extra="forbid", strict=False, frozen=True)

    format: Literal["buccaneer-record/1"] = "buccaneer-record/1"
    game: StrictStr
    players: StrictInt
    options: dict[StrictStr, JsonValue]
    seed: Annotated[StrictInt, Field(ge=0, le=MAX_SEED)]
    actions: list[tuple[StrictInt, dict[StrictStr, JsonValue]]]
    salt: Annotated[StrictStr, Field(pattern=HEX64)] | None = None
    commitment: Annotated[StrictStr, Field(pattern=HEX64)] | None = None
    result: ResultShape | None = None


RECORD_FIELDS = tuple(RecordShape.model_fields)


def _refuse(path: str, message: str) -> OptionError:
    """`message` says what is wrong ("must be ...", "is missing", or after a colon)."""
    return OptionError(f"record field '{path}' {message}")


@dataclass(frozen=True)
class GameRecord:
    """A finished or unfinished game as data: `buccaneer.replay(record)` rebuilds its state.

    `actions` holds `(seat, action_json)` pairs in the order they were applied.
    """

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    # A server's record of a finished table (core/fairness.py): the salt and the commitment
    # published when the table was created, and the result the server reached. None: not
    # stated (a record of the engine's own, or of a table stored before commitments).
    salt: str | None = None
    commitment: str | None = None
    result: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "actions": [[seat, action] for seat, action in self.actions],
        }
        for key in ("salt", "commitment", "result"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Check every field (shape, the game, its player count and options, each action's
        seat and JSON); raise `OptionError` naming the first wrong one."""
        if not isinstance(data, dict):
            raise OptionError(f"a game record must be a JSON object, got {shown(data)}")
        given = data.get("format", FORMAT)
        if given != FORMAT:
            raise OptionError(
                f"unsupported record format {shown(given)}; this version reads {FORMAT!r}"
            )
        try:
            shape = RecordShape.model_validate(data)
        except ValidationError as exc:
            errors = exc.errors(include_url=False)
            missing = [
                str(e["loc"][0]) for e in errors if e["type"] == "missing" and len(e["loc"]) == 1
            ]
            if missing:
                raise OptionError(f"game record is missing {', '.join(missing)}") from None
            error = errors[0]
            raise _refuse(field_path(error["loc"]), problem(error, RECORD_FIELDS)) from None
        try:
            spec = get_spec(shape.game)
        except OptionError as exc:
            raise _refuse("game", f"names no game: {exc}") from None
        if shape.players not in spec.player_counts:
            raise _refuse(
                "players",
                f"must be from {spec.min_players} to {spec.max_players} for {spec.name}, "
                f"got {shape.players}",
            )
        try:
            options = validate_options(spec.name, spec.options, shape.options)
            # Some options depend on the player count (a start player's seat, how many star
            # cards a small game can hold): setting the game up checks them together.
            spec.new_state(shape.players, shape.seed, options)
        except OptionError as exc:
            raise _refuse("options", f"is refused: {exc}") from None
        actions: list[tuple[int, dict[str, Any]]] = []
        for i, (seat, action) in enumerate(shape.actions):
            if not 0 <= seat < shape.players:
                raise _refuse(
                    f"actions[{i}][0]",
                    f"must be a seat from 0 to {shape.players - 1}, got {seat}",
                )
            try:
                spec.action_from_json(action)
            except IllegalAction as exc:
                raise _refuse(f"actions[{i}][1]", f"is not a {spec.name} action: {exc}") from None
            actions.append((seat, action))
        return cls(
            game=spec.name,
            players=shape.players,
            options=options,
            seed=shape.seed,
            actions=actions,
            salt=shape.salt,
            commitment=shape.commitment,
            result=None if shape.result is None else shape.result.model_dump(),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        try:
            data = json.loads(text)
        except UnicodeDecodeError:
            raise OptionError("not a game record: the text is not UTF-8") from None
        except ValueError as exc:  # invalid JSON, or a number past Python's 4300 digits
            raise OptionError(f"not a game record: {json_problem(exc)}") from None
        except RecursionError:
            raise OptionError("not a game record: the JSON is nested too deeply") from None
        return cls.from_dict(data)


def replay(record: GameRecord) -> State:
    """The state `record` describes, rebuilt by applying its actions to a fresh game."""
    state = load(record.game, record.players, seed=record.seed, **record.options)
    spec = get_spec(record.game)
    for i, (seat, action_json) in enumerate(record.actions):
        try:
            state.apply(seat, spec.action_from_json(action_json))
        except IllegalAction as exc:
            raise IllegalAction(f"record action {i} ({action_json}) by seat {seat}: {exc}") from exc
    return state
