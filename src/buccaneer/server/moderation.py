"""Light moderation (docs/server.md, "Moderation"): who may vote to hand a seat to a bot and
how many votes carry it, the votes' bookkeeping, what a report keeps as evidence, mutes told
to every process, and the sweep that deletes old chat.

The commands themselves are the table master's (`TableMaster.hand_over`, `report`), which
holds the table's lock; this module holds the rules they follow and the state they share
(one `Moderation` per process, `Masters.moderation`), and knows nothing of sockets or HTTP.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from buccaneer.server.fanout import Fanout
from buccaneer.server.repository_moderation import ModerationRepository
from buccaneer.server.settings import Settings
from buccaneer.server.storage import ACTIVE
from buccaneer.server.tables import LiveTable, Refused, Step

log = logging.getLogger("buccaneer.server")
# A report's reason, in characters.
REASON_LENGTH = 1000
# How often the retention sweep runs at most (it is one DELETE; the sweep loop ticks often).
SWEEP_EVERY = 3600.0
DAY = 86_400.0


@dataclass(frozen=True)
class Tally:
    """The votes to hand `seat` to a bot: the seats that voted (only those that may vote
    now), how many votes carry it, and of how many voters."""

    seat: int
    voters: list[int]
    needed: int
    of: int

    @property
    def carried(self) -> bool:
        return len(self.voters) >= self.needed

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "voters": self.voters, "needed": self.needed, "of": self.of}


def voters(live: LiveTable, target: int) -> list[int]:
    """The seats whose vote counts for `target`: every other seat a person plays (bots, and
    seats handed to one, do not vote)."""
    return [s.seat for s in live.seats if s.kind == "human" and s.bot is None and s.seat != target]


def needed(count: int) -> int:
    """A majority of `count` voters: more than half."""
    return count // 2 + 1


def check_votable(live: LiveTable, by: int, target: Any) -> None:
    """`by` may vote on seat `target` (a seat a person plays, not its own), or `Refused`."""
    if live.status != ACTIVE:
        raise Refused("not_active", "seats are handed to bots during a game")
    if type(target) is not int or not 0 <= target < live.players:
        raise Refused("bad_message", f"there is no seat {target} at this table")
    if target == by:
        raise Refused("own_seat", "hand your own seat over by leaving the table")
    if live.seats[target].kind != "human" or live.seats[target].agent is not None:
        raise Refused("bot_seat", "a bot plays that seat already")
    if live.seats[by].bot is not None:
        raise Refused("handed", "a bot plays your seat: take it back to vote")


class Moderation:
    """One process's share of moderation: the votes' bookkeeping (which seats have votes, so
    that an action clears them without a query), mutes told to this process's connections,
    and the retention sweep's timing."""

    def __init__(
        self,
        repository: ModerationRepository,
        fanout: Fanout,
        settings: Settings,
        now: Callable[[], float],
    ) -> None:
        self.repository = repository
        self.fanout = fanout
        self.settings = settings
        self.now = now
        # (table, seat) with stored votes, as far as this process knows: read once from the
        # database, then kept up to date by the "votes" events every process hears.
        self.voted: set[tuple[str, int]] | None = None
        self.swept_at: float | None = None
        fanout.listen(self.hear)

    async def hear(self, event: dict[str, Any]) -> None:
        if event.get("kind") != "votes" or self.voted is None:
            return
        key = (str(event.get("table")), int(event.get("seat", -1)))
        if event.get("voters"):
            self.voted.add(key)
        else:
            self.voted.discard(key)

    async def known_votes(self) -> set[tuple[str, int]]:
        if self.voted is None:
            self.voted = await self.repository.voted_seats()
        return self.voted

    # -- votes --------------------------------------------------------------------------------

    async def idle(self, live: LiveTable, target: int, present: bool) -> bool:
        """Whether `target`'s player is idle: gone (no connection open, `present` False), or
        asked to decide and silent for `handover_idle_seconds` since the decision was put."""
        if not present:
            return True
        if target not in live.state.to_move():
            return False
        since = await self.repository.decision_time(live.id, live.asked_since[target])
        return since is not None and self.now() - since >= self.settings.handover_idle_seconds

    async def cast(self, live: LiveTable, by: int, target: int) -> Tally:
        """Store `by`'s vote for `target` and count the votes that still count."""
        await self.repository.cast_vote(live.id, target, by, self.now())
        (await self.known_votes()).add((live.id, target))
        return await self.tally(live, target)

    async def tally(self, live: LiveTable, target: int) -> Tally:
        allowed = voters(live, target)
        stored = (await self.repository.votes(live.id)).get(target, [])
        cast = sorted(voter for voter, _at in stored if voter in allowed)
        return Tally(target, cast, needed(len(allowed)), len(allowed))

    async def tallies(self, live: LiveTable) -> list[dict[str, Any]]:
        """Every seat's votes that count, for a client drawing the table from nothing."""
        out = []
        for seat in sorted((await self.repository.votes(live.id)).keys()):
            if live.seats[seat].bot is None:
                tally = await self.tally(live, seat)
                if tally.voters:
                    out.append(tally.public())
        return out

    async def clear(self, live: LiveTable, seat: int) -> None:
        """Drop the votes for `seat` (its player acted, or it was handed over) and tell the
        table."""
        await self.repository.clear_votes(live.id, seat)
        (await self.known_votes()).discard((live.id, seat))
        count = len(voters(live, seat))
        await self.announce(live, Tally(seat, [], needed(count), count))

    async def announce(self, live: LiveTable, tally: Tally) -> None:
        await self.fanout.publish({"kind": "votes", "table": live.id, **tally.public()})

    async def watch(self, live: LiveTable, kind: str, step: Step | None) -> None:
        """A `Masters` watcher: a seat's own action clears the votes to hand it over."""
        if kind != "version" or step is None:
            return
        if (live.id, step.seat) in await self.known_votes():
            await self.clear(live, step.seat)

    # -- reports ------------------------------------------------------------------------------

    def check_reason(self, reason: Any) -> str:
        text = " ".join(reason.split()) if isinstance(reason, str) else ""
        if not text:
            raise Refused("bad_request", "a report needs a reason")
        if len(text) > REASON_LENGTH:
            raise Refused("too_long", f"a report's reason may hold {REASON_LENGTH} characters")
        return text

    # -- mutes --------------------------------------------------------------------------------

    async def tell_mutes(self, account_id: int) -> None:
        """Tell every process's connections of this account whom it mutes now."""
        muted = [i for i, _name in await self.repository.muted_by(account_id)]
        await self.fanout.publish({"kind": "mutes", "account": account_id, "muted": muted})

    # -- retention ----------------------------------------------------------------------------

    async def sweep(self, force: bool = False) -> tuple[int, int] | None:
        """Delete the chat of tables finished more than `chat_retention_days` ago and the
        votes of finished tables, at most once every `SWEEP_EVERY` seconds (`force`: now)."""
        now = self.now()
        if not force and self.swept_at is not None and now - self.swept_at < SWEEP_EVERY:
            return None
        self.swept_at = now
        done = await self.repository.sweep(now - self.settings.chat_retention_days * DAY)
        if self.voted is not None and done[1]:
            self.voted = None  # read again when next needed
        return done


__all__ = ["Moderation", "Tally", "check_votable", "needed", "voters"]
