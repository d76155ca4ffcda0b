"""Telling every process that a table changed, so each can update its own connections.

An event says *that* something happened ("table T is at version v", "seats changed", a chat
line everyone at the table may read); each connection then builds its own message from its
own seat's view. A "version" event also carries the stored move that made it (hidden choices
included, like the database), so that a process one version behind need not read the
database; that part is the table masters' (`Masters.heard`) and never reaches a
client. In one process the events go straight to the local listeners; with `--redis-url` they
go through Redis pub/sub, so workers and hosts sharing one database all hear every table's
events.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from redis import asyncio as aioredis

log = logging.getLogger("buccaneer.server")

Listener = Callable[[dict[str, Any]], Awaitable[None]]
CHANNEL = "buccaneer:tables"


class Fanout:
    """In-process delivery: `publish` calls every listener of this process."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []

    def listen(self, listener: Listener) -> None:
        self.listeners.append(listener)

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def publish(self, event: dict[str, Any]) -> None:
        await self.deliver(event)

    async def ping(self) -> None:
        """Raise when the fanout's broker cannot be reached (the readiness check)."""

    async def deliver(self, event: dict[str, Any]) -> None:
        for listener in self.listeners:
            try:
                await listener(event)
            except Exception:  # one broken listener must not starve the others
                log.exception("fanout listener failed on %s", event.get("kind"))


class RedisFanout(Fanout):
    """Delivery through one Redis channel; every process (this one too) hears every event."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    async def start(self) -> None:
        self.redis = aioredis.from_url(self.url)
        await self.redis.ping()  # a wrong URL fails the start, not the first move
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self.run())

    async def run(self) -> None:
        while True:
            try:
                message = await self.pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis fanout: reconnecting")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                event = json.loads(message["data"])
            except ValueError:
                continue
            await self.deliver(event)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
            await self.redis.aclose()

    async def publish(self, event: dict[str, Any]) -> None:
        await self.redis.publish(CHANNEL, json.dumps(event))

    async def ping(self) -> None:
        await self.redis.ping()
