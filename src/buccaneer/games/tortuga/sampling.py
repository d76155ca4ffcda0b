"""Worlds a seat cannot tell from the real one: `determinize` (from the state) and `from_view`
(from one seat's view alone, `SPEC.from_view`), both dealt by `deal_hidden`.

A remote agent holds only the messages its seat receives; this turns the view in them back into
a full `TortugaState` it can search. Everything public is read off the view: the boards, the
placed dice, the bag and the center island, the bonus tiles, the phase and the engine's queue
(the view's `queue`, with the chests in transit from the `decision`). What the seat itself knows
comes from its own entry: its treasure tiles, the tiles it is looking at or mixed back, its roll
and its hidden selection. What it cannot know is dealt by `deal_hidden`, the very code
`determinize` uses, from a fresh chance stream: the others' tiles and the pool from the
tiles the seat has not seen, the others' hidden rolls and selections. So the world depends on
the view and the rng alone, and equals `state.determinize(seat, rng)` for the same rng.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

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
from buccaneer.games.tortuga.fields import FREE
from buccaneer.games.tortuga.rules import ISLAND, Rules

FACE_INDEX: dict[str, int] = {**ACTION_INDEX, "skull": SKULL}
# The state class a world is made of (`TortugaState`, which sits above this module).
S = TypeVar("S", bound=Rules)


def determinize(state: S, seat: int | None, rng: random.Random) -> S:
    """A world consistent with `view(seat)`: hidden treasure tiles (others' and the pool)
    dealt uniformly from the tiles `seat` has not seen, others' hidden rolls re-rolled and
    their hidden selections redrawn uniformly among the legal ones, a fresh chance stream.
    A hunter being asked which tile to keep gets any two unseen tiles, equal or not (it is
    asked either way). Others' memories of tiles they returned are dropped; the log starts
    empty."""
    state.check_seat(seat)
    world = state.clone()
    chance = Rng(rng.getrandbits(64))
    world.rng = chance
    world.reset_records(replayable=False)
    if state.phase == "over":
        return world
    world.seed = chance.next64() >> 1
    deal_hidden(world, seat)
    return world


def deal_hidden(state: Rules, seat: int | None) -> None:
    """Deal, from the state's own chance stream, everything `seat` cannot see: the others'
    treasure tiles and the tiles they look at (from the tiles `seat` has not seen, keeping how
    many each holds), the pool (the rest), the others' hidden rolls and, for those who have
    chosen, their selections (uniform among the legal ones). The others' memories of tiles they
    returned are dropped.

    Only the number of tiles and whether a selection was made are read from the other seats,
    so `determinize` (on a clone of the real state) and `from_view` (on a state built from the
    view, with placeholders there) deal the same world for the same stream."""
    chance = state.rng
    others = [s for s in range(state.players) if s != seat]
    unseen = list(TILE_COUNTS)
    if seat is not None:
        for coins in [*state.tiles[seat], *state.drawn[seat]]:
            unseen[coins - 1] -= 1
    tiles = [c + 1 for c in range(3) for _ in range(unseen[c])]
    chance.shuffle(tiles)
    for s in others:
        state.tiles[s] = [tiles.pop() for _ in state.tiles[s]]
        state.drawn[s] = [tiles.pop() for _ in state.drawn[s]]
        state.returned[s] = []
    state.pool = [tiles.count(c + 1) for c in range(3)]
    for s in others:
        if s in state.selecting:
            state.roll_dice(s)
            if state.selection[s] is not None:
                choices = state.selections(s)
                state.selection[s] = choices[chance.below(len(choices))].dice


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


def from_view(cls: type[S], view: dict[str, Any], rng: random.Random) -> S:
    """A full state of class `cls` consistent with `view` (a `state.view(seat)`, possibly
    through JSON), hidden information dealt as `determinize` deals it from `rng`. The result
    has no log and no replayable record: its past is not a real game. (`TortugaState.from_view`
    passes its own class: this module sits below state.py.)"""
    seat: int | None = view["seat"]
    over: bool = view["over"]
    players: int = view["players"]
    # The same draws in the same order as `determinize`: the stream, the seed, then the deal.
    chance = Rng(rng.getrandbits(64))
    seed: int = view["seed"] if over else chance.next64() >> 1
    state = cls.empty(players, seed, dict(view["options"]))
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
        deal_hidden(state, seat)
    if sum(state.pool) != view["treasure_tiles_left"] or min(state.pool) < 0:
        raise ValueError("view is inconsistent: the treasure tiles do not add up to 30")
    return state


__all__ = ["deal_hidden", "determinize", "from_view", "queue_item"]
