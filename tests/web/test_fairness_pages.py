"""The seed commitment and the dice panel in a real browser: at the end of a Tortuga game the
end screen and the replay page show the commitment checked by the browser's own SHA-256 and
the dice each face showed; a table whose salt was changed on the way is shown as not checking,
one without a commitment as unproven; a game without dice has no dice panel. axe-clean."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route

from tests.server.support import ServerProcess, create_table
from tests.web.axe import violations


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
        proof_shown(page, "ok")
        panel = page.locator("[data-testid=fairness]")
        assert info["commitment"] in panel.inner_text()
        assert "Checked in your browser" in panel.inner_text()
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
    page.unroute(f"**/api/tables/{tortuga}/replay*")
    page.route(f"**/api/tables/{tortuga}/replay*", altered({"commitment": None}))
    page.goto(server.url + f"/replay/{tortuga}")
    proof_shown(page, "none")
    assert violations(page) == []


@pytest.mark.timeout(300)
def test_a_game_without_dice_has_no_dice_panel(page: Page, server: ServerProcess) -> None:
    table = finished_table(server, "tortuga1667", 3)
    page.goto(server.url + f"/tables/{table}")
    proof_shown(page, "ok")
    assert page.locator("[data-testid=dice-panel]").count() == 0
