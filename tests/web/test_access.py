"""For everyone: the board is played with the keyboard alone, every clickable thing has a
label for screen readers, the page speaks the browser's language (or the one chosen), and a
phone-sized screen needs no sideways scrolling."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.server.support import ServerProcess, create_table
from tests.web.clicks import CLICKABLE, version

# Its tests look only at tables of their own: one server for it and the others that say so.
SHARED_SERVER = True

FOCUSED_ON_BOARD = (
    "() => !!document.activeElement && document.activeElement.matches('svg.board .clickable')"
)


def seat_page(browser: Browser, server: ServerProcess, locale: str = "en-GB", **view: int) -> Page:
    table = create_table(
        server.url,
        game="cartagena",
        players=2,
        options={"variant": "tortuga"},
        seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
    )
    size = {"width": view.get("width", 1280), "height": view.get("height", 900)}
    page = browser.new_context(viewport=size, locale=locale).new_page()  # type: ignore[arg-type]
    page.goto(table["seats"][0]["invite"])
    page.wait_for_selector(CLICKABLE)
    return page


@pytest.mark.timeout(120)
def test_every_clickable_thing_is_a_labelled_button(
    browser: Browser, server: ServerProcess
) -> None:
    page = seat_page(browser, server)
    things = page.locator(CLICKABLE).all()
    assert things
    for thing in things:
        assert thing.get_attribute("role") == "button"
        assert thing.get_attribute("tabindex") == "0"
        assert len(thing.get_attribute("aria-label") or "") > 3
    # The board itself is a labelled group.
    assert page.locator("svg.board").first.get_attribute("aria-label")
    page.context.close()


@pytest.mark.timeout(120)
def test_the_page_speaks_the_browsers_language_and_the_one_chosen(
    browser: Browser, server: ServerProcess
) -> None:
    page = seat_page(browser, server, locale="nl-NL")
    assert page.locator("header.top").inner_text().count("Tafels") == 1
    text = page.locator(".table-page").inner_text()
    assert "Jouw beslissing" in text
    # The board's own words too: Cartagena's cards by their Dutch names.
    assert any(card in text for card in ("doodskop", "sleutel", "pistool", "fles", "dolk"))
    page.select_option("header.top select", "de")
    assert "Tische" in page.locator("header.top").inner_text()
    page.reload()
    page.wait_for_selector(CLICKABLE)
    assert "Tische" in page.locator("header.top").inner_text()  # the choice is kept
    assert "Deine Möglichkeiten" in page.content() or "Deine Entscheidung" in page.content()
    page.context.close()


@pytest.mark.timeout(120)
def test_a_phone_sized_screen_needs_no_sideways_scrolling(
    browser: Browser, server: ServerProcess
) -> None:
    page = seat_page(browser, server, width=390, height=844)
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    for board in page.locator("svg.board").all():
        box = board.bounding_box()
        assert box is not None and box["width"] <= 390
    page.context.close()


FOCUS_IN_MOVE = """() => !!document.activeElement && (
  document.activeElement.matches('svg.board .clickable')
  || document.activeElement.matches('[data-testid=confirm]'))"""


@pytest.mark.timeout(120)
def test_a_move_is_made_with_the_keyboard_alone_and_focus_stays_on_the_board(
    browser: Browser, server: ServerProcess
) -> None:
    """A Cartagena move is a card, then a pirate (and Confirm where the game asks for it):
    after each step the focus is on the next thing to pick, so the move takes the Tabs that
    reach the board and then Enter alone (it took 11 Tabs when focus fell to the page)."""
    page = seat_page(browser, server)
    at = version(page)
    tabs = 0
    while not page.evaluate(FOCUSED_ON_BOARD):
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs < 80, "Tab never reaches the board"
    for _step in range(4):
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
        if version(page) > at:
            break
        assert page.evaluate(FOCUS_IN_MOVE), "the focus left the board in the middle of a move"
    assert version(page) > at, "Enter alone did not finish the move"


@pytest.mark.timeout(120)
def test_undo_takes_back_a_click_and_escape_does_too(
    browser: Browser, server: ServerProcess
) -> None:
    page = seat_page(browser, server)
    at = version(page)
    first = page.locator(CLICKABLE).first
    first.click()
    page.wait_for_selector("[data-testid=undo]")
    assert page.locator("svg.board .picked").count() == 1
    page.click("[data-testid=undo]")
    page.wait_for_function("() => !document.querySelector('svg.board .picked')")
    page.locator(CLICKABLE).first.click()
    page.wait_for_selector("svg.board .picked")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('svg.board .picked')")
    assert version(page) == at  # nothing was sent
