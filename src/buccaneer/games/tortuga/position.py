"""Set up a Tortuga position directly (rulebook examples, puzzles, analysis).

Chests and treasure tiles not placed anywhere are in the bag and the pool. The game is put at
the start of a phase: "roll" (seats with dice left roll, or show the given `rolls`), "actions"
(optionally from a later action) or "chests" (optionally after the draw from the bag).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from buccaneer.core.errors import OptionError
from buccaneer.core.options import validate_options
from buccaneer.games.tortuga.components import (
    ACTION_INDEX,
    ACTIONS,
    BONUS_TILES,
    CHESTS,
    COLOUR_INDEX,
    DIE_LETTERS,
    SKULL,
    TILE_COUNTS,
)
from buccaneer.games.tortuga.fields import FREE
from buccaneer.games.tortuga.options import OPTIONS
from buccaneer.games.tortuga.state import TortugaState

AREAS = ("island", "crew", "fleet", "tortuga")


def _colours(names: Sequence[str], where: str) -> list[int]:
    bad = [n for n in names if n not in COLOUR_INDEX]
    if bad:
        raise OptionError(f"{where}: unknown chest colour(s) {', '.join(bad)}")
    return [COLOUR_INDEX[n] for n in names]


def position(
    players: int,
    *,
    seats: Mapping[int, Mapping[str, Any]],
    phase: str = "actions",
    start: int = 0,
    center: Sequence[str] = (),
    rolls: Mapping[int, Mapping[str, str]] | None = None,
    from_action: str = "fleet",
    draw_chests: bool = True,
    long_game: bool = False,
    seed: int = 0,
) -> TortugaState:
    """A state with each seat's board as given in `seats[seat]`: `fleet_box`, `crew_box`,
    `island`, `crew`, `fleet`, `tortuga` (colour names), `bonus` ({action: 1|2}), `coins`
    (treasure tiles) and `dice` ({letter: action} for placed dice). `rolls[seat]` fixes a
    rolling seat's faces ({letter: action or "skull"})."""
    if not 2 <= players <= 4:
        raise OptionError(f"tortuga is for 2-4 players, not {players}")
    options = validate_options("tortuga", OPTIONS, {"long_game": long_game, "start_player": start})
    state = TortugaState.empty(players, seed, options)
    for seat, board in seats.items():
        unknown = set(board) - {*AREAS, "fleet_box", "crew_box", "bonus", "coins", "dice"}
        if unknown:
            raise OptionError(f"seat {seat}: unknown field(s) {', '.join(sorted(unknown))}")
        for area in AREAS:
            getattr(state, area)[seat] = _colours(board.get(area, ()), f"seat {seat} {area}")
        state.fleet_box[seat] = board.get("fleet_box", state.fleet_box[seat])
        state.crew_box[seat] = board.get("crew_box", state.crew_box[seat])
        for action, value in board.get("bonus", {}).items():
            state.bonus[seat][ACTION_INDEX[action]] = value
        state.tiles[seat] = list(board.get("coins", ()))
        for letter, action in board.get("dice", {}).items():
            state.placed[seat][DIE_LETTERS.index(letter)] = ACTION_INDEX[action]
    for colour in _colours(center, "center"):
        state.center[colour] = 1
    for colour in range(5):
        on_table = state.center[colour] + sum(
            area.count(colour) for name in AREAS for area in getattr(state, name)
        )
        state.bag[colour] = CHESTS[colour] - on_table
        if state.bag[colour] < 0:
            raise OptionError(f"more than {CHESTS[colour]} chests of one colour placed")
    for coins in range(1, 4):
        state.pool[coins - 1] = TILE_COUNTS[coins - 1] - sum(t.count(coins) for t in state.tiles)
    state.bonus_left = BONUS_TILES - sum(1 for b in state.bonus for v in b if v)
    state.reset_records(replayable=False)
    state.note("round", state.round, state.start)
    if phase == "roll":
        state.phase = "roll"
        state.queue.append(("roll", -1, "go"))
        state.advance()
        for seat, faces in (rolls or {}).items():
            if seat not in state.selecting:
                raise OptionError(f"seat {seat} has no dice left to roll")
            roll = [FREE] * 5
            for letter, face in faces.items():
                die = DIE_LETTERS.index(letter)
                if state.placed[seat][die] != FREE:
                    raise OptionError(f"die {letter} of seat {seat} is already placed")
                roll[die] = SKULL if face == "skull" else ACTION_INDEX[face]
            if any((roll[d] == FREE) != (state.placed[seat][d] != FREE) for d in range(5)):
                raise OptionError(f"seat {seat}: give a face for every die not yet placed")
            state.set_roll(seat, roll)
    elif phase == "actions":
        state.phase = "actions"
        first = ACTIONS.index(from_action)
        state.queue.extend(("action", -1, a) for a in range(first, 5))
        state.advance()
    elif phase == "chests":
        state.begin_chests(draw=draw_chests)
        state.advance()
    else:
        raise OptionError(f"phase must be roll, actions or chests, not {phase!r}")
    return state
