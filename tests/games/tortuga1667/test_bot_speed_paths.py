"""The Tortuga 1667 heuristic's caches and fast paths decide exactly as the plain code would.

The bot keys its loyalty beliefs by a condensed view of the table (`evidence_key`), reads spot
values from a per-decision table, evaluates each face-down card rule once, keeps the end-game
values per chest count and picks a lone best without listing ties. Each is checked here against
the straightforward form it replaces, over positions from seeded games.
"""

from __future__ import annotations

import random

import pytest

import buccaneer
from buccaneer import agents
from buccaneer.core.state import Action
from buccaneer.games.tortuga1667 import bot
from buccaneer.games.tortuga1667.actions import Target
from buccaneer.games.tortuga1667.bot_beliefs import (
    ISLAND,
    Ctx,
    beliefs,
    clear_beliefs,
    evidence,
    evidence_key,
)
from buccaneer.games.tortuga1667.bot_values import (
    end_and_tempo,
    end_value,
    face_down,
    hidden_value,
    spot_value,
    tempo,
)


def _contexts(players: int, seeds: int = 3) -> list[tuple[buccaneer.State, int]]:
    """Positions (and the seat to move) from seeded heuristic games."""
    heuristic = agents.make("heuristic")
    found: list[tuple[buccaneer.State, int]] = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = buccaneer.load("tortuga1667", players=players, seed=seed)
        while moving := state.to_move():
            for seat in moving:
                found.append((state.clone(), seat))
                state.apply(seat, heuristic.act(state, seat, rng))
    return found


def _plain_spot_value(ctx: Ctx, place: int, rank: int) -> float:
    """`spot_value` as branches, the form the table replaces."""
    if place < ISLAND:
        if rank == 0:
            return 2.2 if ctx.galleon > 0 or sum(ctx.holds[1 - place]) > 0 else 1.2
        if rank == 1:
            return 0.7
        if rank == 2:
            return 1.4 if sum(ctx.holds[place]) else 0.5
        return 0.3
    if place == ISLAND:
        return (0.9 if sum(ctx.tortuga) else 0.3) if rank == 0 else 0.1
    return 0.25


def _plain_hidden_value(ctx: Ctx, revealer: int) -> tuple[float, float]:
    """`hidden_value` calling every kind's rule, as before rules were shared."""
    faces = face_down(ctx)
    if not faces.total:
        return 0.0, 0.0
    values = [(count, rule(ctx, revealer)) for count, rule in faces.rules]
    mean = 0.0
    for count, value in values:
        mean += count * value
    mean /= faces.total
    return mean, sum(count * abs(value - mean) for count, value in values) / faces.total


@pytest.mark.parametrize("players", [2, 5, 9])
def test_shared_beliefs_and_tables_match_the_plain_forms(players: int) -> None:
    keys: dict[tuple[int, ...], dict[int, float]] = {}
    for state, seat in _contexts(players):
        view = state.bot_view(seat)
        ctx = Ctx(view)
        # Equal evidence keys must mean equal hints, or the beliefs cache would mix them up.
        lean = evidence(ctx)
        key = evidence_key(view.lines, view.holds, view.tortuga)
        assert keys.setdefault(key, lean) == lean
        pf, pe = beliefs(ctx)
        assert (tuple(pf), tuple(pe)) == (ctx.pf, ctx.pe)
        for place in range(4):
            for rank in range(players):
                assert spot_value(ctx, place, rank) == _plain_spot_value(ctx, place, rank)
        for revealer in range(players):
            assert repr(hidden_value(ctx, face_down(ctx), revealer)) == repr(
                _plain_hidden_value(Ctx(view), revealer)
            )
        assert end_and_tempo(ctx) == (end_value(ctx), tempo(ctx))


def test_best_matches_the_listed_ties() -> None:
    rng = random.Random(5)
    legal: list[Action] = [Target(seat) for seat in range(6)]  # only the index matters
    for _ in range(2000):
        values = [rng.choice([0.0, 1.0, 1.0 + 5e-10, -99.0, rng.random()]) for _ in legal]
        top = max(values)
        ties = [i for i, v in enumerate(values) if v >= top - 1e-9]
        mine, plain = random.Random(7), random.Random(7)
        picked = bot.best_of(values, legal, mine)
        expected = legal[ties[plain.randrange(len(ties))]] if len(ties) > 1 else legal[ties[0]]
        assert picked is expected
        assert mine.getstate() == plain.getstate()


def test_cold_and_warm_caches_decide_alike() -> None:
    decider = bot.Tortuga1667Bot()
    positions = _contexts(6, seeds=2)
    first = []
    for state, seat in positions:
        if len(state.legal_actions(seat)) > 1:
            bot.clear_caches()
            first.append(decider.act(state, seat, random.Random(seat)))
    clear_beliefs()
    again = [
        decider.act(state, seat, random.Random(seat))
        for state, seat in positions
        if len(state.legal_actions(seat)) > 1
    ]
    assert first == again
