"""The strength ladder: which tables a field of agents plays, and the named levels it yields.

A round robin over every line-up (`sim/schedule.py`) does not scale to a ladder: seven agents
at nine seats have thousands of line-ups. The ladder plays *tables* instead, chosen so that
every pair of agents meets at every player count in as few games as a simple greedy finds:

- fewer seats than agents: distinct agents per table, each table the one that seats the most
  pairs not yet met (ties: the agents seated least so far), until every pair has met; at two
  seats these are exactly the pairs;
- at least as many seats as agents: every agent at every table, the seats left over going to
  each agent in turn, one table per agent, so every agent holds the extra seats equally often.

Each table is played `games` times (`-n`), rotated one seat further each time and starting
from a different seat at every table (`schedule.seating`), so no agent keeps the first seat.
Games are ordered round by round (every table's first game, then every table's second, ...),
so a ladder stopped early still has every pair met at every count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from buccaneer.agents.levels import LEVEL_NAMES, Level
from buccaneer.core import OptionError
from buccaneer.core.rng import nth_seed
from buccaneer.sim.games import Entrant, GameJob
from buccaneer.sim.schedule import seating

ISMCTS_BUDGETS = (10, 40, 160)
"""The standard ladder's ISMCTS iterations a move, a factor of four apart so the rungs differ
clearly: 10 is barely a search (little more than the heuristic that guides it), 160 is near the
200 at which ISMCTS beat the Tortuga heuristic in 73 % of 100 games (docs/bots.md). Iterations,
not seconds: the same games on any machine and under any load, which a resumed or repeated
ladder needs, and a whole default ladder (two games a table) fits in an hour of two cores."""

GUIDED_BUDGET = ISMCTS_BUDGETS[1]
"""Guided ISMCTS plays at the middle rung's iterations, so the two meet at an equal budget."""

STANDARD = (
    "random",
    "heuristic",
    *(f"ismcts:iterations={n}" for n in ISMCTS_BUDGETS),
)
"""The agents every ladder has by default."""

LEARNED = ("learned", f"guided:iterations={GUIDED_BUDGET}")
"""The agents a default ladder adds for a game whose trained weights play (`cli_support`)."""


def tables(agents: int, seats: int) -> list[tuple[int, ...]]:
    """The tables of one player count as agent indices in seat order (module docstring)."""
    if agents < 2:
        raise OptionError("a ladder needs at least two different agents")
    if seats >= agents:
        extra = seats - agents
        return [
            tuple(range(agents)) + tuple((t + j) % agents for j in range(extra))
            for t in range(agents)
        ]
    unmet = {frozenset(pair) for pair in combinations(range(agents), 2)}
    seated = [0] * agents
    chosen: list[tuple[int, ...]] = []
    while unmet:
        table: list[int] = []
        for _ in range(seats):
            candidates = [a for a in range(agents) if a not in table]
            merits = {a: _merit(a, tuple(table), unmet, seated) for a in candidates}
            table.append(max(candidates, key=merits.__getitem__))
        for a, b in combinations(table, 2):
            unmet.discard(frozenset((a, b)))
        for a in table:
            seated[a] += 1
        chosen.append(tuple(table))
    return chosen


def _merit(
    agent: int, table: tuple[int, ...], unmet: set[frozenset[int]], seated: list[int]
) -> tuple[int, int, int, int]:
    """How much seating `agent` at `table` is worth: the pairs it meets for the first time,
    then the pairs it still has to meet, then being seated least so far, then coming first."""
    new = sum(frozenset((agent, b)) in unmet for b in table)
    left = sum(agent in pair for pair in unmet)
    return new, left, -seated[agent], -agent


@dataclass(frozen=True)
class Slot:
    """Where a game sits in the ladder: its game, player count, table and round."""

    game: str
    players: int
    table: int
    round: int


def schedule(
    *,
    fields: Mapping[str, Sequence[Entrant]],
    player_counts: Mapping[str, Sequence[int]],
    games: int,
    seed: int,
    options: Mapping[str, Mapping[str, Any]],
    max_actions: int = 100_000,
) -> list[tuple[Slot, GameJob]]:
    """Every game of the ladder, round by round. A game's index counts the games of its own
    game (ratings are per game and read games in index order); its seed is `seed` + index."""
    if games < 1:
        raise OptionError(f"-n must be at least 1 game per table, got {games}")
    laid: list[tuple[Slot, GameJob]] = []
    counters = dict.fromkeys(fields, 0)
    for rnd in range(games):
        for game, entrants in fields.items():
            labels = [e.label for e in entrants]
            if len(set(labels)) != len(labels):
                raise OptionError(f"{game}: an agent is listed twice")
            for players in player_counts[game]:
                for t, table in enumerate(tables(len(entrants), players)):
                    lineup = tuple(entrants[a] for a in table)
                    index = counters[game]
                    counters[game] += 1
                    job = GameJob(
                        index=index,
                        game=game,
                        players=players,
                        options=dict(options.get(game, {})),
                        seed=nth_seed(seed, index),
                        seats=seating(lineup, (t + rnd) % players),
                        max_actions=max_actions,
                    )
                    laid.append((Slot(game, players, t, rnd), job))
    return laid


def levels(ratings: Mapping[str, Mapping[str, float]]) -> list[Level]:
    """Named levels from one game's ratings (agent spec -> mu, sigma), weakest first.

    The agents are ordered by rating (mu, then the smaller sigma) and the names are spread
    evenly over them: the weakest is "beginner", the strongest "strongest", and "good" and
    "strong" the agents a third and two thirds of the way up. With fewer agents than names the
    names are spread the same way, so the ends stay "beginner" and "strongest".
    """
    order = sorted(ratings, key=lambda a: (ratings[a]["mu"], -ratings[a]["sigma"], a))
    if not order:
        return []
    last = len(LEVEL_NAMES) - 1
    if len(order) == 1:
        picks = [(last, order[0])]
    elif len(order) <= len(LEVEL_NAMES):
        picks = [(round(i * last / (len(order) - 1)), a) for i, a in enumerate(order)]
    else:
        picks = [(i, order[round(i * (len(order) - 1) / last)]) for i in range(last + 1)]
    return [
        Level(LEVEL_NAMES[i], agent, float(ratings[agent]["mu"]), float(ratings[agent]["sigma"]))
        for i, agent in picks
    ]
