"""Final scoring ("Final Scoring" in the rulebook) as pure functions of one seat's board."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from buccaneer.games.tortuga.components import BLUE, PURPLE, RED, WHITE, YELLOW


def count_sets(red: int, blue: int, yellow: int, wild: int) -> int:
    """The most disjoint {yellow, blue, red} sets, `wild` chests standing in for any colour.

    k sets are possible iff the wild chests cover every colour's shortfall below k.
    """
    best = 0
    k = 1
    while 3 * k <= red + blue + yellow + wild:
        shortfall = max(0, k - red) + max(0, k - blue) + max(0, k - yellow)
        if shortfall > wild:
            break
        best = k
        k += 1
    return best


def chest_points(chests: Sequence[int], each: int) -> int:
    """ "Purple treasure chests are worth twice the points in each area." """
    return sum(2 * each if c == PURPLE else each for c in chests)


def breakdown(
    *,
    tortuga: Sequence[int],
    fleet: Sequence[int],
    crew: Sequence[int],
    island: Sequence[int],
    fleet_box: int,
    crew_box: int,
    tiles: Sequence[int],
) -> dict[str, Any]:
    """Each line of the score sheet and the total."""
    board = [*tortuga, *fleet, *crew, *island]
    # "White chests in Tortuga are wildcards" (docs/rulings.md: only there); elsewhere not.
    sets = count_sets(
        board.count(RED), board.count(BLUE), board.count(YELLOW), list(tortuga).count(WHITE)
    )
    lines = {
        "tortuga": chest_points(tortuga, 3),
        "fleet": chest_points(fleet, 2),
        "crew": chest_points(crew, 1),
        "sets": 3 * sets,
        "tracks": fleet_box + crew_box,
        "coins": sum(tiles),
    }
    return {**lines, "set_count": sets, "total": sum(lines.values())}
