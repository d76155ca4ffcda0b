"""The hot write (the action log in `repository.py`) on each backend's own path and on the
portable one: a move is stored with its table row in one go, a second move with the same
version is a `Conflict` that changes nothing, and a PostgreSQL connection that died in the
pool costs no move."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from sqlalchemy import insert, select

from buccaneer.server import storage as db
from buccaneer.server.migrate import upgrade
from buccaneer.server.repository import (
    ActionLog,
    Conflict,
    Move,
    PostgresActionLog,
    SqliteActionLog,
    begin,
    make_action_log,
    make_engine,
)
from tests.server.conftest import PG_ADMIN


@pytest.fixture
def own_postgres() -> Iterator[str]:
    """A database of this test's own: its made-up tables must not reach another test's
    server sharing the session's database."""
    name = f"buccaneer_action_log_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def move(table_id: str, version: int, *, over: bool = False) -> Move:
    return Move(
        table_id=table_id,
        version=version,
        seat=version % 2,
        action=json.dumps({"type": "pass", "n": version}),
        at=1000.0 + version,
        status="over" if over else "active",
        deadlines=json.dumps({"1": 2000.0 + version}),
        next_deadline=2000.0 + version,
        result=json.dumps({"scores": [1, 2], "winners": [1]}) if over else None,
        finished_at=1000.0 + version if over else None,
    )


async def new_table(engine: Any) -> str:
    table_id = secrets.token_urlsafe(8)
    async with begin(engine) as conn:
        await conn.execute(
            insert(db.tables).values(
                id=table_id,
                game="cartagena",
                players=2,
                options="{}",
                seed=1,
                status="active",
                listed=True,
                clock="{}",
                bot_delay=0.0,
                version=0,
                deadlines="{}",
                created_at=0.0,
                updated_at=0.0,
            )
        )
    return table_id


async def stored(engine: Any, table_id: str) -> tuple[Any, list[tuple[Any, ...]]]:
    async with engine.connect() as conn:
        row = (await conn.execute(select(db.tables).where(db.tables.c.id == table_id))).one()
        actions = (
            await conn.execute(
                select(db.actions.c.version, db.actions.c.seat, db.actions.c.action)
                .where(db.actions.c.table_id == table_id)
                .order_by(db.actions.c.version)
            )
        ).all()
    return row, [tuple(a) for a in actions]


async def append_and_conflict(engine: Any, log: ActionLog) -> None:
    table_id = await new_table(engine)
    for version in (1, 2):
        await log.append(move(table_id, version))
    row, actions = await stored(engine, table_id)
    assert [a[0] for a in actions] == [1, 2]
    assert json.loads(actions[1][2]) == {"type": "pass", "n": 2}
    assert (row.version, row.status, row.next_deadline, row.updated_at) == (
        2,
        "active",
        2002.0,
        1002.0,
    )
    assert json.loads(row.deadlines) == {"1": 2002.0} and row.result is None

    # Another process stored version 2 first: refused, and neither the log nor the row moves.
    with pytest.raises(Conflict):
        await log.append(move(table_id, 2, over=True))
    assert await stored(engine, table_id) == (row, actions)

    await log.append(move(table_id, 3, over=True))
    row, actions = await stored(engine, table_id)
    assert len(actions) == 3 and row.status == "over" and row.finished_at == 1003.0
    assert json.loads(row.result) == {"scores": [1, 2], "winners": [1]}


@pytest.mark.parametrize("path", ["own", "portable"])
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_move_is_stored_once(request: pytest.FixtureRequest, backend: str, path: str) -> None:
    url = str(request.getfixturevalue("sqlite_url" if backend == "sqlite" else "own_postgres"))
    own = SqliteActionLog if backend == "sqlite" else PostgresActionLog
    upgrade(url)

    async def main() -> None:
        engine = make_engine(url)
        log = make_action_log(engine) if path == "own" else ActionLog(engine)
        assert isinstance(log, own) == (path == "own")
        try:
            await append_and_conflict(engine, log)
        finally:
            await log.close()
            await engine.dispose()

    asyncio.run(main())


def test_a_dead_postgresql_connection_costs_no_move(own_postgres: str) -> None:
    """The writer's connections are not pinged before use (a round trip each): one that the
    database closed meanwhile (a restart, an idle timeout) is replaced and the move goes in."""
    upgrade(own_postgres)
    name = own_postgres.rsplit("/", 1)[1]

    async def main() -> None:
        engine = make_engine(own_postgres)
        log = make_action_log(engine)
        assert isinstance(log, PostgresActionLog)
        try:
            table_id = await new_table(engine)
            await log.append(move(table_id, 1))  # the pool now holds an idle connection
            with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
                killed = admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = %s AND pid <> pg_backend_pid() AND state = 'idle'",
                    (name,),
                ).fetchall()
            assert killed
            await log.append(move(table_id, 2))
            row, actions = await stored(engine, table_id)
            assert row.version == 2 and [a[0] for a in actions] == [1, 2]
        finally:
            await log.close()
            await engine.dispose()

    asyncio.run(main())


def test_each_backend_gets_its_own_path(tmp_path: Any, own_postgres: str) -> None:
    async def kind(url: str) -> type[ActionLog]:
        engine = make_engine(url)
        log = make_action_log(engine)
        await log.close()
        await engine.dispose()
        return type(log)

    assert asyncio.run(kind(f"sqlite:///{tmp_path / 'x.db'}")) is SqliteActionLog
    assert asyncio.run(kind(own_postgres)) is PostgresActionLog
    # An in-memory database is only this engine's own: the portable path.
    assert asyncio.run(kind("sqlite://")) is ActionLog
