"""Every decision of every game and variant in reach on a phone (390×844): a whole game by
clicking, where at each decision the prompt, its buttons and every board thing to pick are in
the window without scrolling, the page is never wider than the screen, and the board marks
each seat's last move as the log tells it. axe-core checks the table mid-game and at the end.
(The same checks run at 1440×900 in test_whole_games.)"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.server.support import ServerProcess, create_table
from tests.web.axe import violations
from tests.web.clicks import END, play_to_end
from tests.web.reach import CASES, Reach

PHONE: ViewportSize = {"width": 390, "height": 844}
PLAYERS = {"cartagena": 3, "tortuga": 3, "tortuga1667": 4}


@pytest.mark.timeout(900)
@pytest.mark.parametrize(("game", "options"), CASES)
def test_every_decision_is_in_reach_on_a_phone(
    browser: Browser, server: ServerProcess, artifacts: Path, game: str, options: dict[str, Any]
) -> None:
    players = PLAYERS[game]
    table = create_table(
        server.url,
        game=game,
        players=players,
        options=options,
        seats=[{"kind": "human", "name": "Anne"}]
        + [{"kind": "bot", "agent": "heuristic"} for _ in range(players - 1)],
        bot_delay=0,
    )
    context = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(table["seats"][0]["invite"])
    page.wait_for_selector("svg.board")
    reach = Reach()
    name = f"{game}-" + ("-".join(f"{k}={v}" for k, v in options.items()) or "basic")

    def midway(clicks: int) -> None:
        if clicks == 12:
            page.screenshot(path=str(artifacts / f"{name}-reach-phone.png"))
            assert violations(page) == []

    prefer = "card:" if game == "cartagena" else None
    play_to_end(page, random.Random(11), on_click=midway, prefer=prefer, check=reach)
    assert page.locator(END).is_visible()
    assert reach.decisions > 5 and reach.marked > 0
    page.screenshot(path=str(artifacts / f"{name}-end-phone.png"), full_page=True)
    assert violations(page) == []
    assert errors == []
    context.close()
