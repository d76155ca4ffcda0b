"""Move clocks: Tortuga 1667's 30-second rule sends the engine's time-out action, other games
play a bot move on expiry, turn-based tables never expire, and a restart keeps every clock."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.support import ServerProcess, ThreadServer, create_table

OPEN = {"kind": "open"}


def claim_all(url: str, table: dict[str, Any]) -> None:
    """Take every seat of a table whose seats are all open (a join takes only open seats)."""
    assert table["open"] and not table["seats"], "create the table with open seats"
    for seat in table["open"]:
        response = httpx.post(f"{url}/api/tables/{table['table']}/join", json={"seat": seat})
        assert response.status_code == 200, response.text


def wait_version(url: str, table_id: str, at_least: int, timeout: float) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        meta: dict[str, Any] = httpx.get(f"{url}/api/tables/{table_id}").json()
        if meta["version"] >= at_least:
            return meta
        time.sleep(0.1)
    raise AssertionError(f"table {table_id} stayed below version {at_least}")


def test_the_1667_clock_sends_the_time_out_action(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        table = create_table(
            server.url,
            game="tortuga1667",
            players=3,
            seats=[OPEN] * 3,
            clock={"mode": "live", "seconds": 1},
        )
        claim_all(server.url, table)
        meta = httpx.get(f"{server.url}/api/tables/{table['table']}").json()
        assert meta["clock"] == {"mode": "live", "seconds": 1.0, "on_expiry": "rule"}
        assert len(meta["deadlines"]) == 1
        started = time.monotonic()
        meta = wait_version(server.url, table["table"], 1, timeout=10)
        assert time.monotonic() - started >= 0.5
        live = server.server.masters.cache[table["table"]].live
        assert live.state.record().actions[0][1] == {"type": "timeout"}


def test_the_30_second_rule_is_the_default_of_a_live_1667_table(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        table = create_table(server.url, game="tortuga1667", players=3, clock={"mode": "live"})
        meta = httpx.get(f"{server.url}/api/tables/{table['table']}").json()
        assert meta["clock"] == {"mode": "live", "seconds": 30.0, "on_expiry": "rule"}
        refused = httpx.post(
            f"{server.url}/api/tables",
            json={
                "game": "cartagena",
                "players": 2,
                "clock": {"mode": "live", "on_expiry": "rule"},
            },
        )
        assert refused.status_code == 400 and refused.json()["error"] == "bad_clock"


def test_other_games_play_a_bot_move_on_expiry_and_turn_tables_wait(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        live_table = create_table(
            server.url,
            game="cartagena",
            players=2,
            options={"variant": "jamaica"},
            seats=[OPEN] * 2,
            clock={"mode": "live", "seconds": 1},
        )
        turn_table = create_table(
            server.url,
            game="cartagena",
            players=2,
            options={"variant": "jamaica"},
            seats=[OPEN] * 2,
        )
        claim_all(server.url, live_table)
        claim_all(server.url, turn_table)
        meta = wait_version(server.url, live_table["table"], 1, timeout=15)
        assert meta["clock"]["on_expiry"] == "bot"
        time.sleep(1.5)
        turn = httpx.get(f"{server.url}/api/tables/{turn_table['table']}").json()
        assert turn["version"] == 0 and turn["deadlines"] == {}


def test_a_clock_survives_a_kill_and_restart(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "log").start()
    try:
        table = create_table(
            server.url,
            game="tortuga1667",
            players=3,
            seats=[OPEN] * 3,
            clock={"mode": "live", "seconds": 3},
        )
        claim_all(server.url, table)
        meta = httpx.get(f"{server.url}/api/tables/{table['table']}").json()
        deadline = next(iter(meta["deadlines"].values()))
        server.kill()
        assert meta["version"] == 0 and deadline > time.time()
        # The deadline passes while the server is down.
        time.sleep(max(0.0, deadline - time.time()) + 0.5)
        server.start()
        meta = wait_version(server.url, table["table"], 1, timeout=10)
        assert meta["status"] == "active"
    finally:
        server.stop()
