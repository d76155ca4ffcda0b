"""The statements of accounts a person manages (docs/server.md, "Accounts"): sessions ended
one or all at a time, a new password, a guest made an account, a deleted account, and
password reset links. Making accounts and opening sessions stay in `Repository` (every table
and connection needs them); this is what only `http_accounts.py` asks for.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from buccaneer.server import storage as db
from buccaneer.server.auth import deleted_name
from buccaneer.server.repository import begin

a = db.accounts
s = db.sessions
r = db.password_resets
d = db.devices
# The browsers an account is known in (the newest; an older one logs in as any other does).
DEVICES = 20


class AccountsRepository:
    """Accounts' one door to the database (the same engine as `Repository`'s)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    # -- sessions ------------------------------------------------------------------------------

    async def end_session(self, token_hash: str) -> None:
        async with begin(self.engine) as conn:
            await conn.execute(delete(s).where(s.c.token_hash == token_hash))

    async def end_sessions(self, account_id: int) -> int:
        """End every session of the account (log out everywhere); how many there were."""
        async with begin(self.engine) as conn:
            result = await conn.execute(delete(s).where(s.c.account_id == account_id))
            return int(result.rowcount or 0)

    # -- known browsers -----------------------------------------------------------------------

    async def add_device(self, token_hash: str, account_id: int, now: float) -> None:
        """A browser that gave the account's password; the oldest beyond `DEVICES` go."""
        async with begin(self.engine) as conn:
            await conn.execute(
                d.insert().values(token_hash=token_hash, account_id=account_id, created_at=now)
            )
            kept = (
                select(d.c.token_hash)
                .where(d.c.account_id == account_id)
                .order_by(d.c.created_at.desc(), d.c.token_hash)
                .limit(DEVICES)
            )
            await conn.execute(
                delete(d).where(d.c.account_id == account_id, d.c.token_hash.not_in(kept))
            )

    async def device_account(self, token_hash: str) -> int | None:
        async with self.engine.connect() as conn:
            found = await conn.execute(select(d.c.account_id).where(d.c.token_hash == token_hash))
            value = found.scalar_one_or_none()
            return int(value) if value is not None else None

    async def end_devices(self, account_id: int) -> None:
        """No browser is known any more (a new password: whoever knew the old one too)."""
        async with begin(self.engine) as conn:
            await conn.execute(delete(d).where(d.c.account_id == account_id))

    # -- passwords -----------------------------------------------------------------------------

    async def set_password(self, account_id: int, password_hash: str) -> None:
        async with begin(self.engine) as conn:
            await conn.execute(
                update(a).where(a.c.id == account_id).values(password_hash=password_hash)
            )

    async def keep_guest(self, account_id: int, name: str, password_hash: str) -> bool:
        """A guest becomes an account with a password (and `name`, which may be its own):
        False when another account has that name, or the account is no guest (any more)."""
        try:
            async with begin(self.engine) as conn:
                result = await conn.execute(
                    update(a)
                    .where(a.c.id == account_id, a.c.password_hash.is_(None))
                    .where(a.c.deleted_at.is_(None))
                    .values(name=name, name_key=name.casefold(), password_hash=password_hash)
                )
                return bool(result.rowcount)
        except IntegrityError:
            return False

    # -- deleting ------------------------------------------------------------------------------

    async def running_seats(self, account_id: int) -> int:
        """Seats the account holds at tables waiting or in play (it is not deleted then: its
        opponents' game would lose a player)."""
        async with self.engine.connect() as conn:
            found = await conn.execute(
                select(func.count())
                .select_from(db.seats.join(db.tables, db.tables.c.id == db.seats.c.table_id))
                .where(db.seats.c.account_id == account_id)
                .where(db.tables.c.status.in_((db.WAITING, db.ACTIVE)))
            )
            return int(found.scalar_one())

    async def delete_account(self, account_id: int, now: float) -> None:
        """The account is made anonymous for good: its name (and its seats' names) becomes
        `deleted_name`, its password, addresses, sessions, mutes, queue entry, links and
        unsent messages go; its finished games and ratings stay, as a record of games others
        played too."""
        anonymous = deleted_name(account_id)
        async with begin(self.engine) as conn:
            await conn.execute(
                update(a)
                .where(a.c.id == account_id)
                .values(
                    name=anonymous,
                    name_key=anonymous.casefold(),
                    password_hash=None,
                    email=None,
                    email_confirmed=False,
                    webhook_url=None,
                    notify_email=False,
                    notify_webhook=False,
                    unsubscribe_key=None,
                    deleted_at=now,
                )
            )
            await conn.execute(
                update(db.seats).where(db.seats.c.account_id == account_id).values(name=anonymous)
            )
            for table, column in (
                (s, s.c.account_id),
                (r, r.c.account_id),
                (d, d.c.account_id),
                (db.email_confirmations, db.email_confirmations.c.account_id),
                (db.notifications, db.notifications.c.account_id),
                (db.queue, db.queue.c.account_id),
                (db.mutes, db.mutes.c.account_id),
                (db.mutes, db.mutes.c.muted_id),
            ):
                await conn.execute(delete(table).where(column == account_id))

    # -- password resets -----------------------------------------------------------------------

    async def add_reset(self, token_hash: str, account_id: int, now: float, lasts: float) -> None:
        """A reset link for the account; its earlier unused ones are void from now."""
        async with begin(self.engine) as conn:
            await conn.execute(delete(r).where(r.c.account_id == account_id))
            await conn.execute(
                r.insert().values(
                    token_hash=token_hash,
                    account_id=account_id,
                    created_at=now,
                    expires_at=now + lasts,
                )
            )

    async def use_reset(self, token_hash: str, now: float) -> int | None:
        """The account a reset link opens, marking it used (once, in one statement, so two
        tabs cannot both use it); None when unknown, used or expired."""
        async with begin(self.engine) as conn:
            row = (
                await conn.execute(
                    select(r.c.account_id).where(
                        r.c.token_hash == token_hash,
                        r.c.used_at.is_(None),
                        r.c.expires_at > now,
                    )
                )
            ).first()
            if row is None:
                return None
            used = await conn.execute(
                update(r)
                .where(r.c.token_hash == token_hash, r.c.used_at.is_(None))
                .values(used_at=now)
            )
            return int(row.account_id) if used.rowcount else None

    async def reset_address(self, name: str) -> Any:
        """(id, name, email) of the account called `name` when it has a password and a confirmed
        email address (the only kind a reset link is mailed to), else None."""
        async with self.engine.connect() as conn:
            return (
                await conn.execute(
                    select(a.c.id, a.c.name, a.c.email).where(
                        a.c.name_key == name.casefold(),
                        a.c.password_hash.is_not(None),
                        a.c.email.is_not(None),
                        a.c.email_confirmed.is_(True),
                        a.c.deleted_at.is_(None),
                        a.c.banned.is_(False),
                    )
                )
            ).first()
