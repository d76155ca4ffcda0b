"""Every decision in Tortuga 1667 as a small frozen dataclass with a JSON form.

Places a pawn can move to are numbered: 0 Flying Dutchman, 1 Jolly Roger, 2 Tortuga, 3 the
Flying Dutchman's rowboat, 4 the Jolly Roger's rowboat. Vote cards are their type ids
(components.vote_type) and appear in JSON as "top/flag/bottom", e.g. "torch/french/skull".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from buccaneer.core.errors import IllegalAction
from buccaneer.core.schema import ActionParser, ActionShape
from buccaneer.games.tortuga1667.components import (
    BOTTOMS,
    FLAGS,
    SHIPS,
    TOPS,
    TREASURE_MAPS,
    vote_name,
    vote_type,
)

DESTINATIONS: tuple[str, ...] = (
    "flying_dutchman",
    "jolly_roger",
    "tortuga",
    "rowboat_flying_dutchman",
    "rowboat_jolly_roger",
)


@dataclass(frozen=True, slots=True)
class Look:
    """Look at two event cards of the row in secret."""

    slots: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {"type": "look", "slots": list(self.slots)}


@dataclass(frozen=True, slots=True)
class Reveal:
    """Reveal one event card of the row and resolve it."""

    slot: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "reveal", "slot": self.slot}


@dataclass(frozen=True, slots=True)
class Point:
    """Point at two event cards; `target` reveals one of them blind."""

    slots: tuple[int, int]
    target: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "point", "slots": list(self.slots), "target": self.target}


@dataclass(frozen=True, slots=True)
class Choose:
    """The pointed-at seat picks which of the two cards to reveal (without looking)."""

    slot: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "choose", "slot": self.slot}


@dataclass(frozen=True, slots=True)
class Move:
    """Move the own pawn into or out of a rowboat (to the bottom of the line)."""

    to: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "to": DESTINATIONS[self.to]}


@dataclass(frozen=True, slots=True)
class Attack:
    """Captain: attack (the galleon, or the other ship once the galleon is empty)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "attack"}


@dataclass(frozen=True, slots=True)
class Maroon:
    """Captain: send another pawn of the own ship to Tortuga."""

    target: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "maroon", "target": self.target}


@dataclass(frozen=True, slots=True)
class Mutiny:
    """First mate: call a mutiny against the captain."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "mutiny"}


@dataclass(frozen=True, slots=True)
class MoveChest:
    """Cabin boy: move one chest into this hold from the other hold of the ship."""

    to: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "move_chest", "to": FLAGS[self.to]}


@dataclass(frozen=True, slots=True)
class Brawl:
    """Governor of Tortuga: start a brawl."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "brawl"}


@dataclass(frozen=True, slots=True)
class Vote:
    """Play these vote cards face down (two only with El Dorado)."""

    cards: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "vote", "cards": [vote_name(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Stow:
    """After a successful attack: put the chest in this hold (`take`: which hold of the other
    ship it comes from once the galleon is empty, else -1)."""

    into: int
    take: int = -1

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "stow",
            "into": FLAGS[self.into],
            "take": FLAGS[self.take] if self.take >= 0 else None,
        }


@dataclass(frozen=True, slots=True)
class Discard:
    """Marooned while on Tortuga: this vote card goes under the deck for good."""

    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "discard", "card": vote_name(self.card)}


@dataclass(frozen=True, slots=True)
class Target:
    """The seat an event card is aimed at (Pistol, Cabin Fever, Crow's Nest, a Treasure Map
    given away)."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "target", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class MarqueMove:
    """Letter of Marque, option 1: move `seat` from Tortuga or a rowboat onto `ship`."""

    seat: int
    ship: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "marque_move", "seat": self.seat, "ship": SHIPS[self.ship]}


@dataclass(frozen=True, slots=True)
class MarqueDraw:
    """Letter of Marque, option 2: draw a vote card, then put one on top of the deck."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "marque_draw"}


@dataclass(frozen=True, slots=True)
class PutOnTop:
    """Letter of Marque, option 2: this card from the hand goes on top of the vote deck."""

    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "put_on_top", "card": vote_name(self.card)}


@dataclass(frozen=True, slots=True)
class BlowUp:
    """Black Powder: the rowboat of this ship is destroyed."""

    ship: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "blow_up", "rowboat": SHIPS[self.ship]}


@dataclass(frozen=True, slots=True)
class PickVote:
    """Crow's Nest: give the target this card from the vote deck."""

    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "pick_vote", "card": vote_name(self.card)}


@dataclass(frozen=True, slots=True)
class PlayMap:
    """Play a Treasure Map now (Fountain of Youth, Atlantis)."""

    card: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "map": self.card}


@dataclass(frozen=True, slots=True)
class Pass:
    """Only when a turn offers nothing else (docs/rulings.md): every rowboat and event card
    gone and no role to play."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The optional 30-second clock ran out for this seat (sent by a server, never offered in
    `legal_actions`): "Wanneer een speler geen actie speelt voor de tijd op is, is deze verplicht
    om als actie 2 gebeurteniskaarten te bekijken"; for a forced reveal "kiest de speler die
    hem/haar dwong de kaart in zijn/haar plaats"; any other decision takes its first choice."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "timeout"}


@dataclass(frozen=True, slots=True)
class Decline:
    """Let the moment pass without playing a Treasure Map."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "decline"}


@dataclass(frozen=True, slots=True)
class PlacePawn:
    """Advanced setup: put the own pawn on this ship (at this position, 0 = top) or Tortuga."""

    place: int
    position: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "place_pawn", "place": DESTINATIONS[self.place], "position": self.position}


Action = (
    PlacePawn
    | Look
    | Reveal
    | Point
    | Choose
    | Move
    | Attack
    | Maroon
    | Mutiny
    | MoveChest
    | Brawl
    | Vote
    | Stow
    | Discard
    | Target
    | MarqueMove
    | MarqueDraw
    | PutOnTop
    | BlowUp
    | PickVote
    | PlayMap
    | Pass
    | TimeOut
    | Decline
)
ACTION_TYPES = Action.__args__


def parse_vote(name: Any) -> int:
    parts = name.split("/") if isinstance(name, str) else []
    if len(parts) != 3 or parts[0] not in TOPS or parts[1] not in FLAGS or parts[2] not in BOTTOMS:
        raise IllegalAction(
            f"a vote card is 'top/flag/bottom' like 'torch/french/skull', not {name!r}"
        )
    return vote_type(TOPS.index(parts[0]), FLAGS.index(parts[1]), BOTTOMS.index(parts[2]))


# The JSON names as types, made from the one list of each (plain strings to the type checker).
VOTE_NAMES: tuple[str, ...] = tuple(
    vote_name(vote_type(t, f, b))
    for t in range(len(TOPS))
    for f in range(len(FLAGS))
    for b in range(len(BOTTOMS))
)
if TYPE_CHECKING:
    VoteName = str
    FlagName = str
    ShipName = str
    Destination = str
    PlaceName = str
    MapName = str
else:
    VoteName = Literal[VOTE_NAMES]
    FlagName = Literal[FLAGS]
    ShipName = Literal[SHIPS]
    Destination = Literal[DESTINATIONS]
    PlaceName = Literal[DESTINATIONS[:3]]
    MapName = Literal[TREASURE_MAPS]
Slot = Annotated[int, Field(ge=0, le=4)]  # the event row has five places
Seat = Annotated[int, Field(ge=0, le=8)]
Slots = Annotated[list[Slot], Field(min_length=2, max_length=2)]


def _pair(slots: list[int]) -> tuple[int, int]:
    a, b = sorted(slots)
    return a, b


class PlacePawnShape(ActionShape):
    """`{"type": "place_pawn", "place": "jolly_roger", "position": 0}` (advanced setup)"""

    type: Literal["place_pawn"]
    place: PlaceName
    position: Seat

    def to_action(self) -> PlacePawn:
        return PlacePawn(DESTINATIONS.index(self.place), self.position)


class LookShape(ActionShape):
    """`{"type": "look", "slots": [0, 3]}`"""

    type: Literal["look"]
    slots: Slots

    def to_action(self) -> Look:
        return Look(_pair(self.slots))


class RevealShape(ActionShape):
    """`{"type": "reveal", "slot": 2}`"""

    type: Literal["reveal"]
    slot: Slot

    def to_action(self) -> Reveal:
        return Reveal(self.slot)


class PointShape(ActionShape):
    """`{"type": "point", "slots": [1, 4], "target": SEAT}`"""

    type: Literal["point"]
    slots: Slots
    target: Seat

    def to_action(self) -> Point:
        return Point(_pair(self.slots), self.target)


class ChooseShape(ActionShape):
    """`{"type": "choose", "slot": 1}`"""

    type: Literal["choose"]
    slot: Slot

    def to_action(self) -> Choose:
        return Choose(self.slot)


class MoveShape(ActionShape):
    """`{"type": "move", "to": "rowboat_jolly_roger"}`"""

    type: Literal["move"]
    to: Destination

    def to_action(self) -> Move:
        return Move(DESTINATIONS.index(self.to))


class MaroonShape(ActionShape):
    """`{"type": "maroon", "target": SEAT}`"""

    type: Literal["maroon"]
    target: Seat

    def to_action(self) -> Maroon:
        return Maroon(self.target)


class MoveChestShape(ActionShape):
    """`{"type": "move_chest", "to": "french"}`"""

    type: Literal["move_chest"]
    to: FlagName

    def to_action(self) -> MoveChest:
        return MoveChest(FLAGS.index(self.to))


class VoteShape(ActionShape):
    """`{"type": "vote", "cards": ["torch/french/skull"]}` (two cards only with El Dorado)"""

    type: Literal["vote"]
    cards: Annotated[list[VoteName], Field(min_length=1, max_length=2)]

    def to_action(self) -> Vote:
        return Vote(tuple(sorted(parse_vote(c) for c in self.cards)))


class StowShape(ActionShape):
    """`{"type": "stow", "into": "british", "take": "french" | null}`"""

    type: Literal["stow"]
    into: FlagName
    take: FlagName | None  # required, null when the galleon still holds chests

    def to_action(self) -> Stow:
        return Stow(FLAGS.index(self.into), -1 if self.take is None else FLAGS.index(self.take))


class DiscardShape(ActionShape):
    """`{"type": "discard", "card": VOTE}`"""

    type: Literal["discard"]
    card: VoteName

    def to_action(self) -> Discard:
        return Discard(parse_vote(self.card))


class TargetShape(ActionShape):
    """`{"type": "target", "seat": SEAT}`"""

    type: Literal["target"]
    seat: Seat

    def to_action(self) -> Target:
        return Target(self.seat)


class MarqueMoveShape(ActionShape):
    """`{"type": "marque_move", "seat": SEAT, "ship": "flying_dutchman"}`"""

    type: Literal["marque_move"]
    seat: Seat
    ship: ShipName

    def to_action(self) -> MarqueMove:
        return MarqueMove(self.seat, SHIPS.index(self.ship))


class PutOnTopShape(ActionShape):
    """`{"type": "put_on_top", "card": VOTE}`"""

    type: Literal["put_on_top"]
    card: VoteName

    def to_action(self) -> PutOnTop:
        return PutOnTop(parse_vote(self.card))


class BlowUpShape(ActionShape):
    """`{"type": "blow_up", "rowboat": "jolly_roger"}`"""

    type: Literal["blow_up"]
    rowboat: ShipName

    def to_action(self) -> BlowUp:
        return BlowUp(SHIPS.index(self.rowboat))


class PickVoteShape(ActionShape):
    """`{"type": "pick_vote", "card": VOTE}`"""

    type: Literal["pick_vote"]
    card: VoteName

    def to_action(self) -> PickVote:
        return PickVote(parse_vote(self.card))


class PlayShape(ActionShape):
    """`{"type": "play", "map": "atlantis"}`"""

    type: Literal["play"]
    map: MapName

    def to_action(self) -> PlayMap:
        return PlayMap(self.map)


def _simple(tag: str, action: Action) -> type[ActionShape]:
    """The shape of an action with no fields but its type."""

    def to_action(self: ActionShape) -> Action:
        return action

    return type(
        f"{type(action).__name__}Shape",
        (ActionShape,),
        {
            "__annotations__": {"type": Literal[tag]},
            "__doc__": f'`{{"type": "{tag}"}}`',
            "to_action": to_action,
        },
    )


SIMPLE: dict[str, Action] = {
    "attack": Attack(),
    "mutiny": Mutiny(),
    "brawl": Brawl(),
    "marque_draw": MarqueDraw(),
    "decline": Decline(),
    "pass": Pass(),
    "timeout": TimeOut(),
}

# Parse an action's JSON; raises IllegalAction naming what is malformed.
action_from_json = ActionParser[Action](
    "tortuga1667",
    (
        PlacePawnShape,
        LookShape,
        RevealShape,
        PointShape,
        ChooseShape,
        MoveShape,
        MaroonShape,
        MoveChestShape,
        VoteShape,
        StowShape,
        DiscardShape,
        TargetShape,
        MarqueMoveShape,
        PutOnTopShape,
        BlowUpShape,
        PickVoteShape,
        PlayShape,
        *(_simple(tag, action) for tag, action in SIMPLE.items()),
    ),
)
