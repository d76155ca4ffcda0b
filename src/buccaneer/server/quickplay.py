"""Quick play: "play now" puts a person in a queue for a game and a player count; a matcher
seats the people waiting together, and after a wait fills the seats nobody took with bots
(docs/server.md, "Quick play").

The queue is in the database (`storage.queue`, its statements in `repository_queue.py`), so
any server process may take a person in, and any may run the matcher: each step holds the
queue against every other process (`QueueRepository.locked`), groups the waiting people
(`groups`, a plain function of the rows and the time) and opens one table for each group
through the table masters (`Masters.open`). Each seated person's seat token waits in their
queue row until they ask for it (`QuickPlay.status`), and is then cleared from the row.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import buccaneer
from buccaneer.agents.levels import LEVEL_NAMES, level_spec
from buccaneer.core import OptionError, get_spec
from buccaneer.server.auth import new_token, token_hash
from buccaneer.server.bots import check_agent
from buccaneer.server.clocks import clock_settings
from buccaneer.server.links import table_link
from buccaneer.server.master import DRAINING_MESSAGE, Masters
from buccaneer.server.ratings import RATED_BOTS
from buccaneer.server.repository_queue import QueueRepository
from buccaneer.server.tables import Owner, Refused

log = logging.getLogger("buccaneer.server")

# Seconds the oldest person of a group waits before bots fill the seats nobody took: the
# default, and the bounds a request may choose.
DEFAULT_WAIT = 30.0
MIN_WAIT = 5.0
MAX_WAIT = 300.0
DEFAULT_BOT = level_spec("good")
LEVELS = tuple(level_spec(name) for name in LEVEL_NAMES)
# Rated queues seat together only people whose ratings (openskill ordinals, mu - 3 sigma; 0
# for a newcomer) lie within a window: WINDOW_BASE points for people who have just come, and
# WINDOW_GROWTH points wider for each second the shorter-waiting of them has waited.
WINDOW_BASE = 5.0
WINDOW_GROWTH = 1.0
# How often each process's matcher looks at the queue (and right after each join).
MATCH_SECONDS = 1.0
# A quick table's pace: bots wait this long before each move, as a lobby table's default.
BOT_DELAY = 0.5


@dataclass(frozen=True)
class Waiting:
    """One person in the queue."""

    id: int
    account_id: int
    name: str
    game: str
    players: int
    rated: bool
    bot: str
    wait: float
    rating: float
    joined_at: float

    @classmethod
    def of(cls, row: Any) -> Waiting:
        return cls(
            id=int(row.id),
            account_id=int(row.account_id),
            name=str(row.name),
            game=str(row.game),
            players=int(row.players),
            rated=bool(row.rated),
            bot=str(row.bot),
            wait=float(row.wait),
            rating=float(row.rating if row.rating is not None else 0.0),
            joined_at=float(row.joined_at),
        )


@dataclass(frozen=True)
class Group:
    """People to seat at one table; the first is the one who waited longest, whose bot level
    fills the other seats."""

    people: tuple[Waiting, ...]

    @property
    def first(self) -> Waiting:
        return self.people[0]

    @property
    def bots(self) -> int:
        return self.first.players - len(self.people)


def window(waited: float) -> float:
    """How far apart two ratings may be in a rated group whose shortest wait is `waited`."""
    return WINDOW_BASE + WINDOW_GROWTH * max(0.0, waited)


def fits(people: Sequence[Waiting], now: float) -> bool:
    """Whether `people` may sit together: always at a casual table; at a rated one when their
    ratings span no more than the window of the shortest wait among them."""
    if not people[0].rated:
        return True
    ratings = [p.rating for p in people]
    shortest = min(now - p.joined_at for p in people)
    return max(ratings) - min(ratings) <= window(shortest)


def groups(entries: Sequence[Waiting], now: float) -> list[Group]:
    """The tables to open now. For each queue (game, players, rated), from the longest
    waiting person on: they and the others who fit with them (at a rated table the closest
    ratings first, else in the order they came) make a group; a full group sits down at once,
    and one whose first person has waited their `wait` sits down with bots in the empty
    seats. A person whose group is neither waits on, and the next in line gets a go."""
    queues: dict[tuple[str, int, bool], list[Waiting]] = {}
    for entry in sorted(entries, key=lambda e: (e.joined_at, e.id)):
        queues.setdefault((entry.game, entry.players, entry.rated), []).append(entry)
    found: list[Group] = []
    for line in queues.values():
        pool = list(line)
        while pool:
            first, others = pool[0], pool[1:]
            if first.rated:
                others.sort(key=lambda e: (abs(e.rating - first.rating), e.joined_at, e.id))
            group = [first]
            for other in others:
                if len(group) == first.players:
                    break
                if fits([*group, other], now):
                    group.append(other)
            if len(group) == first.players or now - first.joined_at >= first.wait:
                found.append(Group(tuple(group)))
                taken = {p.id for p in group}
                pool = [p for p in pool if p.id not in taken]
            else:
                pool = pool[1:]
    return found


class QuickPlay:
    """The queue's commands (join, status, leave) and its matcher, over the table masters."""

    def __init__(self, masters: Masters, queue: QueueRepository) -> None:
        self.masters = masters
        self.queue = queue
        self.random = random.SystemRandom()

    async def join(
        self,
        account: tuple[int, str],
        game: str,
        players: int,
        *,
        rated: bool = False,
        bot: str = DEFAULT_BOT,
        wait: float = DEFAULT_WAIT,
        owner: Owner | None = None,
    ) -> dict[str, Any]:
        """Put the account in the queue for `game` with `players` seats. A second join while
        waiting replaces the first (a new game or count, and the wait starts again); a join
        while a seat found by the queue waits to be picked up is refused (`seated`)."""
        try:
            spec = get_spec(game)
            buccaneer.load(game, players, seed=0)
        except (OptionError, TypeError) as exc:
            raise Refused("bad_options", str(exc)) from None
        if not MIN_WAIT <= wait <= MAX_WAIT:
            raise Refused(
                "bad_request", f"'wait' is seconds from {MIN_WAIT:g} to {MAX_WAIT:g}, not {wait!r}"
            )
        if await self.masters.draining():
            raise Refused("draining", DRAINING_MESSAGE)
        settings = self.masters.settings
        try:
            check_agent(bot, settings.bot_seconds, settings.bot_iterations)
        except Refused as exc:
            raise Refused("bad_agent", f"bot: {exc.message}") from None
        if bot not in LEVELS:
            # Quick play seats strangers with bots of known strength: the published levels
            # only, never a search of the asker's own making (and each level is rated, so a
            # rated queue may ask for any of them).
            raise Refused("bad_agent", f"quick play's bots are the levels {', '.join(LEVELS)}")
        # The budget of costly bots of the account and of the address it asks from.
        await self.masters.check_costly_bots(owner or Owner(account[0], None), [bot], game)
        async with self.queue.locked() as queue:
            entry = await queue.entry_of(account[0])
            if entry is not None and entry.seat_token is not None:
                raise Refused(
                    "seated",
                    "the queue has found you a seat: ask for it (GET /api/quick) first",
                )
            await queue.remove(account[0])
            await queue.add(
                {
                    "account_id": account[0],
                    "game": spec.name,
                    "players": players,
                    "rated": rated,
                    "bot": bot,
                    "wait": float(wait),
                    "rating": await queue.rating(account[0], spec.name),
                    "joined_at": self.masters.now(),
                }
            )
        with contextlib.suppress(Exception):
            await self.step()
        return await self.status(account[0], pick_up=False)

    async def status(
        self, account_id: int, pick_up: bool = True, base: str | None = None
    ) -> dict[str, Any]:
        """Where the account stands: waiting (with how long, and how many wait for the same
        table), or seated (the table, and the seat's token the first time it is asked for,
        then cleared from the queue). `not_queued` when the account is in no queue. `base`:
        the address the asker's browser used, for the seat's link (`links.request_base`)."""
        entry = await self.queue.entry_of(account_id)
        if entry is None:
            raise Refused("not_queued", "you are not in the quick-play queue")
        answer: dict[str, Any] = {
            "game": entry.game,
            "players": entry.players,
            "rated": bool(entry.rated),
            "bot": entry.bot,
            "wait": entry.wait,
        }
        if entry.table_id is None:
            return {
                "status": "waiting",
                **answer,
                "waited": max(0.0, self.masters.now() - entry.joined_at),
                "queued": await self.queue.count_waiting(entry.game, entry.players, entry.rated),
            }
        token = None
        waiting = entry.seat_token
        if pick_up and waiting is not None and await self.queue.take_token(entry.id, waiting):
            token = waiting
        base = base or self.masters.settings.base_url
        return {
            "status": "seated",
            **answer,
            "table": entry.table_id,
            "token": token,
            "invite": table_link(base, entry.table_id, token) if token else None,
        }

    async def leave(self, account_id: int) -> None:
        """Leave the queue (a seat already found is not given up: it is the table's now)."""
        async with self.queue.locked() as queue:
            if not await queue.remove(account_id):
                entry = await queue.entry_of(account_id)
                if entry is not None and entry.seat_token is not None:
                    raise Refused(
                        "seated", "the queue has found you a seat: ask for it (GET /api/quick)"
                    )
                raise Refused("not_queued", "you are not waiting in the quick-play queue")

    # -- the matcher ----------------------------------------------------------------------------

    async def step(self) -> list[str]:
        """One look at the queue: every group that may sit down now gets its table. The ids
        of the tables opened."""
        opened: list[str] = []
        if await self.masters.draining():
            return opened  # no new tables: the people wait on (or leave) until it ends
        async with self.queue.locked() as queue:
            rows = await queue.waiting()
            now = self.masters.now()
            for group in groups([Waiting.of(r) for r in rows], now):
                try:
                    table_id, tokens = await self.seat(group)
                except Exception:
                    log.exception("quick play could not seat %s", [p.id for p in group.people])
                    continue
                for person, token in zip(group.people, tokens, strict=True):
                    await queue.seat(person.id, table_id, token)
                opened.append(table_id)
        return opened

    async def seat(self, group: Group) -> tuple[str, list[str]]:
        """Open the group's table: each person at a seat chosen at random, seated at once
        under their account's name, the other seats bots of the first person's level; the
        table unlisted, rated as the queue was, with a live clock (the game's own time rule
        where it has one). The table, and each person's token in the group's order."""
        first = group.first
        spec = get_spec(first.game)
        state = buccaneer.load(spec.name, first.players, seed=0)
        places = self.random.sample(range(first.players), len(group.people))
        # A rated queue joined before its bot stopped being a rated level (the levels before
        # the named ones) gets the default level's bots rather than a table refused forever.
        bot = first.bot if not first.rated or first.bot in RATED_BOTS else DEFAULT_BOT
        seats: list[dict[str, Any]] = [
            {"kind": "bot", "mode": "bot", "agent": bot, "name": None, "claimed": True}
            for _ in range(first.players)
        ]
        tokens = [new_token() for _ in group.people]
        for person, place, token in zip(group.people, places, tokens, strict=True):
            seats[place] = {
                "kind": "human",
                "mode": "me",
                "claimed": True,
                "name": person.name,
                "account_id": person.account_id,
                "token_hash": token_hash(token),
            }
        rule = spec.time_rule
        table_id = await self.masters.open(
            spec,
            players=first.players,
            options=dict(state.options),
            seats=seats,
            clock=clock_settings({"mode": "live"}, rule[0] if rule else None),
            listed=False,
            bot_delay=BOT_DELAY,
            rated=first.rated,
            owner=Owner(first.account_id, None),
        )
        return table_id, tokens

    async def run(self) -> None:
        """The matcher's loop (every process runs one; the queue's lock lets one at a time)."""
        while True:
            await asyncio.sleep(MATCH_SECONDS)
            try:
                await self.step()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("quick-play matcher")


__all__ = ["DEFAULT_WAIT", "Group", "QuickPlay", "Waiting", "groups", "window"]
