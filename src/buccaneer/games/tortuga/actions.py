"""Every decision a Tortuga player makes, as a small frozen dataclass with a JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator

from buccaneer.core.schema import ActionParser, ActionShape
from buccaneer.games.tortuga.components import (
    ACTION_INDEX,
    ACTIONS,
    COLOUR_INDEX,
    COLOURS,
    DIE_LETTERS,
)


@dataclass(frozen=True, slots=True)
class Select:
    """Keep these dice behind the screen (die indices 0..4 = A..E, ascending). The empty
    selection is the only choice when no rolled die can be placed."""

    dice: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "select", "dice": [DIE_LETTERS[d] for d in self.dice]}


@dataclass(frozen=True, slots=True)
class Turn:
    """Turn skulls selected on their own to this action, after the reveal."""

    action: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "turn", "action": ACTIONS[self.action]}


@dataclass(frozen=True, slots=True)
class Bonus:
    """Take a bonus tile onto this free action space, or flip the "1" tile there to "2"."""

    space: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "bonus", "space": ACTIONS[self.space]}


@dataclass(frozen=True, slots=True)
class Perform:
    """Perform the action this seat earned (expand fleet, recruit crew, treasure hunt)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "perform"}


@dataclass(frozen=True, slots=True)
class Forfeit:
    """ "Players may forfeit their action." """

    def to_json(self) -> dict[str, Any]:
        return {"type": "forfeit"}


@dataclass(frozen=True, slots=True)
class Attack:
    """Board or raid this seat."""

    target: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "attack", "target": self.target}


@dataclass(frozen=True, slots=True)
class Keep:
    """Of the two treasure tiles drawn, keep one showing this many coins."""

    coins: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "keep", "coins": self.coins}


@dataclass(frozen=True, slots=True)
class Seize:
    """Seize the chest at this position (0 = leftmost) of the target's area."""

    index: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "seize", "index": self.index}


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim the chest of this colour from the center island."""

    colour: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "claim", "colour": COLOURS[self.colour]}


@dataclass(frozen=True, slots=True)
class Place:
    """Phase 3: move a chest of this colour into the next space (left to right)."""

    colour: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "place", "colour": COLOURS[self.colour]}


Action = Select | Turn | Bonus | Perform | Forfeit | Attack | Keep | Seize | Claim | Place
PERFORM = Perform()
FORFEIT = Forfeit()
# One shared object per choice the engine offers (actions are frozen): making a dataclass
# costs more than the rest of listing a decision, and `apply` knows an offered object at once.
TURNS: tuple[Turn, ...] = tuple(Turn(a) for a in range(5))
BONUSES: tuple[Bonus, ...] = tuple(Bonus(a) for a in range(5))
ATTACKS: tuple[Attack, ...] = tuple(Attack(t) for t in range(4))
CLAIMS: tuple[Claim, ...] = tuple(Claim(c) for c in range(5))
PLACES: tuple[Place, ...] = tuple(Place(c) for c in range(5))
KEEPS: tuple[Keep, ...] = tuple(Keep(c) for c in range(4))  # by coins, 1..3
SEIZES: tuple[Seize, ...] = tuple(Seize(i) for i in range(8))  # by index, an area holds <= 4


# The JSON names as types, made from the one list of each (plain strings to the type checker).
if TYPE_CHECKING:
    ActionName = str
    ColourName = str
    DieLetter = str
else:
    ActionName = Literal[ACTIONS]
    ColourName = Literal[COLOURS]
    DieLetter = Literal[tuple(DIE_LETTERS)]


class SelectShape(ActionShape):
    """`{"type": "select", "dice": ["A", "C"]}` (each die at most once; [] when stuck)"""

    type: Literal["select"]
    dice: Annotated[list[DieLetter], Field(max_length=len(DIE_LETTERS))]

    @field_validator("dice")
    @classmethod
    def _once(cls, dice: list[str]) -> list[str]:
        if len(set(dice)) != len(dice):
            raise ValueError("a die can be selected once")
        return dice

    def to_action(self) -> Select:
        return Select(tuple(sorted(DIE_LETTERS.index(d) for d in self.dice)))


class TurnShape(ActionShape):
    """`{"type": "turn", "action": "fleet"}`: skulls chosen alone turned to this action"""

    type: Literal["turn"]
    action: ActionName

    def to_action(self) -> Turn:
        return Turn(ACTION_INDEX[self.action])


class BonusShape(ActionShape):
    """`{"type": "bonus", "space": "hunt"}`"""

    type: Literal["bonus"]
    space: ActionName

    def to_action(self) -> Bonus:
        return Bonus(ACTION_INDEX[self.space])


class PerformShape(ActionShape):
    """`{"type": "perform"}`"""

    type: Literal["perform"]

    def to_action(self) -> Perform:
        return PERFORM


class ForfeitShape(ActionShape):
    """`{"type": "forfeit"}`"""

    type: Literal["forfeit"]

    def to_action(self) -> Forfeit:
        return FORFEIT


class AttackShape(ActionShape):
    """`{"type": "attack", "target": SEAT}`"""

    type: Literal["attack"]
    target: Annotated[int, Field(ge=0, le=3)]

    def to_action(self) -> Attack:
        return Attack(self.target)


class KeepShape(ActionShape):
    """`{"type": "keep", "coins": 1..3}`"""

    type: Literal["keep"]
    coins: Annotated[int, Field(ge=1, le=3)]

    def to_action(self) -> Keep:
        return Keep(self.coins)


class SeizeShape(ActionShape):
    """`{"type": "seize", "index": 0..}`: the chest's place in the target's area, from the left"""

    type: Literal["seize"]
    index: Annotated[int, Field(ge=0, le=39)]

    def to_action(self) -> Seize:
        return Seize(self.index)


class ClaimShape(ActionShape):
    """`{"type": "claim", "colour": COLOUR}`"""

    type: Literal["claim"]
    colour: ColourName

    def to_action(self) -> Claim:
        return Claim(COLOUR_INDEX[self.colour])


class PlaceShape(ActionShape):
    """`{"type": "place", "colour": COLOUR}`"""

    type: Literal["place"]
    colour: ColourName

    def to_action(self) -> Place:
        return Place(COLOUR_INDEX[self.colour])


# Parse an action's JSON; raises IllegalAction naming what is malformed.
action_from_json = ActionParser[Action](
    "tortuga",
    (
        SelectShape,
        TurnShape,
        BonusShape,
        PerformShape,
        ForfeitShape,
        AttackShape,
        KeepShape,
        SeizeShape,
        ClaimShape,
        PlaceShape,
    ),
)
