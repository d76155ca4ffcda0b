"""Password work that nobody can use to starve the server (docs/server.md, "Security").

argon2 is slow on purpose (about a third of a second here), so a handful of wrong logins a
second, far below any request rate limit, would fill a shared thread pool: every other use of
it (reading replays, health checks, quick play) would wait behind them. So the hashing has
threads of its own and a short queue; a login that finds the queue full is answered 429 at
once, without hashing. Wrong passwords are slowed per address (after 5, each further try must
wait longer, doubling up to a quarter of an hour) and per name (after 10, doubling up to a
minute: gentler, because the name's owner waits too, so that guessing one name from many
addresses gets one try a minute while its owner is never locked out for longer), and an
unknown name is checked against a dummy hash, so that its answer takes as long as a known
name's and does not tell a guesser which names exist.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

from buccaneer.server.auth import hash_password, password_matches
from buccaneer.server.tables import Refused

Result = TypeVar("Result")

# Wrong tries that are free before the back-off starts, and the longest wait it asks for: per
# address, and per name.
ADDRESS_TRIES, ADDRESS_WAIT = 5, 900.0
NAME_TRIES, NAME_WAIT = 10, 60.0
# The back-off remembers this many names and addresses (the oldest are forgotten first), so
# that a stranger cannot fill the memory with made-up names.
REMEMBERED = 10_000


class Busy(Refused):
    """The answer to password work that would have to wait (429, with when to try again)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__("busy", message)
        self.retry_after = retry_after


# How much lower than the server's own the hashing threads' priority is (a nice value).
HASHING_NICENESS = 10


def lower_priority() -> None:
    """Run this thread (and the lanes argon2 starts from it, which inherit its priority) below
    the event loop: a flood of logins then takes only the CPU the games leave, instead of
    slowing every move (measured: a flood of 60 wrong logins a second took an action's p99
    from 7 ms to 320 ms on two cores at the same priority). Linux keeps a priority per
    thread; where it cannot be set, the thread runs as it is."""
    with contextlib.suppress(AttributeError, OSError):
        tid = threading.get_native_id()
        os.setpriority(
            os.PRIO_PROCESS, tid, os.getpriority(os.PRIO_PROCESS, tid) + HASHING_NICENESS
        )


def idle_priority() -> None:
    """Run this thread (and argon2's lanes from it) in Linux's idle class: only on a core
    nothing else wants. A lower nice value still takes its turn on a busy core: 60 guesses a
    second at nice 10 took an action's p99 from 20 ms to 711 ms at 200 tables on two cores
    (benchmarks/server_load.py --wrong-logins 60). The price: a guess waits while the games
    keep every core busy (20 s a hash with both cores taken, measured), which only logins
    from unknown browsers pay (`Passwords`). Used in a process of its own (`Lane`): a thread
    of the server's in the idle class holds the GIL now and then, and a thread that the
    kernel then leaves waiting for a free core makes the event loop wait with it."""
    lower_priority()
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def refuse_for(wait: float) -> None:
    """429 while a back-off says to wait `wait` seconds more."""
    if wait > 0:
        raise Busy(f"too many wrong passwords; try again in {int(wait) + 1} s", round(wait, 1))


@dataclass
class Failures:
    count: int
    last: float


class BackOff:
    """Wrong tries per key (a name, an address): how long the next try must wait."""

    def __init__(
        self, free: int, longest: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.free = free
        self.longest = longest
        self.clock = clock
        self.failures: OrderedDict[str, Failures] = OrderedDict()

    def wait(self, key: str) -> float:
        """Seconds before `key` may try again (0: now)."""
        seen = self.failures.get(key)
        if seen is None or seen.count < self.free:
            return 0.0
        delay = min(self.longest, 2.0 ** (seen.count - self.free))
        return max(0.0, seen.last + delay - self.clock())

    def failed(self, key: str) -> None:
        seen = self.failures.pop(key, None) or Failures(0, 0.0)
        seen.count += 1
        seen.last = self.clock()
        self.failures[key] = seen
        while len(self.failures) > REMEMBERED:
            self.failures.popitem(last=False)

    def succeeded(self, key: str) -> None:
        self.failures.pop(key, None)


class Lane:
    """Threads of argon2's own behind a short queue: work that would wait longer is refused.
    `process`: one process of its own instead (started, fresh, at the first work), for a
    lane at a priority so low that a thread at it must not share the event loop's GIL."""

    def __init__(
        self,
        name: str,
        threads: int,
        queue: int,
        priority: Callable[[], None] = lower_priority,
        process: bool = False,
    ) -> None:
        self.make: Callable[[], Executor] = (
            (
                lambda: ProcessPoolExecutor(
                    max_workers=threads,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=priority,
                )
            )
            if process
            else (
                lambda: ThreadPoolExecutor(
                    max_workers=threads, thread_name_prefix=name, initializer=priority
                )
            )
        )
        self.executor: Executor = self.make()
        self.process = process
        self.limit = threads + queue
        self.running = 0

    def start(self) -> None:
        """Start a process lane's process now, in the background, so that the first check
        after a restart does not wait for a Python to start (seconds on a busy machine)."""
        if self.process:
            self.executor.submit(os.getpid)

    async def run(self, work: Callable[..., Result], *args: object) -> Result:
        if self.running >= self.limit:
            raise Busy("the server is busy checking passwords; try again in a second", 1.0)
        self.running += 1
        try:
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self.executor, work, *args)
            except BrokenExecutor:
                # The lane's process died (killed, out of memory): every later check would
                # fail with it, so a new one takes its place and the check is made there.
                broken, self.executor = self.executor, self.make()
                broken.shutdown(wait=False, cancel_futures=True)
                return await loop.run_in_executor(self.executor, work, *args)
        finally:
            self.running -= 1

    def close(self) -> None:
        # A process lane waits for its process (the check under way, a fraction of a
        # second): one left behind would leak its queue's semaphores, and Python says so.
        self.executor.shutdown(wait=self.process, cancel_futures=True)


class Passwords:
    """argon2 on threads of its own, in three lanes, each behind a bounded queue: new
    passwords (sign-up, a change, a reset: each budgeted per address or needing a session);
    the logins' checks from unknown browsers, behind the back-off and below every other
    work (`idle_priority`, unless `idle` is False), which is where guesses come; and the
    checks of logins from a browser the account is known in."""

    def __init__(
        self,
        threads: int = 2,
        queue: int = 8,
        clock: Callable[[], float] = time.monotonic,
        idle: bool = True,
    ) -> None:
        self.lane = Lane("argon2", threads, queue)
        # One at a time: a guess at a time is what the games leave room for (measured: p99
        # 124 ms at 200 tables with one thread, 90-215 ms with two; the hashes a second
        # alike). In the idle class, in a process of its own (`idle_priority`).
        self.guesses = (
            Lane("argon2-guesses", 1, queue, idle_priority, process=True)
            if idle
            else Lane("argon2-guesses", 1, queue)
        )
        # Logins from a known browser (`check(device=...)`): a stranger guessing passwords
        # has no such browser, so however many guesses fill the lane above, an account's
        # owner logging in again from their own browser is checked at once (OWASP, "Slow
        # down online guessing attacks with device cookies").
        self.known = Lane("argon2-known", 1, 4)
        self.addresses = BackOff(ADDRESS_TRIES, ADDRESS_WAIT, clock)
        self.names = BackOff(NAME_TRIES, NAME_WAIT, clock)
        self.devices = BackOff(ADDRESS_TRIES, ADDRESS_WAIT, clock)
        self.dummy: str | None = None

    def start(self) -> None:
        self.guesses.start()

    async def run(self, work: Callable[..., Result], *args: object) -> Result:
        return await self.lane.run(work, *args)

    async def hash(self, password: str) -> str:
        return await self.run(hash_password, password)

    async def check(
        self,
        stored: str | None,
        password: str,
        name: str,
        address: str,
        device: str | None = None,
    ) -> bool:
        """Whether `password` matches `stored` (None: no such account, checked against a
        dummy hash all the same), refused 429 while the name or the address must wait. A
        right password clears the name's count, never the address's (an attacker with one
        account of their own could clear it between guesses).

        `device`: the caller found the login's browser key among the account's known
        browsers (`stored` is then the account's). The check goes to the known browsers'
        lane, and only that browser's own wrong tries slow it: guesses from elsewhere, at
        the name or from the address, never lock the owner out of their own browser."""
        if device is not None and stored is not None:
            refuse_for(self.devices.wait(device))
            ok = await self.known.run(password_matches, stored, password)
            if ok:
                self.devices.succeeded(device)
            else:
                self.devices.failed(device)
            return ok
        name = name.casefold()
        refuse_for(max(self.names.wait(name), self.addresses.wait(address)))
        if self.dummy is None:
            self.dummy = await self.run(hash_password, "not anyone's password")
        ok = await self.guesses.run(password_matches, stored or self.dummy, password)
        ok = ok and stored is not None
        if ok:
            self.names.succeeded(name)
        else:
            self.names.failed(name)
            self.addresses.failed(address)
        return ok

    def close(self) -> None:
        self.lane.close()
        self.guesses.close()
        self.known.close()
