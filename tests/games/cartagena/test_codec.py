"""Cartagena's codec: the documented id arithmetic and what each observation field holds."""

from __future__ import annotations

import numpy as np
import pytest

from buccaneer.core.codec import make_codec
from buccaneer.games.cartagena import Back, EndTurn, Forward, position
from buccaneer.games.cartagena.components import BOAT, SYMBOL_INDEX


@pytest.mark.parametrize("players", [2, 5])
def test_ids_follow_the_documented_arithmetic(players: int) -> None:
    codec = make_codec("cartagena", players)
    assert codec.num_actions == 261
    assert codec.action_to_id(Forward(SYMBOL_INDEX["hat"], 7)) == 1 * 37 + 8
    assert codec.action_to_id(Forward(SYMBOL_INDEX["pistol"], 35)) == 221
    assert codec.action_to_id(Back(-1)) == 222
    assert codec.action_to_id(Back(BOAT)) == 259
    assert codec.action_to_id(EndTurn()) == 260
    assert codec.id_to_action(1 * 37 + 8) == Forward(SYMBOL_INDEX["hat"], 7)


def test_the_observer_comes_first_and_sees_only_its_own_hidden_hand() -> None:
    state = position(
        3,
        layout="1A 2A 3A 4A 5A 6A",
        pirates={0: [BOAT, 3], 1: [5, 5, 5], 2: [0]},
        hands={0: {"hat": 2}, 1: {"key": 3}, 2: {"skull": 1}},
        to_move=1,
    )
    codec = make_codec("cartagena", 3)
    at = codec.field_slices()
    seen_by_1 = codec.observation_tensor(state.view(1))
    pirates = seen_by_1[at["pirates"]].reshape(3, 38)
    assert pirates[0, 5 + 1] == pytest.approx(3 / 6)  # seat 1 (me) has three pirates on 5
    assert pirates[0, 0] == pytest.approx(3 / 6)  # and three at the start
    assert pirates[2, BOAT + 1] == pytest.approx(1 / 6)  # seat 0 is two places after seat 1
    assert seen_by_1[at["my_hand"]][SYMBOL_INDEX["key"]] == pytest.approx(3 / 17)
    assert not seen_by_1[at["open_hands"]].any()  # Jamaica: the others' hands are hidden
    assert seen_by_1[at["current"]].tolist() == [1, 0, 0]  # seat 1 to move: "me"
    assert seen_by_1[at["actions_left"]].tolist() == [0, 0, 0, 1]
    seen_by_2 = codec.observation_tensor(state.view(2))
    assert seen_by_2[at["current"]].tolist() == [0, 0, 1]
    assert seen_by_2[at["my_hand"]][SYMBOL_INDEX["skull"]] == pytest.approx(1 / 17)
    assert seen_by_2[at["my_hand"]][SYMBOL_INDEX["key"]] == 0


def test_the_tortuga_version_shows_open_hands_and_the_row() -> None:
    state = position(
        2,
        variant="tortuga",
        layout="1A 2A 3A 4A 5A 6A",
        hands={0: {"hat": 2}, 1: {"key": 3}},
        row=["dagger", "bottle"],
    )
    codec = make_codec("cartagena", 2, variant="tortuga")
    at = codec.field_slices()
    tensor = codec.observation_tensor(state.view(0))
    other = tensor[at["open_hands"]]
    assert other[0] == 1 and other[1 + SYMBOL_INDEX["key"]] == pytest.approx(3 / 17)
    row = tensor[at["row"]].reshape(12, 6)
    assert np.flatnonzero(row.sum(axis=1)).tolist() == [0, 1]
    assert tensor[at["version"]].tolist() == [0, 1]
