"""Two server processes sharing PostgreSQL and Redis serve one table: players connected to
different processes play it to the end, every update reaches every player, and a conflict
between the processes is settled by the database."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

import buccaneer
from buccaneer.core import GameRecord
from buccaneer.server.client import SeatClient, agent_decider
from tests.server.support import RELAXED, ServerProcess, create_table
from tests.server.wsclient import Ws

GAMES = [
    ("cartagena", 3, {"variant": "jamaica"}),
    ("tortuga", 2, {}),
    ("tortuga1667", 4, {}),
]


@pytest.fixture
def pair(tmp_path: Path, postgres_url: str, redis_url: str) -> Any:
    one = ServerProcess(postgres_url, tmp_path / "one.log", redis_url=redis_url).start()
    two = ServerProcess(postgres_url, tmp_path / "two.log", redis_url=redis_url).start()
    yield one, two
    one.stop()
    two.stop()


@pytest.mark.timeout(300)
def test_players_on_different_processes_play_one_table(pair: Any) -> None:
    one, two = pair

    async def play(game: str, players: int, options: dict[str, Any]) -> None:
        seats = [{"kind": "human"} for _ in range(players - 1)] + [
            {"kind": "bot", "agent": "random"}
        ]
        table = await asyncio.to_thread(
            create_table, one.url, game=game, players=players, options=options, seats=seats
        )
        clients = []
        for seat in table["seats"]:
            server = (one, two)[seat["seat"] % 2]
            link = seat["invite"].replace(one.url, server.url)
            clients.append(SeatClient(link, decide=agent_decider("random"), keep_messages=True))
        watchers = [
            SeatClient(f"{server.url}/tables/{table['table']}", keep_messages=True)
            for server in (one, two)
        ]
        outcomes = await asyncio.wait_for(
            asyncio.gather(*(c.run() for c in [*clients, *watchers])), timeout=200
        )
        record = GameRecord.from_dict(
            httpx.get(f"{two.url}/api/tables/{table['table']}/record").json()
        )
        final = buccaneer.replay(record)
        for outcome in outcomes[: len(clients)]:
            assert outcome.errors == [], outcome.errors
            assert outcome.view == final.view(outcome.seat)
        for watcher in outcomes[len(clients) :]:
            assert watcher.view == final.view(None)
            # Every version reached every watcher (no update lost between the processes):
            # the log lines it was sent cover every version that wrote one.
            lines = [m for m in watcher.messages if m["type"] in ("sync", "update")]
            assert lines[-1]["version"] == len(record.actions)
        versions_sent = {
            line["version"]
            for m in outcomes[-1].messages
            if m["type"] in ("sync", "update")
            for line in m["log"]
        }
        final_log_versions = set()
        replayed = buccaneer.load(record.game, record.players, seed=record.seed, **record.options)
        spec = buccaneer.GAMES[record.game]
        for v, (seat, action) in enumerate(record.actions, 1):
            before = len(replayed.log_for(None))
            replayed.apply(seat, spec.action_from_json(action))
            if len(replayed.log_for(None)) > before:
                final_log_versions.add(v)
        assert final_log_versions <= versions_sent

    async def main() -> None:
        await asyncio.gather(*(play(*game) for game in GAMES))

    asyncio.run(main())


def test_a_conflict_between_processes_is_settled_by_the_database(pair: Any) -> None:
    one, two = pair

    async def main() -> None:
        table = create_table(one.url, game="cartagena", players=2, options={"variant": "tortuga"})
        red, blue = table["seats"]
        async with Ws(one.url) as a, Ws(two.url) as b, Ws(two.url) as c:
            await a.hello(token=red["token"])
            await c.hello(token=blue["token"])
            await b.hello(token=red["token"])
            start = await a.until(lambda m: m["asked"] is not None)
            await b.until(lambda m: m["asked"] is not None)
            moves = [start["legal"][0]["action"], start["legal"][-1]["action"]]
            await asyncio.gather(
                a.send({"type": "action", "version": start["version"], "action": moves[0]}),
                b.send({"type": "action", "version": start["version"], "action": moves[1]}),
            )
            await asyncio.sleep(1.0)
            got = await a.quiet(0.5) + await b.quiet(0.5)
            errors = [m for m in [*a.seen, *b.seen] if m["type"] == "error"]
            assert [e["code"] for e in errors] == ["stale"], got
            # Both tabs and the other player end at the one version the database kept.
            for ws in (a, b, c):
                await ws.until(lambda m: m["version"] == start["version"] + 1, timeout=10)
        meta = httpx.get(f"{one.url}/api/tables/{table['table']}").json()
        assert meta["version"] == start["version"] + 1

    asyncio.run(main())


def test_the_last_two_seats_taken_at_once_on_two_processes_start_the_table(pair: Any) -> None:
    """Each process saw the other seat still free when it wrote its own claim; the table must
    start anyway (it once stayed waiting forever, with every seat taken)."""
    one, two = pair

    async def race() -> None:
        table = create_table(one.url, game="cartagena", players=2, options={"variant": "tortuga"})
        red, blue = table["seats"]
        async with Ws(one.url) as a, Ws(two.url) as b:
            await asyncio.gather(a.hello(token=red["token"]), b.hello(token=blue["token"]))
            for ws in (a, b):
                await ws.until(
                    lambda m: m.get("status", m.get("table", {}).get("status")) == "active",
                    timeout=10,
                )

    async def main() -> None:
        for _ in range(15):
            await race()

    asyncio.run(main())


def test_two_joins_for_one_seat_on_two_processes_give_it_to_one(pair: Any) -> None:
    """Both processes see the seat free; the database gives it to exactly one join, and the
    other is refused (before, the second overwrote the first's token)."""
    one, two = pair

    async def race() -> None:
        table = create_table(one.url, game="tortuga", players=3, seats=[{"kind": "open"}] * 3)

        def join(url: str) -> httpx.Response:
            return httpx.post(f"{url}/api/tables/{table['table']}/join", json={"seat": 1})

        answers = await asyncio.gather(
            asyncio.to_thread(join, one.url), asyncio.to_thread(join, two.url)
        )
        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        winner = next(a.json() for a in answers if a.status_code == 200)
        async with Ws(two.url) as ws:
            sync = await ws.hello(token=winner["token"])
            assert sync["type"] == "sync" and sync["seat"] == 1

    async def main() -> None:
        for _ in range(10):
            await race()

    asyncio.run(main())


async def presence(ws: Ws, seats: list[int]) -> None:
    """Wait until `ws` is told that exactly `seats` are at the table."""
    while (await ws.recv("presence"))["present"] != seats:
        pass


async def vote_until_carried(ws: Ws, seat: int) -> dict[str, Any]:
    """Vote `seat` to a bot until the vote carries: refused "present" while its player is
    counted at the table (on any process); the table's seats once it carries."""
    while True:
        await ws.send({"type": "handover", "seat": seat})
        answer = await ws.recv("error", "table")
        while answer["type"] == "table":  # the table's seats changed: by this vote?
            if answer["table"]["seats"][seat]["agent"] is not None:
                return dict(answer["table"])
            answer = await ws.recv("error", "table")
        assert answer["code"] == "present", answer


@pytest.mark.timeout(180)
def test_presence_and_votes_span_the_processes(
    tmp_path: Path, postgres_url: str, redis_url: str
) -> None:
    """Anne plays on one process, Bob on the other. Before, each process knew only its own
    connections: Bob was told Anne was not there, and his one vote (the majority of two)
    handed the seat of a player sitting at the table to a bot at once. Now both are told who
    is here on either process, the vote is refused while Anne is connected, carries once she
    has gone, and carries once the process holding her connection has died (its sign of life
    in Redis expired), never before it."""
    limits = {**RELAXED, "presence_seconds": 2, "handover_idle_seconds": 3600}
    one = ServerProcess(postgres_url, tmp_path / "one.log", redis_url=redis_url, limits=limits)
    two = ServerProcess(postgres_url, tmp_path / "two.log", redis_url=redis_url, limits=limits)
    one.start()
    two.start()
    try:

        async def table() -> list[str]:
            made = await asyncio.to_thread(
                create_table, one.url, game="tortuga", players=2, seats=[{"kind": "invite"}] * 2
            )
            return [str(s["token"]) for s in made["seats"]]

        async def main() -> None:
            tokens = await table()
            async with Ws(one.url) as anne, Ws(two.url) as bob:
                await anne.hello(token=tokens[0])
                sync = await bob.hello(token=tokens[1])
                assert sync["present"] == [0, 1]  # Anne is on the other process
                await presence(anne, [0, 1])  # and hears Bob arrive on his
                await bob.send({"type": "handover", "seat": 0})
                assert (await bob.recv("error"))["code"] == "present"
                async with Ws(two.url) as watcher:
                    assert (await watcher.hello(table=sync["table"]["id"]))["present"] == [0, 1]
                await anne.conn.close()
                await presence(bob, [1])
                seats = await vote_until_carried(bob, 0)
                assert seats["seats"][0]["agent"] is not None

            # The process holding Anne's connection dies: no goodbye reaches Redis.
            tokens = await table()
            async with Ws(one.url) as anne, Ws(two.url) as bob:
                await anne.hello(token=tokens[0])
                await bob.hello(token=tokens[1])
                await presence(anne, [0, 1])
                await bob.send({"type": "handover", "seat": 0})
                assert (await bob.recv("error"))["code"] == "present"
                await asyncio.to_thread(one.kill)
                seats = await vote_until_carried(bob, 0)
                assert seats["seats"][0]["agent"] is not None

        asyncio.run(main())
    finally:
        one.stop()
        two.stop()
