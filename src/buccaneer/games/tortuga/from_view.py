"""A Tortuga game rebuilt from one seat's view alone (`SPEC.from_view`).

A remote agent holds only the messages its seat receives; this turns the view in them back into
a full `TortugaState` it can search. Everything public is read off the view: the boards, the
placed dice, the bag and the center island, the bonus tiles, the phase and the engine's queue
(the view's `queue`, with the chests in transit from the `decision`). What the seat itself knows
comes from its own entry: its treasure tiles, the tiles it is looking at or mixed back, its roll
and its hidden selection. What it cannot know is dealt by `TortugaState.deal_hidden`, the very
code `determinize` uses, from a fresh chance stream: the others' tiles and the pool from the
tiles the seat has not seen, the others' hidden rolls and selections. So the world depends on
the view and the rng alone, and equals `state.determinize(seat, rng)` for the same rng.
"""

from __future__ import annotations

import random
from typing import Any

from buccaneer.core.rng import Rng
from buccaneer.games.tortuga.components import (
    ACTION_INDEX,
    ACTIONS,
    BOARD,
    COLOUR_INDEX,
    COLOURS,
    CREW,
    DIE_LETTERS,
    RAID,
    SKULL,
    TILE_COUNTS,
)
from buccaneer.games.tortuga.state import FREE, ISLAND, TortugaState

FACE_INDEX: dict[str, int] = {**ACTION_INDEX, "skull": SKULL}


def _colours(names: list[str]) -> list[int]:
    return [COLOUR_INDEX[name] for name in names]


def _dice(faces: dict[str, str | None] | None) -> list[int]:
    """A seat's dice (placed actions or rolled faces) by die, FREE where the view shows none."""
    if faces is None:
        return [FREE] * len(DIE_LETTERS)
    return [FREE if (f := faces[letter]) is None else FACE_INDEX[f] for letter in DIE_LETTERS]


def _letters(letters: list[str]) -> tuple[int, ...]:
    return tuple(DIE_LETTERS.index(letter) for letter in letters)


def queue_item(step: dict[str, Any]) -> tuple[Any, ...]:
    """The engine's queue entry for one step of the view's `queue` (`view.step_json`)."""
    kind: str = step["kind"]
    seat: int = step.get("seat", -1)
    if kind == "roll":
        return (kind, seat, step["mode"])
    if kind == "turn":
        return (kind, seat, _letters(step["dice"]))
    if kind == "action":
        return (kind, seat, ACTION_INDEX[step["action"]])
    if kind == "decide":
        return (kind, seat, ACTION_INDEX[step["action"]], step["position"] - 1)
    if kind == "seize":
        return (kind, seat, step["target"], BOARD if step["area"] == "fleet" else RAID)
    if kind == "surplus":
        return (kind, seat, ACTION_INDEX[step["action"]], tuple(step["seats"]))
    if kind == "place":
        item: tuple[Any, ...] = (kind, seat, CREW if step["source"] == "crew" else ISLAND)
        return (*item, "moving") if step["started"] else item
    # bonus, reroll, reselect, keep, claim, tortuga, end_round: a kind and a seat (or -1)
    return (kind, seat)


def from_view(view: dict[str, Any], rng: random.Random) -> TortugaState:
    """A full state consistent with `view` (a `state.view(seat)`, possibly through JSON),
    hidden information dealt as `determinize` deals it from `rng`. The result has no log and
    no replayable record: its past is not a real game."""
    seat: int | None = view["seat"]
    over: bool = view["over"]
    players: int = view["players"]
    # The same draws in the same order as `determinize`: the stream, the seed, then the deal.
    chance = Rng(rng.getrandbits(64))
    seed: int = view["seed"] if over else chance.next64() >> 1
    state = TortugaState.empty(players, seed, dict(view["options"]))
    state.rng = chance
    state.reset_records(replayable=False)
    state.start = view["start_player"]
    state.round = view["round"]
    state.phase = view["phase"]
    state.goal = view["goal"]
    selecting = []
    for s, entry in enumerate(view["seats"]):
        state.fleet_box[s] = entry["fleet_box"]
        state.crew_box[s] = entry["crew_box"]
        state.island[s] = _colours(entry["island"])
        state.crew[s] = _colours(entry["crew"])
        state.fleet[s] = _colours(entry["fleet"])
        state.tortuga[s] = _colours(entry["tortuga"])
        state.bonus[s] = [entry["bonus"][name] for name in ACTIONS]
        state.placed[s] = _dice(entry["dice"])
        # Hidden from this seat: a roll during the selection (rolled again by the deal).
        state.roll[s] = _dice(entry["roll"])
        # Tiles the seat cannot see are placeholders (0 coins) until the deal replaces them.
        coins = entry["coins"]
        state.tiles[s] = list(coins) if coins is not None else [0] * entry["treasure_tiles"]
        looking = entry["looking_at"]
        state.drawn[s] = list(looking) if isinstance(looking, list) else [0] * looking
        state.returned[s] = list(entry["returned_tiles"] or [])
        if entry["selecting"]:
            selecting.append(s)
            if entry["selection"] is not None:
                state.selection[s] = _letters(entry["selection"])
            elif entry["chosen"]:
                state.selection[s] = ()  # chosen, but not shown: redrawn by the deal
    # The seats of a simultaneous selection roll in turn order from the start player.
    state.selecting = [s for s in state.order() if s in selecting]
    state.bag = [view["bag_colours"][name] for name in COLOURS]
    state.center = [int(name in view["center_island"]) for name in COLOURS]
    state.bonus_left = view["bonus_tiles_left"]
    state.queue = [queue_item(step) for step in view["queue"]]
    state.action = -1 if view["action"] is None else ACTION_INDEX[view["action"]]
    state.first_target = -1 if view["first_target"] is None else view["first_target"]
    decision = view["decision"]
    if decision is not None and decision["kind"] == "place":
        state.moving = [decision["chests"].get(name, 0) for name in COLOURS]
    if over:
        # Every tile is shown at the end: the pool holds the rest.
        held = [t for s in range(players) for t in [*state.tiles[s], *state.drawn[s]]]
        state.pool = [TILE_COUNTS[c] - held.count(c + 1) for c in range(3)]
        state.final = list(view["winners"])
    else:
        state.deal_hidden(seat)
    if sum(state.pool) != view["treasure_tiles_left"] or min(state.pool) < 0:
        raise ValueError("view is inconsistent: the treasure tiles do not add up to 30")
    return state
