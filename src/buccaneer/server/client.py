"""A Python client of the table protocol: `buccaneer connect` and the test suite use it.

It plays one seat of a remote table with any agent. The agent gets a state rebuilt from the
seat's own view (`spec.from_view`), so it knows exactly what a person at that seat would, and
searches it as it would a local game. The client keeps the last version it saw and, when the
connection drops (a restart, a network blip), comes back with it and is told what it missed.

Every message the server refuses is answered (docs/server.md, "Server to client": every
message gets an answer), but only a refused action's answer is followed by a `sync`; after
any other refusal nothing
comes, so waiting for the table would wait forever. The client therefore keeps one message
outstanding at a time (the hello, an action, or a `sync` it asked for), which tells it what
each refusal refused: a message the rate limit refused is sent again after the `retry_after`
the server gave (an action only while it still answers the question on the table, else the
agent decides again), and after any other refusal it asks for the table again, after a
back-off. Only the server's own words (`PERMANENT`) stop it for good.

It imports nothing of the server but this module, so that `buccaneer connect` needs only the
package's core (the server's stack is the `server` extra). Reconnecting is websockets' own
loop (`async for ws in connect(...)`), with this module's jittered exponential back-off as its
delays (`reconnect_delays`, websockets 17.0 and later).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import secrets
import time
from collections.abc import AsyncGenerator, Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit, urlunsplit

from platformdirs import user_data_dir
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

try:  # where newer websockets keep it; 17.0 has it in websockets.asyncio.client only
    from websockets.client import process_exception
except ImportError:  # pragma: no cover - websockets 17.0 (the floor, scripts/floors.py)
    from websockets.asyncio.client import (  # type: ignore[attr-defined,no-redef,unused-ignore]
        process_exception,
    )

from buccaneer.agents.spec import parse_agent
from buccaneer.core import get_spec

Decide = Callable[[dict[str, Any], list[dict[str, Any]], random.Random], dict[str, Any]]

# Refusals that saying the same thing again, on this connection or another, cannot cure.
PERMANENT = frozenset(
    {"unknown_token", "seat_given_up", "seat_taken", "no_table", "unknown_session"}
)
# Refusals of a hello that are about the hello itself (its shape, its name): as permanent.
BAD_HELLO = frozenset({"bad_message", "too_large"})
# The server rounds `retry_after` to the millisecond; half a millisecond more is never early.
ROUNDING = 0.0005


class ClientError(RuntimeError):
    """The server refused the connection for good (an unknown token, no such table), or could
    not be reached for longer than the client waits."""


class ComeBack(Exception):
    """This connection cannot seat us (its hello was refused by a fault, not for good): close
    it and come back on another, after a back-off."""


def device_key(folder: Path | None = None) -> str:
    """This machine's device key (docs/server.md, "Seat owners"), made once and kept in the
    user's data directory, readable by the user alone, as a browser keeps its own: a seat that
    `connect` claimed opens again to a later `connect` on this machine, and to nobody else who
    holds the link. Where nothing can be kept (a read-only home), a key for this run."""
    path = (folder or Path(user_data_dir("buccaneer"))) / "device-key"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileExistsError):
            # Exclusive: of two runs starting at once, one writes the key and both read it.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_urlsafe(24))
        key = path.read_text().strip()
    except OSError:
        return secrets.token_urlsafe(24)
    return key or secrets.token_urlsafe(24)


@dataclass
class Target:
    """Where to connect: the WebSocket address, and the table, token and device key if the
    link had them (a "Continue on another device" link carries the key)."""

    ws_url: str
    table: str | None = None
    token: str | None = None
    key: str | None = None


def parse_url(url: str) -> Target:
    """An invite link (`http://host/tables/ID#token=T`), a spectator link, a server address
    (`http://host:8000`) or the WebSocket address itself (`ws://host:8000/ws`)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.netloc:
        raise ClientError(f"not a server address or table link: {url!r}")
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    table = None
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) >= 2 and segments[-2] == "tables":
        table = segments[-1]
    fragment = dict(pair.partition("=")[::2] for pair in parts.fragment.split("&"))
    return Target(
        urlunsplit((scheme, parts.netloc, "/ws", "", "")),
        table,
        fragment.get("token") or None,
        fragment.get("key") or None,
    )


def agent_decider(agent_text: str) -> Decide:
    """A decision function from an agent named as on the command line (`ismcts:time=1`)."""
    spec = parse_agent(agent_text)
    if spec.is_human:
        raise ClientError("a person plays with a browser or the terminal menu, not an agent")
    agent = spec.make()

    def decide(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> Any:
        game = get_spec(view["game"])
        if game.from_view is None:
            raise ClientError(f"{game.title} cannot be rebuilt from a view for a remote agent")
        seat = view["seat"]
        world = game.from_view(view, rng)
        return agent.act(world, seat, rng).to_json()

    return decide


@dataclass
class Outcome:
    table: str | None
    seat: int | None
    version: int
    view: dict[str, Any]
    log: list[str] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    off_list: int = 0  # actions an agent chose that the server did not offer
    reconnects: int = 0
    messages: list[dict[str, Any]] = field(default_factory=list)
    resent: int = 0  # messages sent again after the rate limit refused them


@dataclass
class Backoff:
    """Jittered exponential back-off: the n-th wait in a row is between half and all of
    `first * factor**n`, and at most `cap`. Growing, so a server that is down is not hammered;
    jittered, so the clients of a server that restarts do not all come back in the same
    instant; never below half, so no wait is ever next to nothing. (The defaults are the
    browser client's: 0.3 s, doubling, 5 s at most.)"""

    first: float = 0.3
    cap: float = 5.0
    factor: float = 2.0
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    tries: int = 0

    def next(self) -> float:
        nominal = min(self.cap, self.first * self.factor**self.tries)
        if nominal < self.cap:
            self.tries += 1
        return nominal * (0.5 + 0.5 * self.rng.random())

    def reset(self) -> None:
        self.tries = 0


@dataclass(eq=False)
class Sent:
    """A message sent and not answered yet; for an action, the decision (`asked`) it answers.
    Compared by identity: a resend is a new `Sent`."""

    message: dict[str, Any]
    asked: int | None = None

    @property
    def kind(self) -> str:
        return str(self.message["type"])


class SeatClient:
    """One seat (or a spectator, with no token) at one remote table."""

    def __init__(
        self,
        url: str,
        token: str | None = None,
        decide: Decide | None = None,
        *,
        name: str | None = None,
        seed: int | None = None,
        keep_messages: bool = False,
        on_message: Callable[[dict[str, Any]], None] | None = None,
        give_up_after: float = 60.0,
        backoff: Backoff | None = None,
    ) -> None:
        target = parse_url(url)
        self.ws_url = target.ws_url
        self.table = target.table
        self.token = token or target.token
        # The device's key (docs/server.md, "Seat owners"): the first hello claims the seat for
        # it, and every later one brings it, so nobody else holding the link can act for the
        # seat. A "Continue on another device" link brings the first device's key.
        self.key = target.key or device_key()
        self.decide = decide
        self.name = name
        self.rng = random.Random(secrets.randbits(64) if seed is None else seed)
        self.keep = keep_messages
        self.on_message = on_message
        self.give_up_after = give_up_after
        self.backoff = Backoff() if backoff is None else backoff
        self.version = -1
        self.view: dict[str, Any] = {}
        self.legal: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.outcome = Outcome(None, None, -1, {})
        self.thinking: asyncio.Task[None] | None = None
        self.asked: int | None = None
        self.acted_for: int | None = None
        self.handed = False
        self.failure: Exception | None = None
        # The message waiting for its answer, and the one send scheduled for later (a resend
        # after `retry_after`, or a `sync` asked for after a refusal).
        self.pending: Sent | None = None
        self.retry: asyncio.Task[None] | None = None
        # Since when the table has not been heard from (None: it was, on this connection),
        # and whether this connection has brought any news of it.
        self.down_since: float | None = None
        self.heard = False
        self.last_refusal: str | None = None

    # -- connections ----------------------------------------------------------------------------

    async def run(self) -> Outcome:
        """Play until the game is over, coming back after every drop."""
        connections = connect(
            self.ws_url,
            max_size=2**22,
            open_timeout=10,
            ping_interval=20,
            process_exception=self.failed_attempt,
            reconnect_delays=self.delays,
        )
        # Closed however the loop ends, so no socket outlives the game (or the error).
        stream = cast(AsyncGenerator[ClientConnection, None], aiter(connections))
        async with contextlib.aclosing(stream):
            async for ws in stream:
                if await self.session(ws):
                    return self.finish()
                if self.failure is not None:
                    raise self.failure
                await self.dropped()
        raise AssertionError("unreachable: websockets' loop ends only by raising")

    async def session(self, ws: ClientConnection) -> bool:
        """One connection, from the hello to its end; True when the game is over."""
        self.heard = False
        try:
            await self.send(ws, Sent(self.hello()))
            async for raw in ws:
                if self.handle(ws, json.loads(raw)):
                    return True
        except ConnectionClosed:
            pass
        except ComeBack:
            await ws.close()
        finally:
            self.stop_tasks()
        return False

    def hello(self) -> dict[str, Any]:
        hello: dict[str, Any] = {"type": "hello"}
        if self.table:
            hello["table"] = self.table
        if self.token:
            hello["token"] = self.token
            hello["key"] = self.key
        if self.version >= 0:
            hello["version"] = self.version
        if self.name:
            hello["name"] = self.name
        return hello

    def stop_tasks(self) -> None:
        """What belonged to a connection ends with it: the thinking, the scheduled send."""
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None
        self.cancel_retry()
        self.pending = None

    async def dropped(self) -> None:
        """The connection ended before the game did. An action sent just before the drop may
        never have been committed, so the decision is ours again unless the update on our
        return says otherwise. A connection that brought no news of the table (the server
        closed it at once: too many connections, a table it cannot read) is waited after as
        a failed attempt is, or coming back would be a busy loop."""
        self.outcome.reconnects += 1
        self.acted_for = None
        now = time.monotonic()
        if self.heard or self.down_since is None:
            self.down_since = now
        gone = self.gone(now, "it closed the connection")
        if gone is not None:
            raise gone
        if not self.heard:
            await asyncio.sleep(self.delay())

    def failed_attempt(self, exc: Exception) -> Exception | None:
        """websockets' loop asks this after each attempt to connect that failed: None to try
        again after the next delay, else the error to stop with. Its own judgement decides
        what may pass (a refused or lost connection, a 5xx) and what cannot (a 404: not a
        buccaneer server there); on top of it, the client gives up once the server has been
        away for `give_up_after` seconds."""
        if process_exception(exc) is not None:
            return ClientError(f"the server at {self.ws_url} refused the connection: {exc}")
        now = time.monotonic()
        if self.down_since is None:
            self.down_since = now
        return self.gone(now, str(exc) or type(exc).__name__)

    def gone(self, now: float, why: str) -> ClientError | None:
        """The error to stop with once the table has not been heard from for too long."""
        if self.down_since is None or now - self.down_since < self.give_up_after:
            return None
        last = f"; the last refusal: {self.last_refusal}" if self.last_refusal else ""
        return ClientError(
            f"the server at {self.ws_url} is unreachable: no news of the table for "
            f"{self.give_up_after:g} s ({why}{last})"
        )

    def delays(self) -> Generator[float, None, None]:
        """The waits between attempts to connect, for websockets' loop."""
        while True:
            yield self.delay()

    def delay(self) -> float:
        """The next back-off wait, cut short so that the last attempt falls when the client
        gives up rather than up to a whole wait after."""
        wait = self.backoff.next()
        if self.down_since is not None:
            left = self.down_since + self.give_up_after - time.monotonic()
            wait = min(wait, max(0.0, left))
        return wait

    def finish(self) -> Outcome:
        self.outcome.version = self.version
        self.outcome.view = self.view
        self.outcome.seat = self.seat
        return self.outcome

    # -- incoming -------------------------------------------------------------------------------

    def handle(self, ws: ClientConnection, message: dict[str, Any]) -> bool:
        """Take one message in; True when the game is over."""
        if self.keep:
            self.outcome.messages.append(message)
        if self.on_message is not None:
            self.on_message(message)
        kind = message.get("type")
        if kind == "error":
            self.refused(ws, message)
        elif kind in ("sync", "update"):
            return self.news(ws, message)
        elif kind == "table":
            self.note_seats(message["table"])
        return False

    def news(self, ws: ClientConnection, message: dict[str, Any]) -> bool:
        """A sync or an update: the table as it is now; True when the game is over."""
        if "table" in message and isinstance(message["table"], dict):
            self.table = message["table"]["id"]
            self.outcome.table = self.table
            self.note_seats(message["table"])
        if message["type"] == "sync":
            self.seat = message["seat"]
            self.outcome.log = []
        self.version = message["version"]
        self.view = message["view"]
        self.legal = message["legal"]
        self.asked = message.get("asked")
        self.outcome.log += [line["text"] for line in message["log"]]
        self.heard = True
        self.down_since = None
        self.backoff.reset()
        # News answers a hello or a sync asked for; an action only once the decision it
        # answered is over (accepted, or put again by a sync after its refusal). Others'
        # choices in a simultaneous decision leave `asked`, and the action waiting, alone.
        pending = self.pending
        if pending is not None and (pending.kind != "action" or pending.asked != self.asked):
            self.pending = None
        if self.view.get("over"):
            return True
        self.maybe_act(ws)
        return False

    def refused(self, ws: ClientConnection, error: dict[str, Any]) -> None:
        """A refusal of the message waiting for its answer: stop for good, send it again once
        the rate limit allows, or (when no sync follows) ask for the table again."""
        self.outcome.errors.append(error)
        self.last_refusal = str(error.get("message", error.get("code")))
        code = error.get("code")
        sent = self.pending
        if code in PERMANENT or (sent is not None and sent.kind == "hello" and code in BAD_HELLO):
            raise ClientError(str(error.get("message", code)))
        if code == "rate_limited":
            if sent is not None:  # else what it refused has been answered since
                self.later(ws, self.retry_after(error), sent)
            return
        self.pending = None
        if sent is not None and sent.kind == "action":
            self.acted_for = None
        if error.get("version") is not None:
            return  # a refused action: the sync that follows puts the decision to us again
        if sent is not None and sent.kind == "hello":
            raise ComeBack  # not seated (a server fault): another connection may be let in
        self.later(ws, self.delay(), Sent({"type": "sync"}))

    def retry_after(self, error: dict[str, Any]) -> float:
        """How long the rate limit wants us to wait (a back-off where it does not say)."""
        given = error.get("retry_after")
        if isinstance(given, int | float) and given >= 0:
            return float(given) + ROUNDING
        return self.delay()

    def note_seats(self, table: dict[str, Any]) -> None:
        if self.seat is not None and self.seat < len(table["seats"]):
            self.handed = table["seats"][self.seat]["agent"] is not None

    # -- outgoing -------------------------------------------------------------------------------

    async def send(self, ws: ClientConnection, sent: Sent) -> None:
        """Send `sent` as the message waiting for its answer; a send scheduled for later is
        dropped, since whatever it was for is overtaken by this."""
        self.cancel_retry()
        self.pending = sent
        await ws.send(json.dumps(sent.message))

    def later(self, ws: ClientConnection, wait: float, sent: Sent) -> None:
        self.cancel_retry()
        self.retry = asyncio.create_task(self.send_again(ws, wait, sent))

    def cancel_retry(self) -> None:
        if self.retry is not None:
            self.retry.cancel()
            self.retry = None

    async def send_again(self, ws: ClientConnection, wait: float, sent: Sent) -> None:
        """After `wait`: `sent` again. A refused action goes again only while it answers the
        decision on the table and is still offered (the version may have moved on in a
        simultaneous decision: it goes with the newest); otherwise the agent decides again."""
        await asyncio.sleep(wait)
        self.retry = None
        again = self.pending is sent  # else a sync asked for after a refusal
        if sent.kind == "action":
            if self.pending is not sent:
                return  # answered meanwhile: the decision it was for is over
            offered = [choice["action"] for choice in self.legal]
            if self.handed or self.asked != sent.asked or sent.message["action"] not in offered:
                self.pending = None
                self.acted_for = None
                self.maybe_act(ws)
                return
            sent = Sent({**sent.message, "version": self.version}, sent.asked)
        self.outcome.resent += again
        with contextlib.suppress(ConnectionClosed):
            await self.send(ws, sent)

    def maybe_act(self, ws: ClientConnection) -> None:
        if (
            self.decide is None
            or self.seat is None
            or self.handed
            or not self.legal
            or self.asked is None
            or self.acted_for == self.asked
            or (self.thinking is not None and not self.thinking.done())
        ):
            return
        # One action per decision: updates from others' simultaneous choices keep `asked`.
        self.acted_for = self.asked
        self.thinking = asyncio.create_task(
            self.act(ws, self.version, self.view, self.legal, self.asked)
        )

    async def act(
        self,
        ws: ClientConnection,
        version: int,
        view: dict[str, Any],
        legal: list[dict[str, Any]],
        asked: int,
    ) -> None:
        assert self.decide is not None
        rng = random.Random(self.rng.getrandbits(64))
        try:
            action = await asyncio.to_thread(self.decide, view, legal, rng)
        except Exception as exc:
            # The agent (or the person) cannot go on: stop the client with its reason.
            self.failure = exc
            await ws.close()
            return
        if action not in [choice["action"] for choice in legal]:
            self.outcome.off_list += 1
        message = {"type": "action", "version": version, "action": action}
        with contextlib.suppress(ConnectionClosed):
            await self.send(ws, Sent(message, asked))


async def play(url: str, token: str | None, agent: str, **kwargs: Any) -> Outcome:
    return await SeatClient(url, token, agent_decider(agent), **kwargs).run()


__all__ = [
    "Backoff",
    "ClientError",
    "Outcome",
    "SeatClient",
    "Target",
    "agent_decider",
    "parse_url",
    "play",
]
