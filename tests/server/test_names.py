"""Names nobody can pass off as someone else's (L2; docs/server.md, "Security"): invisible
characters, letters of another script that look like Latin ones, full-width letters, and a
person or a human seat named like one of the server's bots were all accepted. Attacked from
outside a real server: accounts, guests, a table's seats and a hello's name."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator

import httpx
import pytest

from tests.server.support import ThreadServer, create_table
from tests.server.wsclient import Ws

LOOK_ALIKES = [
    "Bot\u200b: strongest",  # a zero-width space
    "\u0412ot: strongest",  # a Cyrillic capital ve
    "Bot: strongest",  # the server's own bots are called so
    "b o t: good",
    "alice\u200b",
    "ali\u202ece",  # a right-to-left override
    "p\u0430ypal",  # a Cyrillic small a among Latin letters
]


@pytest.fixture
def server(sqlite_url: str) -> Iterator[ThreadServer]:
    with ThreadServer(sqlite_url) as running:
        yield running


def test_look_alike_names_are_refused_everywhere_a_person_names_themselves(
    server: ThreadServer,
) -> None:
    for name in LOOK_ALIKES:
        guest = httpx.post(f"{server.url}/api/guests", json={"name": name})
        assert guest.status_code in (400, 409, 422), (name, guest.text)
        account = httpx.post(
            f"{server.url}/api/accounts", json={"name": name, "password": "long enough 1"}
        )
        assert account.status_code in (400, 409, 422), (name, account.text)
        seat = httpx.post(
            f"{server.url}/api/tables",
            json={
                "game": "cartagena",
                "players": 2,
                "seats": [{"kind": "human", "name": name}, {"kind": "human"}],
            },
        )
        assert seat.status_code in (400, 422), (name, seat.text)
    table = create_table(server.url, game="cartagena", players=2)

    async def main() -> None:
        async with Ws(server.url) as ws:
            refused = await ws.hello(token=table["seats"][0]["token"], name="\u0412ot: strongest")
            assert refused["type"] == "error" and refused["code"] == "bad_message"

    asyncio.run(main())
    seats = httpx.get(f"{server.url}/api/tables/{table['table']}").json()["seats"]
    assert seats[0]["claimed"] is False  # the refused hello changed nothing


def test_a_full_width_name_is_the_plain_one_and_so_is_taken(server: ThreadServer) -> None:
    plain = f"alice{secrets.token_hex(2)}"
    wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in plain.upper())
    first = httpx.post(f"{server.url}/api/guests", json={"name": plain})
    assert first.status_code == 201
    second = httpx.post(f"{server.url}/api/guests", json={"name": wide})
    assert second.status_code == 409 and second.json()["error"] == "name_taken", second.text


def test_names_in_other_scripts_and_with_accents_are_welcome(server: ThreadServer) -> None:
    for name in ("Jürgen Müller", "Zoë", "Ελένη", "Пётр", "José María", "Anne-Marie O'Neil"):
        answer = httpx.post(
            f"{server.url}/api/guests", json={"name": f"{name} {secrets.randbelow(10**6)}"}
        )
        assert answer.status_code == 201, (name, answer.text)
