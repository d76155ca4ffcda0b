"""Play now, in the browser: a person picks a game and a player count in the lobby's panel,
waits (the time waited and the people found shown, Cancel at hand), and once the wait is
over lands at a table where bots fill the other seats; the panel passes axe-core in English,
and its words are Dutch and German in those languages. Real server, real Chromium."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.support import ServerProcess
from tests.web.axe import violations


def page_of(browser: Browser, locale: str = "en-GB") -> Page:
    page = browser.new_context(viewport={"width": 1440, "height": 900}, locale=locale).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def meta(server: ServerProcess, table: str) -> dict[str, Any]:
    return dict(httpx.get(f"{server.url}/api/tables/{table}").json())


@pytest.mark.timeout(180)
def test_play_now_seats_a_person_with_bots_after_the_wait(
    browser: Browser, server: ServerProcess
) -> None:
    page = page_of(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("form.quick")
    page.fill("#lobby-name", "Quentin")
    assert violations(page) == []
    # The bots are the named levels (with the game's ladder rating where it has one), "good"
    # unless chosen otherwise.
    names = ["Bot: beginner", "Bot: good", "Bot: strong", "Bot: strongest"]
    offered = page.locator("#quick-bot option").all_inner_texts()
    assert len(offered) == len(names)
    assert all(
        text == name or text.startswith(f"{name} (ladder ")
        for text, name in zip(offered, names, strict=True)
    )
    assert page.input_value("#quick-bot") == "level:name=good"
    page.select_option("#quick-game", "cartagena")
    page.select_option("#quick-players", "3")
    page.select_option("#quick-bot", "level:name=beginner")
    page.select_option("#quick-wait", "10")
    # Keyboard only: the button is reached and pressed without the mouse.
    page.focus("form.quick button[type=submit]")
    page.keyboard.press("Enter")
    waiting = page.locator("[data-testid=quick-waiting]")
    waiting.wait_for()
    assert page.locator("[data-testid=quick-found]").inner_text() == "1 of 3 players found"
    assert page.locator("[data-testid=quick-found]").get_attribute("role") == "status"
    # Cancel has the focus: Enter leaves the queue, and the server agrees.
    assert page.evaluate("() => document.activeElement?.textContent") == "Cancel"
    assert violations(page) == []
    page.keyboard.press("Enter")
    page.wait_for_selector("form.quick")
    session = page.evaluate("() => localStorage.getItem('session')")
    gone = httpx.get(f"{server.url}/api/quick", headers={"authorization": f"Bearer {session}"})
    assert gone.status_code == 404, gone.text
    # Again, and this time wait: the seats nobody took are bots of the chosen level.
    page.click("form.quick button[type=submit]")
    waiting.wait_for()
    page.wait_for_url("**/tables/*#token=*", timeout=60_000)
    table = page.url.split("/tables/")[1].split("#")[0]
    info = meta(server, table)
    humans = [s for s in info["seats"] if s["kind"] == "human"]
    bots = [s for s in info["seats"] if s["kind"] == "bot"]
    assert [s["name"] for s in humans] == ["Quentin"]
    assert len(bots) == 2 and all(s["agent"] == "level:name=beginner" for s in bots)
    assert info["status"] in ("active", "over")
    page.wait_for_selector("main [aria-live]")  # the table page, playing as the seat
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("nl-NL", ["Nu spelen", "Bots voor lege plaatsen", "Bot: goed", "Bot: sterkst"]),
        ("de-DE", ["Jetzt spielen", "Bot: gut", "Bot: am stärksten"]),
    ],
)
def test_the_panel_speaks_dutch_and_german(
    browser: Browser, server: ServerProcess, locale: str, words: list[str]
) -> None:
    page = page_of(browser, locale)
    page.goto(server.url + "/")
    panel = page.locator("form.quick")
    panel.wait_for()
    text = panel.inner_text()
    for word in words:
        assert word in text
    for english in ("Play now", "Bots for empty seats", "Wait for people", "seconds"):
        assert english not in text
