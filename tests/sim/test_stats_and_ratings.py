"""Wilson intervals, seat ranks and openskill ratings on hand-made results."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from buccaneer.sim.games import GameResult
from buccaneer.sim.ratings import rate, seat_ranks
from buccaneer.sim.stats import wilson
from buccaneer.sim.summary import head_to_head, per_bot, team_makeups, win_share


def result(
    index: int,
    seats: tuple[str, ...],
    winners: tuple[int, ...],
    scores: tuple[float, ...],
    teams: tuple[str, ...] | None = None,
) -> GameResult:
    n = len(seats)
    return GameResult(
        index=index,
        players=n,
        seed=index,
        seats=seats,
        winners=winners,
        scores=scores,
        teams=teams,
        actions=10,
        finished=True,
        seconds=0.1,
        moves=(5,) * n,
        think=(0.01,) * n,
        record={},
    )


def test_wilson_matches_published_values() -> None:
    # 0 of 10: upper bound 0.2775 (Wilson 1927; e.g. Agresti & Coull 1998, table 1)
    low, high = wilson(0, 10)
    assert low == 0 and math.isclose(high, 0.27753, abs_tol=1e-4)
    low, high = wilson(85, 100)
    assert math.isclose(low, 0.7672, abs_tol=1e-3) and math.isclose(high, 0.9068, abs_tol=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_brackets_the_observed_rate(wins: int, games: int) -> None:
    wins = min(wins, games)
    low, high = wilson(wins, games)
    assert 0 <= low <= wins / games <= high <= 1


def test_ranks_put_winners_first_then_scores() -> None:
    assert seat_ranks(result(0, ("a", "b", "c"), (1,), (3, 5, 3))) == [2, 1, 2]
    assert seat_ranks(result(0, ("a", "b", "c"), (0, 2), (1, 0, 1))) == [1, 3, 1]


def test_a_bot_that_always_wins_rates_higher() -> None:
    games = [
        result(i, seats, (seats.index("a"),), tuple(1.0 if s == "a" else 0.0 for s in seats))
        for i, seats in enumerate(("a", "b") if i % 2 else ("b", "a") for i in range(20))
    ]
    ratings = rate(games, ["a", "b"])
    assert ratings["a"]["mu"] > 30
    assert ratings["b"]["mu"] < 20
    assert per_bot(games, ["a", "b"])["a"]["win_rate"] == 1.0
    assert head_to_head(games, ["a", "b"])["b"]["a"]["win_rate"] == 0.0


def test_a_bot_holding_two_seats_moves_once_by_their_mean() -> None:
    games = [result(0, ("a", "a", "b"), (0,), (2.0, 0.0, 1.0))]
    ratings = rate(games, ["a", "b"])
    # one seat of "a" first, the other last: the mean change is small, "b" in the middle
    assert abs(ratings["a"]["mu"] - 25) < abs(ratings["b"]["mu"] - 25) + 3


def test_team_wins_count_whole_for_every_member_and_half_when_shared() -> None:
    teams = ("british", "french", "british", "french")
    won = result(0, ("h", "r", "h", "r"), (0, 2), (1, 0, 1, 0), teams)
    shared = result(1, ("h", "r", "h", "r"), (0, 1, 2, 3), (1, 1, 1, 1), teams)
    assert win_share(won, 0) == 1.0 and win_share(won, 1) == 0.0
    assert win_share(shared, 3) == 0.5
    rows = {row["team"]: row for row in team_makeups([won, shared])}
    assert rows["h+h"]["win_rate"] == 0.75 and rows["r+r"]["win_rate"] == 0.25
