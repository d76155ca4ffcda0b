"""Tortuga 1667 actions in words: menu entries and reasons for a refusal."""

from __future__ import annotations

from buccaneer.core.state import Action
from buccaneer.games.tortuga1667.actions import (
    Attack,
    BlowUp,
    Brawl,
    Choose,
    Decline,
    Discard,
    Look,
    Maroon,
    MarqueDraw,
    MarqueMove,
    Move,
    MoveChest,
    Mutiny,
    Pass,
    PickVote,
    PlacePawn,
    PlayMap,
    Point,
    PutOnTop,
    Reveal,
    Stow,
    Target,
    Vote,
)
from buccaneer.games.tortuga1667.components import FLAGS, vote_name
from buccaneer.games.tortuga1667.fields import Fields
from buccaneer.games.tortuga1667.log import CARD_TITLES, DESTINATION_WORDS, PLACE_WORDS


def menu_group(state: Fields, action: Action) -> str | None:
    """The first step of a menu for a person, as the browser's board asks it: a turn offers 10
    pairs to look at, 5 cards to reveal and 10 pairs times up to 8 pirates to point at, which
    flat were 27 lines and more, so each kind is one line and its cards come at the second step.
    Pointing is split by the pirate (at most 8 lines, 10 pairs each), since one line for it
    would open up to 80 (a pair first, then the pirate, made 10 lines of the first step).
    Marooning is one line whatever the crew, and a Letter of Marque names the pirate first,
    then the ship, as the board is clicked."""
    if isinstance(action, Look):
        return "look at two event cards…"
    if isinstance(action, Reveal):
        return "reveal an event card…"
    if isinstance(action, Point):
        return f"point at two event cards for {state.name(action.target)} to reveal one…"
    if isinstance(action, Maroon):
        return "maroon a pirate…"
    if isinstance(action, MarqueMove):
        return f"put {state.name(action.seat)} aboard a ship…"
    return None


def describe(state: Fields, action: Action, seat: int | None = None) -> str:
    name = state.name
    item = state.queue[0] if state.queue and not state.voting else None
    if isinstance(action, Look):
        a, b = action.slots
        return f"look at event cards {a + 1} and {b + 1}"
    if isinstance(action, Reveal):
        known = state.known[seat].get(action.slot) if seat is not None else None
        hint = f" (you saw {CARD_TITLES[known]})" if known else ""
        return f"reveal event card {action.slot + 1}{hint}"
    if isinstance(action, Point):
        a, b = action.slots
        return f"point at cards {a + 1} and {b + 1}: {name(action.target)} reveals one"
    if isinstance(action, Choose):
        return f"reveal card {action.slot + 1}"
    if isinstance(action, Move):
        return f"move to {DESTINATION_WORDS[action.to]}"
    if isinstance(action, Attack):
        return "attack (vote)"
    if isinstance(action, Maroon):
        return f"maroon {name(action.target)}"
    if isinstance(action, Mutiny):
        return "call a mutiny (vote)"
    if isinstance(action, MoveChest):
        return f"move a chest into the {FLAGS[action.to]} hold"
    if isinstance(action, Brawl):
        return "start a brawl (vote)"
    if isinstance(action, Vote):
        return "vote " + " + ".join(vote_name(c) for c in action.cards)
    if isinstance(action, Stow):
        source = "the galleon" if action.take < 0 else f"their {FLAGS[action.take]} hold"
        return f"take a chest from {source} into the {FLAGS[action.into]} hold"
    if isinstance(action, Discard):
        return f"give up {vote_name(action.card)}"
    if isinstance(action, Target):
        verb = {
            "pistol": "shoot",
            "fever": "swap loyalty cards with",
            "crows": "replace the vote cards of",
            "give_map": "give the map to",
        }.get(item[0] if item else "", "choose")
        return f"{verb} {name(action.seat)}"
    if isinstance(action, MarqueMove):
        return f"put {name(action.seat)} aboard {PLACE_WORDS[action.ship]}"
    if isinstance(action, MarqueDraw):
        return "draw a vote card, then put one on top of the vote deck"
    if isinstance(action, PutOnTop):
        return f"put {vote_name(action.card)} on top of the vote deck"
    if isinstance(action, BlowUp):
        return f"blow up the rowboat of {PLACE_WORDS[action.ship]}"
    if isinstance(action, PickVote):
        return f"give {vote_name(action.card)}"
    if isinstance(action, PlayMap):
        return f"play {CARD_TITLES[action.card]}"
    if isinstance(action, Pass):
        return "pass (nothing else is possible)"
    if isinstance(action, Decline):
        return "do not play a Treasure Map"
    if isinstance(action, PlacePawn):
        return f"start on {PLACE_WORDS[action.place]}, position {action.position + 1}"
    return repr(action)


def why_illegal(state: Fields, seat: int, action: Action, legal: list[Action]) -> str:
    kinds = sorted({type(a).__name__.lower() for a in legal})
    try:
        shown = action.to_json()
    except (IndexError, KeyError, ValueError):
        shown = {"action": repr(action)}
    return (
        f"{shown} is not possible for {state.name(seat)} now; the choices are "
        f"{' / '.join(kinds)}: " + "; ".join(describe(state, a, seat) for a in legal[:10])
    )
