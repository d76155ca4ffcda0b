"""Two processes acting on one table at once (`TableMaster.submit`): when another process
writes the version an action aimed at, the action is judged again on the table as it now is.
A secret simultaneous choice (Tortuga's dice selection) still counts, as it would within one
process; a second tab of a seat whose turn has moved on is refused and changes nothing.

The race is made certain rather than hoped for: process B's write is held until process A's
move is committed, on a real PostgreSQL database."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlalchemy import event

from buccaneer.core import get_spec
from buccaneer.server.clocks import clock_settings
from buccaneer.server.fanout import Fanout
from buccaneer.server.master import Masters
from buccaneer.server.migrate import upgrade
from buccaneer.server.repository import Conflict, Move, Repository
from buccaneer.server.tables import LiveTable, Refused
from tests.server.support import new_table


def services(url: str) -> tuple[Masters, Masters]:
    upgrade(url)
    return tuple(  # type: ignore[return-value]
        Masters(Repository.at(url), Fanout(), shared=True) for _ in range(2)
    )


async def close(*each: Masters) -> None:
    for service in each:
        await service.repository.close()


def reader(service: Masters) -> Masters:
    """Another process's masters on `service`'s database, to read what it holds."""
    return Masters(Repository(service.repository.engine), Fanout(), shared=True)


async def live_of(service: Masters, table_id: str) -> LiveTable:
    master = await service.get(table_id)
    assert master is not None
    return master.live


async def submit(service: Masters, table_id: str, seat: int, action: Any, version: int) -> Any:
    """One action for `seat` through `service`'s master of the table."""
    master = await service.get(table_id)
    assert master is not None
    return await master.submit(seat, action, version)


def first_let(service: Masters, other_move: Callable[[], Awaitable[Any]]) -> None:
    """Hold `service`'s next write until `other_move` (on another process) has committed."""
    action_log = service.repository.action_log
    own_append = action_log.append

    async def append(move: Move) -> None:
        action_log.append = own_append  # type: ignore[method-assign]
        await other_move()
        await own_append(move)

    action_log.append = append  # type: ignore[method-assign]


def test_a_secret_choice_that_loses_the_race_to_another_process_still_counts(
    postgres_url: str,
) -> None:
    one, two = services(postgres_url)

    async def main() -> None:
        table_id = await new_table(one, "tortuga", 2)
        live = await live_of(two, table_id)
        assert set(live.state.to_move()) == {0, 1}
        picks = [live.state.legal_actions(seat)[0].to_json() for seat in (0, 1)]
        first_let(two, lambda: submit(one, table_id, 0, picks[0], 0))
        after = await submit(two, table_id, 1, picks[1], 0)
        assert after.version == 2
        stored = await live_of(reader(two), table_id)
        assert stored.version == 2
        assert stored.state.view(None) == after.state.view(None)
        await close(one, two)

    asyncio.run(main())


def test_a_second_tab_on_another_process_is_refused_once_the_turn_moved_on(
    postgres_url: str,
) -> None:
    one, two = services(postgres_url)

    async def main() -> None:
        table_id = await new_table(one, "cartagena", 2, variant="tortuga")
        live = await live_of(two, table_id)
        seat = live.state.to_move()[0]
        legal = live.state.legal_actions(seat)
        first_let(two, lambda: submit(one, table_id, seat, legal[0].to_json(), 0))
        with pytest.raises(Refused) as refused:
            await submit(two, table_id, seat, legal[-1].to_json(), 0)
        assert refused.value.code == "stale"
        stored = await live_of(reader(two), table_id)
        assert stored.version == 1
        await close(one, two)

    asyncio.run(main())


class Published(Fanout):
    """A fanout that keeps what its service announces, to hand to another process's service."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[dict[str, Any]] = []

    async def publish(self, event: dict[str, Any]) -> None:
        self.events.append(json.loads(json.dumps(event)))  # as Redis carries it


def count_reads(service: Masters) -> list[str]:
    """Every statement `service` sends to its database from now on."""
    statements: list[str] = []
    event.listen(
        service.repository.engine.sync_engine,
        "before_cursor_execute",
        lambda *args: statements.append(args[2]),
    )
    return statements


async def play_first(service: Masters, table_id: str, version: int) -> None:
    """The first legal action of the first seat asked, through `service`."""
    live = await live_of(service, table_id)
    mover = live.state.to_move()[0]
    await submit(service, table_id, mover, live.state.legal_actions(mover)[0].to_json(), version)


def test_a_process_follows_an_announced_move_without_reading_the_database(
    postgres_url: str,
) -> None:
    """The move a process stored comes with its announcement; a process one version behind
    applies it (at once, or once the table's lock is free) and reads nothing, and its copy is
    what the database holds. A gap (an announcement that overtook an earlier one) is read
    from the database instead."""
    upgrade(postgres_url)
    published = Published()
    one = Masters(Repository.at(postgres_url), published, shared=True)
    two = Masters(Repository.at(postgres_url), Fanout(), shared=True)

    async def main() -> None:
        table_id = await new_table(one, "cartagena", 2, variant="jamaica")
        master = await two.get(table_id)
        assert master is not None
        live = master.live
        reads = count_reads(two)
        for version in range(4):
            await play_first(one, table_id, version)
            announced = published.events.pop()
            if version == 2:  # the table is held when the news comes: applied once it is free
                async with master.lock:
                    two.heard(announced)
                    assert live.version == version
                await asyncio.gather(*two.background)
            else:
                two.heard(announced)
            assert live.version == version + 1 and master.current()
        assert reads == [], reads
        stored = await live_of(reader(two), table_id)
        assert stored.state.snapshot() == live.state.snapshot()
        assert stored.deadlines == live.deadlines and stored.status == live.status

        # Two moves, the second announced first: not applied; the table knows it is behind
        # and the next reader catches up from the database.
        await play_first(one, table_id, 4)
        await play_first(one, table_id, 5)
        later, earlier = published.events.pop(), published.events.pop()
        two.heard(later)
        assert live.version == 4 and not master.current()
        assert await two.fresh(table_id, later["version"]) is master
        assert live.version == 6 and reads
        two.heard(earlier)  # old news changes nothing
        now = await live_of(one, table_id)
        assert live.state.snapshot() == now.state.snapshot()
        await close(one, two)

    asyncio.run(main())


def test_a_move_stored_on_a_connection_that_broke_is_kept_and_announced(
    postgres_url: str,
) -> None:
    """The write went through, but the connection broke before saying so, and the retry met
    the row: that row is the move itself, so the sender is told it was played (not `stale`),
    and every process hears of it."""
    upgrade(postgres_url)
    published = Published()
    service = Masters(Repository.at(postgres_url), published, shared=True)
    action_log = service.repository.action_log
    own_append = action_log.append

    async def stored_then_conflict(move: Move) -> None:
        action_log.append = own_append  # type: ignore[method-assign]
        await own_append(move)
        raise Conflict(move.table_id, move.version)

    async def main() -> None:
        table_id = await new_table(service, "cartagena", 2, variant="tortuga")
        live = await live_of(service, table_id)
        seat = live.state.to_move()[0]
        action = live.state.legal_actions(seat)[0].to_json()
        action_log.append = stored_then_conflict  # type: ignore[method-assign]
        after = await submit(service, table_id, seat, action, 0)
        assert after.version == 1 and after.state.record().actions == [(seat, action)]
        assert [e["version"] for e in published.events if e["kind"] == "version"] == [1]
        await close(service)

    asyncio.run(main())


def test_a_move_is_stored_and_announced_when_its_sender_goes_away(postgres_url: str) -> None:
    """The connection that sent the move closes while it is being stored (its task is
    cancelled): the move is still stored and announced, never stored and kept quiet (a table
    whose next player is never told it is their turn)."""
    upgrade(postgres_url)
    published = Published()
    service = Masters(Repository.at(postgres_url), published, shared=True)
    action_log = service.repository.action_log
    own_append = action_log.append
    writing, release = asyncio.Event(), asyncio.Event()

    async def slow_append(move: Move) -> None:
        writing.set()
        await release.wait()
        await own_append(move)

    async def main() -> None:
        table_id = await new_table(service, "tortuga", 2)
        live = await live_of(service, table_id)
        action = live.state.legal_actions(0)[0].to_json()
        action_log.append = slow_append  # type: ignore[method-assign]
        sender = asyncio.create_task(submit(service, table_id, 0, action, 0))
        await writing.wait()
        sender.cancel()
        with pytest.raises(asyncio.CancelledError):
            await sender
        release.set()
        for _ in range(100):
            if published.events:
                break
            await asyncio.sleep(0.05)
        assert [e["version"] for e in published.events] == [1]
        stored = await live_of(reader(service), table_id)
        assert stored.version == 1
        await close(service)

    asyncio.run(main())


class Unreachable(Fanout):
    """A fanout whose publishing fails (Redis down); its local listeners still work."""

    async def publish(self, event: dict[str, Any]) -> None:
        raise ConnectionError("redis is down")


def test_a_move_whose_announcement_fails_is_still_told_to_this_process(
    postgres_url: str,
) -> None:
    upgrade(postgres_url)
    fanout = Unreachable()
    heard: list[dict[str, Any]] = []

    async def listener(event: dict[str, Any]) -> None:
        heard.append(event)

    fanout.listen(listener)
    service = Masters(Repository.at(postgres_url), fanout, shared=True)

    async def main() -> None:
        table_id = await new_table(service, "tortuga", 2)
        live = await live_of(service, table_id)
        after = await submit(service, table_id, 1, live.state.legal_actions(1)[0].to_json(), 0)
        assert after.version == 1 and [e["version"] for e in heard] == [1]
        await close(service)

    asyncio.run(main())


def test_a_seat_taken_back_on_another_process_is_not_written_over_by_a_move(
    database_url: str,
) -> None:
    """Process one gives a seat back to its player (it was played by a bot); process two has
    not heard of it and stores the other seat's move on what it knew, clocks and all: the
    seat's player would have had no clock (a live game waiting for ever), and two's bot would
    have played the seat its player took back. The move is stored only on the seats it was
    judged on, so two reads them again and judges the move anew (the scale-out gap of the
    public-server audit)."""
    one, two = services(database_url)

    async def main() -> None:
        table_id = await one.create(
            get_spec("cartagena"),
            players=2,
            options={},
            seats=[{"kind": "human", "claimed": True}] * 2,
            clock=clock_settings({"mode": "live", "seconds": 600, "on_expiry": "bot"}, None),
            listed=False,
            bot_delay=0.0,
        )
        live = await live_of(one, table_id)
        mover = live.state.to_move()[0]
        other = 1 - mover
        master = await one.get(table_id)
        assert master is not None
        await master.set_agent(other, "random")  # handed to a bot ...
        stale = await live_of(two, table_id)  # ... which process two reads ...
        assert stale.seats[other].agent == "random"
        await master.set_agent(other, None)  # ... and then taken back, unheard by two
        await submit(two, table_id, mover, {"type": "end_turn"}, 0)  # the other seat's turn
        stored = await live_of(reader(two), table_id)
        assert stored.version == 1 and stored.seats[other].agent is None
        assert other in stored.state.to_move() and other in stored.deadlines
        assert stale.seats[other].agent is None and stale.seats_version == stored.seats_version
        # A seat change made on seats that are gone is made again on the seats as they are,
        # their clocks with it: the seat one handed to a bot meanwhile keeps no clock.
        behind = await two.get(table_id)
        assert behind is not None
        await master.set_agent(other, "random")
        behind.live.reread = False  # as if the event had not arrived
        async with behind.lock:
            await behind.write_seats({mover: {"name": "renamed"}})
        now = await live_of(reader(one), table_id)
        assert (now.seats[other].agent, now.seats[mover].name) == ("random", "renamed")
        assert other not in now.deadlines and now.seats_version == stored.seats_version + 2
        await close(one, two)

    asyncio.run(main())
