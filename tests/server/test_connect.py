"""`buccaneer connect` finishes its games: a fast agent that runs into the server's rate limit
sends what was refused again once allowed (and only while it is still an answer to the table
as it is), a dropped connection comes back with jittered exponential back-off and the last
version, a person at the terminal has `play`'s `?`, `b` and `q`, and the command needs only
the package's core.

The servers are real (uvicorn in a thread, SQLite); every wait is for a condition (a message,
a refused attempt, the end of a game), bounded by a timeout that only a failure reaches.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import buccaneer
from buccaneer.server.client import (
    Backoff,
    ClientError,
    Outcome,
    SeatClient,
    agent_decider,
    device_key,
)
from tests.server.support import ThreadServer, connect_at_terminal, create_table
from tests.server.wsclient import Ws

# One message at a time, a hundred a second, for the address (the test's): while a flood from
# the same address drains the bucket, each client's next message is refused, whatever the
# machine's speed; after the flood the longest game is not slowed much.
RATE, BURST = 100.0, 1.0
# The flood's frames go in batches, each answered before the next (the server's queue for a
# connection stays short, so it is never closed as a client that reads nothing).
BATCH = 50
# The server's extra (pyproject.toml): `buccaneer connect` must run without any of it.
SERVER_EXTRA = (
    "fastapi",
    "uvicorn",
    "starlette",
    "sqlalchemy",
    "alembic",
    "aiosqlite",
    "redis",
    "psycopg",
    "argon2",
    "confusable_homoglyphs",
    "orjson",
    "prometheus_client",
    "aiosmtplib",
    "uvloop",
)


def seats(players: int) -> list[dict[str, Any]]:
    """Seat 0 for the client, the others for the server's random bots."""
    return [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)


def new_table(url: str, game: str) -> dict[str, Any]:
    players = buccaneer.GAMES[game].min_players
    return create_table(url, game=game, players=players, seats=seats(players), bot_delay=0)


# -- whole games under the rate limit -------------------------------------------------------------


async def flood(url: str, clients: dict[str, SeatClient]) -> None:
    """Frames from the clients' address until every game's client has been refused once (or
    its game is over): the address's bucket stays empty meanwhile, so the refusals do not
    depend on how fast this machine happens to be."""

    def done() -> bool:
        return len(clients) == len(buccaneer.GAMES) and all(
            c.outcome.errors or c.view.get("over") for c in clients.values()
        )

    async with Ws(url) as ws:
        while not done():
            for _ in range(BATCH):
                await ws.send("{}")
            for _ in range(BATCH):
                await ws.recv("error")


async def play_every_game(url: str) -> dict[str, Outcome]:
    """One table of each registered game, its seat 0 played by `--agent random`'s decider,
    while a flood from the same address lasts."""
    clients: dict[str, SeatClient] = {}

    async def play(index: int, game: str) -> tuple[str, Outcome]:
        table = await asyncio.to_thread(new_table, url, game)
        client = SeatClient(table["seats"][0]["invite"], decide=agent_decider("random"), seed=index)
        clients[game] = client
        return game, await client.run()

    async def games() -> list[tuple[str, Outcome]]:
        played, _ = await asyncio.gather(
            asyncio.gather(*(play(i, game) for i, game in enumerate(buccaneer.GAMES))),
            flood(url, clients),
        )
        return played

    try:
        return dict(await asyncio.wait_for(games(), timeout=150))
    except TimeoutError:
        stuck = {
            game: (c.version, c.asked, c.acted_for, c.outcome.errors[-2:])
            for game, c in clients.items()
            if not c.view.get("over")
        }
        raise AssertionError(f"games that did not finish: {stuck}") from None


@pytest.mark.timeout(240)
def test_every_game_finishes_through_the_rate_limit(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url, address_message_rate=RATE, address_message_burst=BURST) as server:
        outcomes = asyncio.run(play_every_game(server.url))
        for game, outcome in outcomes.items():
            meta = httpx.get(f"{server.url}/api/tables/{outcome.table}").json()
            assert outcome.view["over"] and meta["status"] == "over", game
            assert meta["version"] == outcome.version, game
            assert outcome.off_list == 0, game
            # Only the rate limit refused anything: every action sent again was still valid.
            assert {e["code"] for e in outcome.errors} <= {"rate_limited"}, outcome.errors
    refused = {game: len(o.errors) for game, o in outcomes.items()}
    assert all(refused.values()), f"the limit did not bite in every game: {refused}"
    assert sum(o.resent for o in outcomes.values()) >= 1


# -- drops and back-off ---------------------------------------------------------------------------


class Gate:
    """A TCP relay between a client and the server that the test opens and shuts. Open, it
    pipes each connection through; shut, it closes each new one at once (to the client, an
    attempt that failed) and notes when; `cut` drops the connections it pipes (a blip)."""

    def __init__(self, upstream: int) -> None:
        self.upstream = upstream
        self.is_open = True
        self.refused: list[float] = []
        self.knock = asyncio.Event()
        self.links: set[asyncio.StreamWriter] = set()
        self.listener: asyncio.Server | None = None

    async def __aenter__(self) -> Gate:
        self.listener = await asyncio.start_server(self.serve, "127.0.0.1", 0)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.cut()
        if self.listener is not None:
            self.listener.close()
            await self.listener.wait_closed()

    @property
    def port(self) -> int:
        assert self.listener is not None
        return int(self.listener.sockets[0].getsockname()[1])

    def link(self, invite: str) -> str:
        """The same link, through the gate."""
        return invite.replace(f":{self.upstream}/", f":{self.port}/", 1)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.is_open:
            self.refused.append(time.monotonic())
            self.knock.set()
            writer.close()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream)
        self.links |= {writer, up_writer}
        try:
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        finally:
            self.links -= {writer, up_writer}

    def cut(self) -> None:
        for writer in list(self.links):
            writer.transport.abort()

    async def refusals(self, count: int) -> list[float]:
        """When the first `count` attempts were refused, once there have been that many."""
        while len(self.refused) < count:
            self.knock.clear()
            await self.knock.wait()
        return self.refused[:count]


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    writer.transport.abort()


FIRST, CAP = 0.1, 1.0  # the back-off of the drop test


async def drop_and_come_back(port: int, invite: str) -> tuple[Outcome, list[float]]:
    """Play; at the first news cut the connection and keep the server away for five attempts;
    then let the client back and play to the end."""
    heard = asyncio.Event()

    def note(message: dict[str, Any]) -> None:
        if message.get("type") in ("sync", "update"):
            heard.set()

    async with Gate(port) as gate:
        client = SeatClient(
            gate.link(invite),
            decide=agent_decider("random"),
            seed=5,
            keep_messages=True,
            on_message=note,
            backoff=Backoff(first=FIRST, cap=CAP),
        )
        playing = asyncio.create_task(client.run())
        await asyncio.wait_for(heard.wait(), 30)
        gate.is_open = False
        gate.cut()
        refused = await asyncio.wait_for(gate.refusals(5), 30)
        gate.is_open = True
        return await asyncio.wait_for(playing, 120), refused


@pytest.mark.timeout(180)
def test_a_dropped_connection_comes_back_with_back_off_and_plays_on(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        table = new_table(server.url, "tortuga1667")  # any game: the drop is the point
        outcome, refused = asyncio.run(drop_and_come_back(server.port, table["seats"][0]["invite"]))
    # Each wait is at least half of first * 2**n (the jitter never goes below), so the waits
    # grow: no busy loop, and not a fixed pause either.
    gaps = [later - earlier for earlier, later in itertools.pairwise(refused)]
    for n, gap in enumerate(gaps):
        least = 0.5 * min(CAP, FIRST * 2**n)
        assert gap >= least - 0.01, (n, gaps)
    assert outcome.view["over"] and outcome.reconnects >= 1
    # It came back with its version: the server answered with what it missed (an update
    # carrying the table), not a sync from nothing.
    assert outcome.messages[0]["type"] == "sync"
    assert any(m["type"] == "update" and "table" in m for m in outcome.messages[1:])


@pytest.mark.timeout(120)
def test_a_refusal_for_good_stops_at_once_and_a_server_gone_is_given_up(sqlite_url: str) -> None:
    async def main(url: str, port: int) -> tuple[SeatClient, list[float], float]:
        unknown = SeatClient(url, "not-a-token", agent_decider("random"))
        with pytest.raises(ClientError, match="no seat has that token"):
            await asyncio.wait_for(unknown.run(), 30)
        async with Gate(port) as gate:
            gate.is_open = False
            lost = SeatClient(
                f"http://127.0.0.1:{gate.port}",
                "any-token",
                agent_decider("random"),
                give_up_after=0.5,
                backoff=Backoff(first=0.05, cap=1.0),
            )
            start = time.monotonic()
            with pytest.raises(ClientError, match="unreachable"):
                await asyncio.wait_for(lost.run(), 30)
            return unknown, gate.refused, time.monotonic() - start

    with ThreadServer(sqlite_url) as server:
        unknown, attempts, took = asyncio.run(main(server.url, server.port))
    assert unknown.outcome.reconnects == 0
    # Waits of at least 0.025, 0.05, 0.1, 0.2 s, the last cut to the moment it gives up: a
    # handful of attempts in half a second, never a busy loop.
    assert 2 <= len(attempts) <= 8, attempts
    assert took >= 0.5


# -- a person at the terminal ---------------------------------------------------------------------


async def sits_again(url: str, token: str, **fields: Any) -> dict[str, Any]:
    async with Ws(url) as ws:
        return await ws.hello(token=token, **fields)


@pytest.mark.timeout(120)
def test_a_person_asks_for_help_and_the_board_then_leaves(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        table = new_table(server.url, min(buccaneer.GAMES))
        invite = table["seats"][0]["invite"]
        done = connect_at_terminal(invite, "?\nb\nq\n", timeout=90)
        out = done.stdout
        assert done.returncode == 0, out + done.stderr
        assert "? or help: this text" in out and "q or quit: leave the table" in out
        assert out.count("(seat 0)") == 2, out  # the board when asked, and again on `b`
        assert out.count("Your move [1-") == 3, out
        assert "You left the table. Your seat stays yours" in out and "Game over" not in out
        # The table goes on without the player, and the link opens their seat again on this
        # machine (its device key), to nobody else (docs/server.md, "Seat owners").
        assert httpx.get(f"{server.url}/api/tables/{table['table']}").json()["status"] == "active"
        token = table["seats"][0]["token"]
        back = asyncio.run(sits_again(server.url, token, key=device_key()))
        assert back["type"] == "sync" and back["seat"] == 0, back
        elsewhere = asyncio.run(sits_again(server.url, token))
        assert elsewhere["type"] == "error" and elsewhere["code"] == "seat_taken", elsewhere


# -- the core install -----------------------------------------------------------------------------

WITHOUT_THE_SERVER = """
import sys
for name in {blocked!r}:
    sys.modules[name] = None
import buccaneer.cli_support.connect
loaded = sorted(m for m in sys.modules if m.startswith("buccaneer.server."))
assert loaded == ["buccaneer.server.client"], loaded
sys.argv = ["buccaneer", "--help"]
from buccaneer.cli import main
main()
"""


def test_connect_needs_nothing_of_the_server_extra() -> None:
    """The server's libraries are hidden from the process as they would be absent from a
    core install; the command's module and `buccaneer --help` still load."""
    code = WITHOUT_THE_SERVER.format(blocked=SERVER_EXTRA)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "connect" in done.stdout


def test_the_device_key_is_made_once_and_kept_for_the_user_alone(tmp_path: Path) -> None:
    key = device_key(tmp_path)
    assert len(key) >= 32 and device_key(tmp_path) == key
    assert (tmp_path / "device-key").stat().st_mode & 0o077 == 0
    assert device_key(tmp_path / "elsewhere") != key
