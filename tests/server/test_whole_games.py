"""Whole games of every game, player count and variant over real WebSockets, on SQLite and
PostgreSQL: remote clients (the one `buccaneer connect` uses) and server bots share each
table, a spectator watches, and the stored record replays to the final state everyone saw."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

import buccaneer
from buccaneer.core import GameRecord
from buccaneer.server.client import SeatClient, agent_decider
from tests.conformance.harness import CONFIGS, Config
from tests.server.support import ServerProcess, create_table, random_decider


def remote_decider(config: Config) -> Any:
    """A remote seat plays the random agent on a world rebuilt from its view (where the game
    can rebuild one), else any offered action."""
    if config.spec.from_view is not None:
        return agent_decider("random")
    return random_decider


async def play_table(url: str, config: Config, index: int) -> dict[str, Any]:
    seats = [
        {"kind": "human"} if seat % 2 == 0 else {"kind": "bot", "agent": "random"}
        for seat in range(config.players)
    ]
    table = await asyncio.to_thread(
        create_table,
        url,
        game=config.spec.name,
        players=config.players,
        options=config.options,
        seats=seats,
    )
    clients = [
        SeatClient(
            s["invite"],
            decide=remote_decider(config),
            seed=index * 100 + s["seat"],
            keep_messages=True,
        )
        for s in table["seats"]
    ]
    spectator = SeatClient(table["spectator"], keep_messages=True)
    try:
        outcomes = await asyncio.wait_for(
            asyncio.gather(*(c.run() for c in [*clients, spectator])), timeout=120
        )
    except TimeoutError:
        meta = await asyncio.to_thread(httpx.get, f"{url}/api/tables/{table['table']}")
        stuck = [
            (
                c.seat,
                c.version,
                c.acted_for,
                c.asked,
                c.outcome.reconnects,
                c.view.get("to_move"),
                c.outcome.errors[-3:],
            )
            for c in clients
        ]
        trail = [
            [
                (m["type"], m.get("version"), m.get("status"), m.get("asked"))
                for m in c.outcome.messages
            ]
            for c in clients
        ]
        raise AssertionError(
            f"{config.id} stuck: {trail}: clients {stuck} table {meta.json()}"
        ) from None
    return {"table": table, "outcomes": outcomes, "config": config}


async def play_all(url: str) -> list[dict[str, Any]]:
    return await asyncio.gather(*(play_table(url, c, i) for i, c in enumerate(CONFIGS)))


def check(url: str, result: dict[str, Any]) -> None:
    config: Config = result["config"]
    table_id = result["table"]["table"]
    *seats, spectator = result["outcomes"]
    record = GameRecord.from_dict(httpx.get(f"{url}/api/tables/{table_id}/record").json())
    final = buccaneer.replay(record)
    assert final.is_over(), config.id
    assert spectator.view == final.view(None), config.id
    assert spectator.version == len(record.actions), config.id
    for outcome in seats:
        assert outcome.view == final.view(outcome.seat), (config.id, outcome.seat)
        assert outcome.errors == [], (config.id, outcome.errors)
        assert outcome.off_list == 0, config.id
    # Every seat played its own moves: people's and bots' seats both appear in the log.
    assert {seat for seat, _ in record.actions} >= {0} | ({1} if config.players > 1 else set())
    meta = httpx.get(f"{url}/api/tables/{table_id}").json()
    assert meta["status"] == "over" and meta["version"] == len(record.actions)


@pytest.mark.timeout(600)
def test_every_game_to_the_end_over_websockets(database_url: str, tmp_path: Path) -> None:
    server = ServerProcess(database_url, tmp_path / "server.log").start()
    try:
        results = asyncio.run(play_all(server.url))
        for result in results:
            check(server.url, result)
    finally:
        server.stop()
    assert len(results) == len(CONFIGS)
