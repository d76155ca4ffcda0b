"""The application: settings in, a FastAPI app out, with its services wired together.

`create_app(settings)` is what uvicorn runs (through `app_from_env` for worker processes). The
`Server` object holds the parts that live as long as the process: the database engine, the
fanout, the table service, the bot pool, the hub of connections and the background loops that
fire clocks and look for bot seats that wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from typing import Any

from fastapi import FastAPI, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy import select, update
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request

import buccaneer
from buccaneer.core.schema import field_path, problem
from buccaneer.server import collector, lobby
from buccaneer.server import storage as db
from buccaneer.server.auth import new_table_id, token_hash
from buccaneer.server.bots import BotRunner, make_pool
from buccaneer.server.collector import Collector
from buccaneer.server.fanout import Fanout, RedisFanout
from buccaneer.server.limits import Buckets, HttpLimits
from buccaneer.server.live import Hub, chat_lines, serve_connection
from buccaneer.server.migrate import upgrade
from buccaneer.server.settings import Settings
from buccaneer.server.tables import ACTIVE, OVER, WAITING, LiveTable, Refused, TableService
from buccaneer.server.webclient import add_client

log = logging.getLogger("buccaneer.server")

# HTTP status of each refusal code (anything else: 400).
STATUS = {
    "no_table": 404,
    "not_found": 404,
    "unknown_token": 403,
    "unknown_session": 401,
    "wrong_password": 401,
    "name_taken": 409,
    "not_over": 409,
    "not_waiting": 409,
    "full": 409,
    "taken": 409,
    "unsupported_media_type": 415,
    "unreadable": 500,
}


class Server:
    """Everything one server process holds."""

    def __init__(
        self, settings: Settings, pool: Executor | None = None, collector: Collector | None = None
    ) -> None:
        self.settings = settings
        self.collector = collector
        self.engine = db.make_engine(settings.database_url)
        self.fanout: Fanout = RedisFanout(settings.redis_url) if settings.redis_url else Fanout()
        self.tables = TableService(self.engine, self.fanout, shared=settings.redis_url is not None)
        self.hub = Hub()
        self.fanout.listen(self.hear)
        self.pool = pool or make_pool(settings.bot_workers)
        self.own_pool = pool is None
        self.bots = BotRunner(self.tables, self.pool)
        self.tables.on_change.append(self.bots.look)
        self.address_buckets = Buckets(
            settings.address_message_rate, settings.address_message_burst
        )
        self.loops: list[asyncio.Task[None]] = []

    async def hear(self, event: dict[str, Any]) -> None:
        """An event from any process: the table service notes it first, so that the
        connections it wakes find the cached table marked as behind."""
        self.tables.heard(event)
        await self.hub.event(event)

    async def start(self) -> None:
        await self.fanout.start()
        self.loops = [
            asyncio.create_task(self.clock_loop()),
            asyncio.create_task(self.sweep_loop()),
        ]
        if self.collector is not None:
            self.loops.append(asyncio.create_task(self.collector.run()))

    async def stop(self) -> None:
        for task in self.loops:
            task.cancel()
        for task in [*self.loops, *self.bots.tasks, *self.tables.background]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.fanout.stop()
        await self.tables.action_log.close()
        await self.engine.dispose()
        if self.own_pool:
            self.pool.shutdown(wait=False, cancel_futures=True)

    # -- background work ----------------------------------------------------------------------

    async def clock_loop(self) -> None:
        """Fire every deadline that has passed (also those that passed while we were down)."""
        while True:
            await asyncio.sleep(0.25)
            try:
                now = time.time()
                async with self.engine.connect() as conn:
                    due = (
                        await conn.execute(
                            select(db.tables.c.id)
                            .where(db.tables.c.status == ACTIVE)
                            .where(db.tables.c.next_deadline <= now)
                            .limit(200)
                        )
                    ).scalars()
                    ids = list(due)
                for table_id in ids:
                    with contextlib.suppress(Refused):  # one unreadable table stops no other
                        live = await self.tables.fresh(table_id)
                        if live is not None:
                            await self.expire(live, now)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("clock loop")

    async def expire(self, live: LiveTable, now: float) -> None:
        rule = live.spec.time_rule
        for seat, deadline in sorted(live.deadlines.items()):
            if deadline > now or seat not in live.state.to_move():
                continue
            if live.clock.get("on_expiry") == "rule" and rule is not None:
                with contextlib.suppress(Refused):
                    await self.tables.submit(live.id, seat, rule[1], live.version)
            else:
                self.bots.play(live, seat, "heuristic", delay=0)

    async def sweep_loop(self) -> None:
        """Tables whose bot is asked but not playing (after a restart, or a lost race) are
        looked at again: no table waits forever for a bot."""
        first = True
        while True:
            try:
                cutoff = time.time() - (0 if first else self.settings.sweep_seconds)
                async with self.engine.connect() as conn:
                    ids = list(
                        (
                            await conn.execute(
                                select(db.tables.c.id)
                                .where(db.tables.c.status == ACTIVE)
                                .where(db.tables.c.updated_at <= cutoff)
                                .order_by(db.tables.c.updated_at)
                                .limit(500)
                            )
                        ).scalars()
                    )
                for table_id in ids:
                    with contextlib.suppress(Refused):  # one unreadable table stops no other
                        live = await self.tables.fresh(table_id)
                        if live is not None:
                            await self.bots.look(live)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sweep loop")
            first = False
            await asyncio.sleep(self.settings.sweep_seconds)

    # -- who is who ---------------------------------------------------------------------------

    async def seat_of_token(self, token: str, table_id: str | None) -> tuple[str, int] | None:
        """The (table, seat) a seat token opens: the named table's, or the newest table's."""
        query = (
            select(db.seats.c.table_id, db.seats.c.seat)
            .join(db.tables, db.tables.c.id == db.seats.c.table_id)
            .where(db.seats.c.token_hash == token_hash(token))
            .order_by(db.tables.c.created_at.desc())
            .limit(1)
        )
        if table_id is not None:
            query = query.where(db.seats.c.table_id == table_id)
        async with self.engine.connect() as conn:
            row = (await conn.execute(query)).first()
        return (row.table_id, row.seat) if row else None

    async def account_of_session(self, token: str | None) -> tuple[int, str] | None:
        if not token:
            return None
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(db.accounts.c.id, db.accounts.c.name)
                    .join(db.sessions, db.sessions.c.account_id == db.accounts.c.id)
                    .where(db.sessions.c.token_hash == token_hash(token))
                )
            ).first()
        return (row.id, row.name) if row else None

    def present(self, table_id: str, seat: int) -> bool:
        """Whether `seat`'s player has a connection open to this process. Across several
        processes only this one's connections are known, so a seat counts as absent here."""
        if self.tables.shared:
            return False
        return any(conn.seat == seat for conn in self.hub.tables.get(table_id, ()))

    async def recent_chat(self, table_id: str) -> list[dict[str, Any]]:
        return await chat_lines(self, table_id)

    # -- seats and tables ---------------------------------------------------------------------

    async def leave(self, live: LiveTable, seat: int) -> None:
        """Before the start a seat becomes free again; during the game a bot plays it (the
        player may come back and take it)."""
        if live.seats[seat].kind != "human":
            raise Refused("bot_seat", "that seat is a bot's")
        if live.status == OVER:
            raise Refused("over", "the game is over")
        if live.status == ACTIVE and live.seats[seat].agent is not None:
            raise Refused("handed", "a bot plays your seat already")
        if live.status == WAITING:
            async with live.lock:
                await self.tables.catch_up(live)
                await self.tables.write_seats(
                    live, {seat: {"claimed": False, "name": None, "account_id": None}}
                )
            await self.tables.changed(live, "table")
        else:
            await self.tables.set_agent(live, seat, "heuristic")

    async def rematch(self, live: LiveTable) -> str:
        """The same seats (the same tokens, names and bots) at a new table with a new seed;
        asking twice, or from two processes, gives one rematch."""
        if live.status != OVER:
            raise Refused("not_over", "a rematch can be asked for once the game is over")
        if live.rematch is None:
            seats = [
                {
                    "kind": s.kind,
                    "agent": s.agent if s.kind == "bot" else None,
                    "token_hash": s.token_hash,
                    "name": s.name,
                    "account_id": s.account_id,
                    "claimed": s.claimed,
                }
                for s in live.seats
            ]
            new_id = await self.tables.create(
                live.spec,
                players=live.players,
                options=live.options,
                seats=seats,
                clock=live.clock,
                listed=False,
                bot_delay=live.bot_delay,
                rematch_of=live.id,
                table_id=new_table_id(),
            )
            async with db.begin(self.engine) as conn:
                await conn.execute(
                    update(db.tables)
                    .where(db.tables.c.id == live.id)
                    .where(db.tables.c.rematch.is_(None))
                    .values(rematch=new_id)
                )
                live.rematch = (
                    await conn.execute(select(db.tables.c.rematch).where(db.tables.c.id == live.id))
                ).scalar_one()
            started = await self.tables.get(new_id)
            if started is not None and live.rematch == new_id:
                await self.bots.look(started)
        await self.fanout.publish({"kind": "rematch", "table": live.id, "rematch": live.rematch})
        return str(live.rematch)


def create_app(
    settings: Settings,
    migrate: bool = True,
    pool: Executor | None = None,
    own_process: bool = False,
) -> FastAPI:
    """The server as an ASGI app. `migrate=False` when the caller already ran the migrations
    (`buccaneer serve` does, once, before starting its workers); `own_process` when the
    process is the server's alone, which lets it manage the garbage collector."""
    settings = settings.resolved()
    if migrate:
        upgrade(settings.database_url)
    server = Server(settings, pool, collector=Collector() if own_process else None)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = FastAPI(
        title="buccaneer",
        redirect_slashes=False,
        version=buccaneer.__version__,
        description="Online tables for "
        + ", ".join(spec.title for spec in buccaneer.GAMES.values())
        + ": people and bots at one table. The live game runs over the WebSocket at /ws "
        "(docs/server.md).",
        lifespan=lifespan,
    )
    app.state.server = server

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        return JSONResponse(
            {"error": exc.code, "message": exc.message}, status_code=STATUS.get(exc.code, 400)
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": "bad_request", "message": explain_request(exc)}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return JSONResponse(
            {"error": code, "message": str(exc.detail)}, exc.status_code, headers=exc.headers
        )

    @app.exception_handler(Exception)
    async def crashed(_request: Request, exc: Exception) -> JSONResponse:
        log.error("request failed", exc_info=exc)
        return JSONResponse({"error": "server_error", "message": "the server failed"}, 500)

    app.include_router(lobby.router)

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        await serve_connection(server, ws)

    add_client(app)

    app.add_middleware(
        HttpLimits,
        rate=settings.http_rate,
        burst=settings.http_burst,
        max_body=settings.max_body,
    )
    return app


def explain_request(exc: RequestValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return "the request is not valid"
    error = errors[0]
    if error.get("type") == "json_invalid":
        return "the body is not valid JSON"
    loc = [p for p in error.get("loc", ()) if p != "body"]
    where = field_path(loc) if loc else "the body"
    if error.get("type") == "extra_forbidden":
        return f"'{where}' is not a known field"
    return f"'{where}' {problem(error)}"


def app_from_env() -> FastAPI:
    """For uvicorn's worker processes: the settings come in an environment variable. The
    process is the server's own, so it manages the garbage collector (`collector.py`)."""
    app = create_app(Settings.from_env(), migrate=False, own_process=True)
    collector.settle()
    return app


__all__ = ["Server", "app_from_env", "create_app"]
