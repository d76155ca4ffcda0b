"""Cartagena actions in words: menu entries for players and reasons when an action is refused."""

from __future__ import annotations

from typing import Any

from buccaneer.core.state import Action
from buccaneer.games.cartagena.actions import Back, EndTurn, Forward
from buccaneer.games.cartagena.components import START, SYMBOLS, square_name
from buccaneer.games.cartagena.fields import Fields


def describe(state: Fields, action: Action, seat: int | None = None) -> str:
    """`action` as a menu entry: the card, where the pirate goes and what it draws, now."""
    if isinstance(action, Forward):
        dest = state.forward_destination(action.card, action.from_)
        return (
            f"play {SYMBOLS[action.card]}: pirate {square_name(action.from_)} → {square_name(dest)}"
        )
    if isinstance(action, Back):
        target, found = state.back_destination(action.from_)
        if target < 0:
            return f"back from {square_name(action.from_)} (not possible)"
        cards = "card" if found == 1 else "cards"
        return (
            f"back: pirate {square_name(action.from_)} → {square_name(target)}, "
            f"draw {found} {cards}"
        )
    if isinstance(action, EndTurn):
        return "pass" if state.actions_done == 0 else "end turn"
    return repr(action)


def why_not_now(state: Fields, seat: Any) -> str:
    """Why `seat` may not act at all now: the game is over, or it is another seat's turn (or
    `seat` is no seat)."""
    if state.won_by:
        return "the game is over"
    if type(seat) is int and 0 <= seat < state.players:
        return f"it is {state.seat_name(state.current)}'s turn, not {state.seat_name(seat)}'s"
    return f"there is no seat {seat!r} in a {state.players}-player game"


def why_illegal(state: Fields, seat: int, action: Any) -> str:
    """Why the seat to move may not play `action`, which the rules refused: the first check it
    fails, in the order the rules check (rules.py, `Rules.apply`)."""
    name = state.seat_name(seat)
    kind = type(action)
    if kind is Forward:
        card, origin = action.card, action.from_
        if type(card) is not int or not 0 <= card < 6 or type(origin) is not int:
            return f"{action!r} is not a valid forward move (card 0-5, an int square)"
        if not state.hands[seat][card]:
            return f"{name} has no {SYMBOLS[card]} card to play"
        return f"{name} has no pirate that can move forward from {square_name(origin)}"
    if kind is Back:
        origin = action.from_
        if type(origin) is not int:
            return f"{action!r} is not a valid back move (an int square)"
        if origin == START or origin not in state.pirates[seat]:
            return f"{name} has no pirate that can move back from {square_name(origin)}"
        # "In elk geval mag men nooit met een piraat terug uit de tunnel kruipen."
        return (
            f"no square behind {square_name(origin)} holds one or two pirates, and a pirate "
            "may never leave the tunnel backwards"
        )
    return f"{action!r} is not a Cartagena action"


__all__ = ["describe", "why_illegal", "why_not_now"]
