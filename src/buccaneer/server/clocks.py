"""Move clocks: each waiting seat's deadline, and what happens when one passes.

A live table gives every decision `seconds`; a seat that is still asked keeps its deadline
while others act (so a simultaneous decision is not restarted by a neighbour's choice), and a
seat that is asked anew gets a fresh one. Deadlines are absolute times stored with the table in
the same transaction as the action that set them, so a restart keeps every clock: one that ran
out while the server was down fires as soon as it is back.

A turn-based table may keep a time bank: `days` (whole days, 1 to 7) for each decision, the
same deadlines counted in days; on expiry a bot plays that one decision (`bot`) or the seat is
forfeited (`forfeit`: a bot plays it to the end and its player cannot take it back).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

DEFAULT_SECONDS = 60.0
DAY = 86_400.0
# The time banks a turn-based table may choose, in days a move.
TURN_DAYS = range(1, 8)
# What a turn-based table's expiry may do, and a live table's.
TURN_EXPIRY = ("bot", "forfeit")
LIVE_EXPIRY = ("rule", "bot")


class ClockError(ValueError):
    """A clock a table cannot have (the lobby answers it as `bad_clock`)."""


def clock_settings(clock: Mapping[str, Any], rule_seconds: float | None) -> dict[str, Any]:
    """The stored clock of a new table: `turn` (with a time bank of `days` and what expiry
    does, or unlimited), or `live` with its seconds and what expiry does. A game with its own
    time rule (a time-out action) uses its seconds and rule unless the table chose otherwise.
    `ClockError` for a clock no table may have."""
    days = clock.get("days")
    expiry = clock.get("on_expiry")
    if clock.get("mode", "turn") == "turn":
        if days is None:
            if expiry is not None:
                raise ClockError("'on_expiry' needs a time bank: give 'days' (1 to 7)")
            return {"mode": "turn"}
        if isinstance(days, bool) or not float(days).is_integer() or int(days) not in TURN_DAYS:
            raise ClockError(
                f"'days' is the time for each move in whole days, from 1 to 7 (not {days!r})"
            )
        expiry = expiry or "bot"
        if expiry not in TURN_EXPIRY:
            raise ClockError(
                "a turn-based table's time bank ends in 'bot' (a bot makes that move) or "
                f"'forfeit' (a bot takes the seat for good), not {expiry!r}"
            )
        return {"mode": "turn", "days": int(days), "on_expiry": expiry}
    if days is not None:
        raise ClockError("'days' is for turn-based tables; a live table gives 'seconds'")
    if expiry is not None and expiry not in LIVE_EXPIRY:
        raise ClockError(f"a live table's clock ends in 'rule' or 'bot', not {expiry!r}")
    seconds = clock.get("seconds") or rule_seconds or DEFAULT_SECONDS
    expiry = expiry or ("rule" if rule_seconds is not None else "bot")
    return {"mode": "live", "seconds": float(seconds), "on_expiry": expiry}


def move_seconds(clock: Mapping[str, Any]) -> float | None:
    """The time each decision has at a table with this clock (None: no limit)."""
    if clock.get("mode") == "live":
        return float(clock["seconds"])
    if clock.get("mode") == "turn" and clock.get("days") is not None:
        return float(clock["days"]) * DAY
    return None


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
    theirs, people asked anew (`asked_since[seat] == version`) get the clock's time for a
    move (`move_seconds`) from `now`."""
    seconds = move_seconds(clock)
    if seconds is None:
        return {}
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
