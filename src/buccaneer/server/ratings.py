"""Ratings: each account's openskill rating per game, moved once when a rated table ends.

The model is openskill's Plackett-Luce over the finishing order of teams (docs/server.md,
"Ratings"). In a game without teams every seat is a team of one, ranked by (won, score): ties
share a rank. A game whose `GameSpec.teams` names each seat's team at the end (a hidden-team
game) rates a seat with its team: the team ranks by its members' (won, score), so the winning
team(s) come first and every teammate moves as one. A forfeited seat (`Seat.forfeited`) leaves
its team and ranks last, below everyone. The functions here are pure; `Ratings` is the glue
that a server runs: the bot accounts at start, the watcher that rates a table when it ends
(claimed in one conditional statement, so one process does it, once) and the sweep that rates
what a crash left unrated.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from openskill.models import PlackettLuce

from buccaneer.agents.levels import LEVEL_NAMES, level_spec
from buccaneer.core import GameSpec, State
from buccaneer.server.repository_ratings import RatingsRepository
from buccaneer.server.storage import OVER
from buccaneer.server.tables import LiveTable, Refused, Step

log = logging.getLogger("buccaneer.server")

MODEL = PlackettLuce()
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma

# The server's bot levels (the ones the lobby offers, web/src/bots.ts), each an account of
# role 'bot' with a rating of its own: a rated table may seat these and no other bots. Each
# level plays the agent the game's published ladder named so (agents/levels.py).
RATED_BOTS: dict[str, str] = {level_spec(name): f"Bot: {name}" for name in LEVEL_NAMES}
# The rated bots before the named levels, by the agent each played: their accounts stay in an
# older database (its leaderboards still list them, naming that agent), but a new rated table
# no longer seats them.
RETIRED_BOTS: dict[str, str] = {
    "random": "Bot: random",
    "heuristic": "Bot: heuristic",
    "ismcts:time=1": "Bot: ismcts 1 s",
    "ismcts:time=3": "Bot: ismcts 3 s",
}


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate shown and sorted by: mu - 3 sigma."""
    return mu - 3 * sigma


def finishing_order(
    spec: GameSpec, state: State, forfeited: Sequence[int] = ()
) -> list[tuple[int, list[int]]]:
    """The finished game's teams as (rank, seats), best first (rank 1); equal teams share a
    rank. Teams are the game's own at the end (`GameSpec.teams`) or one per seat; a team ranks
    by its best member's (won, score). Forfeited seats are teams of one, ranked last."""
    players = len(state.scores())
    scores = state.scores()
    winners = set(state.winners())
    labels = spec.teams(state) if spec.teams is not None else [str(s) for s in range(players)]
    out = set(forfeited)
    groups: dict[str, list[int]] = {}
    for seat in range(players):
        if seat not in out:
            groups.setdefault(labels[seat], []).append(seat)
    keys = {
        label: max((seat in winners, scores[seat]) for seat in seats)
        for label, seats in groups.items()
    }
    order = [
        (1 + sum(other > keys[label] for other in keys.values()), seats)
        for label, seats in groups.items()
    ]
    last = max((rank for rank, _ in order), default=0) + 1
    order += [(last, [seat]) for seat in sorted(out) if seat < players]
    return sorted(order, key=lambda item: (item[0], item[1]))


def new_ratings(
    order: Sequence[tuple[int, Sequence[int]]],
    accounts: Sequence[int | None],
    current: Mapping[int, Rating],
) -> dict[int, Rating]:
    """Each account's rating after the game: `order` from `finishing_order`, `accounts` each
    seat's account (None: a seat nobody's rating is kept for, rated from the default), `current`
    the accounts' ratings before (the default where missing). An account at several seats (a bot
    level playing itself) is rated at each from its rating before and moves by the mean of its
    seats' changes, its sigma the smallest of theirs."""

    def before(seat: int) -> Rating:
        account = accounts[seat]
        found = current.get(account) if account is not None else None
        return found or Rating(DEFAULT_MU, DEFAULT_SIGMA)

    teams = [
        [MODEL.rating(mu=before(s).mu, sigma=before(s).sigma) for s in seats] for _, seats in order
    ]
    # A game of one team taught nothing: nobody finished ahead of anyone.
    ranks = [float(rank) for rank, _ in order]
    after = teams if len(teams) < 2 else MODEL.rate(teams, ranks=ranks)
    moves: dict[int, list[tuple[float, float]]] = {}
    for (_, seats), team in zip(order, after, strict=True):
        for seat, rating in zip(seats, team, strict=True):
            account = accounts[seat]
            if account is not None:
                moves.setdefault(account, []).append((rating.mu - before(seat).mu, rating.sigma))
    out: dict[int, Rating] = {}
    for account, changes in moves.items():
        old = current.get(account) or Rating(DEFAULT_MU, DEFAULT_SIGMA)
        mu = old.mu + sum(d for d, _ in changes) / len(changes)
        out[account] = Rating(mu, min(s for _, s in changes))
    return out


def check_rateable(seats: Sequence[Mapping[str, object]], bot_accounts: Mapping[str, int]) -> None:
    """A new rated table's seats (as `Masters.create` stores them): every bot one of the
    server's rated levels, every person's seat taken by an account (the creator's own seat) or
    kept for one (an invite or open seat, taken only with an account). `not_rateable` else."""
    for i, seat in enumerate(seats):
        if seat["kind"] == "bot":
            if seat.get("agent") not in bot_accounts:
                levels = ", ".join(name for name in RATED_BOTS if name in bot_accounts)
                raise Refused(
                    "not_rateable",
                    f"seat {i}: a rated table's bots are the server's rated levels ({levels})",
                )
        elif seat.get("claimed") and seat.get("account_id") is None:
            raise Refused(
                "not_rateable",
                f"seat {i}: on a rated table every player has an account (log in or play "
                "as a guest)",
            )


class Host(Protocol):
    """What `Ratings` needs of the table masters (`Masters`)."""

    ratings: RatingsRepository
    bot_accounts: dict[str, int]

    def now(self) -> float: ...

    async def get(self, table_id: str) -> Any: ...


class Ratings:
    """The server's side of ratings: bot accounts, the watcher and the sweep."""

    def __init__(self, masters: Host) -> None:
        self.masters = masters
        self.repository = masters.ratings

    async def start(self) -> None:
        """The bot levels' accounts (made once, whichever process starts first)."""
        found = await self.repository.bot_accounts(RATED_BOTS, self.masters.now())
        self.masters.bot_accounts.update(found)
        missing = set(RATED_BOTS) - set(found)
        if missing:
            log.warning("no rated bot account for %s: a person holds its name", sorted(missing))

    async def watch(self, live: LiveTable, kind: str, step: Step | None) -> None:
        """`Masters.watchers`: a rated table that has just ended is rated."""
        if kind == "version" and live.status == OVER and live.rated:
            await self.rate(live)

    async def rate(self, live: LiveTable) -> bool:
        """Rate a finished table unless it is casual or rated already; whether this did. A
        table closed by the operator before its game ended has no finishing order: its job is
        claimed (so that the sweep stops finding it) and nobody is rated."""
        if not live.state.is_over():
            await self.repository.rate_table(
                live.id,
                live.spec.name,
                [],
                dict,
                now=self.masters.now(),
                default=(DEFAULT_MU, DEFAULT_SIGMA),
            )
            return False
        order = finishing_order(live.spec, live.state, [s.seat for s in live.seats if s.forfeited])
        accounts = [s.account_id for s in live.seats]

        def compute(current: dict[int, tuple[float, float]]) -> dict[int, tuple[float, float]]:
            before = {a: Rating(mu, sigma) for a, (mu, sigma) in current.items()}
            after = new_ratings(order, accounts, before)
            return {a: (r.mu, r.sigma) for a, r in after.items()}

        return await self.repository.rate_table(
            live.id,
            live.spec.name,
            [a for a in accounts if a is not None],
            compute,
            now=self.masters.now(),
            default=(DEFAULT_MU, DEFAULT_SIGMA),
        )

    async def sweep(self, limit: int = 100) -> int:
        """Rate finished rated tables nobody rated (a process stopped between the last move
        and the rating); how many this rated."""
        done = 0
        for table_id in await self.repository.unrated_tables(limit):
            with contextlib.suppress(Refused):  # an unreadable table stops no other
                master = await self.masters.get(table_id)
                if master is not None and master.live.status == OVER:
                    done += await self.rate(master.live)
        return done

    async def run(self, every: float) -> None:
        """The sweep, now and every `every` seconds."""
        while True:
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("ratings sweep")
            await asyncio.sleep(every)


__all__ = [
    "DEFAULT_MU",
    "DEFAULT_SIGMA",
    "MODEL",
    "RATED_BOTS",
    "RETIRED_BOTS",
    "Rating",
    "Ratings",
    "check_rateable",
    "finishing_order",
    "new_ratings",
    "ordinal",
]
