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
from buccaneer.games.tortuga1667.belief import named, seat_belief
from buccaneer.games.tortuga1667.bot_evidence import observe
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

    def determinize_by_belief(self, seat: int | None, rng: random.Random) -> Self:
        """A world as `determinize` samples it, the others' loyalties drawn from
        `belief(seat)`: a seat that has played British in the open is British in more worlds."""
        return determinize(self, seat, rng, weighed=True)

    def belief(self, seat: int | None) -> list[tuple[tuple[str, ...], float]]:
        """Every deal of the loyalty cards that `seat` (None: a spectator) cannot rule out, with
        its probability given the public evidence (belief.py), likeliest first."""
        self.check_seat(seat)
        return named(seat_belief(self, seat))

    def keep_beliefs(self, on: bool) -> None:
        # With two players the other seat is surely the other nation: nothing to learn.
        self.track_evidence = bool(on) and self.players > 2

    def twin(self, seat: int | None, rng: random.Random) -> Self:
        # A twin plays on as the game itself does, learning from the table as the game does.
        world = super().twin(seat, rng)
        world.track_evidence = self.track_evidence
        return world

    def _play(self, seat: int, action: Action, legal: list[Action]) -> None:
        # The public model judges an action in the position it was chosen in, before it
        # changes anything (an illegal action never gets here).
        if self.track_evidence:
            self.evidence = observe(self, seat, action, legal)
        super()._play(seat, action, legal)

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: random.Random) -> Tortuga1667State:
        """A full game rebuilt from one seat's view alone (`GameSpec.from_view`; sampling.py
        says how)."""
        return from_view(cls, view, rng)

    # -- words -----------------------------------------------------------------------------------

    def describe(self, action: Action, seat: int | None = None) -> str:
        return describe(self, action, seat)

    def menu_group(self, action: Action, seat: int | None = None) -> str | None:
        return menu_group(self, action)

    def format_event(self, raw: tuple[Any, ...]) -> list[Event]:
        return format_event(self, raw)


__all__ = ["SEAT_NAMES", "Tortuga1667State"]
