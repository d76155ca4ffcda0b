"""A finished game seen step by step, as a spectator or as one seat saw it, for the browser's
replay page. Only finished games are replayed: their records (seed included) are public then,
so every seat's view at every step may be shown to anyone."""

from __future__ import annotations

from typing import Any

import buccaneer
from buccaneer.core import GameRecord, get_spec


def replay_step(record: GameRecord, version: int, seat: int | None) -> dict[str, Any]:
    """`seat`'s view after the record's first `version` actions, and the log lines that seat
    saw up to then, each with the version whose action wrote it (0: the setup)."""
    spec = get_spec(record.game)
    state = buccaneer.load(record.game, record.players, seed=record.seed, **record.options)
    lines = [{"version": 0, "text": e.text, "data": e.data} for e in state.log if e.visible(seat)]
    for number, (who, action) in enumerate(record.actions[:version], 1):
        before = len(state.log)
        state.apply(who, spec.action_from_json(action))
        lines += [
            {"version": number, "text": e.text, "data": e.data}
            for e in state.log[before:]
            if e.visible(seat)
        ]
    return {
        "game": record.game,
        "seat": seat,
        "version": version,
        "total": len(record.actions),
        "view": state.view(seat),
        "log": lines,
    }


__all__ = ["replay_step"]
