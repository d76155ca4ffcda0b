"""The ratings pages in a real browser against a real server: after rated games (a guest at
one seat, played by a seat client, and the server's "beginner" and "good" bots), the leaderboard
lists the player and the bots with the ratings the server holds, its season view too, and the
player's profile shows the rating, its plot over time with the plot's table, and the win rates;
both pages axe-clean and no wider than the screen at 1440x900 and 390x844. The lobby's Rated
box makes a rated table."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from buccaneer.server.client import play
from tests.server.support import ServerProcess
from tests.web.sizes import clean, page_at_each_size  # noqa: F401

NAME = "Rated Anne"
GAMES = 2


def rated_game(url: str, session: str) -> str:
    made = httpx.post(
        f"{url}/api/tables",
        json={
            "game": "tortuga",
            "players": 3,
            "rated": True,
            "bot_delay": 0,
            "listed": False,
            "seats": [
                {"kind": "me"},
                {"kind": "bot", "agent": "level:name=beginner"},
                {"kind": "bot", "agent": "level:name=good"},
            ],
        },
        headers={"authorization": f"Bearer {session}"},
        timeout=30,
    )
    assert made.status_code == 201, made.text
    body = made.json()
    # On a thread of its own: Playwright's sync API holds this thread's event loop.
    with ThreadPoolExecutor(1) as thread:
        outcome = thread.submit(asyncio.run, play(body["me"]["invite"], None, "random")).result(180)
    assert outcome is not None
    return str(body["table"])


@pytest.fixture(scope="module")
def board(server: ServerProcess) -> dict[str, Any]:
    """Two rated games played to the end, then the leaderboard as the server gives it."""
    guest = httpx.post(f"{server.url}/api/guests", json={"name": NAME}, timeout=30)
    assert guest.status_code == 201, guest.text
    session = guest.json()["session"]
    for _ in range(GAMES):
        rated_game(server.url, session)
    deadline = time.monotonic() + 60
    while True:
        answer = httpx.get(f"{server.url}/api/leaderboard/tortuga", timeout=30).json()
        rows = {p["name"]: p for p in answer["players"]}
        if rows.get(NAME, {}).get("games") == GAMES:
            return rows
        assert time.monotonic() < deadline, f"the games were not rated: {answer}"
        time.sleep(0.2)


@pytest.mark.timeout(300)
def test_the_leaderboard_and_the_profile_show_the_ratings(
    page: Page, server: ServerProcess, board: dict[str, Any]
) -> None:
    page.goto(server.url + "/leaderboard/tortuga")
    page.wait_for_selector("table.leaderboard")
    table = page.locator("table.leaderboard tbody tr")
    shown = [table.nth(i).locator("td").all_inner_texts() for i in range(table.count())]
    by_name = {row[1].replace(" (bot)", ""): row for row in shown}
    anne = by_name[NAME]
    assert anne[2] == f"{board[NAME]['ordinal']:.1f}" and anne[4] == str(GAMES)
    # The bot levels are accounts of their own, shown with the lobby's names and marked.
    assert by_name["Bot: good"][4] == str(board["Bot: good"]["games"]) == str(GAMES)
    assert board["Bot: good"]["agent"] == "level:name=good"
    assert "(bot)" in " ".join(by_name["Bot: beginner"])
    ranks = [int(row[0]) for row in shown]
    assert ranks == list(range(1, len(shown) + 1))
    clean(page, "the leaderboard")

    page.goto(server.url + f"/leaderboard/tortuga?season={time.gmtime().tm_year}")
    page.wait_for_selector("table.leaderboard")
    assert NAME in page.locator("table.leaderboard").inner_text()
    page.goto(server.url + "/leaderboard/tortuga?season=1999")
    page.wait_for_selector("text=Nobody has played a rated game of this yet.")

    # The finished games page leads to a player's profile, as the leaderboard does.
    page.goto(server.url + "/games")
    page.get_by_label("Your name").fill(NAME)
    page.get_by_role("button", name="Show").click()
    page.get_by_role("link", name=f"{NAME}'s ratings and win rates").click()
    page.wait_for_url("**/players/Rated%20Anne")
    page.goto(server.url + "/leaderboard/tortuga")
    page.get_by_role("link", name=NAME).click()
    page.wait_for_url("**/players/Rated%20Anne")
    plot = page.get_by_role("img", name=f"Rating of {NAME} in Tortuga over time")
    plot.wait_for()
    assert plot.locator("circle").count() == GAMES
    assert f"{GAMES} rated games" in plot.inner_html()
    assert page.locator(".rating-plot details tbody tr").count() == GAMES
    text = page.locator("main").inner_text()
    assert f"Rating {board[NAME]['ordinal']:.1f}" in text
    assert f"after {GAMES} rated games" in text
    assert f"of {GAMES} finished games" in text
    assert page.get_by_role("table", name="Win rate by seat").count() == 1
    page.locator(".rating-plot summary").click()
    clean(page, "the profile")

    page.goto(server.url + "/players/Bot: good")
    page.get_by_role("img", name="Rating of Bot: good in Tortuga over time").wait_for()
    clean(page, "a bot's profile")
    page.goto(server.url + "/players/nobody-by-this-name")
    page.wait_for_selector("[role=alert]")


@pytest.mark.timeout(300)
def test_the_lobby_makes_a_rated_table(page: Page, server: ServerProcess) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("form.create")
    page.select_option("#create-game", "tortuga")
    page.select_option("#create-players", "2")
    # (A level that searches long is for an account with a password, not the lobby's guest.)
    page.select_option("#seat-1", "level:name=strong")
    page.check("#create-rated")
    page.locator("form.create button[type=submit]").click()
    page.wait_for_url("**/tables/**")
    table_id = page.url.split("/tables/")[1].split("#")[0]
    with sqlite3.connect(server.database_url.removeprefix("sqlite:///")) as db:
        rated, created_by = db.execute(
            "SELECT rated, created_by FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        bot_account = db.execute(
            "SELECT a.role, a.name, s.agent FROM seats s JOIN accounts a ON a.id = s.account_id "
            "WHERE s.table_id = ? AND s.seat = 1",
            (table_id,),
        ).fetchone()
    assert rated == 1 and created_by is not None
    assert bot_account == ("bot", "Bot: strong", "level:name=strong")
