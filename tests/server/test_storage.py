"""The database schema: alembic migrations build exactly the tables the code declares, on
SQLite and PostgreSQL, and running them again changes nothing."""

from __future__ import annotations

import psycopg
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from buccaneer.server.migrate import upgrade
from buccaneer.server.storage import async_url, metadata, sync_url
from tests.server.conftest import PG_ADMIN


def schema_drift(url: str) -> list[object]:
    engine = create_engine(sync_url(url))
    with engine.connect() as conn:
        context = MigrationContext.configure(conn)
        diff = compare_metadata(context, metadata)
    engine.dispose()
    return list(diff)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_migrations_build_the_declared_schema_and_are_idempotent(
    backend: str, sqlite_url: str
) -> None:
    if backend == "sqlite":
        url = sqlite_url
    else:
        name = "buccaneer_migrations_test"
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{name}"')
        url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    upgrade(url)
    assert schema_drift(url) == []
    upgrade(url)
    engine = create_engine(sync_url(url))
    tables = set(inspect(engine).get_table_names())
    engine.dispose()
    assert {"accounts", "sessions", "tables", "seats", "actions", "chat"} <= tables


def test_database_urls_are_mapped_to_their_drivers() -> None:
    assert async_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert sync_url("sqlite+aiosqlite:///x.db") == "sqlite:///x.db"
    assert async_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    with pytest.raises(ValueError, match="unsupported database URL"):
        async_url("mysql://u@h/db")
