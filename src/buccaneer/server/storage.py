"""The database: tables, seats, the append-only action log, chat and accounts.

SQLAlchemy Core over an async engine, so the same statements run on SQLite (the embedded
default) and PostgreSQL. The `actions` primary key (table, version) is what decides which of
two conflicting actions wins: the database, not a lock in one process, so several workers and
hosts are safe. Times are seconds since the epoch (floats), the same on every backend.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    event,
)
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

metadata = MetaData()

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    # Names are unique without regard to case ("Anne" and "anne" are one person).
    Column("name_key", String(40), nullable=False, unique=True),
    # argon2 hash; NULL for a guest, who has no password.
    Column("password_hash", String(200), nullable=True),
    Column("created_at", Float, nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    # SHA-256 of the bearer token: the token itself is never stored.
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("created_at", Float, nullable=False),
)

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON, canonical (validated by the game)
    Column("seed", BigInteger, nullable=False),  # secret until the game is over
    Column("status", String(10), nullable=False),  # waiting | active | over
    Column("listed", Boolean, nullable=False),
    Column("clock", Text, nullable=False),  # JSON: {"mode": "turn"} or live settings
    Column("bot_delay", Float, nullable=False),
    Column("version", Integer, nullable=False),  # number of actions in the log
    Column("deadlines", Text, nullable=False),  # JSON {seat: epoch seconds}
    Column("next_deadline", Float, nullable=True),
    Column("result", Text, nullable=True),  # JSON scores and winners once over
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("finished_at", Float, nullable=True),
    Index("ix_tables_status", "status"),
    Index("ix_tables_next_deadline", "next_deadline"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),  # human | bot
    # A bot seat's agent, or the agent playing a human seat handed over by the table.
    Column("agent", String(200), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("name", String(40), nullable=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=True),
    Column("claimed", Boolean, nullable=False),
    Index("ix_seats_token_hash", "token_hash"),
    Index("ix_seats_account_id", "account_id"),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    # The table's version after this action: 1 for the first. Unique with the table.
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # the action's JSON, as records hold it
    Column("at", Float, nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", String(1000), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_chat_table", "table_id", "id"),
)


def sync_url(url: str) -> str:
    """The URL for synchronous use (alembic): an async driver named by the user or by
    `async_url` is swapped for its blocking twin."""
    parsed = make_url(url)
    if parsed.drivername in ("sqlite", "sqlite+aiosqlite", "sqlite+pysqlite"):
        return parsed.set(drivername="sqlite").render_as_string(hide_password=False)
    if parsed.drivername in ("postgresql", "postgresql+psycopg", "postgresql+asyncpg"):
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    return url


def async_url(url: str) -> str:
    """The URL for the server's async engine: SQLite through aiosqlite, PostgreSQL through
    psycopg 3 (whose one driver name serves both sync and async use)."""
    parsed = make_url(url)
    if parsed.drivername in ("sqlite", "sqlite+pysqlite", "sqlite+aiosqlite"):
        return parsed.set(drivername="sqlite+aiosqlite").render_as_string(hide_password=False)
    if parsed.drivername in ("postgresql", "postgresql+psycopg"):
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    raise ValueError(
        f"unsupported database URL {parsed.drivername!r}: use sqlite:///PATH or "
        "postgresql+psycopg://USER@HOST/DB"
    )


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


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
    if is_sqlite(url):
        engine = create_async_engine(async_url(url))
        event.listen(engine.sync_engine, "connect", sqlite_pragmas)
        return engine
    # At most 20 connections for everything but the moves (`action_log` has 10 of its own):
    # 30 a server process, so PostgreSQL's default 100 holds three processes (docs/server.md).
    return create_async_engine(async_url(url), pool_size=10, max_overflow=10, pool_pre_ping=True)


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
