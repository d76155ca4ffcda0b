"""One-off emails about an account, sent at once and outside the notification outbox: the
link that confirms a new email address (`http_notifications.py`), and whatever else must
reach the owner of an address (a password reset).

Anyone can type anyone's address, so each such email is counted (`account_mails`): at most
`PER_ADDRESS` to one address and `PER_ACCOUNT` for one account within an hour, whatever the
kind; one more is refused with `Busy` (429, with when to try again) before anything is sent.
The count is in the database, taken under a lock (PostgreSQL's advisory lock; SQLite's one
writer), so the caps hold over every server process (docs/server.md, "Notifications").
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from email.utils import formatdate, make_msgid

import aiosmtplib
from sqlalchemy.ext.asyncio import AsyncEngine

from buccaneer.server.notifications import new_message, send_mail
from buccaneer.server.passwords import Busy
from buccaneer.server.repository_account_mail import AccountMailStore
from buccaneer.server.settings import Settings

log = logging.getLogger("buccaneer.server")

PER_ADDRESS = 3  # emails to one address within `WINDOW`
PER_ACCOUNT = 5  # emails for one account within `WINDOW`
WINDOW = 3600.0
KEEP = 86_400.0  # rows older than this are deleted (the caps look back an hour)


@dataclass(frozen=True)
class Reservation:
    """An email counted against the caps and not yet sent (`AccountMail.deliver`)."""

    id: int
    kind: str
    to: str


def address_key(address: str) -> str:
    """Whom the cap counts: an address without regard to case (mail servers mostly ignore
    it, so "Ann@Example.org" is "ann@example.org")."""
    return address.strip().casefold()


class AccountMail:
    """Sends one-off emails about an account, within the hourly caps.

    `send(kind, to, subject, text, account_id=...)` does it all. A caller that must store
    something between the count and the sending (the confirmation link the email carries,
    which must be stored before anyone can follow it, but only once the email may go) calls
    `reserve` and then `deliver`."""

    def __init__(self, engine: AsyncEngine, settings: Settings, clock: Callable[[], float]):
        self.store = AccountMailStore(engine)
        self.settings = settings
        self.clock = clock

    @property
    def available(self) -> bool:
        """Whether this server sends email at all (the operator's `--smtp-url`)."""
        return bool(self.settings.smtp_url)

    async def send(
        self, kind: str, to: str, subject: str, text: str, *, account_id: int | None = None
    ) -> str | None:
        """Count and send one email of `kind` (at most 20 characters) to `to`: None when it
        was sent, else why not (kept in its row). Raises `Busy` over a cap, sending
        nothing."""
        reservation = await self.reserve(kind, to, account_id=account_id)
        return await self.deliver(reservation, subject, text)

    async def reserve(self, kind: str, to: str, *, account_id: int | None = None) -> Reservation:
        """Count an email to `to` (for `account_id`) against the caps, or raise `Busy`."""
        made, wait = await self.store.reserve(
            kind,
            address_key(to),
            account_id,
            now=self.clock(),
            window=WINDOW,
            per_address=PER_ADDRESS,
            per_account=PER_ACCOUNT,
            keep=KEEP,
        )
        if made is None:
            raise Busy(
                "too many emails to that address or from this account within the hour; "
                f"try again in {int(wait) + 1} s",
                wait,
            )
        return Reservation(made, kind, to.strip())

    async def deliver(self, reservation: Reservation, subject: str, text: str) -> str | None:
        """Send a reserved email: None when it was sent, else why not (kept in its row)."""
        error = None
        try:
            message = new_message()
            message["From"] = self.settings.mail_from
            message["To"] = reservation.to
            message["Subject"] = subject
            message["Date"] = formatdate(self.clock())
            message["Message-ID"] = make_msgid(domain="buccaneer")
            # An automatic email (RFC 3834): no out-of-office answers to it.
            message["Auto-Submitted"] = "auto-generated"
            message.set_content(text)
            await send_mail(message, self.settings.smtp_url or "")
        except (aiosmtplib.SMTPException, OSError, ValueError, TypeError) as exc:
            error = f"{type(exc).__name__}: {exc}"
            log.warning("%s email not sent: %s", reservation.kind, error)
        await self.store.record(reservation.id, None if error else self.clock(), error)
        return error
