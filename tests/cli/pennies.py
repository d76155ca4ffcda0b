"""A tiny simultaneous-move game for testing the command's generic paths.

Every round each seat secretly shows heads or tails at the same time; seats on the minority
side score a point. Nothing registers it except the tests that need it.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any, Self

from rich.text import Text

from buccaneer.core import Event, GameSpec, IllegalAction, Option, OptionError, State
from buccaneer.core.state import Action


@dataclass(frozen=True)
class Pick:
    side: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "pick", "side": self.side}


def action_from_json(data: Any) -> Action:
    if not isinstance(data, dict) or data.get("side") not in ("heads", "tails"):
        raise IllegalAction(f"not a pick: {data!r}")
    return Pick(data["side"])


class PenniesState(State):
    game = "pennies"

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.round = 1
        self.pending: dict[int, str] = {}
        self.points = [0] * players
        self._history = []
        self._replayable = True
        self._lines = [Event("Pennies begins")]

    def to_move(self) -> tuple[int, ...]:
        if self.round > self.options["rounds"]:
            return ()
        return tuple(s for s in range(self.players) if s not in self.pending)

    def legal_actions(self, seat: int) -> list[Action]:
        return [Pick("heads"), Pick("tails")] if seat in self.to_move() else []

    def apply(self, seat: int, action: Action | dict[str, Any]) -> None:
        if isinstance(action, dict):
            action = action_from_json(action)
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"P{seat} may not pick now")
        assert isinstance(action, Pick)
        self.pending[seat] = action.side
        self._history.append((seat, action))
        self._lines.append(Event(f"P{seat} chose {action.side}", visible_to=(seat,)))
        if len(self.pending) == self.players:
            heads = sum(side == "heads" for side in self.pending.values())
            minority = "heads" if heads < self.players - heads else "tails"
            if heads * 2 != self.players:
                for s, side in self.pending.items():
                    self.points[s] += side == minority
            shown = ", ".join(f"P{s} {side}" for s, side in sorted(self.pending.items()))
            self._lines.append(Event(f"Round {self.round}: {shown}"))
            self.pending = {}
            self.round += 1

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.base_view(seat)
        view.update(
            round=self.round,
            points=list(self.points),
            chosen=sorted(self.pending),
            my_pick=self.pending.get(seat) if seat is not None else None,
        )
        return view

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if self.to_move():
            return []
        best = max(self.points)
        return [s for s, p in enumerate(self.points) if p == best]

    def clone(self) -> Self:
        return copy.deepcopy(self)

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        twin = self.clone()
        twin.pending = {s: v for s, v in self.pending.items() if s == seat}
        twin._replayable = False
        return twin

    def describe(self, action: Action, seat: int | None = None) -> str:
        assert isinstance(action, Pick)
        return f"show {action.side}"

    @property
    def log(self) -> list[Event]:
        return list(self._lines)

    def snapshot(self) -> tuple[Any, ...]:
        return (self.round, tuple(sorted(self.pending.items())), tuple(self.points))


def _check_rounds(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise OptionError(f"must be a positive int, got {value!r}")
    return value


def render(view: dict[str, Any]) -> Text:
    return Text(f"round {view['round']}, points {view['points']}, my pick {view['my_pick']}")


SPEC = GameSpec(
    name="pennies",
    title="Pennies",
    summary="Show heads or tails at once; the minority scores.",
    min_players=2,
    max_players=4,
    options={"rounds": Option("rounds", 2, "how many rounds", _check_rounds)},
    new_state=PenniesState,
    action_from_json=action_from_json,
    render=render,
    seat_names=("P0", "P1", "P2", "P3"),
)
