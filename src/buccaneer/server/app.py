"""The application: settings in, a FastAPI app out, with its services wired together.

`create_app(settings)` is what uvicorn runs (through `app_from_env` for worker processes). The
`Server` object holds the parts that live as long as the process: the repository (the
database), the fanout, the table masters, the bot pool, the hub of connections and the
background loops that fire clocks and look for bot seats that wait. The loops, like the
WebSocket and the HTTP routes, only find the tables to look at and call their masters.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from typing import Any

from fastapi import FastAPI, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

import buccaneer
from buccaneer.core.schema import field_path, problem
from buccaneer.server import (
    collector,
    contracts,
    http_accounts,
    http_admin,
    http_moderation,
    http_mytables,
    http_notifications,
    http_operator,
    http_quick,
    http_ratings,
    lobby,
    logs,
    metrics,
)
from buccaneer.server.account_mail import AccountMail
from buccaneer.server.bots import BotPool, BotRunner, make_pool
from buccaneer.server.budgets import Budgets
from buccaneer.server.collector import Collector
from buccaneer.server.fanout import Fanout, RedisFanout
from buccaneer.server.limits import Buckets, HttpLimits
from buccaneer.server.live import Hub, Process, serve_connection
from buccaneer.server.logs import RequestLog
from buccaneer.server.master import Masters
from buccaneer.server.migrate import upgrade
from buccaneer.server.notifications import Notifier
from buccaneer.server.passwords import Busy, Passwords
from buccaneer.server.presence import Presence, SharedPresence
from buccaneer.server.quickplay import QuickPlay
from buccaneer.server.ratings import Ratings
from buccaneer.server.repository import Repository
from buccaneer.server.repository_notifications import NotificationStore
from buccaneer.server.repository_queue import QueueRepository
from buccaneer.server.settings import Settings
from buccaneer.server.tables import Refused
from buccaneer.server.webclient import add_client, not_found_page, wants_page

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
    "reserved": 409,
    "no_open_seat": 409,
    "seat_given_up": 403,
    "seat_taken": 403,
    "already_reported": 409,
    "not_queued": 404,
    "seated": 409,
    "still_seated": 409,
    "unsupported_media_type": 415,
    "unreadable": 500,
    "draining": 503,
    "banned": 403,
    "forbidden": 403,
    "unknown_operator": 401,
    "busy": 429,
    "password_needed": 403,
    "costly_bot": 403,
    "guest": 403,
    "not_guest": 409,
    "bot_quota": 429,
}


class Server:
    """Everything one server process holds."""

    def __init__(
        self, settings: Settings, pool: Executor | None = None, collector: Collector | None = None
    ) -> None:
        self.settings = settings
        self.collector = collector
        self.repository = Repository.at(settings.database_url)
        self.fanout: Fanout = RedisFanout(settings.redis_url) if settings.redis_url else Fanout()
        shared = settings.redis_url is not None
        self.masters = Masters(self.repository, self.fanout, shared, settings=settings)
        # Who is at each table, on every process when they share a Redis (presence.py).
        self.presence: Presence = (
            SharedPresence(settings.redis_url, self.fanout, settings.presence_seconds)
            if settings.redis_url
            else Presence()
        )
        self.hub = Hub(self.presence)
        self.fanout.listen(self.hear)
        self.pool = pool or make_pool(settings.bot_workers)
        self.own_pool = pool is None
        self.bots = BotRunner(self.masters.bot_move, self.pool, settings.bot_workers)
        self.masters.bots = self.bots
        # argon2 on threads of its own behind a short queue (server/passwords.py).
        self.passwords = Passwords(idle=settings.idle_login_hashing)
        self.address_buckets = Buckets(
            settings.address_message_rate, settings.address_message_burst
        )
        # What each address may make that is kept for good (accounts and guests, reports,
        # tables, password reset requests): in Redis when the processes share one
        # (server/budgets.py).
        budgets = Budgets(settings.redis_url, settings.database_url)
        self.signups = budgets.make("signups", settings.signup_rate, settings.signup_burst)
        self.reports = budgets.make("reports", settings.report_rate, settings.report_burst)
        self.new_tables = budgets.make("tables", settings.table_rate, settings.table_burst)
        # Password reset requests (each may mail someone): the signups' rate, its own budget.
        self.resets = budgets.make("resets", settings.signup_rate, settings.signup_burst)
        self.process = Process(self.masters, self.hub, settings, self.address_buckets)
        self.loops: list[asyncio.Task[None]] = []
        # A rated table is rated when it ends (a watcher), or by the sweep after a crash.
        self.ratings = Ratings(self.masters)
        self.masters.watchers.append(self.ratings.watch)
        self.quick = QuickPlay(self.masters, QueueRepository(self.repository.engine))
        # Turns, game ends and full tables told by webhook and email (an outbox and a sender).
        store = NotificationStore(self.repository.engine)
        self.notifier = Notifier(store, settings, self.masters.now)
        self.masters.watchers.append(self.notifier.watch)
        # One-off emails about an account (an address's confirmation), capped per hour.
        self.account_mail = AccountMail(self.repository.engine, settings, self.masters.now)

    async def hear(self, event: dict[str, Any]) -> None:
        """An event from any process: the masters note it first, so that the connections it
        wakes find the cached table marked as behind."""
        self.masters.heard(event)
        await self.hub.event(event)

    async def start(self) -> None:
        self.passwords.start()
        await self.fanout.start()
        await self.presence.start()
        await self.ratings.start()
        self.loops = [
            asyncio.create_task(self.clock_loop()),
            asyncio.create_task(self.sweep_loop()),
            asyncio.create_task(self.quick.run()),
            asyncio.create_task(self.notifier.run()),
            asyncio.create_task(self.ratings.run(self.settings.sweep_seconds)),
        ]
        if self.collector is not None:
            self.loops.append(asyncio.create_task(self.collector.run()))

    async def stop(self) -> None:
        for task in self.loops:
            task.cancel()
        for task in [*self.loops, *self.bots.tasks, *self.masters.background]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.notifier.stop()
        await self.presence.stop()
        await self.fanout.stop()
        await self.masters.operator.close()
        await self.repository.close()
        self.passwords.close()
        if isinstance(self.pool, BotPool) and self.own_pool:
            self.pool.close()  # a worker in the middle of a long search is ended too

    # -- background work ----------------------------------------------------------------------

    async def clock_loop(self) -> None:
        """Fire every deadline that has passed (also those that passed while we were down)."""
        while True:
            await asyncio.sleep(0.25)
            try:
                now = self.masters.now()
                for table_id in await self.repository.due_tables(now, 200):
                    with contextlib.suppress(Refused):  # one unreadable table stops no other
                        master = await self.masters.fresh(table_id)
                        if master is not None:
                            await master.expire(now)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("clock loop")

    async def sweep_loop(self) -> None:
        """Tables whose bot is asked but not playing (after a restart, or a lost race) are
        looked at again: no table waits forever for a bot."""
        first = True
        while True:
            try:
                cutoff = self.masters.now() - (0 if first else self.settings.sweep_seconds)
                for table_id in await self.repository.idle_tables(cutoff, 500):
                    with contextlib.suppress(Refused):  # one unreadable table stops no other
                        master = await self.masters.fresh(table_id)
                        if master is not None:
                            await master.look_for_bots()
                # Chat past its retention, votes of finished tables (at most hourly).
                await self.masters.moderation.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sweep loop")
            first = False
            await asyncio.sleep(self.settings.sweep_seconds)


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
        # FastAPI's pages load Swagger UI and ReDoc from a CDN; /docs is served from the
        # package's own build instead (webclient.add_client). /openapi.json stays.
        docs_url=None,
        redoc_url=None,
    )
    app.state.server = server

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        metrics.errors.labels(exc.code).inc()
        if isinstance(exc, Busy):
            return JSONResponse(
                {"error": exc.code, "message": exc.message, "retry_after": exc.retry_after},
                status_code=429,
                headers={"retry-after": str(max(1, round(exc.retry_after)))},
            )
        return JSONResponse(
            {"error": exc.code, "message": exc.message}, status_code=STATUS.get(exc.code, 400)
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        metrics.errors.labels("bad_request").inc()
        return JSONResponse({"error": "bad_request", "message": explain_request(exc)}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404 and wants_page(request):
            return not_found_page()  # a browser at an address that leads nowhere
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return JSONResponse(
            {"error": code, "message": str(exc.detail)}, exc.status_code, headers=exc.headers
        )

    @app.exception_handler(Exception)
    async def crashed(_request: Request, exc: Exception) -> JSONResponse:
        log.error("request failed", exc_info=exc)
        return JSONResponse({"error": "server_error", "message": "the server failed"}, 500)

    app.include_router(lobby.router)
    app.include_router(http_accounts.router)
    app.include_router(http_mytables.router)
    app.include_router(http_moderation.router)
    app.include_router(http_quick.router)
    app.include_router(http_ratings.router)
    app.include_router(contracts.router)
    app.include_router(http_operator.router)
    app.include_router(http_admin.router)
    app.include_router(http_notifications.router)
    app.include_router(http_notifications.pages)

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        await serve_connection(server.process, ws)

    add_client(app)

    app.add_middleware(
        HttpLimits,
        rate=settings.http_rate,
        burst=settings.http_burst,
        max_body=settings.max_body,
    )
    app.add_middleware(RequestLog)  # a request refused by the limits is logged too
    # Outermost: behind a trusted reverse proxy, the limits and the log see the client's own
    # address, and links the scheme the browser used (docs/server.md, "Behind a reverse proxy").
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies)
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
    settings = Settings.from_env()
    logs.setup(settings.log_format)
    app = create_app(settings, migrate=False, own_process=True)
    collector.settle()
    return app


__all__ = ["Server", "app_from_env", "create_app"]
