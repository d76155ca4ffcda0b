"""The HTTP API: games, the lobby (list, create, join, leave), records and accounts.

Every route answers JSON; a refusal is `{"error": code, "message": words}` with a 4xx status
and changes nothing. A table's seed is chosen here from `secrets`, never by a client, and its
record (which holds the seed) is given only once the game is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse
from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError

import buccaneer
from buccaneer.core import GameSpec, OptionError, get_spec
from buccaneer.server import storage as db
from buccaneer.server.auth import (
    clean_name,
    hash_password,
    new_token,
    password_matches,
    token_hash,
)
from buccaneer.server.bots import check_agent
from buccaneer.server.clocks import clock_settings
from buccaneer.server.replays import replay_step
from buccaneer.server.schemas import (
    CreateTable,
    JoinTable,
    LeaveTable,
    Login,
    NewAccount,
    NewGuest,
    QueryInt,
)
from buccaneer.server.settings import Settings
from buccaneer.server.tables import OVER, TABLE_ID, WAITING, Refused


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


async def account_of(request: Request, authorization: str | None) -> tuple[int, str] | None:
    """The account of an `Authorization: Bearer <session>` header (None without one)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise Refused("unknown_session", "send 'Authorization: Bearer <session token>'")
    account = await server_of(request).account_of_session(token.strip())
    if account is None:
        raise Refused("unknown_session", "that session is not known; log in again")
    return account  # type: ignore[no-any-return]


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
    }


async def fresh_table(request: Request, table_id: str) -> Any:
    """The table a path names (None for an id this server never makes)."""
    if not TABLE_ID.match(table_id):
        return None
    return await server_of(request).tables.fresh(table_id)


@router.get("/health")
async def health() -> dict[str, Any]:
    return {"ok": True, "version": buccaneer.__version__}


@router.get("/games")
async def games() -> list[dict[str, Any]]:
    """Every game this server hosts, with its options and their meaning."""
    return [game_info(spec) for spec in buccaneer.GAMES.values()]


def check_seats(req: CreateTable, settings: Settings) -> list[dict[str, Any]]:
    if req.seats is None:
        return [{"kind": "human"} for _ in range(req.players)]
    if len(req.seats) != req.players:
        raise Refused(
            "bad_request", f"'seats' lists {len(req.seats)} seats for {req.players} players"
        )
    seats: list[dict[str, Any]] = []
    for i, seat in enumerate(req.seats):
        name = None
        if seat.name is not None:
            name = clean_name(seat.name)
            if name is None:
                raise Refused("bad_request", f"seats[{i}].name is not a name people can read")
        if seat.kind == "bot":
            agent = seat.agent or "heuristic"
            try:
                check_agent(agent, settings.bot_seconds, settings.bot_iterations)
            except Refused as exc:
                raise Refused("bad_agent", f"seats[{i}].agent: {exc.message}") from None
            seats.append({"kind": "bot", "agent": agent, "name": name, "claimed": True})
        else:
            if seat.agent is not None:
                raise Refused("bad_request", f"seats[{i}] is a person's: it takes no agent")
            seats.append({"kind": "human", "name": name})
    return seats


@router.post("/tables", status_code=201)
async def create_table(
    req: CreateTable, request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """A new table. The answer holds one secret token per human seat (the invite links) and
    the spectator link: hand each link to its player."""
    server = server_of(request)
    await account_of(request, authorization)
    try:
        spec = get_spec(req.game)
        # The game checks the player count and every option (and gives them canonical form).
        state = buccaneer.load(req.game, req.players, seed=0, **req.options)
    except (OptionError, TypeError) as exc:
        raise Refused("bad_options", str(exc)) from None
    seats = check_seats(req, server.settings)
    rule = spec.time_rule
    if req.clock.on_expiry == "rule" and rule is None:
        raise Refused("bad_clock", f"{spec.title} has no time rule; use on_expiry 'bot'")
    clock = clock_settings(req.clock.model_dump(), rule[0] if rule else None)
    tokens: dict[int, str] = {}
    for i, seat in enumerate(seats):
        if seat["kind"] == "human":
            tokens[i] = new_token()
            seat["token_hash"] = token_hash(tokens[i])
    table_id = await server.tables.create(
        spec,
        players=req.players,
        options=dict(state.options),
        seats=seats,
        clock=clock,
        listed=req.listed,
        bot_delay=float(req.bot_delay),
    )
    live = await server.tables.get(table_id)
    if live is not None:
        await server.bots.look(live)
    base = server.settings.base_url
    return {
        "table": table_id,
        "seats": [
            {"seat": i, "token": token, "invite": f"{base}/tables/{table_id}#token={token}"}
            for i, token in tokens.items()
        ],
        "spectator": f"{base}/tables/{table_id}",
        "websocket": base.replace("http", "ws", 1) + "/ws",
    }


@router.get("/tables")
async def list_tables(
    request: Request,
    status: Annotated[str, Query(pattern="^(waiting|active|over)$")] = WAITING,
    limit: Annotated[QueryInt, Query(ge=1, le=200)] = 50,
) -> list[dict[str, Any]]:
    """Listed tables by status (default: open tables waiting for players), newest first."""
    server = server_of(request)
    async with server.engine.connect() as conn:
        rows = (
            await conn.execute(
                select(db.tables.c.id)
                .where(db.tables.c.status == status)
                .where(db.tables.c.listed.is_(True))
                .order_by(db.tables.c.created_at.desc())
                .limit(limit)
            )
        ).scalars()
        ids = list(rows)
    out = []
    for table_id in ids:
        with contextlib.suppress(Refused):  # an unreadable table is left out of the list
            live = await server.tables.get(table_id)
            if live is not None:
                out.append(live.meta())
    return out


@router.get("/tables/{table_id}")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    live = await fresh_table(request, table_id)
    if live is None:
        raise Refused("no_table", "there is no such table")
    return live.meta()  # type: ignore[no-any-return]


@router.get("/tables/{table_id}/record")
async def get_record(table_id: str, request: Request) -> JSONResponse:
    """The full record (seed included) of a finished game, for `buccaneer replay`."""
    live = await fresh_table(request, table_id)
    if live is None:
        raise Refused("no_table", "there is no such table")
    if live.status != OVER:
        raise Refused("not_over", "the record (with the seed) is given once the game is over")
    return JSONResponse(
        live.state.record().to_dict(),
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
    live = await fresh_table(request, table_id)
    if live is None:
        raise Refused("no_table", "there is no such table")
    if live.status != OVER:
        raise Refused("not_over", "a game is replayed once it is over")
    if seat is not None and seat >= live.players:
        raise Refused("bad_request", f"'seat' must be below {live.players}")
    record = live.state.record()
    total = len(record.actions)
    if version > total:
        raise Refused("bad_request", f"'version' must be at most {total}, the game's last")
    step = await asyncio.to_thread(replay_step, record, total if version < 0 else version, seat)
    return {**step, "table": table_id, "names": [s["name"] for s in live.meta()["seats"]]}


@router.post("/tables/{table_id}/join")
async def join_table(
    table_id: str,
    req: JoinTable,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Take a free seat of a waiting table; the answer holds that seat's new token."""
    server = server_of(request)
    account = await account_of(request, authorization)
    live = await fresh_table(request, table_id)
    if live is None:
        raise Refused("no_table", "there is no such table")
    if live.status != WAITING:
        raise Refused("not_waiting", "that table has started; ask for a spectator link")
    name = req.name if req.name is not None else (account[1] if account else None)
    if name is not None and clean_name(name) is None:
        raise Refused("bad_request", "'name' is not a name people can read")
    token = new_token()
    async with live.lock:
        await server.tables.catch_up(live)
        free = [s.seat for s in live.seats if s.kind == "human" and not s.claimed]
        if req.seat is not None and req.seat not in free:
            raise Refused("taken", f"seat {req.seat} is not free")
        if not free:
            raise Refused("full", "every seat is taken")
        seat = req.seat if req.seat is not None else free[0]
        taken = await server.tables.take_free_seat(
            live,
            seat,
            {
                "token_hash": token_hash(token),
                "name": clean_name(name) if name else None,
                "account_id": account[0] if account else None,
            },
        )
        if not taken:
            raise Refused("taken", f"seat {seat} was taken a moment ago; try again")
        started = await server.tables.start_if_full(live)
    await server.tables.changed(live, "table")
    if started:
        await server.tables.changed(live, "version")
    base = server.settings.base_url
    return {
        "table": table_id,
        "seat": seat,
        "token": token,
        "invite": f"{base}/tables/{table_id}#token={token}",
    }


@router.post("/tables/{table_id}/leave")
async def leave_table(table_id: str, req: LeaveTable, request: Request) -> dict[str, Any]:
    """Give a seat up: free again before the start, played by a bot during the game."""
    server = server_of(request)
    if not TABLE_ID.match(table_id):
        raise Refused("no_table", "there is no such table")
    found = await server.seat_of_token(req.token, table_id)
    if found is None:
        raise Refused("unknown_token", "no seat of this table has that token")
    live = await server.tables.fresh(table_id)
    if live is None:
        raise Refused("no_table", "there is no such table")
    await server.leave(live, found[1])
    return live.meta()  # type: ignore[no-any-return]


# -- accounts -----------------------------------------------------------------------------------


async def new_session(server: Any, account_id: int) -> str:
    token = new_token()
    async with db.begin(server.engine) as conn:
        await conn.execute(
            insert(db.sessions).values(
                token_hash=token_hash(token), account_id=account_id, created_at=now()
            )
        )
    return token


def now() -> float:
    return time.time()


async def add_account(server: Any, name: str, password_hash: str | None) -> int:
    try:
        async with db.begin(server.engine) as conn:
            result = await conn.execute(
                insert(db.accounts).values(
                    name=name,
                    name_key=name.casefold(),
                    password_hash=password_hash,
                    created_at=now(),
                )
            )
            key = result.inserted_primary_key
    except IntegrityError:
        raise Refused("name_taken", f"the name {name!r} is taken") from None
    assert key is not None
    return int(key[0])


@router.post("/accounts", status_code=201)
async def create_account(req: NewAccount, request: Request) -> dict[str, Any]:
    """An account: a name and a password (kept as an argon2 hash)."""
    name = clean_name(req.name)
    if name is None:
        raise Refused("bad_request", "'name' is not a name people can read")
    hashed = await asyncio.to_thread(hash_password, req.password)
    account_id = await add_account(server_of(request), name, hashed)
    return {"name": name, "session": await new_session(server_of(request), account_id)}


@router.post("/sessions")
async def login(req: Login, request: Request) -> dict[str, Any]:
    server = server_of(request)
    async with server.engine.connect() as conn:
        row = (
            await conn.execute(
                select(db.accounts).where(db.accounts.c.name_key == req.name.casefold())
            )
        ).first()
    stored = row.password_hash if row is not None else None
    ok = stored is not None and await asyncio.to_thread(password_matches, stored, req.password)
    if row is None or not ok:
        raise Refused("wrong_password", "that name and password do not match")
    return {"name": row.name, "session": await new_session(server, row.id)}


@router.post("/guests", status_code=201)
async def create_guest(req: NewGuest, request: Request) -> dict[str, Any]:
    """A guest: a name without a password (a fresh one when none is asked for)."""
    server = server_of(request)
    if req.name is not None:
        name = clean_name(req.name)
        if name is None:
            raise Refused("bad_request", "'name' is not a name people can read")
    else:
        name = f"guest-{new_token()[:6]}"
    account_id = await add_account(server, name, None)
    return {"name": name, "session": await new_session(server, account_id), "guest": True}


@router.get("/players/{name}/games")
async def finished_games(
    name: str, request: Request, limit: Annotated[QueryInt, Query(ge=1, le=500)] = 100
) -> list[dict[str, Any]]:
    """The finished games of the account or guest called `name`, newest first."""
    server = server_of(request)
    if clean_name(name) != name:
        raise Refused("not_found", "there is no player by that name")
    async with server.engine.connect() as conn:
        account = (
            await conn.execute(
                select(db.accounts.c.id).where(db.accounts.c.name_key == name.casefold())
            )
        ).scalar()
        if account is None:
            raise Refused("not_found", f"there is no player called {name!r}")
        rows = (
            await conn.execute(
                select(
                    db.tables.c.id,
                    db.tables.c.game,
                    db.tables.c.players,
                    db.tables.c.result,
                    db.tables.c.finished_at,
                    db.seats.c.seat,
                )
                .join(db.seats, db.seats.c.table_id == db.tables.c.id)
                .where(db.seats.c.account_id == account)
                .where(db.tables.c.status == OVER)
                .order_by(func.coalesce(db.tables.c.finished_at, 0).desc())
                .limit(limit)
            )
        ).all()
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
