"""Following a game: coming back to a table shows what the others did since your own last
move; the tab's title says when it is your turn; the turn sound is off until turned on, and
stays as chosen."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser

from tests.server.support import ServerProcess, create_table
from tests.web.clicks import click_once, version

# Its tests look only at tables of their own: one server for it and the others that say so.
SHARED_SERVER = True

MY_TURN = "() => !!document.querySelector('[data-testid=action-bar]')"


@pytest.mark.timeout(300)
def test_coming_back_shows_what_happened_since_your_move(
    browser: Browser, server: ServerProcess
) -> None:
    table = create_table(
        server.url,
        game="cartagena",
        players=2,
        options={"variant": "tortuga"},
        seats=[{"kind": "human", "name": "Anne"}, {"kind": "bot", "name": "Bob"}],
        bot_delay=0,
    )
    link = table["seats"][0]["invite"]
    page = browser.new_context(viewport={"width": 1440, "height": 900}).new_page()
    page.goto(link)
    page.wait_for_function(MY_TURN)
    # Anne's title says it is her turn; the first visit has nothing to summarise.
    assert page.title().startswith("▶ Your turn")
    assert page.locator("[data-testid=since]").count() == 0
    rng = random.Random(1)
    start = version(page)
    # Play until Bob has moved after one of Anne's moves and it is Anne's turn again.
    while not (
        page.locator("[data-testid=log] li[data-mover='1']").count() > 0
        and version(page) > start
        and page.evaluate(MY_TURN)
    ):
        click_once(page, rng, prefer="card:")
    assert page.title().startswith("▶ Your turn")
    context = page.context
    page.close()
    # Anne comes back later (a new tab of her browser, whose key owns the seat): the summary
    # lists Bob's lines since her move.
    back = context.new_page()
    back.goto(link)
    since = back.locator("[data-testid=since]")
    since.wait_for()
    movers = {li.get_attribute("data-mover") for li in since.locator("li").all()}
    assert "1" in movers and "0" not in movers, movers
    assert "Bob" in since.inner_text()
    since.locator("button").click()
    assert back.locator("[data-testid=since]").count() == 0
    back.context.close()


@pytest.mark.timeout(120)
def test_the_turn_sound_is_off_until_chosen_and_kept(
    browser: Browser, server: ServerProcess
) -> None:
    table = create_table(
        server.url,
        game="tortuga",
        players=2,
        seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}],
    )
    page = browser.new_context().new_page()
    page.goto(table["seats"][0]["invite"])
    switch = page.get_by_role("button", name="Sound when it is your turn")
    switch.wait_for()
    assert switch.get_attribute("aria-pressed") == "false"
    switch.click()
    assert switch.get_attribute("aria-pressed") == "true"
    page.reload()
    switch = page.get_by_role("button", name="Sound when it is your turn")
    switch.wait_for()
    assert switch.get_attribute("aria-pressed") == "true"
    page.context.close()
