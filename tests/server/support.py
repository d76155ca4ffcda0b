"""Real servers for the tests: `buccaneer serve` in a subprocess, or uvicorn in a thread (for
tests that must reach inside the process), on free ports, with real databases."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from buccaneer.core import get_spec
from buccaneer.server.app import Server, create_app
from buccaneer.server.master import Masters
from buccaneer.server.settings import Settings

# Tests open many connections from one address; the limits under test are set per test.
# How long a test waits for an answer that hashes a password: the server's argon2 threads run
# below the priority of everything else (server/passwords.py), which on a test machine kept
# busy by browsers and other servers can mean seconds for one hash. The wait is an upper
# bound of the test, never a figure it checks.
HASHING = 120.0

RELAXED = {
    "message_rate": 1000.0,
    "message_burst": 2000.0,
    "address_message_rate": 100000.0,
    "address_message_burst": 200000.0,
    "http_rate": 10000.0,
    "http_burst": 20000.0,
    "connections_per_address": 5000,
    "signup_rate": 10000.0,
    "signup_burst": 20000.0,
    "report_rate": 10000.0,
    "report_burst": 20000.0,
    "table_rate": 10000.0,
    "table_burst": 20000.0,
    "sweep_seconds": 1.0,
    # The test machine's cores are kept busy on purpose (three workers, browsers, servers):
    # in the idle class a login's hash would wait there for tens of seconds. The idle class
    # itself is tested in test_passwords.py, and measured by the load benchmark.
    "idle_login_hashing": False,
}


# Ports for the servers tests start: each pytest-xdist worker has a range of its own, below
# the kernel's ephemeral ports (32768 and up, where client sockets get theirs), and walks it in
# order. Asking the kernel for a free port (bind to 0) raced: another worker could be handed
# the same port between our probe and our server's bind, and a port freed by one test could be
# given at once to the next, where the last test's reconnecting clients then arrived (a table
# appeared in another test's lobby; a fuzz connection was closed by a server shutting down).
PORTS_PER_WORKER = 2000
_next_port: list[int] = []


def free_port() -> int:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    base = 12000 + PORTS_PER_WORKER * (int(worker) if worker.isdigit() else 0)
    if not _next_port:
        _next_port.append(0)
    for _ in range(PORTS_PER_WORKER):
        port = base + _next_port[0] % PORTS_PER_WORKER
        _next_port[0] += 1
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue  # in use (a server of an earlier test still closing, or anyone's)
            return port
    raise RuntimeError(f"no free port in {base}-{base + PORTS_PER_WORKER - 1}")


def wait_healthy(
    url: str,
    timeout: float = 60.0,
    proc: subprocess.Popen[bytes] | None = None,
    processes: int = 1,
) -> None:
    """Until `processes` different server processes have answered the health check, each on
    a new connection: with `--workers N` the first worker up answers while the others may
    still be importing, and every connection opened before they listen goes to the first
    (a test that needs connections spread over the workers would find them all on one)."""
    deadline = time.monotonic() + timeout
    answered: set[int] = set()
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            answer = httpx.get(f"{url}/api/health", timeout=1.0)
            if answer.status_code == 200:
                answered.add(answer.json()["process"])
                if len(answered) >= processes:
                    return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"the server at {url} did not come up ({len(answered)} processes)")


@dataclass
class ServerProcess:
    """`python -m buccaneer serve` as a child process (its own process group, so a SIGKILL
    takes its bot pool with it, as a machine losing the server would)."""

    database_url: str
    log_path: Path
    redis_url: str | None = None
    workers: int = 1
    bot_workers: int = 1
    env: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    limits: dict[str, Any] = field(default_factory=lambda: dict(RELAXED))
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        command = [
            sys.executable,
            "-m",
            "buccaneer",
            "serve",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
            "--bot-workers",
            str(self.bot_workers),
        ]
        if self.redis_url:
            command += ["--redis-url", self.redis_url]
        if self.workers > 1:
            command += ["--workers", str(self.workers)]
        for key, value in self.limits.items():
            command += ["--set", f"{key}={value}"]
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, **self.env},
        )
        wait_healthy(self.url, proc=self.proc, processes=self.workers)
        return self

    def kill(self) -> None:
        """SIGKILL, no goodbye."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class ThreadServer:
    """uvicorn in a thread of the test process: real sockets, and the `Server` object within
    reach (for the leak test's twin worlds)."""

    def __init__(self, database_url: str, redis_url: str | None = None, **limits: Any):
        self.port = free_port()
        values = {**RELAXED, **limits}
        self.settings = Settings(
            database_url=database_url,
            redis_url=redis_url,
            port=self.port,
            **{"bot_workers": 1, **values},
        )
        self.app = create_app(self.settings)
        self.server: Server = self.app.state.server
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws_max_size=self.settings.frame_limit,
        )
        self.uvicorn = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.uvicorn.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        wait_healthy(self.url)
        return self

    def __exit__(self, *exc: object) -> None:
        self.uvicorn.should_exit = True
        self.thread.join(20)

    def run(self, coro: Any, timeout: float = 30) -> Any:
        """Run `coro` on the server's own event loop (its tables and locks live there)."""
        loop = self.server.loops[0].get_loop()
        return asyncio.run_coroutine_threadsafe(coro, loop).result(timeout)


async def new_table(service: Masters, game: str, players: int, **options: Any) -> str:
    """A table of people only, every seat taken, so it starts at once (made in-process)."""
    return await service.create(
        get_spec(game),
        players=players,
        options=options,
        seats=[{"kind": "human", "claimed": True}] * players,
        clock={"mode": "turn"},
        listed=False,
        bot_delay=0.0,
    )


def create_table(url: str, **body: Any) -> dict[str, Any]:
    return create_table_as(url, None, **body)


def create_table_as(url: str, session: str | None, **body: Any) -> dict[str, Any]:
    """A table made over HTTP, by the account of `session` (None: without an account)."""
    body.setdefault("bot_delay", 0)
    headers = {"Authorization": f"Bearer {session}"} if session else {}
    response = httpx.post(f"{url}/api/tables", json=body, headers=headers, timeout=30)
    assert response.status_code == 201, response.text
    return dict(response.json())


def person_against_a_bot(url: str) -> dict[str, Any]:
    """A two-seat Cartagena table: an invite for a person, and a random bot that moves at once."""
    return create_table(
        url,
        game="cartagena",
        players=2,
        seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
        bot_delay=0,
    )


def connect_at_terminal(
    invite: str, typed: str, timeout: float
) -> subprocess.CompletedProcess[str]:
    """`buccaneer connect INVITE --agent human` with `typed` as the person's keystrokes."""
    return subprocess.run(
        [sys.executable, "-m", "buccaneer", "connect", invite, "--agent", "human"],
        input=typed,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def random_decider(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> Any:
    """Any offered action (for clients whose game has no view rebuild)."""
    return rng.choice(legal)["action"]


@contextlib.contextmanager
def timing() -> Iterator[list[float]]:
    out: list[float] = []
    start = time.perf_counter()
    yield out
    out.append(time.perf_counter() - start)
