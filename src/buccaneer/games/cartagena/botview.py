"""What a seat knows of a Cartagena game, in the typed form its bot reads (`State.bot_view`).

`build_bot_view(state, seat)` (`CartagenaState.bot_view`) builds it straight from the fields,
without the JSON `view(seat)`: the bot runs inside ISMCTS rollouts, where the JSON view and
parsing it back was most of a decision's cost. It holds the knowledge of `view(seat)` and never
more (the twin walks of the conformance suite compare it between states that differ only in
what the seat cannot know): symbols are ints (components.SYMBOLS), squares are those of the
JSON contract (-1 start, 0..35 the tunnel, 36 the boat), and a hand the seat cannot see is None.
"""

from __future__ import annotations

from typing import NamedTuple

from buccaneer.games.cartagena.components import ACTIONS_PER_TURN, BoardTables
from buccaneer.games.cartagena.fields import Fields


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


_new_tuple = tuple.__new__  # BotView without NamedTuple's Python-level __new__


def build_bot_view(state: Fields, seat: int | None) -> BotView:
    """`seat`'s knowledge for its bot, the same as `view(seat)` holds."""
    if type(seat) is not int or not 0 <= seat < state.players:
        state.check_seat(seat)  # refuses anything but a seat or None (a spectator)
    over = bool(state.won_by)
    hands = state.hands
    shown: tuple[tuple[int, ...] | None, ...]
    if state.open_hands or over:
        shown = tuple(map(tuple, hands))
    else:
        hidden: list[tuple[int, ...] | None] = [None] * state.players
        if seat is not None:
            hidden[seat] = tuple(hands[seat])
        shown = tuple(hidden)
    return _new_tuple(
        BotView,
        (
            seat,
            state.players,
            state.open_hands,
            over,
            state.won_by,
            -1 if over else state.current,
            0 if over else ACTIONS_PER_TURN - state.actions_done,
            state.turn,
            state.tables,
            tuple(map(tuple, state.pirates)),
            bytes(state.occ_bytes),
            shown,
            tuple(state.sizes),
            tuple(reversed(state.row)),
            len(state.pile),
            tuple(state.discard),
        ),
    )


__all__ = ["BotView", "build_bot_view"]
