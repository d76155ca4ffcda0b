"""Move clocks: each waiting seat's deadline, and what happens when one passes.

A live table gives every decision `seconds`; a seat that is still asked keeps its deadline
while others act (so a simultaneous decision is not restarted by a neighbour's choice), and a
seat that is asked anew gets a fresh one. Deadlines are absolute times stored with the table in
the same transaction as the action that set them, so a restart keeps every clock: one that ran
out while the server was down fires as soon as it is back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

DEFAULT_SECONDS = 60.0


def clock_settings(clock: Mapping[str, Any], rule_seconds: float | None) -> dict[str, Any]:
    """The stored clock of a new table: `turn`, or `live` with its seconds and what expiry
    does. A game with its own time rule (a time-out action) uses its seconds and rule unless
    the table chose otherwise."""
    if clock.get("mode", "turn") == "turn":
        return {"mode": "turn"}
    seconds = clock.get("seconds") or rule_seconds or DEFAULT_SECONDS
    expiry = clock.get("on_expiry") or ("rule" if rule_seconds is not None else "bot")
    return {"mode": "live", "seconds": float(seconds), "on_expiry": expiry}


def next_deadlines(
    clock: Mapping[str, Any],
    *,
    now: float,
    to_move: Iterable[int],
    asked_since: list[int],
    version: int,
    old: Mapping[int, float],
    bot_seats: set[int],
) -> dict[int, float]:
    """Deadlines after an action brought the table to `version`: people still asked keep
    theirs, people asked anew (`asked_since[seat] == version`) get `seconds` from `now`."""
    if clock.get("mode") != "live":
        return {}
    seconds = float(clock["seconds"])
    deadlines = {}
    for seat in to_move:
        if seat in bot_seats:
            continue
        if asked_since[seat] == version or seat not in old:
            deadlines[seat] = now + seconds
        else:
            deadlines[seat] = old[seat]
    return deadlines


def first_deadline(deadlines: Mapping[int, float]) -> float | None:
    return min(deadlines.values()) if deadlines else None
