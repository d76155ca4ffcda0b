"""A bare WebSocket client for protocol tests: send dicts, wait for a message of a type."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets


class Ws:
    def __init__(self, base_url: str) -> None:
        self.url = base_url.replace("http", "ws", 1) + "/ws"
        self.seen: list[dict[str, Any]] = []
        self.conn: Any = None

    async def __aenter__(self) -> Ws:
        self.conn = await websockets.connect(self.url, max_size=1 << 22)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.conn.close()

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.conn.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, *types: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next message of one of `types` (any type when none is given)."""
        while True:
            raw = await asyncio.wait_for(self.conn.recv(), timeout)
            message: dict[str, Any] = json.loads(raw)
            self.seen.append(message)
            if not types or message.get("type") in types:
                return message

    async def quiet(self, seconds: float = 0.3) -> list[dict[str, Any]]:
        """Every message that arrives within `seconds`."""
        got = []
        try:
            while True:
                got.append(await self.recv(timeout=seconds))
        except TimeoutError:
            return got

    async def hello(self, **fields: Any) -> dict[str, Any]:
        await self.send({"type": "hello", **fields})
        return await self.recv("sync", "update", "error")

    def last(self) -> dict[str, Any] | None:
        """The newest sync or update seen so far."""
        for message in reversed(self.seen):
            if message.get("type") in ("sync", "update"):
                return dict(message)
        return None

    async def until(self, predicate: Any, timeout: float = 20.0) -> dict[str, Any]:
        """The first sync/update message for which `predicate(message)` holds (the newest one
        already seen counts)."""
        last = self.last()
        if last is not None and predicate(last):
            return last
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            message = await self.recv("sync", "update", timeout=max(0.05, end - loop.time()))
            if predicate(message):
                return message
