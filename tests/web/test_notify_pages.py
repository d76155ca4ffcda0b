"""The notification pages in a real browser, axe-clean at a desktop and a phone size: the
settings page (/notifications) saves addresses from the keyboard and words a refusal; the
one-click unsubscribe page asks first (no login), its button works from the keyboard, and
the channel is off afterwards."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.server.support import ServerProcess
from tests.web.axe import violations

# Its tests look only at tables of their own: one server for it and the others that say so.
SHARED_SERVER = True

SIZES: list[ViewportSize] = [{"width": 1440, "height": 900}, {"width": 390, "height": 844}]


@pytest.fixture(params=SIZES, ids=["desktop", "phone"])
def page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=request.param, locale="en-GB")
    yield context.new_page()
    context.close()


def test_the_unsubscribe_page_asks_then_unsubscribes(server: ServerProcess, page: Page) -> None:
    name = f"Dora {page.viewport_size['width'] if page.viewport_size else 0}"
    made = httpx.post(
        f"{server.url}/api/accounts", json={"name": name, "password": "a long password"}
    )
    auth = {"authorization": f"Bearer {made.json()['session']}"}
    settings = {"email": "dora@example.org", "webhook_url": "https://example.org/hook"}
    assert httpx.put(f"{server.url}/api/me/notifications", json=settings, headers=auth).is_success
    database = server.database_url.removeprefix("sqlite:///")
    with sqlite3.connect(database) as conn:
        (key,) = conn.execute(
            "SELECT unsubscribe_key FROM accounts WHERE name = ?", (name,)
        ).fetchone()

    page.goto(f"{server.url}/unsubscribe/{key}?channel=email")
    assert page.locator("h1").inner_text() == "Unsubscribe"
    assert violations(page) == []
    button = page.get_by_role("button", name="Unsubscribe from emails")
    button.focus()
    # The form posts and the answer is a new page: wait for it (a load state that was reached
    # by the old page would not wait).
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator("h1").inner_text() == "Unsubscribed"
    assert violations(page) == []
    now = httpx.get(f"{server.url}/api/me/notifications", headers=auth).json()
    assert now["notify_email"] is False and now["notify_webhook"] is True


def test_the_settings_page_saves_addresses_and_words_a_refusal(
    server: ServerProcess, page: Page
) -> None:
    name = f"Eli {page.viewport_size['width'] if page.viewport_size else 0}"
    made = httpx.post(
        f"{server.url}/api/accounts", json={"name": name, "password": "a long password"}
    )
    session = made.json()["session"]
    page.goto(f"{server.url}/notifications")
    assert "My tables" in page.locator("main").inner_text()  # no account here yet
    page.evaluate("(s) => localStorage.setItem('session', s)", session)
    page.reload()
    # The page fills the form from the account's settings when they arrive; a field typed into
    # before that is overwritten (seen once under the whole suite's load): wait for them.
    page.wait_for_load_state("networkidle")
    page.get_by_label("Webhook address").fill("https://discord.com/api/webhooks/1/abc")
    page.get_by_label("Email address").fill("eli@example.org")
    page.get_by_label("Send emails").uncheck()
    page.get_by_role("button", name="Save").focus()
    page.keyboard.press("Enter")
    page.get_by_role("status").filter(has_text="Saved.").wait_for()
    assert violations(page) == []
    kept = httpx.get(
        f"{server.url}/api/me/notifications", headers={"authorization": f"Bearer {session}"}
    ).json()
    assert kept["webhook_url"] == "https://discord.com/api/webhooks/1/abc"
    assert kept["email"] == "eli@example.org" and kept["notify_email"] is False
    page.get_by_label("Webhook address").fill("http://127.0.0.1:8000/hook")
    page.get_by_role("button", name="Save").click()
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert "webhook address cannot be used" in alert.inner_text()
    assert violations(page) == []
