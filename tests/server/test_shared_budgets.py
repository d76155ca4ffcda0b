"""The budgets per address held in Redis (point 3 of the public-server audit): two server
processes sharing a database and Redis give an address one budget of new guests between them,
not one each. (Before, each process kept its own buckets: N workers meant N times the
budget, and a stranger spreading requests over them made N times the guests.)"""

from __future__ import annotations

import itertools

import httpx

from tests.server.support import ThreadServer


def test_two_processes_share_one_budget_of_guests_per_address(
    postgres_url: str, redis_url: str
) -> None:
    limits = {"signup_rate": 0.0001, "signup_burst": 3.0}
    with (
        ThreadServer(postgres_url, redis_url, **limits) as one,
        ThreadServer(postgres_url, redis_url, **limits) as two,
    ):
        answers = [
            httpx.post(f"{server.url}/api/guests", json={})
            for server in itertools.islice(itertools.cycle((one, two)), 6)
        ]
        assert [a.status_code for a in answers] == [201, 201, 201, 429, 429, 429]
        refused = answers[3]
        assert refused.json()["error"] == "busy" and int(refused.headers["Retry-After"]) > 0
        # Other kinds keep budgets of their own: a table is still made.
        table = httpx.post(
            f"{two.url}/api/tables",
            json={"game": "cartagena", "players": 2, "seats": [{"kind": "bot"}] * 2},
        )
        assert table.status_code == 201, table.text
