"""Every field of a Tortuga game, declared once, and what is read straight off the fields.

`Fields` declares the pieces (boards, tracks, dice, chests, tiles, the queue of pending steps) with
the empty game a game starts from, the seats' order and names and the scores. `Rules` (rules.py)
adds the rules on top and `TortugaState` (state.py) the protocol. The modules that word and show
a game (`view`, `botview`, `log`, `explain`) work on `Fields` and never import the rules or the
state, so imports run one way: state → sampling → rules → view/explain → log → fields →
rules_scoring, components.
"""

from __future__ import annotations

from typing import Annotated, Any, Self

from buccaneer.core.fields import DERIVED
from buccaneer.core.rng import Rng
from buccaneer.core.state import State
from buccaneer.games.tortuga.components import (
    BONUS_TILES,
    CHESTS,
    DICE,
    TILE_COUNTS,
    TORTUGA_GOAL,
    TORTUGA_GOAL_LONG,
    TRACK_START,
)
from buccaneer.games.tortuga.rules_scoring import breakdown

GAME = "tortuga"
SEAT_NAMES: tuple[str, ...] = ("Ani", "Lothar", "Frank", "Alex")  # the rulebook's players
FREE = -1  # a die not yet placed / not rolled
# ORDERS[players][start]: the seats clockwise from the start player, asked at every roll.
ORDERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((start + i) % n for i in range(n)) for start in range(n)) for n in range(5)
)


class Fields(State):
    """The fields of a Tortuga game (the rules are `Rules`'s, the protocol `TortugaState`'s)."""

    game = GAME

    # Every field of a game, declared once: `clone` and `snapshot` are derived from these
    # annotations (`buccaneer.core.fields`, `@derive_copies` on `TortugaState`), so a field added
    # here is copied and compared without another line. `players`, `options`, `seed` and `rng`
    # are the base `State`'s.
    two_player: Annotated[bool, DERIVED]  # players == 2
    goal: Annotated[int, DERIVED]  # chests in Tortuga that end the game, by the variant
    start: int
    round: int
    phase: str  # "roll", "actions", "chests", "over"
    fleet_box: list[int]
    crew_box: list[int]
    island: list[list[int]]
    crew: list[list[int]]
    fleet: list[list[int]]
    tortuga: list[list[int]]
    bonus: list[list[int]]
    tiles: list[list[int]]
    returned: list[list[int]]  # tile values a seat saw and put back (its own memory)
    drawn: list[list[int]]  # tiles a hunting seat is looking at before keeping one
    placed: list[list[int]]  # per die: the action it stands on, or FREE
    roll: list[list[int]]  # per die: the face rolled this step, or FREE
    selection: list[tuple[int, ...] | None]  # hidden choices until the reveal
    selecting: list[int]  # seats in the current simultaneous selection
    bag: list[int]
    center: list[int]
    pool: list[int]  # treasure tiles left, by coins - 1
    bonus_left: int
    queue: list[tuple[Any, ...]]
    action: int  # the action being resolved in phase 2, else -1
    first_target: int  # the seat the 1st position attacked in this action, else -1
    moving: list[int]  # phase 3: chests (counts by colour) in transit for the queue head
    final: list[int]  # winners once over

    # -- setup -------------------------------------------------------------------------------

    @classmethod
    def empty(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Components in the box: full bag and pool, tokens on box 3, nothing placed."""
        state = cls.__new__(cls)
        # In the order of the declaration, as `clone` sets them (instances then share their
        # dict's keys).
        state.players = players
        state.options = options
        state.seed = seed
        state.rng = Rng(seed)
        state.two_player = players == 2
        state.goal = TORTUGA_GOAL_LONG if options["long_game"] else TORTUGA_GOAL
        state.start = options["start_player"]
        state.round = 1
        state.phase = "roll"
        state.fleet_box = [TRACK_START] * players
        state.crew_box = [TRACK_START] * players
        state.island = [[] for _ in range(players)]
        state.crew = [[] for _ in range(players)]
        state.fleet = [[] for _ in range(players)]
        state.tortuga = [[] for _ in range(players)]
        state.bonus = [[0] * 5 for _ in range(players)]
        state.tiles = [[] for _ in range(players)]
        state.returned = [[] for _ in range(players)]
        state.drawn = [[] for _ in range(players)]
        state.placed = [[FREE] * DICE for _ in range(players)]
        state.roll = [[FREE] * DICE for _ in range(players)]
        state.selection = [None] * players
        state.selecting = []
        state.bag = list(CHESTS)
        state.center = [0] * 5
        state.pool = list(TILE_COUNTS)
        state.bonus_left = BONUS_TILES
        state.queue = []
        state.action = -1
        state.first_target = -1
        state.moving = [0] * 5
        state.final = []
        state.reset_records()
        return state

    def order(self) -> tuple[int, ...]:
        """Seats clockwise from the start player (the tie-break and turn order)."""
        return ORDERS[self.players][self.start]

    # -- results ---------------------------------------------------------------------------------

    def score_sheet(self, seat: int) -> dict[str, Any]:
        return breakdown(
            tortuga=self.tortuga[seat],
            fleet=self.fleet[seat],
            crew=self.crew[seat],
            island=self.island[seat],
            fleet_box=self.fleet_box[seat],
            crew_box=self.crew_box[seat],
            tiles=self.tiles[seat],
        )

    def scores(self) -> list[float]:
        """Victory points as the final scoring counts them (coins included)."""
        return [float(self.score_sheet(s)["total"]) for s in range(self.players)]

    def winners(self) -> list[int]:
        return list(self.final)

    def public_scores(self, seat: int | None) -> list[float]:
        """Scores as `seat` can count them: others' coins are hidden until the end."""
        if self.phase == "over":
            return self.scores()
        result = []
        for s in range(self.players):
            sheet = self.score_sheet(s)
            result.append(float(sheet["total"] - (sheet["coins"] if s != seat else 0)))
        return result

    # -- words -----------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"
