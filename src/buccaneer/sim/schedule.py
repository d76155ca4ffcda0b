"""Who plays whom, in which seat: a round robin over line-ups, with seats rotated.

For each player count, a line-up is a multiset of entrants: every set of distinct entrants when
the field is large enough, else every mix that repeats entrants but has at least two different
ones (a game of one bot against itself measures nothing). Game i of a player count plays
line-up i mod L, rotated by (i div L) seats, so every entrant sits in every seat equally often
over complete cycles, which cancels the first-player advantage.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

from buccaneer.core import OptionError
from buccaneer.core.rng import nth_seed
from buccaneer.sim.games import Entrant, GameJob


def lineups(entrants: Sequence[Entrant], players: int) -> list[tuple[Entrant, ...]]:
    """The line-ups for one player count, in a fixed order."""
    if len(entrants) < 2:
        raise OptionError("a tournament needs at least two different bots")
    if len(entrants) >= players:
        return list(combinations(entrants, players))
    return [
        lineup
        for lineup in combinations_with_replacement(entrants, players)
        if len({entrant.label for entrant in lineup}) > 1
    ]


def seating(lineup: tuple[Entrant, ...], rotation: int) -> tuple[Entrant, ...]:
    """Seat s gets line-up member (s + rotation) mod n."""
    n = len(lineup)
    return tuple(lineup[(seat + rotation) % n] for seat in range(n))


def cycle_length(entrants: Sequence[Entrant], players: int) -> int:
    """Games for every line-up in every rotation once: the fair unit of a schedule."""
    return len(lineups(entrants, players)) * players


def schedule(
    *,
    game: str,
    entrants: Sequence[Entrant],
    player_counts: Sequence[int],
    games: int,
    base_seed: int,
    options: dict[str, Any],
    max_actions: int = 100_000,
) -> list[GameJob]:
    """`games` games per player count; game k of the whole tournament uses seed base + k."""
    labels = [entrant.label for entrant in entrants]
    if len(set(labels)) != len(labels):
        raise OptionError("a bot is listed twice; give each bot once (parameters make a new bot)")
    jobs: list[GameJob] = []
    for players in player_counts:
        ups = lineups(entrants, players)
        for i in range(games):
            lineup = ups[i % len(ups)]
            rotation = (i // len(ups)) % players
            index = len(jobs)
            jobs.append(
                GameJob(
                    index=index,
                    game=game,
                    players=players,
                    options=dict(options),
                    seed=nth_seed(base_seed, index),
                    seats=seating(lineup, rotation),
                    max_actions=max_actions,
                )
            )
    return jobs
