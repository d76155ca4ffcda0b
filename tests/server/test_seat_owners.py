"""A claimed seat belongs to the device that claimed it (docs/server.md, "Seat owners"): the
table's creator keeps a copy of every invite token, and a link may be forwarded, so once the
invited person's hello has claimed the seat with its device key, the token alone opens it to
nobody else, over the WebSocket or the HTTP routes that take a token; the seat is never re-bound
to another account, nor renamed after the start. Attacked from outside a real server, on SQLite
and PostgreSQL."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.support import ThreadServer, create_table, person_against_a_bot
from tests.server.wsclient import Ws


@pytest.fixture
def server(database_url: str) -> Iterator[ThreadServer]:
    with ThreadServer(database_url) as running:
        yield running


def guest(url: str, name: str) -> dict[str, Any]:
    response = httpx.post(f"{url}/api/guests", json={"name": f"{name} {secrets.token_hex(3)}"})
    assert response.status_code == 201, response.text
    return dict(response.json())


def two_seat_table(url: str, **body: Any) -> dict[str, Any]:
    return create_table(
        url,
        game="cartagena",
        players=2,
        seats=[{"kind": "human", "name": "Creator"}, {"kind": "human"}],
        **body,
    )


async def hello(url: str, **fields: Any) -> dict[str, Any]:
    async with Ws(url) as ws:
        return await ws.hello(**fields)


def test_the_creators_copy_of_a_claimed_invite_opens_nothing(server: ThreadServer) -> None:
    """H1: the creator holds the friend's token; after the friend's device claimed the seat,
    the creator can neither say hello as it (and see its hand) nor act for it."""
    table = two_seat_table(server.url)
    creator, friend = (s["token"] for s in table["seats"])
    friend_key = secrets.token_urlsafe(24)

    async def main() -> None:
        mine = await hello(server.url, token=creator, key=secrets.token_urlsafe(24))
        assert mine["type"] == "sync" and mine["seat"] == 0
        theirs = await hello(server.url, token=friend, key=friend_key)
        assert theirs["type"] == "sync" and theirs["seat"] == 1
        # The creator with the friend's token: without a key, and with a key of its own.
        for fields in ({}, {"key": secrets.token_urlsafe(24)}, {"name": "Friend"}):
            refused = await hello(server.url, token=friend, **fields)
            assert refused["type"] == "error" and refused["code"] == "seat_taken", refused
            assert "view" not in refused
        # The friend comes back (a reload) with the same key and is seated as before.
        again = await hello(server.url, token=friend, key=friend_key, version=0)
        assert again["type"] in ("sync", "update") and again.get("code") is None

    asyncio.run(main())
    # The HTTP routes that take a seat's token hold the same line.
    report = httpx.post(
        f"{server.url}/api/tables/{table['table']}/reports",
        json={"seat": 0, "reason": "spam", "token": friend},
    )
    assert report.status_code == 403 and report.json()["error"] == "seat_taken", report.text


def test_a_used_link_cannot_free_the_seat_before_the_start(server: ThreadServer) -> None:
    """The creator's copy of a claimed invite cannot give the seat up for its player."""
    table = create_table(
        server.url,
        game="cartagena",
        players=3,
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
    )
    token = table["seats"][1]["token"]
    key = secrets.token_urlsafe(24)
    assert asyncio.run(hello(server.url, token=token, key=key))["seat"] == 1
    leave = f"{server.url}/api/tables/{table['table']}/leave"
    refused = httpx.post(leave, json={"token": token})
    assert refused.status_code == 403 and refused.json()["error"] == "seat_taken", refused.text
    seats = httpx.get(f"{server.url}/api/tables/{table['table']}").json()["seats"]
    assert seats[1]["claimed"] is True  # nothing changed
    assert httpx.post(leave, json={"token": token, "key": key}).status_code == 200


def test_a_claimed_seat_is_never_re_bound_to_another_account(server: ThreadServer) -> None:
    """M1: a hello with the seat's token and key but a throwaway guest's session, mid-game,
    leaves the seat with the account that claimed it (the game stays on that account's list
    and never reaches the other's)."""
    anne, throwaway = guest(server.url, "Anne"), guest(server.url, "Throwaway")
    table = person_against_a_bot(server.url)
    token, key = table["seats"][0]["token"], secrets.token_urlsafe(24)

    async def main() -> None:
        first = await hello(server.url, token=token, key=key, session=anne["session"])
        assert first["type"] == "sync" and first["seat"] == 0
        later = await hello(
            server.url, token=token, key=key, session=throwaway["session"], name="Someone"
        )
        assert later["type"] == "sync" and later["seat"] == 0

    asyncio.run(main())

    def listed(session: str) -> list[str]:
        response = httpx.get(
            f"{server.url}/api/my/tables", headers={"authorization": f"Bearer {session}"}
        )
        assert response.status_code == 200, response.text
        return [t["table"] for t in response.json()]

    assert table["table"] in listed(anne["session"])
    assert table["table"] not in listed(throwaway["session"])
    seats = httpx.get(f"{server.url}/api/tables/{table['table']}").json()["seats"]
    assert seats[0]["name"] == anne["name"]  # not renamed after the start


def test_the_seats_account_opens_it_on_a_new_device(server: ThreadServer) -> None:
    """Moving to another device: a session of the seat's own account opens it without the
    first device's key."""
    anne = guest(server.url, "Anne")
    table = two_seat_table(server.url)
    token = table["seats"][1]["token"]

    async def main() -> None:
        first = await hello(
            server.url, token=token, key=secrets.token_urlsafe(24), session=anne["session"]
        )
        assert first["seat"] == 1
        elsewhere = await hello(
            server.url, token=token, key=secrets.token_urlsafe(24), session=anne["session"]
        )
        assert elsewhere["type"] == "sync" and elsewhere["seat"] == 1

    asyncio.run(main())
