"""The HTTP API: games, the lobby (list, create, join, leave), records and accounts.

Every route answers JSON; a refusal is `{"error": code, "message": words}` with a 4xx status
and changes nothing. A table's seed is chosen by its master from `secrets`, never by a
client, and its record (which holds the seed) is given only once the game is over. Each
route is an adapter: it checks the request, calls the table's master (`master.py`) or the
repository, and words the answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse

import buccaneer
from buccaneer.agents.levels import level_spec, levels_of
from buccaneer.core import GameSpec, OptionError, get_spec
from buccaneer.server.auth import (
    clean_name,
    new_token,
    person_name,
    token_hash,
)
from buccaneer.server.bots import check_agent
from buccaneer.server.budgets import Budget
from buccaneer.server.clocks import ClockError, clock_settings
from buccaneer.server.limits import address
from buccaneer.server.links import request_base, table_link, websocket_url
from buccaneer.server.master import Masters, TableMaster
from buccaneer.server.passwords import Busy
from buccaneer.server.replays import replay_step
from buccaneer.server.repository import Repository
from buccaneer.server.schemas import (
    CreateTable,
    JoinTable,
    LeaveTable,
    QueryInt,
)
from buccaneer.server.settings import Settings
from buccaneer.server.storage import OVER, WAITING
from buccaneer.server.tables import LINKED_MODES, TABLE_ID, Owner, Refused


async def json_bodies_only(request: Request) -> None:
    """A request body is JSON and says so (`content-type: application/json`). Other types
    are refused before the body is read: a form on another site may post `text/plain` to
    this server without the browser asking first, which JSON lets no page do."""
    if request.method in ("GET", "HEAD", "OPTIONS", "DELETE"):
        return
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    has_body = request.headers.get("content-length", "0") != "0" or "transfer-encoding" in (
        request.headers
    )
    if has_body and not (kind == "application/json" or kind.endswith("+json")):
        raise Refused(
            "unsupported_media_type",
            f"send the body as JSON with 'content-type: application/json', not {kind or 'none'!r}",
        )


router = APIRouter(prefix="/api", dependencies=[Depends(json_bodies_only)])


def server_of(request: Request) -> Any:
    return request.app.state.server


def masters_of(request: Request) -> Masters:
    masters: Masters = server_of(request).masters
    return masters


def repository_of(request: Request) -> Repository:
    repository: Repository = server_of(request).repository
    return repository


async def account_of(request: Request, authorization: str | None) -> tuple[int, str] | None:
    """The account of an `Authorization: Bearer <session>` header (None without one)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise Refused("unknown_session", "send 'Authorization: Bearer <session token>'")
    account = await masters_of(request).account_of_session(token.strip())
    if account is None:
        raise Refused("unknown_session", "that session is not known; log in again")
    return account


def owner_of(request: Request, account: tuple[int, str] | None) -> Owner:
    """Whom a table made by this request is charged to: its account, and (hashed, a key for
    the budgets, not kept as an address) where the request came from."""
    return Owner(account[0] if account else None, token_hash(address(request.scope)))


def game_info(spec: GameSpec) -> dict[str, Any]:
    return {
        "name": spec.name,
        "title": spec.title,
        "summary": spec.summary,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "options": {
            name: {
                "default": option.default,
                "help": option.help,
                "choices": list(option.choices) if option.choices else None,
                "items": list(option.list_items) if option.list_items else None,
            }
            for name, option in spec.options.items()
        },
        "variants": [dict(v) for v in spec.variants],
        "seat_names": [spec.seat_name(i) for i in range(spec.max_players)],
        "time_rule": (
            {"seconds": spec.time_rule[0], "action": spec.time_rule[1]} if spec.time_rule else None
        ),
        # The bot levels a seat can be given, weakest first, each with the agent that plays it
        # in this game and its rating on the published ladder (null: not laddered yet).
        "levels": [
            {
                "name": lv.name,
                "agent": lv.agent,
                "spec": level_spec(lv.name),
                "mu": lv.mu,
                "sigma": lv.sigma,
            }
            for lv in levels_of(spec.name)
        ],
    }


async def fresh_table(request: Request, table_id: str) -> TableMaster:
    """The master of the table a path names (`no_table` for an id this server never makes
    and for one it does not hold)."""
    master = await masters_of(request).fresh(table_id) if TABLE_ID.match(table_id) else None
    if master is None:
        raise Refused("no_table", "there is no such table")
    return master


@router.get("/health")
async def health() -> dict[str, Any]:
    # The answering process: `--workers N` serves one port from N processes, and a caller
    # (a test, an operator's probe) can tell when every one of them is taking connections.
    return {"ok": True, "version": buccaneer.__version__, "process": os.getpid()}


@router.get("/games")
async def games() -> list[dict[str, Any]]:
    """Every game this server hosts, with its options and their meaning."""
    return [game_info(spec) for spec in buccaneer.GAMES.values()]


def check_seats(req: CreateTable, settings: Settings) -> list[dict[str, Any]]:
    """Each seat of a new table as stored: its kind (who plays it: a person or a bot) and its
    mode (how it is filled). Without `seats` every seat is an invite."""
    if req.seats is None:
        return [{"kind": "human", "mode": "invite"} for _ in range(req.players)]
    if len(req.seats) != req.players:
        raise Refused(
            "bad_request", f"'seats' lists {len(req.seats)} seats for {req.players} players"
        )
    if sum(seat.kind == "me" for seat in req.seats) > 1:
        raise Refused("bad_request", "only one seat can be 'me': the creator sits at one seat")
    seats: list[dict[str, Any]] = []
    for i, seat in enumerate(req.seats):
        name = None
        if seat.name is not None:
            name = clean_name(seat.name) if seat.kind == "bot" else person_name(seat.name)
            if name is None:
                raise Refused(
                    "bad_request",
                    f"seats[{i}].name is not a name people can read (or it reads as a bot's)",
                )
        if seat.kind == "bot":
            agent = seat.agent or "heuristic"
            try:
                check_agent(agent, settings.bot_seconds, settings.bot_iterations)
            except Refused as exc:
                raise Refused("bad_agent", f"seats[{i}].agent: {exc.message}") from None
            seats.append(
                {"kind": "bot", "mode": "bot", "agent": agent, "name": name, "claimed": True}
            )
            continue
        if seat.agent is not None:
            raise Refused("bad_request", f"seats[{i}] is a person's: it takes no agent")
        mode = "invite" if seat.kind == "human" else seat.kind  # `human`: the older `invite`
        if mode == "open" and name is not None:
            raise Refused(
                "bad_request", f"seats[{i}] is open: its name is the one its joiner gives"
            )
        seats.append({"kind": "human", "mode": mode, "name": name})
    return seats


@router.post("/tables", status_code=201)
async def create_table(
    req: CreateTable, request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """A new table. The answer holds one secret link per `invite` seat and the creator's own
    link for the `me` seat (taken at once, under the creator's name), the numbers of the
    `open` seats (no token: a join makes one) and the spectator link."""
    server = server_of(request)
    account = await account_of(request, authorization)
    try:
        spec = get_spec(req.game)
        # The game checks the player count and every option (and gives them canonical form).
        state = buccaneer.load(req.game, req.players, seed=0, **req.options)
    except (OptionError, TypeError) as exc:
        raise Refused("bad_options", str(exc)) from None
    seats = check_seats(req, server.settings)
    await spend(request, server.new_tables, "new tables")
    owner = owner_of(request, account)
    await masters_of(request).check_costly_bots(
        owner, [str(s["agent"]) for s in seats if s["kind"] == "bot"], spec.name
    )
    rule = spec.time_rule
    if req.clock.on_expiry == "rule" and rule is None:
        raise Refused("bad_clock", f"{spec.title} has no time rule; use on_expiry 'bot'")
    try:
        clock = clock_settings(req.clock.model_dump(), rule[0] if rule else None)
    except ClockError as exc:
        raise Refused("bad_clock", str(exc)) from None
    tokens: dict[int, str] = {}
    for i, seat in enumerate(seats):
        if seat["mode"] in LINKED_MODES:
            tokens[i] = new_token()
            seat["token_hash"] = token_hash(tokens[i])
        if seat["mode"] == "me":
            seat["claimed"] = True
            if seat["name"] is None and account is not None:
                seat["name"] = account[1]
            seat["account_id"] = account[0] if account else None
    table_id = await masters_of(request).open(
        spec,
        players=req.players,
        options=dict(state.options),
        seats=seats,
        clock=clock,
        listed=req.listed,
        bot_delay=float(req.bot_delay),
        rated=req.rated,
        created_by=account[0] if account else None,
        owner=owner,
    )
    base = request_base(request, server.settings)
    links = [
        {
            "seat": i,
            "mode": seats[i]["mode"],
            "token": token,
            "invite": table_link(base, table_id, token),
        }
        for i, token in tokens.items()
    ]
    return {
        "table": table_id,
        "seats": links,
        "me": next((link for link in links if link["mode"] == "me"), None),
        "open": [i for i, seat in enumerate(seats) if seat["mode"] == "open"],
        "spectator": table_link(base, table_id),
        "websocket": websocket_url(base),
    }


@router.get("/tables")
async def list_tables(
    request: Request,
    status: Annotated[str, Query(pattern="^(waiting|active|over)$")] = WAITING,
    limit: Annotated[QueryInt, Query(ge=1, le=200)] = 50,
) -> list[dict[str, Any]]:
    """Listed tables by status (default: open tables waiting for players), newest first."""
    masters = masters_of(request)
    out = []
    for table_id in await repository_of(request).listed_tables(status, limit):
        with contextlib.suppress(Refused):  # an unreadable table is left out of the list
            master = await masters.get(table_id)
            if master is not None:
                out.append(master.live.meta())
    return out


@router.get("/tables/{table_id}")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    return (await fresh_table(request, table_id)).live.meta()


@router.get("/tables/{table_id}/record")
async def get_record(table_id: str, request: Request) -> JSONResponse:
    """The full record (seed included) of a finished game, for `buccaneer replay`."""
    return JSONResponse(
        (await fresh_table(request, table_id)).record(),
        headers={"content-disposition": f'attachment; filename="{table_id}.json"'},
    )


@router.get("/tables/{table_id}/replay")
async def get_replay_step(
    table_id: str,
    request: Request,
    version: Annotated[QueryInt, Query(ge=-1)] = -1,
    seat: Annotated[QueryInt | None, Query(ge=0)] = None,
) -> dict[str, Any]:
    """A finished game after `version` actions (-1: the end), as `seat` saw it (none: a
    spectator), with the log lines that seat saw: the browser's replay page."""
    live = (await fresh_table(request, table_id)).live
    if live.status != OVER:
        raise Refused("not_over", "a game is replayed once it is over")
    if seat is not None and seat >= live.players:
        raise Refused("bad_request", f"'seat' must be below {live.players}")
    record = live.state.record()
    total = len(record.actions)
    if version > total:
        raise Refused("bad_request", f"'version' must be at most {total}, the game's last")
    step = await asyncio.to_thread(replay_step, record, total if version < 0 else version, seat)
    meta = live.meta()
    proof = {key: meta[key] for key in ("commitment", "seed", "seed_text", "salt", "dice")}
    return {**step, "table": table_id, "names": [s["name"] for s in meta["seats"]], **proof}


@router.post("/tables/{table_id}/join")
async def join_table(
    table_id: str,
    req: JoinTable,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Take an open seat of a waiting table (never one kept for an invite link or for the
    creator); the answer holds that seat's new token."""
    server = server_of(request)
    account = await account_of(request, authorization)
    master = await fresh_table(request, table_id)
    name = req.name if req.name is not None else (account[1] if account else None)
    seat, token = await master.join(name, account[0] if account else None, req.seat)
    return {
        "table": table_id,
        "seat": seat,
        "token": token,
        "invite": table_link(request_base(request, server.settings), table_id, token),
    }


@router.post("/tables/{table_id}/leave")
async def leave_table(table_id: str, req: LeaveTable, request: Request) -> dict[str, Any]:
    """Give a seat up: free again before the start, played by a bot during the game."""
    return (await masters_of(request).leave(table_id, req.token, req.key)).meta()


# -- what an address may make -------------------------------------------------------------------


def now(request: Request) -> float:
    return masters_of(request).now()


async def spend(request: Request, budget: Budget, what: str) -> None:
    """One of what the request's address may make (`Server.signups`, `Server.reports`, ...),
    or a 429 saying when it may make the next."""
    key = address(request.scope)
    if not await budget.take(key):
        wait = await budget.wait(key)
        raise Busy(f"too many {what} from this address; try again in {int(wait) + 1} s", wait)


@router.get("/players/{name}/games")
async def finished_games(
    name: str, request: Request, limit: Annotated[QueryInt, Query(ge=1, le=500)] = 100
) -> list[dict[str, Any]]:
    """The finished games of the account or guest called `name`, newest first."""
    if clean_name(name) != name:
        raise Refused("not_found", "there is no player by that name")
    repository = repository_of(request)
    account = await repository.account_named(name)
    if account is None:
        raise Refused("not_found", f"there is no player called {name!r}")
    rows = await repository.finished_games(account.id, limit)
    return [
        {
            "table": r.id,
            "game": r.game,
            "players": r.players,
            "seat": r.seat,
            "finished_at": r.finished_at,
            **json.loads(r.result or "{}"),
        }
        for r in rows
    ]
