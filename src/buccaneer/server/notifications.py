"""Notifications that reach a player away from the table: a webhook (a JSON POST that a
Discord or Slack incoming webhook takes as it is) and email, when the operator set an SMTP
server (`--smtp-url`).

Three events, seen by a watcher of the table masters (`Masters.watchers`) in the process
that made the change, so each is written once: it became a person's turn (a seat newly asked
that a person plays, not a bot or a handed-over seat), a game the person sits at ended, a
table the account created filled and started. Each is one outbox row per channel the account
has turned on (`repository_notifications.py`), and a sender loop, which any number of
processes may run, claims due rows and sends them: webhooks at once, retried with backoff
and given up after `MAX_ATTEMPTS`; emails digested, so that nobody gets more than one email
per table per hour (rows wait for an hour after the last email of that table, then leave as
one email listing them). Every message carries a one-click unsubscribe link
(`http_notifications.py`). Email goes only to an address its owner has confirmed (the link
of a confirmation email: `account_mail.py`, `http_notifications.py`). The words are English
(docs/server.md, "Notifications").
"""

from __future__ import annotations

import asyncio
import contextlib
import email.policy
import ipaddress
import json
import logging
import socket
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from email.headerregistry import BaseHeader, HeaderRegistry, UnstructuredHeader
from email.message import EmailMessage
from email.policy import Policy
from email.utils import formatdate, make_msgid
from typing import Any
from urllib.parse import unquote, urlsplit

import aiosmtplib
import httpx

from buccaneer.server import metrics
from buccaneer.server.repository_notifications import Claimed, Event, NotificationStore
from buccaneer.server.settings import Settings
from buccaneer.server.storage import ACTIVE, OVER
from buccaneer.server.tables import LiveTable, Refused, Step

log = logging.getLogger("buccaneer.server")

CHANNELS = ("webhook", "email")
# Tries of one message before it is given up, and the wait after each failed one (seconds).
MAX_ATTEMPTS = 4
BACKOFF = (30.0, 120.0, 600.0)
# How long a claim holds a row (a sender that dies mid-send frees it after this).
LEASE = 120.0
# The digest: at most one email per account and table within this many seconds.
DIGEST_SECONDS = 3600.0
WEBHOOK_TIMEOUT = 10.0


# -- what is written ------------------------------------------------------------------------


def sentence(kind: str, title: str, table_id: str) -> str:
    if kind == "your_turn":
        return f"It is your turn in {title} at table {table_id}."
    if kind == "game_over":
        return f"The game of {title} at table {table_id} is over."
    return f"Your table of {title} ({table_id}) is full: the game has started."


def payload(live: LiveTable, kind: str, base_url: str, seat: int | None) -> str:
    return json.dumps(
        {
            "kind": kind,
            "table": live.id,
            "game": live.spec.name,
            "title": live.spec.title,
            "seat": seat,
            "version": live.version,
            "sentence": sentence(kind, live.spec.title, live.id),
            "link": f"{base_url}/tables/{live.id}",
        }
    )


def events_of(live: LiveTable, kind: str, step: Step | None, base_url: str) -> list[Event]:
    """What a stored change tells whom: a seat a person plays newly asked (`your_turn`), the
    game's end (`game_over`, to every seated account), and a waiting table that has just
    started (`table_full`, to its creator, with the first turns)."""
    if kind != "version":
        return []
    seats = {s.seat: s for s in live.seats}

    def person(seat: int) -> int | None:
        s = seats.get(seat)
        if s is None or s.kind != "human" or s.agent is not None or s.forfeited:
            return None
        return s.account_id

    events: list[Event] = []

    def tell(account: int | None, what: str, seat: int | None, once: bool) -> None:
        if account is not None:
            body = payload(live, what, base_url, seat)
            events.append(Event(account, live.id, what, body, once))

    if step is None:
        # The one announcement of a version without a step at version 0: the table started.
        if live.version == 0 and live.status == ACTIVE:
            tell(live.created_by, "table_full", None, True)
            for seat in live.state.to_move():
                tell(person(seat), "your_turn", seat, True)
        return events
    # A seat asked anew by this step (not the seat that acted and goes on deciding).
    for seat in step.state.to_move():
        if seat != step.seat and step.asked_since[seat] == step.version:
            tell(person(seat), "your_turn", seat, False)
    if step.status == OVER:
        told: set[int] = set()
        for s in live.seats:
            if s.kind == "human" and s.account_id is not None and s.account_id not in told:
                told.add(s.account_id)
                tell(s.account_id, "game_over", s.seat, True)
    return events


# -- addresses ------------------------------------------------------------------------------


# What no address holds: controls (U+0085 among them), format characters (zero-width spaces,
# direction marks), spaces of any kind, line and paragraph separators (U+2028, U+2029),
# private-use characters, surrogates and unassigned code points. An address with one would be
# stored, then fail when a mail header or a request line is made of it, or show one thing
# and be another.
UNPRINTABLE = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp", "Co", "Cs", "Cn"})


def printable(text: str) -> bool:
    return not any(unicodedata.category(c) in UNPRINTABLE for c in text)


def check_webhook_url(url: str, allow_private: bool) -> str:
    """A webhook URL people may set: http(s), a host, no credentials, not a loopback or
    private address (unless the operator allows them: `webhook_private`)."""
    url = url.strip()
    if len(url) > 500 or not printable(url):
        raise Refused(
            "bad_webhook",
            "a webhook URL has at most 500 characters and no spaces, line breaks or "
            "invisible characters",
        )
    try:
        parts = urlsplit(url)
        host = parts.hostname
        _ = parts.port
    except ValueError:
        raise Refused("bad_webhook", "that webhook URL cannot be read") from None
    if parts.scheme not in ("http", "https"):
        raise Refused("bad_webhook", "a webhook URL starts with https:// (or http://)")
    if not host:
        raise Refused("bad_webhook", "a webhook URL names a host")
    if parts.username is not None or parts.password is not None:
        raise Refused("bad_webhook", "a webhook URL carries no user name or password")
    if not allow_private and private_host(host):
        raise Refused("bad_webhook", "webhooks go to public addresses only")
    return url


def private_host(host: str) -> bool:
    if host.lower() == "localhost" or host.lower().endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return not address.is_global


def check_email(email: str) -> str:
    email = email.strip()
    local, at, domain = email.rpartition("@")
    if (
        not at
        or not local
        or "." not in domain.strip(".")
        or len(email) > 200
        or not printable(email)
        or any(c in '<>,;"' for c in email)
    ):
        raise Refused("bad_email", "that is not an email address")
    return email


def unsubscribe_link(base_url: str, key: str | None, channel: str) -> str | None:
    return f"{base_url}/unsubscribe/{key}?channel={channel}" if key else None


class LinkHeader(UnstructuredHeader, BaseHeader):
    """A header that is a link in angle brackets (`List-Unsubscribe`, RFC 2369): written as
    it is. The default policy folds a line longer than 78 characters, and a URL has no space
    to fold at, so it came out as an RFC 2047 encoded word, which mail clients do not read as
    a link. Its value is ASCII (`ascii_url`), and one line of up to 998 characters is what
    RFC 5322 allows."""

    def fold(self, *, policy: Policy) -> str:
        return f"{self.name}: {self}{policy.linesep}"


_headers = HeaderRegistry()
_headers.map_to_type("list-unsubscribe", LinkHeader)
# The policy of every email the server writes: the default, but links left as links.
MAIL_POLICY = email.policy.default.clone(header_factory=_headers)


def ascii_url(url: str) -> str:
    """`url` in ASCII: an international host name in IDNA, other characters %-encoded."""
    return str(httpx.URL(url))


def new_message() -> EmailMessage:
    return EmailMessage(policy=MAIL_POLICY)


@dataclass(frozen=True)
class Pinned:
    """Where a webhook request goes: the URL with its host replaced by the address that was
    checked, and the URL's own name for the Host header and for TLS (SNI and the name the
    certificate must carry)."""

    url: httpx.URL
    headers: dict[str, str]
    extensions: dict[str, Any]


async def pin_webhook(url: str, allow_private: bool) -> Pinned:
    """The one lookup of a webhook's host: every address it gives must be public (unless
    `allow_private`), and the request goes to the first of them. A second lookup, as the
    HTTP client's own, may answer differently (a name that answers a public address to the
    check and 127.0.0.1 to the connection: DNS rebinding), so there is none."""
    target = httpx.URL(url)
    name = target.raw_host.decode("ascii")
    port = target.port or (443 if target.scheme == "https" else 80)
    try:
        addresses = [str(ipaddress.ip_address(target.host))]
    except ValueError:
        try:
            found = await asyncio.get_running_loop().getaddrinfo(
                name, port, type=socket.SOCK_STREAM
            )
        except OSError as exc:
            raise Refused("bad_webhook", f"the webhook's host is not found: {exc}") from None
        addresses = [str(info[4][0]) for info in found]
    if not addresses:
        raise Refused("bad_webhook", "the webhook's host is not found")
    if not allow_private and any(private_host(address) for address in addresses):
        raise Refused("bad_webhook", "webhooks go to public addresses only")
    extensions = {"sni_hostname": name} if target.scheme == "https" else {}
    return Pinned(
        target.copy_with(host=addresses[0]), {"host": target.netloc.decode("ascii")}, extensions
    )


# -- the watcher and the sender -------------------------------------------------------------


class Notifier:
    """Writes the outbox from table changes (`watch`, one of `Masters.watchers`) and sends
    it (`run`: a loop, or `send_due` once)."""

    def __init__(
        self,
        store: NotificationStore,
        settings: Settings,
        clock: Callable[[], float],
        client: httpx.AsyncClient | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        # Each request goes to an address pinned by `pin_webhook`, so: no proxy from the
        # environment (it would look the name up again, and an HTTP proxy's tunnel checks
        # the certificate against the address, not the name), and no connection kept for
        # another request (connections are pooled by address, and a TLS connection opened
        # for one name must not carry the request of another name at that address).
        self.client = client or httpx.AsyncClient(
            timeout=WEBHOOK_TIMEOUT,
            follow_redirects=False,
            trust_env=False,
            limits=httpx.Limits(max_keepalive_connections=0),
        )
        self.tasks: set[asyncio.Task[None]] = set()
        # Messages sent by this process, by channel (the operator's metrics read it).
        self.counts: dict[str, int] = {"webhook": 0, "email": 0, "failed": 0}

    @property
    def channels(self) -> tuple[str, ...]:
        return CHANNELS if self.settings.smtp_url else ("webhook",)

    async def watch(self, live: LiveTable, kind: str, step: Step | None) -> None:
        events = events_of(live, kind, step, self.settings.base_url)
        if events:
            await self.store.add(events, self.channels, self.clock())

    # -- sending ------------------------------------------------------------------------------

    async def run(self) -> None:
        while True:
            try:
                await self.send_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("notification sender")
            await asyncio.sleep(self.settings.notify_seconds)

    async def send_due(self) -> list[asyncio.Task[None]]:
        """Claim what is due and start sending it (each message on its own, so one slow or
        failing receiver holds up no other); the sends started."""
        now = self.clock()
        started = []
        for row in await self.store.claim_webhooks(now, LEASE, MAX_ATTEMPTS, 50):
            started.append(self.start(self.post(row)))
        if self.settings.smtp_url:
            for account, table in await self.store.due_email_groups(
                now, DIGEST_SECONDS, MAX_ATTEMPTS, 50
            ):
                rows = await self.store.claim_email_group(
                    account,
                    table,
                    now=now,
                    lease=LEASE,
                    hold=DIGEST_SECONDS,
                    max_attempts=MAX_ATTEMPTS,
                )
                if rows:
                    started.append(self.start(self.mail(rows)))
        return started

    def start(self, work: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.client.aclose()

    async def outcome(self, rows: list[Claimed], error: str | None, channel: str) -> None:
        ids = [r.id for r in rows]
        if error is None:
            await self.store.sent(ids, self.clock())
            self.counts[channel] += 1
            metrics.notifications_sent.labels(channel).inc()
            return
        self.counts["failed"] += 1
        attempts = max(r.attempts for r in rows)
        if attempts >= MAX_ATTEMPTS:
            log.warning("%s to account %s given up: %s", channel, rows[0].account_id, error)
            await self.store.give_up(ids, f"gave up after {attempts} tries: {error}", attempts)
        else:
            wait = BACKOFF[min(attempts, len(BACKOFF)) - 1]
            await self.store.failed(ids, error, self.clock() + wait)

    async def post(self, row: Claimed) -> None:
        body = json.loads(row.payload)
        words = f"{body['sentence']} {body['link']}"
        message = {
            "content": words,  # Discord
            "text": words,  # Slack
            **{k: body[k] for k in ("kind", "table", "game", "title", "link")},
            "unsubscribe": unsubscribe_link(self.settings.base_url, row.unsubscribe_key, "webhook"),
        }
        error = None
        try:
            url = check_webhook_url(row.address or "", self.settings.webhook_private)
            target = await pin_webhook(url, self.settings.webhook_private)
            answer = await self.client.post(
                target.url, json=message, headers=target.headers, extensions=target.extensions
            )
            if not answer.is_success:
                error = f"the receiver answered {answer.status_code}"
        except Refused as exc:
            error = exc.message
        except (httpx.HTTPError, httpx.InvalidURL, ValueError) as exc:
            error = f"{type(exc).__name__}: {exc}"
        await self.outcome([row], error, "webhook")

    async def mail(self, rows: list[Claimed]) -> None:
        """One email listing every row (the digest of one account and table), to the
        account's address if it is confirmed."""
        bodies = [json.loads(r.payload) for r in rows]
        first = bodies[-1]
        link = unsubscribe_link(self.settings.base_url, rows[0].unsubscribe_key, "email")
        error = None
        try:
            if not rows[0].address:
                raise ValueError("the account has no confirmed email address")
            message = new_message()
            message["From"] = self.settings.mail_from
            message["To"] = rows[0].address
            count = f" ({len(rows)} updates)" if len(rows) > 1 else ""
            message["Subject"] = f"{first['title']}: {first['sentence']}{count}"
            message["Date"] = formatdate(self.clock())
            message["Message-ID"] = make_msgid(domain="buccaneer")
            if link:
                message["List-Unsubscribe"] = f"<{ascii_url(link)}>"
                message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
            lines = [f"- {b['sentence']}" for b in bodies]
            text = "\n".join(
                [
                    *lines,
                    "",
                    f"Open the table: {first['link']}",
                    "",
                    "You get these emails because you asked for them in your buccaneer account.",
                    f"Stop them with one click: {link}" if link else "",
                ]
            )
            message.set_content(text)
            await send_mail(message, self.settings.smtp_url or "")
        except (aiosmtplib.SMTPException, OSError, ValueError, TypeError) as exc:
            # A header that cannot be made (an address stored before addresses were checked
            # as they are now) is this row's error too, not a sender that dies unrecorded.
            error = f"{type(exc).__name__}: {exc}"
        await self.outcome(rows, error, "email")


class NoStartTls(aiosmtplib.SMTPException):
    """The SMTP server offered no STARTTLS, and the URL has a password to send."""


async def send_mail(message: EmailMessage, smtp_url: str) -> None:
    """Send one email through `smtp://[user:pass@]host:port` or `smtps://...` (TLS from the
    first byte). Over smtp:// the connection is upgraded with STARTTLS when the server offers
    it, and must be when the URL has a user or password: credentials never go in clear (a
    server, or someone between, that offers no STARTTLS gets no AUTH, and the mail fails)."""
    parts = urlsplit(smtp_url)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ValueError("the SMTP URL is smtp://[user:pass@]host:port or smtps://...")
    tls = parts.scheme == "smtps"
    credentials = parts.username is not None or parts.password is not None
    smtp = aiosmtplib.SMTP(
        hostname=parts.hostname,
        port=parts.port or (465 if tls else 25),
        use_tls=tls,
        # None: STARTTLS at connect when offered; False: left to the check below.
        start_tls=False if credentials and not tls else None,
        timeout=30,
    )
    async with smtp:
        if credentials:
            if not tls:
                await smtp.ehlo()
                if not smtp.supports_extension("starttls"):
                    raise NoStartTls(
                        "the SMTP server offers no STARTTLS, and the SMTP URL's password is "
                        "never sent in clear: use a server with STARTTLS, or smtps://"
                    )
                await smtp.starttls()
            await smtp.login(unquote(parts.username or ""), unquote(parts.password or ""))
        await smtp.send_message(message)
