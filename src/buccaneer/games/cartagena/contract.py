"""Cartagena's typed contract to the browser (core/contract.py): the exact shape of a seat's or
a spectator's view and of each log line's data (log.py), one model per event kind.

The browser's TypeScript types are generated from these models (web/src/generated/); the
conformance suite checks every view and event of random games against them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from buccaneer.core.contract import EventData, Model, ViewModel, absent
from buccaneer.games.cartagena.components import SYMBOLS, TILES

# The names as JSON types, made from the one list of each (plain strings to the type checker).
if TYPE_CHECKING:
    Symbol = str
    TileCode = str
else:
    Symbol = Literal[SYMBOLS]
    TileCode = Literal[tuple(TILES)]
Variant = Literal["jamaica", "tortuga"]


class Options(Model):
    """Cartagena's options."""

    variant: Variant
    """jamaica: hidden hands and a draw pile; tortuga: open hands and a row of open cards."""
    layout: list[str] | None
    """The tunnel asked for: six tile codes or 36 symbol names; null: random from the seed."""
    start_player: int
    """The seat that moves first."""


class Cards(Model):
    """A number of cards of each symbol."""

    skull: int
    hat: int
    dagger: int
    bottle: int
    key: int
    pistol: int


class View(ViewModel):
    """What one seat (or a spectator) sees of a Cartagena game."""

    game: Literal["cartagena"]
    options: Options
    variant: Variant
    board: list[Symbol]
    """The tunnel's 36 squares' symbols, from the start to the boat."""
    tiles: list[TileCode] | None
    """The tiles the tunnel is laid from, in order; null: a custom tunnel."""
    pirates: list[list[int]]
    """Per seat, its six pirates' squares (-1: the start, 36: the boat)."""
    hands: list[Cards | None]
    """Per seat, its hand; null: hidden from this viewer (the Jamaica version)."""
    hand_sizes: list[int]
    """Per seat, how many cards it holds."""
    row: list[Symbol]
    """The open cards to take (the Tortuga version; empty in the Jamaica version)."""
    draw_pile: int
    """Cards in the draw pile."""
    discard: Cards
    """The discard pile, by symbol."""
    current: int | None
    """The seat whose turn it is; null once the game is over."""
    actions_left: int
    """Actions left in the current turn."""
    turn: int
    """The turn's number."""
    seat_names: list[str]


class Setup(EventData):
    """The game begins."""

    type: Literal["setup"]
    variant: Variant
    players: int
    tiles: list[TileCode] | None
    """The tiles laid; null: a custom tunnel."""


class Forward(EventData):
    """A seat plays a card and moves a pirate forward."""

    type: Literal["forward"]
    seat: int
    card: Symbol
    from_: int = Field(alias="from")
    """The pirate's square before (-1: the start)."""
    to: int
    """The pirate's square after (36: the boat)."""


class Back(EventData):
    """A seat moves a pirate back and draws (or takes) cards."""

    type: Literal["back"]
    seat: int
    from_: int = Field(alias="from")
    to: int
    drawn: int
    """How many cards it draws."""
    cards: list[Symbol] = absent()
    """The cards taken, in the open-hands (Tortuga) version only."""


class Drew(EventData):
    """The cards a seat drew (private to it)."""

    type: Literal["drew"]
    seat: int
    cards: list[Symbol]


class EndTurn(EventData):
    """A seat ends its turn (0 actions: it passes)."""

    type: Literal["end_turn"]
    seat: int
    actions: int


class Reshuffle(EventData):
    """The discard pile becomes the draw pile."""

    type: Literal["reshuffle"]
    cards: int


class Row(EventData):
    """A new row of open cards is laid out."""

    type: Literal["row"]
    cards: list[Symbol]


class Win(EventData):
    """A seat has all its pirates in the boat."""

    type: Literal["win"]
    seat: int


class DeadPosition(EventData):
    """Nothing can change any more: the game ends (docs/rulings.md)."""

    type: Literal["dead_position"]
    winners: list[int]
    boat: list[int]
    """Per seat, its pirates in the boat."""


EVENTS: tuple[type[EventData], ...] = (
    Setup,
    Forward,
    Back,
    Drew,
    EndTurn,
    Reshuffle,
    Row,
    Win,
    DeadPosition,
)

__all__ = ["EVENTS", "View"]
