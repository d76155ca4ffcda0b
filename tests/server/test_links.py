"""Links reach the people they are for: every link the server hands to a browser names the
address that browser used (its Host, and the scheme a trusted proxy reports), not the address
the server listens on; `--public-url` wins everywhere; a Host that is not a host, and proxy
headers from a peer that is not a trusted proxy, change nothing.

The server listens on two loopback addresses at once (127.0.0.1 and 127.0.0.2), so a request
really comes "from another machine's view": by an address other than the first.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import uvicorn

from buccaneer.server.app import create_app
from buccaneer.server.settings import Settings
from tests.server.support import RELAXED, wait_healthy

FIRST, SECOND, STRANGER = "127.0.0.1", "127.0.0.2", "127.0.0.3"


def bound(address: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((address, port))
    sock.set_inheritable(True)
    return sock


class TwoAddressServer:
    """uvicorn in a thread, listening on 127.0.0.1:P and 127.0.0.2:P."""

    def __init__(self, database_url: str, **settings: Any) -> None:
        first = bound(FIRST, 0)
        self.port = int(first.getsockname()[1])
        self.sockets = [first, bound(SECOND, self.port)]
        self.settings = Settings(
            database_url=database_url, port=self.port, bot_workers=1, **{**RELAXED, **settings}
        )
        app = create_app(self.settings)
        config = uvicorn.Config(app, log_level="warning", proxy_headers=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": self.sockets}, daemon=True
        )

    def url(self, address: str) -> str:
        return f"http://{address}:{self.port}"

    def __enter__(self) -> TwoAddressServer:
        self.thread.start()
        wait_healthy(self.url(FIRST))
        wait_healthy(self.url(SECOND))
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(20)
        for sock in self.sockets:
            sock.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TwoAddressServer]:
    """One server for the tests that share its settings (each makes its own tables)."""
    folder = tmp_path_factory.mktemp("links")
    with TwoAddressServer(f"sqlite:///{folder / 'server.db'}") as running:
        yield running


def client(source: str = FIRST) -> httpx.Client:
    """An HTTP client whose connections come from `source`."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=30)


def new_table(http: httpx.Client, url: str, **headers: str) -> dict[str, Any]:
    body = {
        "game": "cartagena",
        "players": 3,
        "seats": [{"kind": "me"}, {"kind": "invite"}, {"kind": "open"}],
        "bot_delay": 0,
    }
    answer = http.post(f"{url}/api/tables", json=body, headers=headers)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def links(answer: dict[str, Any]) -> list[str]:
    return [seat["invite"] for seat in answer["seats"]] + [answer["spectator"], answer["websocket"]]


def test_links_name_the_address_the_browser_used(server: TwoAddressServer) -> None:
    for address in (FIRST, SECOND):
        base = server.url(address)
        with client() as http:
            answer = new_table(http, base)
            table = answer["table"]
            assert answer["spectator"] == f"{base}/tables/{table}"
            assert answer["websocket"] == f"ws://{address}:{server.port}/ws"
            for seat in answer["seats"]:
                assert seat["invite"] == f"{base}/tables/{table}#token={seat['token']}"
            assert answer["me"]["invite"].startswith(f"{base}/tables/")
            joined = http.post(f"{base}/api/tables/{table}/join", json={"name": "Friend"})
            assert joined.status_code == 200, joined.text
            assert joined.json()["invite"].startswith(f"{base}/tables/{table}#token=")


def test_the_link_quick_play_gives_names_the_address_used(server: TwoAddressServer) -> None:
    base = server.url(SECOND)
    with client() as http:
        sessions = [http.post(f"{base}/api/guests", json={}).json()["session"] for _ in range(2)]
        for session in sessions:
            joined = http.post(
                f"{base}/api/quick",
                json={"game": "cartagena", "players": 2},
                headers={"Authorization": f"Bearer {session}"},
            )
            assert joined.status_code == 200, joined.text
        answer = http.get(f"{base}/api/quick", headers={"Authorization": f"Bearer {sessions[0]}"})
        seated = answer.json()
        assert seated["status"] == "seated", seated
        assert seated["invite"] == f"{base}/tables/{seated['table']}#token={seated['token']}"


@pytest.mark.parametrize(
    "host", ["evil.example/phish?", "user@evil.example", "a b", "", "x" * 300, "[::1"]
)
def test_a_host_that_is_not_a_host_falls_back_to_the_servers_address(
    server: TwoAddressServer, host: str
) -> None:
    with client() as http:
        answer = new_table(http, server.url(SECOND), host=host)
    for link in links(answer):
        assert link.split("://", 1)[1].startswith(f"127.0.0.1:{server.port}/"), link


def test_a_trusted_proxy_reports_the_scheme_and_a_stranger_cannot(
    server: TwoAddressServer,
) -> None:
    """127.0.0.1 is a trusted proxy by default: its X-Forwarded-Proto makes https and wss
    links. The same header from any other peer is ignored."""
    with client(FIRST) as http:
        answer = new_table(
            http, server.url(FIRST), **{"x-forwarded-proto": "https", "host": "games.example"}
        )
    assert answer["spectator"].startswith("https://games.example/tables/")
    assert answer["websocket"] == "wss://games.example/ws"
    with client(STRANGER) as http:
        answer = new_table(
            http, server.url(SECOND), **{"x-forwarded-proto": "https", "host": "games.example"}
        )
    assert answer["spectator"].startswith("http://games.example/tables/")


def test_the_public_url_wins_everywhere(sqlite_url: str) -> None:
    with (
        TwoAddressServer(sqlite_url, public_url="https://games.example/") as running,
        client() as http,
    ):
        answer = new_table(http, running.url(SECOND), host="other.example")
    for link in links(answer):
        assert link.startswith(("https://games.example/tables/", "wss://games.example/ws")), link


def test_forged_forwarded_for_does_not_dodge_the_address_limit(sqlite_url: str) -> None:
    """A peer that is no trusted proxy cannot pose as many addresses to escape the per-address
    HTTP limit by sending X-Forwarded-For; a trusted proxy's header does set the address."""
    with TwoAddressServer(sqlite_url, http_rate=0.01, http_burst=3) as running:
        url = f"{running.url(SECOND)}/api/games"
        with client(STRANGER) as http:
            codes = [
                http.get(url, headers={"x-forwarded-for": f"10.0.0.{i}"}).status_code
                for i in range(6)
            ]
        assert codes[:3] == [200, 200, 200] and set(codes[3:]) == {429}, codes
        with client(FIRST) as http:  # the trusted proxy: one bucket per forwarded client
            codes = [
                http.get(url, headers={"x-forwarded-for": f"10.0.1.{i}"}).status_code
                for i in range(6)
            ]
        assert codes == [200] * 6, codes
