"""The table master without sockets or HTTP: every command on a real database (a SQLite file
and PostgreSQL), its answers and its refusals (which change nothing), the lock that puts a
table's commands in a line, clock expiry, rematch, chat, hand-over and take-back, and joining
and leaving a seat of each mode. The adapters over it (WebSocket, HTTP) are tested with real
sockets by the other server tests."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from buccaneer.core import get_spec
from buccaneer.server.auth import new_token, token_hash
from buccaneer.server.bots import BotRunner
from buccaneer.server.fanout import Fanout
from buccaneer.server.master import Masters, TableMaster
from buccaneer.server.migrate import upgrade
from buccaneer.server.repository import Move, Repository
from buccaneer.server.settings import Settings
from buccaneer.server.tables import LiveTable, Refused


class Heard(Fanout):
    """A fanout that keeps every event published (and delivers it, as one process does)."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[dict[str, Any]] = []

    async def publish(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        await self.deliver(event)

    def kinds(self) -> list[str]:
        return [e["kind"] for e in self.events]


Body = Callable[[Masters, Heard], Awaitable[None]]


def run(url: str, body: Body, shared: bool = False) -> None:
    """`body` with a fresh registry of masters on `url` (one process's)."""
    upgrade(url)

    async def main() -> None:
        fanout = Heard()
        masters = Masters(Repository.at(url), fanout, shared, settings=Settings(database_url=url))
        try:
            await body(masters, fanout)
        finally:
            await masters.repository.close()

    asyncio.run(main())


async def new_table(
    masters: Masters,
    game: str,
    modes: list[str],
    clock: dict[str, Any] | None = None,
    **options: Any,
) -> tuple[TableMaster, dict[int, str]]:
    """A table whose seats are `modes`: "me", "invite", "open" and "bot" as the lobby makes
    them, and "taken" (an invite whose person has sat down); the seats' tokens."""
    seats: list[dict[str, Any]] = []
    tokens: dict[int, str] = {}
    for i, mode in enumerate(modes):
        if mode == "bot":
            seats.append({"kind": "bot", "mode": "bot", "agent": "random", "claimed": True})
            continue
        seat: dict[str, Any] = {"kind": "human", "mode": "invite" if mode == "taken" else mode}
        if mode in ("me", "invite", "taken"):
            tokens[i] = new_token()
            seat["token_hash"] = token_hash(tokens[i])
            seat["claimed"] = mode != "invite"
        seats.append(seat)
    table_id = await masters.create(
        get_spec(game),
        players=len(modes),
        options=options,
        seats=seats,
        clock=clock or {"mode": "turn"},
        listed=False,
        bot_delay=0.0,
    )
    master = await masters.get(table_id)
    assert master is not None
    return master, tokens


async def refused(code: str, command: Awaitable[Any]) -> Refused:
    with pytest.raises(Refused) as caught:
        await command
    assert caught.value.code == code, caught.value
    return caught.value


async def stored(masters: Masters, table_id: str) -> LiveTable:
    """The table as the database holds it (read again, not the cached copy)."""
    live = await masters.load(table_id)
    assert live is not None
    return live


def first_choice(live: LiveTable) -> tuple[int, dict[str, Any]]:
    seat = live.state.to_move()[0]
    return seat, live.state.legal_actions(seat)[0].to_json()


async def play_to_the_end(master: TableMaster, seed: int = 0) -> None:
    rng = random.Random(seed)
    live = master.live
    while not live.state.is_over():
        seat = live.state.to_move()[0]
        action = rng.choice(live.state.legal_actions(seat)).to_json()
        await master.act(seat, action, live.version)


# -- act ------------------------------------------------------------------------------------------


def test_an_action_is_stored_then_announced_and_refusals_change_nothing(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        master, _ = await new_table(masters, "cartagena", ["taken", "taken"], variant="tortuga")
        live = master.live
        seat, action = first_choice(live)
        other = 1 - seat
        await refused("bad_action", master.act(seat, {"type": "no such thing"}, 0))
        await refused("stale", master.act(seat, action, 5))
        await refused("illegal", master.act(other, action, 0))
        assert heard.events == [] and (await stored(masters, live.id)).version == 0

        after = await master.act(seat, action, 0)
        assert after is live and live.version == 1
        assert heard.events == [
            {
                "kind": "version",
                "table": live.id,
                "version": 1,
                "move": {
                    "seat": seat,
                    "action": action,
                    "status": "active",
                    "deadlines": {},
                },
            }
        ]
        again = await stored(masters, live.id)
        assert again.version == 1 and again.state.record().actions == [(seat, action)]
        # The version the sender saw is gone: refused, and nothing stored.
        await refused("stale", master.act(seat, action, 0))
        assert (await stored(masters, live.id)).version == 1

    run(database_url, body)


def test_acting_before_the_start_for_a_handed_seat_or_as_the_clock_is_refused(
    database_url: str,
) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        waiting, _ = await new_table(masters, "tortuga", ["taken", "invite"])
        seat, action = first_choice(waiting.live)
        await refused("not_started", waiting.act(seat, action, 0))

        handed, _ = await new_table(masters, "tortuga", ["taken", "taken"])
        await handed.hand_over(1, 0, "heuristic", False)
        await refused("handed", handed.act(0, handed.live.state.legal_actions(0)[0].to_json(), 0))

        clocked, _ = await new_table(masters, "tortuga1667", ["taken"] * 3)
        seat = clocked.live.state.to_move()[0]
        await refused("clock_only", clocked.act(seat, {"type": "timeout"}, 0))
        assert clocked.live.version == 0

    run(database_url, body)


def test_a_game_plays_to_its_end_and_then_refuses_actions(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        master, _ = await new_table(masters, "tortuga1667", ["taken"] * 3)
        with pytest.raises(Refused) as early:
            master.record()
        assert early.value.code == "not_over"
        await play_to_the_end(master)
        live = master.live
        assert live.status == "over"
        record = master.record()
        assert record["seed"] == live.seed and len(record["actions"]) == live.version
        again = await stored(masters, live.id)
        assert again.status == "over" and again.version == live.version
        await refused("over", master.act(0, {"type": "end_turn"}, live.version))

    run(database_url, body)


# -- the lock -------------------------------------------------------------------------------------


def test_two_commands_on_one_table_take_turns(database_url: str) -> None:
    """Two tabs of one seat send different actions at once: the writes never overlap, one is
    stored and the other is refused as stale; a message built meanwhile waits for the
    command and shows the stored move."""

    async def body(masters: Masters, heard: Heard) -> None:
        master, _ = await new_table(masters, "cartagena", ["taken", "taken"], variant="tortuga")
        live = master.live
        seat = live.state.to_move()[0]
        first, second = (a.to_json() for a in live.state.legal_actions(seat)[:2])
        own = masters.repository.append
        writing = 0
        most = 0

        async def slow_append(move: Move) -> None:
            nonlocal writing, most
            writing += 1
            most = max(most, writing)
            await asyncio.sleep(0.05)
            await own(move)
            writing -= 1

        masters.repository.append = slow_append  # type: ignore[method-assign]
        one = asyncio.ensure_future(master.act(seat, first, 0))
        two = asyncio.ensure_future(master.act(seat, second, 0))
        await asyncio.sleep(0.01)  # the first is storing its move now
        seen = await master.read(lambda table: table.version)
        results = await asyncio.gather(one, two, return_exceptions=True)
        assert most == 1 and seen == 1
        assert results[0] is live and isinstance(results[1], Refused)
        assert results[1].code == "stale"
        again = await stored(masters, live.id)
        assert again.state.record().actions == [(seat, first)]

    run(database_url, body)


def test_a_stale_version_is_refused_when_another_process_wrote_first(database_url: str) -> None:
    """Two registries on one database (two processes): the second acts on a copy that has not
    heard of the first's move; the database refuses its write, it catches up, judges the
    action again and refuses it as stale."""

    async def body(one: Masters, heard: Heard) -> None:
        two = Masters(Repository(one.repository.engine), Fanout(), shared=True)
        try:
            master, _ = await new_table(one, "cartagena", ["taken", "taken"], variant="tortuga")
            copy = await two.get(master.id)
            assert copy is not None
            seat = master.live.state.to_move()[0]
            first, second = (a.to_json() for a in master.live.state.legal_actions(seat)[:2])
            await master.act(seat, first, 0)
            await refused("stale", copy.act(seat, second, 0))
            assert copy.live.version == 1 and copy.live.state.record().actions == [(seat, first)]
            assert (await stored(one, master.id)).version == 1
        finally:
            await two.repository.action_log.close()  # the engine itself is the first's

    run(database_url, body, shared=True)


# -- seats ----------------------------------------------------------------------------------------


def test_joining_takes_open_seats_only_and_the_last_seat_starts_the_game(
    database_url: str,
) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        master, tokens = await new_table(masters, "tortuga", ["me", "invite", "open", "open"])
        live = master.live
        await refused("reserved", master.join(None, None, 0))
        await refused("reserved", master.join(None, None, 1))
        await refused("bad_request", master.join(None, None, 4))
        await refused("bad_request", master.join("\x00", None, None))
        assert heard.events == []

        seat, token = await master.join("Bob", None, None)
        assert seat == 2 and live.seats[2].claimed and live.seats[2].name == "Bob"
        assert await masters.seat_of_token(token, live.id) == (live.id, 2)
        await refused("taken", master.join(None, None, 2))
        assert (await master.join(None, None, 3))[0] == 3
        await refused("no_open_seat", master.join(None, None, None))
        assert live.status == "waiting" and heard.kinds() == ["table", "table"]

        # The invite's link says hello: every seat is taken, and the game starts.
        await master.claim(1, "Cleo", None)
        assert live.status == "active" and heard.kinds()[-2:] == ["table", "version"]
        assert (await stored(masters, live.id)).status == "active"
        await refused("not_waiting", master.join(None, None, None))
        assert await masters.seat_of_token(tokens[1], None) == (live.id, 1)

        bots, _ = await new_table(masters, "tortuga", ["me", "bot", "open"])
        await refused("bot_seat", bots.join(None, None, 1))

    run(database_url, body)


def test_a_full_table_left_waiting_by_a_crash_starts_when_a_seat_says_hello_again(
    database_url: str,
) -> None:
    """A claim's write and the start it leads to are two commits: a server killed between
    them leaves every seat taken and the table waiting (the crash test met it under load).
    The next hello of any seat starts it."""

    async def body(masters: Masters, heard: Heard) -> None:
        master, _ = await new_table(masters, "tortuga", ["me", "invite", "bot"])
        async with master.lock:
            await master.write_seats({1: {"claimed": True}})  # ... and no start: the crash
        masters.forget(master.id)
        again = await masters.get(master.id)
        assert again is not None and again.live.status == "waiting"
        assert all(s.claimed for s in again.live.seats)
        await again.claim(0, None, None)
        assert again.live.status == "active" and heard.kinds()[-2:] == ["table", "version"]
        assert (await stored(masters, master.id)).status == "active"
        # Once started, a hello writes nothing and announces nothing.
        told = len(heard.events)
        await again.claim(1, None, None)
        assert len(heard.events) == told

    run(database_url, body)


def test_leaving_before_the_start_frees_a_seat_in_its_mode(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        master, tokens = await new_table(masters, "tortuga", ["me", "invite", "open", "bot"])
        live = master.live
        _, joined = await master.join("Bob", None, 2)
        await refused("bot_seat", master.leave(3))

        await master.leave(0)  # the creator's seat: kept for the creator's link
        assert not live.seats[0].claimed and live.seats[0].mode == "me"
        assert await masters.seat_of_token(tokens[0], live.id) == (live.id, 0)

        await master.leave(2)  # an open seat: open again, and its old link opens nothing
        assert not live.seats[2].claimed and live.seats[2].token_hash is None
        assert await masters.seat_of_token(joined, live.id) is None
        why = await masters.why_no_seat(joined, live.id)
        assert why.code == "seat_given_up" and "open again" in why.message
        assert (await masters.why_no_seat(new_token(), live.id)).code == "unknown_token"

        again = await stored(masters, live.id)
        assert [s.claimed for s in again.seats] == [False, False, False, True]
        assert again.seats[2].former_token_hash == token_hash(joined)

    run(database_url, body)


def test_leaving_during_the_game_hands_the_seat_to_a_bot(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        master, _ = await new_table(masters, "tortuga1667", ["taken", "taken", "bot"])
        live = master.live
        await master.leave(0)
        assert live.seats[0].bot == "heuristic" and live.seats[0].claimed
        await refused("handed", master.leave(0))
        assert (await stored(masters, live.id)).seats[0].agent == "heuristic"

        over, _ = await new_table(masters, "tortuga1667", ["taken"] * 3)
        await play_to_the_end(over)
        await refused("over", over.leave(1))

    run(database_url, body)


def test_a_seat_is_handed_to_a_bot_and_taken_back(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        absent = False
        waiting, _ = await new_table(masters, "tortuga", ["taken", "invite"])
        await refused("not_active", waiting.hand_over(0, 1, "heuristic", absent))
        await refused("not_active", waiting.take_back(0))

        master, _ = await new_table(masters, "tortuga1667", ["taken", "taken", "bot"])
        live = master.live
        await refused("bad_message", master.hand_over(0, 7, "heuristic", absent))
        await refused("bad_message", master.hand_over(0, "1", "heuristic", absent))
        await refused("own_seat", master.hand_over(0, 0, "heuristic", absent))
        await refused("bot_seat", master.hand_over(0, 2, "heuristic", absent))
        await refused("bad_agent", master.hand_over(0, 1, "no-such-agent", absent))
        await refused("bad_agent", master.hand_over(0, 1, "ismcts:time=99", absent))
        await refused("present", master.hand_over(0, 1, "heuristic", True))
        await refused("not_handed", master.take_back(1))
        assert heard.events == [] and live.seats[1].agent is None

        await master.hand_over(0, 1, "random", absent)
        # With two people one vote hands the seat over; its votes are cleared (and told).
        assert live.seats[1].bot == "random" and heard.kinds() == ["table", "votes"]
        await refused("bot_seat", master.hand_over(0, 1, "heuristic", absent))
        assert (await stored(masters, live.id)).seats[1].agent == "random"
        await master.take_back(1)
        assert live.seats[1].bot is None
        assert (await stored(masters, live.id)).seats[1].agent is None

    run(database_url, body)


# -- the table as a whole -------------------------------------------------------------------------


def test_a_rematch_seats_everyone_again_once(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        master, tokens = await new_table(masters, "tortuga1667", ["taken", "taken", "bot"])
        await refused("not_over", master.rematch())
        await play_to_the_end_with_bot_seat(master)
        new_id = await master.rematch()
        assert await master.rematch() == new_id and master.live.rematch == new_id
        rematches = [e for e in heard.events if e["kind"] == "rematch"]
        assert rematches == [{"kind": "rematch", "table": master.id, "rematch": new_id}] * 2
        again = await stored(masters, new_id)
        assert again.rematch_of == master.id and again.status == "active"
        assert again.seed != master.live.seed
        assert [(s.kind, s.mode, s.claimed) for s in again.seats] == [
            (s.kind, s.mode, s.claimed) for s in master.live.seats
        ]
        for seat, token in tokens.items():
            assert await masters.seat_of_token(token, new_id) == (new_id, seat)
        assert (await stored(masters, master.id)).rematch == new_id

    run(database_url, body)


async def play_to_the_end_with_bot_seat(master: TableMaster) -> None:
    """Every seat played here at random, the bot's too (no bot pool is running)."""
    rng = random.Random(1)
    live = master.live
    while not live.state.is_over():
        seat = live.state.to_move()[0]
        action = rng.choice(live.state.legal_actions(seat)).to_json()
        await master.bot_move(seat, action, live.version)


def test_chat_lines_are_stored_and_told_to_the_table(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        master, _ = await new_table(masters, "tortuga", ["taken", "taken"])
        master.live.seats[1].name = "Cleo"
        await refused("bad_message", master.chat(0, "  \n ", lambda: True))
        await refused("too_long", master.chat(0, "x" * 501, lambda: True))
        await refused("rate_limited", master.chat(0, "ahoy", lambda: False))
        assert heard.events == []
        await master.chat(1, "  ahoy \n there ", lambda: True)
        await master.chat(0, "arr", lambda: True)
        lines = await masters.repository.chat_lines(master.id, 50)
        assert [(line["seat"], line["name"], line["text"]) for line in lines] == [
            (1, "Cleo", "ahoy there"),
            (0, get_spec("tortuga").seat_name(0), "arr"),
        ]
        assert [e["message"] for e in heard.events] == lines

    run(database_url, body)


def test_a_passed_deadline_plays_the_time_rule_or_a_bot_move(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        live_clock = {"mode": "live", "seconds": 30.0, "on_expiry": "rule"}
        ruled, _ = await new_table(masters, "tortuga1667", ["taken"] * 3, clock=live_clock)
        asked = ruled.live.state.to_move()
        assert set(ruled.live.deadlines) == set(asked)
        await ruled.expire(time.time())  # nothing has passed yet
        assert ruled.live.version == 0
        await ruled.expire(time.time() + 60)
        actions = (await stored(masters, ruled.id)).state.record().actions
        assert actions[0] == (asked[0], {"type": "timeout"})

        pool = ThreadPoolExecutor(1)
        masters.bots = BotRunner(masters.bot_move, pool)
        try:
            bot_clock = {"mode": "live", "seconds": 30.0, "on_expiry": "bot"}
            botted, _ = await new_table(
                masters, "cartagena", ["taken", "taken"], clock=bot_clock, variant="tortuga"
            )
            seat = botted.live.state.to_move()[0]
            await botted.expire(time.time() + 60)
            await asyncio.gather(*masters.bots.tasks)
            again = await stored(masters, botted.id)
            assert again.version >= 1 and again.state.record().actions[0][0] == seat
        finally:
            pool.shutdown()

    run(database_url, body)


def test_bot_seats_are_played_through_the_master(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        pool = ThreadPoolExecutor(1)
        masters.bots = BotRunner(masters.bot_move, pool)
        try:
            table_id = await masters.open(
                get_spec("tortuga"),
                players=2,
                options={},
                seats=[{"kind": "bot", "agent": "random", "claimed": True}] * 2,
                clock={"mode": "turn"},
                listed=False,
                bot_delay=0.0,
            )
            for _ in range(400):
                live = await stored(masters, table_id)
                if live.status == "over":
                    break
                await asyncio.sleep(0.05)
            assert live.status == "over"
        finally:
            for task in masters.bots.tasks:
                task.cancel()
            pool.shutdown()

    run(database_url, body)
