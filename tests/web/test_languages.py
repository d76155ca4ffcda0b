"""A Dutch and a German player never meet an English word they did not choose: the lobby, for
every game and player count, holds no word of the same page in English, proper names aside.
(Whole games in Dutch and German, whose log and end screen are checked the same way, are
played to the end in test_in_reach.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

import buccaneer
from tests.server.support import ServerProcess
from tests.web.words import english_left, words


def engine_names() -> set[str]:
    """The games' own seat names (Tortuga's pirates Ani, Lothar, ...): the start player is
    offered by them before anyone has sat down."""
    out: set[str] = set()
    for name, spec in buccaneer.GAMES.items():
        view = buccaneer.load(name, spec.max_players, seed=0).view(None)
        out |= words(" ".join(view["seat_names"]))
    return out


@pytest.mark.timeout(300)
@pytest.mark.parametrize("locale", ["nl-NL", "de-DE"])
def test_the_lobby_has_no_english_for_any_game(
    browser: Browser, server: ServerProcess, locale: str
) -> None:
    page = browser.new_context(viewport={"width": 1440, "height": 900}, locale=locale).new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("form.create")
    names = engine_names()
    for name, spec in buccaneer.GAMES.items():
        for players in sorted({spec.min_players, spec.max_players}):
            page.select_option("select[name=game]", name)
            page.select_option("select[name=players]", str(players))
            assert english_left(page, "main", names) == set(), (name, players)
    page.context.close()
