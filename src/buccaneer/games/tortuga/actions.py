"""Every decision a Tortuga player makes, as a small frozen dataclass with a JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from buccaneer.core.errors import IllegalAction
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


def _field(data: dict[str, Any], key: str) -> Any:
    if key not in data:
        raise IllegalAction(f"a {data.get('type')} action needs {key!r}")
    return data[key]


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = _field(data, key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(f"{key!r} must be an int from {low} to {high}, got {value!r}")
    return value


def _name(data: dict[str, Any], key: str, names: dict[str, int]) -> int:
    value = _field(data, key)
    if value not in names:
        raise IllegalAction(f"{key!r} must be one of {', '.join(names)}, got {value!r}")
    return names[value]


def action_from_json(data: Any) -> Action:
    """Parse an action's JSON; raise IllegalAction naming what is malformed."""
    if not isinstance(data, dict):
        raise IllegalAction(f"an action must be a JSON object, got {data!r}")
    kind = data.get("type")
    if kind == "select":
        dice = _field(data, "dice")
        if not isinstance(dice, list) or any(d not in DIE_LETTERS or d == "" for d in dice):
            raise IllegalAction(f"'dice' must be a list of die letters A-E, got {dice!r}")
        if len(set(dice)) != len(dice):
            raise IllegalAction(f"a die can be selected once, got {dice!r}")
        return Select(tuple(sorted(DIE_LETTERS.index(d) for d in dice)))
    if kind == "turn":
        return Turn(_name(data, "action", ACTION_INDEX))
    if kind == "bonus":
        return Bonus(_name(data, "space", ACTION_INDEX))
    if kind == "perform":
        return PERFORM
    if kind == "forfeit":
        return FORFEIT
    if kind == "attack":
        return Attack(_int(data, "target", 0, 3))
    if kind == "keep":
        return Keep(_int(data, "coins", 1, 3))
    if kind == "seize":
        return Seize(_int(data, "index", 0, 39))
    if kind == "claim":
        return Claim(_name(data, "colour", COLOUR_INDEX))
    if kind == "place":
        return Place(_name(data, "colour", COLOUR_INDEX))
    raise IllegalAction(
        f"unknown action type {kind!r}; expected select, turn, bonus, perform, forfeit, attack, "
        "keep, seize, claim or place"
    )
