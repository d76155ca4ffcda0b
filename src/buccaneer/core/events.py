"""The game log: what happened, in words a person can read, and who may read it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log.

    `visible_to` is None when everyone (spectators included) may see the event, else the seats
    that may. A server or client filters with `event.visible(seat)`.
    """

    text: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)
