"""Property tests: on any position hypothesis can build, moves obey the rulebook's wording."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from buccaneer.games.cartagena import Back, CartagenaState, EndTurn, Forward, position
from buccaneer.games.cartagena.components import BOAT, START, SYMBOLS, TILES

CODES = sorted({code[0] for code in TILES})


@st.composite
def positions(draw: st.DrawFn) -> CartagenaState:
    players = draw(st.integers(2, 5))
    order = draw(st.permutations(CODES))
    sides = draw(st.lists(st.sampled_from("AB"), min_size=6, max_size=6))
    layout = [n + side for n, side in zip(order, sides, strict=True)]
    squares = st.sampled_from([START, BOAT, *range(36)])
    occupancy: dict[int, int] = {}
    pirates: dict[int, list[int]] = {}
    for seat in range(players):
        placed = []
        for square in draw(st.lists(squares, max_size=6)):
            if 0 <= square < 36 and occupancy.get(square, 0) == 3:
                continue
            occupancy[square] = occupancy.get(square, 0) + 1
            placed.append(square)
        pirates[seat] = placed
    hand = draw(st.dictionaries(st.sampled_from(SYMBOLS), st.integers(0, 3)))
    variant = draw(st.sampled_from(["jamaica", "tortuga"]))
    return position(
        players,
        layout=layout,
        variant=variant,
        pirates=pirates,
        hands={0: hand},
        seed=draw(st.integers(0, 2**32)),
    )


@settings(max_examples=150, deadline=None)
@given(positions())
def test_forward_lands_on_the_first_free_matching_square_or_the_boat(
    state: CartagenaState,
) -> None:
    for action in state.legal_actions(0):
        if not isinstance(action, Forward):
            continue
        twin = state.clone()
        twin.apply(0, action)
        ahead = [q for q in range(action.from_ + 1, 36) if state.board[q] == action.card]
        free = [q for q in ahead if state.occ[q] == 0]
        expected = free[0] if free else BOAT
        assert twin.pirates[0].count(expected) == state.pirates[0].count(expected) + 1
        assert twin.pirates[0].count(action.from_) == state.pirates[0].count(action.from_) - 1
        assert twin.hands[0][action.card] == state.hands[0][action.card] - 1


@settings(max_examples=150, deadline=None)
@given(positions())
def test_back_goes_to_the_nearest_square_with_one_or_two_and_draws_that_many(
    state: CartagenaState,
) -> None:
    legal = state.legal_actions(0)
    for origin in sorted(set(state.pirates[0])):
        behind = [q for q in range(min(origin, 36) - 1, -1, -1) if state.occ[q] in (1, 2)]
        action = Back(origin)
        if origin == START or not behind:
            assert action not in legal
            continue
        assert action in legal
        twin = state.clone()
        twin.apply(0, action)
        target = behind[0]
        assert twin.occ[target] == state.occ[target] + 1
        # every square passed over is empty or full
        assert all(state.occ[q] in (0, 3) for q in range(target + 1, min(origin, 36)))
        cards_left = len(state.pile) + sum(state.discard) + len(state.row)
        assert sum(twin.hands[0]) - sum(state.hands[0]) == min(state.occ[target], cards_left)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_legal_forward_moves_are_every_card_times_every_pirate_outside_the_boat(
    state: CartagenaState,
) -> None:
    legal = state.legal_actions(0)
    forward = {(a.card, a.from_) for a in legal if isinstance(a, Forward)}
    expected = {
        (card, q)
        for card in range(6)
        if state.hands[0][card]
        for q in state.pirates[0]
        if q != BOAT
    }
    assert forward == expected
    assert legal[-1] == EndTurn()
    assert len(legal) == len(set(legal))
