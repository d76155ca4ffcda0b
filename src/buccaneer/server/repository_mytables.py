"""The statements of "my tables" (docs/server.md, "My tables"): the seats an account sits at,
with their table's status and the time of its last move. What each table looks like is read
from its master (`http_mytables.py`), never from here.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncEngine

from buccaneer.server import storage as db


class MyTablesRepository:
    """ "My tables"' one door to the database (the same engine as `Repository`'s)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def seated(self, account_id: int, finished_since: float, limit: int) -> list[Any]:
        """The person's seats (rows of table_id, seat, status, created_at, finished_at and
        last_move_at: the time of the table's newest action, None before the first) at
        tables not finished, or finished since `finished_since`; the tables in play first,
        then the newest."""
        last_move = (
            select(func.max(db.actions.c.at))
            .where(db.actions.c.table_id == db.seats.c.table_id)
            .scalar_subquery()
        )
        finished = db.tables.c.status == db.OVER
        query = (
            select(
                db.seats.c.table_id,
                db.seats.c.seat,
                db.tables.c.status,
                db.tables.c.created_at,
                db.tables.c.finished_at,
                last_move.label("last_move_at"),
            )
            .join(db.tables, db.tables.c.id == db.seats.c.table_id)
            .where(db.seats.c.account_id == account_id)
            .where(db.seats.c.kind == "human")
            .where(or_(~finished, func.coalesce(db.tables.c.finished_at, 0) >= finished_since))
            .order_by(finished, db.tables.c.updated_at.desc())
            .limit(limit)
        )
        async with self.engine.connect() as conn:
            return list((await conn.execute(query)).all())


__all__ = ["MyTablesRepository"]
