"""The admin page's API (`/api/admin/...`) for accounts whose role is `admin`, and the
banner everyone sees (`GET /api/banner`).

An admin is made with `buccaneer admin grant NAME`; every admin route wants that account's
session (`Authorization: Bearer <session>`): none is `unknown_session` (401), another
account's is `forbidden` (403). Closing a table is its master's command (`TableMaster.close`);
the rest are the operator repository's reads and changes (`repository_operator.py`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request
from pydantic import Field, StrictBool, StrictStr

from buccaneer.core.schema import Shape
from buccaneer.server.lobby import account_of, fresh_table, json_bodies_only, masters_of
from buccaneer.server.repository_operator import BANNER, DRAINING, OperatorRepository
from buccaneer.server.schemas import Name, Printable, QueryInt, TableId
from buccaneer.server.tables import Refused

router = APIRouter(prefix="/api", dependencies=[Depends(json_bodies_only)])

Reason = Annotated[StrictStr, Field(min_length=1, max_length=200), Printable]
BannerText = Annotated[StrictStr, Field(max_length=500), Printable]


class CloseTable(Shape):
    reason: Reason


class SetBanner(Shape):
    # Empty or null: no banner.
    text: BannerText | None = None


class SetDraining(Shape):
    draining: StrictBool


def operator_of(request: Request) -> OperatorRepository:
    return masters_of(request).operator


async def admin_of(request: Request, authorization: str | None) -> tuple[int, str]:
    """The admin account of the request's session; refused for anyone else."""
    account = await account_of(request, authorization)
    if account is None:
        raise Refused("unknown_session", "log in with an admin account first")
    row = await operator_of(request).account(account[0])
    if row is None or row.role != "admin" or row.banned:
        raise Refused("forbidden", "only the server's admins may do that")
    return account


Admin = Annotated[str | None, Header(alias="authorization")]


@router.get("/banner")
async def banner(request: Request) -> dict[str, Any]:
    """The banner for everyone (None: none) and whether the server is draining (no new
    tables): every page of the browser client asks now and then."""
    flags = await operator_of(request).flags()
    return {"banner": flags.get(BANNER), "draining": DRAINING in flags}


@router.get("/admin/me")
async def whoami(request: Request, authorization: Admin = None) -> dict[str, Any]:
    """The admin's name (the admin page asks before it shows anything)."""
    _, name = await admin_of(request, authorization)
    return {"name": name, "admin": True}


@router.get("/admin/tables")
async def admin_tables(
    request: Request,
    authorization: Admin = None,
    status: Annotated[str | None, Query(pattern="^(waiting|active|over)$")] = None,
    limit: Annotated[QueryInt, Query(ge=1, le=500)] = 100,
) -> list[dict[str, Any]]:
    """The tables most recently changed (of one status, or all), listed or not."""
    await admin_of(request, authorization)
    return await operator_of(request).tables(status, limit)


@router.post("/admin/tables/{table_id}/close")
async def close_table(
    table_id: TableId, req: CloseTable, request: Request, authorization: Admin = None
) -> dict[str, Any]:
    """End a table without a result; everyone at it is told."""
    await admin_of(request, authorization)
    master = await fresh_table(request, table_id)
    await master.close(req.reason)
    return {"table": table_id, "status": master.live.status, "closed": req.reason}


@router.get("/admin/accounts")
async def admin_accounts(
    request: Request,
    authorization: Admin = None,
    search: Annotated[str, Query(max_length=40)] = "",
    limit: Annotated[QueryInt, Query(ge=1, le=500)] = 100,
) -> list[dict[str, Any]]:
    """Accounts whose name starts with `search` (any case), by name."""
    await admin_of(request, authorization)
    rows = await operator_of(request).accounts(search, limit)
    return [
        {
            "name": r.name,
            "role": r.role,
            "banned": bool(r.banned),
            "guest": not r.password,
            "created_at": r.created_at,
        }
        for r in rows
    ]


async def set_banned(request: Request, authorization: str | None, name: str, banned: bool) -> Any:
    me = await admin_of(request, authorization)
    if banned and name.casefold() == me[1].casefold():
        raise Refused("bad_request", "an admin cannot ban their own account")
    if not await operator_of(request).set_banned(name, banned):
        raise Refused("not_found", f"there is no account called {name!r}")
    return {"name": name, "banned": banned}


@router.post("/admin/accounts/{name}/ban")
async def ban(name: Name, request: Request, authorization: Admin = None) -> dict[str, Any]:
    """Ban an account: its sessions end, it cannot log in (so cannot create or join tables
    under its name)."""
    result: dict[str, Any] = await set_banned(request, authorization, name, True)
    return result


@router.post("/admin/accounts/{name}/unban")
async def unban(name: Name, request: Request, authorization: Admin = None) -> dict[str, Any]:
    result: dict[str, Any] = await set_banned(request, authorization, name, False)
    return result


@router.put("/admin/banner")
async def set_banner(
    req: SetBanner, request: Request, authorization: Admin = None
) -> dict[str, Any]:
    """Show a banner on every page (empty: none)."""
    await admin_of(request, authorization)
    text = " ".join((req.text or "").split()) or None
    await operator_of(request).set_flag(BANNER, text)
    return {"banner": text}


@router.put("/admin/draining")
async def set_draining(
    req: SetDraining, request: Request, authorization: Admin = None
) -> dict[str, Any]:
    """Drain before maintenance: no new tables (create, join, quick play, rematch) while
    the games being played go on; or end draining."""
    await admin_of(request, authorization)
    await operator_of(request).set_flag(DRAINING, "1" if req.draining else None)
    return {"draining": req.draining}


@router.get("/admin/reports")
async def reports(
    request: Request,
    authorization: Admin = None,
    open_only: Annotated[bool, Query(alias="open")] = False,
    limit: Annotated[QueryInt, Query(ge=1, le=500)] = 100,
) -> list[dict[str, Any]]:
    """Players' reports, newest first (with `open=true` only those not resolved)."""
    await admin_of(request, authorization)
    return await operator_of(request).reports(limit, open_only)
