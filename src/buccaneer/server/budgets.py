"""What an address may make that is kept for good: accounts and guests, reports, tables,
password reset requests (docs/server.md, "Limits").

One budget per address and kind. A single server process keeps it itself (`LocalBudget`, a
token bucket). Processes that share a database and Redis (`--redis-url`) keep it in Redis
(`SharedBudget`, the `limits` library's sliding window counter), so that N worker processes
mean one budget, not N: a stranger spreading requests over the workers gets no more. Should
Redis fail, each process falls back to its own bucket for that request (the budget is then
per process again, never open).
"""

from __future__ import annotations

import hashlib
import logging
import time
from typing import Protocol

from limits import RateLimitItemPerSecond
from limits.aio.storage import RedisStorage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from limits.errors import StorageError

from buccaneer.server.limits import Buckets

log = logging.getLogger("buccaneer.server")


class Budget(Protocol):
    async def take(self, key: str) -> bool:
        """Spend one for `key`; False when its budget is spent."""
        ...

    async def wait(self, key: str) -> float:
        """Seconds until `key` may spend again (0: now)."""
        ...


class LocalBudget:
    """A token bucket per key in this process: `rate` a second, up to `burst`."""

    def __init__(self, rate: float, burst: float) -> None:
        self.buckets = Buckets(rate, burst)

    async def take(self, key: str) -> bool:
        return self.buckets.take(key)

    async def wait(self, key: str) -> float:
        return self.buckets.wait(key)


class SharedBudget:
    """The same budget held in Redis for every process: at most `burst` within any window of
    `burst / rate` seconds (a sliding window, the token bucket's nearest equal there)."""

    def __init__(self, storage: RedisStorage, name: str, rate: float, burst: float) -> None:
        window = max(1, round(burst / rate)) if rate > 0 else 10**9
        self.item = RateLimitItemPerSecond(max(1, int(burst)), window)
        self.limiter = SlidingWindowCounterRateLimiter(storage)
        self.name = name
        self.fallback = LocalBudget(rate, burst)

    async def take(self, key: str) -> bool:
        try:
            return await self.limiter.hit(self.item, self.name, key)
        except StorageError as exc:
            log.warning(
                "the %s budget in Redis failed (%s); this process counts alone", self.name, exc
            )
            return await self.fallback.take(key)

    async def wait(self, key: str) -> float:
        try:
            stats = await self.limiter.get_window_stats(self.item, self.name, key)
        except StorageError:
            return await self.fallback.wait(key)
        return max(0.0, stats.reset_time - time.time())


class Budgets:
    """The server's budgets per address, local or shared by what the settings say."""

    def __init__(self, redis_url: str | None, database_url: str) -> None:
        self.storage: RedisStorage | None = None
        if redis_url:
            # Servers sharing a database share budgets; another database's servers on the
            # same Redis (a test, a second site) have keys of their own.
            prefix = "buccaneer-" + hashlib.sha256(database_url.encode()).hexdigest()[:12]
            uri = "async+" + redis_url if not redis_url.startswith("async+") else redis_url
            self.storage = RedisStorage(
                uri, implementation="redispy", key_prefix=prefix, wrap_exceptions=True
            )

    def make(self, name: str, rate: float, burst: float) -> Budget:
        if self.storage is None:
            return LocalBudget(rate, burst)
        return SharedBudget(self.storage, name, rate, burst)
