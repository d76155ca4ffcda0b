"""ISMCTS's heuristic rollouts in a compiled kernel (`GameSpec.fast_heuristic_playout`).

The kernel plays the games the Python heuristic plays (tests/games/cartagena/
test_kernel_heuristic.py checks that choice by choice), and ISMCTS draws nothing from its rng
for such a playout, as the Python heuristic draws nothing: so a search with the kernel is the
search without it, only faster. Compared here with the slot set and with it forced off
(pytest's monkeypatch sets the spec's field to None for one test): each playout's rewards and
what it leaves of the rng, and whole decisions (action, iterations, rng afterwards) from
Cartagena positions of both versions and every player count. The other games offer no slot
and play their heuristic rollouts in Python as before.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import buccaneer
from buccaneer import agents
from buccaneer.agents.ismcts import ISMCTSAgent, rollout_policy
from buccaneer.core.game import FULL_PLAYOUT
from buccaneer.core.registry import REGISTERED, get_spec
from buccaneer.games.cartagena.compiled import compiled, heuristic_playout

assert compiled is not None, "the Cartagena kernel is not built (pip install needs a C compiler)"


def slot_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cartagena without its compiled heuristic playout, as where the kernel is not built: the
    registry lists a copy of its (frozen) spec with the slot empty, until the test ends."""
    spec = dataclasses.replace(get_spec("cartagena"), fast_heuristic_playout=None)
    monkeypatch.setitem(REGISTERED, "cartagena", spec)
    assert get_spec("cartagena").fast_heuristic_playout is None


def positions() -> list[tuple[str, Any]]:
    """Cartagena positions some heuristic moves into a game, 2-5 players, both versions."""
    found = []
    for variant in ("jamaica", "tortuga"):
        for players in (2, 3, 4, 5):
            seed = 10 * players + len(variant)
            state = buccaneer.load("cartagena", players, seed=seed, variant=variant)
            heuristic = agents.make("heuristic")
            rng = random.Random(seed)
            for _ in range(5 + seed % 30):
                seat = state.to_move()[0]
                state.apply(seat, heuristic.act(state, seat, rng))
            found.append((f"{players}p {variant}", state))
    return found


def decide(state: Any, seed: int) -> tuple[Any, int, Any, ISMCTSAgent]:
    bot = agents.make("ismcts", iterations=120, rollout="heuristic")
    assert isinstance(bot, ISMCTSAgent)
    rng = random.Random(seed)
    action = bot.act(state, state.to_move()[0], rng)
    return action, bot.last_iterations, rng.getstate(), bot


@pytest.mark.parametrize(
    ("name", "state"), positions(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_a_decision_is_the_same_with_the_kernel_and_without(
    name: str, state: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = decide(state, 7)
    assert fast[3].fast_heuristic_playout is heuristic_playout
    slot_off(monkeypatch)
    slow = decide(state, 7)
    assert slow[3].fast_heuristic_playout is None
    assert fast[:3] == slow[:3], name


def test_each_playout_is_the_python_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rewards and the rng after a playout, from positions and from worlds sampled as ISMCTS
    samples them."""
    worlds = []
    for k, (_name, state) in enumerate(positions()):
        worlds.append(state)
        for seat in range(state.players):
            worlds.append(state.determinize(seat, random.Random(k * 10 + seat)))
    fast = ISMCTSAgent(rollout="heuristic")
    fast.fast_heuristic_playout = get_spec("cartagena").fast_heuristic_playout
    slow = ISMCTSAgent(rollout="heuristic")
    assert fast.fast_heuristic_playout is not None
    assert slow.fast_heuristic_playout is None
    for k, world in enumerate(worlds):
        rng_fast, rng_slow = random.Random(k), random.Random(k)
        rewards = fast._playout(world.clone(), rng_fast)
        assert rewards == slow._playout(world.clone(), rng_slow), k
        assert rng_fast.getstate() == rng_slow.getstate() == random.Random(k).getstate()


def test_the_kernel_is_used_only_for_full_heuristic_playouts() -> None:
    state = buccaneer.load("cartagena", 3, seed=5, variant="jamaica")
    seat = state.to_move()[0]
    cases: list[tuple[dict[str, Any], bool]] = [
        ({"rollout": "heuristic"}, True),
        ({}, True),  # heuristic is the default
        ({"rollout": "heuristic", "max_rollout": FULL_PLAYOUT}, True),
        ({"rollout": "heuristic", "max_rollout": 10}, False),  # a cut playout: Python
        ({"rollout": "random"}, False),  # random ones have their own slot
        ({"rollout": rollout_policy("heuristic")}, False),  # a custom policy
    ]
    for params, compiled_playout in cases:
        bot = agents.make("ismcts", iterations=5, **params)
        assert isinstance(bot, ISMCTSAgent)
        bot.act(state, seat, random.Random(1))
        assert (bot.fast_heuristic_playout is heuristic_playout) == compiled_playout, params


@pytest.mark.parametrize("game", ["tortuga", "tortuga1667"])
def test_games_without_the_slot_play_heuristic_rollouts_in_python(game: str) -> None:
    """No compiled heuristic: `_playout` is the Python loop it was (compared with that loop
    written out here), and a decision runs as before."""
    spec = get_spec(game)
    assert spec.fast_heuristic_playout is None
    field = {f.name: f.default for f in dataclasses.fields(spec)}["fast_heuristic_playout"]
    assert field is None  # the slot's default: a game offers it by setting it
    policy = rollout_policy("heuristic")
    for seed in range(3):
        state = buccaneer.load(game, 3, seed=seed)
        bot = agents.make("ismcts", iterations=3)
        assert isinstance(bot, ISMCTSAgent)
        seat = state.to_move()[0]
        assert bot.act(state, seat, random.Random(seed)) in state.legal_actions(seat)
        assert bot.fast_heuristic_playout is None
        rng_bot, rng_ref = random.Random(seed), random.Random(seed)
        rewards = bot._playout(state.clone(), rng_bot)
        world = state.clone()
        for _ in range(bot.playout_limit(game)):
            movers = world.to_move()
            if not movers:
                break
            choices = [(m, policy(world, m, rng_ref)) for m in movers]
            for mover, action in choices:
                world.apply(mover, action)
        if world.is_over():
            winners = world.winners()
        else:
            scores = world.scores()
            winners = [s for s, score in enumerate(scores) if score == max(scores)]
        share = 1.0 / len(winners) if winners else 0.0
        assert rewards == [share if s in winners else 0.0 for s in range(world.players)]
        assert rng_bot.getstate() == rng_ref.getstate()
