"""`GET /api/my/tables`: every table where the session's account is seated, "your turn" first
(docs/server.md, "My tables").

Each entry is built by the table's master (`TableMaster.read`) from what anyone at the table
may know: the seats' public names, who is asked to move (`State.to_move`, which every seat
sees), the clocks, and the result once the game is over. Nothing hidden is read, and no seat
token is given: a seat token is kept only as its hash, so the page opens a seat with the
session itself (a WebSocket `hello` with `session` and `table` and no token seats the
connection where its account sits).
"""

from __future__ import annotations

import contextlib
import math
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request

from buccaneer.server.lobby import account_of, json_bodies_only, masters_of, repository_of
from buccaneer.server.repository_mytables import MyTablesRepository
from buccaneer.server.storage import ACTIVE, OVER, WAITING
from buccaneer.server.tables import LiveTable, Refused

router = APIRouter(prefix="/api", dependencies=[Depends(json_bodies_only)])

# Finished tables are listed this long after their end; at most this many seats in all.
RECENT_SECONDS = 7 * 86_400.0
MOST = 100
# The order of the list: your turn, then games in play, then waiting tables, then finished.
ORDER = {ACTIVE: 1, WAITING: 2, OVER: 3}


def entry(live: LiveTable, seat: int, row: Any) -> dict[str, Any]:
    """One of the person's seats, as anyone at its table may see it."""
    mine = live.seats[seat]
    asked = sorted(live.state.to_move()) if live.status == ACTIVE else []
    your_turn = seat in asked and mine.bot is None
    over = live.status == OVER
    return {
        "table": live.id,
        "game": live.spec.name,
        "title": live.spec.title,
        "players": live.players,
        "status": live.status,
        "version": live.version,
        "seat": seat,
        "seats": [s.public(live.spec) for s in live.seats],
        "asked": asked,
        "your_turn": your_turn,
        # Your own clock (None: no time bank, or not your move), and every seat's.
        "deadline": live.deadlines.get(seat) if your_turn else None,
        "deadlines": live.public_deadlines(),
        "clock": dict(live.clock),
        "handed": mine.bot is not None and not mine.forfeited,
        "forfeited": mine.forfeited,
        "rated": live.rated,
        "created_at": live.created_at,
        "last_move_at": row.last_move_at,
        "finished_at": row.finished_at if over else None,
        "result": (
            {"scores": live.state.scores(), "winners": live.state.winners()} if over else None
        ),
        # Opened with the session: the table page says hello with it (no token needed).
        "link": f"/tables/{live.id}#mine",
    }


def order(item: dict[str, Any]) -> tuple[int, float, float]:
    """Your turn first (the nearest deadline first), then the rest by status, the latest
    activity first."""
    group = 0 if item["your_turn"] else ORDER.get(item["status"], 4)
    deadline = item["deadline"] if item["deadline"] is not None else math.inf
    latest = item["finished_at"] or item["last_move_at"] or item["created_at"]
    return group, deadline, -latest


@router.get("/my/tables")
async def my_tables(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> list[dict[str, Any]]:
    """Every table where the session's account sits (waiting, in play, or finished in the
    last week), "your turn" first."""
    account = await account_of(request, authorization)
    if account is None:
        raise Refused(
            "unknown_session",
            "log in first: send 'Authorization: Bearer <session token>' to see your tables",
        )
    masters = masters_of(request)
    repository = MyTablesRepository(repository_of(request).engine)
    since = masters.now() - RECENT_SECONDS
    out: list[dict[str, Any]] = []
    for row in await repository.seated(account[0], since, MOST):
        with contextlib.suppress(Refused):  # an unreadable table is left out of the list
            master = await masters.fresh(row.table_id)
            if master is None:
                continue
            seat = row.seat

            def build(live: LiveTable, seat: int = seat, row: Any = row) -> dict[str, Any]:
                return entry(live, seat, row)

            out.append(await master.read(build))
    return sorted(out, key=order)


__all__ = ["router"]
