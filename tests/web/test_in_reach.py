"""A whole game of every game and variant, played to the end on a phone (390×844) by clicking,
in Dutch or German. At each decision the prompt, its buttons and every board thing to pick are
in the window without scrolling, the page is never wider than the screen, and the board marks
each seat's last move as the log tells it; axe-core checks the table mid-game and at the end;
and the log and the end screen hold no English word (the same page switched to English shares
none with it, proper names aside). The same reach checks run at 1440×900 in test_whole_games.

Tortuga's long game is left out here: it is the same pages for twice as many rounds (the
engine's tests play it), and a walk through it costs as much as two others."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.server.support import ServerProcess, create_table
from tests.web.axe import violations
from tests.web.clicks import END, play_to_end
from tests.web.reach import WALKED, Reach
from tests.web.words import english_left

# Its tests look only at tables of their own: one server for it and the others that say so.
SHARED_SERVER = True

PHONE: ViewportSize = {"width": 390, "height": 844}
PLAYERS = {"cartagena": 3, "tortuga": 3, "tortuga1667": 4}
# Tortuga 1667's advanced set-up at five seats: the count the game is meant for.
MORE_PLAYERS = {("tortuga1667", "advanced_setup=True"): 5}
LOCALES = ("nl-NL", "de-DE")
NAMES = ["Anne", "Bob", "Carla", "Dirk", "Eva"]
WALKS = [
    pytest.param((*case.values, LOCALES[i % 2]), id=f"{case.id}-{LOCALES[i % 2]}")
    for i, case in enumerate(WALKED)
]


@pytest.mark.timeout(900)
@pytest.mark.parametrize("walk", WALKS)
def test_every_decision_is_in_reach_on_a_phone_in_the_players_language(
    browser: Browser, server: ServerProcess, artifacts: Path, walk: tuple[str, Any, str]
) -> None:
    game, options, locale = walk
    variant = "-".join(f"{k}={v}" for k, v in options.items()) or "basic"
    players = MORE_PLAYERS.get((game, variant), PLAYERS[game])
    names = NAMES[:players]
    table = create_table(
        server.url,
        game=game,
        players=players,
        options=options,
        seats=[{"kind": "human", "name": names[0]}]
        + [{"kind": "bot", "agent": "heuristic", "name": n} for n in names[1:]],
        bot_delay=0,
    )
    context = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(table["seats"][0]["invite"])
    page.wait_for_selector("svg.board")
    reach = Reach()
    name = f"{game}-{variant}"

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
    assert page.locator("[data-testid=log] li").count() > 20
    proper = {n.lower() for n in names}
    assert english_left(page, "[data-testid=log]", proper) == set()
    assert english_left(page, "[data-testid=end-screen]", proper) == set()
    assert errors == []
    context.close()
