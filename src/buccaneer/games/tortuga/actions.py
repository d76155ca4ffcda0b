"""Every decision a Tortuga player makes, as a small frozen dataclass.

Each action's JSON form (`to_json`) and the shape that reads it back (`Shape`, joined into
`action_from_json`) are derived from its fields' annotations by `core.actions.json_action`:
actions and colours travel by name (`Named`), dice as letters (`DICE`), the rest as ints with
their bounds; `doc` is the shape's description in the JSON Schema (an example of the JSON).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import AfterValidator, Field

from buccaneer.core.actions import Coded, JsonAction, Named, json_action
from buccaneer.core.schema import ActionParser
from buccaneer.games.tortuga.components import ACTIONS, COLOURS, DIE_LETTERS

# A die letter as a type, made from the one list of them (a plain string to the type checker).
if TYPE_CHECKING:
    DieLetter = str
else:
    DieLetter = Literal[tuple(DIE_LETTERS)]


def _once(letters: list[str]) -> list[str]:
    if len(set(letters)) != len(letters):
        raise ValueError("a die can be selected once")
    return letters


# Dice (indices 0..4, ascending) in JSON: their letters, each at most once, in any order.
DICE = Coded(
    Annotated[list[DieLetter], Field(max_length=len(DIE_LETTERS)), AfterValidator(_once)],
    lambda dice: [DIE_LETTERS[d] for d in dice],
    lambda letters: tuple(sorted(DIE_LETTERS.index(d) for d in letters)),
)


@json_action(
    "select", doc='`{"type": "select", "dice": ["A", "C"]}` (each die at most once; [] when stuck)'
)
@dataclass(frozen=True, slots=True)
class Select(JsonAction):
    """Keep these dice behind the screen (die indices 0..4 = A..E, ascending). The empty
    selection is the only choice when no rolled die can be placed."""

    dice: Annotated[tuple[int, ...], DICE]


@json_action(
    "turn", doc='`{"type": "turn", "action": "fleet"}`: skulls chosen alone turned to this action'
)
@dataclass(frozen=True, slots=True)
class Turn(JsonAction):
    """Turn skulls selected on their own to this action, after the reveal."""

    action: Annotated[int, Named(ACTIONS)]


@json_action("bonus", doc='`{"type": "bonus", "space": "hunt"}`')
@dataclass(frozen=True, slots=True)
class Bonus(JsonAction):
    """Take a bonus tile onto this free action space, or flip the "1" tile there to "2"."""

    space: Annotated[int, Named(ACTIONS)]


@json_action("perform", make=lambda: PERFORM, doc='`{"type": "perform"}`')
@dataclass(frozen=True, slots=True)
class Perform(JsonAction):
    """Perform the action this seat earned (expand fleet, recruit crew, treasure hunt)."""


@json_action("forfeit", make=lambda: FORFEIT, doc='`{"type": "forfeit"}`')
@dataclass(frozen=True, slots=True)
class Forfeit(JsonAction):
    """ "Players may forfeit their action." """


@json_action("attack", doc='`{"type": "attack", "target": SEAT}`')
@dataclass(frozen=True, slots=True)
class Attack(JsonAction):
    """Board or raid this seat."""

    target: Annotated[int, Field(ge=0, le=3)]


@json_action("keep", doc='`{"type": "keep", "coins": 1..3}`')
@dataclass(frozen=True, slots=True)
class Keep(JsonAction):
    """Of the two treasure tiles drawn, keep one showing this many coins."""

    coins: Annotated[int, Field(ge=1, le=3)]


@json_action(
    "seize",
    doc='`{"type": "seize", "index": 0..}`: '
    "the chest's place in the target's area, from the left",
)
@dataclass(frozen=True, slots=True)
class Seize(JsonAction):
    """Seize the chest at this position (0 = leftmost) of the target's area."""

    index: Annotated[int, Field(ge=0, le=39)]


@json_action("claim", doc='`{"type": "claim", "colour": COLOUR}`')
@dataclass(frozen=True, slots=True)
class Claim(JsonAction):
    """Claim the chest of this colour from the center island."""

    colour: Annotated[int, Named(COLOURS)]


@json_action("place", doc='`{"type": "place", "colour": COLOUR}`')
@dataclass(frozen=True, slots=True)
class Place(JsonAction):
    """Phase 3: move a chest of this colour into the next space (left to right)."""

    colour: Annotated[int, Named(COLOURS)]


Action = Select | Turn | Bonus | Perform | Forfeit | Attack | Keep | Seize | Claim | Place
ACTION_TYPES = Action.__args__  # the classes, for `isinstance` and the parser
PERFORM: Perform = Perform()
FORFEIT: Forfeit = Forfeit()
# One shared object per choice the engine offers (actions are frozen): making a dataclass
# costs more than the rest of listing a decision, and `apply` knows an offered object at once.
TURNS: tuple[Turn, ...] = tuple(Turn(a) for a in range(5))
BONUSES: tuple[Bonus, ...] = tuple(Bonus(a) for a in range(5))
ATTACKS: tuple[Attack, ...] = tuple(Attack(t) for t in range(4))
CLAIMS: tuple[Claim, ...] = tuple(Claim(c) for c in range(5))
PLACES: tuple[Place, ...] = tuple(Place(c) for c in range(5))
KEEPS: tuple[Keep, ...] = tuple(Keep(c) for c in range(4))  # by coins, 1..3
SEIZES: tuple[Seize, ...] = tuple(Seize(i) for i in range(8))  # by index, an area holds <= 4


# Parse an action's JSON; raises IllegalAction naming what is malformed.
action_from_json: ActionParser[Action] = ActionParser.of("tortuga", ACTION_TYPES)
