"""The operator's statements: health checks, the metrics' counts, the server's shared flags
(the banner, draining), and what the admin page reads and changes (tables, accounts, bans,
closing a table, reports). SQL lives here and in `repository.py` only
(`tests/server/test_server_modules.py`)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from buccaneer.server import storage as db
from buccaneer.server.repository import begin

# The server's shared flags (`server_flags`).
BANNER = "banner"
DRAINING = "draining"


class OperatorRepository:
    """One door per engine: the server's own (reads and writes), and for the readiness check
    a connection opened afresh each time, so that a database that went away is noticed even
    while pooled connections linger."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._probe: AsyncEngine | None = None

    # -- health --------------------------------------------------------------------------------

    async def revision(self) -> str | None:
        """The database's alembic revision, read on a new connection (raises when the
        database cannot be reached or read)."""
        url = self.engine.url
        if url.get_backend_name() == "sqlite":
            database = url.database or ""
            if not database or database == ":memory:":
                async with self.engine.connect() as conn:
                    return await self._read_revision(conn)
            return await asyncio.to_thread(sqlite_revision, database)
        if self._probe is None:
            self._probe = create_async_engine(url, poolclass=NullPool)
        async with self._probe.connect() as conn:
            return await self._read_revision(conn)

    @staticmethod
    async def _read_revision(conn: Any) -> str | None:
        # alembic's own table, not in our metadata: named by its text.
        row = (await conn.exec_driver_sql("SELECT version_num FROM alembic_version")).first()
        return None if row is None else str(row[0])

    async def close(self) -> None:
        if self._probe is not None:
            await self._probe.dispose()

    async def tables_by_status(self) -> dict[str, int]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(db.tables.c.status, func.count()).group_by(db.tables.c.status)
            )
            return {str(status): int(count) for status, count in rows.all()}

    # -- flags ---------------------------------------------------------------------------------

    async def flags(self) -> dict[str, str]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(db.server_flags.c.key, db.server_flags.c.value))
            return {str(k): str(v) for k, v in rows.all()}

    async def flag(self, key: str) -> str | None:
        async with self.engine.connect() as conn:
            value = (
                await conn.execute(
                    select(db.server_flags.c.value).where(db.server_flags.c.key == key)
                )
            ).scalar()
        return None if value is None else str(value)

    async def set_flag(self, key: str, value: str | None) -> None:
        """Set (or with None, remove) a shared flag."""
        async with begin(self.engine) as conn:
            await conn.execute(db.server_flags.delete().where(db.server_flags.c.key == key))
            if value is not None:
                await conn.execute(db.server_flags.insert().values(key=key, value=value))

    # -- accounts ------------------------------------------------------------------------------

    async def account(self, account_id: int) -> Any:
        """The row (id, name, role, banned) of an account, or None."""
        async with self.engine.connect() as conn:
            return (
                await conn.execute(
                    select(
                        db.accounts.c.id,
                        db.accounts.c.name,
                        db.accounts.c.role,
                        db.accounts.c.banned,
                    ).where(db.accounts.c.id == account_id)
                )
            ).first()

    async def accounts(self, search: str, limit: int) -> list[Any]:
        """Accounts whose name holds `search` (any case), by name: id, name, role, banned,
        created_at, password (whether it has one: a guest has none)."""
        query = select(
            db.accounts.c.id,
            db.accounts.c.name,
            db.accounts.c.role,
            db.accounts.c.banned,
            db.accounts.c.created_at,
            db.accounts.c.password_hash.is_not(None).label("password"),
        )
        if search:
            pattern = "%" + search.casefold().replace("\\", "").replace("%", "").replace("_", "")
            query = query.where(db.accounts.c.name_key.like(pattern + "%"))
        async with self.engine.connect() as conn:
            rows = await conn.execute(query.order_by(db.accounts.c.name_key).limit(limit))
            return list(rows.all())

    async def set_banned(self, name: str, banned: bool) -> bool:
        """Ban or unban the account called `name`; a ban also ends its sessions. False when
        there is no such account."""
        async with begin(self.engine) as conn:
            account_id = (
                await conn.execute(
                    select(db.accounts.c.id).where(db.accounts.c.name_key == name.casefold())
                )
            ).scalar()
            if account_id is None:
                return False
            await conn.execute(
                update(db.accounts).where(db.accounts.c.id == account_id).values(banned=banned)
            )
            if banned:
                await conn.execute(
                    db.sessions.delete().where(db.sessions.c.account_id == account_id)
                )
        return True

    async def account_named(self, name: str) -> Any:
        """The row (id, name, role, password: whether it has one, a guest has none) of the
        account called `name` in any case, or None."""
        async with self.engine.connect() as conn:
            return (
                await conn.execute(
                    select(
                        db.accounts.c.id,
                        db.accounts.c.name,
                        db.accounts.c.role,
                        db.accounts.c.password_hash.is_not(None).label("password"),
                    ).where(db.accounts.c.name_key == name.casefold())
                )
            ).first()

    async def change_role(self, account_id: int, before: str, after: str) -> bool:
        """Give an account the role `after` if its role is still `before` (two operators at
        once change it once); False when it was not."""
        async with begin(self.engine) as conn:
            result = await conn.execute(
                update(db.accounts)
                .where(db.accounts.c.id == account_id)
                .where(db.accounts.c.role == before)
                .values(role=after)
            )
        return bool(result.rowcount)

    # -- tables --------------------------------------------------------------------------------

    async def tables(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        """The newest tables (of `status`, or any): their row's public columns and each
        seat's kind, name and whether it is taken."""
        query = select(
            db.tables.c.id,
            db.tables.c.game,
            db.tables.c.players,
            db.tables.c.status,
            db.tables.c.version,
            db.tables.c.listed,
            db.tables.c.rated,
            db.tables.c.result,
            db.tables.c.created_at,
            db.tables.c.updated_at,
        )
        if status is not None:
            query = query.where(db.tables.c.status == status)
        query = query.order_by(db.tables.c.updated_at.desc()).limit(limit)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
            ids = [r.id for r in rows]
            seats = (
                await conn.execute(
                    select(
                        db.seats.c.table_id,
                        db.seats.c.seat,
                        db.seats.c.kind,
                        db.seats.c.name,
                        db.seats.c.claimed,
                        db.seats.c.agent,
                    )
                    .where(db.seats.c.table_id.in_(ids))
                    .order_by(db.seats.c.table_id, db.seats.c.seat)
                )
            ).all()
        by_table: dict[str, list[dict[str, Any]]] = {}
        for s in seats:
            by_table.setdefault(s.table_id, []).append(
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": s.name,
                    "claimed": bool(s.claimed),
                    "bot": s.agent if s.kind == "bot" or s.agent else None,
                }
            )
        return [
            {
                "id": r.id,
                "game": r.game,
                "players": r.players,
                "status": r.status,
                "version": r.version,
                "listed": bool(r.listed),
                "rated": bool(r.rated),
                "closed": closed_reason(r.result),
                "created_at": r.created_at,
                "updated_at": r.updated_at,
                "seats": by_table.get(r.id, []),
            }
            for r in rows
        ]

    async def close_table(self, table_id: str, reason: str, now: float) -> bool:
        """End a table that is not over without a result: status over, result
        `{"closed": reason}`, no clocks. False when it was over already (or is gone)."""
        async with begin(self.engine) as conn:
            result = await conn.execute(
                update(db.tables)
                .where(db.tables.c.id == table_id)
                .where(db.tables.c.status != db.OVER)
                .values(
                    status=db.OVER,
                    result=json.dumps({"closed": reason}),
                    deadlines="{}",
                    next_deadline=None,
                    finished_at=now,
                    updated_at=now,
                )
            )
        return bool(result.rowcount)

    async def table_result(self, table_id: str) -> Any:
        async with self.engine.connect() as conn:
            return (
                await conn.execute(select(db.tables.c.result).where(db.tables.c.id == table_id))
            ).scalar()

    # -- reports -------------------------------------------------------------------------------

    async def reports(self, limit: int, unresolved_only: bool) -> list[dict[str, Any]]:
        """The newest reports with the names of reporter and reported (the evidence is
        left out of the list: it is read one report at a time)."""
        reporter = db.accounts.alias("reporter")
        reported = db.accounts.alias("reported")
        query = (
            select(
                db.reports.c.id,
                db.reports.c.table_id,
                db.reports.c.reporter_seat,
                db.reports.c.reported_seat,
                db.reports.c.reason,
                db.reports.c.at,
                db.reports.c.resolved_at,
                reporter.c.name.label("reporter"),
                reported.c.name.label("reported"),
            )
            .select_from(
                db.reports.outerjoin(reporter, reporter.c.id == db.reports.c.reporter_id).outerjoin(
                    reported, reported.c.id == db.reports.c.reported_id
                )
            )
            .order_by(db.reports.c.at.desc())
            .limit(limit)
        )
        if unresolved_only:
            query = query.where(db.reports.c.resolved_at.is_(None))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [dict(r._mapping) for r in rows]


def closed_reason(result: str | None) -> str | None:
    """The reason a table was closed by the operator (None: it was not)."""
    if not result:
        return None
    try:
        data = json.loads(result)
    except ValueError:
        return None
    reason = data.get("closed") if isinstance(data, dict) else None
    return None if reason is None else str(reason)


def sqlite_revision(path: str) -> str | None:
    """A SQLite file's revision, read without creating the file when it is missing."""
    uri = Path(path).expanduser().absolute().as_uri() + "?mode=rw"
    conn = sqlite3.connect(uri, uri=True, timeout=5)
    try:
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    finally:
        conn.close()
    return None if row is None else str(row[0])


def database_name(url: str) -> str:
    """The database a URL names, without its password (for messages)."""
    return make_url(url).render_as_string(hide_password=True)


__all__ = ["BANNER", "DRAINING", "OperatorRepository", "closed_reason", "database_name"]
