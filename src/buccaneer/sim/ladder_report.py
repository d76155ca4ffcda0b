"""A ladder's figures: ratings with 95 % intervals and head-to-head records, per game, per
player count and pooled over the counts, as plain JSON-able dicts and CSV rows.

**Head to head, defined.** Agents A and B *met* in a game when both held a seat. Seats are
ranked as the ratings rank them (`ratings.seat_ranks`: a win first, then the score; equal
seats share a rank). A's result against B in that game is the share of (A's seat, B's seat)
pairs in which A's seat ranks ahead, a shared rank counting half: 1 or 0 in a 2-player game
(the plain win rate), and in a team game 1/2 when both seats were on the same
side. Each game counts once however many seats A and B held, so the Wilson interval is over
games, which are independent (the seat pairs of one game are not).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from buccaneer.sim.games import GameResult
from buccaneer.sim.ratings import rate, seat_ranks
from buccaneer.sim.stats import Z95, wilson
from buccaneer.sim.summary import per_bot, win_share

POOLED = "all"
"""The key of the figures pooled over every player count."""


def duel(result: GameResult, a: str, b: str) -> float | None:
    """A's result against B in one game (module docstring); None when they did not meet."""
    ranks = seat_ranks(result)
    mine = [s for s, label in enumerate(result.seats) if label == a]
    theirs = [s for s, label in enumerate(result.seats) if label == b]
    if not mine or not theirs:
        return None
    points = sum(
        1.0 if ranks[x] < ranks[y] else 0.5 if ranks[x] == ranks[y] else 0.0
        for x in mine
        for y in theirs
    )
    return points / (len(mine) * len(theirs))


def head_to_head(
    results: Iterable[GameResult], labels: Sequence[str]
) -> dict[str, dict[str, dict[str, Any]]]:
    """row -> column -> games met, wins (row's results summed), win rate and 95 % interval."""
    finished = [r for r in results if r.finished]
    table: dict[str, dict[str, dict[str, Any]]] = {}
    for a in labels:
        row: dict[str, dict[str, Any]] = {}
        for b in labels:
            if a == b:
                continue
            scores = [s for r in finished if (s := duel(r, a, b)) is not None]
            wins, games = sum(scores), len(scores)
            low, high = wilson(wins, games)
            row[b] = {
                "games": games,
                "wins": wins,
                "win_rate": wins / games if games else None,
                "ci95": [low, high],
            }
        table[a] = row
    return table


def ratings(results: Iterable[GameResult], labels: Sequence[str]) -> dict[str, dict[str, Any]]:
    """openskill mu, sigma, ordinal (mu - 3 sigma) and the 95 % interval mu ± 1.96 sigma, with
    the seats each agent played (0: the rating is the prior, nothing was learned)."""
    kept = [r for r in results if r.finished]
    rated = rate(kept, labels)
    seats = {label: sum(r.seats.count(label) for r in kept) for label in labels}
    return {
        label: {
            **entry,
            "ci95": [entry["mu"] - Z95 * entry["sigma"], entry["mu"] + Z95 * entry["sigma"]],
            "seats": seats[label],
        }
        for label, entry in rated.items()
    }


def game_report(results: Sequence[GameResult], labels: Sequence[str]) -> dict[str, Any]:
    """One game's figures, pooled (`"all"`) and per player count (`"2"`, `"3"`, ...)."""
    ordered = sorted(results, key=lambda r: r.index)
    groups: dict[str, list[GameResult]] = {POOLED: ordered}
    for count in sorted({r.players for r in ordered}):
        groups[str(count)] = [r for r in ordered if r.players == count]
    return {
        "games": len(ordered),
        "unfinished": sum(not r.finished for r in ordered),
        "ratings": {key: ratings(group, labels) for key, group in groups.items()},
        "head_to_head": {key: head_to_head(group, labels) for key, group in groups.items()},
        "agents": {key: per_bot(group, labels) for key, group in groups.items()},
    }


def _csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


GAME_COLUMNS = (
    "game",
    "players",
    "index",
    "seed",
    "seat",
    "agent",
    "rank",
    "won",
    "win_share",
    "score",
    "team",
    "finished",
    "actions",
    "seconds",
    "moves",
    "think_seconds",
)


def games_csv(results: Iterable[tuple[str, GameResult]]) -> str:
    """One row per seat of every game: who sat there, its rank (1 best, shared on ties), whether
    it won, its share of the win, its score, its team (team games) and its time."""
    rows: list[list[Any]] = []
    for game, r in results:
        ranks = seat_ranks(r) if r.finished else [""] * r.players
        for seat, agent in enumerate(r.seats):
            rows.append(
                [
                    game,
                    r.players,
                    r.index,
                    r.seed,
                    seat,
                    agent,
                    ranks[seat],
                    int(seat in r.winners),
                    round(win_share(r, seat), 6) if r.finished else "",
                    r.scores[seat],
                    "" if r.teams is None else r.teams[seat],
                    int(r.finished),
                    r.actions,
                    round(r.seconds, 4),
                    r.moves[seat],
                    round(r.think[seat], 4),
                ]
            )
    return _csv(GAME_COLUMNS, rows)


def ratings_csv(reports: dict[str, dict[str, Any]]) -> str:
    rows = [
        [
            game,
            key,
            label,
            e["mu"],
            e["sigma"],
            e["ci95"][0],
            e["ci95"][1],
            e["ordinal"],
            e["seats"],
        ]
        for game, report in reports.items()
        for key, table in report["ratings"].items()
        for label, e in table.items()
    ]
    header = ("game", "players", "agent", "mu", "sigma", "low95", "high95", "ordinal", "seats")
    return _csv(header, rows)


def head_to_head_csv(reports: dict[str, dict[str, Any]]) -> str:
    rows = [
        [game, key, a, b, e["games"], e["wins"], e["win_rate"], e["ci95"][0], e["ci95"][1]]
        for game, report in reports.items()
        for key, table in report["head_to_head"].items()
        for a, row in table.items()
        for b, e in row.items()
    ]
    header = ("game", "players", "row", "column", "games", "wins", "win_rate", "low95", "high95")
    return _csv(header, rows)
