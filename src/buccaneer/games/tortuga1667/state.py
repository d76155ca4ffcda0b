"""Tortuga 1667 as the core `State` protocol: the rules are `Rules`' (rules.py); this class adds
what a seat may know (view.py, botview.py, sampling.py) and the words (explain.py, log.py).
`clone` and `snapshot` are derived from the fields' declaration (`derive_copies`).
"""

from __future__ import annotations

import random
from typing import Any, Self

from buccaneer.core.events import Event
from buccaneer.core.fields import derive_copies
from buccaneer.core.state import Action
from buccaneer.games.tortuga1667.botview import BotView, build_bot_view
from buccaneer.games.tortuga1667.explain import describe, menu_group
from buccaneer.games.tortuga1667.fields import SEAT_NAMES
from buccaneer.games.tortuga1667.log import format_event
from buccaneer.games.tortuga1667.rules import Rules
from buccaneer.games.tortuga1667.sampling import determinize, from_view
from buccaneer.games.tortuga1667.view import build_view


@derive_copies
class Tortuga1667State(Rules):
    """A game of Tortuga 1667 for 2-9 players (the rules are `Rules`', the fields `Fields`')."""

    # -- information -----------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def bot_view(self, seat: int) -> BotView:
        """`view(seat)`'s knowledge as the heuristic bot reads it (botview.py's `BotView`), built
        straight from the fields: rollouts ask for it at every step."""
        self.check_seat(seat, spectator=False)
        return build_bot_view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        return determinize(self, seat, rng)

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: random.Random) -> Tortuga1667State:
        """A full game rebuilt from one seat's view alone (`GameSpec.from_view`; sampling.py
        says how)."""
        return from_view(cls, view, rng)

    # -- words -----------------------------------------------------------------------------------

    def describe(self, action: Action, seat: int | None = None) -> str:
        return describe(self, action, seat)

    def menu_group(self, action: Action, seat: int | None = None) -> str | None:
        return menu_group(action)

    def format_event(self, raw: tuple[Any, ...]) -> list[Event]:
        return format_event(self, raw)


__all__ = ["SEAT_NAMES", "Tortuga1667State"]
