"""Seats you can count on, in the browser (docs/server.md, "Seat modes"): the creator sits at
once, a lobby join never takes an invited seat, a used or dead link explains itself and offers
the table as a spectator and its open seat; and the lobby itself: no wider than a phone with
"Join" in view, options in plain words, no axe-core violation, and no English word left in
the Dutch and German lobby. Two and three browser contexts, a real server, real Chromium."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.server.support import ServerProcess, create_table
from tests.web.axe import violations

DESKTOP: ViewportSize = {"width": 1440, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


def page_of(browser: Browser, size: ViewportSize = DESKTOP, locale: str = "en-GB") -> Page:
    page = browser.new_context(viewport=size, locale=locale).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def meta(server: ServerProcess, table: str) -> dict[str, Any]:
    return dict(httpx.get(f"{server.url}/api/tables/{table}").json())


def lobby(page: Page, server: ServerProcess, name: str | None = None) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("form.create")
    if name is not None:
        page.fill("#lobby-name", name)


def row(page: Page, table: str) -> Any:
    return page.locator(f"li.open-table[data-table='{table}']")


@pytest.mark.timeout(180)
def test_the_creator_sits_at_once_and_the_invited_friend_takes_the_kept_seat(
    browser: Browser, server: ServerProcess
) -> None:
    host, friend = page_of(browser), page_of(browser)
    lobby(host, server, name="Anne")
    host.select_option("select[name=game]", "tortuga")
    host.select_option("select[name=players]", "2")
    assert host.locator("select[name=seat-0]").input_value() == "me"  # the first seat's default
    host.select_option("select[name=seat-1]", "invite")
    host.click("form.create button[type=submit]")
    link = host.locator("#invite-1")
    link.wait_for()
    invite = link.input_value()
    table = invite.split("/tables/")[1].split("#")[0]
    # Seated before clicking anything: the server holds the seat under the creator's name.
    seats = meta(server, table)["seats"]
    assert (seats[0]["mode"], seats[0]["claimed"], seats[0]["name"]) == ("me", True, "Anne")
    assert (seats[1]["mode"], seats[1]["claimed"]) == ("invite", False)
    host.locator("[data-testid=my-seat]").click()
    host.wait_for_selector("svg.board")
    friend.goto(invite)
    friend.wait_for_selector("svg.board")
    assert meta(server, table)["status"] == "active"
    # The creator still holds the friend's link, but it took the seat for the friend's
    # browser: opened anywhere else it says so and shows no hand (docs/server.md, "Seat owners").
    # The friend's own "Continue on another device" link seats them on a phone.
    other = page_of(browser)
    other.goto(invite)
    other.wait_for_selector("[data-code=seat_taken]")
    assert other.locator("svg.board").count() == 0
    friend.locator("[data-testid=continue-elsewhere] summary").click()
    onward = friend.locator("[data-testid=continue-elsewhere] input").input_value()
    assert "key=" in onward and onward != invite
    phone = page_of(browser, PHONE)
    phone.goto(onward)
    phone.wait_for_selector("svg.board")
    assert phone.locator("[data-testid=continue-elsewhere]").count() == 1
    for page in (host, friend, other, phone):
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()


@pytest.mark.timeout(180)
def test_a_lobby_join_never_takes_an_invited_seat(browser: Browser, server: ServerProcess) -> None:
    """Three people: the host keeps seat 1 for a friend and opens seat 2; a stranger's Join
    takes seat 2; a second stranger is offered no Join; the friend's link still works."""
    host, stranger, late = page_of(browser), page_of(browser), page_of(browser)
    lobby(host, server, name="Anne")
    host.select_option("select[name=game]", "cartagena")
    host.select_option("select[name=players]", "3")
    host.select_option("select[name=seat-1]", "invite")
    host.select_option("select[name=seat-2]", "open")
    host.click("form.create button[type=submit]")
    invite = host.locator("#invite-1").input_value()
    table = invite.split("/tables/")[1].split("#")[0]
    lobby(stranger, server, name="Bob")
    entry = row(stranger, table)
    entry.wait_for()
    assert "1 open seat" in entry.inner_text()
    assert "1 seat kept for an invited player" in entry.inner_text()
    entry.locator("button", has_text="Join").click()
    stranger.wait_for_selector("svg.board")
    seats = meta(server, table)["seats"]
    assert [(s["mode"], s["claimed"]) for s in seats] == [
        ("me", True),
        ("invite", False),
        ("open", True),
    ]
    assert seats[2]["name"] == "Bob"
    # No open seat is left: the table is listed without a Join.
    lobby(late, server)
    entry = row(late, table)
    entry.wait_for()
    assert "0 open seats" in entry.inner_text()
    assert entry.locator("button", has_text="Join").count() == 0
    refused = httpx.post(f"{server.url}/api/tables/{table}/join", json={"seat": 1})
    assert refused.json()["error"] == "reserved"
    friend = page_of(browser)
    friend.goto(invite)
    friend.wait_for_selector("svg.board")
    assert meta(server, table)["status"] == "active"
    for page in (host, stranger, late, friend):
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()


@pytest.mark.timeout(180)
def test_a_used_link_explains_itself_and_offers_watching_and_the_open_seat(
    browser: Browser, server: ServerProcess
) -> None:
    created = create_table(
        server.url,
        game="tortuga",
        players=3,
        seats=[{"kind": "invite"}, {"kind": "open"}, {"kind": "bot", "agent": "random"}],
    )
    table = created["table"]
    joined = httpx.post(f"{server.url}/api/tables/{table}/join", json={"name": "Cleo"}).json()
    left = httpx.post(f"{server.url}/api/tables/{table}/leave", json={"token": joined["token"]})
    assert left.status_code == 200
    page = page_of(browser)
    page.goto(f"{server.url}/tables/{table}#token={joined['token']}")
    box = page.locator("section.unavailable")
    box.locator("a", has_text="Watch the table").wait_for()  # the table's description came
    assert box.get_attribute("data-code") == "seat_given_up"
    text = box.inner_text()
    assert "given up before the game started" in text
    assert "waiting for players" in text and "Open seats: 1" in text
    assert joined["token"] not in page.content().split("#token=")[0]
    assert violations(page) == []
    page.locator("button", has_text="Take an open seat").click()
    page.wait_for_selector("svg.board")
    new_token = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('token')")
    assert new_token and new_token != joined["token"]
    seats = meta(server, table)["seats"]
    assert seats[1]["claimed"] is True and seats[0]["claimed"] is False  # not the invite
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.timeout(180)
def test_a_dead_link_explains_itself_and_the_table_can_be_watched(
    browser: Browser, server: ServerProcess
) -> None:
    created = create_table(
        server.url, game="cartagena", players=2, seats=[{"kind": "invite"}, {"kind": "invite"}]
    )
    table = created["table"]
    page = page_of(browser, PHONE)
    page.goto(f"{server.url}/tables/{table}#token={created['seats'][0]['token'][:-3]}")
    box = page.locator("section.unavailable")
    box.locator("a", has_text="Watch the table").wait_for()  # the table's description came
    assert box.get_attribute("data-code") == "unknown_token"
    text = box.inner_text()
    assert "No seat of this table has this link" in text
    assert "no open seat" in text  # both seats are invites: nothing to join
    assert box.locator("button", has_text="Take an open seat").count() == 0
    assert violations(page) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    box.locator("a", has_text="Watch the table").click()
    page.wait_for_selector("svg.board")
    assert "#token" not in page.url
    assert page.locator("section.unavailable").count() == 0
    page.context.close()


def busy_lobby(server: ServerProcess) -> str:
    """A listed table with an open seat and options far from the defaults, whose summary is
    the longest a row gets."""
    created = create_table(
        server.url,
        game="tortuga1667",
        players=3,
        options={
            "star_cards": 5,
            "advanced_setup": True,
            "small_game_removes": "cabin_fever",
        },
        seats=[{"kind": "invite"}, {"kind": "open"}, {"kind": "bot", "agent": "random"}],
    )
    return str(created["table"])


@pytest.mark.timeout(180)
def test_the_lobby_fits_a_phone_with_join_in_view_and_options_in_words(
    browser: Browser, server: ServerProcess
) -> None:
    table = busy_lobby(server)
    page = page_of(browser, PHONE)
    lobby(page, server)
    entry = row(page, table)
    entry.wait_for()
    text = entry.inner_text()
    assert "=" not in text and "_" not in text, text
    assert "Star event cards: 5 cards" in text and "Card left out: Cabin Fever" in text
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the lobby is {width} px wide on a {PHONE['width']} px phone"
    join = entry.locator("button", has_text="Join").bounding_box()
    assert join is not None and join["x"] >= 0 and join["x"] + join["width"] <= PHONE["width"]
    # The form: plain words, only the options of this game and count, a start player by name.
    page.select_option("select[name=game]", "tortuga1667")
    page.select_option("select[name=players]", "4")
    form = page.locator("form.create").inner_text()
    assert "Card left out" not in form and "Two actions a turn" not in form
    page.select_option("select[name=players]", "2")
    form = page.locator("form.create").inner_text()
    assert "Card left out" in form and "Two actions a turn" in form
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", form), form
    page.select_option("select[name=game]", "cartagena")
    page.select_option("select[name=players]", "2")
    starts = page.locator("#option-start_player option").all_inner_texts()
    assert starts == ["Red", "Blue"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path="/tmp/lobby-phone.png", full_page=True)
    page.context.close()


@pytest.mark.timeout(180)
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_lobby_has_no_accessibility_violation(
    browser: Browser, server: ServerProcess, size: ViewportSize
) -> None:
    busy_lobby(server)
    page = page_of(browser, size)
    lobby(page, server)
    page.wait_for_selector("li.open-table")
    assert violations(page) == []
    page.select_option("select[name=game]", "tortuga1667")
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=seat-1]", "invite")
    page.click("form.create button[type=submit]")
    page.locator("[data-testid=invites]").wait_for()
    assert violations(page) == []
    page.screenshot(path=f"/tmp/lobby-{size['width']}.png", full_page=True)
    page.context.close()


def words_on(page: Page) -> set[str]:
    """Every word the page shows, the choices of its selects and its placeholders included."""
    text = page.evaluate(
        """() => [document.body.innerText,
                  ...[...document.querySelectorAll('option')].map(o => o.textContent),
                  ...[...document.querySelectorAll('[placeholder]')].map(e => e.placeholder)]
                 .join(' ')"""
    )
    text = text.replace("Board Game Arena", "")  # a proper name
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]{3,}", text)}


def whole_lobby(page: Page, server: ServerProcess, table: str) -> set[str]:
    """The lobby's words with the busy table listed and the form at 2 players of Tortuga 1667
    (where every option applies), then after creating a table with an invite and open seat."""
    lobby(page, server)
    row(page, table).wait_for()
    page.select_option("select[name=game]", "tortuga1667")
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=seat-1]", "invite")
    words = words_on(page)
    page.select_option("select[name=game]", "cartagena")
    page.select_option("select[name=players]", "3")
    words |= words_on(page)
    page.select_option("select[name=seat-1]", "invite")
    page.select_option("select[name=seat-2]", "open")
    page.click("form.create button[type=submit]")
    page.locator("[data-testid=invites]").wait_for()
    return words | words_on(page)


# Words that are the same in English and the page's language, or names: game names, the
# rulebooks' proper names, the language switch's own names, and words the languages share
# (each checked to be a word of that language, e.g. Dutch "open", German "Person").
SHARED = {
    "buccaneer",
    "tortuga",
    "cartagena",
    "jamaica",
    "armada",
    "ani",
    "lothar",
    "frank",
    "alex",
    "english",
    "nederlands",
    "deutsch",
    "account",  # Dutch too
    "bot",
    "bots",
    "lobby",
    "link",
    "tunnel",
    "computer",
    "codes",
    "team",
    "teams",
}
SHARED_IN = {
    "nl-NL": {"beginner", "fort", "open", "per"},  # "tijd per zet"
    "de-DE": {"bring", "name", "person", "per", "start", "version"},  # "per Link einladen"
}


@pytest.mark.timeout(240)
@pytest.mark.parametrize("locale", ["nl-NL", "de-DE"])
def test_the_dutch_and_german_lobby_has_no_english_word_left(
    browser: Browser, server: ServerProcess, locale: str
) -> None:
    table = busy_lobby(server)
    english = whole_lobby(page_of(browser, locale="en-GB"), server, table)
    page = page_of(browser, locale=locale)
    local = whole_lobby(page, server, table)
    # Words of the English page that are also on this one: each must be a name or shared.
    left = sorted((english & local) - SHARED - SHARED_IN[locale])
    assert left == [], f"English words in the {locale} lobby: {left}"
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()
