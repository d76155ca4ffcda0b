"""The engines' own random number generator.

Games draw all their chance from an `Rng` held in the state rather than from `random.Random`:
its whole state is one int, so cloning a state for search costs nothing, and its algorithm is
fixed here, so a record (seed + actions) replays bit-exactly on any Python version.
The generator is SplitMix64 (Steele, Lea & Flood 2014): tiny, fast and statistically sound for
shuffles and dice.
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
# A seed is a generator state: any int from 0 to MAX_SEED. Larger ones are refused rather than
# wrapped (2**64 + 5 would be the game of seed 5, and no record could hold it).
MAX_SEED = _MASK
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def nth_seed(base: int, index: int) -> int:
    """The seed of game `index` of a series from `base`: base + index, wrapping past MAX_SEED
    to 0 (reproducible and predictable, for experiments only; see docs/architecture.md)."""
    return (base + index) & MAX_SEED


class Rng:
    """A seeded SplitMix64 stream; `state` is a plain int and may be copied freely."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n); the bias of the multiply-shift map is below 2**-50 here."""
        return (self.next64() * n) >> 64

    def belows(self, n: int, count: int) -> list[int]:
        """`count` draws of `below(n)`, in order (the same stream): the generator inlined,
        for engines that roll several dice at once."""
        z0 = self.state
        result = []
        for _ in range(count):
            z0 = z = (z0 + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            result.append(((z ^ (z >> 31)) * n) >> 64)
        self.state = z0
        return result

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin


# Mixed into a game seed for the random choices of a game played whole in a compiled kernel
# (`GameSpec.fast_random_games`), so they form a stream apart from the game's chance stream.
_KERNEL_POLICY = 0x6B65726E656C5F70  # "kernel_p"


def kernel_policy_seed(game_seed: int) -> int:
    """The random choices' seed of the game of `game_seed` played whole in a compiled kernel:
    the first output of a SplitMix64 stream seeded with `game_seed ^ 0x6B65726E656C5F70`.
    Computed the same way in C, so one game can be replayed in the reference engine."""
    return Rng(game_seed ^ _KERNEL_POLICY).next64()
