"""The seed commitment and the dice panel in a real browser: at the end of a Tortuga game the
end screen and the replay page show the commitment checked by the browser's own SHA-256 and
the dice each face showed; a table whose salt was changed on the way is shown as not checking,
one without a commitment as unproven, a page that first sees the table after its end says it
can check only what the server gives now, and one that saw it during the game catches a
server that swaps seed, salt and commitment at the end; a game without dice has no dice
panel. axe-clean."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route

from buccaneer.core import fairness
from buccaneer.server.client import play
from tests.server.support import ServerProcess, create_table, person_against_a_bot
from tests.web.axe import violations

# Its tests look only at tables of their own: one server for it and the others that say so.
SHARED_SERVER = True


def finished_table(server: ServerProcess, game: str, players: int) -> str:
    table = create_table(
        server.url,
        game=game,
        players=players,
        seats=[{"kind": "bot", "agent": "heuristic"} for _ in range(players)],
        bot_delay=0,
    )
    table_id = str(table["table"])
    deadline = time.monotonic() + 120
    while httpx.get(f"{server.url}/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return table_id


@pytest.fixture(scope="module")
def tortuga(server: ServerProcess) -> str:
    return finished_table(server, "tortuga", 3)


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    yield context.new_page()
    context.close()


def proof_shown(page: Page, check: str) -> None:
    page.wait_for_selector(f"[data-testid=fairness] [data-check={check}]", timeout=60_000)


@pytest.mark.timeout(300)
def test_the_end_screen_and_replay_check_the_commitment_and_show_the_dice(
    page: Page, server: ServerProcess, tortuga: str
) -> None:
    info = httpx.get(f"{server.url}/api/tables/{tortuga}").json()
    for url in (f"/tables/{tortuga}", f"/replay/{tortuga}"):
        page.goto(server.url + url)
        # This browser first sees the table after its end: the proof agrees with the
        # commitment the server gives now, and the page says that is all it shows.
        proof_shown(page, "unseen")
        panel = page.locator("[data-testid=fairness]")
        assert info["commitment"] in panel.inner_text()
        assert "did not see the table before its end" in panel.inner_text()
        dice = page.locator("[data-testid=dice-panel]")
        for face, count in zip(info["dice"]["faces"], info["dice"]["counts"], strict=True):
            assert dice.locator(f"tr[data-face={face}] td").first.inner_text() == str(count)
        assert "dice came up" in dice.locator("[data-testid=dice-verdict]").inner_text()
        assert violations(page) == [], url


@pytest.mark.timeout(300)
def test_a_changed_salt_does_not_check_and_no_commitment_proves_nothing(
    page: Page, server: ServerProcess, tortuga: str
) -> None:
    def altered(change: dict[str, Any]) -> Any:
        def handle(route: Route) -> None:
            response = route.fetch()
            body = {**response.json(), **change}
            route.fulfill(response=response, body=json.dumps(body))

        return handle

    salt = httpx.get(f"{server.url}/api/tables/{tortuga}").json()["salt"]
    page.route(f"**/api/tables/{tortuga}/replay*", altered({"salt": salt[::-1]}))
    page.goto(server.url + f"/replay/{tortuga}")
    proof_shown(page, "bad")
    assert "do NOT hash" in page.locator("[data-testid=fairness]").inner_text()
    # A request the page still had in flight (its handler mid-fetch) is cancelled by the next
    # navigation; its fulfil then fails, harmlessly: only the handler is removed here.
    page.unroute_all(behavior="ignoreErrors")
    page.route(f"**/api/tables/{tortuga}/replay*", altered({"commitment": None}))
    page.goto(server.url + f"/replay/{tortuga}")
    proof_shown(page, "none")
    assert violations(page) == []


@pytest.mark.timeout(300)
def test_a_game_without_dice_has_no_dice_panel(page: Page, server: ServerProcess) -> None:
    table = finished_table(server, "tortuga1667", 3)
    page.goto(server.url + f"/tables/{table}")
    proof_shown(page, "unseen")
    assert page.locator("[data-testid=dice-panel]").count() == 0


@pytest.mark.timeout(300)
def test_the_end_is_checked_against_the_commitment_seen_during_the_game(
    page: Page, server: ServerProcess
) -> None:
    """M3: the browser keeps the commitment the table showed before its end and checks the
    end against it: a server that swaps seed, salt and commitment together at the end (all
    three agreeing) is caught."""
    table = person_against_a_bot(server.url)
    table_id = str(table["table"])
    page.goto(f"{server.url}/tables/{table_id}")  # watching while the table waits
    page.wait_for_function(
        f"() => (localStorage.getItem('commitments') || '').includes('{table_id}')"
    )
    # The seat is played out by `connect`'s client, in a thread of its own: Playwright's sync
    # API keeps an event loop running in this one.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, play(server.url, table["seats"][0]["token"], "random")).result()
    assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["status"] == "over"
    page.reload()  # later, the same browser: what it kept from the waiting table is its proof
    page.wait_for_selector("[data-testid=end-screen]")
    proof_shown(page, "ok")
    assert "Checked in your browser" in page.locator("[data-testid=fairness]").inner_text()

    info = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    seed = int(info["seed_text"]) ^ 1
    salt = fairness.new_salt()
    forged = {"seed": seed, "seed_text": str(seed), "salt": salt}
    forged["commitment"] = fairness.commitment(seed, salt)

    def swapped(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=json.dumps({**response.json(), **forged}))

    page.route(f"**/api/tables/{table_id}", swapped)
    page.reload()
    proof_shown(page, "swapped")
    assert "NOT the one this browser saw" in page.locator("[data-testid=fairness]").inner_text()
    assert violations(page) == []
