"""The codec contract (docs/environments.md) over every game, player count and variant.

Through whole random games: every legal action has an id and comes back from it, the mask
marks exactly the legal actions, and every seat's observation has the codec's fixed shape,
float32 values in [0, 1] (so the adapters can declare `Box(0, 1)`), and comes from the seat's
view alone (a determinized world with the same view gives the same vector).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from buccaneer.core import IllegalAction, State
from buccaneer.core.codec import Codec, make_codec
from tests.conformance.harness import CONFIGS, IDS, Config, playthrough


def codec_for(config: Config) -> Codec:
    return make_codec(config.spec.name, config.players, **config.options)


def check_state(codec: Codec, state: State, rng: random.Random) -> None:
    for seat in range(state.players):
        tensor = codec.observation_tensor(state.view(seat))
        assert tensor.shape == codec.observation_shape
        assert tensor.dtype == np.float32
        assert np.all((tensor >= 0) & (tensor <= 1)), {
            name: tensor[part].tolist()
            for name, part in codec.field_slices().items()
            if np.any((tensor[part] < 0) | (tensor[part] > 1))
        }
    for seat in state.to_move():
        legal = state.legal_actions(seat)
        ids = [codec.action_to_id(action) for action in legal]
        assert [codec.id_to_action(i) for i in ids] == legal
        mask = codec.legal_mask(state, seat)
        assert mask.shape == (codec.num_actions,) and mask.dtype == np.int8
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
        assert len(set(ids)) == len(ids)
        world = state.determinize(seat, rng)
        assert np.array_equal(
            codec.observation_tensor(world.view(seat)), codec.observation_tensor(state.view(seat))
        )


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_codec_covers_whole_random_games(config: Config) -> None:
    codec = codec_for(config)
    assert codec.num_actions > 0 and codec.observation_size > 0
    names = [field.name for field in codec.layout]
    assert len(set(names)) == len(names), "layout field names repeat"
    assert all(field.size > 0 and field.meaning for field in codec.layout)
    rng = random.Random(5)
    for seed in (1, 2):
        for step, state in enumerate(playthrough(config, seed)):
            if step % 3 == 0 or state.is_over():
                check_state(codec, state, rng)


SOME = CONFIGS[:: max(1, len(CONFIGS) // 6)]


@pytest.mark.parametrize("config", SOME, ids=[c.id for c in SOME])
def test_bad_ids_and_foreign_actions_are_refused(config: Config) -> None:
    codec = codec_for(config)
    for bad in (-1, codec.num_actions, 1.5, True, "3"):
        with pytest.raises(IllegalAction):
            codec.id_to_action(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        codec.action_to_id(object())  # type: ignore[arg-type]
