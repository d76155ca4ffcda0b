"""Tortuga 1667's typed contract to the browser (core/contract.py): the exact shape of a seat's
or a spectator's view (view.py) and of each log line's data (log.py), one model per event kind.

The browser's TypeScript types are generated from these models (web/src/generated/); the
conformance suite checks every view and event of random games against them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from buccaneer.core.contract import EventData, Model, ViewModel, absent
from buccaneer.games.tortuga1667.actions import DESTINATIONS, VOTE_NAMES
from buccaneer.games.tortuga1667.components import (
    EVENT_NAMES,
    FLAGS,
    PLACES,
    SHIPS,
    TEAMS,
    TREASURE_MAPS,
)

# The names as JSON types, made from the one list of each (plain strings to the type checker).
# A vote card is named by its three parts: top (cannon, water, torch), flag, bottom (skull,
# blank); a pawn's place in a log line says "rowboat" without saying which.
if TYPE_CHECKING:
    Team = str
    Flag = str
    Ship = str
    Place = str
    PawnPlace = str
    Destination = str
    EventCard = str
    TreasureMap = str
    VoteCard = str
else:
    Team = Literal[TEAMS]
    Flag = Literal[FLAGS]
    Ship = Literal[SHIPS]
    Place = Literal[PLACES]
    PawnPlace = Literal[(*PLACES, "rowboat")]
    Destination = Literal[DESTINATIONS]
    EventCard = Literal[EVENT_NAMES]
    TreasureMap = Literal[TREASURE_MAPS]
    VoteCard = Literal[VOTE_NAMES]
VoteKind = Literal["attack", "mutiny", "brawl"]
MaroonCause = Literal["captain", "mutiny", "pistol", "black_spot", "albatross", "black_powder"]


class Options(Model):
    """Tortuga 1667's options."""

    star_cards: int | list[str]
    """How many star event cards (3-6, chosen at random) or which ones, by name."""
    advanced_setup: bool
    """The optional advanced setup (chests in the holds, pawns placed by choice)."""
    two_actions_two_players: bool
    """Two actions per turn in 2-player games."""
    small_game_removes: Literal["cabin_fever", "facade"] | None
    """2-3 players: which card leaves the game; null: random."""


class Holds(Model):
    """Chests in a ship's two holds."""

    british: int
    french: int


class ShipView(Model):
    """A ship: its crew and its holds."""

    crew: list[int]
    """The seats aboard, captain first."""
    holds: Holds


class Ships(Model):
    """The two ships."""

    flying_dutchman: ShipView
    jolly_roger: ShipView


class TortugaView(Model):
    """The island of Tortuga."""

    crew: list[int]
    """The seats on Tortuga, governor first."""
    british: int
    """Chests on the British slot."""
    french: int
    """Chests on the French slot."""
    loose: int
    """Chests on the island outside the slots."""


class Rowboats(Model):
    """Each ship's rowboat: the seat in it, "destroyed", or null (free)."""

    flying_dutchman: int | Literal["destroyed"] | None
    jolly_roger: int | Literal["destroyed"] | None


class EventRow(Model):
    """The event cards."""

    row: list[EventCard | Literal["empty"] | None]
    """The row's slots: a card where the viewer knows it, null where not, "empty" for a slot
    left empty (the deck used up)."""
    deck: int
    """Cards left in the deck."""
    discard: list[EventCard]
    armada_in_deck: bool
    """The Spanish Armada is still to come."""
    in_game: list[EventCard]
    """The event cards in this game."""
    bottom_five: list[bool]
    """Per slot: its card came from the deck's bottom five, where the Armada was shuffled in."""


class LastVote(Model):
    """The last vote revealed: its kind and its shuffled cards."""

    kind: VoteKind
    cards: list[VoteCard]


class TeamChests(Model):
    """Each team's chests in all."""

    british: int
    french: int


DecisionKind = Literal[
    "vote",
    "turn",
    "choose",
    "crows",
    "crows_pick",
    "discard",
    "fever",
    "give_map",
    "marque",
    "marque_top",
    "pistol",
    "place_pawn",
    "powder",
    "react_maroon",
    "react_call",
    "setup_chest",
    "stow",
]


class Decision(Model):
    """What the engine waits for, in public words: its `kind` and the facts of that kind."""

    kind: DecisionKind
    seat: int = absent()
    """The seat that decides (all kinds but "vote")."""
    vote: VoteKind = absent()
    """"vote": the vote's kind."""
    place: Place = absent()
    """"vote": where it is held."""
    caller: int = absent()
    """"vote": the seat that called it."""
    voters: list[int] = absent()
    """"vote": the seats that vote."""
    waiting: list[int] = absent()
    """"vote": the voters yet to vote."""
    slots: list[int] = absent()
    """"choose": the two event slots pointed at."""
    by: int = absent()
    """"choose": the seat that pointed."""
    cause: MaroonCause = absent()
    """"react_maroon": why the seat is marooned."""
    card: TreasureMap = absent()
    """"give_map": the treasure map given away."""
    target: int = absent()
    """"crows_pick": the seat whose hand is chosen."""
    left: int = absent()
    """"crows_pick": cards still to pick."""


class View(ViewModel):
    """What one seat (or a spectator) sees of a Tortuga 1667 game."""

    game: Literal["tortuga1667"]
    options: Options
    ships: Ships
    tortuga: TortugaView
    galleon: int
    """Chests left on the Spanish galleon."""
    spots: list[list[int | None]] | None
    """The advanced setup's starting spots: the seat on each (null: free); null: no advanced
    setup."""
    rowboats: Rowboats
    events: EventRow
    loyalty: Team | None
    """The viewer's loyalty card; null for a spectator."""
    loyalty_history: list[Team] | None
    """The viewer's loyalty cards so far, first first; null for a spectator."""
    loyalties: list[Team] | None
    """Every seat's loyalty, once the game is over; null before."""
    votes: list[VoteCard] | None
    """The viewer's vote cards; null for a spectator."""
    vote_hand_sizes: list[int]
    vote_deck: int
    """Cards in the vote deck."""
    vote_deck_top: VoteCard | None
    """The card the viewer put on top of the vote deck, while it lies there; else null."""
    vote_deck_cards: list[VoteCard] | None
    """The vote deck, for the seat choosing cards by Crow's Nest; else null."""
    known_hands: dict[str, list[VoteCard]]
    """Hands the viewer chose by Crow's Nest, by seat."""
    ballot: list[VoteCard] | None
    """The cards the viewer put into the open vote; null: none."""
    voted: list[int]
    """The seats that have voted in the open vote."""
    ballot_sizes: dict[str, int]
    """How many cards each voter put down, by seat."""
    known_loyalties: dict[str, Team]
    """Loyalties the viewer has seen, by seat."""
    last_vote: LastVote | None
    albatross: list[int]
    """Per seat, Albatross cards held."""
    treasure_maps: list[list[TreasureMap]]
    """Per seat, the treasure maps held."""
    pirate_code: list[int]
    """Per seat, votes still to sit out (Pirate Code)."""
    scurvy: list[bool]
    """Per seat, it loses its next turn (Scurvy)."""
    current: int
    """The seat whose turn it is."""
    actions_left: int
    decision: Decision | None
    """What the engine waits for; null once the game is over."""
    queue: list[list[int | str]]
    """Every pending step, front first: its kind, the seat (-1: an automatic step), then the
    step's own values (public: each was queued by something done in the open)."""
    extra_action: bool
    """The captain acts again after an Atlantis escape from its marooning."""
    tiebreak: bool
    """The tiebreak after a tied Armada is on."""
    team_chests: TeamChests
    loyalty_evidence: list[list[float]]
    """Per seat, the natural log of how likely its open play so far is if it is British,
    French, Dutch (by the public model of play: the heuristic bot's choices, softened), and if
    it plays aimlessly (every choice alike); the same for every viewer. Research and bots read
    it (`belief`); it is not shown to players."""
    winner_team: Literal["british", "french", "dutch", "shared"] | None
    """The winning team once the game is over; null before."""
    seat_names: list[str]


class Setup(EventData):
    """The game begins."""

    type: Literal["setup"]
    players: int


class SetupChest(EventData):
    """The advanced setup: a seat puts a chest in a hold."""

    type: Literal["setup_chest"]
    seat: int
    ship: Ship
    hold: Flag


class PlacedPawn(EventData):
    """The advanced setup: a seat's pawn starts somewhere."""

    type: Literal["placed_pawn"]
    seat: int
    place: PawnPlace
    position: int
    """The position in that place's line (0: first)."""


class Looked(EventData):
    """A seat looks at two event cards."""

    type: Literal["looked"]
    seat: int
    slots: list[int]


class Saw(EventData):
    """The event cards a seat looked at (private to it)."""

    type: Literal["saw"]
    seat: int
    slots: list[int]
    cards: list[EventCard]


class Revealed(EventData):
    """A seat reveals an event card."""

    type: Literal["revealed"]
    seat: int
    slot: int
    card: EventCard


class Pointed(EventData):
    """A seat points at two event cards; the target must reveal one."""

    type: Literal["pointed"]
    seat: int
    slots: list[int]
    target: int


class Chose(EventData):
    """A seat picks one of the cards pointed at."""

    type: Literal["chose"]
    seat: int
    slot: int


class Moved(EventData):
    """A seat moves its pawn."""

    type: Literal["moved"]
    seat: int
    place: PawnPlace
    to: Destination


class CaptainMaroons(EventData):
    """A captain maroons a seat."""

    type: Literal["captain_maroons"]
    seat: int
    target: int


class Marooned(EventData):
    """A seat is marooned on Tortuga."""

    type: Literal["marooned"]
    seat: int
    cause: MaroonCause


class LostVote(EventData):
    """A seat marooned while on Tortuga loses a vote card."""

    type: Literal["lost_vote"]
    seat: int


class Lost(EventData):
    """The vote card a seat lost (private to it)."""

    type: Literal["lost"]
    seat: int
    card: VoteCard


class AlbatrossBomb(EventData):
    """Two Albatrosses aboard a ship: everyone there is marooned."""

    type: Literal["albatross_bomb"]
    ship: Ship


class VoteCalled(EventData):
    """A vote is called."""

    type: Literal["vote_called"]
    vote: VoteKind
    place: PawnPlace
    caller: int
    voters: list[int]


class Voted(EventData):
    """A seat has voted."""

    type: Literal["voted"]
    seat: int


class Ballot(EventData):
    """The cards a seat voted with (private to it)."""

    type: Literal["ballot"]
    seat: int
    cards: list[VoteCard]


class SitsOut(EventData):
    """A seat sits a vote out (Pirate Code)."""

    type: Literal["sits_out"]
    seat: int


class VoteResult(EventData):
    """A vote's cards, shuffled."""

    type: Literal["vote_result"]
    vote: VoteKind
    cards: list[VoteCard]


class AttackFailed(EventData):
    """An attack fails."""

    type: Literal["attack_failed"]
    place: PawnPlace


class AttackNothing(EventData):
    """An attack succeeds with no chest to take."""

    type: Literal["attack_nothing"]


class Stowed(EventData):
    """A captain takes a chest into a hold."""

    type: Literal["stowed"]
    seat: int
    into: Flag
    take: Flag | None
    """The other ship's hold it comes from; null: the Spanish galleon."""


class MutinySucceeds(EventData):
    """A mutiny overthrows a captain."""

    type: Literal["mutiny_succeeds"]
    ship: Ship
    captain: int


class MutinyFails(EventData):
    """A mutiny fails."""

    type: Literal["mutiny_fails"]
    ship: Ship


class BrawlResult(EventData):
    """A brawl ends: Tortuga's chests on each slot."""

    type: Literal["brawl_result"]
    british: int
    french: int


class ChestMoved(EventData):
    """A cabin boy moves a chest into a hold."""

    type: Literal["chest_moved"]
    seat: int
    to: Flag


class ScurvySkip(EventData):
    """A seat with scurvy loses its turn."""

    type: Literal["scurvy_skip"]
    seat: int


class Atlantis(EventData):
    """A seat plays Atlantis and sails somewhere."""

    type: Literal["atlantis"]
    seat: int
    to: PawnPlace


class Fountain(EventData):
    """A seat drinks from the Fountain of Youth: not marooned."""

    type: Literal["fountain"]
    seat: int


class Pistol(EventData):
    """A seat points the Pistol at another."""

    type: Literal["pistol"]
    seat: int
    target: int


class MapGiven(EventData):
    """A seat gives a treasure map to another."""

    type: Literal["map_given"]
    seat: int
    target: int
    card: TreasureMap


class CabinFever(EventData):
    """Two seats shuffle their loyalty cards."""

    type: Literal["cabin_fever"]
    seat: int
    target: int


class Loyalty(EventData):
    """A seat's loyalty after a shuffle (private to it)."""

    type: Literal["loyalty"]
    seat: int
    team: Team


class CrowsNest(EventData):
    """A seat takes another's vote cards and chooses new ones."""

    type: Literal["crows_nest"]
    seat: int
    target: int
    count: int


class CrowsDeck(EventData):
    """The vote deck a seat searches (private to it)."""

    type: Literal["crows_deck"]
    seat: int
    cards: list[VoteCard]


class DrewVote(EventData):
    """The vote card a seat drew (private to it)."""

    type: Literal["drew_vote"]
    seat: int
    card: VoteCard


class CrowsGiven(EventData):
    """The cards a seat gave another (private to the two)."""

    type: Literal["crows_given"]
    seat: int
    target: int
    cards: list[VoteCard]


class MarqueMove(EventData):
    """A Letter of Marque puts a seat aboard a ship."""

    type: Literal["marque_move"]
    seat: int
    target: int
    ship: Ship


class MarqueDraw(EventData):
    """A seat draws a vote card (Letter of Marque)."""

    type: Literal["marque_draw"]
    seat: int


class PutOnTop(EventData):
    """A seat puts a vote card on top of the vote deck."""

    type: Literal["put_on_top"]
    seat: int


class Top(EventData):
    """The card a seat put on top (private to it)."""

    type: Literal["top"]
    seat: int
    card: VoteCard


class BlackPowder(EventData):
    """A seat blows up a ship's rowboat."""

    type: Literal["black_powder"]
    seat: int
    ship: Ship


class EightBells(EventData):
    """Eight bells: a new order in a line."""

    type: Literal["eight_bells"]
    place: PawnPlace
    line: list[int]


class Facade(EventData):
    """A seat trades places with another."""

    type: Literal["facade"]
    seat: int
    target: int


class VoteCancelled(EventData):
    """A vote is off: its caller no longer holds the role."""

    type: Literal["vote_cancelled"]
    vote: VoteKind
    caller: int


class NoSteal(EventData):
    """A captain leaves the other ship's chests alone."""

    type: Literal["no_steal"]
    seat: int


class Timeout(EventData):
    """A seat's time is up."""

    type: Literal["timeout"]
    seat: int


class Passed(EventData):
    """A seat can do nothing this turn."""

    type: Literal["passed"]
    seat: int


class Tiebreak(EventData):
    """A tie with an even count: play on."""

    type: Literal["tiebreak"]


class Over(EventData):
    """The game ends."""

    type: Literal["over"]
    winner: Team | None
    """The winning team; null: the teams share the win."""
    british: int
    french: int


EVENTS: tuple[type[EventData], ...] = (
    Setup,
    SetupChest,
    PlacedPawn,
    Looked,
    Saw,
    Revealed,
    Pointed,
    Chose,
    Moved,
    CaptainMaroons,
    Marooned,
    LostVote,
    Lost,
    AlbatrossBomb,
    VoteCalled,
    Voted,
    Ballot,
    SitsOut,
    VoteResult,
    AttackFailed,
    AttackNothing,
    Stowed,
    MutinySucceeds,
    MutinyFails,
    BrawlResult,
    ChestMoved,
    ScurvySkip,
    Atlantis,
    Fountain,
    Pistol,
    MapGiven,
    CabinFever,
    Loyalty,
    CrowsNest,
    CrowsDeck,
    DrewVote,
    CrowsGiven,
    MarqueMove,
    MarqueDraw,
    PutOnTop,
    Top,
    BlackPowder,
    EightBells,
    Facade,
    VoteCancelled,
    NoSteal,
    Timeout,
    Passed,
    Tiebreak,
    Over,
)

__all__ = ["EVENTS", "View"]
