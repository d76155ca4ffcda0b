"""axe-core over every page that is not a table in play (the lobby, finished games, how to
play, each game's end screen and its replay, as a seat and as a spectator) at a desktop and a
phone size: no serious or critical violation, and no page wider than the screen. (Tables in
play are checked in test_in_reach, mid-game and at the end.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

import buccaneer
from tests.server.support import ServerProcess, create_table
from tests.web.sizes import clean, page_at_each_size  # noqa: F401


@pytest.fixture(scope="module")
def finished(server: ServerProcess) -> dict[str, str]:
    """One game of each, played to the end by bots (heuristic ones: their games are short):
    game → table id."""
    out = {}
    for name, spec in buccaneer.GAMES.items():
        players = max(spec.min_players, 3)
        table = create_table(
            server.url,
            game=name,
            players=players,
            seats=[{"kind": "bot", "agent": "heuristic"} for _ in range(players)],
            bot_delay=0,
        )
        out[name] = table["table"]
    return out


@pytest.mark.timeout(300)
def test_pages_around_the_tables(page: Page, server: ServerProcess) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("form.create")
    clean(page, "the lobby")
    page.goto(server.url + "/games")
    page.wait_for_selector("h2")
    clean(page, "finished games")
    page.goto(server.url + "/how")
    page.wait_for_selector("h2")
    clean(page, "how to play")
    for name in buccaneer.GAMES:
        page.goto(server.url + f"/how/{name}")
        page.wait_for_selector("h2")
        clean(page, f"how to play {name}")


@pytest.mark.timeout(300)
def test_end_screens_and_replays(
    page: Page, server: ServerProcess, finished: dict[str, str]
) -> None:
    for name, table in finished.items():
        page.goto(server.url + f"/tables/{table}")
        page.wait_for_selector("[data-testid=end-screen]", timeout=120_000)
        clean(page, f"{name}'s end screen")
        for seat in ("", "?seat=0"):
            page.goto(server.url + f"/replay/{table}{seat}")
            page.wait_for_selector("svg.board")
            clean(page, f"{name}'s replay{seat}")
