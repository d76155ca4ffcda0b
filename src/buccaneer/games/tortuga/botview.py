"""What one seat knows in Tortuga, typed for the heuristic bot (`State.bot_view`).

The bot decides thousands of times a second inside ISMCTS rollouts; reading the JSON view made
it build dicts of names (and two score sheets per seat) only to turn them back into numbers.
`build_bot_view(state, seat)` copies the same public fields, and the seat's own roll, straight
off the fields as ints and tuples. It holds nothing `view(seat)` does not show: the other seats'
coins, rolls during the hidden selection and looked-at tiles are left out (the twin walks in
tests/conformance compare it for twins that differ only in those).
"""

from __future__ import annotations

from typing import NamedTuple

from buccaneer.games.tortuga.components import BOARD, CAPACITY
from buccaneer.games.tortuga.fields import FREE, Fields


class SeatBotView(NamedTuple):
    """One seat's board as everyone sees it (colours and actions by index, components.py)."""

    fleet_box: int
    crew_box: int
    fleet_capacity: int
    crew_capacity: int
    island: tuple[int, ...]
    crew: tuple[int, ...]
    fleet: tuple[int, ...]
    tortuga: tuple[int, ...]
    bonus: tuple[int, ...]  # bonus points per action
    placed: tuple[int, ...]  # per die: the action it stands on, or -1
    dice_left: int
    treasure_tiles: int  # how many; their coins are the owner's secret


class Decision(NamedTuple):
    """The public question the engine waits on, as the bot reads it ("turn", "decide",
    "seize"; anything else bare): the dice to turn, the action and position deciding, or the
    attacked seat and its area ("fleet" or "crew")."""

    kind: str
    dice: tuple[int, ...] = ()
    action: int = -1
    position: int = 0
    target: int = -1
    area: str = ""


class BotView(NamedTuple):
    """Everything the Tortuga bot reads: equal for two states that `seat` cannot tell apart."""

    seat: int
    seats: tuple[SeatBotView, ...]
    my_roll: tuple[int, ...]  # per die: the face this seat rolled (5: skull), or -1
    start_player: int
    goal: int
    phase: str
    bag: tuple[int, ...]  # chests in the bag per colour
    center_island: tuple[int, ...]  # colours present on the center island
    treasure_tiles_left: int
    bonus_tiles_left: int
    decision: Decision | None


def _seat(state: Fields, s: int) -> SeatBotView:
    fleet_box, crew_box = state.fleet_box[s], state.crew_box[s]
    placed = state.placed[s]
    return SeatBotView(
        fleet_box,
        crew_box,
        CAPACITY[fleet_box],
        CAPACITY[crew_box],
        tuple(state.island[s]),
        tuple(state.crew[s]),
        tuple(state.fleet[s]),
        tuple(state.tortuga[s]),
        tuple(state.bonus[s]),
        tuple(placed),
        placed.count(FREE),
        len(state.tiles[s]),
    )


def _decision(state: Fields) -> Decision | None:
    if state.phase == "over" or state.selecting or not state.queue:
        return None
    item = state.queue[0]
    kind = item[0]
    if kind == "turn":
        return Decision(kind, dice=tuple(item[2]))
    if kind == "decide":
        return Decision(kind, action=item[2], position=item[3] + 1)
    if kind == "seize":
        return Decision(kind, target=item[2], area="fleet" if item[3] == BOARD else "crew")
    return Decision(kind)


def build_bot_view(state: Fields, seat: int) -> BotView:
    """What `seat` knows of `state` (see the module doc)."""
    state.check_seat(seat, spectator=False)
    return BotView(
        seat,
        tuple(_seat(state, s) for s in range(state.players)),
        tuple(state.roll[seat]),
        state.start,
        state.goal,
        state.phase,
        tuple(state.bag),
        tuple(c for c in range(5) if state.center[c]),
        sum(state.pool),
        state.bonus_left,
        _decision(state),
    )


__all__ = ["BotView", "Decision", "SeatBotView", "build_bot_view"]
