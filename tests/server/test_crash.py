"""Crash test: the server is killed with SIGKILL at random moments during games and started
again. Every state a client was told about is a prefix of the final stored game (nothing
acknowledged is lost or rewritten), and every table plays on to its end (none is stuck)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

import buccaneer
from buccaneer.core import GameRecord
from buccaneer.server.client import Outcome, SeatClient, agent_decider
from tests.server.support import ServerProcess, create_table

KILLS = 5
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("cartagena", 3, {"variant": "jamaica"}),
    ("cartagena", 2, {"variant": "tortuga"}),
    ("tortuga", 2, {}),
    ("tortuga", 3, {}),
    ("tortuga1667", 4, {}),
    ("tortuga1667", 3, {"advanced_setup": True}),
]


def seen_states(outcome: Outcome) -> list[tuple[int, dict[str, Any]]]:
    return [(m["version"], m["view"]) for m in outcome.messages if m["type"] in ("sync", "update")]


def check_prefixes(record: GameRecord, watched: list[tuple[int | None, Outcome]]) -> int:
    """Every (version, view) any client saw equals the stored game's view at that version."""
    spec = buccaneer.GAMES[record.game]
    state = buccaneer.load(record.game, record.players, seed=record.seed, **record.options)
    wanted: dict[int, list[tuple[int | None, dict[str, Any]]]] = {}
    for seat, outcome in watched:
        for version, view in seen_states(outcome):
            assert version <= len(record.actions), "a client saw a version the log lost"
            wanted.setdefault(version, []).append((seat, view))
    checked = 0
    for version in range(len(record.actions) + 1):
        if version:
            seat, action = record.actions[version - 1]
            state.apply(seat, spec.action_from_json(action))
        for seat, view in wanted.get(version, []):
            assert state.view(seat) == view, f"version {version} differs for seat {seat}"
            checked += 1
    return checked


@pytest.mark.timeout(480)
def test_kill_9_at_random_moments_loses_nothing(database_url: str, tmp_path: Path) -> None:
    server = ServerProcess(database_url, tmp_path / "server.log").start()
    rng = random.Random(1667)
    kills = 0

    # Every table is made before the first kill: a table's creation is one request, and the
    # kills are for the games (a create cut off by a kill is the test's own race, not a loss).
    all_made = asyncio.Event()

    async def chaos(done: asyncio.Event) -> None:
        nonlocal kills
        await all_made.wait()
        for _ in range(KILLS):
            await asyncio.sleep(rng.uniform(0.3, 1.0))
            if done.is_set():
                return
            await asyncio.to_thread(server.kill)
            kills += 1
            await asyncio.sleep(rng.uniform(0.0, 0.5))
            await asyncio.to_thread(server.start)

    # What each table's clients knew, for the message should one never end.
    created: dict[tuple[str, int, str], tuple[str, list[SeatClient]]] = {}

    async def play(game: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
        seats = [{"kind": "bot", "agent": "random"}] + [
            {"kind": "human"} for _ in range(players - 1)
        ]
        table = await asyncio.to_thread(
            create_table,
            server.url,
            game=game,
            players=players,
            options=options,
            seats=seats,
            bot_delay=0.02,
        )
        clients = [
            SeatClient(
                s["invite"], decide=agent_decider("random"), keep_messages=True, give_up_after=60
            )
            for s in table["seats"]
        ]
        watcher = SeatClient(table["spectator"], keep_messages=True, give_up_after=60)
        created[(game, players, repr(options))] = (table["table"], [*clients, watcher])
        if len(created) == len(TABLES):
            all_made.set()
        outcomes = await asyncio.gather(*(c.run() for c in [*clients, watcher]))
        return {"table": table["table"], "outcomes": outcomes}

    def explain(stuck: list[tuple[str, int, dict[str, Any]]]) -> str:
        """Where each stuck table is, what each of its clients last heard, the server's log."""
        lines = []
        for game, players, options in stuck:
            table_id, clients = created.get((game, players, repr(options)), ("?", []))
            meta = httpx.get(f"{server.url}/api/tables/{table_id}").json()
            lines.append(f"{game} {players} {options} {table_id}: {meta}")
            lines += [
                f"  seat {c.seat}: version {c.version} asked {c.asked} acted for {c.acted_for} "
                f"legal {len(c.legal)} handed {c.handed} reconnects {c.outcome.reconnects} "
                f"errors {c.outcome.errors[-2:]}"
                for c in clients
            ]
        log = server.log_path.read_text(errors="replace").splitlines()
        return "\n".join([*lines, "server log, last 40 lines:", *log[-40:]])

    async def main() -> list[dict[str, Any]]:
        done = asyncio.Event()
        monkey = asyncio.create_task(chaos(done))
        try:
            tasks = [asyncio.create_task(play(*t)) for t in TABLES]
            _, waiting = await asyncio.wait(tasks, timeout=300)
            if waiting:
                stuck = [TABLES[i] for i, t in enumerate(tasks) if t in waiting]
                raise AssertionError(f"stuck after {kills} kills: {stuck}\n" + explain(stuck))
            return [t.result() for t in tasks]
        finally:
            done.set()
            all_made.set()  # a chaos still waiting for the tables (one failed) ends too
            await monkey

    try:
        results = asyncio.run(main())
        checked = 0
        reconnects = 0
        for result in results:
            record = GameRecord.from_dict(
                httpx.get(f"{server.url}/api/tables/{result['table']}/record").json()
            )
            assert buccaneer.replay(record).is_over()
            *seats, watcher = result["outcomes"]
            watched = [(o.seat, o) for o in seats] + [(None, watcher)]
            checked += check_prefixes(record, watched)
            reconnects += sum(o.reconnects for o in result["outcomes"])
    finally:
        server.stop()
    # Games may end before the last kills come; three at least fell in the middle of them.
    assert kills >= 3, f"only {kills} kills fell during the games"
    assert reconnects > 0 and checked > 100
