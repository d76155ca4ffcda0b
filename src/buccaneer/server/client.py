"""A Python client of the table protocol: `buccaneer connect` and the test suite use it.

It plays one seat of a remote table with any agent. The agent gets a state rebuilt from the
seat's own view (`spec.from_view`), so it knows exactly what a person at that seat would, and
searches it as it would a local game. The client keeps the last version it saw and, when the
connection drops (a restart, a network blip), comes back with it and is told what it missed.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from buccaneer.agents.spec import parse_agent
from buccaneer.core import get_spec

Decide = Callable[[dict[str, Any], list[dict[str, Any]], random.Random], dict[str, Any]]


class ClientError(RuntimeError):
    """The server refused the connection for good (an unknown token, no such table)."""


@dataclass
class Target:
    """Where to connect: the WebSocket address, and the table and token if the link had them."""

    ws_url: str
    table: str | None = None
    token: str | None = None


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
    token = None
    for pair in parts.fragment.split("&"):
        key, _, value = pair.partition("=")
        if key == "token" and value:
            token = value
    return Target(urlunsplit((scheme, parts.netloc, "/ws", "", "")), table, token)


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
    ) -> None:
        target = parse_url(url)
        self.ws_url = target.ws_url
        self.table = target.table
        self.token = token or target.token
        self.decide = decide
        self.name = name
        self.rng = random.Random(secrets.randbits(64) if seed is None else seed)
        self.keep = keep_messages
        self.on_message = on_message
        self.give_up_after = give_up_after
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

    async def run(self) -> Outcome:
        """Play until the game is over, reconnecting as needed."""
        down_since: float | None = None
        while True:
            try:
                async with websockets.connect(
                    self.ws_url, max_size=2**22, open_timeout=10, ping_interval=20
                ) as ws:
                    down_since = None
                    hello: dict[str, Any] = {"type": "hello"}
                    if self.table:
                        hello["table"] = self.table
                    if self.token:
                        hello["token"] = self.token
                    if self.version >= 0:
                        hello["version"] = self.version
                    if self.name:
                        hello["name"] = self.name
                    await ws.send(json.dumps(hello))
                    async for raw in ws:
                        message = json.loads(raw)
                        if await self.handle(ws, message):
                            return self.finish()
                if self.failure is not None:
                    raise self.failure
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError):
                if self.failure is not None:
                    raise self.failure from None
                now = time.monotonic()
                down_since = down_since or now
                if now - down_since > self.give_up_after:
                    raise ClientError(f"the server at {self.ws_url} is unreachable") from None
                self.outcome.reconnects += 1
                # An action sent just before the drop may never have been committed: the
                # decision is ours again unless the update on our return says otherwise.
                self.acted_for = None
                if self.thinking is not None:
                    self.thinking.cancel()
                    self.thinking = None
                await asyncio.sleep(0.2)

    def finish(self) -> Outcome:
        self.outcome.version = self.version
        self.outcome.view = self.view
        self.outcome.seat = self.seat
        return self.outcome

    async def handle(self, ws: Any, message: dict[str, Any]) -> bool:
        """Take one message in; True when the game is over."""
        if self.keep:
            self.outcome.messages.append(message)
        if self.on_message is not None:
            self.on_message(message)
        kind = message.get("type")
        if kind == "error":
            self.outcome.errors.append(message)
            if message.get("code") in (
                "unknown_token",
                "seat_given_up",
                "no_table",
                "unknown_session",
            ):
                raise ClientError(message["message"])
            # A refused action: the sync that follows puts the decision to us again.
            self.acted_for = None
            return False
        if kind in ("sync", "update"):
            if "table" in message and isinstance(message["table"], dict):
                self.table = message["table"]["id"]
                self.outcome.table = self.table
                self.note_seats(message["table"])
            if kind == "sync":
                self.seat = message["seat"]
                self.outcome.log = []
            self.version = message["version"]
            self.view = message["view"]
            self.legal = message["legal"]
            self.asked = message.get("asked")
            self.outcome.log += [line["text"] for line in message["log"]]
            if self.view.get("over"):
                return True
            self.maybe_act(ws)
        elif kind == "table":
            self.note_seats(message["table"])
        return False

    def note_seats(self, table: dict[str, Any]) -> None:
        if self.seat is not None and self.seat < len(table["seats"]):
            self.handed = table["seats"][self.seat]["agent"] is not None

    def maybe_act(self, ws: Any) -> None:
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
        self.thinking = asyncio.create_task(self.act(ws, self.version, self.view, self.legal))

    async def act(
        self, ws: Any, version: int, view: dict[str, Any], legal: list[dict[str, Any]]
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
        try:
            await ws.send(json.dumps({"type": "action", "version": version, "action": action}))
        except ConnectionClosed:
            return


async def play(url: str, token: str | None, agent: str, **kwargs: Any) -> Outcome:
    return await SeatClient(url, token, agent_decider(agent), **kwargs).run()


__all__ = ["ClientError", "Outcome", "SeatClient", "Target", "agent_decider", "parse_url", "play"]
