"""A reload in the middle of a decision: the page comes back in the same decision, with the
clicks made so far, and the game goes on from there. Tortuga's hidden dice selection and a
Tortuga 1667 vote, the two decisions everyone takes at once."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.support import ServerProcess, create_table
from tests.web.clicks import BUTTONS, CLICKABLE, READY, click_once, over, version

# Its tests look only at tables of their own: one server for it and the others that say so.
SHARED_SERVER = True


def keys(page: Page) -> list[str]:
    return [e.get_attribute("data-key") or "" for e in page.locator(CLICKABLE).all()]


def menu(page: Page) -> list[str]:
    return sorted(e.get_attribute("data-menu") or "" for e in page.locator("[data-menu]").all())


def picked(page: Page) -> list[str]:
    return [e.get_attribute("data-key") or "" for e in page.locator("svg.board .picked").all()]


def confirming(page: Page) -> bool:
    """Whether a choice waits for Confirm (the menu is hidden meanwhile)."""
    return page.locator("[data-testid='confirm']").count() > 0


def play_until(page: Page, rng: random.Random, prefix: str) -> bool:
    """Click until something starting with `prefix` is offered (False: the game ended)."""
    for _ in range(3000):
        page.wait_for_function(READY)
        if any(k.startswith(prefix) for k in keys(page)):
            return True
        if not click_once(page, rng):
            return False
    raise AssertionError(f"no {prefix} offered in 3000 clicks")


def open_seat(browser: Browser, server: ServerProcess, **table: Any) -> tuple[Page, dict[str, Any]]:
    created = create_table(server.url, **table)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(created["seats"][0]["invite"])
    page.wait_for_selector("svg.board")
    return page, created


def stored_version(server: ServerProcess, table: str) -> int:
    return int(httpx.get(f"{server.url}/api/tables/{table}").json()["version"])


def settle(page: Page, server: ServerProcess, table: str) -> None:
    """Wait until the table is still (the page shows the stored version, and nothing moves
    for half a second): the bots wait for this seat, so a reload must find it the same."""
    for _ in range(200):
        page.wait_for_function(READY)
        at = version(page)
        if at == stored_version(server, table):
            page.wait_for_timeout(500)
            if version(page) == at == stored_version(server, table):
                return
        page.wait_for_timeout(100)
    raise AssertionError("the table never stood still")


def caught_up(page: Page, server: ServerProcess, table: str) -> None:
    """Wait until the page shows the stored version (a bot's secret choice in the same
    simultaneous decision may come in after `settle`: it moves the version on but changes
    nothing of this seat's decision)."""
    for _ in range(300):
        stored = stored_version(server, table)
        if version(page) == stored:
            return
        page.wait_for_timeout(300)
    raise AssertionError(f"the reloaded page shows version {version(page)}, not {stored}")


def reload_and_compare(page: Page, server: ServerProcess, table: str) -> None:
    """Reload, and find the same decision with the same clicks made towards it. A bot's own
    secret choice in the same simultaneous decision may still come in meanwhile (under load
    the bot pool can be slower than `settle`'s half second): it moves the version on but
    changes nothing of this seat's decision, so the page must then show that version."""
    settle(page, server, table)
    before = (menu(page), picked(page), confirming(page))
    page.reload()
    page.wait_for_selector("svg.board")
    caught_up(page, server, table)
    # The menu, or the Confirm a completed choice waits for (a die click can complete a keep).
    page.wait_for_selector("[data-menu], [data-testid='confirm']", state="attached")
    assert (menu(page), picked(page), confirming(page)) == before


@pytest.mark.timeout(600)
def test_a_reload_during_the_dice_selection_comes_back_to_it(
    browser: Browser, server: ServerProcess
) -> None:
    rng = random.Random(3)
    page, created = open_seat(
        browser,
        server,
        game="tortuga",
        players=2,
        seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
    )
    assert play_until(page, rng, "die:")
    dice = [k for k in keys(page) if k.startswith("die:")]
    # One die picked, the selection not yet sent: that click survives the reload too.
    page.locator(f"svg.board [data-key='{dice[0]}']").click()
    reload_and_compare(page, server, created["table"])
    at = version(page)
    assert picked(page) in ([dice[0]], [])  # [] only when that click already sent the action
    # The decision is still ours, and finishing it moves the game on.
    while version(page) == at and not over(page):
        click_once(page, rng)
    assert version(page) > at or over(page)
    page.context.close()


@pytest.mark.timeout(600)
def test_a_reload_before_a_vote_comes_back_to_the_vote(
    browser: Browser, server: ServerProcess
) -> None:
    rng = random.Random(5)
    for _attempt in range(6):
        page, created = open_seat(
            browser,
            server,
            game="tortuga1667",
            players=3,
            seats=[
                {"kind": "human"},
                {"kind": "bot", "agent": "random"},
                {"kind": "bot", "agent": "random"},
            ],
        )
        if play_until(page, rng, "vote:"):
            break
        page.context.close()
    else:
        raise AssertionError("no vote came in six games")
    reload_and_compare(page, server, created["table"])
    at = version(page)
    assert any(k.startswith("vote:") for k in keys(page))
    # Vote now, by clicking vote cards (and the button that confirms, where there is one): the
    # vote is taken, and the game goes on.
    moved = f"() => document.querySelector('.table-page')?.dataset.version !== '{at}'"
    while version(page) == at:
        vote = [k for k in keys(page) if k.startswith("vote:")]
        if vote:
            page.locator(f"svg.board [data-key='{vote[0]}']").first.click()
        elif page.locator(BUTTONS).count():
            page.locator(BUTTONS).first.click()
        page.wait_for_timeout(200)
    page.wait_for_function(moved, timeout=30_000)
    assert version(page) > at
    page.context.close()


@pytest.mark.timeout(300)
def test_two_tabs_of_one_seat_stay_the_same(browser: Browser, server: ServerProcess) -> None:
    """Moves made in one tab show in the other, which draws the same table."""
    rng = random.Random(9)
    first, created = open_seat(
        browser,
        server,
        game="cartagena",
        players=2,
        options={"variant": "jamaica"},
        seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
    )
    second = first.context.new_page()
    second.goto(created["seats"][0]["invite"])
    second.wait_for_selector("svg.board")
    for _ in range(12):
        click_once(first, rng)
        at = version(first)
        second.wait_for_function(
            f"() => Number(document.querySelector('.table-page')?.dataset.version) >= {at}"
        )
        # The same table: the same log once both have the same version (a bot's move may
        # reach one tab a moment before the other; the clicks a tab has made towards its
        # next move are its own).
        for _wait in range(100):
            v1, log1 = version(first), first.inner_text(".log")
            v2, log2 = version(second), second.inner_text(".log")
            if v1 == v2 == version(first) and log1 == log2:
                break
            first.wait_for_timeout(100)
        else:
            raise AssertionError(f"two tabs differ: versions {v1} and {v2}")
    # And the other way round: the second tab acts, the first follows.
    play_until(second, rng, "")
    click_once(second, rng)
    first.wait_for_function(
        f"() => Number(document.querySelector('.table-page')?.dataset.version) >= {version(second)}"
    )
    first.context.close()


@pytest.mark.timeout(600)
def test_a_reload_keeps_a_choice_waiting_for_confirm(
    browser: Browser, server: ServerProcess
) -> None:
    """Tortuga asks Confirm before a die keep (it cannot be taken back): a reload at that
    moment comes back to the same Confirm, and confirming plays it."""
    rng = random.Random(8)
    page, created = open_seat(
        browser,
        server,
        game="tortuga",
        players=2,
        seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
    )
    assert play_until(page, rng, "die:")
    confirm = page.locator("[data-testid=confirm]")
    page.locator(f"{CLICKABLE}[data-key^='die:']").first.click()
    if not confirm.count():
        page.locator(".choices button[data-action]").first.click()  # keep the dice picked
    confirm.wait_for()
    asked = page.locator("[data-testid=confirm-prompt]").inner_text()
    settle(page, server, created["table"])
    page.reload()
    confirm.wait_for()
    caught_up(page, server, created["table"])
    confirm.wait_for()  # still waiting for Confirm, whatever the bot chose meanwhile
    assert page.locator("[data-testid=confirm-prompt]").inner_text() == asked
    at = version(page)
    confirm.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('.table-page').dataset.version) > {at}"
    )
    page.context.close()
