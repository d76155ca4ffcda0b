"""What must hold in every Tortuga state: 40 chests, 30 tiles, 20 bonus tiles, 5 dice each."""

from __future__ import annotations

from buccaneer.core.state import State
from buccaneer.games.tortuga.components import (
    BOARD,
    BONUS_TILES,
    CAPACITY,
    CHESTS,
    DICE,
    RAID,
    TILE_COUNTS,
    TRACK_MAX,
    TRACK_MIN,
)
from buccaneer.games.tortuga.state import TortugaState


def invariants(state: State) -> list[str]:
    assert isinstance(state, TortugaState)
    problems: list[str] = []
    for colour, count in enumerate(CHESTS):
        total = state.bag[colour] + state.center[colour] + state.moving[colour]
        for areas in (state.island, state.crew, state.fleet, state.tortuga):
            total += sum(area.count(colour) for area in areas)
        if total != count:
            problems.append(f"{total} chests of colour {colour} instead of {count}")
    if any(c not in (0, 1) for c in state.center):
        problems.append(f"center island holds more than one chest of a colour: {state.center}")
    for coins, count in enumerate(TILE_COUNTS, start=1):
        total = state.pool[coins - 1] + sum(t.count(coins) for t in [*state.tiles, *state.drawn])
        if total != count:
            problems.append(f"{total} treasure tiles of {coins} instead of {count}")
    used = sum(1 for b in state.bonus for v in b if v)
    if used + state.bonus_left != BONUS_TILES:
        problems.append(f"{used} bonus tiles placed and {state.bonus_left} left")
    busy = state.phase == "chests" and state.queue and state.queue[0][0] == "place"
    for seat in range(state.players):
        for box in (state.fleet_box[seat], state.crew_box[seat]):
            if not TRACK_MIN <= box <= TRACK_MAX:
                problems.append(f"seat {seat} token on box {box}")
        if any(v not in (0, 1, 2) for v in state.bonus[seat]):
            problems.append(f"seat {seat} bonus tiles {state.bonus[seat]}")
        if len(state.placed[seat]) != DICE:
            problems.append(f"seat {seat} has {len(state.placed[seat])} dice")
        limits = (
            (state.fleet[seat], CAPACITY[state.fleet_box[seat]], "fleet"),
            (state.crew[seat], CAPACITY[state.crew_box[seat]], "crew"),
        )
        if state.phase != "actions" and not busy:
            for area, cap, label in limits:
                if len(area) > cap:
                    problems.append(f"seat {seat} {label} area holds {len(area)} > {cap}")
        for action, cap in (
            (BOARD, CAPACITY[state.fleet_box[seat]]),
            (RAID, CAPACITY[state.crew_box[seat]]),
        ):
            if state.phase == "roll" and state.placed[seat].count(action) > cap:
                problems.append(f"seat {seat} has too many dice on action {action}")
    return problems
