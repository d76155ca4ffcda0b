"""Every message a client may send, as a strict schema: unknown fields refused, exact types.

The shapes build on the ones records use (`core.schema.Shape`); an action inside a message is
checked by its game's own `action_from_json`, the parser records go through. A message that
fails becomes one `error` reply naming the field, and nothing changes.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal, Union, get_args

from pydantic import (
    BeforeValidator,
    Field,
    JsonValue,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    TypeAdapter,
)
from pydantic import ValidationError as PydanticValidationError

from buccaneer.core.schema import Shape, field_path, json_problem, problem, shown

# Every string a client sends is text a database can store (PostgreSQL refuses NUL) and, for
# names and ids, text a person can read: no control characters at all.
Printable = Field(pattern=r"^[^\x00-\x1f\x7f]*$")
Name = Annotated[StrictStr, Field(min_length=1, max_length=40), Printable]
Token = Annotated[StrictStr, Field(min_length=1, max_length=100), Printable]
TableId = Annotated[StrictStr, Field(min_length=1, max_length=32), Printable]
# A chat line's length is the chat's own limit (`chat_length`, answered `too_long`); the
# message's size is bounded by `max_message` before it is parsed.
Text = Annotated[StrictStr, Field(min_length=1, pattern=r"^[^\x00]*$")]
Version = Annotated[StrictInt, Field(ge=0, le=10**9)]
AgentText = Annotated[StrictStr, Field(min_length=1, max_length=200), Printable]


# -- WebSocket: client → server -------------------------------------------------------------


class Hello(Shape):
    """The first message: which table, as which seat (a seat token) or as a spectator (no
    token), and the last version this client saw, if it is coming back."""

    type: Literal["hello"]
    table: TableId | None = None
    token: Token | None = None
    version: Version | None = None
    name: Name | None = None
    session: Token | None = None
    # This device's secret (docs/server.md, "Seat owners"): the first hello with a key claims
    # the seat for that key, and from then on the token opens the seat only beside it.
    key: Token | None = None


class ActionMessage(Shape):
    type: Literal["action"]
    version: Version
    action: dict[StrictStr, JsonValue]


class ChatMessage(Shape):
    type: Literal["chat"]
    text: Text


class SyncMessage(Shape):
    type: Literal["sync"]


class HandoverMessage(Shape):
    """Hand another seat (its player gone) to a bot; `agent` as on the command line."""

    type: Literal["handover"]
    seat: StrictInt
    agent: AgentText = "heuristic"


class TakebackMessage(Shape):
    type: Literal["takeback"]


class LeaveMessage(Shape):
    type: Literal["leave"]


class RematchMessage(Shape):
    type: Literal["rematch"]


class ExportMessage(Shape):
    type: Literal["export"]


class PingMessage(Shape):
    type: Literal["ping"]


ClientMessage = Annotated[
    Union[  # noqa: UP007
        Hello,
        ActionMessage,
        ChatMessage,
        SyncMessage,
        HandoverMessage,
        TakebackMessage,
        LeaveMessage,
        RematchMessage,
        ExportMessage,
        PingMessage,
    ],
    Field(discriminator="type"),
]
CLIENT_MESSAGES: TypeAdapter[Any] = TypeAdapter(ClientMessage)
# Each message type's shape, by its tag (the `type` literal), read off the union above.
SHAPES: dict[str, type[Shape]] = {
    shape.model_fields["type"].annotation.__args__[0]: shape
    for shape in get_args(get_args(ClientMessage)[0])
}
MESSAGE_TYPES = list(SHAPES)


class BadMessage(ValueError):
    """A message that is not one the protocol knows; its text names what is wrong."""


def parse_message(text: str) -> Any:
    """The client message in `text`, or `BadMessage` saying what is wrong with it."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadMessage("the JSON is nested too deeply") from None
    except ValueError as exc:
        raise BadMessage(json_problem(exc)) from None
    if not isinstance(data, dict):
        raise BadMessage(f"a message must be a JSON object, got {shown(data)}")
    try:
        return CLIENT_MESSAGES.validate_python(data)
    except PydanticValidationError as exc:
        raise BadMessage(explain(exc)) from None
    except RecursionError:
        raise BadMessage("the JSON is nested too deeply") from None


def explain(exc: PydanticValidationError) -> str:
    error = exc.errors(include_url=False)[0]
    kind = error["type"]
    if kind == "union_tag_not_found":
        return f"a message needs a 'type', one of {', '.join(MESSAGE_TYPES)}"
    if kind == "union_tag_invalid":
        return f"unknown message type; expected one of {', '.join(MESSAGE_TYPES)}"
    loc = error["loc"]
    if loc and isinstance(loc[0], str) and loc[0] in MESSAGE_TYPES:
        tag, path = loc[0], loc[1:]
    else:
        tag, path = "request", loc
    where = field_path(path) if path else "the message"
    allowed = [name for name in SHAPES[tag].model_fields if name != "type"] if tag in SHAPES else []
    return f"{tag} message: '{where}' {problem(error, allowed)}"


# -- HTTP ---------------------------------------------------------------------------------------


def digits_only(value: Any) -> Any:
    """A query value is text, and an integer in it is written in digits (a leading '-' for a
    negative one): never '1.0', ' 1' or '1e0', which a lax reading would take for 1."""
    if isinstance(value, str) and not re.fullmatch(r"-?[0-9]{1,18}", value):
        raise ValueError("must be a whole number written in digits")
    return value


# An integer in a query string (`?version=12&seat=1`).
QueryInt = Annotated[int, BeforeValidator(digits_only)]


class SeatRequest(Shape):
    """One seat of a new table, by how it is filled: `me` (the creator, seated at once),
    `invite` (kept for its link; `human` is its older name), `open` (anyone may join it) or
    `bot` (a server bot with its agent)."""

    kind: Literal["me", "invite", "open", "human", "bot"] = "invite"
    agent: AgentText | None = None
    name: Name | None = None


class ClockRequest(Shape):
    """`turn`: no clock, or with `days` (whole days, 1 to 7) a time bank per move; on expiry
    a bot move (`bot`) or the seat forfeited to a bot for good (`forfeit`). `live`: each
    decision has `seconds`; on expiry the game's own rule (`rule`, where the game has one,
    e.g. a time-out action) or a bot move (`bot`). `clocks.clock_settings` checks the rest."""

    mode: Literal["turn", "live"] = "turn"
    seconds: Annotated[StrictInt | StrictFloat, Field(ge=1, le=86_400)] | None = None
    days: StrictInt | StrictFloat | None = None
    on_expiry: Literal["rule", "bot", "forfeit"] | None = None


class CreateTable(Shape):
    game: Annotated[StrictStr, Field(min_length=1, max_length=40), Printable]
    players: StrictInt
    options: dict[StrictStr, JsonValue] = Field(default_factory=dict)
    seats: list[SeatRequest] | None = None
    clock: ClockRequest = Field(default_factory=ClockRequest)
    listed: StrictBool = True
    bot_delay: Annotated[StrictInt | StrictFloat, Field(ge=0, le=60)] = 0.5
    # Rated (docs/server.md, "Ratings"): every person with an account, every bot a rated level.
    rated: StrictBool = False


class JoinTable(Shape):
    name: Name | None = None
    seat: StrictInt | None = None


class LeaveTable(Shape):
    token: Token
    key: Token | None = None


# A new password: 8 characters at least (argon2 makes guessing slow, not a short one safe).
NewPassword = Annotated[StrictStr, Field(min_length=8, max_length=200, pattern=r"^[^\x00]*$")]
# A password given to be checked.
Password = Annotated[StrictStr, Field(min_length=1, max_length=200, pattern=r"^[^\x00]*$")]


class NewAccount(Shape):
    name: Name
    password: NewPassword


class Login(Shape):
    name: Name
    password: Password
    # The browser's key from an earlier login of this account (`device` in that answer).
    device: Token | None = None


class ChangePassword(Shape):
    current: Password
    password: NewPassword


class KeepGuest(Shape):
    """A guest becomes an account: a password, and a name (its own when none is given)."""

    name: Name | None = None
    password: NewPassword


class DeleteAccount(Shape):
    """The account's password (a guest, who has none, sends none)."""

    password: Password | None = None


class ResetRequest(Shape):
    name: Name


class Reset(Shape):
    token: Token
    password: NewPassword


class NewGuest(Shape):
    name: Name | None = None
