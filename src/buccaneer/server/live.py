"""Live play over WebSocket: one `Connection` per socket, and the hub that tells them news.

A connection says hello (a table, a seat token or none for a spectator, the last version it
saw), then sends actions, chat and table requests. It is an adapter over the table's master
(`master.py`): it parses a message, calls one command and sends the answer, and holds no
rule of its own beyond what a socket needs (who this connection is, its rate limits, its
queue). Every message it receives is built for its seat when it is sent (`messages.py`);
news from the fanout only marks a connection as behind, and its one writer task catches it
up, so a burst of moves costs one update, and no message is ever interleaved with another.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from buccaneer.server import messages, metrics
from buccaneer.server.auth import person_name
from buccaneer.server.limits import Bucket, Buckets
from buccaneer.server.limits import address as address_of
from buccaneer.server.master import Masters, TableMaster
from buccaneer.server.presence import Presence
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
from buccaneer.server.settings import Settings
from buccaneer.server.storage import WAITING
from buccaneer.server.tables import LiveTable, Refused

log = logging.getLogger("buccaneer.server")

# Markers in a connection's queue for messages built when they are sent, from the table as it
# is then: a message built earlier could reach the client after a newer one and undo it.
REFRESH: dict[str, Any] = {"refresh": True}
SYNC: dict[str, Any] = {"sync": True}
CLOSE: dict[str, Any] = {"close": True}
QUEUE = 256
# Chat lines a sync or a comeback carries.
CHAT_LINES = 50


class Hub:
    """This process's connections, by table, and who is at each table on every process
    (`presence.py`)."""

    def __init__(self, presence: Presence | None = None) -> None:
        self.tables: dict[str, set[Connection]] = defaultdict(set)
        self.addresses: dict[str, int] = defaultdict(int)
        self.presence = presence or Presence()

    def join(self, conn: Connection, table_id: str) -> None:
        self.tables[table_id].add(conn)
        if conn.seat is not None:
            self.presence.arrived(table_id, conn.seat)

    async def leave(self, conn: Connection) -> None:
        table_id = conn.table_id
        group = self.tables.get(table_id or "")
        if table_id is None or group is None or conn not in group:
            return
        # The bookkeeping first, in one go: other connections come and go during the awaits.
        group.discard(conn)
        if not group:
            del self.tables[table_id]
        if conn.seat is not None and self.presence.left(table_id, conn.seat):
            await self.presence.changed(table_id)
        if table_id not in self.tables:
            self.presence.forget(table_id)

    async def event(self, event: dict[str, Any]) -> None:
        if event.get("kind") == "mutes":
            # Whom an account mutes now (any process may have stored it): its connections
            # here leave those accounts' chat out from now on.
            for group in self.tables.values():
                for conn in group:
                    if conn.account is not None and conn.account == event.get("account"):
                        conn.muted = frozenset(event.get("muted", ()))
            return
        if event.get("kind") == "presence":
            # Another process's seats at a table changed: those of its connections here hear
            # who is at the table now.
            table_id = str(event.get("table", ""))
            if table_id in self.tables and self.presence.heard(event):
                await self.presence.refresh(table_id)
                self.tell_presence(table_id)
            return
        for conn in list(self.tables.get(event.get("table", ""), ())):
            conn.hear(event)

    def present(self, table_id: str) -> list[int]:
        """The seats with a connection open to any process (who is at the table is public)."""
        return self.presence.seats(table_id)

    def tell_presence(self, table_id: str, skip: Connection | None = None) -> None:
        """Tell the table's other connections who is here now (a seat came or went)."""
        message = {"type": "presence", "present": self.present(table_id)}
        for conn in list(self.tables.get(table_id, ())):
            if conn is not skip:
                conn.put(message)


@dataclass(frozen=True)
class Process:
    """What a connection uses of its server process."""

    masters: Masters
    hub: Hub
    settings: Settings
    address_buckets: Buckets


class Connection:
    def __init__(self, server: Process, ws: WebSocket, address: str) -> None:
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
        # The account this connection speaks for (its hello's session, else its seat's), and
        # the accounts it has muted: their chat lines are left out of what it is sent.
        self.account: int | None = None
        self.muted: frozenset[int] = frozenset()

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
            if event.get("account") is None or event.get("account") not in self.muted:
                self.put({"type": "chat", "message": event["message"]})
        elif kind == "votes":
            self.put(
                {
                    "type": "votes",
                    **{k: event[k] for k in ("seat", "voters", "needed", "of") if k in event},
                }
            )
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
                metrics.errors.labels(exc.code).inc()
                text = messages.encode(messages.error(exc.code, exc.message))
            except Exception:
                # A message that cannot be built is a bug; the client hears why it is closed
                # and reconnects to a table read again from the database.
                log.exception("building a message for table %s failed", self.table_id)
                if self.table_id is not None:
                    self.server.masters.forget(self.table_id)
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
            master = await self.server.masters.get(self.table_id or "")
            message = None if master is None else messages.table(master.live)
        else:
            message = item
        return None if message is None else messages.encode(message)

    async def catch_up(self) -> str | None:
        """An update from what this connection was last sent to the table as it is (its
        text, which connections in the same place share: a table's spectators, two tabs)."""
        if self.table_id is None:
            return None
        master = await self.server.masters.fresh(self.table_id, self.heard)
        if master is None:
            return None

        def build(live: LiveTable) -> str | None:
            if live.version == self.sent_version and live.status == self.sent_status:
                return None
            text = messages.shared_update(live, self.seat, max(self.sent_version, 0))
            self.sent_version, self.sent_status = live.version, live.status
            return text

        return await master.read(build)

    def send_sync(self) -> None:
        self.put(SYNC)

    async def build_sync(self) -> dict[str, Any] | None:
        master = await self.server.masters.fresh(self.table_id or "")
        if master is None:
            return None
        chat = await self.recent_chat(master.id)
        votes = await self.server.masters.moderation.tallies(master.live)

        def build(live: LiveTable) -> dict[str, Any]:
            self.sent_version, self.sent_status = live.version, live.status
            return messages.sync(live, self.seat, self.unmuted(live, chat))

        message = await master.read(build)
        return {**message, "present": self.server.hub.present(master.id), "votes": votes}

    async def build_comeback(self, since: int) -> dict[str, Any] | None:
        """For a client coming back: what it missed since its version, the table, the chat."""
        master = await self.server.masters.fresh(self.table_id or "")
        if master is None:
            return None
        chat = await self.recent_chat(master.id)
        votes = await self.server.masters.moderation.tallies(master.live)

        def build(live: LiveTable) -> dict[str, Any]:
            self.sent_version, self.sent_status = live.version, live.status
            return {
                **messages.update(live, self.seat, min(since, live.version)),
                "table": live.meta(),
                "chat": self.unmuted(live, chat),
            }

        message = await master.read(build)
        return {**message, "present": self.server.hub.present(master.id), "votes": votes}

    async def recent_chat(self, table_id: str) -> list[dict[str, Any]]:
        return await self.server.masters.repository.chat_lines(table_id, CHAT_LINES)

    def unmuted(self, live: LiveTable, chat: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The chat lines whose speaker (the account at the line's seat) this connection has
        not muted."""
        if not self.muted:
            return chat
        accounts = [s.account_id for s in live.seats]
        return [
            line
            for line in chat
            if not 0 <= line["seat"] < len(accounts) or accounts[line["seat"]] not in self.muted
        ]

    def error(self, code: str, text: str, **extra: Any) -> None:
        metrics.errors.labels(code).inc()
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
        master = await self.server.masters.get(self.table_id)
        if master is None:
            raise Refused("no_table", "the table is gone")
        if isinstance(message, SyncMessage):
            self.send_sync()
        elif isinstance(message, ActionMessage):
            await self.act(master, message)
        elif isinstance(message, ChatMessage):
            seat = self.need_seat("write to the players' chat")
            await master.chat(seat, message.text, self.chat_bucket.take)
        elif isinstance(message, HandoverMessage):
            seat = self.need_seat("hand a seat to a bot")
            # Whether the seat's player is at the table, on any process, asked now.
            here = isinstance(message.seat, int) and await self.server.hub.presence.here(
                master.id, message.seat
            )
            await master.hand_over(seat, message.seat, message.agent, here)
        elif isinstance(message, TakebackMessage):
            await master.take_back(self.need_seat("take a seat back"))
        elif isinstance(message, LeaveMessage):
            await master.leave(self.need_seat("leave"))
        elif isinstance(message, RematchMessage):
            self.need_seat("ask for a rematch")
            await master.rematch()
        elif isinstance(message, ExportMessage):
            self.put({"type": "export", "record": master.record()})

    def need_seat(self, what: str) -> int:
        if self.seat is None:
            raise Refused("spectator", f"spectators can watch the table but not {what}")
        return self.seat

    async def hello(self, hello: Hello) -> None:
        if self.table_id is not None:
            raise Refused("already", "this connection already sits at a table")
        server = self.server
        masters = server.masters
        account = await masters.account_of_session(hello.session) if hello.session else None
        if hello.session and account is None and hello.token is None:
            # With a seat token the token is the authority: a page's stale session (logged
            # out, banned, a restored database) is dropped rather than refusing the seat.
            raise Refused("unknown_session", "that session is not known; log in again")
        seat: int | None = None
        table_id = hello.table
        if hello.token is not None:
            found = await masters.seat_of_token(hello.token, hello.table)
            if found is None:
                raise await masters.why_no_seat(hello.token, hello.table)
            table_id, seat = found
        if table_id is None:
            raise Refused("bad_message", "hello message: name a table, a seat token or both")
        master = await masters.fresh(table_id)
        if master is None:
            raise Refused("no_table", "there is no such table")
        live = master.live
        if seat is None and account is not None:
            # A session without a token takes the seat where its account sits, if any
            # ("my tables" opens seats this way); else the connection watches.
            seat = live.seat_of_account(account[0])
        name = hello.name if hello.name is not None else (account[1] if account else None)
        if name is not None and person_name(name) is None:
            raise Refused("bad_message", "hello message: 'name' is not a name people can read")
        if (hello.version is not None and hello.version > live.version) or (
            hello.version is not None and live.status == WAITING
        ):
            hello = hello.model_copy(update={"version": None})
        if seat is not None and live.seats[seat].kind == "human":
            await master.claim(
                seat,
                person_name(name) if name else None,
                account[0] if account else None,
                hello.key,
            )
        # Seated only once everything above has worked: a refused hello leaves no trace. (The
        # sync below is built when it is sent, so nothing between the claim and here is missed.)
        # A seated connection speaks for its seat's account, whatever session came with it.
        self.account = account[0] if account else None
        if seat is not None and live.seats[seat].account_id is not None:
            self.account = live.seats[seat].account_id
        if self.account is not None:
            muted = await masters.moderation.repository.muted_by(self.account)
            self.muted = frozenset(i for i, _name in muted)
        self.table_id, self.seat = table_id, seat
        # Who is here on other processes is read before the first message is built; the
        # connection joins without an await between it and that message, so that no news
        # reaches it before the message it builds on.
        await server.hub.presence.watch(table_id)
        server.hub.join(self, table_id)
        if hello.version is None:
            self.send_sync()
        else:
            self.put({"comeback": hello.version})
        if seat is not None:
            server.hub.tell_presence(table_id, skip=self)
            await server.hub.presence.changed(table_id)

    async def act(self, master: TableMaster, message: ActionMessage) -> None:
        """Submit an action. A refused one is answered with the error (and the table's
        version) and then a `sync`, so the client redraws the table as it is."""
        try:
            seat = self.need_seat("act")
            await master.act(seat, message.action, message.version)
        except Refused as exc:
            fresh = await self.server.masters.fresh(master.id)
            self.error(exc.code, exc.message, version=fresh.live.version if fresh else None)
            if fresh is not None:
                self.send_sync()


async def serve_connection(server: Process, ws: WebSocket) -> None:
    """One WebSocket from accept to close."""
    address = address_of(ws.scope)
    await ws.accept()
    if server.hub.addresses[address] >= server.settings.connections_per_address:
        metrics.errors.labels("too_many_connections").inc()
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
        server.hub.addresses[address] -= 1
        if server.hub.addresses[address] <= 0:
            del server.hub.addresses[address]
        await server.hub.leave(conn)
        if conn.table_id is not None and conn.seat is not None:
            server.hub.tell_presence(conn.table_id)
        with contextlib.suppress(Exception):
            await ws.close()


__all__ = ["Connection", "Hub", "Process", "serve_connection"]
