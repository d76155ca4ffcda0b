"""What a seat knows of a Cartagena game, in the typed form its bot reads (`State.bot_view`).

`CartagenaState.bot_view(seat)` builds it straight from the state's fields, without the JSON
`view(seat)`: the bot runs inside ISMCTS rollouts, where the JSON view and parsing it back was
most of a decision's cost. It holds the knowledge of `view(seat)` and never more (the twin walks
of the conformance suite compare it between states that differ only in what the seat cannot
know): symbols are ints (board.SYMBOLS), squares are those of the JSON contract (-1 start, 0..35
the tunnel, 36 the boat), and a hand the seat cannot see is None.
"""

from __future__ import annotations

from typing import NamedTuple

from buccaneer.games.cartagena.board import BoardTables


class BotView(NamedTuple):
    """One seat's knowledge; each field names the `view(seat)` key it equals."""

    seat: int | None  # None: a spectator
    players: int
    open_hands: bool  # the Tortuga version (view "variant")
    over: bool
    winners: tuple[int, ...]
    current: int  # the seat to move; -1 once the game is over (view: None)
    actions_left: int
    turn: int
    # The tunnel (view "board") and what moves are read from on it, shared by every state on
    # the same tunnel.
    tables: BoardTables
    pirates: tuple[tuple[int, ...], ...]  # each seat's squares, sorted
    # Pirates on each tunnel square 0..35 (counted from "pirates"), as bytes: indexed like a
    # tuple of ints, and searched in C (`bytes.translate`, `find`) by the bot.
    occ: bytes
    hands: tuple[tuple[int, ...] | None, ...]  # counts per symbol; None where hidden
    hand_sizes: tuple[int, ...]
    row: tuple[int, ...]  # the open row in take order (the next card taken first)
    draw_pile: int  # cards in the draw pile
    discard: tuple[int, ...]  # counts per symbol


__all__ = ["BotView"]
