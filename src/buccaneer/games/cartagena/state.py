"""The Cartagena game as the core `State` protocol (docs/architecture.md, "The state protocol").

The fields are declared in fields.py and the rules (setup, `legal_actions`, `apply`) are
`Rules`' (rules.py); this class adds the rest of the protocol, each part from the module that
owns it: the view (view.py), the bot's view (botview.py), sampled worlds and games rebuilt from a
view (sampling.py), actions in words (explain.py) and the log (log.py).
"""

from __future__ import annotations

import random
from typing import Any, Self

from buccaneer.core.events import Event
from buccaneer.core.fields import derive_copies
from buccaneer.core.state import Action
from buccaneer.games.cartagena import explain, sampling
from buccaneer.games.cartagena.botview import build_bot_view
from buccaneer.games.cartagena.components import BOAT
from buccaneer.games.cartagena.log import format_event
from buccaneer.games.cartagena.rules import Rules
from buccaneer.games.cartagena.view import build_view


@derive_copies
class CartagenaState(Rules):
    """A game of Cartagena, Jamaica (hidden hands) or Tortuga (open hands, open row) version;
    `clone` and `snapshot` are derived from the fields' declaration (`derive_copies`)."""

    __slots__ = ()

    # -- the protocol ----------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        return () if self.won_by else (self.current,)

    def is_over(self) -> bool:
        return bool(self.won_by)

    def scores(self) -> list[float]:
        """Pirates in the boat per seat: the winner has six; for others a measure of progress,
        and what decides a dead position (`is_dead`)."""
        return [float(p.count(BOAT)) for p in self.pirates]

    def winners(self) -> list[int]:
        return list(self.won_by)

    # -- information -----------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    # The function itself, bound as the method: bots read it at every decision of a rollout.
    bot_view = build_bot_view

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        return sampling.determinize(self, seat, rng)

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: random.Random) -> CartagenaState:
        """A full state consistent with `view`, hidden cards dealt with randomness from `rng`
        (`GameSpec.from_view`)."""
        return sampling.from_view(cls, view, rng)

    # -- words -------------------------------------------------------------------------------

    def describe(self, action: Action, seat: int | None = None) -> str:
        return explain.describe(self, action, seat)

    def format_event(self, raw: tuple[Any, ...]) -> list[Event]:
        return format_event(self, raw)
