"""Tortuga for learning agents: fixed action ids and a fixed-shape observation (core/codec.py).

Action ids (P = players; the same ids for every seat at the table):

| ids          | action                                                                  |
|--------------|-------------------------------------------------------------------------|
| 0..31        | `Select(dice)`, id = bit mask of the dice (A 1, B 2, C 4, D 8, E 16)    |
| 32..36       | `Turn(action)`: fleet, crew, hunt, board, raid                          |
| 37..41       | `Bonus(space)`: fleet, crew, hunt, board, raid                          |
| 42           | `Perform()`                                                             |
| 43           | `Forfeit()`                                                             |
| 44..43+P     | `Attack(target)`, absolute target seat 0..P-1                           |
| 44+P..46+P   | `Keep(coins)`, coins 1..3                                               |
| 47+P..50+P   | `Seize(index)`, index 0..3                                              |
| 51+P..55+P   | `Claim(colour)`: red, blue, yellow, white, purple                       |
| 56+P..60+P   | `Place(colour)`: red, blue, yellow, white, purple                       |

Id 0 is the empty selection (offered only when no rolled die can be placed): 63, 64 and 65
actions for 2, 3 and 4 players. `Seize` only ever names a chest of a fleet or crew area, which
never holds more than `max(CAPACITY)` = 4 chests: areas fill only up to their token's capacity,
and after an attack pushes a token back the chest is seized before the surplus goes. Hence
indices 0..3, not the 0..39 the JSON parser accepts. Attack targets are absolute seats, since an
id cannot depend on who acts; the observation therefore includes the observer's absolute seat.

Observation: built from `view(seat)` alone. Per-seat fields are rotated so that the observer
comes first, then the others clockwise (relative seat r = (seat - observer) mod P); seat
references (start player, whose move, targets) are relative the same way. A spectator view
(`seat` None) is encoded from seat 0's angle with no seat of its own. Every value is in [0, 1]:
counts are divided by their true maxima (chests of a colour by how many the game has, treasure
tiles by how many of that value exist), categories are one-hot, and the two unbounded numbers
are handled as noted (`round` saturates at round 20; scores are divided by the largest score the
components allow).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

from buccaneer.core.codec import Codec, Field, Writer
from buccaneer.games.tortuga.actions import (
    FORFEIT,
    PERFORM,
    Attack,
    Bonus,
    Claim,
    Keep,
    Place,
    Seize,
    Select,
    Turn,
)
from buccaneer.games.tortuga.actions import Action as TortugaAction
from buccaneer.games.tortuga.components import (
    ACTIONS,
    BONUS_TILES,
    CAPACITY,
    CHESTS,
    COLOURS,
    DICE,
    DIE_LETTERS,
    PURPLE,
    TILE_COUNTS,
    TORTUGA_GOAL_LONG,
    TRACK_MAX,
    TRACK_MIN,
    die_number,
)

SLOTS = max(CAPACITY)  # chests a fleet or crew area can hold, and so the Seize indices
BOXES = TRACK_MAX - TRACK_MIN + 1
PHASES = ("roll", "actions", "chests", "over")
DECISIONS = ("select", "bonus", "turn", "reselect", "decide", "keep", "seize", "claim", "place")
FACES = (*ACTIONS, "skull")
TILES = sum(TILE_COUNTS)
ROUND_CAP = 20  # `round` has no upper bound in the rules; the feature saturates here
# The best total on one action: all five dice (1 + 2 + 3 + 4 + 5 on any action, docs/rulings.md's
# Latin square) plus a "2" bonus tile.
MAX_TOTAL = sum(die_number(d, 0) for d in range(DICE)) + 2
# A bound on any score (rules_scoring.py): every chest in Tortuga (3 each, purple 6), as many
# {red, blue, yellow} sets as red, blue, yellow and white chests make (3 each), both tokens on
# the last box, and every treasure tile.
MAX_SCORE = (
    3 * sum(CHESTS)
    + 3 * CHESTS[PURPLE]
    + 3 * (sum(CHESTS[:PURPLE]) // 3)
    + 2 * TRACK_MAX
    + sum((value + 1) * n for value, n in enumerate(TILE_COUNTS))
)


def _one_hot(size: int, index: int) -> tuple[float, ...]:
    return tuple(1.0 if i == index else 0.0 for i in range(size))


_ZERO5 = (0.0,) * 5
_COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}
_ACTION_INDEX = {name: i for i, name in enumerate(ACTIONS)}
_COLOUR_ROW = {name: _one_hot(5, i) for i, name in enumerate(COLOURS)}
_ACTION_ROW: dict[str | None, tuple[float, ...]] = {
    name: _one_hot(5, i) for i, name in enumerate(ACTIONS)
}
_ACTION_ROW[None] = _ZERO5
_FACE_ROW: dict[str | None, tuple[float, ...]] = {
    name: _one_hot(len(FACES), i) for i, name in enumerate(FACES)
}
_FACE_ROW[None] = (0.0,) * len(FACES)
_NO_ROLL = (0.0,) * (len(FACES) * DICE)
_BOX_ROW = {box: _one_hot(BOXES, box - TRACK_MIN) for box in range(TRACK_MIN, TRACK_MAX + 1)}
_PER_CHEST = tuple(1.0 / n for n in CHESTS)
_CHEST_WEIGHTS = tuple(zip(COLOURS, _PER_CHEST, strict=True))
_PER_TILE = tuple(1.0 / n for n in TILE_COUNTS)
_DIE_INDEX = {letter: d for d, letter in enumerate(DIE_LETTERS)}
_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
_DECISION_INDEX = {name: i for i, name in enumerate(DECISIONS)}
# The rows of every fleet or crew area (up to SLOTS chests: 781 of them), built once.
_AREA_ROWS: dict[tuple[str, ...], tuple[float, ...]] = {
    area: tuple(x for name in area for x in _COLOUR_ROW[name]) + _ZERO5 * (SLOTS - len(area))
    for n in range(SLOTS + 1)
    for area in product(COLOURS, repeat=n)
}
_BONUS_ROWS: dict[tuple[int, ...], tuple[float, ...]] = {
    tiles: tuple(x for v in tiles for x in ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0))[v])
    for tiles in product(range(3), repeat=5)
}
# Filled as met (at most 6^5 placements and 7^5 rolls): per die the placed action's one-hot
# row plus the dice numbers summed per action, and per die the rolled face's one-hot row.
_DICE_ROWS: dict[tuple[str | None, ...], tuple[tuple[float, ...], tuple[int, ...]]] = {}
_ROLL_ROWS: dict[tuple[str | None, ...], tuple[float, ...]] = {}


def _dice_row(placed: tuple[str | None, ...]) -> tuple[tuple[float, ...], tuple[int, ...]]:
    found = _DICE_ROWS.get(placed)
    if found is None:
        sums = [0] * 5
        for d, action in enumerate(placed):
            if action is not None:
                a = _ACTION_INDEX[action]
                sums[a] += die_number(d, a)
        row = tuple(x for action in placed for x in _ACTION_ROW[action])
        found = _DICE_ROWS[placed] = (row, tuple(sums))
    return found


def _roll_row(faces: tuple[str | None, ...]) -> tuple[float, ...]:
    found = _ROLL_ROWS.get(faces)
    if found is None:
        found = _ROLL_ROWS[faces] = tuple(x for face in faces for x in _FACE_ROW[face])
    return found


def action_space(players: int) -> tuple[TortugaAction, ...]:
    """Every action a seat can be offered at a table of `players`, in id order."""
    selects = [Select(tuple(d for d in range(DICE) if mask >> d & 1)) for mask in range(1 << DICE)]
    return (
        *selects,
        *(Turn(a) for a in range(5)),
        *(Bonus(a) for a in range(5)),
        PERFORM,
        FORFEIT,
        *(Attack(t) for t in range(players)),
        *(Keep(c) for c in range(1, len(TILE_COUNTS) + 1)),
        *(Seize(i) for i in range(SLOTS)),
        *(Claim(c) for c in range(len(COLOURS))),
        *(Place(c) for c in range(len(COLOURS))),
    )


def observation_layout(players: int) -> tuple[Field, ...]:
    p = players
    return (
        # -- the table ---------------------------------------------------------------------
        Field("seat", p, "observer's absolute seat, one-hot (attack ids name absolute seats)"),
        Field("long_game", 1, "1 if the game ends at 8 chests in Tortuga (long variant), 0 at 6"),
        Field("round", 1, f"round number / {ROUND_CAP}, saturating"),
        Field("phase", len(PHASES), "phase one-hot: roll, actions, chests, over"),
        Field("over", 1, "1 once the game is over"),
        Field("start_player", p, "start player token, relative seat one-hot"),
        Field("to_move", p, "seats whose decision is awaited, relative seats"),
        Field(
            "decision",
            len(DECISIONS),
            "pending decision one-hot: select, bonus, turn, reselect, decide, keep, seize, "
            "claim, place",
        ),
        Field("decision_position", 2, "decide: 1st or 2nd position on the action, one-hot"),
        Field("decision_dice", DICE, "turn: the skull dice A-E being turned"),
        Field("decision_target", p, "seize: the seat being robbed, relative seat one-hot"),
        Field("moving_from", 2, "place: chests come from crew (to fleet) or island (to crew)"),
        Field("moving_chests", 5, "place: chests still to place by colour / colour total"),
        Field("action", 5, "action being resolved in phase 2, one-hot fleet..raid"),
        Field("first_target", p, "seat the 1st position attacked in this action, relative"),
        Field("center_island", 5, "chest of each colour on the center island"),
        Field("bag", 5, "chests in the bag by colour / colour total"),
        Field("treasure_tiles_left", 1, f"treasure tiles in the pool / {TILES}"),
        Field("bonus_tiles_left", 1, f"bonus tiles left / {BONUS_TILES}"),
        # -- the observer's private knowledge ----------------------------------------------
        Field("own_selection", DICE, "observer's hidden selection: dice A-E chosen"),
        Field("own_looking_at", 3, "treasure tiles the observer is choosing from, by value / 2"),
        # -- every seat, observer first ----------------------------------------------------
        Field("fleet_box", BOXES * p, "per seat: boat token box 1-8, one-hot"),
        Field("crew_box", BOXES * p, "per seat: pirate token box 1-8, one-hot"),
        Field("fleet", SLOTS * 5 * p, "per seat: fleet area spaces left to right, colour one-hot"),
        Field("crew", SLOTS * 5 * p, "per seat: crew area spaces left to right, colour one-hot"),
        Field("island", 5 * p, "per seat: island chests by colour / colour total"),
        Field("tortuga", 5 * p, "per seat: Tortuga chests by colour / colour total"),
        Field("tortuga_goal", p, "per seat: chests in Tortuga / goal, capped at 1"),
        Field("bonus", 2 * 5 * p, "per seat and action: bonus tile there, and it shows 2"),
        Field("dice", DICE * 5 * p, "per seat and die A-E: action it is placed on, one-hot"),
        Field("totals", 5 * p, f"per seat and action: dice numbers + bonus / {MAX_TOTAL}"),
        Field("roll", DICE * len(FACES) * p, "per seat and die A-E: visible rolled face, one-hot"),
        Field("selecting", p, "per seat: in the current hidden selection"),
        Field("chosen", p, "per seat: has chosen in the current hidden selection"),
        Field("treasure_tiles", p, f"per seat: treasure tiles held / {TILES}"),
        Field("coins", 3 * p, "per seat: tiles of value 1, 2, 3 / their count, where known"),
        Field("looking_at", p, "per seat: treasure tiles being chosen from / 2"),
        Field("scores", p, f"per seat: score as the observer can count it / {MAX_SCORE}"),
        Field("winners", p, "per seat: 1 if a winner (once over)"),
    )


class TortugaCodec(Codec):
    """Tortuga's action ids and observation vector for `players` seats (module docstring)."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(
            "tortuga", players, options, action_space(players), observation_layout(players)
        )
        # Seats in observation order for each observer (None = spectator, seat 0's angle).
        self._orders: dict[int | None, tuple[int, ...]] = {
            me: tuple((me + i) % players for i in range(players)) for me in range(players)
        }
        self._orders[None] = self._orders[0]
        self._seat_rows: dict[int | None, tuple[float, ...]] = {
            me: _one_hot(players, me) for me in range(players)
        }
        self._seat_rows[None] = (0.0,) * players

    def encode(self, view: Mapping[str, Any], writer: Writer) -> None:
        p = self.players
        me: int | None = view["seat"]
        base = 0 if me is None else me
        order = self._orders[me]

        def rel(seat: int | None) -> int | None:
            return None if seat is None else (seat - base) % p

        writer.put("seat", self._seat_rows[me])
        writer.scalar("long_game", 1.0 if view["goal"] >= TORTUGA_GOAL_LONG else 0.0)
        writer.scalar("round", min(view["round"], ROUND_CAP) / ROUND_CAP)
        writer.one_hot("phase", _PHASE_INDEX.get(view["phase"]), len(PHASES))
        writer.scalar("over", 1.0 if view["over"] else 0.0)
        writer.one_hot("start_player", rel(view["start_player"]), p)
        to_move = [0.0] * p
        for seat in view["to_move"]:
            to_move[(seat - base) % p] = 1.0
        writer.put("to_move", to_move)

        # The pending decision. Left out as already encoded: `seat`/`seats` (`to_move`), a
        # decide's `action` (`action` below), a seize's `area` (board: fleet, raid: crew) and a
        # place's `destination` (crew: fleet, island: crew).
        decision: Mapping[str, Any] = view["decision"] or {}
        kind: str = decision.get("kind", "")
        writer.one_hot("decision", _DECISION_INDEX.get(kind, -1), len(DECISIONS))
        writer.one_hot(
            "decision_position", decision["position"] - 1 if kind == "decide" else None, 2
        )
        turning = [0.0] * DICE
        if kind == "turn":
            for letter in decision["dice"]:
                turning[_DIE_INDEX[letter]] = 1.0
        writer.put("decision_dice", turning)
        writer.one_hot("decision_target", rel(decision["target"]) if kind == "seize" else None, p)
        moving = [0.0] * 5
        if kind == "place":
            writer.one_hot("moving_from", 0 if decision["source"] == "crew" else 1, 2)
            for name, n in decision["chests"].items():
                colour = _COLOUR_INDEX[name]
                moving[colour] = n * _PER_CHEST[colour]
        else:
            writer.one_hot("moving_from", None, 2)
        writer.put("moving_chests", moving)

        writer.one_hot("action", _ACTION_INDEX.get(view["action"], -1), 5)
        writer.one_hot("first_target", rel(view["first_target"]), p)
        center = [0.0] * 5
        for name in view["center_island"]:
            center[_COLOUR_INDEX[name]] = 1.0
        writer.put("center_island", center)
        bag = view["bag_colours"]  # the total `bag` is their sum
        writer.put("bag", [bag[name] * _PER_CHEST[c] for c, name in enumerate(COLOURS)])
        writer.scalar("treasure_tiles_left", view["treasure_tiles_left"] / TILES)
        writer.scalar("bonus_tiles_left", view["bonus_tiles_left"] / BONUS_TILES)

        seats = view["seats"]
        own = seats[me] if me is not None else None
        selection = [0.0] * DICE
        looking = [0.0, 0.0, 0.0]
        if own is not None:
            for letter in own["selection"] or ():
                selection[_DIE_INDEX[letter]] = 1.0
            for value in own["looking_at"]:
                looking[value - 1] += 0.5
        writer.put("own_selection", selection)
        writer.put("own_looking_at", looking)

        # Left out per seat: `name` (and `seat_names`), `fleet_capacity`/`crew_capacity` and
        # `dice_left` (functions of the boxes and dice encoded here), `score` (the end-of-game
        # sheet; its total is `scores`), and `returned_tiles`: a tile the seat saw and put back
        # is mixed in with every other tile it has not got, so it tells nothing about the pool
        # or the others' tiles that its own coins do not already tell (determinize ignores it
        # too).
        goal = view["goal"]
        scores = view["scores"]
        winners = set(view["winners"])
        fleet_box: list[float] = []
        crew_box: list[float] = []
        fleet: list[float] = []
        crew: list[float] = []
        island: list[float] = []
        tortuga: list[float] = []
        progress: list[float] = []
        bonus: list[float] = []
        dice: list[float] = []
        totals: list[float] = []
        roll: list[float] = []
        selecting: list[float] = []
        chosen: list[float] = []
        tiles: list[float] = []
        coins: list[float] = []
        looking_at: list[float] = []
        score: list[float] = []
        won: list[float] = []
        for s in order:
            entry = seats[s]
            fleet_box += _BOX_ROW[entry["fleet_box"]]
            crew_box += _BOX_ROW[entry["crew_box"]]
            # An area never holds more than SLOTS chests (module docstring).
            fleet += _AREA_ROWS[tuple(entry["fleet"][:SLOTS])]
            crew += _AREA_ROWS[tuple(entry["crew"][:SLOTS])]
            chests = entry["island"]
            island += [chests.count(name) * w for name, w in _CHEST_WEIGHTS]
            chests = entry["tortuga"]
            tortuga += [chests.count(name) * w for name, w in _CHEST_WEIGHTS]
            progress.append(min(len(chests), goal) / goal)
            b = entry["bonus"]
            tiles_on = (b["fleet"], b["crew"], b["hunt"], b["board"], b["raid"])
            bonus += _BONUS_ROWS[tiles_on]
            placed = entry["dice"]  # keys A..E
            row, sums = _dice_row((placed["A"], placed["B"], placed["C"], placed["D"], placed["E"]))
            dice += row
            totals += [
                (n + t) / MAX_TOTAL if n else 0.0 for n, t in zip(sums, tiles_on, strict=True)
            ]
            faces = entry["roll"]
            if faces is None:
                roll += _NO_ROLL
            else:
                roll += _roll_row((faces["A"], faces["B"], faces["C"], faces["D"], faces["E"]))
            selecting.append(1.0 if entry["selecting"] else 0.0)
            chosen.append(1.0 if entry["chosen"] else 0.0)
            tiles.append(entry["treasure_tiles"] / TILES)
            held = entry["coins"]
            if held is None:
                coins += (0.0, 0.0, 0.0)
            else:
                counts = [0, 0, 0]
                for value in held:
                    counts[value - 1] += 1
                coins += [n * w for n, w in zip(counts, _PER_TILE, strict=True)]
            seen = entry["looking_at"]
            looking_at.append((seen if isinstance(seen, int) else len(seen)) / 2)
            score.append(scores[s] / MAX_SCORE)
            won.append(1.0 if s in winners else 0.0)
        writer.put("fleet_box", fleet_box)
        writer.put("crew_box", crew_box)
        writer.put("fleet", fleet)
        writer.put("crew", crew)
        writer.put("island", island)
        writer.put("tortuga", tortuga)
        writer.put("tortuga_goal", progress)
        writer.put("bonus", bonus)
        writer.put("dice", dice)
        writer.put("totals", totals)
        writer.put("roll", roll)
        writer.put("selecting", selecting)
        writer.put("chosen", chosen)
        writer.put("treasure_tiles", tiles)
        writer.put("coins", coins)
        writer.put("looking_at", looking_at)
        writer.put("scores", score)
        writer.put("winners", won)
        # Top-level keys left out: `game`, `players`, `options` (long_game is `goal`; the
        # option start_player only names the first round's start player, `start_player` is
        # the current one), `dice_per_seat` (constants of the codec), `seed` (null until the
        # end, and meaningless for play), `bag` (the sum of `bag_colours`).


__all__ = ["MAX_SCORE", "SLOTS", "TortugaCodec", "action_space", "observation_layout"]
