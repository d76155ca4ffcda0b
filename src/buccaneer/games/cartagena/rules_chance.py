"""Cartagena's shuffles: `core.rng.Rng.shuffle`, the same draws in one function.

A game shuffles the 102-card deck at setup, the discard pile each time the draw pile runs out,
and every sampled world (`determinize`) deals the unseen cards: in playouts and searches that
was most of the time spent outside the moves, most of it in the two method calls per card of
`Rng.shuffle` (`below`, then `next64`). `shuffle` here runs the same SplitMix64 steps and the
same Fisher-Yates swaps inline and leaves the generator where `Rng.shuffle` leaves it, so every
game, record and compiled-kernel comparison is unchanged (tests/games/cartagena/test_fast_paths.py
checks it against `Rng.shuffle`).
"""

from __future__ import annotations

from typing import TypeVar

from buccaneer.core.rng import Rng

T = TypeVar("T")

# SplitMix64 (Steele, Lea & Flood 2014), as in core/rng.py.
MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


def shuffle(rng: Rng, items: list[T]) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` does, advancing `rng` alike."""
    state = rng.state
    for i in range(len(items) - 1, 0, -1):
        state = (state + GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * MIX1) & MASK
        z = ((z ^ (z >> 27)) * MIX2) & MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    rng.state = state


__all__ = ["shuffle"]
