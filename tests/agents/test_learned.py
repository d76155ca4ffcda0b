"""The learned policy (issue 24, point 2): numpy play, shipped weights, legal moves, errors.

Each game's `policy.npz` must load, be at most 2 MB and play legal whole games at every
player count with numpy alone; the frame must place every table into the largest table's
layout; importing buccaneer must not import torch."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import buccaneer
from buccaneer import agents
from buccaneer.agents.network import (
    Frame,
    MissingWeights,
    Network,
    Weights,
    load_weights,
    read_weights,
    weights_path,
)
from buccaneer.core.codec import make_codec
from buccaneer.core.registry import GAMES
from buccaneer.core.state import State

GAME_NAMES = sorted(GAMES)
TABLES = [(game, players) for game in GAME_NAMES for players in GAMES[game].player_counts]


def random_weights(
    game: str, hidden: int = 16, seed: int = 0, *, hint_bonus: float | None = None
) -> Weights:
    """Random weights; with `hint_bonus`, a hinted network (random hint rows, that bonus)."""
    largest = make_codec(game, GAMES[game].max_players)
    rng = np.random.default_rng(seed)
    n, a = largest.observation_size, largest.num_actions

    def arr(*shape: int) -> np.ndarray:
        return rng.normal(0, 0.5, shape).astype(np.float32)

    return Weights(
        w0=arr(n, hidden),
        b0=arr(hidden),
        w1=arr(hidden, hidden),
        b1=arr(hidden),
        wp=arr(hidden, a),
        bp=arr(a),
        wv=arr(hidden, 1),
        bv=arr(1),
        meta={"format": 1, "game": game}
        if hint_bonus is None
        else {"format": 2, "game": game, "hint": "heuristic"},
        wh=None if hint_bonus is None else arr(a, hidden),
        bh=None if hint_bonus is None else np.asarray([hint_bonus], dtype=np.float32),
    )


def play_out(state: State, bot: agents.Agent, seed: int = 0, limit: int = 400) -> None:
    """Play on for at most `limit` actions (a network with random weights may repeat a
    failed attack forever; the rules let it), each one legal."""
    rng = random.Random(seed)
    steps = 0
    while not state.is_over() and steps < limit:
        for seat in state.to_move():
            action = bot.act(state, seat, rng)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
            steps += 1


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_table_fits_the_frame_of_the_largest(game: str, players: int) -> None:
    frame = Frame(game, players, {})
    state = buccaneer.load(game, players, seed=3)
    seat = state.to_move()[0]
    view = state.view(seat)
    framed = frame.observation(view)
    plain = frame.codec.observation_tensor(view)
    assert framed.shape == (frame.size,)
    assert sorted(framed[framed != 0]) == sorted(plain[plain != 0])
    ids = frame.action_ids(state.legal_actions(seat))
    assert len(set(ids.tolist())) == len(ids) and ids.max() < frame.num_actions


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_shipped_weights_load_are_small_and_play_every_player_count(game: str) -> None:
    path = weights_path(game)
    assert path.is_file(), f"{game} ships no {path}"
    assert Path(str(path)).stat().st_size <= 2 * 1024 * 1024
    weights = load_weights(game)
    assert weights.meta["game"] == game
    assert load_weights(game) is weights  # read once
    bot = agents.make("learned")
    for players in GAMES[game].player_counts:
        state = buccaneer.load(game, players, seed=players)
        play_out(state, bot, seed=players, limit=GAMES[game].max_actions)
        assert state.is_over(), f"{players} players: the game did not end"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_sampling_at_any_temperature_never_picks_an_illegal_action(game: str) -> None:
    bot = agents.LearnedAgent(temperature=5.0, network=Network(random_weights(game)))
    for seed in range(2):
        play_out(buccaneer.load(game, GAMES[game].min_players, seed=seed), bot, seed)


def test_the_masked_policy_prefers_the_best_legal_action_even_when_an_illegal_one_scores_more() -> (
    None
):
    game = "cartagena" if "cartagena" in GAMES else GAME_NAMES[0]
    weights = random_weights(game)
    state = buccaneer.load(game, 2, seed=1)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    frame = Frame(game, 2, {})
    legal_ids = set(frame.action_ids(legal).tolist())
    illegal = next(i for i in range(frame.num_actions) if i not in legal_ids)
    bp = weights.bp.copy()
    bp[illegal] = 1e6  # an illegal id far ahead of everything
    boosted = Weights(**{**weights.__dict__, "bp": bp})
    action = agents.LearnedAgent(network=Network(boosted)).act(state, seat, random.Random(0))
    assert action in legal


@pytest.mark.parametrize("game", GAME_NAMES)
def test_weights_trained_at_default_options_play_every_variant(game: str) -> None:
    """A variant whose codec has more fields or actions (Tortuga 1667's advanced setup) plays
    through the default options' frame: its extra fields left out, its extra actions last."""
    bot = agents.make("learned")
    for options in GAMES[game].variants:
        for players in (GAMES[game].min_players, GAMES[game].max_players):
            play_out(buccaneer.load(game, players, seed=1, **options), bot, seed=1, limit=300)


def test_weights_round_trip_through_a_file(tmp_path: Path) -> None:
    weights = random_weights(GAME_NAMES[0])
    weights.save(tmp_path / "policy.npz")
    again = read_weights(tmp_path / "policy.npz")
    for name in ("w0", "b0", "w1", "b1", "wp", "bp", "wv", "bv"):
        assert np.array_equal(getattr(again, name), getattr(weights, name))
    assert again.meta == weights.meta
    x = np.random.default_rng(1).random((3, weights.observation_size), dtype=np.float32)
    assert np.array_equal(again.forward(x)[0], weights.forward(x)[0])


def test_hinted_weights_round_trip_and_a_file_missing_its_hint_arrays_is_refused(
    tmp_path: Path,
) -> None:
    weights = random_weights(GAME_NAMES[0], hint_bonus=1.5)
    weights.save(tmp_path / "policy.npz")
    again = read_weights(tmp_path / "policy.npz")
    assert again.hinted and again.wh is not None and weights.wh is not None
    assert np.array_equal(again.wh, weights.wh) and again.bh is not None and again.bh[0] == 1.5
    x = np.random.default_rng(1).random((3, weights.observation_size), dtype=np.float32)
    hints = np.asarray([0, -1, 5], dtype=np.intp)
    assert np.array_equal(again.forward(x, hints)[0], weights.forward(x, hints)[0])
    # the hint moves the logits; no hint (-1) is the unhinted network
    plain = replace(weights, wh=None, bh=None)
    assert not np.allclose(weights.forward(x, hints)[0][0], plain.forward(x)[0][0])
    assert np.array_equal(weights.forward(x, hints)[0][1], plain.forward(x)[0][1])
    with np.load(tmp_path / "policy.npz") as data:
        kept = {k: data[k] for k in data.files if k != "wh"}
    np.savez(tmp_path / "broken.npz", **kept)
    with pytest.raises(buccaneer.OptionError, match="lacks its arrays"):
        read_weights(tmp_path / "broken.npz")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_network_that_trusts_its_hint_plays_the_heuristic_move_for_move(game: str) -> None:
    """A residual policy: with a large enough bonus on the heuristic's choice, the learned
    agent makes exactly the heuristic's moves (ties broken alike), whatever the rest learned."""
    learned = agents.LearnedAgent(network=Network(random_weights(game, hint_bonus=1e4)))
    heuristic = agents.make("heuristic")
    for players in (GAMES[game].min_players, GAMES[game].max_players):
        state = buccaneer.load(game, players, seed=5)
        for _ in range(150):
            if state.is_over():
                break
            seat = state.to_move()[0]
            move = learned.act(state, seat, random.Random(1))
            assert move == heuristic.act(state, seat, random.Random(0))
            state.apply(seat, move)


def test_a_learned_move_takes_under_a_millisecond() -> None:
    import time  # noqa: PLC0415

    game = GAME_NAMES[-1]
    state = buccaneer.load(game, GAMES[game].max_players, seed=2)
    seat = state.to_move()[0]
    bot = agents.make("learned")
    bot.act(state, seat, random.Random(0))  # loads the weights and the frame
    started = time.perf_counter()
    for _ in range(50):
        bot.act(state, seat, random.Random(0))
    assert (time.perf_counter() - started) / 50 < 0.003  # generous: shared CI machines


def test_missing_weights_name_the_command_that_makes_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from buccaneer.agents import network  # noqa: PLC0415

    game = GAME_NAMES[0]
    monkeypatch.setattr(network, "weights_path", lambda name: tmp_path / "policy.npz")
    network.load_weights.cache_clear()
    try:
        with pytest.raises(MissingWeights, match=f"buccaneer train {game}"):
            agents.make("learned").act(buccaneer.load(game, 2, seed=0), 0, random.Random(0))
    finally:
        network.load_weights.cache_clear()


def test_a_weights_file_that_is_not_there_is_named(tmp_path: Path) -> None:
    bot = agents.make("learned", weights=str(tmp_path / "none.npz"))
    with pytest.raises(buccaneer.OptionError, match=r"none\.npz"):
        bot.act(buccaneer.load(GAME_NAMES[0], 2, seed=0), 0, random.Random(0))


@pytest.mark.parametrize(
    ("name", "params", "named"),
    [
        ("learned", {"temperature": -1}, "temperature"),
        ("learned", {"temperature": "hot"}, "temperature"),
        ("learned", {"temperature": True}, "temperature"),
        ("learned", {"weights": 3}, "weights"),
        ("learned", {"depth": 2}, "depth"),
        ("guided", {"guide": "oracle"}, "guide"),
        ("guided", {"leaf_value": 2}, "leaf_value"),
        ("ismcts", {"leaf_value": 0.5}, "leaf_value"),
        ("ismcts", {"guide": "learned", "weights": 3}, "weights"),
    ],
)
def test_bad_parameters_are_refused_by_name(
    name: str, params: dict[str, object], named: str
) -> None:
    with pytest.raises(buccaneer.OptionError, match=named):
        agents.make(name, **params)


def test_spec_strings_make_the_new_agents() -> None:
    from buccaneer.agents.spec import parse_agent  # noqa: PLC0415

    assert parse_agent("learned:temperature=0").make().name == "learned"
    guided = parse_agent("guided:iterations=8:leaf_value=1").make()
    assert guided.name == "guided"
    assert parse_agent("ismcts:guide=learned:iterations=8").make().name == "ismcts"


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("leaf_value", [0.0, 0.5, 1.0])
def test_guided_search_plays_legal_moves_and_counts_its_visits(
    game: str, leaf_value: float
) -> None:
    bot = agents.ISMCTSAgent(
        iterations=12, guide=Network(random_weights(game)), leaf_value=leaf_value
    )
    state = buccaneer.load(game, 2, seed=4)
    rng = random.Random(1)
    decided = 0
    while not state.is_over() and decided < 3:
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            action = bot.act(state, seat, rng)
            assert action in legal
            if len(legal) > 1:
                decided += 1
                assert [a for a, _ in bot.last_visits] == legal
                assert sum(v for _, v in bot.last_visits) == 12
            state.apply(seat, action)


def test_importing_buccaneer_does_not_import_torch() -> None:
    code = (
        "import sys, buccaneer, buccaneer.agents, buccaneer.cli; "
        "from buccaneer import agents; agents.make('learned'); agents.make('guided'); "
        "assert 'torch' not in sys.modules, 'torch was imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
