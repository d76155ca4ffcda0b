"""Keeps Python's garbage collector from pausing every connection at once.

A busy server holds a large heap of long-lived objects: the libraries, every table's state and
log, every connection's tasks. CPython's full collection walks all of it, and under the load
benchmark (200 tables, 800 connections) that was a pause of 100-280 ms every 10-15 s, during
which no move was answered: most of the server's p99 latency. `gc.freeze` moves every object
alive now out of the collector's sight, so the collections that follow only walk what was made
since. Objects that die later are still freed at once by reference counting; only a reference
cycle among frozen objects waits, until the next full pass, which unfreezes everything,
collects and freezes again. So memory stays bounded, and the long pause comes once every
`full_every` seconds instead of every few seconds.

Only `buccaneer serve`'s own processes do this (it changes the whole interpreter): a server run
inside another program (the tests' in-thread servers) leaves that program's collector alone.
"""

from __future__ import annotations

import asyncio
import gc
import time


def settle() -> None:
    """Collect once and freeze what is alive (at the start: the libraries and the app)."""
    gc.collect()
    gc.freeze()


class Collector:
    def __init__(self, freeze_every: float = 10.0, full_every: float = 600.0) -> None:
        self.freeze_every = freeze_every
        self.full_every = full_every
        self.last_full = time.monotonic()
        self.full_passes = 0

    def tick(self) -> None:
        """Freeze what has lived through the last interval, after a quick collection of the
        young generations (so garbage found there is not frozen); once every `full_every`
        seconds, first collect everything (the cycles among frozen objects too)."""
        now = time.monotonic()
        if now - self.last_full >= self.full_every:
            gc.unfreeze()
            gc.collect()
            self.last_full = now
            self.full_passes += 1
        else:
            gc.collect(1)
        gc.freeze()

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.freeze_every)
            self.tick()
