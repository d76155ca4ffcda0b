"""Every message gets an answer, under the server's default limits: past the rate limit each
refused message is told so (with when to send it again), a frame far over the message limit
gets `too_large` and the connection stays open, and the smaller promises of docs/server.md
hold as written (each case here was found by a client written from the docs alone)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from buccaneer.server.settings import Settings
from tests.server.support import ThreadServer, create_table
from tests.server.wsclient import Ws

DEFAULTS = Settings()
# The production limits for one connection's messages (the tests' relaxed ones otherwise).
DEFAULT_LIMITS: dict[str, Any] = {
    "message_rate": DEFAULTS.message_rate,
    "message_burst": DEFAULTS.message_burst,
    "address_message_rate": DEFAULTS.address_message_rate,
    "address_message_burst": DEFAULTS.address_message_burst,
}


@pytest.fixture
def server(sqlite_url: str) -> Iterator[ThreadServer]:
    with ThreadServer(sqlite_url, **DEFAULT_LIMITS) as running:
        yield running


def status(message: dict[str, Any]) -> str:
    """The table's status as a sync (in its table) or an update (at the top) gives it."""
    return str(message.get("status") or message["table"]["status"])


def action(version: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "action", "version": version, "action": legal[0]["action"]}


def test_past_the_rate_limit_every_message_is_answered_and_the_action_lands(
    server: ThreadServer,
) -> None:
    """45 pings then a legal action: each ping gets a pong or `rate_limited`, the action gets
    `rate_limited` with `retry_after` (never silence), and sent again after that, it is played.
    Before, one `rate_limited` was sent a second and everything else went unanswered."""

    async def main() -> None:
        table = create_table(server.url, game="cartagena", players=2, options={})
        red = table["seats"][0]
        async with Ws(server.url) as ws, Ws(server.url) as blue:
            await blue.hello(token=table["seats"][1]["token"])
            sync = await ws.hello(token=red["token"])
            start = await ws.until(lambda m: m["asked"] is not None)
            assert start["legal"], sync
            for _ in range(45):
                await ws.send({"type": "ping"})
            await ws.send(action(start["version"], start["legal"]))
            answers = [m for m in await ws.quiet(1.0) if m["type"] in ("pong", "error")]
            # One answer for each of the 46 messages: no message goes unanswered.
            assert len(answers) == 46, answers
            assert all(
                m["type"] == "pong" or (m["code"] == "rate_limited" and m["retry_after"] > 0)
                for m in answers
            ), answers
            last = answers[-1]
            assert last["type"] == "error" and last["code"] == "rate_limited", answers
            await asyncio.sleep(last["retry_after"] + 0.2)
            await ws.send(action(start["version"], start["legal"]))
            played = await ws.until(lambda m: m["version"] > start["version"], timeout=10)
            assert played["log"], played

    asyncio.run(main())


@pytest.mark.parametrize("size", [(1 << 20) + 1, 3 << 20])
def test_a_frame_over_a_mebibyte_is_too_large_and_the_connection_stays_open(
    server: ThreadServer, size: int
) -> None:
    """A frame past 1 MiB once closed the connection (1009) where the docs promise
    `too_large` and an open connection."""

    async def main() -> None:
        async with Ws(server.url) as ws:
            await ws.send("x" * size)
            refusal = await ws.recv("error")
            assert refusal["code"] == "too_large", refusal
            await ws.send({"type": "ping"})
            assert (await ws.recv())["type"] == "pong"

    asyncio.run(main())


def test_a_long_chat_line_is_too_long_not_a_bad_message(server: ThreadServer) -> None:
    async def main() -> None:
        table = create_table(server.url, game="tortuga", players=2)
        async with Ws(server.url) as ws:
            await ws.hello(token=table["seats"][0]["token"])
            for length in (DEFAULTS.chat_length + 1, 5000):
                await ws.send({"type": "chat", "text": "y" * length})
                assert (await ws.recv("error"))["code"] == "too_long"

    asyncio.run(main())


def test_an_unknown_field_names_the_fields_the_message_takes(server: ThreadServer) -> None:
    async def main() -> None:
        async with Ws(server.url) as ws:
            await ws.send({"type": "handover", "seat": 1, "colour": "red"})
            words = (await ws.recv("error"))["message"]
            assert "'colour' is not a known field (allowed: seat, agent)" in words, words

    asyncio.run(main())


def test_the_set_up_lines_come_with_the_first_sync(server: ThreadServer) -> None:
    """The log's version-0 lines (the set-up: Cartagena's tunnel, the start player) were
    never sent to anyone."""

    async def main() -> None:
        table = create_table(server.url, game="cartagena", players=2, options={})
        async with Ws(server.url) as ws:
            sync = await ws.hello(table=table["table"])
            setup = [line for line in sync["log"] if line["version"] == 0]
            assert setup and "tiles" in setup[0]["text"], sync["log"]

    asyncio.run(main())


def test_the_tab_whose_move_was_beaten_to_the_last_action_gets_over_and_a_sync(
    sqlite_url: str,
) -> None:
    """Every refused action is followed by a sync, `over` included (before, the tab whose
    rival tab ended the game got `over` alone)."""

    async def main(server: ThreadServer) -> None:
        seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
        table = create_table(server.url, game="tortuga", players=2, seats=seats)
        async with Ws(server.url) as tab, Ws(server.url) as other_tab:
            await tab.hello(token=table["seats"][0]["token"])
            await other_tab.hello(token=table["seats"][0]["token"])
            while True:
                now = await tab.until(lambda m: m["asked"] is not None or status(m) == "over")
                if status(now) == "over":
                    break
                await tab.send(action(now["version"], now["legal"]))
                await tab.until(lambda m, v=now["version"]: m["version"] > v, timeout=30)
            over = await tab.until(lambda m: status(m) == "over")
            await other_tab.until(lambda m: m["version"] == over["version"], timeout=10)
            other_tab.seen.clear()
            legal = [{"action": {"type": "end_turn"}}]
            await other_tab.send(action(over["version"] - 1, legal))
            answers = await other_tab.quiet(1.0)
            assert [m["type"] for m in answers] == ["error", "sync"], answers
            assert answers[0]["code"] == "over"

    with ThreadServer(sqlite_url) as server:  # relaxed limits: a whole game, quickly
        asyncio.run(main(server))


def test_replay_reads_whole_numbers_only_and_no_version_past_the_end(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server, httpx.Client(timeout=30) as http:
        seats = [{"kind": "bot", "agent": "random"}] * 2
        table = create_table(server.url, game="tortuga", players=2, seats=seats)
        url = f"{server.url}/api/tables/{table['table']}"
        for _ in range(300):
            if http.get(url).json()["status"] == "over":
                break
            asyncio.run(asyncio.sleep(0.1))
        total = http.get(url).json()["version"]
        assert http.get(f"{url}/replay", params={"seat": 1}).json()["seat"] == 1
        for params in ({"seat": "1.0"}, {"version": "1.0"}, {"version": " 1"}, {"seat": "1e0"}):
            response = http.get(f"{url}/replay", params=params)
            assert response.status_code == 422, (params, response.text)
            assert response.json()["error"] == "bad_request"
        past = http.get(f"{url}/replay", params={"version": total + 1})
        assert past.status_code == 400 and "at most" in past.json()["message"], past.text
        assert http.get(f"{url}/replay", params={"version": total}).json()["version"] == total


def test_a_body_that_is_not_json_is_refused(sqlite_url: str) -> None:
    """A `text/plain` body is what a form on another site can post without asking: refused,
    and nothing is created."""
    with ThreadServer(sqlite_url) as server, httpx.Client(timeout=30) as http:
        body = json.dumps({"game": "tortuga", "players": 2})
        for kind in ("text/plain", "application/x-www-form-urlencoded", None):
            headers = {"content-type": kind} if kind else {}
            response = http.post(f"{server.url}/api/tables", content=body, headers=headers)
            assert response.status_code == 415, (kind, response.text)
            assert response.json()["error"] == "unsupported_media_type"
        listed = http.get(f"{server.url}/api/tables").json()
        assert listed == []
        json_type = {"content-type": "application/json"}
        ok = http.post(f"{server.url}/api/tables", content=body, headers=json_type)
        assert ok.status_code == 201
