"""Cartagena's three actions and their JSON form (docs/architecture.md, "The state protocol").

Each action is declared once, as a dataclass whose annotations say how each field looks in JSON:
`json_action` (core/actions.py) derives its `to_json` and the shape that parses it. Every
possible action is built once at import and reused, so `legal_actions` allocates only the
list that holds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field

from buccaneer.core.actions import JsonAction, Named, json_action
from buccaneer.core.schema import ActionParser
from buccaneer.games.cartagena.components import BOAT, START, SYMBOLS


@json_action(
    "forward",
    make=lambda card, from_: FORWARD[card][from_ + 1],
    doc='`{"type": "forward", "card": SYMBOL, "from": -1..35}`',
)
@dataclass(frozen=True, slots=True)
class Forward(JsonAction):
    """Play a card and move one own pirate from `from_` to the next free square of its symbol."""

    card: Annotated[int, Named(SYMBOLS)]
    from_: Annotated[int, Field(alias="from", ge=START, le=BOAT - 1)]


@json_action("back", make=lambda from_: BACK[from_ + 1], doc='`{"type": "back", "from": 0..36}`')
@dataclass(frozen=True, slots=True)
class Back(JsonAction):
    """Move one own pirate from `from_` back to the nearest square with one or two pirates."""

    from_: Annotated[int, Field(alias="from", ge=START + 1, le=BOAT)]


@json_action("end_turn", make=lambda: END_TURN, doc='`{"type": "end_turn"}`')
@dataclass(frozen=True, slots=True)
class EndTurn(JsonAction):
    """Stop acting this turn (after 0, 1 or 2 actions; after the third the turn passes)."""


Action = Forward | Back | EndTurn

# FORWARD[card][from + 1], BACK[from + 1]: the interned instances.
FORWARD: tuple[tuple[Forward, ...], ...] = tuple(
    tuple(Forward(card, square) for square in range(START, BOAT)) for card in range(6)
)
BACK: tuple[Back, ...] = tuple(Back(square) for square in range(START, BOAT + 1))
END_TURN: EndTurn = EndTurn()

# The same instances indexed by the square itself, for `legal_actions` to read with `map` (no
# Python-level `+ 1` per pirate): FORWARD_FROM[card][from] for from 0..35, and the start (-1)
# at index 36, where Python's negative indexing finds it; BACK_FROM[from] for from 0..36 (a
# pirate never moves back from the start).
FORWARD_FROM: tuple[tuple[Forward, ...], ...] = tuple(row[1:] + row[:1] for row in FORWARD)
BACK_FROM: tuple[Back, ...] = BACK[1:]


# Parse an action's JSON (each action's shape is derived from its dataclass by `json_action`);
# raises IllegalAction naming what is malformed.
action_from_json: ActionParser[Action] = ActionParser.of("cartagena", (Forward, Back, EndTurn))
