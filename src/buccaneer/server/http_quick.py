"""Quick play over HTTP (docs/server.md, "Quick play"): `POST /api/quick` joins the queue,
`GET /api/quick` says where the account stands (and gives its seat's token once seated),
`DELETE /api/quick` leaves. Each needs the account's session (`Authorization: Bearer`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request
from pydantic import Field, StrictBool, StrictFloat, StrictInt, StrictStr

from buccaneer.core.schema import Shape
from buccaneer.server.links import request_base
from buccaneer.server.lobby import account_of, json_bodies_only, owner_of, server_of
from buccaneer.server.quickplay import DEFAULT_BOT, DEFAULT_WAIT, MAX_WAIT, MIN_WAIT, QuickPlay
from buccaneer.server.schemas import AgentText, Printable
from buccaneer.server.tables import Refused

router = APIRouter(prefix="/api", dependencies=[Depends(json_bodies_only)])


class QuickRequest(Shape):
    """A place in the queue: the game and its player count, rated or casual, the level of the
    bots that fill the seats nobody takes, and the seconds to wait for people before they do."""

    game: Annotated[StrictStr, Field(min_length=1, max_length=40), Printable]
    players: StrictInt
    rated: StrictBool = False
    bot: AgentText = DEFAULT_BOT
    wait: Annotated[StrictInt | StrictFloat, Field(ge=MIN_WAIT, le=MAX_WAIT)] = DEFAULT_WAIT


def quick_of(request: Request) -> QuickPlay:
    quick: QuickPlay = server_of(request).quick
    return quick


async def signed_in(request: Request, authorization: str | None) -> tuple[int, str]:
    account = await account_of(request, authorization)
    if account is None:
        raise Refused(
            "unknown_session",
            "quick play needs an account or a guest: send 'Authorization: Bearer <session>'",
        )
    return account


@router.post("/quick")
async def join_queue(
    req: QuickRequest, request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """Join the queue (a second join while waiting replaces the first)."""
    account = await signed_in(request, authorization)
    return await quick_of(request).join(
        account,
        req.game,
        req.players,
        rated=req.rated,
        bot=req.bot,
        wait=float(req.wait),
        owner=owner_of(request, account),
    )


@router.get("/quick")
async def queue_status(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """Waiting (how long, how many) or seated (the table; the seat's token the first time)."""
    account = await signed_in(request, authorization)
    base = request_base(request, server_of(request).settings)
    return await quick_of(request).status(account[0], base=base)


@router.delete("/quick")
async def leave_queue(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    account = await signed_in(request, authorization)
    await quick_of(request).leave(account[0])
    return {"status": "left"}
