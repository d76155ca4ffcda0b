"""Cartagena games rebuilt from what one seat knows: `determinize` (a world sampled for a search)
and `from_view` (a whole game made from a JSON view, `GameSpec.from_view`).

Both deal the cards nobody in the view can see uniformly at random, the same way and with the
same draws, so `determinize(state, seat, rng)` is the world `from_view(view(seat), rng)` gives,
made without the JSON (ISMCTS samples a world every iteration).
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from buccaneer.core.rng import Rng
from buccaneer.games.cartagena.components import (
    ACTIONS_PER_TURN,
    CARDS_PER_SYMBOL,
    SYMBOL_INDEX,
    SYMBOLS,
    count_cards,
)
from buccaneer.games.cartagena.fields import Fields
from buccaneer.games.cartagena.rules import Rules
from buccaneer.games.cartagena.rules_chance import shuffle

W = TypeVar("W", bound=Fields)
R = TypeVar("R", bound=Rules)


def determinize(state: W, seat: int | None, rng: random.Random) -> W:
    """Rebuild the game from `view(seat)` alone, dealing the unseen cards uniformly.

    Unseen are the cards in hidden hands (Jamaica) and the draw pile's order. Their
    multiset is known (102 cards minus every visible card); they are shuffled and dealt to
    the hidden hands by size, the rest forming the draw pile. This ignores what a seat could
    infer from a reshuffle (which cards formed the new pile), a documented simplification.
    The result has an empty log and no record: its past is not a real game.
    """
    state.check_seat(seat)
    over = bool(state.won_by)
    shown = state.open_hands or over
    unseen = [CARDS_PER_SYMBOL] * 6
    for s, hand in enumerate(state.hands):
        if shown or s == seat:
            unseen = [u - c for u, c in zip(unseen, hand, strict=True)]
    for card in state.row:
        unseen[card] -= 1
    unseen = [u - d for u, d in zip(unseen, state.discard, strict=True)]
    # From here as `from_view` deals (same draws from `rng`, same world), without making
    # the JSON view and reading it back: ISMCTS samples a world every iteration.
    cards = [card for card in range(6) for _ in range(unseen[card])]
    chance = Rng(rng.getrandbits(64))
    shuffle(chance, cards)
    dealt: list[list[int]] = []
    for s, hand in enumerate(state.hands):
        if shown or s == seat:
            dealt.append(hand[:])
        else:
            size = state.sizes[s]
            dealt.append(count_cards(cards[len(cards) - size :]))
            del cards[len(cards) - size :]
    if len(cards) != len(state.pile):
        raise ValueError("state is inconsistent: card counts do not add up to 102")
    world = type(state).__new__(type(state))
    world.players = state.players
    world.seed = state.seed if over else chance.next64() >> 1
    world.options = dict(state.options)
    world.tiles = state.tiles
    world.board = state.board
    world.sym_squares = state.sym_squares
    world.tables = state.tables
    world.open_hands = state.open_hands
    world.pirates = [p[:] for p in state.pirates]
    world.occ = state.occ[:]
    world.occ_bytes = state.occ_bytes[:]
    world.hands = dealt
    world.sizes = state.sizes[:]  # each hidden hand is dealt as many cards as it holds
    world.pile = cards
    world.discard = state.discard[:]
    world.row = state.row[:]
    world.current = state.current if not over else state.won_by[0]
    world.actions_done = state.actions_done if not over else 0
    world.turn = state.turn
    world.won_by = state.won_by
    world.rng = chance
    world.reset_records(replayable=False)
    return world


def from_view(cls: type[R], view: dict[str, Any], rng: random.Random) -> R:
    """A full state consistent with `view`, hidden cards dealt with randomness from `rng`."""
    unseen = [CARDS_PER_SYMBOL] * 6
    hands: list[list[int] | None] = []
    for hand in view["hands"]:
        if hand is None:
            hands.append(None)
            continue
        counts = [hand[name] for name in SYMBOLS]
        hands.append(counts)
        unseen = [u - c for u, c in zip(unseen, counts, strict=True)]
    row = [SYMBOL_INDEX[name] for name in reversed(view["row"])]
    for card in row:
        unseen[card] -= 1
    discard = [view["discard"][name] for name in SYMBOLS]
    unseen = [u - d for u, d in zip(unseen, discard, strict=True)]
    cards = [card for card in range(6) for _ in range(unseen[card])]
    chance = Rng(rng.getrandbits(64))
    shuffle(chance, cards)
    dealt: list[list[int]] = []
    for seat, hand in enumerate(hands):
        if hand is None:
            size = view["hand_sizes"][seat]
            dealt.append(count_cards(cards[len(cards) - size :]))
            del cards[len(cards) - size :]
        else:
            dealt.append(list(hand))
    if len(cards) != view["draw_pile"]:
        raise ValueError("view is inconsistent: card counts do not add up to 102")
    over = view["over"]
    state = cls.assemble(
        players=view["players"],
        seed=view["seed"] if view["seed"] is not None else chance.next64() >> 1,
        options=dict(view["options"]),
        tiles=view["tiles"] if view["tiles"] is not None else view["board"],
        pirates=[list(p) for p in view["pirates"]],
        hands=dealt,
        pile=cards,
        discard=discard,
        row=row,
        current=view["current"] if not over else view["winners"][0],
        actions_done=ACTIONS_PER_TURN - view["actions_left"] if not over else 0,
        turn=view["turn"],
        won_by=tuple(view["winners"]) if over else (),
        rng=chance,
    )
    state.reset_records(replayable=False)
    return state


__all__ = ["determinize", "from_view"]
