"""The notification routes: an account's addresses and switches (`/api/me/notifications`,
with the session's bearer token), the one-click unsubscribe link every message carries
(`/unsubscribe/{key}?channel=email|webhook`: GET shows a page that asks, with no login;
POST unsubscribes, as does the mail client's RFC 8058 one-click POST), and the link of the
email that confirms a new address (`/confirm-email/{token}`: GET asks, POST confirms).

Double opt-in: a new email address is stored unconfirmed and gets one confirmation email
(within `account_mail`'s hourly caps); no notification email goes to it before its owner
follows the link. Only an account with a password may set an email address: a guest could
never be reached again to confirm or to stop anything (docs/server.md, "Notifications")."""

from __future__ import annotations

import html
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import Field, StrictBool, StrictStr

from buccaneer.core.schema import Shape
from buccaneer.server.account_mail import AccountMail
from buccaneer.server.auth import new_token, token_hash
from buccaneer.server.lobby import account_of, json_bodies_only
from buccaneer.server.notifications import MAX_ATTEMPTS, check_email, check_webhook_url
from buccaneer.server.repository_notifications import NotificationStore
from buccaneer.server.tables import Refused

# How long a confirmation link works.
CONFIRM_SECONDS = 86_400.0

router = APIRouter(prefix="/api", dependencies=[Depends(json_bodies_only)])
pages = APIRouter()

Channel = Literal["email", "webhook"]


class NotificationSettings(Shape):
    """Where notifications go and which channels are on; an empty or missing address
    turns its channel off."""

    email: Annotated[StrictStr, Field(max_length=200)] | None = None
    webhook_url: Annotated[StrictStr, Field(max_length=500)] | None = None
    notify_email: StrictBool = True
    notify_webhook: StrictBool = True


def store_of(request: Request) -> NotificationStore:
    store: NotificationStore = request.app.state.server.notifier.store
    return store


def mailer_of(request: Request) -> AccountMail:
    mailer: AccountMail = request.app.state.server.account_mail
    return mailer


async def account_id(request: Request, authorization: str | None) -> int:
    account = await account_of(request, authorization)
    if account is None:
        raise Refused("unknown_session", "send 'Authorization: Bearer <session token>'")
    return account[0]


def shown(row: Any, request: Request) -> dict[str, Any]:
    return {
        "email": row.email,
        "webhook_url": row.webhook_url,
        "notify_email": bool(row.notify_email),
        "notify_webhook": bool(row.notify_webhook),
        # Whether the address's owner has followed its confirmation link: no notification
        # email goes to it before.
        "email_confirmed": bool(row.email and row.email_confirmed),
        # Whether this account may set an email address (one with a password; not a guest).
        "email_allowed": bool(row.has_password),
        # Whether this server sends email at all (the operator's --smtp-url).
        "email_available": bool(request.app.state.server.settings.smtp_url),
    }


@router.get("/me/notifications")
async def get_settings(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    row = await store_of(request).settings(await account_id(request, authorization))
    if row is None:
        raise Refused("unknown_session", "that session is not known; log in again")
    return shown(row, request)


@router.put("/me/notifications")
async def put_settings(
    req: NotificationSettings,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    who = await account_id(request, authorization)
    settings = request.app.state.server.settings
    email = check_email(req.email) if req.email and req.email.strip() else None
    webhook = (
        check_webhook_url(req.webhook_url, settings.webhook_private)
        if req.webhook_url and req.webhook_url.strip()
        else None
    )
    store = store_of(request)
    row = await store.settings(who)
    if row is None:
        raise Refused("unknown_session", "that session is not known; log in again")
    if email is not None and not row.has_password:
        raise Refused(
            "password_needed",
            "a guest cannot be told by email: make an account with a password first",
        )
    mailer = mailer_of(request)
    now = mailer.clock()
    reservation = None
    # One confirmation email for a new address; again for an unconfirmed one only once its
    # last link has expired (saving the same settings twice sends one email).
    if (
        email is not None
        and mailer.available
        and (
            email != row.email
            or (not row.email_confirmed and not await store.confirmation_waits(who, email, now))
        )
    ):
        # Counted first: over the hourly cap, the answer is 429 and nothing is stored.
        reservation = await mailer.reserve("confirm_email", email, account_id=who)
    token = new_token()
    await store.set_settings(
        who,
        {
            "email": email,
            "webhook_url": webhook,
            "notify_email": req.notify_email,
            "notify_webhook": req.notify_webhook,
        },
        new_token(),
        (token_hash(token), now, now + CONFIRM_SECONDS) if reservation else None,
    )
    sent = None
    if reservation is not None:
        error = await mailer.deliver(
            reservation, CONFIRM_SUBJECT, confirm_text(f"{settings.base_url}/confirm-email/{token}")
        )
        sent = error is None
        if not sent:
            # Saving again tries again (within the cap).
            await store.drop_confirmation(token_hash(token))
    answer = shown(await store.settings(who), request)
    # Whether a confirmation email left with this answer (None: none was due).
    answer["confirmation_sent"] = sent
    return answer


CONFIRM_SUBJECT = "Confirm your email address for buccaneer"


def confirm_text(link: str) -> str:
    """The confirmation email. It names no account and carries nothing the person who typed
    the address chose: whoever types a stranger's address must not be able to write to
    them through this server."""
    return "\n".join(
        [
            "Someone asked a buccaneer game server to tell this address when it is their turn",
            "in a game.",
            "",
            "If that was you, open this link and press the button to confirm:",
            link,
            "",
            "The link works once, for 24 hours. If it was not you, ignore this email: this",
            "address gets nothing more unless it is confirmed.",
        ]
    )


# -- one-click unsubscribe (no login: the key is the proof) ----------------------------------


def page(title: str, body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title></head>"
        f'<body><main><h1>{html.escape(title)}</h1>{body}<p><a href="/">buccaneer</a></p>'
        "</main></body></html>",
        status_code=status,
    )


WHAT = {"email": "emails", "webhook": "webhook messages"}


@pages.get("/unsubscribe/{key}", include_in_schema=False)
async def confirm_page(
    key: str, request: Request, channel: Annotated[Channel, Query()] = "email"
) -> HTMLResponse:
    """Asks before it unsubscribes: a mail scanner that opens every link changes nothing."""
    row = await store_of(request).account_of_key(key) if len(key) <= 64 else None
    if row is None:
        return page("Unknown link", "<p>This unsubscribe link is not known here.</p>", 404)
    on = row.notify_email if channel == "email" else row.notify_webhook
    what = WHAT[channel]
    if not on:
        return page("Unsubscribed", f"<p>{html.escape(row.name)} gets no {what} from us.</p>")
    form = (
        f"<p>Stop the {what} that tell {html.escape(row.name)} about their games?</p>"
        f'<form method="post" action="/unsubscribe/{html.escape(key)}?channel={channel}">'
        f'<button type="submit">Unsubscribe from {what}</button></form>'
    )
    return page("Unsubscribe", form)


@pages.post("/unsubscribe/{key}", include_in_schema=False)
async def unsubscribe(
    key: str, request: Request, channel: Annotated[Channel, Query()] = "email"
) -> HTMLResponse:
    """The form's POST and the RFC 8058 one-click POST (`List-Unsubscribe=One-Click`)."""
    done = len(key) <= 64 and await store_of(request).unsubscribe(key, channel, MAX_ATTEMPTS)
    if not done:
        return page("Unknown link", "<p>This unsubscribe link is not known here.</p>", 404)
    return page("Unsubscribed", f"<p>You will get no more {WHAT[channel]} from us.</p>")


# -- confirming an email address (no login: the token is the proof) -------------------------

UNKNOWN_LINK = (
    "<p>This confirmation link is not known here: it was used already, it has expired, or "
    "the address was changed since. Save the address again on the notifications page to get "
    "a new link.</p>"
)


@pages.get("/confirm-email/{token}", include_in_schema=False)
async def confirm_email_page(token: str, request: Request) -> HTMLResponse:
    """Asks before it confirms: a mail scanner that opens every link changes nothing."""
    now = mailer_of(request).clock()
    row = await store_of(request).confirmation(token_hash(token), now) if len(token) <= 64 else None
    if row is None:
        return page("Unknown link", UNKNOWN_LINK, 404)
    form = (
        f"<p>Send notifications of games to {html.escape(row.email)}?</p>"
        f'<form method="post" action="/confirm-email/{html.escape(token)}">'
        '<button type="submit">Confirm this address</button></form>'
    )
    return page("Confirm your email address", form)


@pages.post("/confirm-email/{token}", include_in_schema=False)
async def confirm_email(token: str, request: Request) -> HTMLResponse:
    now = mailer_of(request).clock()
    email = await store_of(request).confirm(token_hash(token), now) if len(token) <= 64 else None
    if email is None:
        return page("Unknown link", UNKNOWN_LINK, 404)
    return page(
        "Address confirmed",
        f"<p>Notifications by email now go to {html.escape(email)}. Every email has a link "
        "to stop them.</p>",
    )
