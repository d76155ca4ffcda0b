"""The time bank of turn-based tables: `{"mode": "turn", "days": D, "on_expiry": ...}` gives
each decision D days; on expiry a heuristic bot makes that one move for the seat (`bot`), or
the seat is forfeited (`forfeit`): a bot plays it to the end and its player cannot take it
back. Days of play pass in moments through `Masters.clock`, on real SQLite and PostgreSQL;
the deadlines are stored, so a restarted server fires them; the days a table may choose are
checked (1 to 7 whole days), and anything else is refused with a clear error."""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from buccaneer.server.bots import BotRunner
from buccaneer.server.clocks import DAY, ClockError, clock_settings
from buccaneer.server.master import Masters, TableMaster
from tests.server.support import ThreadServer, create_table
from tests.server.test_master import Heard, new_table, refused, run, stored

START = 1_800_000_000.0  # the tests' own wall clock starts here


class Clock:
    """A wall clock the test moves (`Masters.clock`)."""

    def __init__(self, at: float = START) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at

    def days(self, days: float) -> float:
        self.at += days * DAY
        return self.at


def with_bots(masters: Masters) -> ThreadPoolExecutor:
    pool = ThreadPoolExecutor(1)
    masters.bots = BotRunner(masters.bot_move, pool)
    return pool


async def bots_done(masters: Masters) -> None:
    assert masters.bots is not None
    for _ in range(200):
        if not masters.bots.tasks:
            return
        await asyncio.gather(*masters.bots.tasks, return_exceptions=True)
    raise AssertionError("the bots never stopped")


def turn_clock(days: int, on_expiry: str) -> dict[str, Any]:
    return {"mode": "turn", "days": days, "on_expiry": on_expiry}


async def turn_table(masters: Masters, clock: dict[str, Any]) -> TableMaster:
    master, _ = await new_table(masters, "cartagena", ["taken", "taken"], clock, variant="tortuga")
    return master


# -- bot: a bot makes that one move, and the seat stays the person's ------------------------------


def test_an_expired_move_is_made_by_a_bot_and_the_seat_stays_its_players(
    database_url: str,
) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        clock = Clock()
        masters.clock = clock
        pool = with_bots(masters)
        try:
            master = await turn_table(masters, turn_clock(2, "bot"))
            live = master.live
            seat = live.state.to_move()[0]
            assert live.deadlines == {seat: START + 2 * DAY}
            assert (await stored(masters, live.id)).deadlines == {seat: START + 2 * DAY}

            await master.expire(clock.days(1.5))  # half a day is left
            await bots_done(masters)
            assert live.version == 0

            await master.expire(clock.days(0.5) + 1)
            await bots_done(masters)
            again = await stored(masters, live.id)
            assert again.version == 1 and again.state.record().actions[0][0] == seat
            # The seat is still its player's: no bot, not forfeited, a fresh two days.
            assert again.seats[seat].agent is None and not again.seats[seat].forfeited
            asked = again.state.to_move()[0]
            assert again.deadlines == {asked: clock.at + 2 * DAY}
            # And the person plays on.
            action = live.state.legal_actions(asked)[0].to_json()
            await master.act(asked, action, live.version)
            assert live.version == 2
        finally:
            pool.shutdown()

    run(database_url, body)


# -- forfeit: a bot plays the seat to the end, and it is not given back ---------------------------


def test_an_expired_time_bank_forfeits_the_seat_and_the_game_goes_on(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        clock = Clock()
        masters.clock = clock
        master = await turn_table(masters, turn_clock(1, "forfeit"))
        live = master.live
        late = live.state.to_move()[0]
        other = 1 - late
        await master.expire(clock.days(0.9))
        assert not live.seats[late].forfeited and heard.events == []

        await master.expire(clock.days(0.2))
        assert heard.kinds() == ["table"]
        assert live.seats[late].forfeited and live.seats[late].bot == "heuristic"
        again = await stored(masters, live.id)
        assert again.seats[late].forfeited and again.seats[late].agent == "heuristic"
        assert again.deadlines == {}  # a bot's seat keeps no clock
        # Its player can neither act nor take the seat back, nor leave it twice.
        action = live.state.legal_actions(late)[0].to_json()
        await refused("forfeited", master.act(late, action, live.version))
        await refused("forfeited", master.take_back(late))
        assert (await stored(masters, live.id)).version == 0
        # Expiring again changes nothing more.
        await master.expire(clock.days(3))
        assert heard.kinds() == ["table"]

        # The game goes on: the server's bot plays the forfeited seat, the other person
        # theirs, to the end; the forfeit stays.
        pool = with_bots(masters)
        try:
            assert masters.bots is not None
            await masters.bots.look(live)
            rng = random.Random(1)
            for _ in range(2000):
                if live.status == "over":
                    break
                if other in live.state.to_move():
                    choice = rng.choice(live.state.legal_actions(other)).to_json()
                    await master.act(other, choice, live.version)
                else:
                    await bots_done(masters)
            assert live.status == "over"
            final = await stored(masters, live.id)
            assert final.status == "over" and final.seats[late].forfeited
            assert {seat for seat, _ in final.state.record().actions} == {0, 1}
        finally:
            pool.shutdown()

    run(database_url, body)


def test_a_seat_that_moved_in_time_is_not_forfeited(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        clock = Clock()
        masters.clock = clock
        master = await turn_table(masters, turn_clock(1, "forfeit"))
        live = master.live
        seat = live.state.to_move()[0]
        clock.days(0.5)
        await master.act(seat, live.state.legal_actions(seat)[0].to_json(), 0)
        # An old deadline (as a clock loop may still hold it) forfeits nobody who has a new one.
        assert not await master.forfeit(seat, START + DAY + 1)
        assert not any(s.forfeited for s in (await stored(masters, live.id)).seats)

    run(database_url, body)


# -- a restart keeps every time bank --------------------------------------------------------------


def test_time_banks_survive_a_restart(database_url: str) -> None:
    async def first(masters: Masters, heard: Heard) -> None:
        masters.clock = Clock()
        for expiry in ("bot", "forfeit"):
            master = await turn_table(masters, turn_clock(3, expiry))
            tables[expiry] = master.id

    async def second(masters: Masters, heard: Heard) -> None:
        clock = Clock(START)
        masters.clock = clock
        pool = with_bots(masters)
        try:
            botted = await masters.get(tables["bot"])
            forfeit = await masters.get(tables["forfeit"])
            assert botted is not None and forfeit is not None
            for master in (botted, forfeit):
                assert master.live.clock["days"] == 3
                assert list(master.live.deadlines.values()) == [START + 3 * DAY]
            due = await masters.repository.due_tables(clock.days(3) + 1, 10_000)
            assert set(tables.values()) <= set(due)  # (PostgreSQL holds other tests' too)
            late = forfeit.live.state.to_move()[0]
            for master in (botted, forfeit):
                await master.expire(clock.at)
            await bots_done(masters)
            assert (await stored(masters, tables["bot"])).version >= 1
            assert (await stored(masters, tables["forfeit"])).seats[late].forfeited
        finally:
            pool.shutdown()

    tables: dict[str, str] = {}
    run(database_url, first)
    run(database_url, second)


def test_the_clock_loop_forfeits_after_a_restart(sqlite_url: str) -> None:
    """The server's own clock loop, in a server started after the table was made, fires a
    time bank that ran out while it was down."""
    with ThreadServer(sqlite_url) as server:
        table = create_table(
            server.url,
            game="cartagena",
            players=2,
            seats=[{"kind": "open"}] * 2,
            clock=turn_clock(1, "forfeit"),
        )
        for _ in table["open"]:
            joined = httpx.post(f"{server.url}/api/tables/{table['table']}/join", json={})
            assert joined.status_code == 200, joined.text
        meta = httpx.get(f"{server.url}/api/tables/{table['table']}").json()
        assert meta["clock"] == turn_clock(1, "forfeit")
        [(late, deadline)] = meta["deadlines"].items()
        assert time.time() + DAY - 60 < deadline <= time.time() + DAY
    restarted = ThreadServer(sqlite_url)
    restarted.server.masters.clock = lambda: time.time() + DAY + 60
    with restarted:
        for _ in range(200):
            master = restarted.run(restarted.server.masters.fresh(table["table"]))
            if master.live.seats[int(late)].forfeited:
                break
            time.sleep(0.1)
        assert master.live.seats[int(late)].forfeited
        # The bot plays on for the forfeited seat.
        for _ in range(200):
            meta = httpx.get(f"{restarted.url}/api/tables/{table['table']}").json()
            if meta["version"] >= 1:
                break
            time.sleep(0.1)
        assert meta["version"] >= 1 and meta["seats"][int(late)]["agent"] == "heuristic"


# -- the days a table may choose ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("clock", "stored_as"),
    [
        ({"mode": "turn"}, {"mode": "turn"}),
        ({"mode": "turn", "days": 1}, {"mode": "turn", "days": 1, "on_expiry": "bot"}),
        ({"mode": "turn", "days": 7.0, "on_expiry": "forfeit"}, turn_clock(7, "forfeit")),
        ({"mode": "live", "seconds": 20}, {"mode": "live", "seconds": 20.0, "on_expiry": "bot"}),
    ],
)
def test_the_clocks_a_table_may_have(clock: dict[str, Any], stored_as: dict[str, Any]) -> None:
    assert clock_settings(clock, None) == stored_as


@pytest.mark.parametrize(
    ("clock", "words"),
    [
        ({"mode": "turn", "days": 0}, "from 1 to 7"),
        ({"mode": "turn", "days": 8}, "from 1 to 7"),
        ({"mode": "turn", "days": 0.5}, "whole days"),
        ({"mode": "turn", "days": -1}, "from 1 to 7"),
        ({"mode": "turn", "days": True}, "whole days"),
        ({"mode": "turn", "days": 2, "on_expiry": "rule"}, "'forfeit'"),
        ({"mode": "turn", "on_expiry": "forfeit"}, "needs a time bank"),
        ({"mode": "live", "days": 2}, "turn-based"),
        ({"mode": "live", "on_expiry": "forfeit"}, "'rule' or 'bot'"),
    ],
)
def test_a_clock_no_table_may_have_is_refused(clock: dict[str, Any], words: str) -> None:
    with pytest.raises(ClockError, match=words):
        clock_settings(clock, None)


def test_the_lobby_stores_the_time_bank_and_refuses_bad_days(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        table = create_table(server.url, game="tortuga", players=2, clock=turn_clock(5, "bot"))
        meta = httpx.get(f"{server.url}/api/tables/{table['table']}").json()
        assert meta["clock"] == turn_clock(5, "bot")
        before = httpx.get(f"{server.url}/api/tables").json()
        for days in (0, 8, 2.5):
            answer = httpx.post(
                f"{server.url}/api/tables",
                json={"game": "tortuga", "players": 2, "clock": {"mode": "turn", "days": days}},
            )
            assert answer.status_code == 400, answer.text
            assert answer.json()["error"] == "bad_clock" and "1 to 7" in answer.json()["message"]
        answer = httpx.post(
            f"{server.url}/api/tables",
            json={"game": "tortuga", "players": 2, "clock": {"mode": "turn", "days": "two"}},
        )
        assert answer.status_code == 422 and answer.json()["error"] == "bad_request"
        assert "clock.days" in answer.json()["message"]
        assert httpx.get(f"{server.url}/api/tables").json() == before  # nothing was made
