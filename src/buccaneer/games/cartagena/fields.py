"""Every field of a Cartagena game, and what is read straight off the fields.

The state is kept in plain ints and small lists for speed: pirate squares per seat (sorted, so
equal positions compare equal), a 36-entry occupancy count, card counts per symbol for hands and
the discard pile, the draw pile and the open row as lists of symbol ints. Square numbers are
0..35 in the tunnel, -1 for the start and 36 for the boat (the JSON contract); texts for people
count squares 1..36 as the rulebook does.

`Rules` (rules.py) adds the rules on top and `CartagenaState` (state.py) the protocol. The
modules that show and word a game (`view`, `botview`, `explain`, `log`) work on
`Fields` and never import the rules or the state, so imports run one way: state → sampling →
rules → explain/view/botview/log → fields and actions → components.
"""

from __future__ import annotations

from typing import Annotated, Any

from buccaneer.core.fields import DERIVED
from buccaneer.core.rng import Rng
from buccaneer.core.state import State
from buccaneer.games.cartagena.components import (
    BOAT,
    MAX_ON_SQUARE,
    SEAT_NAMES,
    SQUARES,
    BoardTables,
)

GAME = "cartagena"


class Fields(State):
    """The fields of a Cartagena game, Jamaica (hidden hands) or Tortuga (open hands, open row)
    version, and the small queries on them (the rules are `Rules`', the protocol
    `CartagenaState`'s).

    Every field is declared here once, as an annotation: `clone` and `snapshot` are derived
    from these (`buccaneer.core.fields`, `@derive_copies` on `CartagenaState`), so a new field
    is one more line here. `DERIVED` marks a cache of other fields, which `snapshot` leaves out.
    """

    game = GAME

    players: int
    options: dict[str, Any]
    seed: int
    board: tuple[int, ...]  # each square's symbol
    tiles: tuple[str, ...] | None  # the tile codes, or None for a tunnel of 36 given symbols
    # The tables moves are read from on this tunnel (components.board_tables), one object per
    # tunnel shared by every state on it.
    tables: Annotated[BoardTables, DERIVED]  # a NamedTuple: immutable, shared by clones
    sym_squares: Annotated[tuple[tuple[int, ...], ...], DERIVED]  # tables.sym_squares
    open_hands: Annotated[bool, DERIVED]  # the Tortuga version
    pirates: list[list[int]]
    occ: list[int]  # pirates on each tunnel square (counted from `pirates`)
    # Kept alongside for `bot_view` (which hands them out as immutable copies at C speed):
    # `occ` as bytes, and each hand's size. Changed wherever `occ` and `hands` are.
    occ_bytes: Annotated[bytearray, DERIVED]
    sizes: Annotated[list[int], DERIVED]
    hands: list[list[int]]
    pile: list[int]
    discard: list[int]
    row: list[int]  # reversed take order: the next card taken is row[-1]
    current: int
    actions_done: int
    turn: int
    # The seats that won; () while the game runs. One seat when it brought six pirates to the
    # boat, possibly several when the game ended in a dead position (docs/rulings.md).
    won_by: tuple[int, ...]
    rng: Rng

    # Each field in a slot, at a fixed place in every state however the rules, `clone` and
    # `sampling` order their assignments (with an instance dict, a differing order costs every
    # later attribute access); the base protocol's records too, but not its `_offer`, a class
    # default until a state sets it.
    __slots__ = ("_events", "_formatted", "_history", "_log", "_replayable", *__annotations__)

    def seat_name(self, seat: int) -> str:
        """A seat's colour, or "seat N" for a number that is no seat (in a refusal)."""
        return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"

    def forward_destination(self, card: int, origin: int) -> int:
        """Where a forward move with `card` from `origin` lands now."""
        for square in self.sym_squares[card]:
            if square > origin and not self.occ[square]:
                return square
        return BOAT

    def back_destination(self, origin: int) -> tuple[int, int]:
        """(target square, cards drawn) of a back move from `origin`, or (-1, 0) if none."""
        for square in range(origin - 1, -1, -1):
            if 0 < self.occ[square] < MAX_ON_SQUARE:
                return square, self.occ[square]
        return -1, 0

    def is_dead(self) -> bool:
        """True when no action can ever change the position: no seat holds a card (so no
        forward move) and no square below any pirate holds one or two pirates (so no back move,
        the only way cards come back into hands). Only `end_turn` would be left, forever."""
        for hand in self.hands:
            if any(hand):
                return False
        occ = self.occ
        for square in range(SQUARES):
            if 0 < occ[square] < MAX_ON_SQUARE:
                # A back move exists iff some pirate stands above the lowest such square (the
                # pirates are sorted, so a seat's last one is its highest; the boat counts).
                return all(squares[-1] <= square for squares in self.pirates)
        return True


__all__ = ["GAME", "Fields"]
