"""The ladder's schedule (every pair meets, seats rotate), its head-to-head rule and its levels."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from buccaneer import OptionError
from buccaneer.agents.levels import LEVEL_NAMES
from buccaneer.sim import Entrant, GameResult
from buccaneer.sim.ladder import levels, schedule, tables
from buccaneer.sim.ladder_report import duel, head_to_head


@pytest.mark.parametrize("agents", [2, 3, 5, 7])
@pytest.mark.parametrize("seats", range(2, 10))
def test_every_pair_meets_at_every_count(agents: int, seats: int) -> None:
    laid = tables(agents, seats)
    met = {frozenset(p) for t in laid for p in combinations(set(t), 2)}
    assert met == {frozenset(p) for p in combinations(range(agents), 2)}
    assert all(len(t) == seats for t in laid)
    if seats < agents:  # distinct agents at a table when there are enough of them
        assert all(len(set(t)) == seats for t in laid)
    else:  # everyone at every table, the extra seats shared out evenly
        assert all(set(t) == set(range(agents)) for t in laid)
        held = Counter(a for t in laid for a in t)
        assert len(set(held.values())) == 1


def test_two_seats_play_exactly_the_pairs() -> None:
    laid = tables(7, 2)
    assert sorted(tuple(sorted(t)) for t in laid) == list(combinations(range(7), 2))


def test_the_schedule_scales() -> None:
    """Seven agents at two to nine seats: 62 tables, not the thousands of line-ups."""
    assert sum(len(tables(7, n)) for n in range(2, 10)) <= 70


def _field(n: int) -> list[Entrant]:
    return [Entrant(f"a{i}", "random") for i in range(n)]


def test_seats_rotate_and_games_go_round_by_round() -> None:
    field = _field(3)
    laid = schedule(
        fields={"cartagena": field},
        player_counts={"cartagena": [2, 3]},
        games=3,
        seed=7,
        options={},
    )
    per_round = len(tables(3, 2)) + len(tables(3, 3))
    assert [slot.round for slot, _ in laid] == [r for r in range(3) for _ in range(per_round)]
    assert [job.index for _, job in laid] == list(range(3 * per_round))
    assert [job.seed for _, job in laid] == list(range(7, 7 + 3 * per_round))
    three = [job for slot, job in laid if slot.players == 3]
    for seat in range(3):  # at a full table every agent sits in every seat equally often
        assert Counter(job.seats[seat].label for job in three) == Counter(a0=3, a1=3, a2=3)
    pairs = schedule(
        fields={"cartagena": field}, player_counts={"cartagena": [2]}, games=2, seed=7, options={}
    )
    orders = Counter(tuple(e.label for e in job.seats) for _, job in pairs)
    assert sorted(orders) == [
        (a, b) for a in ("a0", "a1", "a2") for b in ("a0", "a1", "a2") if a != b
    ]
    assert set(orders.values()) == {1}  # two games a pair: each agent first once


def test_each_game_counts_its_own_games() -> None:
    laid = schedule(
        fields={"cartagena": _field(2), "tortuga": _field(2)},
        player_counts={"cartagena": [2], "tortuga": [2]},
        games=2,
        seed=0,
        options={},
    )
    for game in ("cartagena", "tortuga"):
        assert [j.index for _, j in laid if j.game == game] == [0, 1, 2, 3]


def test_bad_fields_and_counts() -> None:
    with pytest.raises(OptionError, match="at least two"):
        tables(1, 2)
    with pytest.raises(OptionError, match="-n must be at least 1"):
        schedule(
            fields={"cartagena": _field(2)},
            player_counts={"cartagena": [2]},
            games=0,
            seed=0,
            options={},
        )
    with pytest.raises(OptionError, match="listed twice"):
        twice = [Entrant("a", "random"), Entrant("a", "random")]
        schedule(
            fields={"cartagena": twice},
            player_counts={"cartagena": [2]},
            games=1,
            seed=0,
            options={},
        )


def _result(
    seats: tuple[str, ...], winners: tuple[int, ...], scores: tuple[float, ...]
) -> GameResult:
    n = len(seats)
    return GameResult(
        index=0,
        players=n,
        seed=0,
        seats=seats,
        winners=winners,
        scores=scores,
        teams=None,
        actions=1,
        finished=True,
        seconds=0.0,
        moves=(1,) * n,
        think=(0.0,) * n,
        record={},
    )


def test_a_duel_is_the_share_of_seat_pairs_won_and_a_game_counts_once() -> None:
    # a holds seats 0 and 2; a's seat 0 won, b second, a's seat 2 last.
    game = _result(("a", "b", "a", "c"), (0,), (9.0, 5.0, 1.0, 5.0))
    assert duel(game, "a", "b") == 0.5
    assert duel(game, "b", "a") == 0.5
    assert duel(game, "b", "c") == 0.5  # equal rank: half
    assert duel(game, "a", "d") is None
    table = head_to_head([game], ["a", "b", "c", "d"])
    assert table["a"]["b"]["games"] == 1 and table["a"]["b"]["wins"] == 0.5
    assert table["a"]["d"]["games"] == 0 and table["a"]["d"]["win_rate"] is None


def test_levels_follow_the_ratings() -> None:
    mus = {"r": 10.0, "h": 20.0, "i1": 24.0, "i2": 27.0, "i3": 30.0, "l": 22.0, "g": 33.0}
    ratings = {a: {"mu": mu, "sigma": 2.0} for a, mu in reversed(mus.items())}
    named = levels(ratings)
    assert [lv.name for lv in named] == list(LEVEL_NAMES)
    assert [lv.agent for lv in named] == ["r", "l", "i2", "g"]  # 0, 2, 4, 6 of 7 by mu
    rated = [lv.mu for lv in named if lv.mu is not None]
    assert len(rated) == len(named) and rated == sorted(rated)
    two = levels({"x": {"mu": 30.0, "sigma": 1.0}, "y": {"mu": 10.0, "sigma": 1.0}})
    assert [(lv.name, lv.agent) for lv in two] == [("beginner", "y"), ("strongest", "x")]
    four = levels({a: {"mu": float(i), "sigma": 1.0} for i, a in enumerate("dcba")})
    assert [(lv.name, lv.agent) for lv in four] == list(zip(LEVEL_NAMES, "dcba", strict=True))
    assert levels({}) == []
    name, agent, mu, sigma = named[-1]
    assert (name, agent, mu, sigma) == ("strongest", "g", 33.0, 2.0)
