"""What a seat knows in Tortuga, as a JSON-able dict (docs/architecture.md, "Views").

Hidden from others until the rules reveal them: a seat's roll and selection during the hidden
selection, its treasure tiles' coins (until the end), the two tiles it looks at while hunting,
and the tiles it mixed back. Everything else on the table is public.
"""

from __future__ import annotations

from typing import Any

from buccaneer.games.tortuga.components import (
    ACTIONS,
    BOARD,
    CAPACITY,
    COLOURS,
    CREW,
    DICE,
    DIE_LETTERS,
)
from buccaneer.games.tortuga.fields import Fields


def _chests(chests: list[int]) -> list[str]:
    return [COLOURS[c] for c in chests]


def _dice(values: list[int], names: tuple[str, ...]) -> dict[str, str | None]:
    return {DIE_LETTERS[d]: (names[v] if v >= 0 else None) for d, v in enumerate(values)}


FACE_NAMES = (*ACTIONS, "skull")


def _decision(state: Fields) -> dict[str, Any] | None:
    """The public description of what the engine waits for."""
    if state.phase == "over":
        return None
    if state.selecting:
        return {"kind": "select", "seats": list(state.to_move())}
    item = state.queue[0]
    kind, seat = item[0], item[1]
    decision: dict[str, Any] = {"kind": kind, "seat": seat}
    if kind == "turn":
        decision["dice"] = [DIE_LETTERS[d] for d in item[2]]
    elif kind == "decide":
        decision.update(action=ACTIONS[item[2]], position=item[3] + 1)
    elif kind == "seize":
        decision.update(target=item[2], area="fleet" if item[3] == 3 else "crew")
    elif kind == "place":
        decision.update(
            source="crew" if item[2] == 1 else "island",
            destination="fleet" if item[2] == 1 else "crew",
            chests={COLOURS[c]: n for c, n in enumerate(state.moving) if n},
        )
    return decision


def step_json(item: tuple[Any, ...]) -> dict[str, Any]:
    """One step of the engine's queue (rules.py), as the view's `queue` lists it.

    The queue is the engine's agenda: decisions waiting for a seat and automatic steps (a roll,
    the next action, depositing surplus chests, the end of the round). Every entry follows from
    public events and the rules (who re-rolls and whose skulls wait to be turned is shown at the
    reveal, who keeps a tile from the public count of tiles drawn), so every seat knows it;
    without it a seat could not tell, say, that another seat's skulls are still to be turned
    after its own. `from_view` rebuilds the queue from these entries. A "place" step that has
    picked its chests up ("started") is always the first, and its chests are the decision's.
    """
    kind = item[0]
    step: dict[str, Any] = {"kind": kind}
    if item[1] >= 0:
        step["seat"] = item[1]
    if kind == "roll":
        step["mode"] = item[2]
    elif kind == "turn":
        step["dice"] = [DIE_LETTERS[d] for d in item[2]]
    elif kind == "action":
        step["action"] = ACTIONS[item[2]]
    elif kind == "decide":
        step.update(action=ACTIONS[item[2]], position=item[3] + 1)
    elif kind == "seize":
        step.update(target=item[2], area="fleet" if item[3] == BOARD else "crew")
    elif kind == "surplus":
        step.update(action=ACTIONS[item[2]], seats=list(item[3]))
    elif kind == "place":
        step.update(
            source="crew" if item[2] == CREW else "island",
            destination="fleet" if item[2] == CREW else "crew",
            started=len(item) > 3,
        )
    return step


def build_view(state: Fields, seat: int | None) -> dict[str, Any]:
    view = state.base_view(seat)
    over = state.phase == "over"
    view["scores"] = state.public_scores(seat)
    seats = []
    for s in range(state.players):
        own = s == seat
        hidden_roll = s in state.selecting
        entry: dict[str, Any] = {
            "name": state.name(s),
            "fleet_box": state.fleet_box[s],
            "crew_box": state.crew_box[s],
            "fleet_capacity": CAPACITY[state.fleet_box[s]],
            "crew_capacity": CAPACITY[state.crew_box[s]],
            "island": _chests(state.island[s]),
            "crew": _chests(state.crew[s]),
            "fleet": _chests(state.fleet[s]),
            "tortuga": _chests(state.tortuga[s]),
            "bonus": dict(zip(ACTIONS, state.bonus[s], strict=True)),
            "dice": _dice(state.placed[s], ACTIONS),
            "dice_left": state.placed[s].count(-1),
            "treasure_tiles": len(state.tiles[s]),
            "coins": list(state.tiles[s]) if own or over else None,
            "returned_tiles": list(state.returned[s]) if own or over else None,
            "looking_at": list(state.drawn[s]) if own or over else len(state.drawn[s]),
            # During the hidden selection only the seat itself sees its roll and choice.
            "roll": (
                _dice(state.roll[s], FACE_NAMES)
                if (own or not hidden_roll) and any(v >= 0 for v in state.roll[s])
                else None
            ),
            "selecting": hidden_roll,
            "chosen": hidden_roll and state.selection[s] is not None,
            "selection": (
                [DIE_LETTERS[d] for d in sel]
                if own and (sel := state.selection[s]) is not None
                else None
            ),
        }
        if over:
            entry["score"] = state.score_sheet(s)
        seats.append(entry)
    view.update(
        {
            "seats": seats,
            "seat_names": [state.name(s) for s in range(state.players)],
            "center_island": [COLOURS[c] for c in range(5) if state.center[c]],
            "bag": sum(state.bag),
            "bag_colours": dict(zip(COLOURS, state.bag, strict=True)),
            "treasure_tiles_left": sum(state.pool),
            "bonus_tiles_left": state.bonus_left,
            "start_player": state.start,
            "round": state.round,
            "phase": state.phase,
            "action": ACTIONS[state.action] if state.action >= 0 else None,
            "first_target": state.first_target if state.first_target >= 0 else None,
            "decision": _decision(state),
            "queue": [step_json(item) for item in state.queue],
            "goal": state.goal,
            "dice_per_seat": DICE,
        }
    )
    return view
