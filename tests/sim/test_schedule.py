"""The round robin: every line-up, every seat, equally often."""

from __future__ import annotations

from collections import Counter

import pytest

from buccaneer import OptionError
from buccaneer.sim import Entrant
from buccaneer.sim.schedule import cycle_length, lineups, schedule

A, B, C = Entrant("a", "random"), Entrant("b", "random"), Entrant("c", "random")


def labels(lineup: tuple[Entrant, ...]) -> str:
    return "".join(e.label for e in lineup)


def test_distinct_lineups_when_the_field_is_large_enough() -> None:
    assert [labels(x) for x in lineups([A, B, C], 2)] == ["ab", "ac", "bc"]
    assert [labels(x) for x in lineups([A, B, C], 3)] == ["abc"]


def test_small_fields_repeat_bots_but_never_play_a_bot_alone() -> None:
    assert [labels(x) for x in lineups([A, B], 3)] == ["aab", "abb"]
    assert [labels(x) for x in lineups([A, B], 4)] == ["aaab", "aabb", "abbb"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_full_cycle_seats_every_bot_in_every_seat_equally(players: int) -> None:
    field = [A, B, C]
    n = cycle_length(field, players)
    jobs = schedule(
        game="cartagena",
        entrants=field,
        player_counts=[players],
        games=n,
        base_seed=10,
        options={},
    )
    per_seat = [Counter(job.seats[s].label for job in jobs) for s in range(players)]
    assert all(counts == per_seat[0] for counts in per_seat)
    assert len(set(per_seat[0].values())) == 1  # and every bot equally often overall
    assert [job.seed for job in jobs] == list(range(10, 10 + n))


def test_games_are_counted_per_player_count() -> None:
    jobs = schedule(
        game="cartagena", entrants=[A, B], player_counts=[2, 3], games=5, base_seed=0, options={}
    )
    assert [job.players for job in jobs] == [2] * 5 + [3] * 5
    assert [job.index for job in jobs] == list(range(10))


def test_a_field_needs_two_different_bots() -> None:
    with pytest.raises(OptionError, match="at least two"):
        lineups([A], 2)
    with pytest.raises(OptionError, match="listed twice"):
        schedule(
            game="cartagena", entrants=[A, A], player_counts=[2], games=1, base_seed=0, options={}
        )
