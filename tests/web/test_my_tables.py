"""The "my tables" page (/my) in Chromium against a real server: it lists the tables where the
browser's account sits, "your turn" first and marked in words with the time left on its time
bank; a table opens at the account's own seat with the session alone (no token); a browser
without a session is offered a guest account, after which the tables it sets up are listed;
axe-clean and no wider than the screen at 1440x900 and 390x844."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.server.support import ServerProcess
from tests.web.sizes import clean, page_at_each_size  # noqa: F401

DAYS = {"mode": "turn", "days": 2, "on_expiry": "bot"}


def guest(url: str) -> str:
    answer = httpx.post(f"{url}/api/guests", json={"name": f"p{secrets.token_hex(4)}"})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["session"])


def bearer(session: str) -> dict[str, str]:
    return {"authorization": f"Bearer {session}"}


def make(url: str, session: str, mine_at: int, **body: Any) -> tuple[str, int]:
    """A cartagena table for two, the session's seat at `mine_at`, the other seat open:
    (table, the session's seat)."""
    seats = [{"kind": "open"}, {"kind": "open"}]
    seats[mine_at] = {"kind": "me"}
    body = {"game": "cartagena", "players": 2, "seats": seats, "bot_delay": 0, **body}
    answer = httpx.post(f"{url}/api/tables", json=body, headers=bearer(session))
    assert answer.status_code == 201, answer.text
    return str(answer.json()["table"]), int(answer.json()["me"]["seat"])


@pytest.fixture(scope="module")
def tables(server: ServerProcess) -> dict[str, Any]:
    """Alice's tables: one where it is her turn, one where it is Bob's, one waiting for a
    player. Who moves first is the game's to say, so tables are set up (Alice at either seat)
    until there is one of each."""
    url = server.url
    alice, bob = guest(url), guest(url)
    found: dict[str, Any] = {"session": alice}
    for i in range(40):
        table_id, seat = make(url, alice, i % 2, clock=DAYS)
        joined = httpx.post(f"{url}/api/tables/{table_id}/join", json={}, headers=bearer(bob))
        assert joined.status_code == 200, joined.text
        meta = httpx.get(f"{url}/api/tables/{table_id}").json()
        kind = "turn" if str(seat) in meta["deadlines"] else "theirs"
        found.setdefault(kind, table_id)
        found.setdefault(f"{kind}_seat", seat)
        if "turn" in found and "theirs" in found:
            break
    assert "turn" in found and "theirs" in found
    found["waiting"], _ = make(url, alice, 0)
    return found


@pytest.mark.timeout(300)
def test_my_tables_lists_your_turn_first_and_opens_the_seat(
    page: Page, server: ServerProcess, tables: dict[str, Any]
) -> None:
    page.add_init_script(f"localStorage.setItem('session', {tables['session']!r})")
    page.goto(server.url + "/")
    page.get_by_role("link", name="My tables").click()
    page.wait_for_selector("[data-testid=my-table]")
    rows = page.locator("[data-testid=my-table]")
    expect(rows).to_have_count(3)
    order = [rows.nth(i).get_attribute("data-table") for i in range(3)]
    assert order[0] == tables["turn"]
    assert set(order[1:]) == {tables["theirs"], tables["waiting"]}
    assert order[1] == tables["theirs"]  # a game in play before a table still waiting
    assert [rows.nth(i).get_attribute("data-turn") for i in range(3)] == ["yes", "no", "no"]
    first = rows.nth(0)
    expect(first).to_contain_text("Your turn")
    expect(first.get_by_test_id("time-left")).to_contain_text("1 d 23 h left")
    expect(rows.nth(1)).to_contain_text("Waiting for")
    expect(rows.nth(2)).to_contain_text("Waiting for players")
    clean(page, "my tables")

    # The list is a list, its tables links a keyboard reaches.
    expect(page.get_by_role("list")).to_be_visible()
    link = first.get_by_role("link")
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/tables/{tables['turn']}#mine")
    seat = page.locator(".table-page")
    expect(seat).to_have_attribute("data-seat", str(tables["turn_seat"]), timeout=20_000)
    # The table's own clock counts the time bank in days too.
    mine = page.locator(f".seats li[data-seat='{tables['turn_seat']}']")
    expect(mine).to_contain_text("1 d 23 h left")


@pytest.mark.timeout(300)
def test_without_a_session_the_page_offers_a_guest_account(
    page: Page, server: ServerProcess
) -> None:
    page.goto(server.url + "/my")
    page.wait_for_selector("form.account-form")
    clean(page, "my tables without an account")
    page.get_by_role("button", name="Play as a guest").click()
    expect(page.get_by_text("You are not seated at any table yet.")).to_be_visible()
    session = page.evaluate("() => localStorage.getItem('session')")
    assert session
    # A table set up in the lobby from now on is this account's (the lobby sends the session).
    page.goto(server.url + "/")
    page.wait_for_selector("form.create")
    page.locator("#create-days").select_option("3")
    page.locator("#create-expiry").select_option("forfeit")
    page.locator("form.create button[type=submit]").click()
    page.wait_for_url("**/tables/**")
    listed = httpx.get(f"{server.url}/api/my/tables", headers=bearer(session)).json()
    assert len(listed) == 1 and listed[0]["clock"] == {
        "mode": "turn",
        "days": 3,
        "on_expiry": "forfeit",
    }
    page.goto(server.url + "/my")
    page.wait_for_selector("[data-testid=my-table]")
    clean(page, "my tables with a table")
