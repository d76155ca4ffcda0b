"""Every statement of the notifications: an account's addresses and switches, the outbox
rows the watcher writes, and the claims by which a sender takes rows to send.

A claim is one conditional UPDATE (`next_at` pushed forward by a lease, `attempts` counted
up) of rows that nobody holds, returning the rows it took: of two senders, in one process or
two, on SQLite (one writer at a time) or PostgreSQL (the second UPDATE waits for the first's
row locks and then finds the rows held), exactly one takes a row. An email digest is claimed
as a whole (account, table) at once, under a lock of the account's row on PostgreSQL, so
that no second email for that table leaves within the hour (docs/server.md, "Notifications").
Email rows are written for, claimed for and sent to confirmed addresses only; the links that
confirm an address are kept here too (hashed, for a day, used once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, case, delete, exists, func, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from buccaneer.server import storage as db
from buccaneer.server.repository import begin

n = db.notifications
a = db.accounts
c = db.email_confirmations


@dataclass(frozen=True)
class Event:
    """One thing to tell one account: `once` events (a game's end, a table filling, the
    first turn) are written only when no row of that kind exists for the account and table."""

    account_id: int
    table_id: str
    kind: str
    payload: str  # JSON
    once: bool = False


@dataclass(frozen=True)
class Claimed:
    """A claimed outbox row with the address it goes to, read when it is sent."""

    id: int
    account_id: int
    table_id: str
    kind: str
    payload: str
    attempts: int
    address: str | None
    unsubscribe_key: str | None


class NotificationStore:
    """The notifications' one door to the database."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    # -- an account's settings ---------------------------------------------------------------

    async def settings(self, account_id: int) -> Any:
        async with self.engine.connect() as conn:
            return (
                await conn.execute(
                    select(
                        a.c.email,
                        a.c.webhook_url,
                        a.c.notify_email,
                        a.c.notify_webhook,
                        a.c.unsubscribe_key,
                        a.c.email_confirmed,
                        a.c.password_hash.is_not(None).label("has_password"),
                    ).where(a.c.id == account_id)
                )
            ).first()

    async def set_settings(
        self,
        account_id: int,
        values: dict[str, Any],
        new_key: str,
        confirmation: tuple[str, float, float] | None = None,
    ) -> None:
        """Store the addresses and switches. When an address (email or webhook) changes, the
        account's unsubscribe key becomes `new_key` (the links in what went to the old
        address stop working, and the key in old messages is no longer worth keeping); a
        changed email is unconfirmed (unless `values` says otherwise) and the links that
        confirmed the old one are void. `confirmation`: (token hash, now, expires at) of the
        link a confirmation email is about to carry, for the email in `values`."""
        async with begin(self.engine) as conn:
            old = (
                await conn.execute(
                    select(a.c.email, a.c.webhook_url, a.c.unsubscribe_key).where(
                        a.c.id == account_id
                    )
                )
            ).first()
            if old is None:
                return
            values = dict(values)
            email_changed = "email" in values and values["email"] != old.email
            moved = email_changed or (
                "webhook_url" in values and values["webhook_url"] != old.webhook_url
            )
            if moved or old.unsubscribe_key is None:
                values["unsubscribe_key"] = new_key
            if email_changed:
                values.setdefault("email_confirmed", False)
                await conn.execute(delete(c).where(c.c.account_id == account_id))
            await conn.execute(update(a).where(a.c.id == account_id).values(**values))
            if confirmation is not None:
                hashed, now, expires = confirmation
                await conn.execute(
                    insert(c).values(
                        token_hash=hashed,
                        account_id=account_id,
                        email=values["email"],
                        created_at=now,
                        expires_at=expires,
                    )
                )

    # -- confirming an email address ---------------------------------------------------------

    async def confirmation_waits(self, account_id: int, email: str, now: float) -> bool:
        """Whether a confirmation link for `email` is out and still works (so that saving
        the same settings again sends no second email)."""
        async with self.engine.connect() as conn:
            found = await conn.execute(
                select(c.c.token_hash)
                .where(
                    c.c.account_id == account_id,
                    c.c.email == email,
                    c.c.used_at.is_(None),
                    c.c.expires_at > now,
                )
                .limit(1)
            )
            return found.first() is not None

    async def drop_confirmation(self, hashed: str) -> None:
        """A link whose email could not be sent (so that saving again sends a new one)."""
        async with begin(self.engine) as conn:
            await conn.execute(delete(c).where(c.c.token_hash == hashed))

    async def confirmation(self, hashed: str, now: float) -> Any:
        """(email) of a confirmation link that still works: not used, not expired, and for
        the address the account has now; None otherwise."""
        async with self.engine.connect() as conn:
            return (
                await conn.execute(
                    select(c.c.email)
                    .select_from(c.join(a, a.c.id == c.c.account_id))
                    .where(
                        c.c.token_hash == hashed,
                        c.c.used_at.is_(None),
                        c.c.expires_at > now,
                        a.c.email == c.c.email,
                    )
                )
            ).first()

    async def confirm(self, hashed: str, now: float) -> str | None:
        """Use a confirmation link: the address it confirmed, or None when the link does not
        work (unknown, used, expired, or for an address the account no longer has). The
        link is taken by one conditional UPDATE, so of two uses at once one confirms."""
        async with begin(self.engine) as conn:
            taken = (
                await conn.execute(
                    update(c)
                    .where(c.c.token_hash == hashed, c.c.used_at.is_(None), c.c.expires_at > now)
                    .values(used_at=now)
                    .returning(c.c.account_id, c.c.email)
                )
            ).first()
            if taken is None:
                return None
            done = await conn.execute(
                update(a)
                .where(a.c.id == taken.account_id, a.c.email == taken.email)
                .values(email_confirmed=True)
            )
            return str(taken.email) if done.rowcount else None

    async def account_of_key(self, key: str) -> Any:
        """(name, notify_email, notify_webhook) of the account an unsubscribe key names."""
        async with self.engine.connect() as conn:
            return (
                await conn.execute(
                    select(a.c.name, a.c.notify_email, a.c.notify_webhook).where(
                        a.c.unsubscribe_key == key
                    )
                )
            ).first()

    async def unsubscribe(self, key: str, channel: str, gave_up: int) -> bool:
        """Turn `channel` off for the account of `key`, and drop its messages not yet sent
        on that channel (marked, with `attempts` at `gave_up`, never sent)."""
        column = "notify_email" if channel == "email" else "notify_webhook"
        async with begin(self.engine) as conn:
            found = (await conn.execute(select(a.c.id).where(a.c.unsubscribe_key == key))).first()
            if found is None:
                return False
            await conn.execute(update(a).where(a.c.id == found.id).values({column: False}))
            await conn.execute(
                update(n)
                .where(n.c.account_id == found.id, n.c.channel == channel, n.c.sent_at.is_(None))
                .values(error="unsubscribed", attempts=gave_up, next_at=None)
            )
        return True

    # -- the outbox ---------------------------------------------------------------------------

    async def add(self, events: Sequence[Event], channels: Sequence[str], now: float) -> int:
        """One row per event and channel that its account has turned on and has an address
        for; the number written."""
        if not events:
            return 0
        ids = sorted({e.account_id for e in events})
        written = 0
        async with begin(self.engine) as conn:
            accounts = {
                row.id: row
                for row in await conn.execute(
                    select(
                        a.c.id,
                        a.c.email,
                        a.c.email_confirmed,
                        a.c.webhook_url,
                        a.c.notify_email,
                        a.c.notify_webhook,
                    ).where(a.c.id.in_(ids))
                )
            }
            for event in events:
                row = accounts.get(event.account_id)
                if row is None:
                    continue
                wanted = {
                    "email": bool(row.notify_email and row.email and row.email_confirmed),
                    "webhook": bool(row.notify_webhook and row.webhook_url),
                }
                for channel in channels:
                    if not wanted.get(channel):
                        continue
                    if (
                        event.once
                        and (
                            await conn.execute(
                                select(n.c.id)
                                .where(
                                    n.c.account_id == event.account_id,
                                    n.c.table_id == event.table_id,
                                    n.c.kind == event.kind,
                                    n.c.channel == channel,
                                )
                                .limit(1)
                            )
                        ).first()
                    ):
                        continue
                    await conn.execute(
                        insert(n).values(
                            account_id=event.account_id,
                            table_id=event.table_id,
                            kind=event.kind,
                            channel=channel,
                            payload=event.payload,
                            created_at=now,
                            attempts=0,
                        )
                    )
                    written += 1
        return written

    async def claim_webhooks(
        self, now: float, lease: float, max_attempts: int, limit: int
    ) -> list[Claimed]:
        """Take up to `limit` due webhook rows (oldest first) for `lease` seconds."""
        due = (
            select(n.c.id)
            .select_from(n.join(a, a.c.id == n.c.account_id))
            .where(
                n.c.channel == "webhook",
                n.c.sent_at.is_(None),
                n.c.attempts < max_attempts,
                or_(n.c.next_at.is_(None), n.c.next_at <= now),
                a.c.notify_webhook.is_(True),
                a.c.webhook_url.is_not(None),
            )
            .order_by(n.c.id)
            .limit(limit)
        )
        async with begin(self.engine) as conn:
            # One statement: the rows are chosen and taken at once (on PostgreSQL a second
            # sender waits for the first's row locks, then finds `next_at` moved on).
            taken = await conn.execute(
                update(n)
                .where(
                    n.c.id.in_(due.scalar_subquery()),
                    n.c.sent_at.is_(None),
                    n.c.attempts < max_attempts,
                    or_(n.c.next_at.is_(None), n.c.next_at <= now),
                )
                .values(attempts=n.c.attempts + 1, next_at=now + lease)
                .returning(n.c.id)
            )
            mine = [row.id for row in taken]
            return await self.read_claimed(conn, mine, "webhook")

    async def due_email_groups(
        self, now: float, hold: float, max_attempts: int, limit: int
    ) -> list[tuple[int, str]]:
        """(account, table) pairs with an email row due and no email sent for that table
        within `hold` seconds, nor one being sent or waiting to be tried again."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(n.c.account_id, n.c.table_id)
                .select_from(n.join(a, a.c.id == n.c.account_id))
                .where(
                    n.c.channel == "email",
                    n.c.sent_at.is_(None),
                    n.c.attempts < max_attempts,
                    or_(n.c.next_at.is_(None), n.c.next_at <= now),
                    a.c.notify_email.is_(True),
                    a.c.email.is_not(None),
                    a.c.email_confirmed.is_(True),
                    ~self.held(n.c.account_id, n.c.table_id, now, hold, max_attempts),
                )
                .group_by(n.c.account_id, n.c.table_id)
                .order_by(func.min(n.c.id))
                .limit(limit)
            )
            return [(row.account_id, row.table_id) for row in rows]

    @staticmethod
    def held(account_id: Any, table_id: Any, now: float, hold: float, max_attempts: int) -> Any:
        """Whether the (account, table)'s emails wait: one was sent within `hold` seconds,
        or one is being sent or waits to be tried again."""
        other = n.alias("other")
        return exists(
            select(other.c.id).where(
                other.c.account_id == account_id,
                other.c.table_id == table_id,
                other.c.channel == "email",
                or_(
                    and_(other.c.sent_at.is_not(None), other.c.sent_at > now - hold),
                    and_(
                        other.c.sent_at.is_(None),
                        other.c.attempts < max_attempts,
                        other.c.next_at > now,
                    ),
                ),
            )
        )

    async def claim_email_group(
        self,
        account_id: int,
        table_id: str,
        *,
        now: float,
        lease: float,
        hold: float,
        max_attempts: int,
    ) -> list[Claimed]:
        """Take every due email row of (account, table) at once, unless the group waits
        (`held`); nothing when another sender took it first."""
        async with begin(self.engine) as conn:
            if conn.dialect.name == "postgresql":
                # One claim of an account's emails at a time (SQLite has one writer anyway,
                # and a read first would only make its write fail on a newer snapshot).
                await conn.execute(select(a.c.id).where(a.c.id == account_id).with_for_update())
            taken = await conn.execute(
                update(n)
                .where(
                    n.c.account_id == account_id,
                    n.c.table_id == table_id,
                    n.c.channel == "email",
                    n.c.sent_at.is_(None),
                    n.c.attempts < max_attempts,
                    or_(n.c.next_at.is_(None), n.c.next_at <= now),
                    ~self.held(account_id, table_id, now, hold, max_attempts),
                    # Held while the address is unconfirmed (it changed since the row).
                    exists(
                        select(a.c.id).where(
                            a.c.id == account_id,
                            a.c.notify_email.is_(True),
                            a.c.email.is_not(None),
                            a.c.email_confirmed.is_(True),
                        )
                    ),
                )
                .values(attempts=n.c.attempts + 1, next_at=now + lease)
                .returning(n.c.id)
            )
            mine = [row.id for row in taken]
            return await self.read_claimed(conn, mine, "email")

    @staticmethod
    async def read_claimed(conn: Any, ids: list[int], channel: str) -> list[Claimed]:
        if not ids:
            return []
        # An email goes to a confirmed address only (none: the row fails, recorded).
        address = (
            case((a.c.email_confirmed.is_(True), a.c.email), else_=None)
            if channel == "email"
            else a.c.webhook_url
        )
        rows = await conn.execute(
            select(
                n.c.id,
                n.c.account_id,
                n.c.table_id,
                n.c.kind,
                n.c.payload,
                n.c.attempts,
                address.label("address"),
                a.c.unsubscribe_key,
            )
            .select_from(n.join(a, a.c.id == n.c.account_id))
            .where(n.c.id.in_(ids))
            .order_by(n.c.id)
        )
        return [Claimed(**row._mapping) for row in rows]

    async def sent(self, ids: Sequence[int], now: float) -> None:
        async with begin(self.engine) as conn:
            await conn.execute(
                update(n).where(n.c.id.in_(list(ids))).values(sent_at=now, error=None, next_at=None)
            )

    async def failed(self, ids: Sequence[int], error: str, retry_at: float) -> None:
        """A failed try: kept with its error, tried again at `retry_at`."""
        async with begin(self.engine) as conn:
            await conn.execute(
                update(n).where(n.c.id.in_(list(ids))).values(error=error[:500], next_at=retry_at)
            )

    async def give_up(self, ids: Sequence[int], error: str, max_attempts: int) -> None:
        async with begin(self.engine) as conn:
            await conn.execute(
                update(n)
                .where(n.c.id.in_(list(ids)))
                .values(error=error[:500], next_at=None, attempts=max_attempts)
            )

    async def rows(self, account_id: int | None = None) -> list[Any]:
        """Every outbox row (of one account), oldest first: for the operator and the tests."""
        query = select(n).order_by(n.c.id)
        if account_id is not None:
            query = query.where(n.c.account_id == account_id)
        async with self.engine.connect() as conn:
            return list((await conn.execute(query)).all())
