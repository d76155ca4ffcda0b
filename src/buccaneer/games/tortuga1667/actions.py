"""Every decision in Tortuga 1667 as a small frozen dataclass.

Places a pawn can move to are numbered: 0 Flying Dutchman, 1 Jolly Roger, 2 Tortuga, 3 the
Flying Dutchman's rowboat, 4 the Jolly Roger's rowboat. Vote cards are their type ids
(components.vote_type) and appear in JSON as "top/flag/bottom", e.g. "torch/french/skull".

Each action's JSON form (`to_json`) and the shape that reads it back (`Shape`, joined into
`action_from_json`) are derived from its fields' annotations by `core.actions.json_action`:
places, ships and flags travel by name (`Named`), vote cards and slot pairs by their own coding
(`Coded`), seats and slots as ints with their bounds. Each shape keeps its JSON example as its
description in the JSON Schema (`doc`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from buccaneer.core.actions import Coded, JsonAction, Named, json_action
from buccaneer.core.errors import IllegalAction
from buccaneer.core.schema import ActionParser
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
    MapName = str
else:
    VoteName = Literal[VOTE_NAMES]
    FlagName = Literal[FLAGS]
    MapName = Literal[TREASURE_MAPS]
Slot = Annotated[int, Field(ge=0, le=4)]  # the event row has five places
Seat = Annotated[int, Field(ge=0, le=8)]


def _pair(slots: list[int]) -> tuple[int, int]:
    a, b = sorted(slots)
    return a, b


# Two row slots: a JSON list of two, in any order; the action holds them sorted.
SLOTS = Coded(Annotated[list[Slot], Field(min_length=2, max_length=2)], list, _pair)
# One vote card: its type id, in JSON its name ("torch/french/skull").
VOTE = Coded(VoteName, vote_name, parse_vote)
# The cards of a ballot: one, or two with El Dorado; the action holds their ids sorted.
BALLOT = Coded(
    Annotated[list[VoteName], Field(min_length=1, max_length=2)],
    lambda cards: [vote_name(c) for c in cards],
    lambda names: tuple(sorted(parse_vote(n) for n in names)),
)
# The hold a chest is taken from: a flag, or null (-1) while the galleon still holds chests.
TAKE = Coded(
    FlagName | None,
    lambda take: FLAGS[take] if take >= 0 else None,
    lambda name: -1 if name is None else FLAGS.index(name),
)
# A Treasure Map by its name, the same in JSON (`str` both ways: the shape checks the name).
MAP = Coded(MapName, str, str)


@json_action(
    "place_pawn",
    doc='`{"type": "place_pawn", "place": "jolly_roger", "position": 0}` (advanced setup)',
)
@dataclass(frozen=True, slots=True)
class PlacePawn(JsonAction):
    """Advanced setup: put the own pawn on this ship (at this position, 0 = top) or Tortuga."""

    place: Annotated[int, Named(DESTINATIONS[:3])]
    position: Seat


@json_action("look", doc='`{"type": "look", "slots": [0, 3]}`')
@dataclass(frozen=True, slots=True)
class Look(JsonAction):
    """Look at two event cards of the row in secret."""

    slots: Annotated[tuple[int, int], SLOTS]


@json_action("reveal", doc='`{"type": "reveal", "slot": 2}`')
@dataclass(frozen=True, slots=True)
class Reveal(JsonAction):
    """Reveal one event card of the row and resolve it."""

    slot: Slot


@json_action("point", doc='`{"type": "point", "slots": [1, 4], "target": SEAT}`')
@dataclass(frozen=True, slots=True)
class Point(JsonAction):
    """Point at two event cards; `target` reveals one of them blind."""

    slots: Annotated[tuple[int, int], SLOTS]
    target: Seat


@json_action("choose", doc='`{"type": "choose", "slot": 1}`')
@dataclass(frozen=True, slots=True)
class Choose(JsonAction):
    """The pointed-at seat picks which of the two cards to reveal (without looking)."""

    slot: Slot


@json_action("move", doc='`{"type": "move", "to": "rowboat_jolly_roger"}`')
@dataclass(frozen=True, slots=True)
class Move(JsonAction):
    """Move the own pawn into or out of a rowboat (to the bottom of the line)."""

    to: Annotated[int, Named(DESTINATIONS)]


@json_action("attack", make=lambda: ATTACK, doc='`{"type": "attack"}`')
@dataclass(frozen=True, slots=True)
class Attack(JsonAction):
    """Captain: attack (the galleon, or the other ship once the galleon is empty)."""


@json_action("maroon", doc='`{"type": "maroon", "target": SEAT}`')
@dataclass(frozen=True, slots=True)
class Maroon(JsonAction):
    """Captain: send another pawn of the own ship to Tortuga."""

    target: Seat


@json_action("mutiny", make=lambda: MUTINY, doc='`{"type": "mutiny"}`')
@dataclass(frozen=True, slots=True)
class Mutiny(JsonAction):
    """First mate: call a mutiny against the captain."""


@json_action("move_chest", doc='`{"type": "move_chest", "to": "french"}`')
@dataclass(frozen=True, slots=True)
class MoveChest(JsonAction):
    """Cabin boy: move one chest into this hold from the other hold of the ship."""

    to: Annotated[int, Named(FLAGS)]


@json_action("brawl", make=lambda: BRAWL, doc='`{"type": "brawl"}`')
@dataclass(frozen=True, slots=True)
class Brawl(JsonAction):
    """Governor of Tortuga: start a brawl."""


@json_action(
    "vote",
    doc='`{"type": "vote", "cards": ["torch/french/skull"]}` (two cards only with El Dorado)',
)
@dataclass(frozen=True, slots=True)
class Vote(JsonAction):
    """Play these vote cards face down (two only with El Dorado)."""

    cards: Annotated[tuple[int, ...], BALLOT]


@json_action("stow", doc='`{"type": "stow", "into": "british", "take": "french" | null}`')
@dataclass(frozen=True, slots=True)
class Stow(JsonAction):
    """After a successful attack: put the chest in this hold (`take`: which hold of the other
    ship it comes from once the galleon is empty, else -1)."""

    into: Annotated[int, Named(FLAGS)]
    take: Annotated[int, TAKE] = -1  # required in JSON, null when the galleon still holds chests


@json_action("discard", doc='`{"type": "discard", "card": VOTE}`')
@dataclass(frozen=True, slots=True)
class Discard(JsonAction):
    """Marooned while on Tortuga: this vote card goes under the deck for good."""

    card: Annotated[int, VOTE]


@json_action("target", doc='`{"type": "target", "seat": SEAT}`')
@dataclass(frozen=True, slots=True)
class Target(JsonAction):
    """The seat an event card is aimed at (Pistol, Cabin Fever, Crow's Nest, a Treasure Map
    given away)."""

    seat: Seat


@json_action(
    "marque_move", doc='`{"type": "marque_move", "seat": SEAT, "ship": "flying_dutchman"}`'
)
@dataclass(frozen=True, slots=True)
class MarqueMove(JsonAction):
    """Letter of Marque, option 1: move `seat` from Tortuga or a rowboat onto `ship`."""

    seat: Seat
    ship: Annotated[int, Named(SHIPS)]


@json_action("marque_draw", make=lambda: MARQUE_DRAW, doc='`{"type": "marque_draw"}`')
@dataclass(frozen=True, slots=True)
class MarqueDraw(JsonAction):
    """Letter of Marque, option 2: draw a vote card, then put one on top of the deck."""


@json_action("put_on_top", doc='`{"type": "put_on_top", "card": VOTE}`')
@dataclass(frozen=True, slots=True)
class PutOnTop(JsonAction):
    """Letter of Marque, option 2: this card from the hand goes on top of the vote deck."""

    card: Annotated[int, VOTE]


@json_action("blow_up", doc='`{"type": "blow_up", "rowboat": "jolly_roger"}`')
@dataclass(frozen=True, slots=True)
class BlowUp(JsonAction):
    """Black Powder: the rowboat of this ship is destroyed."""

    ship: Annotated[int, Named(SHIPS), Field(alias="rowboat")]


@json_action("pick_vote", doc='`{"type": "pick_vote", "card": VOTE}`')
@dataclass(frozen=True, slots=True)
class PickVote(JsonAction):
    """Crow's Nest: give the target this card from the vote deck."""

    card: Annotated[int, VOTE]


@json_action("play", doc='`{"type": "play", "map": "atlantis"}`')
@dataclass(frozen=True, slots=True)
class PlayMap(JsonAction):
    """Play a Treasure Map now (Fountain of Youth, Atlantis)."""

    card: Annotated[str, MAP, Field(alias="map")]


@json_action("pass", make=lambda: PASS, doc='`{"type": "pass"}`')
@dataclass(frozen=True, slots=True)
class Pass(JsonAction):
    """Only when a turn offers nothing else (docs/rulings.md): every rowboat and event card
    gone and no role to play."""


@json_action("timeout", make=lambda: TIMEOUT, doc='`{"type": "timeout"}`')
@dataclass(frozen=True, slots=True)
class TimeOut(JsonAction):
    """The optional 30-second clock ran out for this seat (sent by a server, never offered in
    `legal_actions`): "Wanneer een speler geen actie speelt voor de tijd op is, is deze verplicht
    om als actie 2 gebeurteniskaarten te bekijken"; for a forced reveal "kiest de speler die
    hem/haar dwong de kaart in zijn/haar plaats"; any other decision takes its first choice."""


@json_action("decline", make=lambda: DECLINE, doc='`{"type": "decline"}`')
@dataclass(frozen=True, slots=True)
class Decline(JsonAction):
    """Let the moment pass without playing a Treasure Map."""


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
# The actions without fields, one shared object each: parsing their JSON gives these.
ATTACK: Attack = Attack()
MUTINY: Mutiny = Mutiny()
BRAWL: Brawl = Brawl()
MARQUE_DRAW: MarqueDraw = MarqueDraw()
DECLINE: Decline = Decline()
PASS: Pass = Pass()
TIMEOUT: TimeOut = TimeOut()

# Parse an action's JSON; raises IllegalAction naming what is malformed. (The order is the
# JSON Schema's.)
action_from_json: ActionParser[Action] = ActionParser.of(
    "tortuga1667",
    (
        PlacePawn,
        Look,
        Reveal,
        Point,
        Choose,
        Move,
        Maroon,
        MoveChest,
        Vote,
        Stow,
        Discard,
        Target,
        MarqueMove,
        PutOnTop,
        BlowUp,
        PickVote,
        PlayMap,
        Attack,
        Mutiny,
        Brawl,
        MarqueDraw,
        Decline,
        Pass,
        TimeOut,
    ),
)
