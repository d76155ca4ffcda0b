"""Moderation's statements (docs/server.md, "Moderation"): mutes, reports with their
evidence, the votes to hand an idle seat to a bot, and the sweep that deletes old chat.

Like `repository.py`, the rest of the server asks for facts and changes in words of its own
and never builds SQL; this module holds the statements of one topic, on the same engine.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from buccaneer.server import storage as db
from buccaneer.server.repository import begin


class ModerationRepository:
    """Mutes, reports, hand-over votes and the chat's retention, each method one question or
    one change."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    # -- mutes --------------------------------------------------------------------------------

    async def mute(
        self, account_id: int, muted_id: int, at: float, name: str | None = None
    ) -> None:
        """`account_id` no longer sees `muted_id`'s chat (muting twice changes nothing),
        listed under `name`: the name the muter knew it by (a seat's shown name), never
        more."""
        try:
            async with begin(self.engine) as conn:
                await conn.execute(
                    insert(db.mutes).values(
                        account_id=account_id, muted_id=muted_id, at=at, name=name
                    )
                )
        except IntegrityError:
            return

    async def unmute(self, account_id: int, muted_id: int) -> bool:
        """False when the account had not muted that one."""
        async with begin(self.engine) as conn:
            result = await conn.execute(
                delete(db.mutes)
                .where(db.mutes.c.account_id == account_id)
                .where(db.mutes.c.muted_id == muted_id)
            )
        return bool(result.rowcount)

    async def muted_by(self, account_id: int) -> list[tuple[int, str]]:
        """The (id, name) of every account `account_id` has muted, by name."""
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(db.accounts.c.id, db.accounts.c.name)
                    .join(db.mutes, db.mutes.c.muted_id == db.accounts.c.id)
                    .where(db.mutes.c.account_id == account_id)
                    .order_by(db.accounts.c.name_key)
                )
            ).all()
        return [(r.id, r.name) for r in rows]

    async def mutes_shown(self, account_id: int) -> list[str]:
        """What the account's own list of mutes shows, in the order they were made: each by
        the name it was muted under (a seat's shown name, which may hide whose account it
        is: the list never tells more than the muter knew), or the account's name for a mute
        made before those names were kept."""
        m = db.mutes
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(func.coalesce(m.c.name, db.accounts.c.name).label("name"))
                    .join(db.accounts, m.c.muted_id == db.accounts.c.id)
                    .where(m.c.account_id == account_id)
                    .order_by(m.c.at, m.c.muted_id)
                )
            ).all()
        return [str(r.name) for r in rows]

    async def unmute_named(self, account_id: int, name: str) -> str | None:
        """Hear again the account muted under `name` (in any case); the name as listed, or
        None when there is no such mute."""
        m = db.mutes
        shown = func.coalesce(m.c.name, db.accounts.c.name)
        async with begin(self.engine) as conn:
            row = (
                await conn.execute(
                    select(m.c.muted_id, shown.label("name"))
                    .join(db.accounts, m.c.muted_id == db.accounts.c.id)
                    .where(m.c.account_id == account_id)
                    .where(func.lower(shown) == name.lower())
                    .order_by(m.c.at)
                )
            ).first()
            if row is None:
                return None
            await conn.execute(
                delete(m).where(m.c.account_id == account_id, m.c.muted_id == row.muted_id)
            )
        return str(row.name)

    async def account_id_named(self, name: str) -> tuple[int, str] | None:
        """The (id, name) of the account called `name` in any case, or None."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(db.accounts.c.id, db.accounts.c.name).where(
                        db.accounts.c.name_key == name.casefold()
                    )
                )
            ).first()
        return (row.id, row.name) if row else None

    async def account_name(self, account_id: int) -> str | None:
        async with self.engine.connect() as conn:
            return (
                await conn.execute(select(db.accounts.c.name).where(db.accounts.c.id == account_id))
            ).scalar_one_or_none()

    # -- reports ------------------------------------------------------------------------------

    async def open_report(
        self, table_id: str, reporter_id: int | None, reporter_seat: int | None, seat: int
    ) -> bool:
        """Whether this reporter (an account, else a seat) has an unresolved report of `seat`
        at this table."""
        query = (
            select(db.reports.c.id)
            .where(db.reports.c.table_id == table_id)
            .where(db.reports.c.reported_seat == seat)
            .where(db.reports.c.resolved_at.is_(None))
            .limit(1)
        )
        if reporter_id is not None:
            query = query.where(db.reports.c.reporter_id == reporter_id)
        else:
            query = query.where(db.reports.c.reporter_id.is_(None)).where(
                db.reports.c.reporter_seat == reporter_seat
            )
        async with self.engine.connect() as conn:
            return (await conn.execute(query)).first() is not None

    async def add_report(self, values: dict[str, Any]) -> int:
        """Store a report (its evidence as JSON text already); its id."""
        async with begin(self.engine) as conn:
            result = await conn.execute(insert(db.reports).values(**values))
            key = result.inserted_primary_key
        assert key is not None
        return int(key[0])

    async def reports(
        self, *, open_only: bool = True, table_id: str | None = None, limit: int = 100
    ) -> list[dict[str, Any]]:
        """Reports for the operator, newest first: unresolved ones only unless `open_only` is
        False, of one table when named. Each is a dict of the row's columns, with `evidence`
        parsed (`{"chat": [...], "record": {...}, "table": {...}}`) and the reporter's and
        reported player's account names (`reporter_name`, `reported_name`; None for a seat
        without an account)."""
        reporter = db.accounts.alias("reporter")
        reported = db.accounts.alias("reported")
        query = (
            select(
                db.reports,
                reporter.c.name.label("reporter_name"),
                reported.c.name.label("reported_name"),
            )
            .select_from(
                db.reports.outerjoin(reporter, reporter.c.id == db.reports.c.reporter_id).outerjoin(
                    reported, reported.c.id == db.reports.c.reported_id
                )
            )
            .order_by(db.reports.c.id.desc())
            .limit(limit)
        )
        if open_only:
            query = query.where(db.reports.c.resolved_at.is_(None))
        if table_id is not None:
            query = query.where(db.reports.c.table_id == table_id)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        out = []
        for row in rows:
            item = dict(row._mapping)
            item["evidence"] = json.loads(item["evidence"])
            out.append(item)
        return out

    async def resolve_report(self, report_id: int, at: float) -> bool:
        """Mark a report resolved (the operator has dealt with it); False when there is no
        such unresolved report."""
        async with begin(self.engine) as conn:
            result = await conn.execute(
                update(db.reports)
                .where(db.reports.c.id == report_id)
                .where(db.reports.c.resolved_at.is_(None))
                .values(resolved_at=at)
            )
        return bool(result.rowcount)

    async def all_chat(self, table_id: str) -> list[dict[str, Any]]:
        """Every chat line the table still holds, oldest first (a report's evidence)."""
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(db.chat).where(db.chat.c.table_id == table_id).order_by(db.chat.c.id)
                )
            ).all()
        return [
            {"id": r.id, "seat": r.seat, "name": r.name, "text": r.text, "at": r.at} for r in rows
        ]

    # -- votes to hand an idle seat to a bot --------------------------------------------------

    async def decision_time(self, table_id: str, asked_since: int) -> float | None:
        """When the decision put to a seat at version `asked_since` was put: the time of that
        version's action, or for version 0 (the start) the time of the first action, else the
        table's last change (no action yet: the start or later). None for no such table."""
        async with self.engine.connect() as conn:
            at = (
                await conn.execute(
                    select(db.actions.c.at)
                    .where(db.actions.c.table_id == table_id)
                    .where(db.actions.c.version == max(asked_since, 1))
                )
            ).scalar_one_or_none()
            if at is not None:
                return float(at)
            updated = (
                await conn.execute(select(db.tables.c.updated_at).where(db.tables.c.id == table_id))
            ).scalar_one_or_none()
        return None if updated is None else float(updated)

    async def cast_vote(self, table_id: str, seat: int, voter: int, at: float) -> None:
        """`voter`'s vote for `seat` (casting it again renews its time)."""
        async with begin(self.engine) as conn:
            await conn.execute(
                delete(db.votes)
                .where(db.votes.c.table_id == table_id)
                .where(db.votes.c.seat == seat)
                .where(db.votes.c.voter == voter)
            )
            await conn.execute(
                insert(db.votes).values(table_id=table_id, seat=seat, voter=voter, at=at)
            )

    async def votes(self, table_id: str) -> dict[int, list[tuple[int, float]]]:
        """The table's stored votes: by voted-on seat, (voter, time) in voter order."""
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(db.votes.c.seat, db.votes.c.voter, db.votes.c.at)
                    .where(db.votes.c.table_id == table_id)
                    .order_by(db.votes.c.seat, db.votes.c.voter)
                )
            ).all()
        out: dict[int, list[tuple[int, float]]] = {}
        for row in rows:
            out.setdefault(row.seat, []).append((row.voter, float(row.at)))
        return out

    async def voted_seats(self) -> set[tuple[str, int]]:
        """Every (table, seat) with a stored vote."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(db.votes.c.table_id, db.votes.c.seat))).all()
        return {(r.table_id, r.seat) for r in rows}

    async def clear_votes(self, table_id: str, seat: int) -> None:
        async with begin(self.engine) as conn:
            await conn.execute(
                delete(db.votes)
                .where(db.votes.c.table_id == table_id)
                .where(db.votes.c.seat == seat)
            )

    # -- retention ----------------------------------------------------------------------------

    async def sweep(self, finished_before: float) -> tuple[int, int]:
        """Delete the chat of tables finished before `finished_before`, and the votes of every
        finished table; how many chat lines and votes went."""
        finished = select(db.tables.c.id).where(db.tables.c.status == db.OVER)
        old = finished.where(db.tables.c.finished_at < finished_before)
        async with begin(self.engine) as conn:
            lines = await conn.execute(delete(db.chat).where(db.chat.c.table_id.in_(old)))
            votes = await conn.execute(delete(db.votes).where(db.votes.c.table_id.in_(finished)))
        return int(lines.rowcount or 0), int(votes.rowcount or 0)


__all__ = ["ModerationRepository"]
