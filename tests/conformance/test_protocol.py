"""The protocol every game must keep (docs/architecture.md, "Conformance"), over every config."""

from __future__ import annotations

import json
import random

import pytest

import buccaneer
from buccaneer import Action, IllegalAction
from tests.conformance.harness import CONFIGS, IDS, Config, playthrough, random_step, sample_states

SEEDS = range(12)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_games_end_with_sound_states(config: Config) -> None:
    """Random playthroughs from many seeds reach the end, keeping every invariant on the way."""
    spec = config.spec
    for seed in SEEDS:
        state = None
        for state in playthrough(config, seed):
            problems = spec.invariants(state)
            assert not problems, f"seed {seed}: {problems}"
            movers = state.to_move()
            for seat in range(config.players):
                if seat not in movers:
                    assert state.legal_actions(seat) == []
        assert state is not None and state.is_over()
        assert state.to_move() == ()
        winners = state.winners()
        assert winners and all(0 <= w < config.players for w in winners)
        assert len(state.scores()) == config.players
        assert all(state.legal_actions(seat) == [] for seat in range(config.players))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_legal_action_applies(config: Config) -> None:
    for state in sample_states(config, seed=101, every=7):
        for seat in state.to_move():
            for action in state.legal_actions(seat):
                twin = state.clone()
                twin.apply(seat, action)
                assert twin.snapshot() != state.snapshot(), f"{action} changed nothing"
                assert not config.spec.invariants(twin)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_illegal_actions_raise_and_change_nothing(config: Config) -> None:
    """Actions legal elsewhere but not here, seats not to move, junk: all refused, no change."""
    seen: dict[str, Action] = {}
    for state in sample_states(config, seed=202, every=3):
        for seat in state.to_move():
            for action in state.legal_actions(seat):
                seen.setdefault(json.dumps(action.to_json(), sort_keys=True), action)
        before = state.snapshot()
        log_length = len(state.log)
        movers = state.to_move()
        for seat in range(-1, config.players + 1):
            legal = {json.dumps(a.to_json(), sort_keys=True) for a in state.legal_actions(seat)}
            candidates = [a for key, a in seen.items() if key not in legal]
            if seat not in movers:
                candidates += [a for a in seen.values()]
            for action in candidates[:40]:
                with pytest.raises(IllegalAction) as excinfo:
                    state.apply(seat, action)
                assert str(excinfo.value), "an IllegalAction must say why"
                assert state.snapshot() == before
        for junk in ({}, {"type": "no such action"}, "forward", None, 42):
            for seat in movers:
                with pytest.raises(IllegalAction):
                    state.apply(seat, junk)  # type: ignore[arg-type]
        assert state.snapshot() == before
        assert len(state.log) == log_length


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_clone_is_independent(config: Config) -> None:
    rng = random.Random(3)
    for state in sample_states(config, seed=303, every=25):
        if state.is_over():
            continue
        before = state.snapshot()
        twin = state.clone()
        assert twin.snapshot() == before
        for _ in range(30):
            if twin.is_over():
                break
            random_step(twin, rng)
        assert state.snapshot() == before
        other = state.clone()
        random_step(state, rng)
        assert other.snapshot() == before


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_record_json_replay_is_identical(config: Config) -> None:
    for seed in (404, 405):
        state = None
        for i, state in enumerate(playthrough(config, seed)):
            if i % 40 == 0 or state.is_over():
                text = state.record().to_json()
                again = buccaneer.replay(buccaneer.GameRecord.from_json(text))
                assert again.snapshot() == state.snapshot()
                for seat in [None, *range(config.players)]:
                    assert again.view(seat) == state.view(seat)
        assert state is not None and state.is_over()


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_actions_and_views_round_trip_through_json(config: Config) -> None:
    for state in sample_states(config, seed=505, every=9):
        for seat in [None, *range(config.players)]:
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
            for key in ("game", "players", "seat", "to_move", "options", "over", "scores"):
                assert key in view
            assert "winners" in view
        for event in state.log:
            assert event.text and json.loads(json.dumps(event.data)) == event.data
            assert event.visible_to is None or set(event.visible_to) <= set(range(config.players))
        for seat in state.to_move():
            for action in state.legal_actions(seat):
                data = json.loads(json.dumps(action.to_json()))
                assert config.spec.action_from_json(data) == action


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_same_seed_same_game(config: Config) -> None:
    a, b = config.new(606), config.new(606)
    assert a.snapshot() == b.snapshot()
    assert any(config.new(seed).snapshot() != a.snapshot() for seed in range(607, 612))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_seed_is_secret_until_the_end(config: Config) -> None:
    state = None
    for state in playthrough(config, 707):
        if not state.is_over():
            assert all(state.view(s)["seed"] is None for s in [None, *range(config.players)])
    assert state is not None and state.view(None)["seed"] == 707
