"""Real databases for the server tests: a fresh SQLite file per test, and one fresh PostgreSQL
database per session on the machine's server (127.0.0.1:5432, trust auth). Redis is the
machine's own (127.0.0.1:6379); the tests fail, never skip, when a service is down."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import redis

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/test"
REDIS_URL = "redis://127.0.0.1:6379/0"
DOWN = (
    "{what} is not reachable at {where}; start it (see the env notes: "
    "pg_ctlcluster ... main start / redis-server --daemonize yes ...)"
)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    name = f"buccaneer_test_{secrets.token_hex(4)}"
    try:
        admin = psycopg.connect(PG_ADMIN, autocommit=True)
    except psycopg.OperationalError as exc:
        pytest.fail(DOWN.format(what="PostgreSQL", where=PG_ADMIN) + f": {exc}")
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.db'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture(scope="session")
def redis_url() -> str:
    try:
        redis.Redis.from_url(REDIS_URL).ping()
    except redis.RedisError as exc:
        pytest.fail(DOWN.format(what="Redis", where=REDIS_URL) + f": {exc}")
    return REDIS_URL
