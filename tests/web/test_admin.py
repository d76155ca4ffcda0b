"""The admin page (/admin) in a real browser, axe-clean at a desktop and a phone size: a
visitor without a session is pointed to log in, a player is refused, and an admin closes a
table, bans and unbans an account, sets the banner every page shows and drains the server,
all from the keyboard; the server's answers confirm each change. In Dutch and German too."""

from __future__ import annotations

import subprocess
import sys

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.server.support import HASHING, ServerProcess
from tests.web.axe import violations


def account(url: str, name: str) -> str:
    made = httpx.post(
        f"{url}/api/accounts", json={"name": name, "password": "a long password"}, timeout=HASHING
    )
    assert made.status_code == 201, made.text
    return str(made.json()["session"])


def with_session(page: Page, url: str, session: str, path: str = "/admin") -> None:
    page.goto(f"{url}/")
    page.evaluate("(s) => localStorage.setItem('session', s)", session)
    page.goto(f"{url}{path}")


def press(page: Page, role: str, name: str, key: str = "Enter") -> None:
    control = page.get_by_role(role, name=name)  # type: ignore[arg-type]
    control.focus()
    page.keyboard.press(key)


def test_the_admin_page_closes_bans_banners_and_drains(
    server: ServerProcess, browser: Browser
) -> None:
    url = server.url
    root, zed = account(url, "Rootie"), account(url, "Zed")
    # `buccaneer admin grant`, the command (Playwright's own event loop runs in this thread).
    granted = subprocess.run(
        [
            sys.executable,
            "-m",
            "buccaneer",
            "admin",
            "grant",
            "Rootie",
            "--database-url",
            server.database_url,
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert granted.returncode == 0, granted.stderr
    created = httpx.post(
        f"{url}/api/tables",
        json={
            "game": "cartagena",
            "players": 2,
            "seats": [{"kind": "me", "name": "Ann"}, {"kind": "invite"}],
        },
    ).json()
    table = created["table"]

    for size in ({"width": 1440, "height": 900}, {"width": 390, "height": 844}):
        context = browser.new_context(viewport=size, locale="en-GB")  # type: ignore[arg-type]
        page = context.new_page()
        page.goto(f"{url}/admin")
        page.locator("h1").filter(has_text="Running the server").wait_for()
        assert "Log in with an admin account first" in page.locator("main").inner_text()
        assert violations(page) == []
        with_session(page, url, zed)
        page.get_by_role("alert").filter(
            has_text="Only the server's admins may do that."
        ).wait_for()
        assert violations(page) == []
        with_session(page, url, root)
        page.get_by_text("Logged in as Rootie (admin).").wait_for()
        page.get_by_role("button", name=f"Close table {table}").wait_for()
        assert violations(page) == []
        context.close()

    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="en-GB")
    page = context.new_page()
    with_session(page, url, root)
    # Close the table, with a reason.
    page.get_by_label("Reason for closing").fill("cheating")
    press(page, "button", f"Close table {table}")
    page.get_by_role("status").filter(has_text=f"Table {table} is closed.").wait_for()
    assert httpx.get(f"{url}/api/tables/{table}").json()["status"] == "over"
    page.get_by_text("closed: cheating").wait_for()
    # Ban Zed, then unban.
    page.get_by_label("Name starts with").fill("ze")
    press(page, "button", "Ban Zed")
    page.get_by_role("button", name="Unban Zed").wait_for()
    login = httpx.post(
        f"{url}/api/sessions", json={"name": "Zed", "password": "a long password"}, timeout=HASHING
    )
    assert login.status_code == 403 and login.json()["error"] == "banned"
    press(page, "button", "Unban Zed")
    page.get_by_role("button", name="Ban Zed").wait_for()
    login = httpx.post(
        f"{url}/api/sessions", json={"name": "Zed", "password": "a long password"}, timeout=HASHING
    )
    assert login.status_code == 200
    # The banner, shown on every page.
    page.get_by_label("Banner for everyone").fill("Back at six")
    press(page, "button", "Show the banner")
    page.locator(".server-banner").filter(has_text="Back at six").wait_for()
    assert httpx.get(f"{url}/api/banner").json()["banner"] == "Back at six"
    # Drain from the keyboard: new tables are refused, the notice is shown.
    press(page, "checkbox", "Drain: no new tables", " ")
    page.get_by_role("status").filter(has_text="The server is draining.").wait_for()
    refused = httpx.post(f"{url}/api/tables", json={"game": "tortuga", "players": 2})
    assert refused.status_code == 503 and refused.json()["error"] == "draining"
    assert violations(page) == []
    page.goto(f"{url}/")
    page.locator(".server-banner").filter(has_text="Back at six").wait_for()
    page.locator(".server-banner").filter(has_text="no new tables for now").wait_for()
    assert violations(page) == []
    with_session(page, url, root)
    expect(page.get_by_role("checkbox", name="Drain: no new tables")).to_be_checked()
    expect(page.get_by_label("Banner for everyone")).to_have_value("Back at six")
    press(page, "checkbox", "Drain: no new tables", " ")
    page.get_by_role("status").filter(has_text="The server takes new tables again.").wait_for()
    page.get_by_label("Banner for everyone").fill("")
    press(page, "button", "Show the banner")
    page.get_by_role("status").filter(has_text="The banner is saved").wait_for()
    assert httpx.get(f"{url}/api/banner").json() == {"banner": None, "draining": False}
    context.close()

    for locale, heading, tables in (
        ("nl-NL", "De server beheren", "Tafels"),
        ("de-DE", "Den Server betreiben", "Tische"),
    ):
        context = browser.new_context(locale=locale)
        page = context.new_page()
        with_session(page, url, root)
        page.locator("h1").filter(has_text=heading).wait_for()
        page.get_by_role("heading", name=tables, exact=True).wait_for()
        assert violations(page) == []
        context.close()
