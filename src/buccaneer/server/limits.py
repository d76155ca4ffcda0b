"""Rate and size limits: per connection, per address, per request body.

A token bucket per key: `rate` tokens a second up to `burst`; each message or request takes
one. Buckets of addresses gone quiet are dropped so the maps stay small.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass
class Bucket:
    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = 0.0

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        if self.tokens < 0:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def full(self, now: float) -> bool:
        """Whether the bucket holds its whole burst again (or was never used)."""
        return self.tokens < 0 or self.tokens + (now - self.stamp) * self.rate >= self.burst

    def wait(self, now: float | None = None) -> float:
        """Seconds until `take` would succeed (0: it would now)."""
        now = time.monotonic() if now is None else now
        if self.tokens < 0:
            return 0.0
        tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        return max(0.0, (1 - tokens) / self.rate) if self.rate > 0 else float("inf")


class Buckets:
    """One bucket per key (an address), forgotten once it has filled up again (forgetting a
    bucket earlier would hand its key a whole new burst)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, Bucket] = {}
        self.swept = time.monotonic()

    def take(self, key: str) -> bool:
        now = time.monotonic()
        if now - self.swept > 60:
            self.buckets = {k: b for k, b in self.buckets.items() if not b.full(now)}
            self.swept = now
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(self.rate, self.burst)
        return bucket.take(now)

    def wait(self, key: str) -> float:
        """Seconds until `key` may take again (0 for a key not seen lately)."""
        bucket = self.buckets.get(key)
        return 0.0 if bucket is None else bucket.wait()


def address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class HttpLimits:
    """ASGI middleware for HTTP: requests per address and the size of a request body, each
    answered with a JSON error (429, 413) before the application sees the request."""

    def __init__(self, app: ASGIApp, rate: float, burst: float, max_body: int) -> None:
        self.app = app
        self.buckets = Buckets(rate, burst)
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self.buckets.take(address(scope)):
            await json_response(send, 429, "rate_limited", "too many requests; slow down")
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await json_response(
                send, 413, "too_large", f"a request body may hold {self.max_body} bytes"
            )
            return
        body = b""
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.max_body:
                await json_response(
                    send, 413, "too_large", f"a request body may hold {self.max_body} bytes"
                )
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def json_response(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": code, "message": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
