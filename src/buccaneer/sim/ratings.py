"""Skill ratings with openskill (Plackett-Luce), which handles any number of seats per game.

Every seat is rated as a one-member team ranked by (won, score), so a multi-player game still
teaches who beat whom. When one entrant holds several seats of a game, each seat is rated from
the entrant's rating before the game and the entrant moves by the mean of its seats' changes.
Games are rated in schedule order, so the figures do not depend on which worker finished first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from openskill.models import PlackettLuce

from buccaneer.sim.games import GameResult


def seat_ranks(result: GameResult) -> list[int]:
    """1 for the best seat; seats that won, then higher scores, rank better; ties share."""
    keys = [(seat in result.winners, result.scores[seat]) for seat in range(result.players)]
    return [1 + sum(other > key for other in keys) for key in keys]


def rate(results: Iterable[GameResult], labels: Sequence[str]) -> dict[str, dict[str, float]]:
    """Each label's openskill mu, sigma and ordinal (mu - 3 sigma, the conservative estimate)."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {label: model.rating(name=label) for label in labels}
    for result in sorted(results, key=lambda r: r.index):
        if not result.finished:
            continue
        before = [ratings[label] for label in result.seats]
        teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
        after = model.rate(teams, ranks=[float(r) for r in seat_ranks(result)])
        moved: dict[str, list[tuple[float, float]]] = {}
        for seat, label in enumerate(result.seats):
            new = after[seat][0]
            moved.setdefault(label, []).append((new.mu - before[seat].mu, new.sigma))
        for label, changes in moved.items():
            mu = ratings[label].mu + sum(d for d, _ in changes) / len(changes)
            sigma = min(s for _, s in changes)
            ratings[label] = model.rating(mu=mu, sigma=sigma, name=label)
    return {
        label: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma}
        for label, r in ratings.items()
    }
