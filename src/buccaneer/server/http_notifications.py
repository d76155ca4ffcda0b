"""The notification routes: an account's addresses and switches (`/api/me/notifications`,
with the session's bearer token), and the one-click unsubscribe link every message carries
(`/unsubscribe/{key}?channel=email|webhook`: GET shows a page that asks, with no login;
POST unsubscribes, as does the mail client's RFC 8058 one-click POST)."""

from __future__ import annotations

import html
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import Field, StrictBool, StrictStr

from buccaneer.core.schema import Shape
from buccaneer.server.auth import new_token
from buccaneer.server.lobby import account_of, json_bodies_only
from buccaneer.server.notifications import MAX_ATTEMPTS, check_email, check_webhook_url
from buccaneer.server.repository_notifications import NotificationStore
from buccaneer.server.tables import Refused

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
    await store.set_settings(
        who,
        {
            "email": email,
            "webhook_url": webhook,
            "notify_email": req.notify_email,
            "notify_webhook": req.notify_webhook,
        },
        new_token(),
    )
    return shown(await store.settings(who), request)


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
