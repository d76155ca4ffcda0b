"""Moderation over HTTP (docs/server.md, "Moderation"): an account's mutes, and reporting a
player at a table. Adapters only: the report is the table master's command
(`TableMaster.report`), mutes are the account's own rows (`ModerationRepository`), told to
every process's connections (`Moderation.tell_mutes`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request
from pydantic import StrictInt, StrictStr

from buccaneer.core.schema import Shape
from buccaneer.server.lobby import (
    account_of,
    fresh_table,
    json_bodies_only,
    masters_of,
    server_of,
    spend,
)
from buccaneer.server.master import owner_refusal
from buccaneer.server.schemas import Name, QueryInt, TableId, Token
from buccaneer.server.tables import Refused

router = APIRouter(prefix="/api", dependencies=[Depends(json_bodies_only)])


class MuteRequest(Shape):
    """Whom to mute: an account by `name`, or the account seated at `seat` of `table`."""

    name: Name | None = None
    table: TableId | None = None
    seat: StrictInt | None = None


class ReportRequest(Shape):
    """A report of the player at `seat`, by the seat whose `token` is given or by the
    session's account (`Authorization: Bearer`); `reason` in 1 to 1000 characters."""

    seat: StrictInt
    reason: StrictStr
    token: Token | None = None
    key: Token | None = None


async def need_account(request: Request, authorization: str | None) -> tuple[int, str]:
    account = await account_of(request, authorization)
    if account is None:
        raise Refused("unknown_session", "send 'Authorization: Bearer <session token>'")
    return account


@router.get("/me/mutes")
async def list_mutes(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> list[dict[str, Any]]:
    """The accounts the session's account has muted, in the order muted, each by the name it
    was muted under: a mute made through a seat lists the seat's shown name, never whose
    account sits there."""
    account = await need_account(request, authorization)
    shown = await masters_of(request).moderation.repository.mutes_shown(account[0])
    return [{"name": name} for name in shown]


@router.post("/me/mutes", status_code=201)
async def mute(
    req: MuteRequest, request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """Mute an account for yourself: its chat lines no longer reach your connections, live or
    in the chat a table sends on hello. Nobody else is told, the muted player least of all.
    Muted by a seat, the answer names the seat as the table shows it, never the account
    behind it (a seat's name may hide whose account it is)."""
    account = await need_account(request, authorization)
    masters = masters_of(request)
    moderation = masters.moderation
    if req.name is not None:
        if req.table is not None or req.seat is not None:
            raise Refused("bad_request", "name an account or a table's seat, not both")
        found = await moderation.repository.account_id_named(req.name)
        if found is None:
            raise Refused("not_found", f"there is no player called {req.name!r}")
    elif req.table is not None and req.seat is not None:
        live = (await fresh_table(request, req.table)).live
        if not 0 <= req.seat < live.players:
            raise Refused("bad_request", f"there is no seat {req.seat} at this table")
        seated = live.seats[req.seat].account_id
        if seated is None:
            raise Refused("no_account", "that seat's player has no account to mute")
        found = (seated, str(live.seats[req.seat].public(live.spec)["name"]))
    else:
        raise Refused("bad_request", "name an account ('name') or a table's seat ('table', 'seat')")
    if found[0] == account[0]:
        raise Refused("own_seat", "you cannot mute yourself")
    await moderation.repository.mute(account[0], found[0], masters.now(), found[1])
    await moderation.tell_mutes(account[0])
    return {"muted": found[1]}


@router.delete("/me/mutes")
async def unmute_seat(
    request: Request,
    table: Annotated[str, Query(min_length=1, max_length=32)],
    seat: Annotated[QueryInt, Query(ge=0)],
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Hear the account seated at `seat` of `table` again (what the table page knows)."""
    account = await need_account(request, authorization)
    moderation = masters_of(request).moderation
    live = (await fresh_table(request, table)).live
    seated = live.seats[seat].account_id if seat < live.players else None
    if seated is None or not await moderation.repository.unmute(account[0], seated):
        raise Refused("not_found", "you have not muted that seat's player")
    await moderation.tell_mutes(account[0])
    return {"unmuted": live.seats[seat].public(live.spec)["name"]}  # the seat's, as on POST


@router.delete("/me/mutes/{name}")
async def unmute(
    name: str, request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """Hear an account you muted again, by the name your list shows."""
    account = await need_account(request, authorization)
    moderation = masters_of(request).moderation
    unmuted = await moderation.repository.unmute_named(account[0], name)
    if unmuted is None:
        raise Refused("not_found", f"you have not muted {name!r}")
    await moderation.tell_mutes(account[0])
    return {"unmuted": unmuted}


@router.post("/tables/{table_id}/reports", status_code=201)
async def report(
    table_id: str,
    req: ReportRequest,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Report a player to the operator. The table's chat and record go with the report as
    evidence; the answer holds only the report's number."""
    account = await account_of(request, authorization)
    master = await fresh_table(request, table_id)
    masters = masters_of(request)
    await spend(request, server_of(request).reports, "reports")
    by_seat: int | None = None
    if req.token is not None:
        found = await masters.seat_of_token(req.token, table_id)
        if found is None:
            raise await masters.why_no_seat(req.token, table_id)
        refusal = owner_refusal(
            master.live.seats[found[1]], req.key, account[0] if account else None
        )
        if refusal is not None:
            raise refusal
        by_seat = found[1]
    elif account is None:
        raise Refused(
            "unknown_token", "a report comes from a seat of the table (its token) or a session"
        )
    report_id = await master.report(by_seat, account[0] if account else None, req.seat, req.reason)
    return {"report": report_id}
