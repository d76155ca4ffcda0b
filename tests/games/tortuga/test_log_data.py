"""The log's structured data: every event says its `type` (one of EVENT_TYPES) and exactly the
facts its English text states, so that the browser can write the line in any language; a public
event's data holds nothing hidden from any seat."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest

import buccaneer
from buccaneer.core.events import Event
from buccaneer.games.tortuga import TortugaState
from buccaneer.games.tortuga.components import ACTIONS, COLOURS, DIE_LETTERS
from buccaneer.games.tortuga.fields import SEAT_NAMES
from buccaneer.games.tortuga.log import EVENT_TYPES, format_event

# The keys each type's data carries besides "type": what its English text states.
KEYS: dict[str, set[str]] = {
    "setup": {"players"},
    "round": {"round", "seat"},
    "rolled": {"seat", "dice"},
    "roll": {"seat", "faces"},
    "selected": {"seat", "dice"},
    "stuck": {"seat", "faces"},
    "reveal": {"seat", "faces"},
    "place_dice": {"seat", "dice", "action"},
    "reroll": {"seat", "faces"},
    "turn": {"seat", "dice", "action"},
    "bonus": {"seat", "action", "value"},
    "ranking": {"action", "places"},
    "forfeit": {"seat", "action"},
    "advance": {"seat", "token", "box"},
    "hunt_chest": {"seat", "colour"},
    "hunt_tiles": {"seat", "tiles"},
    "tiles_seen": {"seat", "coins"},
    "keep": {"seat", "mixed_back"},
    "tiles": {"seat", "kept", "returned"},
    "attack": {"seat", "action", "target", "target_box", "defended", "own_box"},
    "seize": {"seat", "target", "colour"},
    "claim": {"seat", "colour"},
    "deposit": {"seat", "colour", "center"},
    "draw": {"seat", "colour"},
    "to_tortuga": {"seat", "colours"},
    "move": {"seat", "colour", "source"},
    "over": {"scores", "winners"},
}
# Types whose facts only their own seat may know: they must stay private to that seat.
PRIVATE = {"roll", "selected", "tiles_seen", "tiles"}


def play(players: int, seed: int, long_game: bool) -> TortugaState:
    state = buccaneer.load(
        "tortuga", players=players, seed=seed, long_game=long_game, start_player=seed % players
    )
    assert isinstance(state, TortugaState)
    rng = random.Random(seed)
    while not state.is_over():
        for seat in state.to_move():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def check(event: Event, players: int) -> None:
    data: dict[str, Any] = event.data
    kind = data["type"]
    assert kind in EVENT_TYPES, event
    assert set(data) - {"type"} == KEYS[kind], event
    if kind in PRIVATE:
        assert event.visible_to == (data["seat"],), event
    else:
        assert event.visible_to is None, event
    # The facts are there by stable keys, and the text says them.
    for key in ("seat", "target"):
        if key in data:
            assert 0 <= data[key] < players and SEAT_NAMES[data[key]] in event.text, event
    if "action" in data:
        assert data["action"] in ACTIONS, event
    for key in ("colour",):
        if data.get(key) is not None:
            assert data[key] in COLOURS and data[key] in event.text, event
    for face in data.get("faces", []):
        assert face["die"] in DIE_LETTERS and face["die"] in event.text, event
        assert face["face"] in (*ACTIONS, "skull"), event
    for letter in data.get("dice", []) if isinstance(data.get("dice"), list) else []:
        assert letter in DIE_LETTERS and letter in event.text, event
    for number in ("box", "target_box", "own_box", "round", "players", "tiles", "kept"):
        if isinstance(data.get(number), int) and data[number] != 1:  # 1: "a treasure tile"
            assert str(data[number]) in event.text, event


GAMES = list(itertools.product((2, 3, 4), (False, True), range(12)))


def test_every_event_carries_its_facts_and_every_type_is_met() -> None:
    met: Counter[str] = Counter()
    for players, long_game, seed in GAMES:
        state = play(players, seed, long_game)
        for event in state.log:
            check(event, players)
            met[event.data["type"]] += 1
    assert set(KEYS) == set(EVENT_TYPES)
    # Rare ones, constructed directly when the random games missed them.
    state = play(2, 0, False)
    rare: list[tuple[Any, ...]] = [
        ("stuck", 0, (5, 5, -1, -1, -1)),
        ("reroll", 0, (0, -1, 5, -1, -1)),
        ("hunt_chest", 1, -1),
        ("draw", 1, -1),
        ("deposit", 0, 2, True),
        ("deposit", 1, 4, False),
        ("ranking", 3, ()),
        ("attack", 0, 4, 1, 2, True, 1),
    ]
    for raw in rare:
        for event in format_event(state, raw):
            check(event, 2)
            met[event.data["type"]] += 1
    missing = [kind for kind in EVENT_TYPES if not met[kind]]
    assert not missing, f"never written: {missing}"


def test_unknown_event_is_an_error() -> None:
    with pytest.raises(AssertionError, match="unknown event"):
        format_event(play(2, 0, False), ("nonsense",))


def test_public_data_of_a_tile_keep_does_not_say_the_coins() -> None:
    """'secretly look at them ... keep one ... mixing the other tile face down': the public
    line says a tile was kept, never its coins."""
    state = play(3, 1, False)
    events = format_event(state, ("keep", 0, 3, (1,)))
    public = [e for e in events if e.visible_to is None]
    assert [e.data for e in public] == [{"type": "keep", "seat": 0, "mixed_back": True}]
    private = [e for e in events if e.visible_to == (0,)]
    assert private[0].data == {"type": "tiles", "seat": 0, "kept": 3, "returned": [1]}
