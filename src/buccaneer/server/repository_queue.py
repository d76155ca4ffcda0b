"""The quick-play queue's statements (`storage.queue`), and the lock that lets one matcher at a
time, in any process, seat the people waiting (docs/server.md, "Quick play").

Joining, leaving and a matcher's step all happen inside `QueueRepository.locked()`, which holds
the queue for every server process on the database:
- **PostgreSQL:** a transaction-level advisory lock (`pg_advisory_xact_lock`) on a connection of
  its own; the queue's reads and writes go through that transaction, and the lock goes when it
  commits (or when the process dies, with everything it had not committed).
- **SQLite:** a lock file beside the database (`flock`, which other processes on the machine
  see) and, inside the process, an asyncio lock. It is not SQLite's own write lock: a step
  creates tables while it holds the queue, and those writes need SQLite's lock themselves.
A step creates its tables through the table masters while the queue is held, so nobody leaves
or joins between the grouping and the seating.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
from collections.abc import AsyncIterator
from typing import IO, Any

from sqlalchemy import delete, insert, select, text, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from buccaneer.server import storage as db
from buccaneer.server.repository import begin

# Any fixed 64-bit number that names "the quick-play queue" among advisory locks.
QUEUE_LOCK = 0x0B0CCA7E_0001
# openskill's defaults (Plackett-Luce): mu 25, sigma 25/3; the ordinal is mu - 3 sigma.
DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0

_LOCAL: dict[int, asyncio.Lock] = {}


def ordinal(mu: float, sigma: float) -> float:
    """openskill's ordinal: a rating the player is very likely above (mu - 3 sigma)."""
    return mu - 3.0 * sigma


class QueueTransaction:
    """The queue while a caller holds it: each method one question or one change."""

    def __init__(self, engine: AsyncEngine, conn: AsyncConnection | None) -> None:
        self.engine = engine
        self.conn = conn  # PostgreSQL: the transaction that holds the advisory lock

    @contextlib.asynccontextmanager
    async def _conn(self) -> AsyncIterator[AsyncConnection]:
        if self.conn is not None:
            yield self.conn
            return
        async with begin(self.engine) as conn:
            yield conn

    async def waiting(self) -> list[Any]:
        """Everyone not yet seated, the longest waiting first: rows of the queue's columns
        and the account's `name`."""
        async with self._conn() as conn:
            rows = await conn.execute(
                select(db.queue, db.accounts.c.name)
                .join(db.accounts, db.accounts.c.id == db.queue.c.account_id)
                .where(db.queue.c.table_id.is_(None))
                .order_by(db.queue.c.joined_at, db.queue.c.id)
            )
            return list(rows.all())

    async def entry_of(self, account_id: int) -> Any:
        async with self._conn() as conn:
            return (
                await conn.execute(
                    select(db.queue)
                    .where(db.queue.c.account_id == account_id)
                    .order_by(db.queue.c.id.desc())
                    .limit(1)
                )
            ).first()

    async def rating(self, account_id: int, game: str) -> float:
        """The account's ordinal in `game` (an unrated player's: the default rating's)."""
        async with self._conn() as conn:
            row = (
                await conn.execute(
                    select(db.ratings.c.mu, db.ratings.c.sigma)
                    .where(db.ratings.c.account_id == account_id)
                    .where(db.ratings.c.game == game)
                )
            ).first()
        return ordinal(DEFAULT_MU, DEFAULT_SIGMA) if row is None else ordinal(row.mu, row.sigma)

    async def remove(self, account_id: int) -> int:
        """The account's rows but one whose seat token waits to be picked up; how many of
        them were waiting."""
        async with self._conn() as conn:
            waited = await conn.execute(
                delete(db.queue)
                .where(db.queue.c.account_id == account_id)
                .where(db.queue.c.table_id.is_(None))
            )
            await conn.execute(
                delete(db.queue)
                .where(db.queue.c.account_id == account_id)
                .where(db.queue.c.seat_token.is_(None))
            )
        return int(waited.rowcount or 0)

    async def add(self, values: dict[str, Any]) -> int:
        async with self._conn() as conn:
            result = await conn.execute(insert(db.queue).values(**values))
            key = result.inserted_primary_key
        assert key is not None
        return int(key[0])

    async def seat(self, entry_id: int, table_id: str, token: str) -> None:
        async with self._conn() as conn:
            await conn.execute(
                update(db.queue)
                .where(db.queue.c.id == entry_id)
                .values(table_id=table_id, seat_token=token)
            )


class QueueRepository:
    """The queue's door to the database."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    def _lock_path(self) -> str | None:
        url = self.engine.url
        path = url.database
        if url.get_backend_name() != "sqlite" or not path or path == ":memory:":
            return None
        if path.startswith("file:"):
            return None
        return path + ".queue-lock"

    @contextlib.asynccontextmanager
    async def locked(self) -> AsyncIterator[QueueTransaction]:
        """The queue, held against every other process's matcher, join and leave."""
        if self.engine.dialect.name == "postgresql":
            async with self.engine.connect() as conn, conn.begin():
                await conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": QUEUE_LOCK})
                yield QueueTransaction(self.engine, conn)
            return
        local = _LOCAL.setdefault(id(self.engine), asyncio.Lock())
        async with local:
            path = self._lock_path()
            if path is None:
                yield QueueTransaction(self.engine, None)
                return
            handle = await asyncio.to_thread(open, path, "a+b")
            try:
                await hold_file(handle)
                try:
                    yield QueueTransaction(self.engine, None)
                finally:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
            finally:
                handle.close()

    async def entry_of(self, account_id: int) -> Any:
        """The account's newest queue row, or None."""
        return await QueueTransaction(self.engine, None).entry_of(account_id)

    async def count_waiting(self, game: str, players: int, rated: bool) -> int:
        """How many wait for a table of `game`, `players` and `rated`."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(db.queue.c.id)
                .where(db.queue.c.table_id.is_(None))
                .where(db.queue.c.game == game)
                .where(db.queue.c.players == players)
                .where(db.queue.c.rated.is_(rated))
            )
            return len(rows.all())

    async def take_token(self, entry_id: int, token: str) -> bool:
        """Clear the seated row's token, once: True for the one caller that did."""
        async with begin(self.engine) as conn:
            result = await conn.execute(
                update(db.queue)
                .where(db.queue.c.id == entry_id)
                .where(db.queue.c.seat_token == token)
                .values(seat_token=None)
            )
        return bool(result.rowcount)


async def hold_file(handle: IO[bytes]) -> None:
    """Wait for the lock file's exclusive lock without blocking the loop (and without a thread
    that could take it after its waiter was cancelled)."""
    while True:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            await asyncio.sleep(0.02)


__all__ = ["QueueRepository", "QueueTransaction", "ordinal"]
