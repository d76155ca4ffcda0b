"""OpenSpiel: registration, `pyspiel.random_sim_test` on every game and player count,
observers with tensors and strings, and OpenSpiel's own ISMCTSBot searching worlds sampled by
our `determinize` through `set_resampler`."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import buccaneer
from buccaneer.core.codec import make_codec
from buccaneer.rl import openspiel
from tests.conformance.harness import CONFIGS, IDS, Config

ROOT = Path(__file__).resolve().parents[2]
openspiel.register()


def load(config: Config, seed: int = 1) -> pyspiel.Game:
    params = {"players": config.players, "rng_seed": seed, **config.options}
    return pyspiel.load_game(openspiel.short_name(config.spec.name), params)


def test_every_game_is_registered_with_its_parameters() -> None:
    names = {game.short_name for game in pyspiel.registered_games()}
    for name, spec in buccaneer.GAMES.items():
        assert openspiel.short_name(name) in names
        game = pyspiel.load_game(openspiel.short_name(name), {"players": spec.max_players})
        assert game.num_players() == spec.max_players
        assert game.num_distinct_actions() == make_codec(name, spec.max_players).num_actions
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("python_buccaneer_cartagena", {"players": 9})


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_sim_test_passes(config: Config) -> None:
    pyspiel.random_sim_test(load(config), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("config", CONFIGS[::4], ids=IDS[::4])
def test_the_observer_gives_the_codec_tensor_and_the_view(config: Config) -> None:
    game = load(config)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    observer = make_observation(game)
    codec = make_codec(config.spec.name, config.players, **config.options)
    for player in range(config.players):
        view = state.game_state.view(player)
        observer.set_from(state, player)
        assert np.array_equal(observer.tensor, codec.observation_tensor(view))
        assert json.loads(observer.string_from(state, player)) == json.loads(json.dumps(view))
        assert np.array_equal(np.asarray(state.observation_tensor(player)), observer.tensor)
    assert set(observer.dict) == {field.name for field in codec.layout}


@pytest.mark.parametrize("config", CONFIGS[::5], ids=IDS[::5])
def test_openspiel_ismcts_searches_worlds_from_determinize(config: Config) -> None:
    game = load(config, seed=3)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=4,
        random_state=rng,
        use_observation_string=True,
    )
    sampled = []
    resample = openspiel.resampler(3)

    def counting(state: openspiel.BuccaneerState, player: int) -> openspiel.BuccaneerState:
        world = resample(state, player)
        sampled.append(world)
        return world

    bot.set_resampler(counting)
    state = game.new_initial_state()
    for _ in range(6):
        if state.is_terminal():
            break
        player = state.current_player()
        action = bot.step(state)  # asserts each world shows `player` what `state` does
        assert action in state.legal_actions()
        state.apply_action(int(action))
        assert player >= 0
    assert sampled, "the bot never asked for a world"
    assert all(not world.game_state._replayable for world in sampled)  # determinized worlds


def test_the_example_plays_a_whole_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["openspiel_ismcts.py", "--game", "tortuga1667", "--players", "4", "--simulations", "8"]
    monkeypatch.setattr(sys, "argv", argv)
    runpy.run_path(str(ROOT / "examples" / "openspiel_ismcts.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "tortuga1667, 4 players: returns" in out


def test_resample_from_infostate_keeps_the_view_and_redeals_the_rest() -> None:
    """Without `set_resampler`, ISMCTSBot calls the state's own `resample_from_infostate`."""
    game = pyspiel.load_game("python_buccaneer_cartagena", {"players": 2, "rng_seed": 1})
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(0, sampler) for _ in range(4)]
    assert all(w.observation_string(0) == state.observation_string(0) for w in worlds)
    assert len({repr(w.game_state.hands[1]) for w in worlds}) > 1  # seat 1's hand is guessed
