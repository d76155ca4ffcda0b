"""What an address may make that the server keeps for good (docs/server.md, "Security"):
accounts and guests (L4: one address once made 67 guests a second, without end) and reports
(L5: each holds a copy of the table's chat and record). A burst, then one a minute, answered
429 with Retry-After; another address is not held up. From outside a real server, with the
addresses a trusted proxy's header names."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import httpx
import pytest

from buccaneer.server.settings import Settings
from tests.server.support import ThreadServer, create_table

DEFAULTS = Settings()


@pytest.fixture
def server(sqlite_url: str) -> Iterator[ThreadServer]:
    limits = {
        key: getattr(DEFAULTS, key)
        for key in ("signup_rate", "signup_burst", "report_rate", "report_burst")
    }
    with ThreadServer(sqlite_url, **limits) as running:
        yield running


def test_guests_and_accounts_per_address_are_bounded(server: ThreadServer) -> None:
    burst = int(DEFAULTS.signup_burst)
    with httpx.Client(base_url=server.url, headers={"x-forwarded-for": "10.9.0.1"}) as client:
        codes = [client.post("/api/guests", json={}).status_code for _ in range(burst + 10)]
        assert codes == [201] * burst + [429] * 10
        refused = client.post(
            "/api/accounts", json={"name": f"A {secrets.token_hex(3)}", "password": "x" * 12}
        )
        assert refused.status_code == 429 and refused.json()["error"] == "busy"
        assert int(refused.headers["retry-after"]) >= 1
    elsewhere = httpx.post(
        f"{server.url}/api/guests", json={}, headers={"x-forwarded-for": "10.9.0.2"}
    )
    assert elsewhere.status_code == 201


def test_reports_per_address_are_bounded(server: ThreadServer) -> None:
    table = create_table(
        server.url,
        game="cartagena",
        players=2,
        seats=[{"kind": "human"}, {"kind": "human"}],
    )
    url = f"{server.url}/api/tables/{table['table']}/reports"
    body = {"seat": 1, "reason": "spam", "token": table["seats"][0]["token"]}
    headers = {"x-forwarded-for": "10.9.1.1"}
    codes = [httpx.post(url, json=body, headers=headers).status_code for _ in range(15)]
    burst = int(DEFAULTS.report_burst)
    assert codes[0] == 201 and set(codes[1:burst]) == {409}  # the same report again
    assert codes[burst:] == [429] * (15 - burst)
