"""What the kernel's differential tests share (test_kernel.py for random playouts,
test_kernel_heuristic.py for the heuristic): random positions for hypothesis, and small helpers
for comparing traces."""

from __future__ import annotations

from typing import Any

import hypothesis.strategies as st

from buccaneer.games.cartagena import position

VARIANTS = ("jamaica", "tortuga")


def mask(state: Any) -> int:
    """The winners as the kernel reports them: a bit per seat."""
    return sum(1 << seat for seat in state.won_by)


def first_difference(a: list[int], b: list[int]) -> int:
    """Where two traces of chosen indices part (the shorter's length if one is a prefix)."""
    for k, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return k
    return min(len(a), len(b))


SYMBOLS = ("skull", "hat", "dagger", "bottle", "key", "pistol")


@st.composite
def random_positions(draw: Any) -> Any:
    """Any pieces anywhere (up to three a square), hands from empty to huge, short rows."""
    players = draw(st.integers(2, 5))
    variant = draw(st.sampled_from(VARIANTS))
    occupancy = [0] * 36
    pirates: dict[int, list[int]] = {}
    near_boat = draw(st.booleans())  # few pirates out: the win search matters
    for seat in range(players):
        squares = []
        for _ in range(draw(st.integers(0, 6))):
            q = draw(st.integers(24 if near_boat else -1, 36))
            if 0 <= q < 36:
                if occupancy[q] == 3:
                    continue
                occupancy[q] += 1
            squares.append(q)
        if near_boat:
            squares += [36] * (5 - len(squares))  # at least one pirate still out
        pirates[seat] = squares
    left = [17] * 6

    def some_cards(most: int) -> dict[str, int]:
        cards = {}
        for c, name in enumerate(SYMBOLS):
            n = draw(st.integers(0, min(most, left[c])))
            left[c] -= n
            if n:
                cards[name] = n
        return cards

    hands = {seat: some_cards(draw(st.sampled_from((0, 1, 3, 17)))) for seat in range(players)}
    discard = some_cards(draw(st.sampled_from((0, 2, 17))))
    row: list[str] = []
    if variant == "tortuga":
        for _ in range(draw(st.integers(0, 12))):
            free = [c for c in range(6) if left[c]]
            if not free:
                break
            c = draw(st.sampled_from(free))
            left[c] -= 1
            row.append(SYMBOLS[c])
    tiles = draw(st.permutations(["1", "2", "3", "4", "5", "6"]))
    sides = draw(st.lists(st.sampled_from("AB"), min_size=6, max_size=6))
    return position(
        players,
        layout=" ".join(t + s for t, s in zip(tiles, sides, strict=True)),
        variant=variant,
        pirates=pirates,
        hands=hands,
        discard=discard,
        row=row,
        to_move=draw(st.integers(0, players - 1)),
        actions_done=draw(st.integers(0, 2)),
        seed=draw(st.integers(0, 2**64 - 1)),
    )
