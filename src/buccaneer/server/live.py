"""Live play over WebSocket: one `Connection` per socket, and the hub that tells them news.

A connection says hello (a table, a seat token or none for a spectator, the last version it
saw), then sends actions, chat and table requests. Every message it receives is built for its
seat when it is sent (`messages.py`); news from the fanout only marks a connection as behind,
and its one writer task catches it up, so a burst of moves costs one update, and no message is
ever interleaved with another.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select
from starlette.websockets import WebSocket, WebSocketDisconnect

from buccaneer.server import messages
from buccaneer.server import storage as db
from buccaneer.server.auth import clean_name
from buccaneer.server.bots import check_agent
from buccaneer.server.limits import Bucket
from buccaneer.server.limits import address as address_of
from buccaneer.server.schemas import (
    ActionMessage,
    BadMessage,
    ChatMessage,
    ExportMessage,
    HandoverMessage,
    Hello,
    LeaveMessage,
    PingMessage,
    RematchMessage,
    SyncMessage,
    TakebackMessage,
    parse_message,
)
from buccaneer.server.tables import ACTIVE, OVER, WAITING, LiveTable, Refused

if TYPE_CHECKING:
    from buccaneer.server.app import Server

log = logging.getLogger("buccaneer.server")

# Markers in a connection's queue for messages built when they are sent, from the table as it
# is then: a message built earlier could reach the client after a newer one and undo it.
REFRESH: dict[str, Any] = {"refresh": True}
SYNC: dict[str, Any] = {"sync": True}
CLOSE: dict[str, Any] = {"close": True}
QUEUE = 256


class Hub:
    """This process's connections, by table."""

    def __init__(self) -> None:
        self.tables: dict[str, set[Connection]] = defaultdict(set)
        self.addresses: dict[str, int] = defaultdict(int)

    def join(self, conn: Connection, table_id: str) -> None:
        self.tables[table_id].add(conn)

    def leave(self, conn: Connection) -> None:
        if conn.table_id is not None:
            group = self.tables.get(conn.table_id)
            if group is not None:
                group.discard(conn)
                if not group:
                    del self.tables[conn.table_id]

    async def event(self, event: dict[str, Any]) -> None:
        for conn in list(self.tables.get(event.get("table", ""), ())):
            conn.hear(event)

    def present(self, table_id: str) -> list[int]:
        """The seats with a connection open to this process (who is at the table is public)."""
        return sorted({c.seat for c in self.tables.get(table_id, ()) if c.seat is not None})

    def tell_presence(self, table_id: str, skip: Connection | None = None) -> None:
        """Tell the table's other connections who is here now (a seat came or went)."""
        message = {"type": "presence", "present": self.present(table_id)}
        for conn in list(self.tables.get(table_id, ())):
            if conn is not skip:
                conn.put(message)


class Connection:
    def __init__(self, server: Server, ws: WebSocket, address: str) -> None:
        self.server = server
        self.ws = ws
        self.address = address
        self.table_id: str | None = None
        self.seat: int | None = None
        self.sent_version = -1
        self.sent_status = ""
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(QUEUE)
        self.refresh_queued = False
        # The newest version an event announced: what the next catch-up must reach.
        self.heard = 0
        settings = server.settings
        self.bucket = Bucket(settings.message_rate, settings.message_burst)
        self.chat_bucket = Bucket(settings.chat_rate, settings.chat_burst)
        self.closed = False

    # -- outgoing -----------------------------------------------------------------------------

    def put(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            # A client that reads nothing must not make the server hold its news forever.
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait(CLOSE)

    def hear(self, event: dict[str, Any]) -> None:
        kind = event.get("kind")
        if kind == "version":
            self.heard = max(self.heard, event.get("version", 0))
        if kind in ("version", "table"):
            if not self.refresh_queued:
                self.refresh_queued = True
                self.put(REFRESH)
            if kind == "table":
                self.put({"table-meta": True})
        elif kind == "chat":
            self.put({"type": "chat", "message": event["message"]})
        elif kind == "rematch":
            self.put({"type": "rematch", "table": event["rematch"]})

    async def writer(self) -> None:
        while True:
            item = await self.queue.get()
            if item is CLOSE:
                await self.ws.close(1013, "the connection fell too far behind; reconnect")
                return
            try:
                text = await self.build(item)
            except Refused as exc:  # the table cannot be read (`unreadable`): say so, stay
                text = messages.encode(messages.error(exc.code, exc.message))
            except Exception:
                # A message that cannot be built is a bug; the client hears why it is closed
                # and reconnects to a table read again from the database.
                log.exception("building a message for table %s failed", self.table_id)
                if self.table_id is not None:
                    self.server.tables.forget(self.table_id)
                await self.ws.close(1011, "the server could not build this table's news; reconnect")
                return
            if text is not None:
                await self.ws.send_text(text)

    async def build(self, item: dict[str, Any]) -> str | None:
        """The text to send for one queued item (None: nothing to send)."""
        if item is REFRESH:
            self.refresh_queued = False
            return await self.catch_up()
        message: dict[str, Any] | None
        if item is SYNC:
            message = await self.build_sync()
        elif "comeback" in item:
            message = await self.build_comeback(item["comeback"])
        elif "table-meta" in item:
            live = await self.server.tables.get(self.table_id or "")
            message = None if live is None else messages.table(live)
        else:
            message = item
        return None if message is None else messages.encode(message)

    async def catch_up(self) -> str | None:
        """An update from what this connection was last sent to the table as it is (its
        text, which connections in the same place share: a table's spectators, two tabs)."""
        if self.table_id is None:
            return None
        live = await self.server.tables.fresh(self.table_id, self.heard)
        if live is None:
            return None
        async with live.lock:
            if live.version == self.sent_version and live.status == self.sent_status:
                return None
            text = messages.shared_update(live, self.seat, max(self.sent_version, 0))
            self.sent_version, self.sent_status = live.version, live.status
        return text

    def send_sync(self) -> None:
        self.put(SYNC)

    async def build_sync(self) -> dict[str, Any] | None:
        live = await self.server.tables.fresh(self.table_id or "")
        if live is None:
            return None
        chat = await self.server.recent_chat(live.id)
        async with live.lock:
            message = messages.sync(live, self.seat, chat)
            self.sent_version, self.sent_status = live.version, live.status
        return {**message, "present": self.server.hub.present(live.id)}

    async def build_comeback(self, since: int) -> dict[str, Any] | None:
        """For a client coming back: what it missed since its version, the table, the chat."""
        live = await self.server.tables.fresh(self.table_id or "")
        if live is None:
            return None
        chat = await self.server.recent_chat(live.id)
        async with live.lock:
            message = messages.update(live, self.seat, min(since, live.version))
            self.sent_version, self.sent_status = live.version, live.status
        return {
            **message,
            "table": live.meta(),
            "chat": chat,
            "present": self.server.hub.present(live.id),
        }

    def error(self, code: str, text: str, **extra: Any) -> None:
        self.put(messages.error(code, text, **extra))

    # -- incoming -----------------------------------------------------------------------------

    async def reader(self) -> None:
        settings = self.server.settings
        while True:
            raw = await self.ws.receive()
            if raw["type"] == "websocket.disconnect":
                return
            text = raw.get("text")
            # The rate limit first: every frame counts against it, a refused one too.
            if not self.bucket.take() or not self.server.address_buckets.take(self.address):
                # Every refused message is answered, so a client never waits for a reply
                # that will not come: it sends the message again after `retry_after`.
                wait = max(self.bucket.wait(), self.server.address_buckets.wait(self.address))
                self.error(
                    "rate_limited",
                    f"too many messages; this one was ignored: send it again in {wait:.2f} s",
                    retry_after=round(wait, 3),
                )
                continue
            if len(text if text is not None else raw.get("bytes") or b"") > settings.max_message:
                self.error("too_large", f"a message may hold {settings.max_message} characters")
                continue
            if text is None:
                self.error("bad_message", "send JSON text frames, not binary ones")
                continue
            try:
                message = parse_message(text)
            except BadMessage as exc:
                self.error("bad_message", str(exc))
                continue
            try:
                await self.handle(message)
            except Refused as exc:
                self.error(exc.code, exc.message)
            except Exception:
                log.exception("message %s failed", type(message).__name__)
                self.error("server_error", "the server could not handle this message")

    async def handle(self, message: Any) -> None:
        if isinstance(message, PingMessage):
            self.put({"type": "pong", "time": time.time()})
            return
        if isinstance(message, Hello):
            await self.hello(message)
            return
        if self.table_id is None:
            raise Refused("hello_first", "say hello first: which table, and your seat token")
        live = await self.server.tables.get(self.table_id)
        if live is None:
            raise Refused("no_table", "the table is gone")
        if isinstance(message, SyncMessage):
            self.send_sync()
        elif isinstance(message, ActionMessage):
            await self.act(live, message)
        elif isinstance(message, ChatMessage):
            await self.chat(live, message)
        elif isinstance(message, HandoverMessage):
            await self.handover(live, message)
        elif isinstance(message, TakebackMessage):
            seat = self.need_seat("take a seat back")
            if live.status != ACTIVE:
                raise Refused("not_active", "seats are taken back during a game")
            if live.seats[seat].kind != "human" or live.seats[seat].agent is None:
                raise Refused("not_handed", "your seat is not played by a bot")
            await self.server.tables.set_agent(live, seat, None)
        elif isinstance(message, LeaveMessage):
            await self.server.leave(live, self.need_seat("leave"))
        elif isinstance(message, RematchMessage):
            self.need_seat("ask for a rematch")
            await self.server.rematch(live)
        elif isinstance(message, ExportMessage):
            if live.status != OVER:
                raise Refused(
                    "not_over", "the record (with the seed) is given once the game is over"
                )
            self.put({"type": "export", "record": live.state.record().to_dict()})

    def need_seat(self, what: str) -> int:
        if self.seat is None:
            raise Refused("spectator", f"spectators can watch the table but not {what}")
        return self.seat

    async def hello(self, hello: Hello) -> None:
        if self.table_id is not None:
            raise Refused("already", "this connection already sits at a table")
        server = self.server
        account = await server.account_of_session(hello.session) if hello.session else None
        if hello.session and account is None:
            raise Refused("unknown_session", "that session is not known; log in again")
        seat: int | None = None
        table_id = hello.table
        if hello.token is not None:
            found = await server.seat_of_token(hello.token, hello.table)
            if found is None:
                raise Refused("unknown_token", "no seat has that token")
            table_id, seat = found
        if table_id is None:
            raise Refused("bad_message", "hello message: name a table, a seat token or both")
        live = await server.tables.fresh(table_id)
        if live is None:
            raise Refused("no_table", "there is no such table")
        name = hello.name if hello.name is not None else (account[1] if account else None)
        if name is not None and clean_name(name) is None:
            raise Refused("bad_message", "hello message: 'name' is not a name people can read")
        if (hello.version is not None and hello.version > live.version) or (
            hello.version is not None and live.status == WAITING
        ):
            hello = hello.model_copy(update={"version": None})
        if seat is not None and live.seats[seat].kind == "human":
            await server.tables.claim(
                live, seat, clean_name(name) if name else None, account[0] if account else None
            )
        # Seated only once everything above has worked: a refused hello leaves no trace. (The
        # sync below is built when it is sent, so nothing between the claim and here is missed.)
        self.table_id, self.seat = table_id, seat
        server.hub.join(self, table_id)
        if hello.version is None:
            self.send_sync()
        else:
            self.put({"comeback": hello.version})
        if seat is not None:
            server.hub.tell_presence(table_id, skip=self)

    async def act(self, live: LiveTable, message: ActionMessage) -> None:
        """Submit an action. A refused one is answered with the error (and the table's
        version) and then a `sync`, so the client redraws the table as it is."""
        try:
            seat = self.need_seat("act")
            if live.seats[seat].bot is not None and live.status == ACTIVE:
                raise Refused("handed", "a bot plays your seat now; take it back first")
            rule = live.spec.time_rule
            if rule is not None and message.action == rule[1]:
                raise Refused("clock_only", "only the table's clock sends a time-out")
            await self.server.tables.submit(live.id, seat, message.action, message.version)
        except Refused as exc:
            fresh = await self.server.tables.fresh(live.id)
            self.error(exc.code, exc.message, version=fresh.version if fresh else None)
            if fresh is not None:
                self.send_sync()

    async def chat(self, live: LiveTable, message: ChatMessage) -> None:
        seat = self.need_seat("write to the players' chat")
        settings = self.server.settings
        text = " ".join(message.text.split())
        if not text:
            raise Refused("bad_message", "a chat line needs some text")
        if len(text) > settings.chat_length:
            raise Refused("too_long", f"a chat line may hold {settings.chat_length} characters")
        if not self.chat_bucket.take():
            raise Refused("rate_limited", "too many chat lines; wait a little")
        name = live.seats[seat].name or live.spec.seat_name(seat)
        now = time.time()
        async with db.begin(self.server.engine) as conn:
            result = await conn.execute(
                insert(db.chat).values(table_id=live.id, seat=seat, name=name, text=text, at=now)
            )
            line_id = result.inserted_primary_key[0] if result.inserted_primary_key else None
        line = {"id": line_id, "seat": seat, "name": name, "text": text, "at": now}
        await self.server.fanout.publish({"kind": "chat", "table": live.id, "message": line})

    async def handover(self, live: LiveTable, message: HandoverMessage) -> None:
        seat = self.need_seat("hand a seat to a bot")
        if live.status != ACTIVE:
            raise Refused("not_active", "seats are handed to bots during a game")
        target = message.seat
        if type(target) is not int or not 0 <= target < live.players:
            raise Refused("bad_message", f"there is no seat {target} at this table")
        if target == seat:
            raise Refused("own_seat", "hand your own seat over by leaving the table")
        if live.seats[target].kind != "human" or live.seats[target].agent is not None:
            raise Refused("bot_seat", "a bot plays that seat already")
        settings = self.server.settings
        check_agent(message.agent, settings.bot_seconds, settings.bot_iterations)
        if self.server.present(live.id, target):
            raise Refused("present", "that seat's player is here; only an absent player's seat")
        await self.server.tables.set_agent(live, target, message.agent)


async def serve_connection(server: Server, ws: WebSocket) -> None:
    """One WebSocket from accept to close."""
    address = address_of(ws.scope)
    await ws.accept()
    if server.hub.addresses[address] >= server.settings.connections_per_address:
        await ws.send_text(
            messages.encode(messages.error("too_many_connections", "too many connections"))
        )
        await ws.close(1008, "too many connections from this address")
        return
    server.hub.addresses[address] += 1
    conn = Connection(server, ws, address)
    writer = asyncio.create_task(conn.writer())
    try:
        reader = asyncio.create_task(conn.reader())
        done, _ = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            if task.exception() is not None and not isinstance(
                task.exception(), WebSocketDisconnect
            ):
                log.error("connection failed", exc_info=task.exception())
        reader.cancel()
    finally:
        writer.cancel()
        server.hub.leave(conn)
        if conn.table_id is not None and conn.seat is not None:
            server.hub.tell_presence(conn.table_id)
        server.hub.addresses[address] -= 1
        if server.hub.addresses[address] <= 0:
            del server.hub.addresses[address]
        with contextlib.suppress(Exception):
            await ws.close()


async def chat_lines(server: Server, table_id: str, limit: int = 50) -> list[dict[str, Any]]:
    async with server.engine.connect() as conn:
        rows = (
            await conn.execute(
                select(db.chat)
                .where(db.chat.c.table_id == table_id)
                .order_by(db.chat.c.id.desc())
                .limit(limit)
            )
        ).all()
    return [
        {"id": r.id, "seat": r.seat, "name": r.name, "text": r.text, "at": r.at}
        for r in reversed(rows)
    ]


__all__ = ["Connection", "Hub", "chat_lines", "serve_connection"]
