"""What a process keeps of its live tables: update texts built once and shared
(`messages.shared_update`: the same text for connections in the same place, a table's
spectators or two tabs of a seat, never one seat's text for another, and a new text once the
table moves or its clocks change), and only the newest finished tables in the cache."""

from __future__ import annotations

import asyncio
import json

import pytest
from sqlalchemy import insert, update

from buccaneer.server import messages
from buccaneer.server import storage as db
from buccaneer.server.fanout import Fanout
from buccaneer.server.master import Masters
from buccaneer.server.migrate import upgrade
from buccaneer.server.repository import Repository, begin
from buccaneer.server.tables import LiveTable, Refused
from tests.server.support import new_table


def live_table(url: str) -> LiveTable:
    upgrade(url)

    async def main() -> LiveTable:
        service = Masters(Repository.at(url), Fanout(), shared=False)
        table_id = await new_table(service, "cartagena", 3, variant="jamaica")
        master = await service.get(table_id)
        await service.repository.close()
        assert master is not None
        return master.live

    return asyncio.run(main())


def test_one_text_per_place_and_none_across_seats(sqlite_url: str) -> None:
    live = live_table(sqlite_url)
    spectator = messages.shared_update(live, None, 0)
    assert messages.shared_update(live, None, 0) is spectator  # built once
    assert json.loads(spectator) == json.loads(messages.encode(messages.update(live, None, 0)))
    seat_texts = [messages.shared_update(live, seat, 0) for seat in range(3)]
    for seat, text in enumerate(seat_texts):
        assert json.loads(text) == json.loads(messages.encode(messages.update(live, seat, 0)))
        assert messages.shared_update(live, seat, 0) is text
    # Jamaica hands are hidden: every seat's text differs from the others' and the spectator's.
    assert len({spectator, *seat_texts}) == 4


def test_a_move_or_a_clock_change_makes_a_new_text(sqlite_url: str) -> None:
    live = live_table(sqlite_url)
    before = messages.shared_update(live, None, 0)
    live.deadlines = {0: 123.0}
    with_clock = messages.shared_update(live, None, 0)
    assert with_clock is not before and json.loads(with_clock)["deadlines"] == {"0": 123.0}

    seat = live.state.to_move()[0]
    live.advance(seat, live.state.legal_actions(seat)[0])
    moved = messages.shared_update(live, None, 0)
    assert json.loads(moved)["version"] == 1 and json.loads(with_clock)["version"] == 0
    assert moved == messages.encode(messages.update(live, None, 0))


def test_encode_keeps_what_orjson_cannot_hold() -> None:
    """Integers beyond 64 bits fall back to the standard library rather than failing."""
    big = {"n": 2**70, "text": "ø"}
    assert json.loads(messages.encode(big)) == big
    assert json.loads(messages.encode({"n": 1, "k": {"1": [1.5]}})) == {"n": 1, "k": {"1": [1.5]}}


def test_only_the_newest_finished_tables_stay_cached(sqlite_url: str) -> None:
    """Finished tables beyond `finished_size` leave the cache (memory and collector pauses
    stay with the tables in play) and come back from the database, the same, when asked."""
    upgrade(sqlite_url)

    async def main() -> None:
        service = Masters(Repository.at(sqlite_url), Fanout(), shared=False, finished_size=2)
        ids = []
        for _ in range(3):
            table_id = await new_table(service, "cartagena", 2)
            master = await service.get(table_id)
            assert master is not None
            live = master.live
            seat = live.state.to_move()[0]
            action = live.state.legal_actions(seat)[0]
            await master.submit(seat, action.to_json(), live.version)
            ids.append(table_id)
        first_view = service.cache[ids[0]].live.state.view(None)
        for table_id in ids:
            service.keep_finished(service.cache[table_id])
        assert ids[0] not in service.cache and {ids[1], ids[2]} <= set(service.cache)
        again = await service.get(ids[0])
        assert again is not None and again.live.version == 1
        assert again.live.state.view(None) == first_view
        await service.repository.close()

    asyncio.run(main())


def test_a_table_whose_log_cannot_be_replayed_is_refused_alone(sqlite_url: str) -> None:
    """A stored log this engine cannot replay (a damaged database, rules changed under stored
    games) refuses that table with a clear code; the other tables load as before."""
    upgrade(sqlite_url)

    async def main() -> None:
        service = Masters(Repository.at(sqlite_url), Fanout(), shared=False)
        ids = [await new_table(service, "cartagena", 2) for _ in range(2)]
        engine = service.repository.engine
        async with begin(engine) as conn:  # stored as a move is: the action and the row
            await conn.execute(
                insert(db.actions).values(
                    table_id=ids[0], version=1, seat=0, action='{"type": "pass"}', at=0.0
                )
            )
            await conn.execute(update(db.tables).where(db.tables.c.id == ids[0]).values(version=1))
        with pytest.raises(Refused) as refused:
            await service.get(ids[0])
        assert refused.value.code == "unreadable" and "pass" not in refused.value.message
        assert ids[0] not in service.cache
        assert (await service.get(ids[1])) is not None
        await service.repository.close()

    asyncio.run(main())
