"""Small helpers for the words people read (boards, logs, the command line)."""

from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """ "1 card", "3 cards", "2 boxes" (with `words`): a count with its noun in agreement."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


__all__ = ["plural"]
