"""Quick play: the queue and its matcher without sockets (in-process masters on a SQLite file
and on PostgreSQL, with a clock the test moves), then two server processes on PostgreSQL and
Redis seating four people who queued on different processes at one table with bots."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from buccaneer.agents.levels import level_spec
from buccaneer.server.fanout import Fanout
from buccaneer.server.http_quick import QuickRequest
from buccaneer.server.master import Masters
from buccaneer.server.migrate import upgrade
from buccaneer.server.quickplay import (
    DEFAULT_WAIT,
    WINDOW_BASE,
    WINDOW_GROWTH,
    QuickPlay,
    Waiting,
    groups,
)
from buccaneer.server.repository import Repository, begin
from buccaneer.server.repository_operator import DRAINING
from buccaneer.server.repository_queue import DEFAULT_SIGMA, QueueRepository
from buccaneer.server.settings import Settings
from buccaneer.server.storage import ACTIVE, queue, ratings
from buccaneer.server.tables import Refused
from tests.server.support import ServerProcess
from tests.server.wsclient import Ws

START = 1_000_000.0
# The bots' level when a person names none (the server's DEFAULT_BOT, docs/server.md).
GOOD = level_spec("good")
BEGINNER = level_spec("beginner")


class World:
    """One process's masters and quick play, on a clock the test moves."""

    def __init__(self, masters: Masters) -> None:
        self.masters = masters
        self.time = START
        masters.clock = lambda: self.time
        self.quick = QuickPlay(masters, QueueRepository(masters.repository.engine))

    async def account(self, name: str) -> tuple[int, str]:
        # An account with a password (a guest's bots are the quick levels only).
        account_id = await self.masters.repository.add_account(name, "$argon2id$x", self.time)
        assert account_id is not None
        return account_id, name

    async def rate(self, account: tuple[int, str], game: str, ordinal: float) -> None:
        """Give the account a rating whose ordinal (mu - 3 sigma) is `ordinal`."""
        async with begin(self.masters.repository.engine) as conn:
            await conn.execute(
                ratings.insert().values(
                    account_id=account[0],
                    game=game,
                    mu=ordinal + 3 * DEFAULT_SIGMA,
                    sigma=DEFAULT_SIGMA,
                    games=10,
                    updated_at=self.time,
                )
            )


def run(url: str, body: Callable[[World], Awaitable[None]]) -> None:
    upgrade(url)

    async def main() -> None:
        masters = Masters(Repository.at(url), Fanout(), False, settings=Settings(database_url=url))
        # PostgreSQL's database lives for the whole session: no queue left by another test.
        async with begin(masters.repository.engine) as conn:
            await conn.execute(queue.delete())
        try:
            await body(World(masters))
        finally:
            await masters.repository.close()

    asyncio.run(main())


async def refused(code: str, command: Awaitable[Any]) -> Refused:
    with pytest.raises(Refused) as caught:
        await command
    assert caught.value.code == code, caught.value
    return caught.value


async def seated(world: World, account: tuple[int, str]) -> dict[str, Any]:
    answer = await world.quick.status(account[0])
    assert answer["status"] == "seated", answer
    return answer


async def check_table(
    world: World, answers: list[dict[str, Any]], people: list[tuple[int, str]], bot: str
) -> Any:
    """Everyone at one table, each at their own seat (their token opens it), the rest bots of
    level `bot`; the table unlisted and started. The table."""
    table_ids = {a["table"] for a in answers}
    assert len(table_ids) == 1, answers
    table_id = table_ids.pop()
    places = []
    for answer in answers:
        found = await world.masters.seat_of_token(answer["token"], table_id)
        assert found is not None
        places.append(found[1])
    assert len(set(places)) == len(people)
    live = await world.masters.load(table_id)
    assert live is not None
    assert live.status == ACTIVE and not live.listed
    for person, place in zip(people, places, strict=True):
        seat = live.seats[place]
        assert (seat.kind, seat.account_id, seat.name, seat.claimed) == (
            "human",
            person[0],
            person[1],
            True,
        )
    bots = [s for i, s in enumerate(live.seats) if i not in places]
    assert len(bots) == live.players - len(people)
    assert all(s.kind == "bot" and s.bot == bot for s in bots), bots
    return live


def test_a_full_group_sits_down_at_once(database_url: str) -> None:
    async def body(world: World) -> None:
        people = [await world.account(f"quick-{i}") for i in range(3)]
        for person in people[:2]:
            answer = await world.quick.join(person, "cartagena", 3)
            assert answer["status"] == "waiting"
        assert (await world.quick.status(people[0][0]))["queued"] == 2
        await world.quick.join(people[2], "cartagena", 3)  # the third: a full table at once
        answers = [await seated(world, p) for p in people]
        live = await check_table(world, answers, people, GOOD)
        assert not live.rated
        # The token is given once, then cleared from the queue.
        again = await seated(world, people[0])
        assert again["table"] == live.id and again["token"] is None
        assert await world.quick.step() == []

    run(database_url, body)


def test_after_the_wait_bots_fill_the_empty_seats(database_url: str) -> None:
    async def body(world: World) -> None:
        people = [await world.account(f"wait-{i}") for i in range(2)]
        for person in people:
            await world.quick.join(person, "tortuga1667", 6, bot=BEGINNER, wait=30)
            world.time += 1
        world.time = START + 29.5
        assert await world.quick.step() == []
        waiting = await world.quick.status(people[0][0])
        assert (waiting["status"], waiting["waited"], waiting["queued"]) == ("waiting", 29.5, 2)
        world.time = START + 30  # the first has waited 30 seconds
        [table] = await world.quick.step()
        answers = [await seated(world, p) for p in people]
        assert {a["table"] for a in answers} == {table}
        await check_table(world, answers, people, BEGINNER)

    run(database_url, body)


def test_the_default_wait_is_thirty_seconds(sqlite_url: str) -> None:
    assert DEFAULT_WAIT == 30
    assert QuickRequest(game="tortuga1667", players=6).wait == 30

    async def body(world: World) -> None:
        person = await world.account("patient")
        answer = await world.quick.join(person, "tortuga1667", 5)
        assert answer["wait"] == 30 and answer["bot"] == GOOD
        world.time = START + 29.9
        assert await world.quick.step() == []
        world.time = START + 30
        assert len(await world.quick.step()) == 1

    run(sqlite_url, body)


def test_rated_queues_keep_far_apart_ratings_apart_until_the_window_widens(
    database_url: str,
) -> None:
    gap = 20.0
    widens = (gap - WINDOW_BASE) / WINDOW_GROWTH  # seconds until the window holds the gap

    async def body(world: World) -> None:
        strong, new, casual = [await world.account(n) for n in ("strong", "newcomer", "casual")]
        await world.rate(strong, "cartagena", gap)
        await world.quick.join(strong, "cartagena", 2, rated=True, wait=300)
        await world.quick.join(new, "cartagena", 2, rated=True, wait=300)
        # A casual queue of the same game is another queue.
        await world.quick.join(casual, "cartagena", 2, rated=False, wait=300)
        world.time = START + widens - 0.5
        assert await world.quick.step() == []
        for person in (strong, new):
            answer = await world.quick.status(person[0])
            assert (answer["status"], answer["queued"]) == ("waiting", 2)
        world.time = START + widens
        [table] = await world.quick.step()
        answers = [await seated(world, p) for p in (strong, new)]
        live = await check_table(world, answers, [strong, new], GOOD)
        assert live.id == table and live.rated
        assert (await world.quick.status(casual[0]))["status"] == "waiting"

    run(database_url, body)


def test_groups_take_the_closest_ratings_first() -> None:
    def person(i: int, rating: float, joined: float = 0.0) -> Waiting:
        return Waiting(i, i, f"p{i}", "cartagena", 3, True, GOOD, 30.0, rating, joined)

    # The first in line, then the two nearest them, though the far one came earlier.
    line = [person(1, 0.0), person(2, 4.0, 0.1), person(3, 1.0, 0.2), person(4, 2.0, 0.3)]
    [group] = groups(line, now=0.5)
    assert [p.id for p in group.people] == [1, 3, 4]
    # Nobody near enough, the first person's wait not over: nobody sits down.
    assert groups([person(1, 0.0), person(2, 40.0), person(3, 80.0)], now=10.0) == []


def test_a_rated_queue_seats_its_level_and_a_retired_bot_gets_the_default(
    database_url: str,
) -> None:
    """A rated queue's bots are a named level, each seat that level's own rated account. A
    rated queue an older server took with a bot that is no rated level now (`heuristic`)
    sits down with the default level rather than waiting for a table refused forever."""

    async def body(world: World) -> None:
        strong, old = await world.account("wants-strong"), await world.account("queued-before")
        await world.quick.join(strong, "cartagena", 3, rated=True, bot=level_spec("strongest"))
        await world.quick.join(old, "tortuga", 2, rated=True)
        async with begin(world.masters.repository.engine) as conn:
            await conn.execute(
                update(queue).where(queue.c.account_id == old[0]).values(bot="heuristic")
            )
        world.time = START + 30
        assert len(await world.quick.step()) == 2
        for person, level in ((strong, level_spec("strongest")), (old, GOOD)):
            live = await check_table(world, [await seated(world, person)], [person], level)
            assert live.rated
            accounts = {s.account_id for s in live.seats if s.kind == "bot"}
            assert accounts == {world.masters.bot_accounts[level]}

    run(database_url, body)


def test_leaving_the_queue(database_url: str) -> None:
    async def body(world: World) -> None:
        gone, other = await world.account("gone"), await world.account("other")
        await world.quick.join(gone, "cartagena", 2)
        await world.quick.leave(gone[0])
        await refused("not_queued", world.quick.status(gone[0]))
        await refused("not_queued", world.quick.leave(gone[0]))
        await world.quick.join(other, "cartagena", 2)
        assert (await world.quick.status(other[0]))["queued"] == 1
        world.time = START + 1000
        [table] = await world.quick.step()
        live = await world.masters.load(table)
        assert live is not None
        assert [s.account_id for s in live.seats if s.kind == "human"] == [other[0]]
        # A seat found but not yet picked up is not left by leaving the queue.
        await refused("seated", world.quick.leave(other[0]))
        await refused("seated", world.quick.join(other, "cartagena", 2))
        assert (await seated(world, other))["token"] is not None
        # Once picked up, the account may queue again, and leave.
        await world.quick.join(other, "cartagena", 3)
        await world.quick.leave(other[0])

    run(database_url, body)


def test_a_second_join_replaces_the_first(sqlite_url: str) -> None:
    async def body(world: World) -> None:
        person = await world.account("fickle")
        await world.quick.join(person, "cartagena", 2)
        world.time += 10
        answer = await world.quick.join(person, "tortuga", 3, wait=60)
        assert (answer["game"], answer["players"], answer["waited"], answer["queued"]) == (
            "tortuga",
            3,
            0.0,
            1,
        )
        world.time += 59
        assert await world.quick.step() == []  # the wait began again with the second join

    run(sqlite_url, body)


def test_bad_requests_are_refused_and_change_nothing(database_url: str) -> None:
    async def body(world: World) -> None:
        person = await world.account("wrong")
        for command, code in [
            (world.quick.join(person, "chess", 2), "bad_options"),
            (world.quick.join(person, "cartagena", 1), "bad_options"),
            (world.quick.join(person, "cartagena", 7), "bad_options"),
            (world.quick.join(person, "cartagena", 2, wait=4.9), "bad_request"),
            (world.quick.join(person, "cartagena", 2, wait=301), "bad_request"),
            (world.quick.join(person, "cartagena", 2, bot="grandmaster"), "bad_agent"),
            # Quick play's bots are the published levels, never an agent of the asker's own.
            (world.quick.join(person, "cartagena", 2, bot="random"), "bad_agent"),
            (
                world.quick.join(person, "cartagena", 2, rated=True, bot="ismcts:time=0.2"),
                "bad_agent",
            ),
            (world.quick.join(person, "cartagena", 2, rated=True, bot="heuristic"), "bad_agent"),
            (world.quick.join(person, "cartagena", 2, bot="level:name=godlike"), "bad_agent"),
            (world.quick.leave(person[0]), "not_queued"),
        ]:
            await refused(code, command)
            await refused("not_queued", world.quick.status(person[0]))
        assert await world.quick.step() == []

    run(database_url, body)


def test_a_draining_server_takes_nobody_in_and_seats_nobody(sqlite_url: str) -> None:
    async def body(world: World) -> None:
        early, late = await world.account("early"), await world.account("late")
        await world.quick.join(early, "cartagena", 2)
        await world.masters.operator.set_flag(DRAINING, "1")
        await refused("draining", world.quick.join(late, "cartagena", 2))
        world.time = START + 1000
        assert await world.quick.step() == []
        assert (await world.quick.status(early[0]))["status"] == "waiting"
        await world.masters.operator.set_flag(DRAINING, None)
        assert len(await world.quick.step()) == 1

    run(sqlite_url, body)


# -- two server processes ------------------------------------------------------------------------


@pytest.fixture
def pair(tmp_path: Path, postgres_url: str, redis_url: str) -> Any:
    async def nothing(world: World) -> None:
        return None

    run(postgres_url, nothing)  # an empty queue
    one = ServerProcess(postgres_url, tmp_path / "one.log", redis_url=redis_url).start()
    two = ServerProcess(postgres_url, tmp_path / "two.log", redis_url=redis_url).start()
    yield one, two
    one.stop()
    two.stop()


def bearer(session: str) -> dict[str, str]:
    return {"authorization": f"Bearer {session}"}


@pytest.mark.timeout(180)
def test_four_people_on_two_processes_sit_at_one_table_with_bots(pair: Any) -> None:
    one, two = pair
    servers = [one, two, one, two]
    guests = [httpx.post(f"{s.url}/api/guests", json={}, timeout=30).json() for s in servers]
    # Refused: no session, a wait out of bounds, an unknown field.
    assert (
        httpx.post(f"{one.url}/api/quick", json={"game": "cartagena", "players": 2}).json()["error"]
        == "unknown_session"
    )
    for body in (
        {"game": "tortuga1667", "players": 6, "wait": 2},
        {"game": "tortuga1667", "players": 6, "colour": "red"},
    ):
        answer = httpx.post(f"{one.url}/api/quick", json=body, headers=bearer(guests[0]["session"]))
        assert (answer.status_code, answer.json()["error"]) == (422, "bad_request"), answer.text
    assert (
        httpx.get(f"{one.url}/api/quick", headers=bearer(guests[0]["session"])).status_code == 404
    )

    async def main() -> list[dict[str, Any]]:
        async with httpx.AsyncClient(timeout=30) as client:
            joined = await asyncio.gather(
                *(
                    client.post(
                        f"{s.url}/api/quick",
                        json={"game": "tortuga1667", "players": 6, "wait": 8, "bot": BEGINNER},
                        headers=bearer(g["session"]),
                    )
                    for s, g in zip(servers, guests, strict=True)
                )
            )
            for answer in joined:
                assert answer.status_code == 200, answer.text
            answers: list[dict[str, Any]] = [{} for _ in servers]
            deadline = time.monotonic() + 60
            while any(a.get("status") != "seated" for a in answers):
                assert time.monotonic() < deadline, answers
                await asyncio.sleep(0.5)
                for i, (s, g) in enumerate(zip(servers, guests, strict=True)):
                    if answers[i].get("status") != "seated":
                        got = await client.get(f"{s.url}/api/quick", headers=bearer(g["session"]))
                        assert got.status_code == 200, got.text
                        answers[i] = got.json()
            return answers

    answers = asyncio.run(main())
    tables = {a["table"] for a in answers}
    assert len(tables) == 1, answers
    table_id = tables.pop()
    meta = httpx.get(f"{two.url}/api/tables/{table_id}").json()
    assert meta["players"] == 6 and meta["status"] == "active"
    humans = [s for s in meta["seats"] if s["kind"] == "human"]
    assert sorted(s["name"] for s in humans) == sorted(g["name"] for g in guests)
    assert sum(s["kind"] == "bot" for s in meta["seats"]) == 2

    async def seats_of_tokens() -> list[int]:
        found = []
        for server, answer in zip(servers, answers, strict=True):
            async with Ws(server.url) as ws:
                sync = await ws.hello(table=table_id, token=answer["token"])
                assert sync["type"] == "sync", sync
                found.append(sync["seat"])
        return found

    places = asyncio.run(seats_of_tokens())
    assert len(set(places)) == 4
    for place, guest in zip(places, guests, strict=True):
        assert meta["seats"][place]["name"] == guest["name"]
