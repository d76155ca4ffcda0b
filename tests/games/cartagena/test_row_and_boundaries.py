"""Cartagena at its edges: a row used up when no card was left, and actions with the wrong types.

Issue 11, items 6 and 8: an emptied row was never laid out again, and `make(Forward, card=2,
from_=0.0)` or `make(Forward, card=-1, ...)` moved pirates before failing (or wrapped an index).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import buccaneer
from buccaneer import IllegalAction
from buccaneer.games.cartagena import CartagenaState, position
from buccaneer.games.cartagena.actions import BACK, END_TURN, FORWARD, Back, Forward
from buccaneer.games.cartagena.components import SYMBOL_INDEX, SYMBOLS

LAYOUT = "1A 2A 3A 4A 5A 6A"


def make(kind: Any, **fields: Any) -> Any:
    """An action object built with whatever field values a careless caller passes."""
    return kind(**fields)


def _all_cards_in_hands(row: str) -> CartagenaState:
    """Tortuga version: one card in the row, every other card in the two hands, so the pile
    and the discard are empty. Red has pirates on 5, 10 and 20; Blue waits at the start."""
    hand0 = {name: 8 for name in SYMBOLS}
    hand1 = {name: 9 for name in SYMBOLS}
    hand1[row] -= 1
    return position(
        2,
        layout=LAYOUT,
        variant="tortuga",
        pirates={0: [5, 10, 20]},
        hands={0: hand0, 1: hand1},
        row=[row],
    )


def test_a_row_used_up_with_no_cards_left_is_laid_out_once_cards_return() -> None:
    """ "Zodra de volledige rij kaarten is opgebruikt, worden opnieuw 12 kaarten blootgelegd":
    when the last row card is drawn and no card is left anywhere, nothing can be laid out; a
    later draw, after a card went to the discard, lays out a row from it and draws."""
    state = _all_cards_in_hands("key")
    state.apply(0, BACK[10 + 1])  # 10 -> 5 (one pirate there): draws the last row card
    assert state.view(0)["row"] == []
    assert state.view(0)["hand_sizes"][0] == 49
    played = SYMBOL_INDEX["hat"]
    state.apply(0, FORWARD[played][5 + 1])  # a hat goes to the discard
    assert sum(state.view(None)["discard"].values()) == 1
    _, found = state.back_destination(20)
    assert found >= 1
    state.apply(0, BACK[20 + 1])
    view = state.view(0)
    assert view["hand_sizes"][0] == 48 + 1, "the back move drew the hat laid out again"
    assert view["hands"][0]["hat"] == 8
    assert sum(view["discard"].values()) == 0
    texts = [event.text for event in state.log_for(None)]
    assert any(text.startswith("A new row is laid out") for text in texts)


def _fresh_tortuga_state() -> CartagenaState:
    return _all_cards_in_hands("key")


BAD_ACTIONS: list[Any] = [
    make(Forward, card=2, from_=0.0),
    make(Forward, card=2.0, from_=-1),
    make(Forward, card=True, from_=-1),
    make(Forward, card=np.int64(2), from_=-1),
    make(Forward, card=-1, from_=-1),
    make(Forward, card=6, from_=-1),
    make(Forward, card=2, from_=5.0),
    make(Back, from_=10.0),
    make(Back, from_=np.int64(10)),
    "end_turn",
    None,
    {"type": "forward", "card": [], "from": -1},
    {"type": "forward", "card": "hat", "from": 0.0},
    {"type": "forward", "card": "hat", "from": True},
    {"type": "forward", "card": "hat", "from": 5, "extra": 1},
    {"type": "end_turn", "now": True},
    {"type": "back", "from": "10"},
    {"type": []},
    {},
]


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=repr)
def test_mistyped_actions_are_refused_and_change_nothing(action: Any) -> None:
    state = _fresh_tortuga_state()
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(0, action)
    assert state.snapshot() == before
    assert state.view(0)["pirates"][0] == [-1, -1, -1, 5, 10, 20]


@pytest.mark.parametrize("seat", [0.0, True, np.int64(0), "0", None, [0]], ids=repr)
def test_seats_of_the_wrong_type_are_refused(seat: Any) -> None:
    state = _fresh_tortuga_state()
    before = state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(seat, END_TURN)
    assert state.snapshot() == before
    assert state.legal_actions(seat) == []


def test_a_game_played_with_exact_types_still_records_and_replays() -> None:
    state = buccaneer.load("cartagena", players=2, seed=3)
    with pytest.raises(IllegalAction):
        state.apply(0, make(Forward, card=2, from_=0.0))
    state.apply(0, state.legal_actions(0)[0])
    again = buccaneer.replay(buccaneer.GameRecord.from_json(state.record().to_json()))
    assert again.snapshot() == state.snapshot()


def test_view_of_a_seat_given_as_a_bool_is_refused() -> None:
    """`view(True)` would show seat 1's hidden hand under the seat `true`."""
    state = position(2, layout=LAYOUT, hands={1: {"hat": 2}})
    with pytest.raises(IllegalAction):
        state.view(True)
    with pytest.raises(IllegalAction):
        state.view(np.int64(1))  # type: ignore[arg-type]
