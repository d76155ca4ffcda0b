"""The one hot write: append an action to a table's log and move the table's row with it.

Every move of every table passes here, so it is written for each backend in the fewest round
trips that keep the promise (committed before anyone is told, and of two actions with one
version exactly one stored):
- **PostgreSQL:** one statement (the insert inside a `WITH` of the update), run in autocommit
  on psycopg's own connections, so a move is one round trip instead of four (begin, insert,
  update, commit). A statement is atomic: when the insert conflicts, the update does not
  happen either.
- **SQLite:** one hop to a thread of our own that holds a plain `sqlite3` connection and runs
  the whole transaction there, instead of one hop per statement through the async driver. It
  queues behind this process's other SQLite writers (`storage.write_lock`).
- **Anything else** (an in-memory SQLite database, which only this process's own connections
  could share): SQLAlchemy Core in one transaction, the portable way.

What that saves is measured in `docs/server.md` ("Measured").
"""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass

import psycopg
from psycopg_pool import AsyncConnectionPool
from sqlalchemy import insert, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from buccaneer.server import storage as db


class Conflict(Exception):
    """The table already has an action with this version (another process wrote it first):
    nothing was stored."""


@dataclass(frozen=True)
class Move:
    """One stored action and the table row as it is after it."""

    table_id: str
    version: int
    seat: int
    action: str  # the action's JSON text, as records hold it
    at: float
    status: str
    deadlines: str  # JSON
    next_deadline: float | None
    result: str | None  # JSON scores and winners, once the game is over
    finished_at: float | None


class ActionLog:
    """The portable path: SQLAlchemy Core, one transaction."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def append(self, move: Move) -> None:
        try:
            async with db.begin(self.engine) as conn:
                await conn.execute(
                    insert(db.actions).values(
                        table_id=move.table_id,
                        version=move.version,
                        seat=move.seat,
                        action=move.action,
                        at=move.at,
                    )
                )
                await conn.execute(
                    update(db.tables)
                    .where(db.tables.c.id == move.table_id)
                    .values(**table_values(move))
                )
        except IntegrityError:
            raise Conflict(move.table_id, move.version) from None

    async def close(self) -> None:
        return None


def table_values(move: Move) -> dict[str, object]:
    return {
        "version": move.version,
        "status": move.status,
        "deadlines": move.deadlines,
        "next_deadline": move.next_deadline,
        "updated_at": move.at,
        "result": move.result,
        "finished_at": move.finished_at,
    }


POSTGRES_APPEND = """
WITH stored AS (
    INSERT INTO actions (table_id, version, seat, action, at)
    VALUES (%(table_id)s, %(version)s, %(seat)s, %(action)s, %(at)s)
)
UPDATE tables SET version = %(version)s, status = %(status)s, deadlines = %(deadlines)s,
    next_deadline = %(next_deadline)s, updated_at = %(at)s, result = %(result)s,
    finished_at = %(finished_at)s
WHERE id = %(table_id)s
"""


class PostgresActionLog(ActionLog):
    """Its own small pool of autocommit connections (psycopg's pool, without SQLAlchemy
    between: the hot write is one statement, and the engine's async bridge cost more than the
    statement), not pinged before each use (a ping is a round trip of its own): when one is
    found dead, the idle ones are checked and the move is tried once more. That is safe: had
    the dead connection stored the move, the second try is refused as a conflict, and the
    table is read again from the database."""

    def __init__(self, engine: AsyncEngine) -> None:
        super().__init__(engine)
        url = engine.url.set(drivername="postgresql")
        self.pool = AsyncConnectionPool(
            url.render_as_string(hide_password=False),
            min_size=1,
            max_size=10,
            kwargs={"autocommit": True},
            open=False,
        )
        self.opened = False

    async def append(self, move: Move) -> None:
        if not self.opened:
            self.opened = True
            await self.pool.open()
        params = asdict(move)
        for attempt in (1, 2):
            try:
                async with self.pool.connection() as conn:
                    await conn.execute(POSTGRES_APPEND, params)
                return
            except psycopg.errors.UniqueViolation:
                raise Conflict(move.table_id, move.version) from None
            except psycopg.OperationalError:
                if attempt == 2:
                    raise
                # The database dropped connections (a restart): the others idle in the pool
                # are likely dead too, so they are checked before the second try.
                await self.pool.check()

    async def close(self) -> None:
        await self.pool.close()


SQLITE_INSERT = "INSERT INTO actions (table_id, version, seat, action, at) VALUES (?, ?, ?, ?, ?)"
SQLITE_UPDATE = (
    "UPDATE tables SET version = ?, status = ?, deadlines = ?, next_deadline = ?, "
    "updated_at = ?, result = ?, finished_at = ? WHERE id = ?"
)


class SqliteActionLog(ActionLog):
    """Writes on one thread of its own, with its own connection to the file."""

    def __init__(self, engine: AsyncEngine, path: str) -> None:
        super().__init__(engine)
        self.path = path
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="buccaneer-sqlite-writer")
        self.connection: sqlite3.Connection | None = None

    def write(self, move: Move) -> None:
        """In the writer thread: the whole transaction."""
        if self.connection is None:
            # Autocommit mode (isolation_level None): the transaction is ours to begin.
            self.connection = sqlite3.connect(self.path, isolation_level=None)
            db.sqlite_pragmas(self.connection, None)
        conn = self.connection
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(
                SQLITE_INSERT, (move.table_id, move.version, move.seat, move.action, move.at)
            )
            conn.execute(
                SQLITE_UPDATE,
                (
                    move.version,
                    move.status,
                    move.deadlines,
                    move.next_deadline,
                    move.at,
                    move.result,
                    move.finished_at,
                    move.table_id,
                ),
            )
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    async def append(self, move: Move) -> None:
        loop = asyncio.get_running_loop()
        try:
            async with db.write_lock(self.engine):
                await loop.run_in_executor(self.thread, self.write, move)
        except sqlite3.IntegrityError:
            raise Conflict(move.table_id, move.version) from None

    def shut(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    async def close(self) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self.thread, self.shut)
        self.thread.shutdown(wait=True)


def make_action_log(engine: AsyncEngine) -> ActionLog:
    url = engine.url
    if url.get_backend_name() == "postgresql" and url.get_driver_name() == "psycopg":
        return PostgresActionLog(engine)
    if url.get_backend_name() == "sqlite":
        path = url.database
        if path and path != ":memory:" and not path.startswith("file:"):
            return SqliteActionLog(engine, path)
    return ActionLog(engine)
