"""Set up a Tortuga 1667 position directly (rulebook examples, card tests, puzzles).

Starts from a normal setup for `seed` and overrides what is given; the game then waits for
`current`'s turn. Event cards named in `row` and `deck` replace the dealt ones (`deck` top last);
vote cards are given by name ("torch/french/skull") and the vote deck is the rest, shuffled,
with `vote_deck_top` on top if given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import buccaneer
from buccaneer.core.errors import OptionError
from buccaneer.games.tortuga1667.actions import parse_vote
from buccaneer.games.tortuga1667.components import (
    DESTROYED,
    SHIPS,
    TEAMS,
    VOTE_DECK,
)
from buccaneer.games.tortuga1667.rules_setup import first_player
from buccaneer.games.tortuga1667.state import Tortuga1667State

FREE = -1


def position(
    players: int,
    *,
    ships: Mapping[str, Sequence[int]] | None = None,
    tortuga: Sequence[int] | None = None,
    rowboats: Mapping[str, int | str] | None = None,
    loyalty: Sequence[str] | None = None,
    votes: Mapping[int, Sequence[str]] | None = None,
    vote_deck_top: Sequence[str] = (),
    row: Sequence[str | None] | None = None,
    deck: Sequence[str] | None = None,
    holds: Mapping[str, tuple[int, int]] | None = None,
    galleon: int | None = None,
    tortuga_chests: tuple[int, int, int] | None = None,
    albatross: Mapping[int, int] | None = None,
    maps: Mapping[int, Sequence[str]] | None = None,
    current: int | None = None,
    seed: int = 0,
    **options: Any,
) -> Tortuga1667State:
    state = buccaneer.load("tortuga1667", players=players, seed=seed, **options)
    assert isinstance(state, Tortuga1667State)
    # Not a game a seed and actions rebuild; the log keeps its opening line.
    state.reset_records(replayable=False)
    state.note("setup")
    state.spots = []
    if ships is not None or tortuga is not None:
        lines = [list((ships or {}).get(name, ())) for name in SHIPS] + [list(tortuga or ())]
        boats = [FREE, FREE]
        for name, who in (rowboats or {}).items():
            boats[SHIPS.index(name)] = DESTROYED if who == "destroyed" else int(who)
        placed = sorted([s for line in lines for s in line] + [b for b in boats if b >= 0])
        if placed != list(range(players)):
            raise OptionError(f"place every seat exactly once, got {placed}")
        state.lines = lines
        state.rowboats = boats
    if loyalty is not None:
        state.loyalty = [TEAMS.index(t) for t in loyalty]
        state.loyalty_seen = [[t] for t in state.loyalty]
    if votes is not None or vote_deck_top:
        # Given hands as given; every other seat gets three cards from what is left.
        given = {
            seat: sorted(parse_vote(n) for n in names) for seat, names in (votes or {}).items()
        }
        top = [parse_vote(n) for n in vote_deck_top]
        rest = Counter(VOTE_DECK)
        for hand in given.values():
            rest.subtract(hand)
        rest.subtract(top)
        if any(n < 0 for n in rest.values()):
            raise OptionError("more vote cards of a kind than the deck holds")
        pile = [c for c, n in sorted(rest.items()) for _ in range(n)]
        state.rng.shuffle(pile)
        for seat in range(players):
            state.votes[seat] = given.get(seat) or sorted(pile.pop() for _ in range(3))
        state.vote_deck = pile + top[::-1]
    if row is not None:
        state.row = list(row)
        state.known = [{} for _ in range(players)]
    if deck is not None:
        state.deck = list(deck)
        state.deck_size = len(deck)
        state.drawn = 0
    # Unless given, each captain's setup chest lies in its ship's British hold.
    state.holds = [[1, 0], [1, 0]]
    for name, (british, french) in (holds or {}).items():
        state.holds[SHIPS.index(name)] = [british, french]
    if galleon is not None:
        state.galleon = galleon
    if tortuga_chests is not None:
        state.tortuga_chests = list(tortuga_chests)
    for seat, count in (albatross or {}).items():
        state.albatross[seat] = count
    for seat, cards in (maps or {}).items():
        state.maps[seat] = list(cards)
    state.queue = []
    state.voting = []
    if current is None:
        current = first_player(state)
    state.start_turn(current)
    state.ballots = {}
    return state
