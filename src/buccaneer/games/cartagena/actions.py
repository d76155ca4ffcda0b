"""Cartagena's three actions and their JSON form (DESIGN.md, "View contract").

Every possible action is built once at import and reused, so `legal_actions` allocates only the
list that holds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from buccaneer.core.errors import IllegalAction
from buccaneer.games.cartagena.board import BOAT, START, SYMBOL_INDEX, SYMBOLS


@dataclass(frozen=True, slots=True)
class Forward:
    """Play a card and move one own pirate from `from_` to the next free square of its symbol."""

    card: int
    from_: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "forward", "card": SYMBOLS[self.card], "from": self.from_}


@dataclass(frozen=True, slots=True)
class Back:
    """Move one own pirate from `from_` back to the nearest square with one or two pirates."""

    from_: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "back", "from": self.from_}


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop acting this turn (after 0, 1 or 2 actions; after the third the turn passes)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "end_turn"}


Action = Forward | Back | EndTurn

# FORWARD[card][from + 1], BACK[from + 1]: the interned instances.
FORWARD: tuple[tuple[Forward, ...], ...] = tuple(
    tuple(Forward(card, square) for square in range(START, BOAT)) for card in range(6)
)
BACK: tuple[Back, ...] = tuple(Back(square) for square in range(START, BOAT + 1))
END_TURN = EndTurn()


def _square(data: dict[str, Any], low: int) -> int:
    value = data.get("from")
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= BOAT:
        raise IllegalAction(f"'from' must be an int from {low} to {BOAT}, got {value!r}")
    return value


def action_from_json(data: Any) -> Action:
    """Parse an action's JSON; raise IllegalAction naming what is malformed."""
    if not isinstance(data, dict):
        raise IllegalAction(f"an action must be a JSON object, got {data!r}")
    kind = data.get("type")
    if kind == "end_turn":
        return END_TURN
    if kind == "back":
        return BACK[_square(data, START) + 1]
    if kind == "forward":
        card = data.get("card")
        if card not in SYMBOL_INDEX:
            raise IllegalAction(f"'card' must be one of {', '.join(SYMBOLS)}, got {card!r}")
        square = _square(data, START)
        if square == BOAT:
            raise IllegalAction("a pirate in the boat cannot move forward")
        return FORWARD[SYMBOL_INDEX[card]][square + 1]
    raise IllegalAction(f"unknown action type {kind!r}; expected forward, back or end_turn")
