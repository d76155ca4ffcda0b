"""The log's data: every event carries a declared `type`, and the data holds the facts its words
state (the browser writes the line from the data, in the player's language)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import buccaneer
from buccaneer.core.events import Event
from buccaneer.games.tortuga1667.actions import TimeOut
from buccaneer.games.tortuga1667.log import EVENT_TYPES, format_event
from buccaneer.games.tortuga1667.state import Tortuga1667State

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (players, options)
    for players in range(2, 10)
    for options in (
        {},
        {"advanced_setup": True, "star_cards": 5},
        {"two_actions_two_players": True, "star_cards": 4},
    )
    if players == 2 or "two_actions_two_players" not in options
]

# A raw tuple for each event type (the private ones through the public event that writes them),
# to check the data of events random play may not reach.
SAMPLES: dict[str, tuple[Any, ...]] = {
    "albatross_bomb": ("albatross_bomb", 0, (0, 1)),
    "tiebreak": ("tiebreak",),
    "fountain": ("fountain", 1, "captain"),
    "vote_cancelled": ("vote_cancelled", "mutiny", 0, 2),
    "attack_nothing": ("attack_nothing", 1),
    "timeout": ("timeout", 3),
    "passed": ("passed", 0),
    "atlantis": ("atlantis", 2, 1),
    "map_given": ("map_given", 1, 3, "el_dorado"),
    "cabin_fever": ("cabin_fever", 0, 2, (1, 0)),
    "loyalty": ("cabin_fever", 0, 2, (1, 0)),
    "crows_nest": ("crows_nest", 0, 1, 3),
    "crows_deck": ("crows_deck", 0, (0, 5, 9)),
    "crows_given": ("crows_given", 0, 1, (0, 5, 9)),
    "eight_bells": ("eight_bells", 1, (2, 0, 3)),
    "facade": ("facade", 1, 3),
    "black_powder": ("black_powder", 0, 1),
    "scurvy_skip": ("scurvy_skip", 2),
    "pistol": ("pistol", 0, 3),
    "marque_move": ("marque_move", 0, 2, 1),
    "marque_draw": ("marque_draw", 1),
    "drew_vote": ("drew_vote", 1, 7),
    "put_on_top": ("put_on_top", 1, 7),
    "top": ("put_on_top", 1, 7),
    "lost_vote": ("lost_vote", 2, 4),
    "lost": ("lost_vote", 2, 4),
    "sits_out": ("sits_out", 1),
    "no_steal": ("no_steal", 1),
    "mutiny_succeeds": ("mutiny_succeeds", 0, 1),
    "mutiny_fails": ("mutiny_fails", 1),
    "setup_chest": ("setup_chest", 0, 1, 0),
    "placed_pawn": ("placed_pawn", 3, 2, 1),
}
# Events random play reaches too seldom to count on: met, or made directly from SAMPLES.
RARE = frozenset(
    {"attack_nothing", "no_steal", "passed", "tiebreak", "albatross_bomb", "fountain", "timeout"}
    | {"vote_cancelled", "atlantis", "map_given", "eight_bells", "facade", "black_powder"}
)


def _play(players: int, options: dict[str, Any], seed: int) -> Tortuga1667State:
    rng = random.Random(seed)
    state = buccaneer.load("tortuga1667", players=players, seed=seed, **options)
    assert isinstance(state, Tortuga1667State)
    for _ in range(3000):
        movers = state.to_move()
        if not movers:
            break
        seat = rng.choice(movers)
        if rng.random() < 0.02:
            state.apply(seat, TimeOut())
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _fresh() -> Tortuga1667State:
    state = buccaneer.load("tortuga1667", players=4, seed=0)
    assert isinstance(state, Tortuga1667State)
    return state


def _check(event: Event) -> str:
    kind = event.data.get("type")
    assert kind in EVENT_TYPES, event
    json.dumps(event.data)  # the server sends it as it is
    # A seat is an int, never a name: the browser names it.
    assert "Pirate" not in json.dumps(event.data), event
    for field in ("seat", "target", "caller", "captain"):
        if field in event.data:
            assert isinstance(event.data[field], int) and not isinstance(event.data[field], bool)
            # ... and a seat the line names.
            assert f"Pirate {event.data[field] + 1}" in event.text, event
    for number in ("slot", "position"):
        if number in event.data:
            assert str(event.data[number] + 1) in event.text, event
    return str(kind)


def test_every_event_type_is_declared_and_met() -> None:
    assert len(set(EVENT_TYPES)) == len(EVENT_TYPES)
    met: set[str] = set()
    for players, options in VARIANTS:
        for seed in range(12):
            state = _play(players, options, seed * 31 + players)
            for event in state.log:
                met.add(_check(event))
    unmet = set(EVENT_TYPES) - met
    assert unmet <= RARE, sorted(unmet - RARE)
    state = _fresh()
    for kind in sorted(unmet):
        events = format_event(state, SAMPLES[kind])
        assert kind in {_check(e) for e in events}


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_constructed_events_carry_their_facts(kind: str) -> None:
    state = _fresh()
    assert kind in {_check(event) for event in format_event(state, SAMPLES[kind])}


def test_hidden_facts_stay_in_private_events() -> None:
    """The cards a seat saw, its ballot, its new loyalty: only in the lines only it sees."""
    state = _fresh()
    secret_keys = {"cards", "card", "team"}
    for raw in (
        ("looked", 0, (1, 2), ("pistol", "scurvy")),
        ("voted", 1, (3,)),
        ("cabin_fever", 0, 2, (1, 0)),
        ("put_on_top", 1, 7),
        ("lost_vote", 2, 4),
    ):
        events = format_event(state, raw)
        public = [e for e in events if e.visible_to is None]
        private = [e for e in events if e.visible_to is not None]
        assert public and private
        for e in public:
            assert not secret_keys & set(e.data), e
        assert any(secret_keys & set(e.data) for e in private)
