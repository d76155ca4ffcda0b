"""The bot levels in the browser: the lobby's seat selects (and quick play's) offer the server's
four named levels in the player's language, a new bot seat is "good", the choice is made by
keyboard, and the form stays axe-clean. Where a game's published ladder rated a level, the
level shows that rating in the player's way of writing numbers, and names the agent that plays
it. Real server (with a ladder: in this process, reading a levels.json written here), real
Chromium."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from buccaneer.agents import levels as levels_module
from buccaneer.agents.levels import levels_of, published
from buccaneer.server.ratings import RATED_BOTS
from tests.server.support import ServerProcess, ThreadServer
from tests.web.axe import violations

LABELS = {
    "en-GB": ["Bot: beginner", "Bot: good", "Bot: strong", "Bot: strongest"],
    "nl-NL": ["Bot: beginner", "Bot: goed", "Bot: sterk", "Bot: sterkst"],
    "de-DE": ["Bot: Anfänger", "Bot: gut", "Bot: stark", "Bot: am stärksten"],
}
MODES = 3  # me, invite, open: the seat select's first options


def lobby(browser: Browser, url: str, locale: str) -> Page:
    page = browser.new_context(viewport={"width": 1440, "height": 900}, locale=locale).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url + "/")
    page.wait_for_selector("form.create")
    return page


def bot_options(page: Page, select: str) -> list[tuple[str, str]]:
    options = page.locator(f"{select} option")
    return [
        (options.nth(i).get_attribute("value") or "", options.nth(i).inner_text())
        for i in range(options.count())
    ]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", list(LABELS))
def test_the_seat_select_offers_the_four_levels_in_the_players_language(
    browser: Browser, server: ServerProcess, locale: str
) -> None:
    page = lobby(browser, server.url, locale)
    page.select_option("select[name=game]", "tortuga")
    page.select_option("select[name=players]", "3")
    offered = bot_options(page, "#seat-1")[MODES:]
    assert [value for value, _ in offered] == list(RATED_BOTS)
    # Each level by its name, with its ladder rating where Tortuga's published ladder has one
    # (the next test shows one), and the agent that plays it as its hint.
    levels = levels_of("tortuga")
    for (value, text), label, level in zip(offered, LABELS[locale], levels, strict=True):
        assert text == label if level.mu is None else text.startswith(f"{label} (")
        hint = page.locator(f"#seat-1 option[value='{value}']").get_attribute("title")
        assert hint is not None and hint.endswith(f" {level.agent}")
    # A new table's bot seats are "good"; quick play offers the same levels for the same game.
    assert page.input_value("#seat-1") == page.input_value("#seat-2") == "level:name=good"
    page.select_option("#quick-game", "tortuga")
    assert bot_options(page, "#quick-bot") == offered
    assert page.input_value("#quick-bot") == "level:name=good"
    # By keyboard: the select takes the focus and the arrow keys move between the levels.
    page.focus("#seat-1")
    page.keyboard.press("ArrowDown")
    assert page.input_value("#seat-1") == "level:name=strong"
    page.keyboard.press("End")
    assert page.input_value("#seat-1") == "level:name=strongest"
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.fixture
def laddered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ThreadServer]:
    """A server whose Tortuga has a published ladder (the levels.json read from tmp_path
    instead of the game's package) naming and rating "strong" and "strongest" only."""
    (tmp_path / "tortuga.json").write_text(
        json.dumps(
            {
                "game": "tortuga",
                "ladder": {"command": "buccaneer ladder tortuga", "date": "2026-11-27"},
                "levels": [
                    {"name": "strong", "agent": "ismcts:iterations=40", "mu": 27.44, "sigma": 0.9},
                    {"name": "strongest", "agent": "guided", "mu": 31.05, "sigma": 1.1},
                ],
            }
        )
    )
    monkeypatch.setattr(levels_module, "game_file", lambda game, name: tmp_path / f"{game}.json")
    published.cache_clear()
    try:
        with ThreadServer(f"sqlite:///{tmp_path / 'server.db'}") as server:
            yield server
    finally:
        published.cache_clear()


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("locale", "shown", "title"),
    [
        (
            "en-GB",
            [
                "Bot: beginner",
                "Bot: good",
                "Bot: strong (ladder 27.4)",
                "Bot: strongest (ladder 31.1)",
            ],
            "Played by guided",
        ),
        (
            "nl-NL",
            [
                "Bot: beginner",
                "Bot: goed",
                "Bot: sterk (ladderscore 27,4)",
                "Bot: sterkst (ladderscore 31,1)",
            ],
            "Gespeeld door guided",
        ),
        (
            "de-DE",
            [
                "Bot: Anfänger",
                "Bot: gut",
                "Bot: stark (Wertung 27,4)",
                "Bot: am stärksten (Wertung 31,1)",
            ],
            "Gespielt von guided",
        ),
    ],
)
def test_a_laddered_level_shows_its_rating(
    browser: Browser, laddered: ThreadServer, locale: str, shown: list[str], title: str
) -> None:
    page = lobby(browser, laddered.url, locale)
    page.select_option("select[name=game]", "tortuga")
    assert [text for _, text in bot_options(page, "#seat-1")[MODES:]] == shown
    strongest = page.locator("#seat-1 option[value='level:name=strongest']")
    assert strongest.get_attribute("title") == title
    page.select_option("#quick-game", "tortuga")
    assert [text for _, text in bot_options(page, "#quick-bot")] == shown
    # Another game without a ladder: its levels unrated, whatever Tortuga's say.
    page.select_option("select[name=game]", "cartagena")
    assert [text for _, text in bot_options(page, "#seat-1")[MODES:]] == LABELS[locale]
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
