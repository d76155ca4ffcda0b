"""Tortuga's typed contract to the browser (core/contract.py): the exact shape of a seat's or a
spectator's view (view.py) and of each log line's data (log.py), one model per event kind.

The browser's TypeScript types are generated from these models (web/src/generated/); the
conformance suite checks every view and event of random games against them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from buccaneer.core.contract import EventData, Model, ViewModel, absent
from buccaneer.games.tortuga.components import ACTIONS, COLOURS, DIE_LETTERS

# The names as JSON types, made from the one list of each (plain strings to the type checker).
if TYPE_CHECKING:
    Colour = str
    ActionName = str
    Face = str
    Letter = str
else:
    Colour = Literal[COLOURS]
    ActionName = Literal[ACTIONS]
    Face = Literal[(*ACTIONS, "skull")]
    Letter = Literal[tuple(DIE_LETTERS)]
Phase = Literal["roll", "actions", "chests", "over"]


class Options(Model):
    """Tortuga's options."""

    long_game: bool
    """The rulebook's variant: the game ends with 8 chests in Tortuga instead of 6."""
    start_player: int
    """The seat holding the start player token at the start."""


class PerAction(Model):
    """A number for each action space."""

    fleet: int
    crew: int
    hunt: int
    board: int
    raid: int


class PerColour(Model):
    """A number of chests for each colour."""

    red: int
    blue: int
    yellow: int
    white: int
    purple: int


class SomeColours(Model):
    """A number of chests for the colours there are any of (the others left out)."""

    red: int = absent()
    blue: int = absent()
    yellow: int = absent()
    white: int = absent()
    purple: int = absent()


class Placed(Model):
    """Per die letter, the action space it is placed on; null: not placed."""

    A: ActionName | None
    B: ActionName | None
    C: ActionName | None
    D: ActionName | None
    E: ActionName | None


class Rolled(Model):
    """Per die letter, the face it shows; null: placed or not rolled."""

    A: Face | None
    B: Face | None
    C: Face | None
    D: Face | None
    E: Face | None


class ScoreSheet(Model):
    """A seat's final score, part by part."""

    tortuga: int
    fleet: int
    crew: int
    sets: int
    tracks: int
    coins: int
    set_count: int
    """How many complete sets of five colours."""
    total: int


class SeatView(Model):
    """One seat's board as the viewer sees it."""

    name: str
    fleet_box: int
    """The boat token's box on the fleet track (1..8)."""
    crew_box: int
    """The pirate token's box on the crew track (1..8)."""
    fleet_capacity: int
    """How many chests the fleet may hold (from the boat's box)."""
    crew_capacity: int
    """How many chests the crew may hold (from the pirate's box)."""
    island: list[Colour]
    crew: list[Colour]
    fleet: list[Colour]
    tortuga: list[Colour]
    bonus: PerAction
    """The bonus tile on each action space: 0 (none), 1 or 2."""
    dice: Placed
    dice_left: int
    """Dice not yet placed this round."""
    treasure_tiles: int
    coins: list[int] | None
    """The coins of the seat's treasure tiles: for the seat itself (everyone's once the game
    is over); null: hidden."""
    returned_tiles: list[int] | None
    """The coins of the tiles the seat mixed back (as `coins`: null when hidden)."""
    looking_at: list[int] | int
    """The tiles a hunter looks at: their coins for the hunter (and once over), else how many."""
    roll: Rolled | None
    """The seat's roll; null: none, or hidden (another seat's roll during the hidden
    selection)."""
    selecting: bool
    """The seat takes part in the hidden selection now."""
    chosen: bool
    """The seat has chosen its dice in the hidden selection."""
    selection: list[Letter] | None
    """The dice the seat keeps behind its screen: for the seat itself only."""
    score: ScoreSheet = absent()
    """The final score: only once the game is over."""


DecisionKind = Literal[
    "select", "reselect", "turn", "decide", "bonus", "keep", "seize", "claim", "place"
]


class Decision(Model):
    """What the engine waits for, in public words: its `kind` and the facts of that kind."""

    kind: DecisionKind
    seat: int = absent()
    """The seat that decides (all kinds but "select")."""
    seats: list[int] = absent()
    """"select": the seats choosing dice behind their screens."""
    dice: list[Letter] = absent()
    """"turn": the skulls to turn to an action."""
    action: ActionName = absent()
    """"decide": the action space whose winner decides."""
    position: int = absent()
    """"decide": 1 for the first place, 2 for the second."""
    target: int = absent()
    """"seize": the seat seized from."""
    area: Literal["fleet", "crew"] = absent()
    """"seize": the target's area chests are taken from."""
    source: Literal["island", "crew"] = absent()
    """"place": where the chests are picked up."""
    destination: Literal["crew", "fleet"] = absent()
    """"place": where they go."""
    chests: SomeColours = absent()
    """"place": the chests in transit, by colour."""


StepKind = Literal[
    "roll",
    "select",
    "reselect",
    "turn",
    "action",
    "decide",
    "bonus",
    "keep",
    "seize",
    "claim",
    "surplus",
    "reroll",
    "place",
    "tortuga",
    "end_round",
]


class Step(Model):
    """One step of the engine's agenda (view.step_json): a decision or an automatic step."""

    kind: StepKind
    seat: int = absent()
    """The seat concerned (left out for a step of no seat)."""
    mode: Literal["first", "go", "next"] = absent()
    """"roll": the round's first roll, a roll after the hidden selection, or the next seat's."""
    dice: list[Letter] = absent()
    """"turn": the skulls to turn."""
    action: ActionName = absent()
    """"action", "decide", "surplus": the action space."""
    position: int = absent()
    """"decide": 1 for the first place, 2 for the second."""
    target: int = absent()
    """"seize": the seat seized from."""
    area: Literal["fleet", "crew"] = absent()
    """"seize": the target's area."""
    seats: list[int] = absent()
    """"surplus": the seats whose surplus chests are deposited."""
    source: Literal["island", "crew"] = absent()
    """"place": where the chests are picked up."""
    destination: Literal["crew", "fleet"] = absent()
    """"place": where they go."""
    started: bool = absent()
    """"place": the chests are picked up already (then this is the first step)."""


class View(ViewModel):
    """What one seat (or a spectator) sees of a Tortuga game."""

    game: Literal["tortuga"]
    options: Options
    seats: list[SeatView]
    """Every seat's board, in seat order."""
    seat_names: list[str]
    center_island: list[Colour]
    """The chests on the center island (one of a colour at most)."""
    bag: int
    """Chests in the bag."""
    bag_colours: PerColour
    """Chests in the bag by colour (public: every chest drawn is seen)."""
    treasure_tiles_left: int
    bonus_tiles_left: int
    start_player: int
    round: int
    phase: Phase
    action: ActionName | None
    """The action space being resolved in the actions phase; null: none."""
    first_target: int | None
    """The seat the first boarding or raid attacked this round; null: none."""
    decision: Decision | None
    """What the engine waits for; null once the game is over."""
    queue: list[Step]
    """The engine's agenda, front first (public: it follows from what was seen)."""
    goal: int
    """Chests in Tortuga that end the game (6, or 8 in the long game)."""
    dice_per_seat: int


class DieFace(Model):
    """A die and the face it shows."""

    die: Letter
    face: Face


class RankingPlace(Model):
    """A place on an action space's ranking."""

    seat: int
    total: int


class Setup(EventData):
    """The game begins."""

    type: Literal["setup"]
    players: int


class Round(EventData):
    """A round begins with its start player."""

    type: Literal["round"]
    round: int
    seat: int


class RolledDice(EventData):
    """A seat rolls (how many dice; what they show is private: "roll")."""

    type: Literal["rolled"]
    seat: int
    dice: int


class Roll(EventData):
    """What a seat rolled (private to it)."""

    type: Literal["roll"]
    seat: int
    faces: list[DieFace]


class Selected(EventData):
    """The dice a seat keeps behind its screen (private to it)."""

    type: Literal["selected"]
    seat: int
    dice: list[Letter]


class Stuck(EventData):
    """A seat can place none of its roll, shows it and re-rolls."""

    type: Literal["stuck"]
    seat: int
    faces: list[DieFace]


class Reveal(EventData):
    """A seat reveals the dice it kept."""

    type: Literal["reveal"]
    seat: int
    faces: list[DieFace]


class PlaceDice(EventData):
    """A seat places dice on an action space."""

    type: Literal["place_dice"]
    seat: int
    dice: list[Letter]
    action: ActionName


class Reroll(EventData):
    """A stuck seat's new roll, in the open."""

    type: Literal["reroll"]
    seat: int
    faces: list[DieFace]


class Turn(EventData):
    """A seat turns skulls to an action."""

    type: Literal["turn"]
    seat: int
    dice: list[Letter]
    action: ActionName


class Bonus(EventData):
    """A seat takes a bonus tile (1) or flips it to 2."""

    type: Literal["bonus"]
    seat: int
    action: ActionName
    value: int


class Ranking(EventData):
    """An action space's places (empty: nobody)."""

    type: Literal["ranking"]
    action: ActionName
    places: list[RankingPlace]


class Forfeit(EventData):
    """A seat forfeits an action."""

    type: Literal["forfeit"]
    seat: int
    action: ActionName


class Advance(EventData):
    """A seat's boat or pirate advances on its track."""

    type: Literal["advance"]
    seat: int
    token: Literal["boat", "pirate"]
    box: int


class HuntChest(EventData):
    """A hunter draws a chest to its island (null: the bag is empty)."""

    type: Literal["hunt_chest"]
    seat: int
    colour: Colour | None


class HuntTiles(EventData):
    """A hunter draws treasure tiles."""

    type: Literal["hunt_tiles"]
    seat: int
    tiles: int


class TilesSeen(EventData):
    """The coins on the tiles a hunter looks at (private to it)."""

    type: Literal["tiles_seen"]
    seat: int
    coins: list[int]


class Keep(EventData):
    """A hunter keeps a tile (and perhaps mixes one back)."""

    type: Literal["keep"]
    seat: int
    mixed_back: bool


class Tiles(EventData):
    """The coins a hunter kept and returned (private to it)."""

    type: Literal["tiles"]
    seat: int
    kept: int
    returned: list[int]


class Attack(EventData):
    """A seat boards or raids another."""

    type: Literal["attack"]
    seat: int
    action: Literal["board", "raid"]
    target: int
    target_box: int
    """The target's token's box after the attack."""
    defended: bool
    own_box: int | None
    """The attacker's token's box when the target defends; null: not defended."""


class Seize(EventData):
    """A seat seizes another's chest."""

    type: Literal["seize"]
    seat: int
    target: int
    colour: Colour


class Claim(EventData):
    """A seat claims a chest from the center island."""

    type: Literal["claim"]
    seat: int
    colour: Colour


class Deposit(EventData):
    """A surplus chest goes to the center island (center) or the bag."""

    type: Literal["deposit"]
    seat: int
    colour: Colour
    center: bool


class Draw(EventData):
    """A seat draws a chest to its island (null: the bag is empty)."""

    type: Literal["draw"]
    seat: int
    colour: Colour | None


class ToTortuga(EventData):
    """A seat brings chests to Tortuga."""

    type: Literal["to_tortuga"]
    seat: int
    colours: list[Colour]


class Move(EventData):
    """A seat moves a chest island → crew or crew → fleet."""

    type: Literal["move"]
    seat: int
    colour: Colour
    source: Literal["crew", "island"]


class Over(EventData):
    """The game ends."""

    type: Literal["over"]
    scores: list[int]
    winners: list[int]


EVENTS: tuple[type[EventData], ...] = (
    Setup,
    Round,
    RolledDice,
    Roll,
    Selected,
    Stuck,
    Reveal,
    PlaceDice,
    Reroll,
    Turn,
    Bonus,
    Ranking,
    Forfeit,
    Advance,
    HuntChest,
    HuntTiles,
    TilesSeen,
    Keep,
    Tiles,
    Attack,
    Seize,
    Claim,
    Deposit,
    Draw,
    ToTortuga,
    Move,
    Over,
)

__all__ = ["EVENTS", "View"]
