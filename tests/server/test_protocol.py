"""The table protocol, message by message, against a real server on real sockets: seats and
spectators, versions and conflicts, reconnects, chat, handing seats to bots, the lobby,
records, rematches and accounts."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import select

import buccaneer
from buccaneer.core import GameRecord
from buccaneer.server import storage as db
from tests.server.support import HASHING, ThreadServer, create_table
from tests.server.wsclient import Ws


@pytest.fixture
def server(sqlite_url: str) -> Iterator[ThreadServer]:
    with ThreadServer(sqlite_url) as running:
        yield running


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def two_humans(url: str, game: str = "cartagena", **body: Any) -> dict[str, Any]:
    options = {"variant": "jamaica"} if game == "cartagena" else {}
    return create_table(url, game=game, players=2, options=options, **body)


def first_action(message: dict[str, Any]) -> dict[str, Any]:
    return dict(message["legal"][0]["action"])


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_tabs_of_one_seat_send_one_move_exactly_one_is_applied(
    backend: str, sqlite_url: str, request: pytest.FixtureRequest
) -> None:
    url = sqlite_url if backend == "sqlite" else request.getfixturevalue("postgres_url")

    async def main(base: str) -> None:
        table = two_humans(base)
        red, blue = table["seats"]
        async with Ws(base) as tab1, Ws(base) as tab2, Ws(base) as other:
            await tab1.hello(token=red["token"])
            await other.hello(token=blue["token"])
            await tab2.hello(token=red["token"])
            start = await tab1.until(lambda m: m["asked"] is not None)
            await tab2.until(lambda m: m["asked"] is not None)
            moves = [first_action(start), dict(start["legal"][1]["action"])]
            await asyncio.gather(
                tab1.send({"type": "action", "version": start["version"], "action": moves[0]}),
                tab2.send({"type": "action", "version": start["version"], "action": moves[1]}),
            )
            await asyncio.sleep(0.5)
            errors = [m for tab in (tab1, tab2) for m in await tab.quiet() if m["type"] == "error"]
            errors += [m for tab in (tab1, tab2) for m in tab.seen if m["type"] == "error"]
            assert len({id(e) for e in errors}) >= 1
            assert {e["code"] for e in errors} == {"stale"}
        meta = httpx.get(f"{base}/api/tables/{table['table']}").json()
        assert meta["version"] == start["version"] + 1

    with ThreadServer(url) as server:
        run(main(server.url))


def test_a_refused_action_changes_nothing_and_brings_the_current_state(
    server: ThreadServer,
) -> None:
    async def main() -> None:
        table = two_humans(server.url)
        red, blue = table["seats"]
        async with Ws(server.url) as a, Ws(server.url) as b:
            await a.hello(token=red["token"], name="Anne")
            await b.hello(token=blue["token"], name="Bart")
            start = await a.until(lambda m: m["asked"] is not None)
            # Not Blue's turn: the engine's own words, and a fresh sync.
            await b.send(
                {"type": "action", "version": start["version"], "action": {"type": "end_turn"}}
            )
            error = await b.recv("error")
            assert error["code"] == "illegal" and "Red" in error["message"]
            assert (await b.recv("sync"))["version"] == start["version"]
            # A version from the future, a malformed action.
            await a.send({"type": "action", "version": 99, "action": first_action(start)})
            assert (await a.recv("error"))["code"] == "stale"
            await a.send({"type": "action", "version": 0, "action": {"type": "fly"}})
            assert (await a.recv("error"))["code"] == "bad_action"
            meta = httpx.get(f"{server.url}/api/tables/{table['table']}").json()
            assert meta["version"] == 0
            assert [s["name"] for s in meta["seats"]] == ["Anne", "Bart"]

    run(main())


def test_spectators_read_everything_public_but_cannot_act_or_chat(server: ThreadServer) -> None:
    async def main() -> None:
        table = two_humans(server.url)
        red, blue = table["seats"]
        async with Ws(server.url) as a, Ws(server.url) as b, Ws(server.url) as watcher:
            sync = await watcher.hello(table=table["table"])
            assert sync["type"] == "sync" and sync["seat"] is None and sync["legal"] == []
            assert all(hand is None for hand in sync["view"]["hands"])
            await a.hello(token=red["token"])
            await b.hello(token=blue["token"])
            start = await a.until(lambda m: m["asked"] is not None)
            await watcher.send({"type": "action", "version": 0, "action": first_action(start)})
            assert (await watcher.recv("error"))["code"] == "spectator"
            await watcher.send({"type": "chat", "text": "psst"})
            assert (await watcher.recv("error"))["code"] == "spectator"
            await a.send({"type": "chat", "text": "  ahoy   there "})
            line = (await watcher.recv("chat"))["message"]
            assert line["text"] == "ahoy there" and line["seat"] == 0
            assert (await b.recv("chat"))["message"]["text"] == "ahoy there"

    run(main())


def test_reconnect_with_a_version_gets_what_was_missed(server: ThreadServer) -> None:
    async def main() -> None:
        table = two_humans(server.url)
        red, blue = table["seats"]
        async with Ws(server.url) as a:
            await a.hello(token=red["token"])
            async with Ws(server.url) as b:
                await b.hello(token=blue["token"])
                seen = await b.until(lambda m: m["view"]["over"] is False and m["version"] == 0)
            # Blue is gone; Red plays two moves.
            msg = await a.until(lambda m: m["asked"] is not None)
            for _ in range(2):
                await a.send(
                    {"type": "action", "version": msg["version"], "action": first_action(msg)}
                )
                msg = await a.until(lambda m, v=msg["version"]: m["version"] > v)
            async with Ws(server.url) as b:
                back = await b.hello(token=blue["token"], version=seen["version"])
                assert back["type"] == "update" and back["since"] == seen["version"]
                assert back["version"] == msg["version"]
                assert [line["version"] for line in back["log"]] == [1, 2]
                assert back["table"]["id"] == table["table"]
                # A version the server never had: a full sync instead.
            async with Ws(server.url) as b:
                assert (await b.hello(token=blue["token"], version=10_000))["type"] == "sync"

    run(main())


def test_chat_limits_length_and_rate(sqlite_url: str) -> None:
    async def main(base: str) -> None:
        table = two_humans(base)
        async with Ws(base) as a:
            await a.hello(token=table["seats"][0]["token"])
            await a.send({"type": "chat", "text": "x" * 501})
            assert (await a.recv("error"))["code"] == "too_long"
            for i in range(3):
                await a.send({"type": "chat", "text": f"line {i}"})
            codes = [m.get("code") for m in await a.quiet(0.5) if m["type"] == "error"]
            assert codes == ["rate_limited"]

    with ThreadServer(sqlite_url, chat_burst=2.0, chat_rate=0.01) as server:
        run(main(server.url))


def test_a_seat_handed_to_a_bot_is_played_and_taken_back(server: ThreadServer) -> None:
    async def main() -> None:
        table = two_humans(server.url)
        red, blue = table["seats"]
        async with Ws(server.url) as b:
            async with Ws(server.url) as a:
                await a.hello(token=red["token"])
                await b.hello(token=blue["token"])
                await a.until(lambda m: m["asked"] is not None)
                # Red is still here: Blue may not hand Red's seat over.
                await b.send({"type": "handover", "seat": 0, "agent": "random"})
                assert (await b.recv("error"))["code"] == "present"
            # Red's player is gone: Blue hands Red to a bot, which plays Red's turn.
            await asyncio.sleep(0.2)
            await b.send({"type": "handover", "seat": 1, "agent": "random"})
            assert (await b.recv("error"))["code"] == "own_seat"
            await b.send({"type": "handover", "seat": 0, "agent": "ismcts:time=999"})
            assert (await b.recv("error"))["code"] == "bad_agent"
            # Within the server's limits, but a long search: a vote's bot is a quick one.
            await b.send({"type": "handover", "seat": 0, "agent": "ismcts:iterations=400"})
            assert (await b.recv("error"))["code"] == "costly_bot"
            await b.send({"type": "handover", "seat": 0, "agent": "random"})
            await b.until(lambda m: 1 in m["view"]["to_move"], timeout=30)
            async with Ws(server.url) as a:
                await a.hello(token=red["token"])
                await a.send({"type": "takeback"})
                meta = (await a.recv("table"))["table"]
                while meta["seats"][0]["agent"] is not None:
                    meta = (await a.recv("table"))["table"]
                await a.send({"type": "takeback"})
                assert (await a.recv("error"))["code"] == "not_handed"

    run(main())


def test_lobby_join_leave_and_start_when_full(server: ThreadServer) -> None:
    table = create_table(
        server.url,
        game="tortuga",
        players=3,
        seats=[{"kind": "open"}, {"kind": "open"}, {"kind": "bot", "agent": "random"}],
    )
    base = f"{server.url}/api/tables"
    listed = httpx.get(base).json()
    assert table["table"] in [t["id"] for t in listed]
    joined = httpx.post(f"{base}/{table['table']}/join", json={"name": "Cleo"}).json()
    assert joined["seat"] == 0 and len(joined["token"]) >= 22
    left = httpx.post(f"{base}/{table['table']}/leave", json={"token": joined["token"]}).json()
    assert left["seats"][0]["claimed"] is False and left["status"] == "waiting"
    assert left["seats"][0]["mode"] == "open"
    # The link of a seat given up no longer opens it, and says so.
    again = httpx.post(f"{base}/{table['table']}/leave", json={"token": joined["token"]})
    assert again.status_code == 403 and again.json()["error"] == "seat_given_up"
    for name in ("Dani", "Eve"):
        httpx.post(f"{base}/{table['table']}/join", json={"name": name})
    full = httpx.post(f"{base}/{table['table']}/join", json={})
    assert full.status_code == 409 and full.json()["error"] == "not_waiting"
    assert httpx.get(f"{base}/{table['table']}").json()["status"] == "active"
    assert table["table"] not in [t["id"] for t in httpx.get(base).json()]


def test_record_export_rematch_and_finished_games(server: ThreadServer) -> None:
    base = f"{server.url}/api"
    anne = httpx.post(
        f"{base}/accounts", json={"name": "Anne", "password": "correct horse"}, timeout=HASHING
    )
    assert anne.status_code == 201
    session = anne.json()["session"]
    table = create_table(
        server.url,
        game="cartagena",
        players=2,
        options={"variant": "tortuga"},
        seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
    )
    token = table["seats"][0]["token"]
    record_url = f"{base}/tables/{table['table']}/record"

    async def main() -> dict[str, Any]:
        async with Ws(server.url) as a:
            msg = await a.hello(token=token, session=session)
            await a.send({"type": "export"})
            assert (await a.recv("error"))["code"] == "not_over"
            assert httpx.get(record_url).status_code == 409
            while not msg["view"]["over"]:
                if msg["asked"] is not None:
                    await a.send(
                        {"type": "action", "version": msg["version"], "action": first_action(msg)}
                    )
                msg = await a.recv("sync", "update", timeout=30)
            await a.send({"type": "export"})
            exported = GameRecord.from_dict((await a.recv("export"))["record"])
            assert buccaneer.replay(exported).is_over()
            await a.send({"type": "rematch"})
            rematch = (await a.recv("rematch"))["table"]
            async with Ws(server.url) as again:
                fresh = await again.hello(token=token)
                assert (
                    fresh["table"]["id"] == rematch
                    and fresh["table"]["rematch_of"] == table["table"]
                )
                assert fresh["table"]["status"] == "active" and fresh["version"] == 0
            await a.send({"type": "rematch"})
            assert (await a.recv("rematch"))["table"] == rematch
            return dict(msg)

    last = run(main())
    record = GameRecord.from_dict(httpx.get(record_url).json())
    assert buccaneer.replay(record).view(0) == last["view"]
    games = httpx.get(f"{base}/players/anne/games").json()
    assert [g["table"] for g in games] == [table["table"]]
    assert games[0]["winners"] == last["view"]["winners"]


def test_accounts_and_guests(server: ThreadServer) -> None:
    base = f"{server.url}/api"
    assert (
        httpx.post(
            f"{base}/accounts", json={"name": "Zoë", "password": "hunter22!"}, timeout=HASHING
        ).status_code
        == 201
    )
    again = httpx.post(
        f"{base}/accounts", json={"name": "zoË", "password": "whatever1"}, timeout=HASHING
    )
    assert again.status_code == 409 and again.json()["error"] == "name_taken"
    short = httpx.post(
        f"{base}/accounts", json={"name": "Yan", "password": "short"}, timeout=HASHING
    )
    assert short.status_code == 422
    ok = httpx.post(
        f"{base}/sessions", json={"name": "ZOË", "password": "hunter22!"}, timeout=HASHING
    )
    assert ok.status_code == 200 and ok.json()["name"] == "Zoë"
    bad = httpx.post(
        f"{base}/sessions", json={"name": "Zoë", "password": "hunter23!"}, timeout=HASHING
    )
    assert bad.status_code == 401
    guest = httpx.post(f"{base}/guests", json={}).json()
    assert guest["name"].startswith("guest-") and guest["guest"] is True
    # A guest has no password to log in with.
    assert (
        httpx.post(
            f"{base}/sessions", json={"name": guest["name"], "password": "x"}, timeout=HASHING
        ).status_code
        == 401
    )
    # Passwords are stored as argon2 hashes, never as given.
    server_db = server.server.repository.engine

    async def stored() -> list[str]:
        async with server_db.connect() as conn:
            return list((await conn.execute(select(db.accounts.c.password_hash))).scalars())

    hashes = [
        h for h in asyncio.run_coroutine_threadsafe(stored(), loop_of(server)).result(10) if h
    ]
    assert hashes and all(h.startswith("$argon2") and "hunter22" not in h for h in hashes)


def loop_of(server: ThreadServer) -> asyncio.AbstractEventLoop:
    """The event loop uvicorn runs the app on (to read the database from inside)."""
    for task in asyncio.all_tasks(server.server.loops[0].get_loop()):
        return task.get_loop()
    raise AssertionError("no running loop")


def test_seat_tokens_are_long_random_and_stored_hashed(server: ThreadServer) -> None:
    table = two_humans(server.url)
    tokens = [s["token"] for s in table["seats"]]
    assert len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)  # 192 bits in base64

    async def stored() -> list[str]:
        async with server.server.repository.engine.connect() as conn:
            return list((await conn.execute(select(db.seats.c.token_hash))).scalars())

    hashes = asyncio.run_coroutine_threadsafe(stored(), loop_of(server)).result(10)
    assert not set(tokens) & set(hashes) and all(len(h) == 64 for h in hashes)
