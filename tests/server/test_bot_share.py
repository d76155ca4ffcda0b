"""The bot pool is shared fairly (H3 of the public-server audit): a stranger's long searches
cannot make everyone else's quick bots wait, and long searches are on a budget.

Attacked from outside, on a real server with a real pool of two processes: an account fills
its quota of tables whose bots search for 30 s a move; a quick bot of another person's table
still moves while every one of those searches is thinking or waiting. (Before, the pool took
decisions first come first served: both processes sat in 30-second searches, and the quick
bot's first move waited behind them, 0.05 s becoming 28.9 s in the audit.)
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from buccaneer.agents.levels import level_spec
from buccaneer.server.bots import FairShare, costly
from tests.server.support import HASHING, ThreadServer

LONG = "ismcts:time=30"


def account(url: str, name: str, password: str | None = "a long secret") -> dict[str, str]:
    if password is None:
        answer = httpx.post(f"{url}/api/guests", json={"name": name})
    else:
        answer = httpx.post(
            f"{url}/api/accounts", json={"name": name, "password": password}, timeout=HASHING
        )
    assert answer.status_code == 201, answer.text
    return {"Authorization": f"Bearer {answer.json()['session']}"}


def bots_table(url: str, agents: list[str], auth: dict[str, str] | None = None) -> httpx.Response:
    return httpx.post(
        f"{url}/api/tables",
        json={
            "game": "cartagena",
            "players": len(agents),
            "seats": [{"kind": "bot", "agent": agent} for agent in agents],
            "bot_delay": 0,
        },
        headers=auth or {},
    )


def version(url: str, table: str) -> int:
    return int(httpx.get(f"{url}/api/tables/{table}").json()["version"])


def test_long_searches_of_one_account_leave_a_quick_bot_its_turn(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url, bot_workers=2, bot_seconds=30.0) as server:
        share = server.server.bots.share
        attacker = account(server.url, "searcher")
        tables = []
        for _ in range(2):  # the quota: two tables with costly bots
            answer = bots_table(server.url, [LONG, LONG], attacker)
            assert answer.status_code == 201, answer.text
            tables.append(answer.json()["table"])

        async def long_searches_in_hand() -> tuple[int, int]:
            return share.busy_costly, sum(t.costly for t in share.waiting)

        # Two 30-second decisions (one per table: Cartagena is played in turns): one thinks,
        # one waits, a process stays for quick bots.
        # (Awaited through the server's loop, where the share lives.)
        async def until_in_hand() -> None:
            while await long_searches_in_hand() != (1, 1):
                await asyncio.sleep(0.01)

        server.run(until_in_hand(), timeout=60)
        quick = bots_table(server.url, ["heuristic", "random"])
        assert quick.status_code == 201, quick.text
        table = quick.json()["table"]

        async def until_moved() -> None:
            master = await server.server.masters.get(table)
            assert master is not None
            while master.live.version < 2:
                await asyncio.sleep(0.01)

        server.run(until_moved(), timeout=60)
        # Both quick bots moved while no 30-second search had ended.
        assert [version(server.url, t) for t in tables] == [0, 0]
        assert server.run(long_searches_in_hand()) == (1, 1)


def test_long_searches_are_for_accounts_with_a_password_a_few_tables_at_a_time(
    sqlite_url: str,
) -> None:
    with ThreadServer(sqlite_url, bot_seconds=30.0) as server:
        # Without an account, and as a guest: quick bots only, and nothing is made.
        anonymous = bots_table(server.url, [LONG, "random"])
        assert anonymous.status_code == 403 and anonymous.json()["error"] == "costly_bot"
        guest = account(server.url, "visitor", password=None)
        refused = bots_table(server.url, [level_spec("strongest"), "random"], guest)
        assert refused.status_code == 403 and refused.json()["error"] == "costly_bot"
        assert bots_table(server.url, ["heuristic", level_spec("strong")], guest).is_success
        # An account: two tables with long searches at once, the third refused until one ends.
        owner = account(server.url, "searcher")
        made = [bots_table(server.url, ["random", LONG], owner) for _ in range(2)]
        assert all(answer.status_code == 201 for answer in made)
        third = bots_table(server.url, ["random", LONG], owner)
        assert third.status_code == 429 and third.json()["error"] == "bot_quota"
        # ... and from the same address under another account (the quota is per address too).
        other = account(server.url, "searcher2")
        assert bots_table(server.url, ["random", LONG], other).json()["error"] == "bot_quota"

        # Quick play: the published levels only, a guest's the quick ones.
        def quick(auth: dict[str, str], bot: str) -> httpx.Response:
            return httpx.post(
                f"{server.url}/api/quick",
                json={"game": "cartagena", "players": 2, "bot": bot},
                headers=auth,
            )

        assert quick(owner, "ismcts:iterations=30").json()["error"] == "bad_agent"
        assert quick(guest, level_spec("strongest")).json()["error"] == "costly_bot"
        assert quick(other, level_spec("strongest")).json()["error"] == "bot_quota"


def test_tables_per_address_are_on_a_budget(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url, table_rate=0.001, table_burst=3.0) as server:
        answers = [bots_table(server.url, ["random", "random"]) for _ in range(4)]
        assert [a.status_code for a in answers] == [201, 201, 201, 429]
        assert answers[3].json()["error"] == "busy"
        assert int(answers[3].headers["Retry-After"]) > 0


@pytest.mark.parametrize(
    ("agent", "game", "expected"),
    [
        ("random", "tortuga", False),
        ("heuristic", "tortuga_1667", False),
        ("ismcts:iterations=40", "cartagena", False),
        ("ismcts:iterations=41", "cartagena", True),
        ("ismcts", "cartagena", True),  # 400 iterations without a budget
        ("ismcts:time=0.5", "cartagena", True),
        (level_spec("good"), "tortuga", False),
        (level_spec("strongest"), "cartagena", True),
    ],
)
def test_what_counts_as_a_long_search(agent: str, game: str, expected: bool) -> None:
    assert costly(agent, game) is expected


def test_the_share_serves_owners_in_turn_then_their_tables_in_turn() -> None:
    """One process: owner A's five decisions on two tables came first, B's one after; the
    process goes A, B, then A's tables in turn. A costly decision never takes the process
    kept for quick ones."""

    async def main() -> tuple[list[str], list[str]]:
        share = FairShare(slots=1, costly_slots=1)
        order: list[str] = []
        gate = asyncio.Event()

        async def decide(owner: str, table: str, name: str, is_costly: bool = False) -> None:
            async with share.turn(owner, table, is_costly):
                order.append(name)
                await gate.wait()

        work: list[asyncio.Task[Any]] = []
        for name, table in [("a1", "t1"), ("a2", "t1"), ("a3", "t1"), ("a4", "t2"), ("a5", "t2")]:
            work.append(asyncio.create_task(decide("A", table, name)))
        await asyncio.sleep(0)
        work.append(asyncio.create_task(decide("B", "t3", "b1")))
        while len(order) < 6:
            await asyncio.sleep(0)
            gate.set()
            await asyncio.sleep(0)
            gate.clear()
        gate.set()
        await asyncio.gather(*work)

        kept = FairShare.for_workers(2)
        assert (kept.slots, kept.costly_slots) == (2, 1)
        costly_order: list[str] = []
        hold = asyncio.Event()

        async def think(owner: str, name: str, is_costly: bool) -> None:
            async with kept.turn(owner, name, is_costly):
                costly_order.append(name)
                await hold.wait()

        long_ones = [asyncio.create_task(think("A", f"long{i}", True)) for i in range(3)]
        await asyncio.sleep(0)
        cheap = asyncio.create_task(think("B", "quick", False))
        await asyncio.sleep(0)
        seen = list(costly_order)
        # A decision cancelled while it waits leaves no trace in the books.
        long_ones[2].cancel()
        await asyncio.sleep(0)
        hold.set()
        await asyncio.gather(cheap, *long_ones[:2])
        assert kept.busy == kept.busy_costly == 0 and not kept.waiting and not kept.served
        return order, seen

    order, seen = asyncio.run(main())
    assert order[:2] == ["a1", "b1"]
    assert order[2:4] == ["a4", "a2"]  # A's tables in turn: t2 has not been served yet
    assert seen == ["long0", "quick"]
