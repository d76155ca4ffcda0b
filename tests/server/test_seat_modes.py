"""Seat modes (docs/server.md, "Seat modes"): the creator sits at a `me` seat at once, an
`invite` seat is kept for its link, a lobby join takes only `open` seats, a seat given up
before the start keeps its mode, and a dead link says what happened without giving anything
away. On SQLite and PostgreSQL, against a real server."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from buccaneer.server.migrate import upgrade
from buccaneer.server.storage import sync_url
from tests.server.support import ThreadServer, create_table
from tests.server.wsclient import Ws

ME = {"kind": "me"}
INVITE = {"kind": "invite"}
OPEN = {"kind": "open"}
BOT = {"kind": "bot", "agent": "random"}


@pytest.fixture
def server(database_url: str) -> Iterator[ThreadServer]:
    with ThreadServer(database_url) as running:
        yield running


def meta(url: str, table: str) -> dict[str, Any]:
    response = httpx.get(f"{url}/api/tables/{table}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def join(url: str, table: str, **body: Any) -> httpx.Response:
    return httpx.post(f"{url}/api/tables/{table}/join", json=body)


def hello_error(url: str, **fields: Any) -> dict[str, Any]:
    async def main() -> dict[str, Any]:
        async with Ws(url) as ws:
            return await ws.hello(**fields)

    return asyncio.run(main())


def test_the_creator_sits_at_once_and_the_answer_holds_each_link(server: ThreadServer) -> None:
    # Names are unique per server, and the PostgreSQL database is shared by the tests of a worker.
    name = f"Anne {secrets.token_hex(3)}"
    guest = httpx.post(f"{server.url}/api/guests", json={"name": name}).json()
    response = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "tortuga", "players": 4, "seats": [ME, INVITE, OPEN, BOT]},
        headers={"authorization": f"Bearer {guest['session']}"},
    )
    assert response.status_code == 201, response.text
    created = response.json()
    assert created["me"]["seat"] == 0 and created["me"]["mode"] == "me"
    assert [(s["seat"], s["mode"]) for s in created["seats"]] == [(0, "me"), (1, "invite")]
    assert created["open"] == [2]
    seats = meta(server.url, created["table"])["seats"]
    assert [s["mode"] for s in seats] == ["me", "invite", "open", "bot"]
    assert [s["claimed"] for s in seats] == [True, False, False, True]
    assert seats[0]["name"] == name  # the session's name
    public = json.dumps(meta(server.url, created["table"]))
    assert all(s["token"] not in public for s in created["seats"])

    async def main() -> None:
        async with Ws(server.url) as ws:
            sync = await ws.hello(token=created["me"]["token"], table=created["table"])
            assert sync["type"] == "sync" and sync["seat"] == 0

    asyncio.run(main())


def test_a_me_seat_and_bots_start_the_table_at_once(server: ThreadServer) -> None:
    created = create_table(
        server.url, game="cartagena", players=3, seats=[BOT, {"kind": "me", "name": "Bo"}, BOT]
    )
    assert created["me"]["seat"] == 1
    table = meta(server.url, created["table"])
    assert table["status"] == "active" and table["seats"][1]["name"] == "Bo"


def test_a_join_never_takes_an_invited_or_the_creators_seat(server: ThreadServer) -> None:
    created = create_table(server.url, game="tortuga", players=4, seats=[ME, INVITE, OPEN, OPEN])
    table = created["table"]
    before = meta(server.url, table)
    for seat in (0, 1):
        refused = join(server.url, table, seat=seat)
        assert refused.status_code == 409 and refused.json()["error"] == "reserved"
    assert meta(server.url, table) == before
    assert join(server.url, table, name="Cleo").json()["seat"] == 2
    assert join(server.url, table, name="Dani", seat=3).json()["seat"] == 3
    # Only the invited seat is free now, and a join cannot have it.
    refused = join(server.url, table, name="Eve")
    assert refused.status_code == 409 and refused.json()["error"] == "no_open_seat"
    taken = join(server.url, table, seat=2)
    assert taken.status_code == 409 and taken.json()["error"] == "taken"
    seats = meta(server.url, table)["seats"]
    assert [s["claimed"] for s in seats] == [True, False, True, True]
    # The invite link still opens its seat, and that starts the table.
    asyncio.run(take(server.url, table, created["seats"][1]["token"], seat=1))
    assert meta(server.url, table)["status"] == "active"


def test_a_table_without_open_seats_is_refused_to_joins(server: ThreadServer) -> None:
    created = create_table(server.url, game="tortuga", players=2)  # seats omitted: invites
    assert [s["mode"] for s in created["seats"]] == ["invite", "invite"]
    assert created["me"] is None and created["open"] == []
    refused = join(server.url, created["table"])
    assert refused.status_code == 409 and refused.json()["error"] == "no_open_seat"
    legacy = create_table(server.url, game="tortuga", players=2, seats=[{"kind": "human"}, BOT])
    assert meta(server.url, legacy["table"])["seats"][0]["mode"] == "invite"
    bot = join(server.url, legacy["table"], seat=1)
    assert bot.status_code == 400 and bot.json()["error"] == "bot_seat"


@pytest.mark.parametrize(
    ("seats", "error"),
    [
        ([ME, ME], "bad_request"),
        ([{"kind": "me", "agent": "random"}, OPEN], "bad_request"),
        ([{"kind": "open", "name": "Cleo"}, OPEN], "bad_request"),
        ([{"kind": "nobody"}, OPEN], "bad_request"),
    ],
)
def test_bad_seat_modes_are_refused_and_change_nothing(
    server: ThreadServer, seats: list[dict[str, Any]], error: str
) -> None:
    listed = httpx.get(f"{server.url}/api/tables").json()
    response = httpx.post(
        f"{server.url}/api/tables", json={"game": "tortuga", "players": 2, "seats": seats}
    )
    assert response.status_code in (400, 422) and response.json()["error"] == error
    assert httpx.get(f"{server.url}/api/tables").json() == listed


async def take(url: str, table: str, token: str, seat: int) -> None:
    async with Ws(url) as ws:
        sync = await ws.hello(token=token, table=table)
        assert sync["type"] == "sync" and sync["seat"] == seat, sync


async def leave(url: str, table: str, token: str) -> None:
    async with Ws(url) as ws:
        await ws.hello(token=token, table=table)
        await ws.send({"type": "leave"})
        await ws.recv("table")


def test_leaving_before_the_start_keeps_the_seats_mode(server: ThreadServer) -> None:
    created = create_table(server.url, game="tortuga", players=4, seats=[ME, INVITE, OPEN, OPEN])
    table = created["table"]
    me, invite = created["me"]["token"], created["seats"][1]["token"]
    joined = join(server.url, table, name="Cleo").json()
    asyncio.run(take(server.url, table, invite, seat=1))
    for token in (me, invite):
        asyncio.run(leave(server.url, table, token))
    left = httpx.post(f"{server.url}/api/tables/{table}/leave", json={"token": joined["token"]})
    assert left.status_code == 200, left.text
    seats = meta(server.url, table)["seats"]
    assert [(s["mode"], s["claimed"]) for s in seats] == [
        ("me", False),
        ("invite", False),
        ("open", False),
        ("open", False),
    ]
    # The creator's and the invited player's links take their seats again; a join cannot.
    refused = join(server.url, table, seat=0)
    assert refused.status_code == 409 and refused.json()["error"] == "reserved"
    asyncio.run(take(server.url, table, me, seat=0))
    asyncio.run(take(server.url, table, invite, seat=1))
    # The open seat's old link is dead and says why; the seat is open for the next join.
    error = hello_error(server.url, token=joined["token"], table=table)
    assert error["type"] == "error" and error["code"] == "seat_given_up"
    assert "open again" in error["message"]
    again = join(server.url, table, name="Dani")
    assert again.status_code == 200 and again.json()["seat"] == 2
    assert again.json()["token"] != joined["token"]
    error = hello_error(server.url, token=joined["token"], table=table)
    assert error["code"] == "seat_given_up" and "someone else" in error["message"]


def test_leaving_as_the_last_seat_is_taken_hands_the_seat_to_a_bot(server: ThreadServer) -> None:
    """A leave that waits for the table's lock while the last seat is taken (and the game
    starts) must not free a seat of a running game: a bot plays it, and the link still holds
    it (before, the seat was left with no player, no bot and no token)."""
    created = create_table(server.url, game="tortuga", players=3, seats=[ME, OPEN, OPEN])
    table = created["table"]
    bob = join(server.url, table, name="Bob").json()

    async def race() -> None:
        master = await server.server.masters.get(table)
        assert master is not None and master.live.status == "waiting"
        async with master.lock:
            leaving = asyncio.ensure_future(master.leave(bob["seat"]))
            await asyncio.sleep(0.05)  # Bob's leave has checked "waiting" and waits here
            taken = await master.take_free_seat(
                2, {"token_hash": None, "name": "Cleo", "account_id": None}
            )
            assert taken and await master.start_if_full()
        await leaving

    server.run(race())
    seats = meta(server.url, table)["seats"]
    assert meta(server.url, table)["status"] == "active"
    assert seats[bob["seat"]]["claimed"] and seats[bob["seat"]]["agent"] == "heuristic"
    # Bob's link still opens his seat (he may take it back from the bot).
    assert hello_error(server.url, token=bob["token"], table=table)["type"] == "sync"


def test_a_dead_link_gives_nothing_away(server: ThreadServer) -> None:
    created = create_table(server.url, game="tortuga", players=2, seats=[INVITE, OPEN])
    table = created["table"]
    other = create_table(server.url, game="tortuga", players=2, seats=[INVITE, OPEN])
    for fields in (
        {"token": "x" * 32, "table": table},
        {"token": created["seats"][0]["token"][:-1], "table": table},
        {"token": other["seats"][0]["token"], "table": table},  # another table's
    ):
        error = hello_error(server.url, **fields)
        assert error["type"] == "error" and error["code"] == "unknown_token", error
        assert error["message"].startswith("no seat has that token")
    # A given-up token is explained only at its own table.
    joined = join(server.url, table).json()
    httpx.post(f"{server.url}/api/tables/{table}/leave", json={"token": joined["token"]})
    error = hello_error(server.url, token=joined["token"], table=other["table"])
    assert error["code"] == "unknown_token"


def test_an_old_database_gets_seat_modes(tmp_path: Path) -> None:
    """Tables stored before seat modes read as invites and bots after the upgrade."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, revision="0001")
    engine = create_engine(sync_url(url))
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO tables (id, game, players, options, seed, status, listed, clock, "
                "bot_delay, version, deadlines, created_at, updated_at) VALUES ('t', "
                "'tortuga', 2, '{}', 1, 'waiting', 1, '{\"mode\": \"turn\"}', 0, 0, '{}', 0, 0)"
            )
        )
        conn.execute(
            text(
                "INSERT INTO seats (table_id, seat, kind, claimed) VALUES "
                "('t', 0, 'human', 0), ('t', 1, 'bot', 1)"
            )
        )
    upgrade(url)
    with engine.connect() as conn:
        modes = conn.execute(text("SELECT mode FROM seats ORDER BY seat")).scalars().all()
    engine.dispose()
    assert modes == ["invite", "bot"]
