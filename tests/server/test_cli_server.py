"""`buccaneer serve` and `buccaneer connect` as a person runs them: the embedded default in the
data directory, a remote seat played to the end, the record replayed, several workers."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from buccaneer.server.client import SeatClient, agent_decider
from tests.server.support import (
    ServerProcess,
    connect_at_terminal,
    create_table,
    free_port,
    wait_healthy,
)


def cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "buccaneer", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_serve_keeps_tables_in_the_data_directory_by_default(tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "buccaneer", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")},
        start_new_session=True,
    )
    try:
        first = proc.stdout.readline() if proc.stdout else ""
        assert f"serving at http://127.0.0.1:{port}" in first
        wait_healthy(f"http://127.0.0.1:{port}")
        table = create_table(f"http://127.0.0.1:{port}", game="cartagena", players=2)
        assert table["table"]
        assert (tmp_path / "data" / "buccaneer" / "server.db").is_file()
        # The data directory and the database are the operator's alone (docs/server.md,
        # "Security"; tests/server/test_security.py tries it under a permissive umask).
        assert (tmp_path / "data" / "buccaneer").stat().st_mode & 0o777 == 0o700
        assert (tmp_path / "data" / "buccaneer" / "server.db").stat().st_mode & 0o777 == 0o600
    finally:
        proc.terminate()
        proc.wait(10)


def test_connect_plays_a_remote_seat_and_the_record_replays(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "log").start()
    try:
        table = create_table(
            server.url,
            game="tortuga",
            players=2,
            seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
        )
        invite = table["seats"][0]["invite"]
        base, token = invite.split("#token=")
        done = cli("connect", base, "--seat-token", token, "--agent", "heuristic", "--quiet")
        assert done.returncode == 0, done.stdout + done.stderr
        assert "Game over" in done.stdout
        record = httpx.get(f"{server.url}/api/tables/{table['table']}/record")
        path = tmp_path / "game.json"
        path.write_text(record.text)
        replayed = cli("replay", str(path))
        assert replayed.returncode == 0, replayed.stdout + replayed.stderr
        refused = cli("connect", server.url, "--seat-token", "not-a-token", "--agent", "random")
        assert refused.returncode == 2 and "no seat has that token" in refused.stderr
    finally:
        server.stop()


def test_a_person_plays_a_remote_seat_at_the_terminal(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "log").start()
    try:
        table = create_table(
            server.url,
            game="cartagena",
            players=2,
            options={"variant": "jamaica"},
            seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
        )
        invite = table["seats"][0]["invite"]
        done = connect_at_terminal(invite, "x\n1\n1\n", timeout=60)
        # Two moves typed (after one mistake), then the input ends: the player leaves the
        # table as `q` would, keeping the seat.
        assert "'x' is not a number: enter 1 to" in done.stdout
        assert "Your move [1-" in done.stdout and "tunnel" not in done.stderr
        assert done.returncode == 0 and "You left the table" in done.stdout, done.stderr
        meta = httpx.get(f"{server.url}/api/tables/{table['table']}").json()
        assert meta["version"] >= 2
    finally:
        server.stop()


def test_more_workers_need_redis() -> None:
    done = cli("serve", "--workers", "2")
    assert done.returncode == 2 and "--redis-url" in done.stderr


@pytest.mark.timeout(300)
def test_several_workers_share_a_table_through_redis(
    tmp_path: Path, postgres_url: str, redis_url: str
) -> None:
    server = ServerProcess(postgres_url, tmp_path / "log", redis_url=redis_url, workers=2).start()
    try:
        table = create_table(
            server.url,
            game="tortuga1667",
            players=4,
            seats=[{"kind": "human"}] * 3 + [{"kind": "bot", "agent": "random"}],
        )

        async def main() -> list[object]:
            clients = [
                SeatClient(s["invite"], decide=agent_decider("random")) for s in table["seats"]
            ]
            return await asyncio.wait_for(asyncio.gather(*(c.run() for c in clients)), timeout=200)

        outcomes = asyncio.run(main())
        assert all(not o.errors for o in outcomes)  # type: ignore[attr-defined]
        meta = httpx.get(f"{server.url}/api/tables/{table['table']}").json()
        assert meta["status"] == "over"
    finally:
        server.stop()
