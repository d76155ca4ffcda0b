"""Accounts over HTTP (docs/server.md, "Accounts"): signing up, logging in and out (here or
everywhere), guests and a guest kept as an account, a new password, a password reset by
email, and deleting an account.

A session is a bearer token the browser keeps; it ends when its owner logs out, when the
password changes (every other session of the account too), after `session_idle_days` unused
and `session_days` in any case. Every password goes through `Server.passwords` (argon2 on its
own bounded threads, with the logins' back-off), and a hash made with older argon2
parameters is made anew at the next right login. A reset link goes only to an address its
owner confirmed, is built from `--public-url` (never from a request's Host, which the asker
chooses), lasts an hour and is used once; asking for one answers the same whether or not the
name exists or has such an address.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request, Response

from buccaneer.server.auth import (
    clean_name,
    looks_deleted,
    looks_like_a_bot,
    needs_rehash,
    new_token,
    person_name,
    token_hash,
)
from buccaneer.server.limits import address
from buccaneer.server.lobby import json_bodies_only, now, repository_of, server_of, spend
from buccaneer.server.passwords import Busy
from buccaneer.server.repository_accounts import AccountsRepository
from buccaneer.server.schemas import (
    ChangePassword,
    DeleteAccount,
    KeepGuest,
    Login,
    NewAccount,
    NewGuest,
    Reset,
    ResetRequest,
)
from buccaneer.server.tables import Refused

router = APIRouter(prefix="/api", dependencies=[Depends(json_bodies_only)])

# How long a password reset link lasts (seconds).
RESET_SECONDS = 3600.0
RESET_SENT = {
    "sent": True,
    "message": "if that account has a confirmed email address, a link to choose a new "
    "password is on its way; it lasts an hour",
}


def accounts_of(request: Request) -> AccountsRepository:
    return AccountsRepository(repository_of(request).engine)


def bearer(authorization: str | None) -> str:
    """The session token of an `Authorization: Bearer <session>` header."""
    scheme, _, token = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused("unknown_session", "send 'Authorization: Bearer <session token>'")
    return token.strip()


async def me(request: Request, authorization: str | None) -> tuple[str, Any]:
    """The session token and the account row it opens (refused when it opens none)."""
    token = bearer(authorization)
    found = await server_of(request).masters.account_of_session(token)
    row = await repository_of(request).account_by_id(found[0]) if found else None
    if row is None:
        raise Refused("unknown_session", "that session is not known; log in again")
    return token, row


async def new_session(request: Request, account_id: int) -> str:
    token = new_token()
    await repository_of(request).add_session(token_hash(token), account_id, now(request))
    return token


async def new_device(request: Request, account_id: int) -> str:
    """A key for this browser, which gave the account's password: its next logins have the
    known browsers' lane (server/passwords.py)."""
    token = new_token()
    await accounts_of(request).add_device(token_hash(token), account_id, now(request))
    return token


async def signed_in(request: Request, account_id: int, name: str) -> dict[str, Any]:
    """What a call that logs this browser in with a password answers: a new session, and a
    new key for this browser (`new_device`)."""
    return {
        "name": name,
        "session": await new_session(request, account_id),
        "device": await new_device(request, account_id),
    }


async def known_device(request: Request, row: Any, device: str | None) -> str | None:
    """The hash of `device` when it is a key of `row`'s account (None: an unknown browser)."""
    if device is None or row is None or row.password_hash is None:
        return None
    hashed = token_hash(device)
    return hashed if await accounts_of(request).device_account(hashed) == row.id else None


def readable(name: str) -> str:
    cleaned = clean_name(name)
    if cleaned is None:
        raise Refused("bad_request", "'name' is not a name people can read")
    return cleaned


def free_for_a_person(name: str) -> None:
    if looks_like_a_bot(name):
        # The server's rated bot levels are accounts called "Bot: ..." (docs/server.md).
        raise Refused("name_taken", "names beginning with 'Bot:' are kept for the server's bots")
    if looks_deleted(name):
        raise Refused("name_taken", "names beginning with 'Deleted player' are kept")


async def add_account(request: Request, name: str, password_hash: str | None) -> int:
    free_for_a_person(name)
    account_id = await repository_of(request).add_account(name, password_hash, now(request))
    if account_id is None:
        raise Refused("name_taken", f"the name {name!r} is taken")
    return account_id


async def check_password(request: Request, row: Any, password: str) -> None:
    """The account's own password, through the logins' back-off (a stolen session cannot
    guess its way to a new password)."""
    passwords = server_of(request).passwords
    if not await passwords.check(row.password_hash, password, row.name, address(request.scope)):
        raise Refused("wrong_password", "that is not this account's password")


# -- signing up and in ------------------------------------------------------------------------


@router.post("/accounts", status_code=201)
async def create_account(req: NewAccount, request: Request) -> dict[str, Any]:
    """An account: a name and a password (kept as an argon2 hash)."""
    name = readable(req.name)
    free_for_a_person(name)
    await spend(request, server_of(request).signups, "new accounts")
    hashed = await server_of(request).passwords.hash(req.password)
    account_id = await add_account(request, name, hashed)
    return await signed_in(request, account_id, name)


@router.post("/sessions")
async def login(req: Login, request: Request) -> dict[str, Any]:
    row = await repository_of(request).account_named(req.name)
    stored = row.password_hash if row is not None else None
    passwords = server_of(request).passwords
    device = await known_device(request, row, req.device)
    ok = await passwords.check(stored, req.password, req.name, address(request.scope), device)
    if row is None or not ok:
        raise Refused("wrong_password", "that name and password do not match")
    if row.banned:
        raise Refused("banned", "this account is banned from this server")
    if needs_rehash(row.password_hash):
        # The operator raised argon2's costs: the hash is made anew while the password is here.
        hashed = await passwords.hash(req.password)
        await accounts_of(request).set_password(row.id, hashed)
    return {
        "name": row.name,
        "session": await new_session(request, row.id),
        # A known browser keeps its key; another one is given one.
        "device": req.device if device is not None else await new_device(request, row.id),
    }


@router.post("/guests", status_code=201)
async def create_guest(req: NewGuest, request: Request) -> dict[str, Any]:
    """A guest: a name without a password (a fresh one when none is asked for)."""
    name = readable(req.name) if req.name is not None else f"guest-{new_token()[:6]}"
    free_for_a_person(name)
    await spend(request, server_of(request).signups, "new guests")
    account_id = await add_account(request, name, None)
    return {"name": name, "session": await new_session(request, account_id), "guest": True}


@router.get("/me")
async def who_am_i(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """The session's account as its owner sees it."""
    _token, row = await me(request, authorization)
    return {
        "name": row.name,
        "guest": row.password_hash is None,
        "role": row.role,
        "email": row.email,
        "email_confirmed": bool(row.email_confirmed),
        "created_at": row.created_at,
    }


# -- logging out ------------------------------------------------------------------------------


@router.delete("/sessions/current", status_code=204)
async def log_out(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> Response:
    """End this session (this browser is logged out; the account's others stay)."""
    token, _row = await me(request, authorization)
    await accounts_of(request).end_session(token_hash(token))
    return Response(status_code=204)


@router.delete("/sessions", status_code=204)
async def log_out_everywhere(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> Response:
    """End every session of the account, this one included (a lost phone, a shared computer).
    A guest logged out everywhere cannot come back: it has no password."""
    _token, row = await me(request, authorization)
    await accounts_of(request).end_sessions(row.id)
    return Response(status_code=204)


# -- passwords --------------------------------------------------------------------------------


@router.put("/me/password")
async def change_password(
    req: ChangePassword, request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """A new password, given the current one; every session of the account ends, and this
    browser gets a new one."""
    _token, row = await me(request, authorization)
    if row.password_hash is None:
        raise Refused("guest", "a guest has no password: choose one to keep the account")
    await check_password(request, row, req.current)
    hashed = await server_of(request).passwords.hash(req.password)
    accounts = accounts_of(request)
    await accounts.set_password(row.id, hashed)
    await accounts.end_sessions(row.id)
    await accounts.end_devices(row.id)
    return await signed_in(request, row.id, row.name)


@router.post("/me/account")
async def keep_guest(
    req: KeepGuest, request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """A guest becomes an account with a password (and, if asked, another name), keeping its
    games, seats and ratings; its sessions end, and this browser gets a new one."""
    _token, row = await me(request, authorization)
    if row.password_hash is not None:
        raise Refused("not_guest", "this account has a password already")
    name = readable(req.name) if req.name is not None else row.name
    if person_name(name) is None:
        free_for_a_person(name)
        raise Refused("bad_request", "'name' is not a name people can read")
    hashed = await server_of(request).passwords.hash(req.password)
    accounts = accounts_of(request)
    if not await accounts.keep_guest(row.id, name, hashed):
        raise Refused("name_taken", f"the name {name!r} is taken")
    await accounts.end_sessions(row.id)
    return await signed_in(request, row.id, name)


@router.post("/password-reset", status_code=202)
async def ask_for_reset(req: ResetRequest, request: Request) -> dict[str, Any]:
    """Mail a reset link to the account's confirmed address. The answer is the same whether
    or not there is such an account or address, and whether or not the hourly caps on mail
    to it were reached (a 429 there would tell which names have one): only the asker's own
    budget per address is told."""
    server = server_of(request)
    await spend(request, server.resets, "password resets")
    row = await accounts_of(request).reset_address(req.name)
    if row is not None and server.account_mail.available:
        # Sent after the answer, so its time does not tell either.
        server.notifier.start(mail_reset(request, row.id, row.name, row.email))
    return RESET_SENT


async def mail_reset(request: Request, account_id: int, name: str, to: str) -> None:
    server = server_of(request)
    mail = server.account_mail
    try:
        reservation = await mail.reserve("password_reset", to, account_id=account_id)
    except Busy:
        return  # the hourly caps on mail to that address or account
    token = new_token()
    await accounts_of(request).add_reset(token_hash(token), account_id, now(request), RESET_SECONDS)
    link = f"{server.settings.base_url}/account/reset#token={token}"
    text = "\n".join(
        [
            f"Someone asked for a new password for {name} on {server.settings.base_url}.",
            "",
            f"Choose a new one here (the link lasts an hour and works once): {link}",
            "",
            "If it was not you, do nothing: your password stays as it is.",
        ]
    )
    await mail.deliver(reservation, "Choose a new password", text)


@router.post("/password-reset/confirm")
async def reset_password(req: Reset, request: Request) -> dict[str, Any]:
    """A new password through a reset link: every session ends, and this browser gets one."""
    accounts = accounts_of(request)
    account_id = await accounts.use_reset(token_hash(req.token), now(request))
    row = await repository_of(request).account_by_id(account_id) if account_id else None
    if row is None or row.deleted_at is not None:
        raise Refused("bad_token", "that link is not known, was used, or has expired")
    hashed = await server_of(request).passwords.hash(req.password)
    await accounts.set_password(row.id, hashed)
    await accounts.end_sessions(row.id)
    await accounts.end_devices(row.id)
    return await signed_in(request, row.id, row.name)


# -- deleting ---------------------------------------------------------------------------------


@router.delete("/me", status_code=204)
async def delete_account(
    req: DeleteAccount, request: Request, authorization: Annotated[str | None, Header()] = None
) -> Response:
    """Delete the account, given its password (a guest, which has none, gives none): its name
    becomes "Deleted player N" everywhere, its password, addresses and sessions go, and its
    finished games and ratings stay under that name. Refused while it sits at a table that is
    waiting or in play (its opponents would lose a player): leave those first."""
    _token, row = await me(request, authorization)
    if row.password_hash is not None:
        if req.password is None:
            raise Refused("wrong_password", "give the account's password to delete it")
        await check_password(request, row, req.password)
    accounts = accounts_of(request)
    seats = await accounts.running_seats(row.id)
    if seats:
        raise Refused(
            "still_seated",
            f"you sit at {seats} table{'s' if seats > 1 else ''} waiting or in play; leave "
            "them (My tables) before deleting the account",
        )
    await accounts.delete_account(row.id, now(request))
    return Response(status_code=204)
