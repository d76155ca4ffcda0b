"""For every game and variant, one person sets up a table in the lobby and plays a whole game
against server bots to the end screen, only by clicking; screenshots of each board at a
desktop and a phone size are kept (test-artifacts/web/)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

import buccaneer
from tests.server.support import ServerProcess
from tests.web.clicks import END, play_to_end

PLAYERS = {"cartagena": 2, "tortuga": 2, "tortuga1667": 3}
CASES = [
    pytest.param(
        name,
        dict(variant),
        id=f"{name}-" + ("-".join(f"{k}={v}" for k, v in variant.items()) or "basic"),
    )
    for name, spec in buccaneer.GAMES.items()
    for variant in spec.variants
]
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


def set_up_in_lobby(page: Page, url: str, game: str, options: dict[str, Any]) -> None:
    """The lobby form: game, players, the variant's options, bots in the other seats."""
    page.goto(url + "/")
    page.select_option("select[name=game]", game)
    page.select_option("select[name=players]", str(PLAYERS[game]))
    for key, value in options.items():
        if isinstance(value, bool):
            box = page.locator(f"#option-{key}")
            if box.is_checked() != value:
                box.click()
        else:
            page.select_option(f"#option-{key}", str(value))
    for seat in range(1, PLAYERS[game]):
        page.select_option(f"select[name=seat-{seat}]", "random")
    page.select_option("select[name=pace]", "0")
    page.click("form.create button[type=submit]")
    page.locator("[data-testid=invites] a[data-seat='0']").click()
    page.wait_for_selector("svg.board")


def shoot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    page.screenshot(path=str(folder / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


@pytest.mark.timeout(900)
@pytest.mark.parametrize(("game", "options"), CASES)
def test_a_person_plays_a_whole_game_by_clicking(
    browser: Browser, server: ServerProcess, artifacts: Path, game: str, options: dict[str, Any]
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    set_up_in_lobby(page, server.url, game, options)
    name = f"{game}-" + ("-".join(f"{k}={v}" for k, v in options.items()) or "basic")

    def maybe_shoot(clicks: int) -> None:
        if clicks == 9:
            shoot(page, artifacts, name)

    clicks = play_to_end(page, random.Random(7), on_click=maybe_shoot)
    end = page.locator(END)
    assert end.is_visible()
    assert "Game over" in end.inner_text()
    assert clicks > 0
    page.screenshot(path=str(artifacts / f"{name}-end.png"), full_page=True)
    assert errors == []
    context.close()
