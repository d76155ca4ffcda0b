"""Tortuga actions in words: menu entries for players and reasons when an action is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from buccaneer.core.state import Action
from buccaneer.games.tortuga.actions import (
    Attack,
    Bonus,
    Claim,
    Forfeit,
    Keep,
    Perform,
    Place,
    Seize,
    Select,
    Turn,
)
from buccaneer.games.tortuga.components import (
    ACTION_TITLES,
    BOARD,
    CAPACITY,
    COLOURS,
    CREW,
    DIE_LETTERS,
    SKULL,
)
from buccaneer.games.tortuga.log import face_name

if TYPE_CHECKING:
    from buccaneer.games.tortuga.state import TortugaState


def _seat_deciding(state: TortugaState) -> int:
    return state.queue[0][1] if state.queue and not state.selecting else -1


def describe(state: TortugaState, action: Action) -> str:
    item = state.queue[0] if state.queue and not state.selecting else None
    if isinstance(action, Select):
        if not action.dice:
            return "no die can be placed: show the roll and re-roll"
        seat = next(
            (s for s in state.to_move() if state.legal_actions(s).count(action)),
            _seat_deciding(state),
        )
        faces = [face_name(d, state.roll[seat][d]) for d in action.dice] if seat >= 0 else []
        return "keep " + (", ".join(faces) or ", ".join(DIE_LETTERS[d] for d in action.dice))
    if isinstance(action, Turn):
        return f"turn the skulls to {ACTION_TITLES[action.action]}"
    if isinstance(action, Bonus):
        seat = _seat_deciding(state)
        flip = seat >= 0 and state.bonus[seat][action.space] == 1
        verb = "flip the bonus tile to 2 on" if flip else "take a bonus tile for"
        return f"{verb} {ACTION_TITLES[action.space]}"
    if isinstance(action, Perform | Forfeit):
        title = ACTION_TITLES[item[2]] if item and item[0] == "decide" else "the action"
        return f"{'perform' if isinstance(action, Perform) else 'forfeit'} {title}"
    if isinstance(action, Attack):
        verb = "board" if item and item[2] == BOARD else "raid"
        return f"{verb} {state.name(action.target)}"
    if isinstance(action, Keep):
        return f"keep the {action.coins}-coin tile"
    if isinstance(action, Seize):
        if item and item[0] == "seize":
            area = state.fleet[item[2]] if item[3] == BOARD else state.crew[item[2]]
            if action.index < len(area):
                return (
                    f"seize the {COLOURS[area[action.index]]} chest (position {action.index + 1})"
                )
        return f"seize the chest at position {action.index + 1}"
    if isinstance(action, Claim):
        return f"claim the {COLOURS[action.colour]} chest from the center island"
    if isinstance(action, Place):
        where = "fleet" if item and item[2] == CREW else "crew"
        return f"place {COLOURS[action.colour]} next in your {where} area"
    return repr(action)


def why_illegal(state: TortugaState, seat: int, action: Action, legal: list[Action]) -> str:
    """A reason a player can act on."""
    name = state.name(seat)
    if isinstance(action, Select) and state.selecting:
        roll = state.roll[seat]
        if any(roll[d] < 0 for d in action.dice):
            return f"{name} did not roll die {', '.join(DIE_LETTERS[d] for d in action.dice)}"
        if not action.dice:
            return "select at least one die: some of your dice can be placed"
        actions = {roll[d] for d in action.dice} - {SKULL}
        if len(actions) > 1:
            shown = ", ".join(ACTION_TITLES[a] for a in sorted(actions))
            return f"selected dice must show one action (skulls may join), not {shown}"
        (only,) = actions
        token = "boat" if only == BOARD else "pirate"
        box = state.fleet_box[seat] if only == BOARD else state.crew_box[seat]
        return (
            f"{ACTION_TITLES[only]} holds at most {CAPACITY[box]} dice with the {token} on box "
            f"{box}"
        )
    expected = sorted({type(a).__name__.lower() for a in legal})
    return (
        f"{type(action).__name__.lower()} {action.to_json()} is not possible now; "
        f"{name} may {' or '.join(expected)}: " + "; ".join(describe(state, a) for a in legal[:12])
    )
