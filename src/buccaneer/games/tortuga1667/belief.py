"""What a seat may believe about everyone's loyalty: every assignment its knowledge allows,
weighed by how likely the table's public play is under it (issue 24; docs/bots.md, "Beliefs").

A seat knows its own loyalty card, the ones Cabin Fever showed it, and the team sizes
("British = French = n // 2 and one Dutch when n is odd", docs/rulings.md). With at most nine
seats the assignments that agree with all of that are few (at most 560), so they are
enumerated exactly rather than sampled. Each is weighed by the public evidence: per seat, the
log-likelihood of everything it did in the open under each loyalty (`Fields.evidence`, kept by
`bot_evidence.py` and shown in every view). A seat's play depends on its own loyalty only, so
the weight of an assignment is the product of its seats' likelihoods: Bayes' rule with the
uniform deal as the prior.

Everything here is a function of the seat's view (its loyalty, what it was shown, and the
public evidence), so two states that differ only in what the seat cannot know give the same
belief; `tests/games/tortuga1667/test_belief.py` checks it with twins.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import permutations
from typing import Any

import numpy as np

from buccaneer.core.rng import Rng
from buccaneer.games.tortuga1667.components import TEAMS, team_sizes
from buccaneer.games.tortuga1667.fields import Fields

# One seat's evidence: log-likelihoods of its public play if British, French, Dutch, and if it
# plays aimlessly (each open choice as likely as any other, whatever its loyalty).
Row = tuple[float, float, float, float]
# The prior that a seat plays by some sense of its loyalty rather than aimlessly. The evidence
# of a seat is read as a mixture of the two over its whole play, so a seat whose moves the
# model cannot explain under any loyalty (a beginner, a random bot) says nothing either way,
# instead of pointing firmly at whichever loyalty fits its odd moves a little better.
SENSIBLE = 0.9
# Per seat: the probability, or the log-likelihood, of each loyalty (British, French, Dutch).
Marginal = tuple[float, float, float]
# An assignment: each seat's team id; a belief: assignments with probabilities, likeliest first.
Assignment = tuple[int, ...]
Belief = tuple[tuple[Assignment, float], ...]
# The belief of one seat, cached by everything it depends on (rollouts and every search
# iteration ask again for the same root). A pure cache: emptied when it holds this many.
KEPT = 20_000
_CACHE: dict[tuple[object, ...], Belief] = {}


def no_evidence(players: int) -> tuple[Row, ...]:
    """Every seat's row before anyone has played: nothing learned."""
    return ((0.0, 0.0, 0.0, 0.0),) * players


def loyalty_rows(evidence: tuple[Row, ...]) -> tuple[Marginal, ...]:
    """Per seat, the log-likelihood of its open play under each loyalty, aimless play mixed
    in with weight 1 - SENSIBLE: log(SENSIBLE * e^x + (1 - SENSIBLE) * e^aimless)."""
    rows = []
    for british, french, dutch, aimless in evidence:
        row = []
        for x in (british, french, dutch):
            top = max(x, aimless)
            row.append(
                top
                + math.log(SENSIBLE * math.exp(x - top) + (1 - SENSIBLE) * math.exp(aimless - top))
            )
        rows.append((row[0], row[1], row[2]))
    return tuple(rows)


@lru_cache(maxsize=512)
def deals(players: int, fixed: tuple[int, ...]) -> tuple[Assignment, ...]:
    """Every assignment of the game's loyalty cards to the seats that gives seat s the team
    `fixed[s]` where that is not -1 (the seat's own card, what it was shown), in a fixed order.
    Empty when the fixed teams need more cards of a team than the game has."""
    left = list(team_sizes(players))
    for team in fixed:
        if team >= 0:
            left[team] -= 1
    if min(left) < 0:
        return ()
    cards = [team for team, count in enumerate(left) for _ in range(count)]
    free = [s for s, team in enumerate(fixed) if team < 0]
    result = []
    for dealt in sorted(set(permutations(cards))):
        assignment = list(fixed)
        for s, team in zip(free, dealt, strict=True):
            assignment[s] = team
        result.append(tuple(assignment))
    return tuple(result)


def seat_belief(state: Fields, seat: int | None) -> Belief:
    """`seat`'s belief (None: a spectator's) in `state`, from what its view holds: its own
    loyalty card, the ones it was shown, every card once the game is over, and the public
    evidence."""
    players = state.players
    if state.winner_team >= 0:
        fixed = tuple(state.loyalty)
    else:
        shown = state.memory[seat].get("loyalties", {}) if seat is not None else {}
        fixed = tuple(state.loyalty[s] if s == seat else shown.get(s, -1) for s in range(players))
    return believe(players, fixed, state.evidence)


def believe(players: int, fixed: tuple[int, ...], evidence: tuple[Row, ...]) -> Belief:
    """The assignments `deals(players, fixed)` with their posterior probabilities given
    `evidence`, likeliest first (ties in deal order). Raises ValueError when the fixed teams
    allow no assignment at all (an inconsistent view)."""
    key = (players, fixed, evidence)
    known = _CACHE.get(key)
    if known is not None:
        return known
    options = deals(players, fixed)
    if not options:
        raise ValueError(f"no deal of the loyalty cards gives the seats {fixed}")
    rows = loyalty_rows(evidence)
    logs = [sum(rows[s][team] for s, team in enumerate(a)) for a in options]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    total = sum(weights)
    ranked = sorted(
        zip(options, [w / total for w in weights], strict=True),
        key=lambda pair: -pair[1],
    )
    result = tuple(ranked)
    if len(_CACHE) >= KEPT:
        _CACHE.clear()
    _ROWS.clear()
    _CACHE[key] = result
    return result


@lru_cache(maxsize=512)
def _deal_table(players: int, fixed: tuple[int, ...]) -> tuple[Any, Any]:
    """`deals(players, fixed)` as arrays: the teams (deals x seats) and their one-hot rows
    (deals x seats * 3), for `marginal_rows`."""
    options = deals(players, fixed)
    if not options:
        raise ValueError(f"no deal of the loyalty cards gives the seats {fixed}")
    teams = np.array(options, dtype=np.intp)
    count = len(options)
    onehot = np.zeros((count, players, 3))
    onehot[np.arange(count)[:, None], np.arange(players)[None, :], teams] = 1.0
    return teams, onehot.reshape(count, players * 3)


# Up to this many deals, `marginal_rows` sums in plain Python.
SMALL = 40
_ROWS: dict[tuple[object, ...], tuple[Marginal, ...]] = {}


def marginal_rows(
    players: int, fixed: tuple[int, ...], evidence: tuple[Row, ...]
) -> tuple[Marginal, ...]:
    """Per seat, the probability of each team under `believe(players, fixed, evidence)`,
    without listing the deals (numpy over the deal table): what the heuristic bot reads at
    every decision, and the public model for every seat's every open action."""
    key = (players, fixed, evidence)
    known = _ROWS.get(key)
    if known is not None:
        return known
    options = deals(players, fixed)
    rows = loyalty_rows(evidence)
    if len(options) <= SMALL:
        # A few deals (up to six players): plain Python beats numpy's call overhead.
        if not options:
            raise ValueError(f"no deal of the loyalty cards gives the seats {fixed}")
        logs = [sum([rows[s][t] for s, t in enumerate(a)]) for a in options]
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        total = sum(weights)
        sums = [[0.0, 0.0, 0.0] for _ in range(players)]
        for a, w in zip(options, weights, strict=True):
            for s, t in enumerate(a):
                sums[s][t] += w
        result = tuple((b / total, f / total, d / total) for b, f, d in sums)
    else:
        teams, onehot = _deal_table(players, fixed)
        logs_a = np.asarray(rows)[np.arange(players), teams].sum(axis=1)
        weights_a = np.exp(logs_a - logs_a.max())
        weights_a /= weights_a.sum()
        flat = (weights_a @ onehot).tolist()
        result = tuple((flat[3 * s], flat[3 * s + 1], flat[3 * s + 2]) for s in range(players))
    if len(_ROWS) >= KEPT:
        _ROWS.clear()
    _ROWS[key] = result
    return result


def marginals(belief: Belief, players: int) -> list[list[float]]:
    """Per seat, the probability of each team (British, French, Dutch) under `belief`."""
    rows = [[0.0, 0.0, 0.0] for _ in range(players)]
    for assignment, p in belief:
        for s, team in enumerate(assignment):
            rows[s][team] += p
    return rows


def draw(belief: Belief, chance: Rng) -> Assignment:
    """One assignment drawn from `belief` with the game's own random stream (for a sampled
    world, as `determinize` draws the rest of it)."""
    x = chance.next64() / 2.0**64
    for assignment, p in belief:
        x -= p
        if x < 0:
            return assignment
    return belief[-1][0]  # rounding: the sum of the probabilities fell a hair short of 1


def named(belief: Belief) -> list[tuple[tuple[str, ...], float]]:
    """`belief` with team names ("british", "french", "dutch") for the protocol's `belief`."""
    return [(tuple(TEAMS[t] for t in a), p) for a, p in belief]


def clear_cache() -> None:
    """Empty the cache of beliefs (it never changes a value: for tests and memory)."""
    _CACHE.clear()


__all__ = [
    "Assignment",
    "Belief",
    "Row",
    "believe",
    "clear_cache",
    "deals",
    "draw",
    "loyalty_rows",
    "marginal_rows",
    "marginals",
    "named",
    "no_evidence",
    "seat_belief",
]
