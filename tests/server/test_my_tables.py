"""`GET /api/my/tables` on a real server (SQLite and PostgreSQL): every table where the
session's account sits — waiting, in play, finished lately — "your turn" first; a session
opens its own seat over the WebSocket without a token; a request without a session is
refused; and twin tables that differ only in what the account's seat cannot know give the
same listing (nothing hidden leaks into it)."""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections.abc import Callable
from typing import Any

import httpx

from buccaneer.server.master import Masters
from buccaneer.server.tables import LiveTable
from tests.server.support import ThreadServer
from tests.server.wsclient import Ws

DAYS = {"mode": "turn", "days": 2, "on_expiry": "bot"}


def guest(url: str) -> tuple[str, str]:
    """A fresh guest account: (name, session)."""
    name = f"p{secrets.token_hex(4)}"
    answer = httpx.post(f"{url}/api/guests", json={"name": name})
    assert answer.status_code == 201, answer.text
    return name, str(answer.json()["session"])


def bearer(session: str) -> dict[str, str]:
    return {"authorization": f"Bearer {session}"}


def make(url: str, session: str, game: str, players: int = 2, **body: Any) -> str:
    """A table whose first seat is the session's account and whose others are open."""
    seats = [{"kind": "me"}] + [{"kind": "open"}] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, **body}
    answer = httpx.post(f"{url}/api/tables", json=body, headers=bearer(session))
    assert answer.status_code == 201, answer.text
    return str(answer.json()["table"])


def join(url: str, table_id: str, session: str) -> None:
    answer = httpx.post(f"{url}/api/tables/{table_id}/join", json={}, headers=bearer(session))
    assert answer.status_code == 200, answer.text


def mine(url: str, session: str) -> list[dict[str, Any]]:
    answer = httpx.get(f"{url}/api/my/tables", headers=bearer(session))
    assert answer.status_code == 200, answer.text
    return list(answer.json())


async def play_until(masters: Masters, table_id: str, done: Callable[[LiveTable], bool]) -> None:
    """Random legal moves until `done` (or the end)."""
    master = await masters.get(table_id)
    assert master is not None
    live, rng = master.live, random.Random(7)
    while not done(live) and not live.state.is_over():
        seat = live.state.to_move()[0]
        await master.act(seat, rng.choice(live.state.legal_actions(seat)).to_json(), live.version)


def test_my_tables_lists_my_seats_your_turn_first(database_url: str) -> None:
    with ThreadServer(database_url) as server:
        url, masters = server.url, server.server.masters
        alice, alice_session = guest(url)
        bob, bob_session = guest(url)
        waiting = make(url, alice_session, "cartagena", options={"variant": "tortuga"})
        finished = make(url, alice_session, "tortuga")
        theirs = make(url, alice_session, "cartagena", clock=DAYS)
        turn = make(url, alice_session, "cartagena", clock=DAYS)
        not_mine = make(url, bob_session, "tortuga")
        for table_id in (finished, theirs, turn):
            join(url, table_id, bob_session)
        server.run(play_until(masters, finished, lambda live: False), timeout=120)
        server.run(play_until(masters, theirs, lambda live: list(live.state.to_move()) == [1]))
        server.run(play_until(masters, turn, lambda live: list(live.state.to_move()) == [0]))

        listed = mine(url, alice_session)
        assert [item["table"] for item in listed] == [turn, theirs, waiting, finished]
        assert not_mine not in [item["table"] for item in listed]
        first, second, third, last = listed
        assert [item["your_turn"] for item in listed] == [True, False, False, False]
        assert [item["status"] for item in listed] == ["active", "active", "waiting", "over"]
        assert all(item["seat"] == 0 for item in listed)
        assert [s["name"] for s in first["seats"]] == [alice, bob]
        meta = httpx.get(f"{url}/api/tables/{turn}").json()
        assert first["deadline"] == meta["deadlines"]["0"] > time.time() + 86_400
        assert first["asked"] == [0] and second["asked"] == [1] and second["deadline"] is None
        assert first["clock"] == DAYS and first["link"] == f"/tables/{turn}#mine"
        assert third["last_move_at"] is None and third["asked"] == []
        assert last["result"] is not None and last["finished_at"] is not None
        assert first["result"] is None and not first["forfeited"] and not first["handed"]
        # Bob sees his seats (seat 1) and the turn from his side: "theirs" is his turn.
        bobs = mine(url, bob_session)
        assert [item["table"] for item in bobs] == [theirs, turn, not_mine, finished]
        assert [item["your_turn"] for item in bobs] == [True, False, False, False]
        assert [item["seat"] for item in bobs] == [1, 1, 0, 1]

        for headers in ({}, bearer("no-such-session"), {"authorization": "Basic x"}):
            answer = httpx.get(f"{url}/api/my/tables", headers=headers)
            assert answer.status_code == 401 and answer.json()["error"] == "unknown_session"


def test_a_session_opens_its_own_seat_without_a_token(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        url = server.url
        _, alice_session = guest(url)
        _, bob_session = guest(url)
        _, carol_session = guest(url)
        table_id = make(url, alice_session, "tortuga")
        join(url, table_id, bob_session)

        async def hellos() -> list[Any]:
            seats = []
            for session in (alice_session, bob_session, carol_session, None):
                async with Ws(url) as ws:
                    hello: dict[str, Any] = {"table": table_id}
                    if session is not None:
                        hello["session"] = session
                    got = await ws.hello(**hello)
                    assert got["type"] == "sync", got
                    seats.append(got["seat"])
            async with Ws(url) as ws:
                refused = await ws.hello(table=table_id, session="no-such-session")
                assert refused["type"] == "error" and refused["code"] == "unknown_session"
            return seats

        # Alice and Bob sit at seats 0 and 1; Carol, who sits nowhere, watches, as does a
        # connection without a session.
        assert asyncio.run(hellos()) == [0, 1, None, None]


def test_twin_tables_give_the_same_listing(sqlite_url: str) -> None:
    """Two tables, the second's game replaced by a twin of the first's for the account's
    seat (it differs only in what that seat cannot know): their entries are the same but for
    the table's id."""
    with ThreadServer(sqlite_url) as server:
        url, masters = server.url, server.server.masters
        at = time.time()
        masters.clock = lambda: at  # both tables made at the same moment
        _, alice_session = guest(url)
        others = [guest(url)[1], guest(url)[1]]
        games = []
        for game, players in (("cartagena", 2), ("tortuga", 2), ("tortuga1667", 3)):
            pair = []
            for _ in range(2):
                table_id = make(url, alice_session, game, players, clock=DAYS)
                for session in others[: players - 1]:
                    join(url, table_id, session)
                pair.append(table_id)
            games.append(pair)

        async def twin(a_id: str, b_id: str) -> None:
            a, b = await masters.get(a_id), await masters.get(b_id)
            assert a is not None and b is not None
            rng = random.Random(3)
            for _ in range(6):  # a few moves of Bob's and Alice's first
                if a.live.state.is_over():
                    break
                seat = a.live.state.to_move()[0]
                action = rng.choice(a.live.state.legal_actions(seat)).to_json()
                await a.act(seat, action, a.live.version)
            async with b.lock:
                b.live.state = a.live.state.twin(0, random.Random(11))
                b.live.version = a.live.version
                b.live.asked_since = a.live.asked_since[:]
                b.live.deadlines = dict(a.live.deadlines)

        for a_id, b_id in games:
            server.run(twin(a_id, b_id))
        listed = {item["table"]: item for item in mine(url, alice_session)}

        def public(item: dict[str, Any]) -> dict[str, Any]:
            left_out = ("table", "link", "last_move_at")
            return {k: v for k, v in item.items() if k not in left_out}

        for a_id, b_id in games:
            assert public(listed[a_id]) == public(listed[b_id])
