"""The messages a connection receives, each built for its own recipient.

Everything here reads the game through the seat's own window: `view(seat)` (spectators:
`view(None)`), `legal_actions(seat)` with `describe` and `menu_group` for that seat, and the
log lines visible to it. Nothing is built once for everyone and filtered afterwards, and no
field is copied from the raw state; the table's public settings (`meta`) are the same for all.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from buccaneer.server.tables import LiveTable


def legal(live: LiveTable, seat: int | None) -> list[dict[str, Any]]:
    """The seat's choices with their words; nothing for spectators, or before the start."""
    if seat is None or live.status != "active":
        return []
    state = live.state
    return [
        {
            "action": action.to_json(),
            "text": state.describe(action, seat),
            "group": state.menu_group(action, seat),
        }
        for action in state.legal_actions(seat)
    ]


def log_lines(live: LiveTable, seat: int | None, after: int | None) -> list[dict[str, Any]]:
    """The log lines `seat` may see that were written after version `after` (None: the
    whole log, the set-up's lines at version 0 included), each with the version whose action
    wrote it, the engine's English words (records, terminals) and the event's structured data,
    from which the browser writes the line in the player's language. An event's data holds no
    more than its words: a line hidden from a seat is left out whole."""
    if after is None:
        start = 0
    else:
        start = live.log_marks[after] if after < len(live.log_marks) else len(live.state.log)
    full = live.state.log
    return [
        {"version": live.version_of_log_line(i), "text": event.text, "data": event.data}
        for i, event in enumerate(full[start:], start)
        if event.visible(seat)
    ]


def asked(live: LiveTable, seat: int | None) -> int | None:
    """The version at which the seat's current decision was put to it (None: not asked).
    Updates caused by others (in a simultaneous decision) leave it alone, so a client acts
    once per decision, and may send that action with any version from this one on."""
    if seat is None or live.status != "active" or seat not in live.state.to_move():
        return None
    return live.asked_since[seat]


def game_part(live: LiveTable, seat: int | None) -> dict[str, Any]:
    return {
        "version": live.version,
        "view": live.state.view(seat),
        "legal": legal(live, seat),
        "asked": asked(live, seat),
    }


def sync(live: LiveTable, seat: int | None, chat: list[dict[str, Any]]) -> dict[str, Any]:
    """Everything the recipient needs to draw the table from nothing."""
    return {
        "type": "sync",
        "seat": seat,
        "table": live.meta(),
        **game_part(live, seat),
        "log": log_lines(live, seat, None),
        "chat": chat,
    }


def update(live: LiveTable, seat: int | None, since: int) -> dict[str, Any]:
    """What changed since version `since`: the new view and choices, the new log lines."""
    return {
        "type": "update",
        "since": since,
        **game_part(live, seat),
        "log": log_lines(live, seat, since),
        "deadlines": live.public_deadlines(),
        "status": live.status,
    }


def table(live: LiveTable) -> dict[str, Any]:
    return {"type": "table", "table": live.meta()}


def error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, **extra}


def encode(message: dict[str, Any]) -> str:
    """A message's JSON text: orjson, which is several times quicker than the standard
    library at the server's busiest job; the standard library for anything orjson refuses
    (integers beyond 64 bits)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def shared_update(live: LiveTable, seat: int | None, since: int) -> str:
    """`update` as text, built once for every connection in the same place: the same seat
    (two tabs) or a table's spectators, at the same version and since the same version. The
    key holds the seat, so no text is ever shared between two seats."""
    at = (live.version, live.status)
    if live.texts_at != at:
        live.texts.clear()
        live.texts_at = at
    key = (seat, since, tuple(sorted(live.deadlines.items())))
    text = live.texts.get(key)
    if text is None:
        text = live.texts[key] = encode(update(live, seat, since))
    return text
