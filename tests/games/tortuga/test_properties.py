"""Property tests: the set counter and the tie-break against brute force."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from buccaneer.games.tortuga.components import ACTIONS, DIE_LETTERS, die_number
from buccaneer.games.tortuga.position import position
from buccaneer.games.tortuga.rules_scoring import count_sets


def brute_force_sets(red: int, blue: int, yellow: int, wild: int) -> int:
    """Try every way to spend the wild chests on colours; count complete sets."""
    best = 0
    for r, b in itertools.product(range(wild + 1), repeat=2):
        if r + b <= wild:
            best = max(best, min(red + r, blue + b, yellow + wild - r - b))
    return best


@settings(max_examples=300)
@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 12), st.integers(0, 6))
def test_set_counter_matches_brute_force(red: int, blue: int, yellow: int, wild: int) -> None:
    assert count_sets(red, blue, yellow, wild) == brute_force_sets(red, blue, yellow, wild)


dice_maps = st.dictionaries(st.sampled_from(DIE_LETTERS), st.just("hunt"), max_size=5)


@settings(max_examples=200, deadline=None)
@given(
    players=st.integers(2, 4),
    start=st.integers(0, 3),
    dice=st.lists(dice_maps, min_size=4, max_size=4),
    bonus=st.lists(st.integers(0, 2), min_size=4, max_size=4),
)
def test_ranking_is_total_then_clockwise_distance_from_the_start_player(
    players: int, start: int, dice: list[dict[str, str]], bonus: list[int]
) -> None:
    """'In case of a tie, the player holding the start player token resolves the tie in his
    favor. If that player is not involved in the tie, the player sitting closest to the start
    player in clockwise direction is the winner of the tie.'"""
    start %= players
    seats = {
        s: {"dice": dice[s], "bonus": {"hunt": bonus[s]} if bonus[s] else {}}
        for s in range(players)
    }
    state = position(players, seats=seats, start=start, phase="roll")
    hunt = ACTIONS.index("hunt")
    totals = {}
    for s in range(players):
        numbers = [die_number(DIE_LETTERS.index(d), hunt) for d in dice[s]]
        if numbers:
            totals[s] = sum(numbers) + bonus[s]
    ranked = state.ranking(hunt)
    assert set(ranked) == set(totals)
    for better, worse in itertools.pairwise(ranked):
        assert totals[better] >= totals[worse]
        if totals[better] == totals[worse]:
            assert (better - start) % players < (worse - start) % players
