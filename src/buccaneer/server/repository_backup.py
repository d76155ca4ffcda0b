"""The statements of `buccaneer backup` and `buccaneer restore`: a consistent read of every
row of every table, a wipe, loading rows, and PostgreSQL's sequences set past the loaded ids.

These run on a blocking engine (the command line, not the server's event loop), over the
tables as the database holds them (reflected), so a backup of an older schema reads and loads
the columns that schema has."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from sqlalchemy import Engine, MetaData, create_engine, event, func, inspect, select, text

from buccaneer.server import storage as db
from buccaneer.server.repository import sqlite_pragmas

ALEMBIC = "alembic_version"
BATCH = 1000


def blocking_engine(url: str) -> Engine:
    engine = create_engine(db.sync_url(url))
    if db.is_sqlite(url):
        event.listen(engine, "connect", sqlite_pragmas)
    return engine


def table_order(names: Iterable[str]) -> list[str]:
    """The tables in dependency order (those others point at first), alembic's left out;
    tables this server does not know (a newer schema's) come last, by name."""
    present = set(names) - {ALEMBIC}
    known = [t.name for t in db.metadata.sorted_tables if t.name in present]
    return known + sorted(present - set(known))


def revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        if not inspect(conn).has_table(ALEMBIC):
            return None
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()


@contextlib.contextmanager
def snapshot(engine: Engine) -> Iterator[tuple[str | None, list[str], Any]]:
    """One consistent view of the whole database (a read transaction; repeatable read on
    PostgreSQL): its revision, its tables in dependency order, and a function that yields a
    table's rows as dicts."""
    options = (
        {"isolation_level": "AUTOCOMMIT"}
        if engine.dialect.name == "sqlite"
        else {"isolation_level": "REPEATABLE READ"}
    )
    with engine.connect().execution_options(**options) as conn:
        if engine.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN")  # the snapshot starts at the first read
        else:
            conn.begin()
        try:
            reflected = MetaData()
            reflected.reflect(conn)
            names = table_order(reflected.tables)
            current = (
                conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
                if ALEMBIC in reflected.tables
                else None
            )

            def rows(name: str) -> Iterator[dict[str, Any]]:
                table = reflected.tables[name]
                key = list(table.primary_key.columns) or list(table.columns)
                for row in conn.execute(select(table).order_by(*key)):
                    yield dict(row._mapping)

            yield current, names, rows
        finally:
            if engine.dialect.name == "sqlite":
                conn.exec_driver_sql("COMMIT")
            else:
                conn.rollback()


def row_count(engine: Engine) -> int:
    """Rows in the server's tables (0 for a database without them)."""
    with engine.connect() as conn:
        present = set(inspect(conn).get_table_names()) & set(db.metadata.tables)
        return sum(
            int(conn.execute(select(func.count()).select_from(db.metadata.tables[n])).scalar_one())
            for n in present
        )


def wipe(engine: Engine) -> None:
    """Drop the server's tables (alembic's too), whatever their columns; a table the server
    does not know is left alone."""
    with engine.begin() as conn:
        reflected = MetaData()
        reflected.reflect(conn)
        ours = [
            t
            for name, t in reflected.tables.items()
            if name in db.metadata.tables or name == ALEMBIC
        ]
        reflected.drop_all(conn, tables=ours)


def empty_tables(engine: Engine) -> None:
    """Delete every row (the rows a migration may have seeded), the pointing tables first."""
    with engine.begin() as conn:
        reflected = MetaData()
        reflected.reflect(conn)
        for name in reversed(table_order(reflected.tables)):
            conn.execute(reflected.tables[name].delete())


def load(engine: Engine, batches: Iterable[tuple[str, list[Mapping[str, Any]]]]) -> dict[str, int]:
    """Insert each (table, rows) batch, in the order given, in one transaction; the rows of
    each table."""
    counts: dict[str, int] = {}
    with engine.begin() as conn:
        reflected = MetaData()
        reflected.reflect(conn)
        for name, rows in batches:
            if name not in reflected.tables:
                raise ValueError(f"the backup has a table {name!r} this schema does not have")
            if rows:
                conn.execute(reflected.tables[name].insert(), [dict(r) for r in rows])
            counts[name] = counts.get(name, 0) + len(rows)
    return counts


def reset_sequences(engine: Engine) -> None:
    """PostgreSQL: each serial id's sequence continues after the largest id loaded (SQLite
    needs nothing: its next id is always the largest plus one)."""
    if engine.dialect.name != "postgresql":
        return
    with engine.begin() as conn:
        for table in db.metadata.sorted_tables:
            keys = list(table.primary_key.columns)
            if len(keys) != 1:
                continue
            column = keys[0].name
            sequence = conn.execute(
                text("SELECT pg_get_serial_sequence(:t, :c)"), {"t": table.name, "c": column}
            ).scalar()
            if sequence is None:
                continue
            largest = conn.execute(select(func.max(table.c[column]))).scalar()
            conn.execute(
                text("SELECT setval(:s, :v, :called)"),
                {"s": sequence, "v": largest or 1, "called": largest is not None},
            )


__all__ = [
    "BATCH",
    "blocking_engine",
    "empty_tables",
    "load",
    "reset_sequences",
    "revision",
    "row_count",
    "snapshot",
    "table_order",
    "wipe",
]
