"""Load on the game server: N concurrent tables of server bots and scripted clients on one
machine, for SQLite and PostgreSQL. Reports games/min, actions/s, action→update latency,
server memory and CPU, and the clients' own CPU (so a saturated client is seen, not blamed on
the server).

    python -m benchmarks.server_load                          # 200 tables, 60 s, both backends
    python -m benchmarks.server_load --tables 50 --seconds 20 --backend sqlite
    python -m benchmarks.server_load --bot-delay 0 --think 0 0   # a throughput test, not a pace
    python -m benchmarks.server_load --workers 2     # two server processes, Redis between them
    python -m benchmarks.server_load --wrong-logins 60   # and 60 wrong passwords a second

The load, per table (defaults): 4 players of one game (the tables cycle through every game and
variant in `buccaneer.GAMES`), 2 seats played by server bots (`random`, `bot_delay` 0.5 s) and
2 human seats played by scripted clients over real WebSockets (each thinks 0.5-1.5 s, uniform,
then sends a random offered action), plus 2 spectators: 4 connections a table, 800 for 200
tables. A finished game goes on as a rematch (same seats, new table): the first human seat
asks, every connection moves to the new table, so the number of live tables stays at N.

The server is `python -m buccaneer serve` in a subprocess (`tests.server.support`) with the
tests' relaxed rate limits (every connection comes from 127.0.0.1) but the production sweep
interval. The scripted clients run in `--client-procs` processes of their own; this process
only creates the tables, samples CPU and memory and counts.

- **action→update latency**: from a scripted client sending its action (at the version it
  last saw) to that client receiving the first update with a higher version. Only actions sent
  inside the measured window (`--seconds`, after `--warmup` once every connection has its
  first message) count. Clients go on for 10 s after the window, so a slow answer is measured,
  not dropped; an action still unanswered then is counted apart ("unanswered").
- **games/min, actions/s**: read from the database (tables finished, actions stored) for the
  window, so server bots' moves count too.
- **server RSS**: summed over the server process and its children (the bot pool), sampled every
  0.5 s from the server's start: the value at the end of the window and the peak.
- **CPU**: per cent of one core over the window (200% is all of a 2-core machine): the server
  (and its main process, the one event loop, also per stored action), the client processes
  (one near 100% would be saturated), PostgreSQL's processes (all of them, with the backends
  its pool closed meanwhile), and what else the machine ran: on a shared machine another
  user's work skews every figure, so it is printed, with the busiest other processes.

`--wrong-logins R` adds a password-guessing flood beside the tables, from a process of its own
(so that it takes no CPU from the clients'): R wrong-password logins a second (POST
/api/sessions), at a steady pace, from the start of the warm-up until the last right login
begun in the window (below) is in.
What it is for is loading the server's argon2 hashing (`server/passwords.py`), which the
logins' back-off would otherwise spare: after 5 wrong passwords from one address, or 10 for one
name, the server answers 429 at once without hashing. So each attempt comes from an address of
its own (`X-Forwarded-For` from 10.0.0.0/8, which the server believes because its trusted
proxies are the default 127.0.0.1; the benchmark checks that it does before it starts), and
names a `--login-accounts` account (made before the tables, each with a known password) in
turn: the hashing's two threads check some 5-20 passwords a second, so that 200 names gather
fewer than 10 wrong tries each in a run of a minute or so (a "429 back-off" among the answers
would show that some did). Counted in the window (by when a request was sent):

- **wrong logins**: the answers by kind: 401 (a wrong password, each one an argon2 check: their
  rate is the hashing the flood got), 429 busy (the hashing queue was full: refused without
  hashing), 429 back-off (the address or the name must wait), anything else; and how long the
  answers took.
- **readiness**: GET /health/ready every 0.5 s: how many answered 200, and how long they took.
- **a right login**: every 2 s, one of the accounts with its own password, from an address of
  its own (172.16.0.0/12), tried again after each 429 as its Retry-After says: how long from
  the first try to the session (median, p99, max), how many got in at the first try, the most
  tries one needed; one still trying 60 s after the window is "unfinished". Every other one
  is from the account's own browser (with the key its sign-up answered: the known browsers'
  lane of server/passwords.py), the others from a new browser (no key: the flood's queue).

A login or readiness check unanswered after 10 s (5 s) counts as "timeout". The server hashes
on threads of its main process, so with the flood its main-process CPU, and the CPU per action
drawn from it, include the hashing; the login process's own CPU is printed beside.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import platform
import random
import secrets
import shlex
import sqlite3
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import asdict, dataclass, field
from functools import partial
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import psutil  # type: ignore[import-untyped,unused-ignore]
import psycopg
from tests.server.support import RELAXED, ServerProcess
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

import buccaneer
from buccaneer.server.passwords import ADDRESS_TRIES
from buccaneer.server.settings import Settings

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_BASE = "postgresql+psycopg://postgres@127.0.0.1:5432"
MIB = 1024 * 1024
GRACE = 10.0  # seconds the clients go on after the window, for the last actions' updates

# -- the plan -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    tables: int
    seconds: float
    warmup: float
    players: int
    humans: int
    spectators: int
    bot_agent: str
    bot_delay: float
    think: tuple[float, float]
    bot_workers: int
    client_procs: int
    compression: bool
    workers: int = 1
    redis_url: str = "redis://127.0.0.1:6379/0"
    wrong_logins: float = 0.0  # wrong-password logins a second (0: none)
    login_accounts: int = 200  # the accounts they name

    @property
    def connections(self) -> int:
        return self.tables * (self.humans + self.spectators)


def game_mix() -> list[tuple[str, dict[str, Any]]]:
    """Every game and variant the package registers, in a fixed order."""
    return [
        (name, dict(options))
        for name, spec in buccaneer.GAMES.items()
        for options in (spec.variants or ({},))
    ]


def table_bodies(plan: Plan) -> list[dict[str, Any]]:
    """The POST /api/tables bodies: the game mix in turn, people and bots alternating seats."""
    mix = game_mix()
    bodies = []
    for i in range(plan.tables):
        name, options = mix[i % len(mix)]
        spec = buccaneer.GAMES[name]
        players = min(max(plan.players, spec.min_players), spec.max_players)
        humans = min(plan.humans, players)
        human_seats = set(range(0, players, 2)[:humans])
        human_seats |= set(range(1, players, 2)[: humans - len(human_seats)])
        seats = [
            {"kind": "human"} if s in human_seats else {"kind": "bot", "agent": plan.bot_agent}
            for s in range(players)
        ]
        bodies.append(
            {
                "game": name,
                "players": players,
                "options": options,
                "seats": seats,
                "listed": False,
                "bot_delay": plan.bot_delay,
            }
        )
    return bodies


async def create_tables(url: str, bodies: list[dict[str, Any]]) -> list[dict[str, Any]]:
    gate = asyncio.Semaphore(16)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:

        async def one(body: dict[str, Any]) -> dict[str, Any]:
            async with gate:
                response = await http.post("/api/tables", json=body)
            if response.status_code != 201:
                raise RuntimeError(f"creating a table failed: {response.text}")
            return dict(response.json())

        return list(await asyncio.gather(*(one(b) for b in bodies)))


# -- scripted clients (in their own processes) ----------------------------------------------


@dataclass
class ClientStats:
    """What one client process saw; times are epoch seconds, latencies seconds."""

    samples: list[tuple[float, float]] = field(default_factory=list)  # (sent at, latency)
    unanswered: list[float] = field(default_factory=list)  # sent at, no update seen
    errors: list[tuple[float, str]] = field(default_factory=list)
    messages: int = 0
    received_bytes: int = 0
    reconnects: int = 0


@dataclass
class SeatState:
    """One scripted seat's view of its table over one connection."""

    version: int = -1
    asked: int | None = None
    legal: list[dict[str, Any]] = field(default_factory=list)
    acted_for: int | None = None
    thinking: asyncio.Task[None] | None = None
    pending: tuple[int, float, float] | None = None  # (version sent at, perf time, epoch)
    over: bool = False


class ClientProcess:
    """Every connection of some tables: scripted seats that play, spectators that watch."""

    def __init__(self, ws_url: str, tables: list[dict[str, Any]], plan: Plan, seed: int):
        self.ws_url = ws_url
        self.tables = tables
        self.plan = plan
        self.rng = random.Random(seed)
        self.stats = ClientStats()
        self.connected = 0
        self.all_connected = asyncio.Event()
        self.stopping = False
        self.gate = asyncio.Semaphore(32)  # handshakes at once
        self.sends: set[asyncio.Task[None]] = set()

    @property
    def total(self) -> int:
        return sum(len(t["seats"]) + self.plan.spectators for t in self.tables)

    async def reopen(self) -> ClientConnection | None:
        """A connection, tried again every 0.5 s until it opens (None once stopping)."""
        while not self.stopping:
            try:
                return await self.open()
            except (OSError, InvalidHandshake, TimeoutError):
                self.stats.reconnects += 1
                await asyncio.sleep(0.5)
        return None

    def received(self, raw: Any, first: list[bool]) -> None:
        self.first_message(first)
        assert isinstance(raw, str)
        self.stats.messages += 1
        self.stats.received_bytes += len(raw)

    async def open(self) -> ClientConnection:
        async with self.gate:
            return await connect(
                self.ws_url,
                max_size=2**23,
                open_timeout=60,
                ping_interval=None,
                proxy=None,
                compression="deflate" if self.plan.compression else None,
            )

    def first_message(self, first: list[bool]) -> None:
        if first[0]:
            first[0] = False
            self.connected += 1
            if self.connected == self.total:
                self.all_connected.set()

    async def seat(self, table: dict[str, Any], token: str, leader: bool) -> None:
        table_id: str = table["table"]
        first = [True]
        while not self.stopping:
            ws = await self.reopen()
            if ws is None:
                break
            state = SeatState()
            try:
                await ws.send(json.dumps({"type": "hello", "table": table_id, "token": token}))
                async for raw in ws:
                    self.received(raw, first)
                    message = json.loads(raw)
                    kind = message.get("type")
                    if kind in ("sync", "update"):
                        self.on_game(ws, state, message, leader)
                    elif kind == "error":
                        self.stats.errors.append((time.time(), str(message.get("code"))))
                        state.acted_for = None  # the sync that follows asks again
                        state.pending = None
                    elif kind == "rematch":
                        table_id = message["table"]
                        break
            except ConnectionClosed:
                self.stats.reconnects += 1
            finally:
                if state.thinking is not None:
                    state.thinking.cancel()
                if state.pending is not None:
                    self.stats.unanswered.append(state.pending[2])
                await ws.close()

    def on_game(
        self, ws: ClientConnection, state: SeatState, message: dict[str, Any], leader: bool
    ) -> None:
        version = int(message["version"])
        if state.pending is not None and version > state.pending[0]:
            sent, at = state.pending[1], state.pending[2]
            self.stats.samples.append((at, time.perf_counter() - sent))
            state.pending = None
        state.version = version
        state.asked = message.get("asked")
        state.legal = message.get("legal") or []
        status = message.get("status") or (message.get("table") or {}).get("status")
        if status == "over" and not state.over:
            state.over = True
            if leader:
                task = asyncio.create_task(ws.send(json.dumps({"type": "rematch"})))
                self.sends.add(task)
                task.add_done_callback(self.sends.discard)
            return
        if (
            state.asked is not None
            and state.legal
            and state.asked != state.acted_for
            and (state.thinking is None or state.thinking.done())
        ):
            state.acted_for = state.asked
            state.thinking = asyncio.create_task(self.act(ws, state))

    async def act(self, ws: ClientConnection, state: SeatState) -> None:
        low, high = self.plan.think
        await asyncio.sleep(self.rng.uniform(low, high))
        if state.asked is None or not state.legal or state.over:
            state.acted_for = None
            return
        # A person acts on what the screen shows now: the newest choices and version.
        state.acted_for = state.asked
        action = self.rng.choice(state.legal)["action"]
        state.pending = (state.version, time.perf_counter(), time.time())
        with contextlib.suppress(ConnectionClosed):
            await ws.send(
                json.dumps({"type": "action", "version": state.version, "action": action})
            )

    async def spectator(self, table: dict[str, Any]) -> None:
        table_id: str = table["table"]
        first = [True]
        while not self.stopping:
            ws = await self.reopen()
            if ws is None:
                break
            try:
                await ws.send(json.dumps({"type": "hello", "table": table_id}))
                async for raw in ws:
                    self.received(raw, first)
                    # Starlette writes {"type":"...",...}: only the rematch note is decoded.
                    if '"rematch"' in raw[:24]:
                        table_id = json.loads(raw)["table"]
                        break
            except ConnectionClosed:
                self.stats.reconnects += 1
            finally:
                await ws.close()

    async def run(self, pipe: Connection) -> None:
        tasks: list[asyncio.Task[None]] = []
        for table in self.tables:
            for i, seat in enumerate(table["seats"]):
                tasks.append(asyncio.create_task(self.seat(table, seat["token"], i == 0)))
            for _ in range(self.plan.spectators):
                tasks.append(asyncio.create_task(self.spectator(table)))
        loop = asyncio.get_running_loop()
        await self.all_connected.wait()
        # The client's own garbage collector pausing is not the server's latency: what this
        # process has made so far is frozen out of its sight, as the server does at its start.
        gc.collect()
        gc.freeze()
        pipe.send(("connected", self.connected))
        await loop.run_in_executor(None, pipe.recv)  # "stop"
        self.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def client_main(
    ws_url: str, tables: list[dict[str, Any]], plan: Plan, seed: int, pipe: Connection
) -> None:
    """A client process's entry point: play until told to stop, then send the stats back."""
    client = ClientProcess(ws_url, tables, plan, seed)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(client.run(pipe))
    # A plain dict: this process's classes live in __mp_main__, which the parent lacks.
    pipe.send(("stats", asdict(client.stats)))


# -- wrong logins (in a process of their own) -----------------------------------------------

READY_EVERY = 0.5  # seconds between readiness checks
RIGHT_EVERY = 2.0  # seconds between right logins
READY_SECONDS = 5.0  # a readiness check unanswered by then is "timeout"
ANSWER_SECONDS = GRACE  # likewise a login (each of a right login's tries), so that every one
# sent in the window has its answer, or its timeout, before the login process is stopped
# A right login begun in the window may go on trying this long after it, the flood going on
# meanwhile (60 s: the longest a name's back-off asks for); one still trying is "unfinished".
RIGHT_LONGEST = 60.0


def flood_address(i: int) -> str:
    """The `i`th wrong login's address: 10.0.0.0/8, a new one for 200,000 tries."""
    n = 1 + i % 200_000
    return f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"


def person_address(i: int) -> str:
    """The `i`th right login's address: 172.16.0.0/12, never one of the flood's."""
    n = 1 + i % 1_000_000
    return f"172.{16 + ((n >> 16) & 15)}.{(n >> 8) & 255}.{n & 255}"


def outcome(response: httpx.Response) -> str:
    return outcome_of(response.status_code, response.content)


def outcome_of(status: int, content: bytes) -> str:
    """An answer's kind: its status, and for a 429 why (the hashing queue was full, the
    address or name must wait, or the request limits)."""
    if status != 429:
        return str(status)
    try:
        body = json.loads(content)
    except ValueError:
        return "429 other"
    if not isinstance(body, dict):
        return "429 other"
    if body.get("error") == "busy":
        return "429 back-off" if "wrong passwords" in str(body.get("message")) else "429 busy"
    return f"429 {body.get('error')}"


class BareHttp:
    """The flood's HTTP/1.1 client: kept-alive connections and Content-Length answers (all
    that the server sends to a login), at a fraction of httpx's CPU a request, which on a
    small machine is CPU the server does not get. An idle connection is dropped after 2 s,
    before the server's keep-alive (5 s) would close it under a request on its way."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter, float]] = []

    async def connection(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        now = time.monotonic()
        while self.idle and now - self.idle[0][2] > 2.0:
            self.idle.pop(0)[1].close()
        if self.idle:
            reader, writer, _ = self.idle.pop()  # the newest: the old ones age out
            return reader, writer
        return await asyncio.open_connection(self.host, self.port)

    async def post(self, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
        reader, writer = await self.connection()
        again = False
        try:
            lines = [
                f"POST {path} HTTP/1.1",
                f"Host: {self.host}:{self.port}",
                "Content-Type: application/json",
                f"Content-Length: {len(body)}",
                *(f"{k}: {v}" for k, v in headers.items()),
            ]
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            length, again = 0, True
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                name = name.strip().lower()
                if name == b"content-length":
                    length = int(value)
                elif name == b"connection" and value.strip().lower() == b"close":
                    again = False
            content = await reader.readexactly(length)
            return status, content
        except BaseException:
            again = False
            raise
        finally:
            if again:
                self.idle.append((reader, writer, time.monotonic()))
            else:
                writer.close()

    def close(self) -> None:
        for _, writer, _ in self.idle:
            writer.close()
        self.idle.clear()


async def flood_login(http: BareHttp, name: str, password: str, address: str) -> str:
    """One login through the flood's client: the answer's kind, as `ask` gives it."""
    body = json.dumps({"name": name, "password": password}).encode()
    try:
        async with asyncio.timeout(ANSWER_SECONDS):
            status, content = await http.post("/api/sessions", body, {"X-Forwarded-For": address})
    except TimeoutError:
        return "timeout"
    except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as exc:
        return type(exc).__name__
    return outcome_of(status, content)


async def ask(
    http: httpx.AsyncClient, method: str, path: str, seconds: float, **request: Any
) -> tuple[str, httpx.Response | None]:
    """A request and its answer's kind: "timeout" when no answer came within `seconds` in
    all (httpx's own timeouts are per step), or the error's name."""
    try:
        async with asyncio.timeout(seconds):
            response = await http.request(method, path, **request)
    except (TimeoutError, httpx.TimeoutException):
        return "timeout", None
    except httpx.HTTPError as exc:
        return type(exc).__name__, None
    return outcome(response), response


async def post_login(
    http: httpx.AsyncClient, name: str, password: str, address: str, device: str | None = None
) -> tuple[str, httpx.Response | None]:
    body = {"name": name, "password": password, **({"device": device} if device else {})}
    headers = {"X-Forwarded-For": address}
    return await ask(http, "POST", "/api/sessions", ANSWER_SECONDS, json=body, headers=headers)


@dataclass
class LoginStats:
    """What the login process saw; times are epoch seconds, durations seconds."""

    wrong: list[tuple[float, str, float]] = field(default_factory=list)  # at, outcome, took
    ready: list[tuple[float, str, float]] = field(default_factory=list)  # at, outcome, took
    # (first try at, till the session or the end, tries, "ok" / "unfinished" / what failed,
    # from a known browser)
    right: list[tuple[float, float, int, str, bool]] = field(default_factory=list)
    lag: float = 0.0  # the most the wrong logins fell behind their pace


class LoginProcess:
    """The wrong-login flood, and what a person sees meanwhile: readiness, a right login."""

    def __init__(self, url: str, accounts: list[tuple[str, str, str]], rate: float) -> None:
        self.url = url
        self.accounts = accounts
        self.rate = rate
        self.stats = LoginStats()
        self.tasks: set[asyncio.Task[None]] = set()
        self.persons: dict[asyncio.Task[Any], float] = {}  # the right logins, when begun

    async def paced(
        self, every: float, one: Callable[[int], Coroutine[Any, Any, None]], lag: bool = False
    ) -> None:
        """`one(i)` started every `every` seconds, each on its own (a slow answer delays no
        other), catching up after a pause of this process."""
        start = time.perf_counter()
        i = 0
        while True:
            delay = start + i * every - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            elif lag:
                self.stats.lag = max(self.stats.lag, -delay)
            task = asyncio.create_task(one(i))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
            i += 1

    async def wrong_login(self, http: BareHttp, i: int) -> None:
        name = self.accounts[i % len(self.accounts)][0]
        at, began = time.time(), time.perf_counter()
        result = "unanswered"
        try:
            wrong = f"wrong-{secrets.token_hex(6)}"
            result = await flood_login(http, name, wrong, flood_address(i))
        finally:
            self.stats.wrong.append((at, result, time.perf_counter() - began))

    async def ready_check(self, http: httpx.AsyncClient, _i: int) -> None:
        at, began = time.time(), time.perf_counter()
        result = "unanswered"
        try:
            result, _ = await ask(http, "GET", "/health/ready", READY_SECONDS)
        finally:
            self.stats.ready.append((at, result, time.perf_counter() - began))

    async def right_login(self, http: httpx.AsyncClient, i: int) -> None:
        name, password, key = self.accounts[(i * 7 + len(self.accounts) // 2) % len(self.accounts)]
        device = key if i % 2 == 0 else None
        at, began = time.time(), time.perf_counter()
        tries, result = 0, "unfinished"
        me = asyncio.current_task()
        if me is not None:
            self.persons[me] = at
        try:
            while True:
                tries += 1
                answer, response = await post_login(http, name, password, person_address(i), device)
                if answer == "200":
                    result = "ok"
                    break
                if response is not None and response.status_code == 429:
                    await asyncio.sleep(float(response.headers.get("retry-after", "1")))
                elif answer != "timeout":  # a person tries again after a timeout too
                    result = answer
                    break
        finally:
            took = time.perf_counter() - began
            self.stats.right.append((at, took, tries, result, device is not None))
            if me is not None:
                self.persons.pop(me, None)

    async def run(self, pipe: Connection) -> None:
        loop = asyncio.get_running_loop()
        # A readiness check and a person's login open a connection each, as an
        # orchestrator's probe and a new browser would.
        parts = urlsplit(self.url)
        a = BareHttp(parts.hostname or "127.0.0.1", parts.port or 80)
        fresh = httpx.Limits(max_keepalive_connections=0)
        async with (
            httpx.AsyncClient(base_url=self.url, limits=fresh, timeout=None, trust_env=False) as b,
            httpx.AsyncClient(base_url=self.url, limits=fresh, timeout=None, trust_env=False) as c,
        ):
            pipe.send(("ready", os.getpid()))
            await loop.run_in_executor(None, pipe.recv)  # "go"
            loops = [
                asyncio.create_task(
                    self.paced(1 / self.rate, partial(self.wrong_login, a), lag=True)
                ),
                asyncio.create_task(self.paced(READY_EVERY, partial(self.ready_check, b))),
                asyncio.create_task(self.paced(RIGHT_EVERY, partial(self.right_login, c))),
            ]
            _, end = await loop.run_in_executor(None, pipe.recv)  # ("stop", the window's end)
            # No more checks and right logins; the flood goes on for the right logins begun
            # in the window, till the last is in.
            loops[1].cancel()
            loops[2].cancel()
            waiting = [task for task, at in self.persons.items() if at < end]
            if waiting:
                await asyncio.wait(waiting, timeout=max(0.0, end + RIGHT_LONGEST - time.time()))
            for task in [*loops, *self.tasks]:
                task.cancel()
            await asyncio.gather(*loops, *self.tasks, return_exceptions=True)
            a.close()


def login_main(
    url: str, accounts: list[tuple[str, str, str]], rate: float, pipe: Connection
) -> None:
    """The login process's entry point: flood from "go" till after "stop", then send the
    stats."""
    logins = LoginProcess(url, accounts, rate)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(logins.run(pipe))
    pipe.send(("stats", asdict(logins.stats)))


async def create_accounts(url: str, count: int) -> list[tuple[str, str, str]]:
    """`count` accounts (name, password, the key of the browser that signed up): a few at
    once, below the hashing queue's length, each tried again after a 429 as its Retry-After
    says."""
    gate = asyncio.Semaphore(4)
    async with httpx.AsyncClient(base_url=url, timeout=60, trust_env=False) as http:

        async def one(i: int) -> tuple[str, str, str]:
            name, password = f"load-{i:04d}", f"right-password-{i:04d}"
            async with gate:
                while True:
                    response = await http.post(
                        "/api/accounts", json={"name": name, "password": password}
                    )
                    if response.status_code == 201:
                        return name, password, str(response.json()["device"])
                    if response.status_code != 429:
                        raise RuntimeError(f"creating an account failed: {response.text}")
                    await asyncio.sleep(float(response.headers.get("retry-after", "1")))

        return list(await asyncio.gather(*(one(i) for i in range(count))))


def check_forwarded(url: str) -> None:
    """That the server takes each login's address from X-Forwarded-For (as it does from its
    trusted proxies, by default 127.0.0.1): one address is held back after its 5 wrong
    passwords while the next address is not. Else every wrong login of the flood would come
    from one address, held back at once, and no password would be hashed."""
    name = f"nobody-{secrets.token_hex(4)}"  # no such account: checked against a dummy hash

    def attempt(http: httpx.Client, address: str) -> str:
        headers = {"X-Forwarded-For": address}
        body = {"name": name, "password": "wrong"}
        return outcome(http.post("/api/sessions", json=body, headers=headers))

    with httpx.Client(base_url=url, timeout=30, trust_env=False) as http:
        held = [attempt(http, "192.0.2.1") for _ in range(ADDRESS_TRIES + 1)]
        other = attempt(http, "192.0.2.2")
    if held != ["401"] * ADDRESS_TRIES + ["429 back-off"] or other != "401":
        raise RuntimeError(
            f"the server does not take the address from X-Forwarded-For ({ADDRESS_TRIES + 1} "
            f"wrong logins from 192.0.2.1: {held}; then from 192.0.2.2: {other}); is "
            "BUCCANEER_TRUSTED_PROXIES set?"
        )


def login_summary(
    stats: LoginStats, start: float, end: float, seconds: float, plan: Plan
) -> dict[str, Any]:
    """The login process's figures for what it sent inside the window."""

    def ms(values: list[float], qs: tuple[tuple[str, float], ...]) -> dict[str, float]:
        return {name: round(quantile(values, q) * 1000, 1) for name, q in qs}

    wrong = [(o, t) for at, o, t in stats.wrong if start <= at < end]
    ready = [(o, t) for at, o, t in stats.ready if start <= at < end]
    right = [(t, n, o, k) for at, t, n, o, k in stats.right if start <= at < end]
    answers = Counter(o for o, _ in wrong)
    return {
        "asked_per_s": plan.wrong_logins,
        "accounts": plan.login_accounts,
        "sent": len(wrong),
        "sent_per_s": round(len(wrong) / seconds, 1),
        "answers": dict(sorted(answers.items())),
        # Each 401 is one argon2 check of a wrong password: the hashing the flood got.
        "hashed_per_s": round(answers["401"] / seconds, 1),
        "answer_ms": ms([t for _, t in wrong], (("p50", 0.5), ("p99", 0.99), ("max", 1.0))),
        "pace_lag_ms": round(stats.lag * 1000, 1),
        "ready_checks": len(ready),
        "ready_200": sum(1 for o, _ in ready if o == "200"),
        "ready_other": dict(sorted(Counter(o for o, _ in ready if o != "200").items())),
        "ready_ms": ms([t for _, t in ready], (("p50", 0.5), ("max", 1.0))),
        # A right login from the account's own browser, and from a new one.
        "right": right_figures([(t, n, o) for t, n, o, k in right if k]),
        "right_new_browser": right_figures([(t, n, o) for t, n, o, k in right if not k]),
    }


def right_figures(right: list[tuple[float, int, str]]) -> dict[str, Any]:
    """Right logins (took, tries, outcome): how many got in, at which try, how fast."""
    got_in = [t for t, _, o in right if o == "ok"]
    return {
        "logins": len(right),
        "ok": len(got_in),
        "first_try": sum(1 for _, n, o in right if o == "ok" and n == 1),
        "tries_max": max((n for _, n, _ in right), default=0),
        "unfinished": sum(1 for _, _, o in right if o == "unfinished"),
        "failed": dict(
            sorted(Counter(o for _, _, o in right if o not in ("ok", "unfinished")).items())
        ),
        "s": {
            name: round(quantile(got_in, q), 2)
            for name, q in (("p50", 0.5), ("p99", 0.99), ("max", 1.0))
        },
    }


# -- the server and what it costs -----------------------------------------------------------


def tree(pid: int) -> list[psutil.Process]:
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def event_loops(pid: int, workers: int) -> list[psutil.Process]:
    """The server's processes that run an event loop: the one server process, or with
    `--workers N` the N worker processes uvicorn's supervisor started (each with its own bot
    pool below it)."""
    root = psutil.Process(pid)
    if workers == 1:
        return [root]
    children = [
        child
        for child in root.children(recursive=False)
        if "resource_tracker" not in " ".join(child.cmdline())
    ]
    assert len(children) == workers, [c.cmdline() for c in children]
    return children


def cpu_of(processes: list[psutil.Process]) -> dict[int, float]:
    out = {}
    for proc in processes:
        with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
            times = proc.cpu_times()
            out[proc.pid] = times.user + times.system
    return out


def cpu_percent(before: dict[int, float], after: dict[int, float], seconds: float) -> float:
    """Per cent of one core used between two snapshots (processes born in between count from
    zero; processes gone in between are lost)."""
    return sum(t - before.get(pid, 0.0) for pid, t in after.items()) / seconds * 100


def everyone() -> dict[int, tuple[str, float]]:
    """Every process's name and CPU seconds (to name what else ran meanwhile)."""
    out = {}
    for proc in psutil.process_iter(["name", "cpu_times"]):
        times = proc.info["cpu_times"]
        if times is not None:
            out[proc.pid] = (str(proc.info["name"]), times.user + times.system)
    return out


def busiest_others(
    before: dict[int, tuple[str, float]],
    after: dict[int, tuple[str, float]],
    ours: set[int],
    seconds: float,
) -> list[tuple[str, float]]:
    """The processes outside this benchmark that used the most CPU, by name, % of a core."""
    used: dict[str, float] = {}
    for pid, (name, cpu) in after.items():
        if pid not in ours:
            used[name] = used.get(name, 0.0) + cpu - before.get(pid, (name, 0.0))[1]
    top = sorted(used.items(), key=lambda item: -item[1])[:3]
    return [(name, round(t / seconds * 100, 1)) for name, t in top if t > 0]


def postgres_cpu() -> tuple[float, set[int]]:
    """CPU seconds of PostgreSQL: its live processes, plus what the postmaster's finished
    children used (the server's pool opens and closes backends all the time), and their pids."""
    total, pids = 0.0, set()
    for proc in psutil.process_iter(["name", "ppid", "cpu_times"]):
        times = proc.info["cpu_times"]
        if proc.info["name"] not in ("postgres", "postmaster") or times is None:
            continue
        pids.add(proc.pid)
        total += times.user + times.system
        with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
            if psutil.Process(proc.info["ppid"]).name() not in ("postgres", "postmaster"):
                total += times.children_user + times.children_system
    return total, pids


class Sampler(threading.Thread):
    """The server tree's RSS every half second: the peak, and the newest split by process."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peak = 0
        self.last: dict[int, int] = {}
        self.done = threading.Event()

    def sample(self) -> None:
        rss = {}
        for proc in tree(self.pid):
            with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
                rss[proc.pid] = proc.memory_info().rss
        if rss:
            self.last = rss
            self.peak = max(self.peak, sum(rss.values()))

    def run(self) -> None:
        while not self.done.wait(0.5):
            self.sample()


@contextlib.contextmanager
def database(backend: str) -> Iterator[tuple[str, Any]]:
    """A fresh database for one run: its server URL and a way to read it from here."""
    if backend == "sqlite":
        with tempfile.TemporaryDirectory(prefix="buccaneer-load-") as folder:
            path = Path(folder) / "server.db"
            yield f"sqlite:///{path}", path
        return
    name = f"buccaneer_load_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{PG_BASE}/{name}", f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def stored_counts(backend: str, where: Any, start: float, end: float) -> tuple[int, int]:
    """(games finished, actions stored) between two epoch times, from the database."""
    games_sql = "SELECT count(*) FROM tables WHERE finished_at >= {p} AND finished_at < {p}"
    actions_sql = "SELECT count(*) FROM actions WHERE at >= {p} AND at < {p}"
    if backend == "sqlite":
        with contextlib.closing(sqlite3.connect(f"file:{where}?mode=ro", uri=True)) as conn:
            games = conn.execute(games_sql.format(p="?"), (start, end)).fetchone()[0]
            actions = conn.execute(actions_sql.format(p="?"), (start, end)).fetchone()[0]
        return int(games), int(actions)
    with psycopg.connect(where) as conn:
        row = conn.execute(games_sql.format(p="%s"), (start, end)).fetchone()
        games = row[0] if row else 0
        row = conn.execute(actions_sql.format(p="%s"), (start, end)).fetchone()
        actions = row[0] if row else 0
    return int(games), int(actions)


# -- one run --------------------------------------------------------------------------------


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_backend(backend: str, plan: Plan) -> dict[str, Any]:
    log_path = Path(tempfile.gettempdir()) / f"buccaneer-load-{backend}-{os.getpid()}.log"
    log_path.unlink(missing_ok=True)
    limits = {
        **RELAXED,
        "sweep_seconds": Settings().sweep_seconds,
        "idle_login_hashing": Settings().idle_login_hashing,
    }
    # How busy the machine is before we start (another user's work skews every figure).
    busy_before = psutil.cpu_percent(interval=2.0) * (os.cpu_count() or 1)
    with database(backend) as (url, where):
        server = ServerProcess(
            url,
            log_path,
            limits=limits,
            bot_workers=plan.bot_workers,
            workers=plan.workers,
            redis_url=plan.redis_url if plan.workers > 1 else None,
            # The wrong logins' addresses are X-Forwarded-For from 127.0.0.1 (the default,
            # stated here so that the environment cannot change it).
            env={"BUCCANEER_TRUSTED_PROXIES": "127.0.0.1,::1"} if plan.wrong_logins else {},
        )
        server.start()
        assert server.proc is not None
        sampler = Sampler(server.proc.pid)  # from the start: the peak includes the ramp-up
        sampler.start()
        context = multiprocessing.get_context("spawn")
        pipes: list[Connection] = []
        workers: list[multiprocessing.process.BaseProcess] = []
        login_pipe: Connection | None = None
        login_stats: LoginStats | None = None
        accounts_seconds = 0.0
        try:
            if plan.wrong_logins > 0:
                began = time.monotonic()
                accounts = asyncio.run(create_accounts(server.url, plan.login_accounts))
                accounts_seconds = time.monotonic() - began
                check_forwarded(server.url)
                login_pipe, theirs = context.Pipe()
                worker = context.Process(
                    target=login_main,
                    args=(server.url, accounts, plan.wrong_logins, theirs),
                    daemon=True,
                )
                worker.start()
                workers.append(worker)  # joined with the clients at the end
            tables = asyncio.run(create_tables(server.url, table_bodies(plan)))
            ws_url = server.url.replace("http", "ws", 1) + "/ws"
            for i in range(plan.client_procs):
                mine, theirs = context.Pipe()
                worker = context.Process(
                    target=client_main,
                    args=(ws_url, tables[i :: plan.client_procs], plan, i, theirs),
                    daemon=True,
                )
                worker.start()
                pipes.append(mine)
                workers.append(worker)
            connect_start = time.monotonic()
            for pipe in pipes:
                if not pipe.poll(300):
                    raise RuntimeError("the clients did not all connect within 300 s")
                pipe.recv()
            connect_seconds = time.monotonic() - connect_start
            logins: list[psutil.Process] = []
            if login_pipe is not None:
                if not login_pipe.poll(60):
                    raise RuntimeError("the login process did not start within 60 s")
                logins = [psutil.Process(login_pipe.recv()[1])]
                login_pipe.send("go")  # from the warm-up on: the window sees it steady
            time.sleep(plan.warmup)
            clients = [
                psutil.Process(w.pid)
                for w in workers
                if w.pid is not None and w.pid not in {p.pid for p in logins}
            ]
            loops = event_loops(server.proc.pid, plan.workers)
            loop_cpu0 = cpu_of(loops)
            me = [psutil.Process()]
            server_cpu0, client_cpu0 = cpu_of(tree(server.proc.pid)), cpu_of(clients)
            login_cpu0 = cpu_of(logins)
            pg_cpu0, me_cpu0 = postgres_cpu()[0], cpu_of(me)
            all0 = everyone()
            psutil.cpu_percent()
            times0 = psutil.cpu_times()
            start, start_perf = time.time(), time.perf_counter()
            time.sleep(plan.seconds)
            end, seconds = time.time(), time.perf_counter() - start_perf
            machine_cpu = psutil.cpu_percent()
            times1 = psutil.cpu_times()
            all1 = everyone()
            server_procs = tree(server.proc.pid)
            server_cpu1, client_cpu1 = cpu_of(server_procs), cpu_of(clients)
            login_cpu1 = cpu_of(logins)
            loop_cpu1 = cpu_of(loops)
            pg_cpu1, pg_pids = postgres_cpu()
            me_cpu1 = cpu_of(me)
            our_pids = {*server_cpu1, *client_cpu1, *login_cpu1, *me_cpu1}
            if backend == "postgresql":
                our_pids |= pg_pids
            sampler.sample()
            sampler.done.set()
            rss = dict(sampler.last)
            # Before the stop: stopping kills the bot pool, whose loss the server logs.
            log_errors = log_path.read_text(errors="replace").count("Traceback")
            # Actions sent late in the window may be answered after it: they still count.
            time.sleep(GRACE)
            for pipe in pipes:
                pipe.send("stop")
            if login_pipe is not None:
                login_pipe.send(("stop", end))
            stats: list[ClientStats] = []
            for pipe in pipes:
                if pipe.poll(60):
                    stats.append(ClientStats(**pipe.recv()[1]))
            if login_pipe is not None:
                if not login_pipe.poll(max(0.0, end + RIGHT_LONGEST - time.time()) + 60):
                    raise RuntimeError("the login process did not report")
                login_stats = LoginStats(**login_pipe.recv()[1])
            games, actions = stored_counts(backend, where, start, end)
        finally:
            sampler.done.set()
            for process in workers:
                process.join(10)
                if process.is_alive():
                    process.kill()
            server.stop()
    main_pid = server.proc.pid
    timed = [(at, lat) for s in stats for at, lat in s.samples if start <= at < end]
    samples = [lat for _, lat in timed]
    unanswered = sum(1 for s in stats for at in s.unanswered if start <= at < end)
    errors = Counter(code for s in stats for at, code in s.errors if start <= at < end)
    per_client = [
        (client_cpu1.get(p.pid, 0.0) - client_cpu0.get(p.pid, 0.0)) / seconds * 100 for p in clients
    ]
    # The event loops' CPU: the server's one process, or each of its worker processes.
    main_cpu = sum(t - loop_cpu0.get(pid, 0.0) for pid, t in loop_cpu1.items())
    ours = (
        cpu_percent(server_cpu0, server_cpu1, seconds)
        + cpu_percent(client_cpu0, client_cpu1, seconds)
        + cpu_percent(login_cpu0, login_cpu1, seconds)
        + (pg_cpu1 - pg_cpu0) / seconds * 100 * (backend == "postgresql")
        + cpu_percent(me_cpu0, me_cpu1, seconds)
    )
    return {
        "backend": backend,
        "workers": plan.workers,
        "tables": plan.tables,
        "connections": plan.connections,
        "connect_s": round(connect_seconds, 1),
        "seconds": round(seconds, 1),
        "games_finished": games,
        "games_per_min": round(games / seconds * 60, 1),
        "actions_per_s": round(actions / seconds, 1),
        "scripted_actions_per_s": round(len(samples) / seconds, 1),
        "latency_ms": {
            name: round(quantile(samples, q) * 1000, 1)
            for name, q in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99), ("max", 1.0))
        },
        "latency_samples": len(samples),
        "tail": tail_shape(timed, start),
        "unanswered": unanswered,
        "errors": dict(errors),
        "rss_mib_end": round(sum(rss.values()) / MIB, 1),
        "rss_mib_main": round(rss.get(main_pid, 0) / MIB, 1),
        "rss_mib_peak": round(sampler.peak / MIB, 1),
        "server_processes": len(rss),
        "server_cpu_pct": round(cpu_percent(server_cpu0, server_cpu1, seconds), 1),
        "server_main_cpu_pct": round(main_cpu / seconds * 100, 1),
        # CPU a stored action costs the server's main process (the one event loop), which
        # does not depend on what else the machine runs: 1000 / this = actions/s one core holds.
        "main_cpu_ms_per_action": round(main_cpu / max(actions, 1) * 1000, 2),
        "postgres_cpu_pct": (
            round((pg_cpu1 - pg_cpu0) / seconds * 100, 1) if backend == "postgresql" else None
        ),
        "client_cpu_pct": [round(c, 1) for c in per_client],
        "machine_cpu_pct": round(machine_cpu, 1),
        # Everything else the machine ran meanwhile (other users), per cent of one core.
        "other_cpu_pct": round(max(0.0, machine_cpu * (os.cpu_count() or 1) - ours), 1),
        "busy_before_pct": round(busy_before, 1),
        "other_busiest": busiest_others(all0, all1, our_pids, seconds),
        # Time no process is charged for: interrupts and the hypervisor taking the CPU.
        "softirq_pct": round(
            (getattr(times1, "softirq", 0.0) - getattr(times0, "softirq", 0.0)) / seconds * 100, 1
        ),
        "steal_pct": round(
            (getattr(times1, "steal", 0.0) - getattr(times0, "steal", 0.0)) / seconds * 100, 1
        ),
        "messages_per_s": round(sum(s.messages for s in stats) / max(seconds, 1e-9), 1),
        "reconnects": sum(s.reconnects for s in stats),
        "client_processes_reporting": f"{len(stats)}/{len(pipes)}",
        "server_log_tracebacks": log_errors,
        "server_log": str(log_path),
        "wrong_logins": (
            {
                **login_summary(login_stats, start, end, seconds, plan),
                "accounts_made_s": round(accounts_seconds, 1),
                "login_cpu_pct": round(cpu_percent(login_cpu0, login_cpu1, seconds), 1),
            }
            if login_stats is not None
            else None
        ),
    }


# -- output ---------------------------------------------------------------------------------


def tail_shape(timed: list[tuple[float, float]], start: float) -> dict[str, Any]:
    """When the slowest 1% of actions were sent: spread over the window (the server is busy
    throughout) or bunched in a few seconds (a stall: a pause of the process, the disk, or the
    machine itself, which shows as steal time)."""
    if not timed:
        return {"actions": 0, "seconds": 0, "worst_second": None, "in_worst_second": 0}
    cut = quantile([lat for _, lat in timed], 0.99)
    per_second = Counter(int(at - start) for at, lat in timed if lat >= cut)
    worst, count = per_second.most_common(1)[0]
    return {
        "actions": sum(per_second.values()),
        "seconds": len(per_second),
        "worst_second": worst,
        "in_worst_second": count,
    }


def machine() -> str:
    model = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    memory = psutil.virtual_memory().total / 1024**3
    return (
        f"{os.cpu_count()} cores ({model}), {memory:.0f} GiB RAM, "
        f"Python {platform.python_version()}, {platform.system()} {platform.release()}"
    )


def show(result: dict[str, Any], plan: Plan) -> None:
    lat = result["latency_ms"]
    clients = result["client_cpu_pct"]
    saturated = any(c >= 90 for c in clients)
    loops = "main process" if result["workers"] == 1 else f"{result['workers']} workers"
    if result["wrong_logins"] is not None:
        loops += ", with the argon2 threads"  # `Passwords` hashes on threads of the process
    server_cpu = f"{result['server_cpu_pct']}% ({loops} {result['server_main_cpu_pct']}%)"
    if result["postgres_cpu_pct"] is not None:
        server_cpu += f"; PostgreSQL processes {result['postgres_cpu_pct']}%"
    errors = ", ".join(f"{k} {v}" for k, v in sorted(result["errors"].items())) or "none"
    rows = [
        ("tables / connections", f"{result['tables']} / {result['connections']}"),
        ("all connected after", f"{result['connect_s']} s"),
        ("measured window", f"{result['seconds']} s (after {plan.warmup:g} s warm-up)"),
        ("games finished", f"{result['games_finished']} ({result['games_per_min']} / min)"),
        (
            "actions / s",
            f"{result['actions_per_s']} (scripted clients {result['scripted_actions_per_s']})",
        ),
        ("action→update p50", f"{lat['p50']} ms"),
        ("action→update p95", f"{lat['p95']} ms"),
        ("action→update p99", f"{lat['p99']} ms"),
        ("action→update max", f"{lat['max']} ms  ({result['latency_samples']} actions)"),
        (
            "slowest 1% sent in",
            f"{result['tail']['seconds']} distinct seconds of the window; the worst, second "
            f"{result['tail']['worst_second']}, held {result['tail']['in_worst_second']} of "
            f"the {result['tail']['actions']}",
        ),
        ("unanswered / errors", f"{result['unanswered']} / {errors}"),
        (
            "server RSS end / peak",
            f"{result['rss_mib_end']} / {result['rss_mib_peak']} MiB "
            f"({result['server_processes']} processes; main {result['rss_mib_main']} MiB)",
        ),
        ("server CPU (100% = 1 core)", server_cpu),
        (
            "event-loop CPU / action",
            f"{result['main_cpu_ms_per_action']} ms (one core holds "
            f"{1000 / max(result['main_cpu_ms_per_action'], 1e-9):.0f} actions/s)"
            + (" -- with the hashing, so not the event loop's" if result["wrong_logins"] else ""),
        ),
        (
            "client CPU",
            f"{' + '.join(f'{c}%' for c in clients)} in {len(clients)} processes"
            + (" (SATURATED)" if saturated else " (not saturated)"),
        ),
        (
            "machine CPU (all cores)",
            f"{result['machine_cpu_pct']}%; outside this benchmark {result['other_cpu_pct']}% "
            f"of one core (before the start {result['busy_before_pct']}%; softirq "
            f"{result['softirq_pct']}%, steal {result['steal_pct']}%)"
            + "".join(f"; {name} {pct}%" for name, pct in result["other_busiest"]),
        ),
        ("messages to clients / s", f"{result['messages_per_s']}"),
        (
            "reconnects / server tracebacks",
            f"{result['reconnects']} / {result['server_log_tracebacks']} (client processes "
            f"reporting {result['client_processes_reporting']})",
        ),
    ]
    if result["wrong_logins"] is not None:
        rows += login_rows(result["wrong_logins"])
    width = max(len(k) for k, _ in rows)
    workers = "" if result["workers"] == 1 else f", --workers {result['workers']} with Redis"
    print(f"\n{result['backend']}{workers}")
    for key, value in rows:
        print(f"  {key:<{width}}  {value}")


def counts(found: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in found.items()) or "none"


def login_rows(w: dict[str, Any]) -> list[tuple[str, str]]:
    """`show`'s rows for the wrong-login flood and what a person saw meanwhile."""
    answer, ready = w["answer_ms"], w["ready_ms"]
    rows = [
        (
            "wrong logins / s",
            f"{w['sent_per_s']} sent (asked {w['asked_per_s']:g}; {w['sent']} in the window, "
            f"{w['accounts']} accounts made in {w['accounts_made_s']} s; pace fell behind "
            f"{w['pace_lag_ms']} ms at most; login process CPU {w['login_cpu_pct']}%)",
        ),
        ("wrong logins' answers", counts(w["answers"])),
        (
            "passwords hashed / s",
            f"{w['hashed_per_s']} (the 401s); answers p50 {answer['p50']} ms, p99 "
            f"{answer['p99']} ms, max {answer['max']} ms",
        ),
        (
            f"ready (every {READY_EVERY:g} s)",
            f"{w['ready_200']} of {w['ready_checks']} answered 200 (others: "
            f"{counts(w['ready_other'])}); p50 {ready['p50']} ms, max {ready['max']} ms",
        ),
    ]
    for key, who in (("right", "own browser"), ("right_new_browser", "new browser")):
        r = w[key]
        rows += [
            (
                f"right login, {who} (every {2 * RIGHT_EVERY:g} s)",
                f"{r['ok']} of {r['logins']} got in, {r['first_try']} at the first try (most "
                f"tries {r['tries_max']}; unfinished {r['unfinished']}; failed "
                f"{counts(r['failed'])})",
            ),
            (
                f"right login, {who}, took",
                f"median {r['s']['p50']} s, p99 {r['s']['p99']} s, max {r['s']['max']} s",
            ),
        ]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="measured window")
    parser.add_argument("--warmup", type=float, default=5.0, help="after all are connected")
    parser.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--humans", type=int, default=2, help="scripted seats a table")
    parser.add_argument("--spectators", type=int, default=2, help="spectators a table")
    parser.add_argument("--bot-agent", default="random")
    parser.add_argument("--bot-delay", type=float, default=0.5, help="seconds a bot waits")
    parser.add_argument(
        "--think", type=float, nargs=2, default=[0.5, 1.5], metavar=("MIN", "MAX"),
        help="a scripted seat's think time, uniform, seconds",
    )  # fmt: skip
    parser.add_argument("--bot-workers", type=int, default=2, help="the server's bot processes")
    parser.add_argument("--client-procs", type=int, default=2, help="processes for the clients")
    parser.add_argument(
        "--no-compression", action="store_true", help="no permessage-deflate (browsers use it)"
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (above 1: with Redis)"
    )
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    parser.add_argument(
        "--wrong-logins", type=float, default=0.0, metavar="R",
        help="wrong-password logins a second beside the tables, each from its own address",
    )  # fmt: skip
    parser.add_argument(
        "--login-accounts", type=int, default=200, help="the accounts the logins name"
    )
    parser.add_argument("--json", action="store_true", help="print JSON lines only")
    args = parser.parse_args()
    plan = Plan(
        tables=args.tables,
        seconds=args.seconds,
        warmup=args.warmup,
        players=args.players,
        humans=max(1, args.humans),
        spectators=args.spectators,
        bot_agent=args.bot_agent,
        bot_delay=args.bot_delay,
        think=(args.think[0], args.think[1]),
        bot_workers=args.bot_workers,
        client_procs=max(1, min(args.client_procs, args.tables)),
        compression=not args.no_compression,
        workers=max(1, args.workers),
        redis_url=args.redis_url,
        wrong_logins=max(0.0, args.wrong_logins),
        login_accounts=max(1, args.login_accounts),
    )
    backends = ["sqlite", "postgresql"] if args.backend == "both" else [args.backend]
    command = shlex.join(["python", "-m", "benchmarks.server_load", *sys.argv[1:]])
    if not args.json:
        mix = ", ".join(
            f"{name}{''.join(f' {k}={v}' for k, v in options.items())}"
            for name, options in game_mix()
        )
        print(f"$ {command}")
        print(f"machine: {machine()}")
        print(
            f"load: {plan.tables} tables of {plan.players} players ({mix}, in turn); "
            f"{plan.humans} scripted seats (think {plan.think[0]:g}-{plan.think[1]:g} s) + "
            f"{plan.spectators} spectators a table = {plan.connections} connections; other "
            f"seats {plan.bot_agent} bots (bot_delay {plan.bot_delay:g} s, "
            f"{plan.bot_workers} bot processes); clients "
            f"{'offer' if plan.compression else 'do not offer'} compression (the server "
            "declines it)"
            + (
                f"; beside them {plan.wrong_logins:g} wrong-password logins / s (each from "
                f"its own address, naming {plan.login_accounts} accounts in turn), readiness "
                f"every {READY_EVERY:g} s and a right login every {RIGHT_EVERY:g} s"
                if plan.wrong_logins
                else ""
            )
        )
    results = []
    for backend in backends:
        result = run_backend(backend, plan)
        results.append(result)
        if args.json:
            print(json.dumps({"command": command, **result}))
        else:
            show(result, plan)
    if not args.json:
        parts = [
            f"{r['backend']} (workers {r['workers']}) p99 {r['latency_ms']['p99']} ms, "
            f"{r['games_per_min']} games/min, "
            f"{r['actions_per_s']} actions/s, RSS peak {r['rss_mib_peak']} MiB"
            + (
                f", with {w['sent_per_s']} wrong logins/s ({w['hashed_per_s']} hashed/s): "
                f"ready {w['ready_200']}/{w['ready_checks']}, right login p99 "
                f"{w['right']['s']['p99']} s from the own browser "
                f"({w['right']['ok']}/{w['right']['logins']} got in), "
                f"{w['right_new_browser']['s']['p99']} s from a new one "
                f"({w['right_new_browser']['ok']}/{w['right_new_browser']['logins']})"
                if (w := r["wrong_logins"]) is not None
                else ""
            )
            for r in results
        ]
        met = all(r["latency_ms"]["p99"] < 100 for r in results)
        print(
            f"\nsummary ({plan.tables} tables, {plan.connections} connections): "
            + "; ".join(parts)
            + f" -- target p99 < 100 ms {'met' if met else 'MISSED'}"
        )


if __name__ == "__main__":
    main()
