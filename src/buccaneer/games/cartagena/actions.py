"""Cartagena's three actions and their JSON form (docs/architecture.md, "The state protocol").

Every possible action is built once at import and reused, so `legal_actions` allocates only the
list that holds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from buccaneer.core.schema import ActionParser, ActionShape
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

# The same instances indexed by the square itself, for `legal_actions` to read with `map` (no
# Python-level `+ 1` per pirate): FORWARD_FROM[card][from] for from 0..35, and the start (-1)
# at index 36, where Python's negative indexing finds it; BACK_FROM[from] for from 0..36 (a
# pirate never moves back from the start).
FORWARD_FROM: tuple[tuple[Forward, ...], ...] = tuple(row[1:] + row[:1] for row in FORWARD)
BACK_FROM: tuple[Back, ...] = BACK[1:]


# The symbol names as a JSON type, made from the one list of them (a string to mypy).
if TYPE_CHECKING:
    Symbol = str
else:
    Symbol = Literal[SYMBOLS]


class ForwardShape(ActionShape):
    """`{"type": "forward", "card": SYMBOL, "from": -1..35}`"""

    type: Literal["forward"]
    card: Symbol
    from_: Annotated[int, Field(alias="from", ge=START, le=BOAT - 1)]

    def to_action(self) -> Forward:
        return FORWARD[SYMBOL_INDEX[self.card]][self.from_ + 1]


class BackShape(ActionShape):
    """`{"type": "back", "from": 0..36}`"""

    type: Literal["back"]
    from_: Annotated[int, Field(alias="from", ge=START + 1, le=BOAT)]

    def to_action(self) -> Back:
        return BACK[self.from_ + 1]


class EndTurnShape(ActionShape):
    """`{"type": "end_turn"}`"""

    type: Literal["end_turn"]

    def to_action(self) -> EndTurn:
        return END_TURN


# Parse an action's JSON; raises IllegalAction naming what is malformed.
action_from_json = ActionParser[Action]("cartagena", (ForwardShape, BackShape, EndTurnShape))
