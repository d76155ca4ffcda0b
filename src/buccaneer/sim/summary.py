"""From game results to the figures people read: win rates with 95 % intervals, mean scores,
time per move, head-to-head records, team make-ups and ratings. Plain JSON-able dicts, so the
table, the plot and the saved file all show the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from buccaneer.sim.games import GameResult
from buccaneer.sim.ratings import rate, seat_ranks
from buccaneer.sim.stats import wilson


def win_share(result: GameResult, seat: int) -> float:
    """1 for a sole winner, 1/k for one of k winners (a team's win counts whole per member)."""
    if seat not in result.winners:
        return 0.0
    if result.teams is not None:  # team games: every member of a winning team won it whole
        return 1.0 / len({result.teams[w] for w in result.winners})
    return 1.0 / len(result.winners)


def _rate_entry(wins: float, trials: int) -> dict[str, Any]:
    low, high = wilson(wins, trials)
    return {
        "games": trials,
        "wins": wins,
        "win_rate": wins / trials if trials else None,
        "ci95": [low, high],
    }


def per_bot(results: Sequence[GameResult], labels: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Each entrant over its seats: win rate with interval, mean score, time per move."""
    table: dict[str, dict[str, Any]] = {}
    for label in labels:
        wins = 0.0
        seats = 0
        score = 0.0
        moves = 0
        think = 0.0
        for result in results:
            if not result.finished:
                continue
            for seat, who in enumerate(result.seats):
                if who != label:
                    continue
                seats += 1
                wins += win_share(result, seat)
                score += result.scores[seat]
                moves += result.moves[seat]
                think += result.think[seat]
        entry = _rate_entry(wins, seats)
        entry["mean_score"] = score / seats if seats else None
        entry["moves"] = moves
        entry["ms_per_move"] = 1000 * think / moves if moves else None
        table[label] = entry
    return table


def head_to_head(
    results: Sequence[GameResult], labels: Sequence[str]
) -> dict[str, dict[str, dict[str, Any]]]:
    """For each ordered pair (a, b): how often a's seat finished ahead of b's seat in games where
    both played (ranked by winning, then score; a tie counts half). In 2-player games this is the
    plain win rate of a against b."""
    pairs: dict[str, dict[str, list[float]]] = {a: {b: [0.0, 0] for b in labels} for a in labels}
    for result in results:
        if not result.finished:
            continue
        ranks = seat_ranks(result)
        for sa, a in enumerate(result.seats):
            for sb, b in enumerate(result.seats):
                if a == b:
                    continue
                cell = pairs[a][b]
                cell[1] += 1
                cell[0] += 1.0 if ranks[sa] < ranks[sb] else 0.5 if ranks[sa] == ranks[sb] else 0.0
    return {
        a: {b: _rate_entry(cell[0], int(cell[1])) for b, cell in row.items() if a != b}
        for a, row in pairs.items()
    }


def team_makeups(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """Team games: how teams did by who was in them ("heuristic+random", ...), over all games."""
    tally: dict[str, list[float]] = {}
    for result in results:
        if not result.finished or result.teams is None:
            continue
        members: dict[str, list[int]] = {}
        for seat, team in enumerate(result.teams):
            members.setdefault(team, []).append(seat)
        for seats in members.values():
            makeup = "+".join(sorted(result.seats[s] for s in seats))
            cell = tally.setdefault(makeup, [0.0, 0])
            cell[1] += 1
            cell[0] += win_share(result, seats[0])
    return [
        {"team": makeup, **_rate_entry(cell[0], int(cell[1]))}
        for makeup, cell in sorted(tally.items())
    ]


def summarise(results: Sequence[GameResult], labels: Sequence[str]) -> dict[str, Any]:
    """The whole report: overall, per player count, head to head, teams and ratings."""
    counts = sorted({result.players for result in results})
    by_count = {
        str(n): {
            "games": sum(1 for r in results if r.players == n),
            "bots": per_bot([r for r in results if r.players == n], labels),
            "head_to_head": head_to_head([r for r in results if r.players == n], labels),
        }
        for n in counts
    }
    finished = [r for r in results if r.finished]
    return {
        "games": len(results),
        "unfinished": len(results) - len(finished),
        "mean_actions": sum(r.actions for r in finished) / len(finished) if finished else None,
        "bots": per_bot(results, labels),
        "ratings": rate(results, labels),
        "by_players": by_count,
        "teams": team_makeups(results) or None,
    }
