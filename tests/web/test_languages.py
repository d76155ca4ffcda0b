"""A Dutch and a German player never meet an English word they did not choose: whole games
played to the end by clicking in Dutch and German, whose log (and the lobby, for every game and
player count) holds no word of the same page in English, proper names aside.

The English to compare with is the same page switched to English: the client writes the log
from the events' data in the chosen language, so switching rewrites every line."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

import buccaneer
from tests.server.support import ServerProcess, create_table
from tests.web.clicks import END, play_to_end

# Words the three languages share: the games' and places' names, the seat names these tests
# give, and words spelt the same in English and Dutch or German.
SHARED = {
    "tortuga", "cartagena", "jamaica", "jolly", "roger", "flying", "dutchman", "bonus",
    "anne", "bob", "carla", "dirk", "buccaneer", "bot", "bots", "heuristic", "ismcts",
    "in", "is", "start", "land", "hand", "over", "plan", "boot", "water", "arm",
    # Tortuga 1667's cards by their printed names (El Dorado, Atlantis, Spanish Armada)
    "dorado", "atlantis", "armada",
    # Dutch and German words that English has too: "de rest", "die Crew" (the German
    # rulebook's own term: Crew anheuern), "die" (the German article)
    "rest", "crew", "die",
    # Words Dutch or German spell as English does (een even aantal, de tunnel, het fort, een
    # beginner, de link, de lobby, open, per, plus, set, teams, variant, codes; der Tunnel,
    # die Person, der Name, die Version, das Team, bring!) and a name (Board Game Arena)
    "tunnel", "fort", "beginner", "link", "lobby", "open", "per", "plus", "set", "team",
    "teams", "sets", "variant", "codes", "name", "person", "version", "bring", "board", "game",
    "arena", "even",
    # The dice panel's chi-square test: chi-kwadraat, Chi-Quadrat
    "chi",
}  # fmt: skip
# Whole words only: the letters inside a hexadecimal digest (the seed commitment) are no word.
WORD = re.compile(r"(?<![0-9A-Za-zÀ-ÿ'])[A-Za-zÀ-ÿ']{3,}(?![0-9A-Za-zÀ-ÿ'])")
CASES = [
    ("cartagena", 3, {"variant": "jamaica"}, "nl-NL"),
    ("tortuga", 3, {}, "de-DE"),
    ("tortuga1667", 4, {}, "nl-NL"),
    ("tortuga1667", 5, {}, "de-DE"),
]


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def english_left(page: Page, selector: str, names: set[str]) -> set[str]:
    """The words of `selector` in the page's language that the English page also has."""
    lang = page.evaluate("() => document.documentElement.lang")
    theirs = words(page.locator(selector).inner_text())
    page.select_option("header.top select", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    english = words(page.locator(selector).inner_text())
    page.select_option("header.top select", lang)
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    return (theirs & english) - SHARED - names


@pytest.mark.timeout(900)
@pytest.mark.parametrize("case", [pytest.param(c, id=f"{c[0]}-{c[3]}") for c in CASES])
def test_a_whole_game_in_dutch_or_german_has_no_english_in_its_log(
    browser: Browser, server: ServerProcess, case: tuple[str, int, dict[str, Any], str]
) -> None:
    game, players, options, locale = case
    names = ["Anne", "Bob", "Carla", "Dirk", "Eva"][:players]
    table = create_table(
        server.url,
        game=game,
        players=players,
        options=options,
        seats=[{"kind": "human", "name": names[0]}]
        + [{"kind": "bot", "agent": "heuristic", "name": n} for n in names[1:]],
        bot_delay=0,
    )
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale=locale)
    page = context.new_page()
    page.goto(table["seats"][0]["invite"])
    page.wait_for_selector("svg.board")
    play_to_end(page, random.Random(5), prefer="card:" if game == "cartagena" else None)
    assert page.locator(END).is_visible()
    lines = page.locator("[data-testid=log] li").count()
    assert lines > 20
    assert english_left(page, "[data-testid=log]", {n.lower() for n in names}) == set()
    assert english_left(page, "[data-testid=end-screen]", {n.lower() for n in names}) == set()
    context.close()


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
