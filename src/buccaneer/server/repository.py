"""Every statement the server sends to its database, and nothing else.

The rest of the server asks for facts and changes in words of its own ("the seats of table
T", "store this move", "claim seat 2 unless someone has") and never builds SQL, so a reader
finds every query here, and a test (`tests/server/test_server_modules.py`) keeps it so. The
tables themselves are declared in `storage.py`; migrations are alembic's (`migrations/`).

SQLAlchemy Core over an async engine runs the same statements on SQLite (the embedded
default) and PostgreSQL, except the one hot write, which every move of every table makes and
which is written for each backend in the fewest round trips that keep the promise (committed
before anyone is told, and of two actions with one version exactly one stored):
- **PostgreSQL:** one statement (the insert inside a `WITH` of the update), run in autocommit
  on psycopg's own connections, so a move is one round trip instead of four (begin, insert,
  update, commit). A statement is atomic: when the insert conflicts, the update does not
  happen either.
- **SQLite:** one hop to a thread of our own that holds a plain `sqlite3` connection and runs
  the whole transaction there, instead of one hop per statement through the async driver. It
  queues behind this process's other SQLite writers (`write_lock`).
- **Anything else** (an in-memory SQLite database, which only this process's own connections
  could share): SQLAlchemy Core in one transaction, the portable way.

What that saves is measured in `docs/server.md` ("Measured").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool
from sqlalchemy import Connection, and_, delete, event, func, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from buccaneer.server import storage as db
from buccaneer.server.clocks import first_deadline

# -- engines and transactions ------------------------------------------------------------------


def sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers go on while one writer commits; a committed transaction survives the
    process being killed at any moment (kill -9), which is the promise the server makes.
    `synchronous=FULL` also keeps it through a power cut. The busy timeout makes a second
    process wait for the write lock instead of failing."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str) -> AsyncEngine:
    if db.is_sqlite(url):
        engine = create_async_engine(db.async_url(url))
        event.listen(engine.sync_engine, "connect", sqlite_pragmas)
        return engine
    # At most 20 connections for everything but the moves (the action log has 10 of its own):
    # 30 a server process, so PostgreSQL's default 100 holds three processes (docs/server.md).
    return create_async_engine(db.async_url(url), pool_size=10, max_overflow=10, pool_pre_ping=True)


_WRITE_LOCKS: dict[int, asyncio.Lock] = {}


@contextlib.asynccontextmanager
async def begin(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """A write transaction. SQLite has one write lock for the whole file: connections that
    queue for it sleep in its busy handler (up to 100 ms at a time), so this process lets one
    writer in at a time and the others wait in line without sleeping. PostgreSQL writes
    concurrently."""
    if engine.dialect.name != "sqlite":
        async with engine.begin() as conn:
            yield conn
        return
    async with write_lock(engine), engine.begin() as conn:
        yield conn


def write_lock(engine: AsyncEngine) -> asyncio.Lock:
    """The line this process's SQLite writers wait in (one per database engine)."""
    return _WRITE_LOCKS.setdefault(id(engine), asyncio.Lock())


# Any fixed 64-bit number that names "buccaneer migrations" among advisory locks.
MIGRATION_LOCK = 0x0B0CCA7EE12
# Seconds between two writes of a session's last use (its idle expiry counts in days).
SEEN_EVERY = 3600.0


def lock_migrations(connection: Connection) -> None:
    """Wait for, then hold, PostgreSQL's advisory lock of the migrations (`migrate.py`)."""
    connection.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})


def unlock_migrations(connection: Connection) -> None:
    connection.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK})


# -- the action log: the one hot write ---------------------------------------------------------


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
    # The table's seats as the move was judged on: stored only while the row still has this
    # `seats_version` (a process that has not heard of a seat change cannot write over it).
    seats_version: int = 0


class ActionLog:
    """The portable path: SQLAlchemy Core, one transaction."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def append(self, move: Move) -> None:
        try:
            async with begin(self.engine) as conn:
                changed = await conn.execute(
                    update(db.tables)
                    .where(db.tables.c.id == move.table_id)
                    .where(db.tables.c.seats_version == move.seats_version)
                    .values(**table_values(move))
                )
                if not changed.rowcount:
                    raise Conflict(move.table_id, move.version)  # the seats changed meanwhile
                await conn.execute(
                    insert(db.actions).values(
                        table_id=move.table_id,
                        version=move.version,
                        seat=move.seat,
                        action=move.action,
                        at=move.at,
                    )
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


# One statement: the table's row only while its seats are as the move was judged on, and the
# action only where that row was updated (no row: the seats changed, a conflict).
POSTGRES_APPEND = """
WITH kept AS (
    UPDATE tables SET version = %(version)s, status = %(status)s, deadlines = %(deadlines)s,
        next_deadline = %(next_deadline)s, updated_at = %(at)s, result = %(result)s,
        finished_at = %(finished_at)s
    WHERE id = %(table_id)s AND seats_version = %(seats_version)s
    RETURNING id
)
INSERT INTO actions (table_id, version, seat, action, at)
SELECT %(table_id)s, %(version)s, %(seat)s, %(action)s, %(at)s FROM kept
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
                    stored = await conn.execute(POSTGRES_APPEND, params)
                if stored.rowcount == 0:
                    raise Conflict(move.table_id, move.version)  # the seats changed meanwhile
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
    "updated_at = ?, result = ?, finished_at = ? WHERE id = ? AND seats_version = ?"
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
            sqlite_pragmas(self.connection, None)
        conn = self.connection
        conn.execute("BEGIN IMMEDIATE")
        try:
            changed = conn.execute(
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
                    move.seats_version,
                ),
            )
            if changed.rowcount == 0:
                raise Conflict(move.table_id, move.version)  # the seats changed meanwhile
            conn.execute(
                SQLITE_INSERT, (move.table_id, move.version, move.seat, move.action, move.at)
            )
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    async def append(self, move: Move) -> None:
        loop = asyncio.get_running_loop()
        try:
            async with write_lock(self.engine):
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


# -- the repository ----------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredTable:
    """A table as the database holds it: its row, its seats in order, and its actions up to
    the row's version (seat, action JSON), whose status and clocks the row holds."""

    row: Any
    seats: Sequence[Any]
    actions: Sequence[tuple[int, str]]


class Repository:
    """The server's one door to its database: each method one question or one change."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.action_log = make_action_log(engine)

    @classmethod
    def at(cls, url: str) -> Repository:
        return cls(make_engine(url))

    async def close(self) -> None:
        await self.action_log.close()
        await self.engine.dispose()

    # -- tables and their moves ---------------------------------------------------------------

    async def append(self, move: Move) -> None:
        """Store one move with its table row (`Conflict` when the version is taken)."""
        await self.action_log.append(move)

    async def read_table(self, table_id: str) -> StoredTable | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(db.tables).where(db.tables.c.id == table_id))).first()
            if row is None:
                return None
            seat_rows = (
                await conn.execute(
                    select(db.seats)
                    .where(db.seats.c.table_id == table_id)
                    .order_by(db.seats.c.seat)
                )
            ).all()
            # Up to the row's version: its status and clocks are those of that version (a move
            # stored since is read by the next catch-up).
            action_rows = (
                await conn.execute(
                    select(db.actions.c.seat, db.actions.c.action)
                    .where(db.actions.c.table_id == table_id)
                    .where(db.actions.c.version <= row.version)
                    .order_by(db.actions.c.version)
                )
            ).all()
        return StoredTable(row, seat_rows, [(r.seat, r.action) for r in action_rows])

    async def read_news(
        self, table_id: str, after: int, seats: bool
    ) -> tuple[Sequence[Any], Sequence[Any] | None]:
        """The table's row with each action stored after version `after` (one statement, so
        one snapshot: rows of `status, deadlines, rematch, seats_version, version, seat,
        action`, the
        action columns None when there is none), and its seats when asked (None otherwise,
        or when the table is gone)."""
        news = (
            select(
                db.tables.c.status,
                db.tables.c.deadlines,
                db.tables.c.rematch,
                db.tables.c.seats_version,
                db.actions.c.version,
                db.actions.c.seat,
                db.actions.c.action,
            )
            .select_from(
                db.tables.outerjoin(
                    db.actions,
                    and_(db.actions.c.table_id == db.tables.c.id, db.actions.c.version > after),
                )
            )
            .where(db.tables.c.id == table_id)
            .order_by(db.actions.c.version)
        )
        async with self.engine.connect() as conn:
            rows = (await conn.execute(news)).all()
            seat_rows = (
                (
                    await conn.execute(
                        select(db.seats)
                        .where(db.seats.c.table_id == table_id)
                        .order_by(db.seats.c.seat)
                    )
                ).all()
                if seats and rows
                else None
            )
        return rows, seat_rows

    async def stored_action(self, table_id: str, version: int) -> Any:
        """The row (seat, action, at) stored at `version`, or None."""
        async with self.engine.connect() as conn:
            return (
                await conn.execute(
                    select(db.actions.c.seat, db.actions.c.action, db.actions.c.at)
                    .where(db.actions.c.table_id == table_id)
                    .where(db.actions.c.version == version)
                )
            ).first()

    async def create_table(
        self, values: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]
    ) -> None:
        """A new table's row and its seats, in one transaction."""
        async with begin(self.engine) as conn:
            await conn.execute(insert(db.tables).values(**values))
            await conn.execute(insert(db.seats), [dict(s) for s in seats])

    async def write_seats(
        self,
        table_id: str,
        changes: Mapping[int, Mapping[str, Any]],
        deadlines: Mapping[int, float],
        now: float,
        seats_version: int = 0,
    ) -> int:
        """Changed seats, and the table's clocks that go with them, in one transaction, made
        on the seats as they were at `seats_version`: the seats' new version, or `Conflict`
        when another process changed them first (nothing is stored)."""
        async with begin(self.engine) as conn:
            changed = await conn.execute(
                update(db.tables)
                .where(db.tables.c.id == table_id)
                .where(db.tables.c.seats_version == seats_version)
                .values(
                    seats_version=seats_version + 1,
                    deadlines=json.dumps(deadlines),
                    next_deadline=first_deadline(deadlines),
                    updated_at=now,
                )
            )
            if not changed.rowcount:
                raise Conflict(table_id, seats_version)
            for seat, values in changes.items():
                await conn.execute(
                    update(db.seats)
                    .where(db.seats.c.table_id == table_id)
                    .where(db.seats.c.seat == seat)
                    .values(**values)
                )
        return seats_version + 1

    async def take_free_seat(self, table_id: str, seat: int, values: Mapping[str, Any]) -> bool:
        """Claim a seat nobody has claimed: False when someone has (the database decides)."""
        async with begin(self.engine) as conn:
            result = await conn.execute(
                update(db.seats)
                .where(db.seats.c.table_id == table_id)
                .where(db.seats.c.seat == seat)
                .where(db.seats.c.claimed.is_(False))
                .values(claimed=True, **values)
            )
        return bool(result.rowcount)

    async def start_table(self, table_id: str, deadlines: Mapping[int, float], now: float) -> bool:
        """A waiting table becomes active with its first clocks: False when it was not waiting
        any more (another process started it)."""
        async with begin(self.engine) as conn:
            result = await conn.execute(
                update(db.tables)
                .where(db.tables.c.id == table_id)
                .where(db.tables.c.status == db.WAITING)
                .values(
                    status=db.ACTIVE,
                    deadlines=json.dumps(deadlines),
                    next_deadline=first_deadline(deadlines),
                    updated_at=now,
                )
            )
        return bool(result.rowcount)

    async def set_rematch(self, table_id: str, rematch: str) -> str | None:
        """Note `rematch` as the table's rematch unless one is noted already; the one noted."""
        async with begin(self.engine) as conn:
            await conn.execute(
                update(db.tables)
                .where(db.tables.c.id == table_id)
                .where(db.tables.c.rematch.is_(None))
                .values(rematch=rematch)
            )
            noted = (
                await conn.execute(select(db.tables.c.rematch).where(db.tables.c.id == table_id))
            ).scalar_one()
        return None if noted is None else str(noted)

    async def due_tables(self, now: float, limit: int) -> list[str]:
        """Active tables with a deadline at or before `now`."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(db.tables.c.id)
                .where(db.tables.c.status == db.ACTIVE)
                .where(db.tables.c.next_deadline <= now)
                .limit(limit)
            )
            return list(rows.scalars())

    async def idle_tables(self, cutoff: float, limit: int) -> list[str]:
        """Active tables unchanged since `cutoff`, the longest unchanged first."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(db.tables.c.id)
                .where(db.tables.c.status == db.ACTIVE)
                .where(db.tables.c.updated_at <= cutoff)
                .order_by(db.tables.c.updated_at)
                .limit(limit)
            )
            return list(rows.scalars())

    async def listed_tables(self, status: str, limit: int) -> list[str]:
        """Listed tables in `status`, newest first."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(db.tables.c.id)
                .where(db.tables.c.status == status)
                .where(db.tables.c.listed.is_(True))
                .order_by(db.tables.c.created_at.desc())
                .limit(limit)
            )
            return list(rows.scalars())

    # -- seat tokens --------------------------------------------------------------------------

    async def seat_of_token(self, token_hash: str, table_id: str | None) -> tuple[str, int] | None:
        """The (table, seat) a token opens: the named table's, or the newest table's."""
        query = (
            select(db.seats.c.table_id, db.seats.c.seat)
            .join(db.tables, db.tables.c.id == db.seats.c.table_id)
            .where(db.seats.c.token_hash == token_hash)
            .order_by(db.tables.c.created_at.desc())
            .limit(1)
        )
        if table_id is not None:
            query = query.where(db.seats.c.table_id == table_id)
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return (row.table_id, row.seat) if row else None

    async def given_up_seat(self, token_hash: str, table_id: str | None) -> Any:
        """The seat (table_id, seat, claimed) last given up by the holder of this token, or
        None."""
        query = (
            select(db.seats.c.table_id, db.seats.c.seat, db.seats.c.claimed)
            .where(db.seats.c.former_token_hash == token_hash)
            .limit(1)
        )
        if table_id is not None:
            query = query.where(db.seats.c.table_id == table_id)
        async with self.engine.connect() as conn:
            return (await conn.execute(query)).first()

    # -- chat ---------------------------------------------------------------------------------

    async def add_chat(self, table_id: str, seat: int, name: str, line: str, at: float) -> Any:
        """Store a chat line; its id."""
        async with begin(self.engine) as conn:
            result = await conn.execute(
                insert(db.chat).values(table_id=table_id, seat=seat, name=name, text=line, at=at)
            )
            return result.inserted_primary_key[0] if result.inserted_primary_key else None

    async def chat_lines(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """The table's newest `limit` chat lines, oldest first."""
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(db.chat)
                    .where(db.chat.c.table_id == table_id)
                    .order_by(db.chat.c.id.desc())
                    .limit(limit)
                )
            ).all()
        return [
            {"id": r.id, "seat": r.seat, "name": r.name, "text": r.text, "at": r.at}
            for r in reversed(rows)
        ]

    # -- accounts and sessions ----------------------------------------------------------------

    async def add_account(self, name: str, password_hash: str | None, at: float) -> int | None:
        """A new account's id; None when the name (without regard to case) is taken."""
        try:
            async with begin(self.engine) as conn:
                result = await conn.execute(
                    insert(db.accounts).values(
                        name=name,
                        name_key=name.casefold(),
                        password_hash=password_hash,
                        created_at=at,
                    )
                )
                key = result.inserted_primary_key
        except IntegrityError:
            return None
        assert key is not None
        return int(key[0])

    async def account_named(self, name: str) -> Any:
        """The account row (id, name, password_hash, ...) called `name` in any case, or None."""
        async with self.engine.connect() as conn:
            return (
                await conn.execute(
                    select(db.accounts).where(db.accounts.c.name_key == name.casefold())
                )
            ).first()

    async def account_by_id(self, account_id: int) -> Any:
        """The account row with this id, or None."""
        async with self.engine.connect() as conn:
            return (
                await conn.execute(select(db.accounts).where(db.accounts.c.id == account_id))
            ).first()

    async def costly_tables(self, account: int | None, address: str | None) -> int:
        """How many waiting or running tables with costly bots the account owns or the
        address made (`Masters.check_costly_bots`)."""
        t = db.tables
        owned = [t.c.owner_account == account] if account is not None else []
        owned += [t.c.owner_address == address] if address is not None else []
        if not owned:
            return 0
        async with self.engine.connect() as conn:
            found = await conn.execute(
                select(func.count())
                .select_from(t)
                .where(t.c.costly_bots.is_(True), t.c.status.in_((db.WAITING, db.ACTIVE)))
                .where(or_(*owned))
            )
            return int(found.scalar_one())

    async def add_session(self, token_hash: str, account_id: int, at: float) -> None:
        async with begin(self.engine) as conn:
            await conn.execute(
                insert(db.sessions).values(
                    token_hash=token_hash, account_id=account_id, created_at=at, last_seen_at=at
                )
            )

    async def account_of_session(
        self, token_hash: str, now: float, idle: float, longest: float
    ) -> tuple[int, str] | None:
        """The (id, name) of the account a session token opens, or None: also for a session
        unused for `idle` seconds or made more than `longest` ago, which is deleted. Its use
        is written at most every SEEN_EVERY seconds (a write per request would be a write
        lock per request on SQLite)."""
        s = db.sessions
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(db.accounts.c.id, db.accounts.c.name, s.c.created_at, s.c.last_seen_at)
                    .join(s, s.c.account_id == db.accounts.c.id)
                    .where(s.c.token_hash == token_hash)
                )
            ).first()
        if row is None:
            return None
        seen = row.created_at if row.last_seen_at is None else row.last_seen_at
        if now - row.created_at >= longest or now - seen >= idle:
            async with begin(self.engine) as conn:
                await conn.execute(delete(s).where(s.c.token_hash == token_hash))
            return None
        if now - seen >= SEEN_EVERY:
            async with begin(self.engine) as conn:
                await conn.execute(
                    update(s).where(s.c.token_hash == token_hash).values(last_seen_at=now)
                )
        return (row.id, row.name)

    async def finished_games(self, account_id: int, limit: int) -> list[Any]:
        """The finished tables the account sat at, newest first: rows of id, game, players,
        result, finished_at and seat."""
        async with self.engine.connect() as conn:
            return list(
                (
                    await conn.execute(
                        select(
                            db.tables.c.id,
                            db.tables.c.game,
                            db.tables.c.players,
                            db.tables.c.result,
                            db.tables.c.finished_at,
                            db.seats.c.seat,
                        )
                        .join(db.seats, db.seats.c.table_id == db.tables.c.id)
                        .where(db.seats.c.account_id == account_id)
                        .where(db.tables.c.status == db.OVER)
                        .order_by(func.coalesce(db.tables.c.finished_at, 0).desc())
                        .limit(limit)
                    )
                ).all()
            )


__all__ = [
    "ActionLog",
    "Conflict",
    "Move",
    "PostgresActionLog",
    "Repository",
    "SqliteActionLog",
    "StoredTable",
    "begin",
    "make_action_log",
    "make_engine",
]
