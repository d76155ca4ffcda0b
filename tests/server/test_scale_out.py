"""Scale-out under every race: two server processes on one PostgreSQL and Redis, and
`buccaneer serve --workers 2`, each serving a table of every game and variant that is driven
one decision at a time so that actions collide on purpose (two tabs of one seat on different
processes; simultaneous choices of seats on different processes). The referee
(`scale_out.py`) holds every message every connection received against the engine replaying
the stored record: no message differs, no connection is closed, every table finishes, and
every acknowledged action is in the record.

Before the fix, a process that lost a race had already applied its action to its cached game:
it announced the move that was never stored to every connection it held (a hidden card
included), and its copy of the game drifted from the log from then on."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path

import psutil  # type: ignore[import-untyped,unused-ignore]
import pytest

import buccaneer
from tests.server.scale_out import Table, drive
from tests.server.support import ServerProcess

# Every game and variant, at a player count where simultaneous decisions span both processes.
CONFIGS = [
    (name, players, variant)
    for name, spec in buccaneer.GAMES.items()
    for variant, players in zip(
        spec.variants, (spec.min_players, spec.min_players + 1), strict=False
    )
]


# What a server's log must never say: a failure, or a copy of a game that left the stored log.
TROUBLE = ("Traceback", "failed", "cannot follow the stored log", "does not apply")


def quiet_log(process: ServerProcess) -> None:
    text = process.log_path.read_text(errors="replace")
    assert not [word for word in TROUBLE if word in text], text


@pytest.fixture
def pair(tmp_path: Path, postgres_url: str, redis_url: str) -> Iterator[list[ServerProcess]]:
    one = ServerProcess(postgres_url, tmp_path / "one.log", redis_url=redis_url).start()
    two = ServerProcess(postgres_url, tmp_path / "two.log", redis_url=redis_url).start()
    try:
        yield [one, two]
    finally:
        one.stop()
        two.stop()
    quiet_log(one)
    quiet_log(two)


@pytest.fixture
def workers(tmp_path: Path, postgres_url: str, redis_url: str) -> Iterator[ServerProcess]:
    both = ServerProcess(postgres_url, tmp_path / "w.log", redis_url=redis_url, workers=2)
    both.start()
    try:
        yield both
    finally:
        both.stop()
    quiet_log(both)


def connections_per_worker(server: ServerProcess) -> list[int]:
    """How many connections each of `--workers N`'s processes holds on the server's port."""
    assert server.proc is not None
    counts = []
    for child in psutil.Process(server.proc.pid).children():
        held = [
            c
            for c in child.net_connections(kind="tcp")
            if c.status == psutil.CONN_ESTABLISHED and c.laddr.port == server.port
        ]
        if held:
            counts.append(len(held))
    return counts


def play_everything(
    urls: tuple[str, str], seed: int, opened: Callable[[], None] = lambda: None
) -> None:
    tables = [
        Table(game, players, dict(variant), urls, seed=seed + i)
        for i, (game, players, variant) in enumerate(CONFIGS)
    ]
    found = asyncio.run(drive(tables, opened))
    assert not found, f"{len(found)} broken promises:\n" + "\n".join(found[:40])
    turns = [turn for table in tables for turn in table.turns]
    # The races did happen: tabs of one seat were refused, and simultaneous choices of seats
    # on different processes were all acknowledged.
    assert any(t.kind == "two tabs" and t.refused for t in turns)
    assert any(t.kind == "one tab" and len(t.accepted) > 1 for t in turns)


@pytest.mark.timeout(600)
def test_two_processes_keep_every_promise_under_races(pair: list[ServerProcess]) -> None:
    play_everything((pair[0].url, pair[1].url), seed=1)


@pytest.mark.timeout(600)
def test_two_workers_keep_every_promise_under_races(workers: ServerProcess) -> None:
    """One address, two processes: the connections must be spread over both (each seat's
    two tabs and each table's spectators among them), or nothing here would race."""
    spread: list[list[int]] = []
    play_everything(
        (workers.url, workers.url),
        seed=2,
        opened=lambda: spread.append(connections_per_worker(workers)),
    )
    assert len(spread[0]) == 2 and min(spread[0]) >= 5, spread
