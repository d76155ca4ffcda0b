"""Tortuga actions in words: menu entries for players and reasons when an action is refused."""

from __future__ import annotations

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
from buccaneer.games.tortuga.fields import Fields
from buccaneer.games.tortuga.log import face_name


def _seat_deciding(state: Fields) -> int:
    return state.queue[0][1] if state.queue and not state.selecting else -1


def describe(state: Fields, action: Action, seat: int | None = None) -> str:
    """Menu words. A selection names the dice's faces only for the seat that rolled them (the
    one asked, or `seat`): during the hidden selection nobody else may read them."""
    item = state.queue[0] if state.queue and not state.selecting else None
    if isinstance(action, Select):
        if not action.dice:
            return "no die can be placed: show the roll and re-roll"
        owner = seat if seat is not None else _seat_deciding(state)
        roll = state.roll[owner] if owner is not None and 0 <= owner < state.players else None
        if roll is None or any(roll[d] < 0 for d in action.dice):
            return "keep " + ", ".join(DIE_LETTERS[d] for d in action.dice)
        return "keep " + ", ".join(face_name(d, roll[d]) for d in action.dice)
    if isinstance(action, Turn):
        dice: tuple[int, ...] = item[2] if item and item[0] == "turn" else ()
        skulls = f"skull {DIE_LETTERS[dice[0]]}" if len(dice) == 1 else "the skulls"
        return f"turn {skulls} to {ACTION_TITLES[action.action]}"
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


def _malformed(action: Action) -> str | None:
    """Why an action object built by hand cannot even be read, or None."""
    if isinstance(action, Select):
        if any(not 0 <= d < 5 for d in action.dice) or len(set(action.dice)) != len(action.dice):
            return f"dice must be distinct die numbers 0-4 (A-E), got {action.dice!r}"
    elif isinstance(action, Turn | Bonus):
        value = action.action if isinstance(action, Turn) else action.space
        if not 0 <= value < 5:
            return f"actions are numbered 0-4 ({', '.join(ACTION_TITLES)}), got {value!r}"
    elif isinstance(action, Claim | Place) and not 0 <= action.colour < 5:
        return f"colours are numbered 0-4 ({', '.join(COLOURS)}), got {action.colour!r}"
    return None


def why_illegal(state: Fields, seat: int, action: Action, legal: list[Action]) -> str:
    """A reason a player can act on."""
    name = state.name(seat)
    broken = _malformed(action)
    if broken:
        return f"malformed {type(action).__name__.lower()}: {broken}"
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
        if actions:
            (only,) = actions
            token = "boat" if only == BOARD else "pirate"
            box = state.fleet_box[seat] if only == BOARD else state.crew_box[seat]
            return (
                f"{ACTION_TITLES[only]} holds at most {CAPACITY[box]} dice with the {token} on "
                f"box {box}"
            )
    expected = sorted({type(a).__name__.lower() for a in legal})
    return (
        f"{type(action).__name__.lower()} {action.to_json()} is not possible now; "
        f"{name} may {' or '.join(expected)}: "
        + "; ".join(describe(state, a, seat) for a in legal[:12])
    )
