"""Every decision in Tortuga 1667 as a small frozen dataclass with a JSON form.

Places a pawn can move to are numbered: 0 Flying Dutchman, 1 Jolly Roger, 2 Tortuga, 3 the
Flying Dutchman's rowboat, 4 the Jolly Roger's rowboat. Vote cards are their type ids
(components.vote_type) and appear in JSON as "top/flag/bottom", e.g. "torch/french/skull".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from buccaneer.core.errors import IllegalAction
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


def _get(data: dict[str, Any], key: str) -> Any:
    if key not in data:
        raise IllegalAction(f"a {data.get('type')} action needs {key!r}")
    return data[key]


def _int(data: dict[str, Any], key: str) -> int:
    value = _get(data, key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"{key!r} must be an int, got {value!r}")
    return value


def _pair(data: dict[str, Any]) -> tuple[int, int]:
    slots = _get(data, "slots")
    if (
        not isinstance(slots, list)
        or len(slots) != 2
        or any(isinstance(s, bool) or not isinstance(s, int) for s in slots)
    ):
        raise IllegalAction(f"'slots' must be two ints, got {slots!r}")
    a, b = sorted(slots)
    return a, b


def _index(data: dict[str, Any], key: str, names: tuple[str, ...]) -> int:
    value = _get(data, key)
    if value not in names:
        raise IllegalAction(f"{key!r} must be one of {', '.join(names)}, got {value!r}")
    return names.index(value)


def parse_vote(name: Any) -> int:
    parts = name.split("/") if isinstance(name, str) else []
    if len(parts) != 3 or parts[0] not in TOPS or parts[1] not in FLAGS or parts[2] not in BOTTOMS:
        raise IllegalAction(
            f"a vote card is 'top/flag/bottom' like 'torch/french/skull', not {name!r}"
        )
    return vote_type(TOPS.index(parts[0]), FLAGS.index(parts[1]), BOTTOMS.index(parts[2]))


def action_from_json(data: Any) -> Action:
    """Parse an action's JSON; raise IllegalAction naming what is malformed."""
    if not isinstance(data, dict):
        raise IllegalAction(f"an action must be a JSON object, got {data!r}")
    kind = data.get("type")
    simple: dict[str, Action] = {
        "attack": Attack(),
        "mutiny": Mutiny(),
        "brawl": Brawl(),
        "marque_draw": MarqueDraw(),
        "decline": Decline(),
        "pass": Pass(),
        "timeout": TimeOut(),
    }
    if kind in simple:
        return simple[kind]
    if kind == "place_pawn":
        return PlacePawn(_index(data, "place", DESTINATIONS[:3]), _int(data, "position"))
    if kind == "look":
        return Look(_pair(data))
    if kind == "reveal":
        return Reveal(_int(data, "slot"))
    if kind == "point":
        return Point(_pair(data), _int(data, "target"))
    if kind == "choose":
        return Choose(_int(data, "slot"))
    if kind == "move":
        return Move(_index(data, "to", DESTINATIONS))
    if kind == "maroon":
        return Maroon(_int(data, "target"))
    if kind == "move_chest":
        return MoveChest(_index(data, "to", FLAGS))
    if kind == "vote":
        cards = _get(data, "cards")
        if not isinstance(cards, list):
            raise IllegalAction(f"'cards' must be a list, got {cards!r}")
        return Vote(tuple(sorted(parse_vote(c) for c in cards)))
    if kind == "stow":
        take = data.get("take")
        return Stow(
            _index(data, "into", FLAGS), -1 if take is None else _index(data, "take", FLAGS)
        )
    if kind == "discard":
        return Discard(parse_vote(_get(data, "card")))
    if kind == "target":
        return Target(_int(data, "seat"))
    if kind == "marque_move":
        return MarqueMove(_int(data, "seat"), _index(data, "ship", SHIPS))
    if kind == "put_on_top":
        return PutOnTop(parse_vote(_get(data, "card")))
    if kind == "blow_up":
        return BlowUp(_index(data, "rowboat", SHIPS))
    if kind == "pick_vote":
        return PickVote(parse_vote(_get(data, "card")))
    if kind == "play":
        card = _get(data, "map")
        if card not in TREASURE_MAPS:
            raise IllegalAction(f"'map' must be one of {', '.join(TREASURE_MAPS)}, got {card!r}")
        return PlayMap(card)
    raise IllegalAction(f"unknown action type {kind!r}")
