"""For every game, one person sets up a table in the lobby (choosing the options of its last
variant there) and plays a whole game against server bots to the end screen at a desktop size,
only by clicking; screenshots of each board at a desktop and a phone size are kept
(test-artifacts/web/). Every variant is played to the end on a phone in test_in_reach."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from buccaneer.agents.levels import level_spec, levels_of
from tests.server.support import ServerProcess
from tests.web.axe import violations
from tests.web.clicks import END, click_once, play_to_end
from tests.web.reach import WALKED, Reach

# Each game's last variant (its options chosen in the lobby), the longer-only ones aside.
ONE_EACH = list({c.values[0]: c for c in WALKED}.values())

PLAYERS = {"cartagena": 2, "tortuga": 2, "tortuga1667": 3}
# The bots of a walk: per game, the level whose agent ends a game soonest for the least thought
# (random bots drag a Cartagena game out to minutes of clicking).
QUICK_AGENTS = ("heuristic", "ismcts:iterations=10", "learned", "random")


def quick_level(game: str) -> str:
    agents = {level.agent: level.name for level in levels_of(game)}
    return level_spec(next(agents[agent] for agent in QUICK_AGENTS if agent in agents))


DESKTOP: ViewportSize = {"width": 1440, "height": 900}
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
        page.select_option(f"select[name=seat-{seat}]", quick_level(game))
    page.select_option("select[name=pace]", "0")
    page.click("form.create button[type=submit]")
    # Seat 0 is the creator's ("me"): with bots in the other seats, straight to the table.
    page.wait_for_selector("svg.board")


def shoot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    page.screenshot(path=str(folder / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


@pytest.mark.timeout(900)
@pytest.mark.parametrize(("game", "options"), ONE_EACH)
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
        if clicks == 12:
            assert violations(page) == []

    # A person who mostly moves pirates forward (Cartagena's random games are long ones).
    # At every decision: the prompt, its buttons and the board's things to pick are in the
    # window, the page is no wider, and the last-move marks are the log's.
    prefer = "card:" if game == "cartagena" else None
    reach = Reach()
    clicks = play_to_end(page, random.Random(7), on_click=maybe_shoot, prefer=prefer, check=reach)
    end = page.locator(END)
    assert end.is_visible()
    assert "Game over" in end.inner_text()
    assert clicks > 0 and reach.decisions > 5 and reach.marked > 0
    assert violations(page) == []
    page.screenshot(path=str(artifacts / f"{name}-end.png"), full_page=True)
    check_replay(page)
    assert errors == []
    context.close()


def check_replay(page: Page) -> None:
    """From the end screen to the replay: it starts at the end, steps back and forth, and can
    be seen as a spectator."""
    page.click("text=Step through the game")
    status = page.locator("[role=status]", has_text="Action")
    status.wait_for()
    total = int(status.inner_text().split()[-1])
    assert status.inner_text() == f"Action {total} of {total}"
    page.click("text=Back")
    page.wait_for_function(f"() => document.body.innerText.includes('Action {total - 1} of')")
    page.click("text=Start")
    page.wait_for_function("() => document.body.innerText.includes('Action 0 of')")
    page.select_option(".table-page select", "")
    page.wait_for_url("**/replay/*")
    assert "?seat" not in page.url
    page.wait_for_selector("svg.board")


@pytest.mark.timeout(600)
def test_the_lobby_lists_a_waiting_table_chat_reaches_the_table_and_a_rematch_starts(
    browser: Browser, server: ServerProcess
) -> None:
    """Two people: one sets up the table and shares the link, the other finds it in the lobby
    and joins; they talk; at the end one asks for a rematch and both go on at the new table."""
    host = browser.new_context(viewport=DESKTOP).new_page()
    guest = browser.new_context(viewport=DESKTOP).new_page()
    host.goto(server.url + "/")
    host.select_option("select[name=game]", "tortuga")
    host.select_option("select[name=players]", "2")
    host.select_option("select[name=seat-1]", "open")
    host.select_option("select[name=pace]", "0")
    host.click("form.create button[type=submit]")
    host.wait_for_selector("svg.board")  # the creator's own seat, taken at once
    guest.goto(server.url + "/")
    guest.locator("button", has_text="Join").first.click()
    guest.wait_for_selector("svg.board")
    host.fill("form input[aria-label='Table talk']", "ahoy from the host")
    host.click("text=Say")
    guest.wait_for_function("() => document.body.innerText.includes('ahoy from the host')")
    # A few moves each, then both let bots finish the game for them (leaving a running game
    # hands the seat to a bot; the seat and its token stay theirs).
    rng = random.Random(4)
    for _ in range(6):
        for page in (host, guest):
            if page.locator("svg.board .clickable, .choices button.primary").count():
                click_once(page, rng)
    table = host.url.split("/tables/")[1].split("#")[0]
    for page in (host, guest):
        # The seat is the page's browser's (docs/server.md, "Seat owners"): its key goes along.
        token = page.url.split("#token=")[1]
        key = page.evaluate("localStorage.getItem('device-key')")
        body = {"token": token, "key": key}
        response = httpx.post(f"{server.url}/api/tables/{table}/leave", json=body)
        assert response.status_code == 200, response.text
    for page in (host, guest):
        page.wait_for_selector(END, timeout=120_000)
    host.click("button:has-text('Rematch')")
    host.wait_for_url("**/tables/**")
    host.wait_for_selector("svg.board")
    # The offer reaches the guest over its socket; on a loaded 2-core machine (the whole suite
    # on two workers) that has taken longer than Playwright's default 30 s.
    guest.locator("a:has-text('Rematch')").click(timeout=90_000)
    guest.wait_for_selector("svg.board")
    assert host.url.split("#")[0] == guest.url.split("#")[0]
    host.wait_for_function("() => !document.querySelector('[data-testid=end-screen]')")
    host.context.close()
    guest.context.close()
