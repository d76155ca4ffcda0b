"""Cartagena's log data says everything its English line says, and nothing more.

The browser writes each log line in the player's language from `Event.data` alone
(web/src/games/cartagena/log.ts), so every fact of the text must be in the data; and the data
of a public line reaches every seat, so it must hold no more than the text (the cards of a
Jamaica draw stay in the private "drew" line). Here the English text is rewritten from the data
and the engine's seat names alone and must come out word for word, over random games of both
versions and every player count; each declared type must be met.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import buccaneer
from buccaneer.core.events import Event
from buccaneer.games.cartagena import CartagenaState, Forward, position
from buccaneer.games.cartagena.components import BOAT, SYMBOL_INDEX
from buccaneer.games.cartagena.log import EVENT_TYPES

# The keys each type's data has: the facts its text states, no others.
KEYS: dict[str, set[str]] = {
    "setup": {"type", "variant", "players", "tiles"},
    "forward": {"type", "seat", "card", "from", "to"},
    "back": {"type", "seat", "from", "to", "drawn"},
    "back_open": {"type", "seat", "from", "to", "drawn", "cards"},
    "drew": {"type", "seat", "cards"},
    "end_turn": {"type", "seat", "actions"},
    "reshuffle": {"type", "cards"},
    "row": {"type", "cards"},
    "win": {"type", "seat"},
    "dead_position": {"type", "winners", "boat"},
}


def where(square: int) -> str:
    return "start" if square == -1 else "the boat" if square == BOAT else str(square + 1)


def text_from_data(data: dict[str, Any], names: list[str]) -> str:
    """The English line, from the data alone (as the browser's log writer does)."""
    kind = data["type"]
    if kind == "setup":
        tiles = " ".join(data["tiles"]) if data["tiles"] else "a custom tunnel"
        return f"Cartagena ({data['variant']} version), {data['players']} players; tiles {tiles}."
    if kind == "forward":
        move = f"{where(data['from'])} → {where(data['to'])}"
        return f"{names[data['seat']]} plays a {data['card']}: pirate {move}"
    if kind == "back":
        head = (
            f"{names[data['seat']]} moves a pirate back {where(data['from'])} → {where(data['to'])}"
        )
        if "cards" in data:
            return f"{head} and takes {', '.join(data['cards']) or 'nothing (no cards left)'}"
        n = data["drawn"]
        return f"{head} and draws {n} {'card' if n == 1 else 'cards'}"
    if kind == "drew":
        return f"{names[data['seat']]} drew {', '.join(data['cards'])}"
    if kind == "end_turn":
        n = data["actions"]
        verb = "passes" if n == 0 else f"ends the turn after {n} action{'s' if n > 1 else ''}"
        return f"{names[data['seat']]} {verb}"
    if kind == "reshuffle":
        return f"The discard pile ({data['cards']} cards) is shuffled into a new draw pile"
    if kind == "row":
        return f"A new row is laid out: {', '.join(data['cards'])}"
    if kind == "win":
        return f"{names[data['seat']]} has all six pirates in the boat and wins!"
    if kind == "dead_position":
        counts = ", ".join(f"{names[s]} {n}" for s, n in enumerate(data["boat"]))
        won = " and ".join(names[s] for s in data["winners"])
        result = f"{won} wins!" if len(data["winners"]) == 1 else f"{won} share the win!"
        return (
            "Nobody holds a card and no pirate can move back, so nothing can change any more: "
            f"the game ends. Pirates in the boat: {counts}. {result}"
        )
    raise AssertionError(f"undeclared type {kind!r}")


def check(event: Event, names: list[str], open_hands: bool) -> None:
    data = event.data
    kind = data["type"]
    assert kind in EVENT_TYPES, event
    keys = KEYS["back_open" if kind == "back" and open_hands else kind]
    assert set(data) == keys, (event.text, data)
    assert text_from_data(data, names) == event.text
    # Hidden cards only in the line the drawing seat alone sees.
    if kind == "drew":
        assert event.visible_to == (data["seat"],)
    else:
        assert event.visible_to is None, event


def random_game(players: int, variant: str, seed: int) -> CartagenaState:
    state = buccaneer.load("cartagena", players, seed=seed, variant=variant)
    rng = random.Random(seed)
    for _ in range(4000):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, CartagenaState)
    return state


@pytest.mark.parametrize("variant", ["jamaica", "tortuga"])
def test_every_line_of_random_games(variant: str) -> None:
    met: set[str] = set()
    for players in range(2, 6):
        for seed in range(6):
            state = random_game(players, variant, seed * 10 + players)
            names = list(state.view(None)["seat_names"])
            for event in state.log:
                check(event, names, state.open_hands)
                met.add(event.data["type"])
    # Each version meets its own types; the dead position is rare (constructed below).
    own = {"jamaica": {"drew"}, "tortuga": {"row"}}[variant]
    other = {"jamaica": {"row"}, "tortuga": {"drew"}}[variant]
    assert met == set(EVENT_TYPES) - {"dead_position"} - other, met ^ set(EVENT_TYPES)
    assert own <= met


@pytest.mark.parametrize("variant", ["jamaica", "tortuga"])
def test_dead_position_line(variant: str) -> None:
    """The rare end (docs/rulings.md, "A position nothing can change"), made directly: Blue
    plays the last card in the game from square 36 and nothing can change any more; all three
    seats have five pirates in the boat and share the win."""
    # Square 9 holds three pirates (no back move to it), everything else is in the boat.
    state = position(
        3,
        layout="1A 2A 3A 4A 5A 6A",
        variant=variant,
        pirates={0: [9] + [BOAT] * 5, 1: [9, 35] + [BOAT] * 4, 2: [9] + [BOAT] * 5},
        hands={1: {"skull": 1}},
        discard={"dagger": 17, "bottle": 17, "key": 17, "pistol": 17, "hat": 2},
        row=("hat",) if variant == "tortuga" else (),
        to_move=1,
    )
    state.apply(1, Forward(SYMBOL_INDEX["skull"], 35))
    assert state.is_over()
    names = list(state.view(None)["seat_names"])
    for event in state.log:
        check(event, names, state.open_hands)
    last = state.log[-1].data
    assert last == {"type": "dead_position", "winners": [0, 1, 2], "boat": [5, 5, 5]}
    assert state.log[-1].text.endswith("Red and Blue and Yellow share the win!")


def test_drawn_cards_stay_private() -> None:
    """In the Jamaica version a back move's public line says how many cards, not which."""
    state = random_game(3, "jamaica", 5)
    for event in state.log:
        if event.visible_to is None:
            assert "cards" not in event.data or event.data["type"] == "reshuffle"
