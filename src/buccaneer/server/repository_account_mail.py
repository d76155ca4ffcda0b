"""The statements of one-off account emails (`account_mail.py`): each email is a row of
`account_mails`, counted per address and per account for the hourly caps.

The count and the row it adds are one transaction under a lock: PostgreSQL's advisory lock
(account emails are few, so one lock for all of them), SQLite's one writer (the row is
written first, which takes the write lock, and counted after). So two processes never both
take the last place under a cap.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from buccaneer.server import storage as db
from buccaneer.server.repository import begin

m = db.account_mails

# Any fixed 64-bit number that names "buccaneer account mails" among advisory locks.
LOCK = 0x0B0CCA7EEA11


class OverCap(Exception):
    """Raised inside the transaction to roll the counted row back."""

    def __init__(self, wait: float) -> None:
        super().__init__(wait)
        self.wait = wait


class AccountMailStore:
    """The account emails' one door to the database."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def reserve(
        self,
        kind: str,
        address: str,
        account_id: int | None,
        *,
        now: float,
        window: float,
        per_address: int,
        per_account: int,
        keep: float,
    ) -> tuple[int | None, float]:
        """Count one more email to `address` (for `account_id`) within `window` seconds:
        (its row's id, 0.0), or (None, seconds until one more is within the caps) and
        nothing written. Rows older than `keep` seconds are deleted on the way."""
        try:
            async with begin(self.engine) as conn:
                if conn.dialect.name == "postgresql":
                    await conn.execute(select(func.pg_advisory_xact_lock(LOCK)))
                # First a write: on SQLite it takes the one write lock, so what is counted
                # next is everything any process has written.
                await conn.execute(delete(m).where(m.c.created_at < now - keep))
                made = await conn.execute(
                    insert(m)
                    .values(kind=kind, address=address, account_id=account_id, created_at=now)
                    .returning(m.c.id)
                )
                mine = int(made.scalar_one())

                async def waits(whose: ColumnElement[bool], cap: int) -> float:
                    return await self.wait(conn, whose, mine=mine, cap=cap, now=now, window=window)

                wait = await waits(m.c.address == address, per_address)
                if account_id is not None:
                    wait = max(wait, await waits(m.c.account_id == account_id, per_account))
                if wait > 0:
                    raise OverCap(wait)
                return mine, 0.0
        except OverCap as over:
            return None, over.wait

    @staticmethod
    async def wait(
        conn: AsyncConnection,
        whose: ColumnElement[bool],
        *,
        mine: int,
        cap: int,
        now: float,
        window: float,
    ) -> float:
        """Seconds until one more email is within `cap` for the rows `whose` selects, other
        than `mine` (0: now): when the oldest of the last `cap` leaves the window."""
        times = await conn.execute(
            select(m.c.created_at)
            .where(whose, m.c.id != mine, m.c.created_at > now - window)
            .order_by(m.c.created_at.desc())
            .limit(cap)
        )
        last = [float(t) for t in times.scalars()]
        if len(last) < cap:
            return 0.0
        return max(0.0, min(last) + window - now)

    async def record(self, mail_id: int, sent_at: float | None, error: str | None) -> None:
        """How the email of row `mail_id` went: sent at `sent_at`, or not, for `error`."""
        async with begin(self.engine) as conn:
            await conn.execute(
                update(m)
                .where(m.c.id == mail_id)
                .values(sent_at=sent_at, error=error[:500] if error else None)
            )
