"""What must hold in every Tortuga 1667 state: every pawn, chest and card accounted for."""

from __future__ import annotations

from collections import Counter

from buccaneer.core.state import State
from buccaneer.games.tortuga1667.components import (
    DESTROYED,
    GALLEON_CHESTS,
    TORTUGA_CHESTS,
    VOTE_DECK,
    team_sizes,
)
from buccaneer.games.tortuga1667.state import Tortuga1667State


def invariants(state: State) -> list[str]:
    assert isinstance(state, Tortuga1667State)
    problems: list[str] = []
    pawns = [s for line in state.lines for s in line]
    pawns += [s for spots in state.spots for s in spots if s >= 0]
    pawns += [s for s in state.rowboats if s >= 0]
    placing = any(item[0] == "place_pawn" for item in state.queue)
    if sorted(pawns) != list(range(state.players)) and not placing:
        problems.append(f"pawns {sorted(pawns)} instead of one per seat")
    if len(set(pawns)) != len(pawns):
        problems.append(f"a pawn stands twice: {pawns}")
    if any(r not in (-1, DESTROYED) and r < 0 for r in state.rowboats):
        problems.append(f"rowboats {state.rowboats}")
    chests = state.galleon + sum(map(sum, state.holds)) + sum(state.tortuga_chests)
    setup_left = sum(1 for item in state.queue if item[0] in ("setup_chest", "setup_chests"))
    expected = GALLEON_CHESTS + TORTUGA_CHESTS + 2
    if chests + (2 if any(i[0] == "setup_chests" for i in state.queue) else 0) != expected and not (
        setup_left and chests + setup_left == expected
    ):
        problems.append(f"{chests} chests in play instead of {expected}")
    if any(n < 0 for hold in state.holds for n in hold) or state.galleon < 0:
        problems.append("a negative chest count")
    votes = Counter(state.vote_deck)
    for hand in state.votes:
        votes.update(hand)
    if votes != Counter(VOTE_DECK):
        problems.append("vote cards are not the 30 of the deck")
    british, french, dutch = team_sizes(state.players)
    if sorted(state.loyalty) != sorted([0] * british + [1] * french + [2] * dutch):
        problems.append(f"loyalty cards {state.loyalty}")
    return problems
