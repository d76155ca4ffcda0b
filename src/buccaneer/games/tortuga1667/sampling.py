"""Determinization: a full game consistent with what one seat knows.

Resampled, uniformly among what the seat cannot tell apart: the other seats' loyalty cards
(keeping the team sizes and what Cabin Fever proved), their vote cards and secret ballots, the
order of the vote deck (a card the seat put on top stays there), and the event cards it has not
seen in the row and the deck (the Spanish Armada staying among the original bottom five while it
is in the deck). Documented simplification: the cards of past votes are known to lie at the
bottom of the vote deck; the sampler does not use that.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TypeVar

from buccaneer.core.rng import Rng
from buccaneer.games.tortuga1667.components import (
    ARMADA_AMONG_LAST,
    SPANISH_ARMADA,
    VOTE_DECK,
    team_sizes,
)
from buccaneer.games.tortuga1667.table import Table


def _without(pool: list[int], remove: list[int]) -> list[int]:
    left = Counter(pool)
    left.subtract(remove)
    return [c for c, n in sorted(left.items()) for _ in range(n)]


W = TypeVar("W", bound=Table)


def determinize(state: W, seat: int | None, rng: random.Random) -> W:
    world = state.clone()
    chance = Rng(rng.getrandbits(64))
    world.rng = chance
    world.reset_records(replayable=False)
    if state.winner_team >= 0:
        return world
    world.seed = chance.next64() >> 1
    others = [s for s in range(state.players) if s != seat]
    memory = state.memory[seat] if seat is not None else {}
    _loyalties(state, world, seat=seat, others=others, memory=memory, chance=chance)
    _votes(state, world, seat=seat, others=others, memory=memory, chance=chance)
    _events(state, world, seat, chance)
    # Only "from the bottom five or not" is public about where a row card came from.
    world.row_index = [0 if 0 <= i < ARMADA_AMONG_LAST else -1 for i in state.row_index]
    for s in others:
        world.known[s] = {}
        world.memory[s] = {}
        world.loyalty_seen[s] = [world.loyalty[s]]
    return world


def _loyalties(
    state: Table,
    world: Table,
    *,
    seat: int | None,
    others: list[int],
    memory: dict[str, object],
    chance: Rng,
) -> None:
    british, french, dutch = team_sizes(state.players)
    cards = [0] * british + [1] * french + [2] * dutch
    if seat is not None:
        cards.remove(state.loyalty[seat])
    proven = memory.get("loyalties", {})
    assert isinstance(proven, dict)
    free = []
    for s in others:
        if s in proven:
            world.loyalty[s] = proven[s]
            cards.remove(proven[s])
        else:
            free.append(s)
    chance.shuffle(cards)
    for s, team in zip(free, cards, strict=True):
        world.loyalty[s] = team


def _votes(
    state: Table,
    world: Table,
    *,
    seat: int | None,
    others: list[int],
    memory: dict[str, object],
    chance: Rng,
) -> None:
    known_hands = dict(memory.get("hands", {}))  # type: ignore[call-overload]
    head = state.queue[0] if state.queue and not state.voting else None
    if head is not None and head[0] == "crows_pick" and head[1] == seat:
        # The picker knows the cards it has given so far.
        known_hands[head[2]] = list(state.votes[head[2]])
    pool = list(VOTE_DECK)
    if seat is not None:
        pool = _without(pool, state.votes[seat])
    for cards in known_hands.values():
        pool = _without(pool, cards)
    top = memory.get("deck_top")
    if isinstance(top, int):
        pool = _without(pool, [top])
    picking = state.queue and state.queue[0][0] == "crows_pick" and state.queue[0][1] == seat
    deck_cards = sorted(state.vote_deck) if picking else None
    if deck_cards is not None:
        # The Crow's Nest picker is looking through the vote deck right now.
        pool = _without(pool, deck_cards)
    # A seat asked which vote card to give up shows only that it holds two or more cards, which
    # the hand sizes already say: its hand is dealt like any other.
    dealt = list(pool)
    chance.shuffle(dealt)
    for s in others:
        if s in known_hands:
            world.votes[s] = sorted(known_hands[s])
        else:
            world.votes[s] = sorted(dealt.pop() for _ in state.votes[s])
    pool = dealt
    deck = deck_cards if deck_cards is not None else pool
    chance.shuffle(deck)
    if isinstance(top, int):
        deck.append(top)
    world.vote_deck = deck
    for s in others:
        if s in state.ballots:
            size = len(state.ballots[s])
            choices = [b for b in world.ballot_choices(s) if len(b.cards) == size]  # type: ignore[attr-defined]
            world.ballots[s] = choices[chance.below(len(choices))].cards  # type: ignore[attr-defined]


def _events(state: Table, world: Table, seat: int | None, chance: Rng) -> None:
    known = state.known[seat] if seat is not None else {}
    hidden_slots = [i for i, c in enumerate(state.row) if c is not None and i not in known]
    unseen = [state.row[i] for i in hidden_slots] + list(state.deck)
    cards: list[str] = sorted(c for c in unseen if c is not None)
    deck_positions = list(range(len(state.deck)))  # original deck index == list index
    slots = hidden_slots
    armada_spots: list[tuple[str, int]] = []
    if state.armada_live and SPANISH_ARMADA in cards:
        cards.remove(SPANISH_ARMADA)
        # The Armada was shuffled into the deck's bottom five (original indices 0..4).
        armada_spots = [("deck", i) for i in deck_positions if i < ARMADA_AMONG_LAST]
        armada_spots += [("row", i) for i in slots if 0 <= state.row_index[i] < ARMADA_AMONG_LAST]
    chance.shuffle(cards)
    armada = armada_spots[chance.below(len(armada_spots))] if armada_spots else None
    deck: list[str] = []
    for i in deck_positions:
        deck.append(SPANISH_ARMADA if armada == ("deck", i) else cards.pop())
    for i in slots:
        world.row[i] = SPANISH_ARMADA if armada == ("row", i) else cards.pop()
    world.deck = deck
