"""A game of Tortuga: the class games are made of, the core `State` protocol on top of the rules.

The fields are declared in fields.py and the rules are `Rules`'s (rules.py); this class adds
what the protocol asks beyond them, each delegated to its module: the seat's view (view.py),
the bot's view (botview.py), worlds a seat cannot tell apart (sampling.py), actions and events
in words (explain.py, log.py); `clone` and `snapshot` are derived from the declared fields.
"""

from __future__ import annotations

import random
from typing import Any, Self

from buccaneer.core.events import Event
from buccaneer.core.fields import derive_copies
from buccaneer.core.state import Action
from buccaneer.games.tortuga.botview import BotView, build_bot_view
from buccaneer.games.tortuga.explain import describe
from buccaneer.games.tortuga.fields import SEAT_NAMES
from buccaneer.games.tortuga.log import format_event
from buccaneer.games.tortuga.rules import Rules
from buccaneer.games.tortuga.sampling import determinize, from_view
from buccaneer.games.tortuga.view import build_view


@derive_copies
class TortugaState(Rules):
    """A game of Tortuga for 2-4 players (fields.py: its fields; rules.py: its rules). `clone`
    and `snapshot` are derived from the fields' declaration (`derive_copies`)."""

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: random.Random) -> TortugaState:
        """A game rebuilt from one seat's view (`SPEC.from_view`; sampling.py)."""
        return from_view(cls, view, rng)

    # -- information -----------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def bot_view(self, seat: int) -> BotView:
        return build_bot_view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A world consistent with `view(seat)` (sampling.py)."""
        return determinize(self, seat, rng)

    # -- words -----------------------------------------------------------------------------------

    def describe(self, action: Action, seat: int | None = None) -> str:
        return describe(self, action, seat)

    def format_event(self, raw: tuple[Any, ...]) -> list[Event]:
        return format_event(self, raw)


__all__ = ["SEAT_NAMES", "TortugaState"]
