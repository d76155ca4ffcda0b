"""Who is at each table: the seats with a connection open, on every process of the server.

A seat is *present* while one of its player's connections is open to any process. Presence is
public (the table shows who is here), and it decides whether a seat may be voted to a bot at
once: a player who is gone may be, one who is here only after sitting on a decision for
`handover_idle_seconds` (docs/server.md, "Moderation"). Counting only this process's own
connections would let a vote on one process hand over the seat of a player connected to
another.

`Presence` is one process's count. `SharedPresence` (with `--redis-url`) also writes it to
Redis: a hash per table with a field per process, holding that process's seats there, and a
key per process that expires after `presence_seconds` unless the process renews it, so that
the seats of a process that died stop counting once its key is gone. A change is announced on
the fanout (a "presence" event); every other process holding connections at that table reads
the table's hash again and tells them. A vote reads the hash afresh. Should Redis fail, a
process knows its own connections only, and says so in its log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
from collections import Counter, defaultdict
from typing import Any

from redis import asyncio as aioredis
from redis.exceptions import RedisError

from buccaneer.server.fanout import Fanout

log = logging.getLogger("buccaneer.server")

# Redis keys: a table's hash of the processes' seats, a process's sign of life.
TABLE_KEY = "buccaneer:presence:{}"
PROCESS_KEY = "buccaneer:process:{}"
# A table's hash outlives its last change by this much at most (a table nobody is at).
TABLE_SECONDS = 86_400


def text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class Presence:
    """The seats with a connection open to this process, by table."""

    def __init__(self) -> None:
        self.counts: dict[str, Counter[int]] = defaultdict(Counter)
        # Other processes' seats at the tables this process holds connections at.
        self.others: dict[str, frozenset[int]] = {}

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    def seats(self, table: str) -> list[int]:
        """Who is at `table`, as last known (for the messages that show it)."""
        here = {seat for seat, n in self.counts.get(table, Counter()).items() if n > 0}
        return sorted(here | self.others.get(table, frozenset()))

    async def here(self, table: str, seat: int) -> bool:
        """Whether `seat`'s player has a connection open to any process, asked now."""
        if self.counts.get(table, Counter())[seat] > 0:
            return True
        await self.refresh(table)
        return seat in self.others.get(table, frozenset())

    async def watch(self, table: str) -> None:
        """A connection (a spectator's too) came to `table`: know who else is there."""
        if table not in self.others:
            await self.refresh(table)

    def arrived(self, table: str, seat: int) -> None:
        """A connection of `seat`'s came (counted at once; `changed` tells the others)."""
        self.counts[table][seat] += 1

    def left(self, table: str, seat: int) -> bool:
        """A connection of `seat`'s went; whether it was the seat's last one here."""
        counts = self.counts.get(table)
        if counts is None or counts[seat] <= 0:
            return False
        counts[seat] -= 1
        if counts[seat] > 0:
            return False
        del counts[seat]
        if not counts:
            del self.counts[table]
        return True

    def forget(self, table: str) -> None:
        """No connection of this process is at `table` any more."""
        self.others.pop(table, None)

    async def changed(self, table: str) -> None:
        """This process's seats at `table` changed (one process: nobody else to tell)."""

    async def refresh(self, table: str) -> None:
        """Read the other processes' seats at `table` again (one process: there are none)."""
        self.others[table] = frozenset()

    def heard(self, event: dict[str, Any]) -> bool:
        """Whether a "presence" event is another process's (to be read and told here)."""
        return False


class SharedPresence(Presence):
    """Presence kept in Redis for every process that shares it."""

    def __init__(self, url: str, fanout: Fanout, seconds: float) -> None:
        super().__init__()
        self.url = url
        self.fanout = fanout
        self.seconds = seconds
        self.process = secrets.token_hex(8)
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.redis = aioredis.from_url(self.url)
        await self.alive()
        self.task = asyncio.create_task(self.renew())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        # A process that stops in good order takes its seats away at once; one that dies,
        # when its key expires.
        with contextlib.suppress(RedisError, OSError):
            await self.redis.delete(PROCESS_KEY.format(self.process))
            for table in list(self.counts):
                await self.redis.hdel(TABLE_KEY.format(table), self.process)
                await self.announce(table)
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def alive(self) -> None:
        await self.redis.set(PROCESS_KEY.format(self.process), 1, ex=math.ceil(self.seconds))

    async def renew(self) -> None:
        while True:
            await asyncio.sleep(self.seconds / 3)
            try:
                await self.alive()
            except (RedisError, OSError) as exc:
                log.warning("presence in Redis failed (%s); this process counts alone", exc)

    async def changed(self, table: str) -> None:
        mine = sorted(self.counts.get(table, Counter()))
        key = TABLE_KEY.format(table)
        try:
            if mine:
                await self.redis.hset(key, self.process, json.dumps(mine))
                await self.redis.expire(key, TABLE_SECONDS)
            else:
                await self.redis.hdel(key, self.process)
        except (RedisError, OSError) as exc:
            log.warning("presence in Redis failed (%s); this process counts alone", exc)
            return
        await self.announce(table)

    async def announce(self, table: str) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self.fanout.publish({"kind": "presence", "table": table, "process": self.process})

    async def refresh(self, table: str) -> None:
        try:
            fields = await self.redis.hgetall(TABLE_KEY.format(table))
            others = {
                name: seats
                for process, seats in fields.items()
                if (name := text(process)) != self.process
            }
            alive = await self.redis.mget([PROCESS_KEY.format(p) for p in others]) if others else []
        except (RedisError, OSError) as exc:
            log.warning("presence in Redis failed (%s); this process counts alone", exc)
            self.others.setdefault(table, frozenset())
            return
        seats: set[int] = set()
        for (_process, listed), sign in zip(others.items(), alive, strict=True):
            if sign is not None:
                with contextlib.suppress(ValueError, TypeError):
                    seats.update(int(s) for s in json.loads(listed))
        self.others[table] = frozenset(seats)

    def heard(self, event: dict[str, Any]) -> bool:
        return event.get("process") != self.process
