"""Accounts in the browser, against a real server that mails through a real SMTP server
(aiosmtpd in the test): a stranger signs up on the account page (the form checks the repeated
password first), confirms an email address from the link the server mails, plays a rated
game set up in the lobby against a server bot (one walk clicks the whole game; the others click
the first moves and play the rest through the seat's own connection), finds its rating on the
profile, logs out, and gets back in with a reset link mailed to the confirmed address. In
English, Dutch and German, each at a desktop and a phone size (a walk takes a few seconds);
the account page, logged out and in, is axe-clean, never wider than the screen, with its
buttons and the header's links in view without scrolling at 1440x900, 390x844 and 360x740,
and in Dutch and German shares no word with the English page. Screenshots of each are kept in
the test's tmp dir.

A second walk goes through the rest, in each language at one size: a guest keeps its games
with a password, changes it, is refused deletion while seated (with a link to My tables),
logs out everywhere, and a session the server no longer knows shows the logged-out page;
the account is deleted; a dead reset link says so and leads to asking again."""

from __future__ import annotations

import asyncio
import email
import email.policy
import json
import random
import re
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from buccaneer.server.client import play
from tests.server.support import HASHING, ServerProcess, free_port
from tests.web.axe import violations
from tests.web.clicks import END, click_once, play_to_end
from tests.web.words import english_left

DESKTOP: ViewportSize = {"width": 1440, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
SMALL: ViewportSize = {"width": 360, "height": 740}
SIZES = {"desktop": DESKTOP, "phone": PHONE, "small": SMALL}
PASSWORD = "sea legs 1667"
NEW_PASSWORD = "dead mans chest"

CATALOGUE = Path(__file__).resolve().parents[2] / "web" / "src" / "i18n.ts"


def catalogue(lang: str) -> dict[str, str]:
    """The client's words in `lang` (web/src/i18n.ts: one `"key": "words",` a line)."""
    text = CATALOGUE.read_text(encoding="utf-8")
    start = text.index(f"const {lang}: Words = {{")
    block = text[start : text.index("\n};", start)]
    found = re.findall(r'^  "([^"]+)": ("(?:[^"\\]|\\.)*"),$', block, re.MULTILINE)
    return {key: json.loads(words) for key, words in found}


WORDS = {lang: catalogue(lang) for lang in ("en", "nl", "de")}

# Words of the English page that are Dutch or German too: "account" (Dutch), "browser"
# (both: de browser, der Browser).
# The month of the account's date is the browser's (Intl), and some are spelt alike.
SAME = {
    "nl": {"account", "browser", "april", "september", "november", "december"},
    "de": {"browser", "april", "august", "september", "november"},
}


class Mailbox:
    """aiosmtpd's handler: every message received, parsed, and a condition to wait on."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.arrived = threading.Condition()

    async def handle_DATA(  # noqa: N802 (aiosmtpd calls it by this name)
        self, _server: Any, _session: Any, envelope: Any
    ) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        with self.arrived:
            self.messages.append(message)
            self.arrived.notify_all()
        return "250 OK"

    def link(self, to: str, pattern: str) -> str:
        """The first link matching `pattern` in a message to `to`, once one has come."""
        found: list[str] = []

        def seen() -> bool:
            for message in self.messages:
                if message["To"] != to:
                    continue
                body = message.get_body(("plain",))
                assert body is not None
                found.extend(re.findall(pattern, str(body.get_content())))
            return bool(found)

        with self.arrived:
            assert self.arrived.wait_for(seen, timeout=60), f"no mail to {to} with {pattern}"
        return found[0]


@pytest.fixture(scope="module")
def mailbox() -> Iterator[tuple[Mailbox, str]]:
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield box, f"smtp://127.0.0.1:{controller.port}"
    controller.stop()


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory, mailbox: tuple[Mailbox, str]
) -> Iterator[ServerProcess]:
    """A server that mails through the test's SMTP server (confirmation and reset links)."""
    path = tmp_path_factory.mktemp("accounts")
    running = ServerProcess(
        f"sqlite:///{path / 'server.db'}",
        path / "server.log",
        bot_workers=1,
        env={"BUCCANEER_SMTP_URL": mailbox[1]},
    )
    running.start()
    yield running
    running.stop()


def open_page(browser: Browser, size: ViewportSize, locale: str) -> Page:
    phone = size["width"] < 600
    context = browser.new_context(viewport=size, locale=locale, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def to_account(page: Page, url: str, words: dict[str, str]) -> None:
    """The account page, by the header's link (from the lobby)."""
    if page.url.startswith(url + "/account"):
        return
    if not page.url.startswith(url) or page.locator("header.top").count() == 0:
        page.goto(url + "/")
    nav = page.locator("header.top nav")
    nav.get_by_role("link", name=words["nav.account"], exact=True).click()
    expect(page.locator("#account-heading")).to_be_visible()


# Everything a person may press on the account page (the forms' buttons, the header's links).
PRESSABLE = "main button, header.top a, header.top select"


def look(page: Page, folder: Path, name: str, size: str) -> None:
    """The page at `size`: no wider than the screen, every button and header link in view
    without scrolling, axe-clean; a screenshot kept."""
    page.set_viewport_size(SIZES[size])
    page.evaluate("() => window.scrollTo(0, 0)")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    inner = page.evaluate("() => window.innerWidth")
    assert width <= inner, f"{name} at {size}: {width} px wide in a {inner} px window"
    out = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].filter((e) => {
             const r = e.getBoundingClientRect();
             return r.width > 0 && (r.left < 0 || r.right > innerWidth + 0.5
               || r.bottom > innerHeight + 0.5);
           }).map((e) => e.textContent.trim() || e.outerHTML.slice(0, 60))""",
        PRESSABLE,
    )
    assert out == [], f"{name} at {size}: out of view without scrolling: {out}"
    assert violations(page) == [], f"{name} at {size}"
    page.screenshot(path=str(folder / f"{name}-{size}.png"), full_page=True)


def look_at_every_size(page: Page, folder: Path, name: str, home: ViewportSize) -> None:
    for size in SIZES:
        look(page, folder, name, size)
    page.set_viewport_size(home)


def no_english(page: Page, lang: str, names: set[str]) -> None:
    if lang == "en":
        return
    left = english_left(page, "main", names | SAME[lang])
    assert left == set(), f"English words on the {lang} account page: {left}"
    expect(page.locator("#account-heading")).to_be_visible()


def say(words: dict[str, str], key: str, **params: str) -> str:
    """The catalogue's words for `key`, its {placeholders} filled."""
    return re.sub(r"\{(\w+)\}", lambda m: params[m.group(1)], words[key])


def label(page: Page, words: dict[str, str], key: str) -> Locator:
    return page.get_by_label(words[key], exact=True)


def submit(page: Page, form: str = "form.account-form") -> None:
    page.locator(f"{form} button[type=submit]").click()


def play_rated_game(page: Page, url: str, by_clicks: bool) -> None:
    """A rated Tortuga table against the server's beginner bot, set up in the lobby, played
    to the end: by clicking, or the first moves by clicking and the rest through the seat's
    connection (a seat client with the browser's device key)."""
    page.goto(url + "/")
    page.select_option("#create-game", "tortuga")
    page.select_option("#create-players", "2")
    page.select_option("#seat-1", "level:name=beginner")
    page.select_option("#create-pace", "0")
    page.check("#create-rated")
    page.locator("form.create button[type=submit]").click()
    page.wait_for_url("**/tables/*#token=*")
    found = re.fullmatch(r".*/tables/([^#]+)#token=(.+)", page.url)
    assert found is not None
    table, token = found.groups()
    rng = random.Random(1667)
    if by_clicks:
        play_to_end(page, rng)
        expect(page.locator(END)).to_be_visible()
        return
    for _ in range(3):
        assert click_once(page, rng)
    key = page.evaluate("() => localStorage.getItem('device-key')")
    page.goto(url + "/")  # the table's page closes its connection
    link = f"{url}/tables/{table}#token={token}&key={key}"
    # On a thread of its own: Playwright's sync API holds this thread's event loop.
    with ThreadPoolExecutor(1) as thread:
        outcome = thread.submit(asyncio.run, play(link, None, "random")).result(300)
    assert outcome is not None


# Each language at both sizes: each walk takes a few seconds; one plays its game by clicking.
WALKS = [
    pytest.param(("en-GB", "desktop", False), id="en-desktop"),
    pytest.param(("en-GB", "phone", False), id="en-phone"),
    pytest.param(("nl-NL", "phone", True), id="nl-phone-by-clicks"),
    pytest.param(("nl-NL", "desktop", False), id="nl-desktop"),
    pytest.param(("de-DE", "desktop", False), id="de-desktop"),
    pytest.param(("de-DE", "phone", False), id="de-phone"),
]


@pytest.mark.timeout(600)
@pytest.mark.parametrize("walk", WALKS)
def test_sign_up_confirm_play_rated_log_out_and_reset(
    browser: Browser,
    server: ServerProcess,
    mailbox: tuple[Mailbox, str],
    tmp_path: Path,
    walk: tuple[str, str, bool],
) -> None:
    locale, size, by_clicks = walk
    lang = locale[:2]
    words = WORDS[lang]
    name = f"Mate{lang.upper()}{size}"
    address = f"{name.lower()}@example.org"
    names = {name.lower(), "example", "org"}
    home = SIZES[size]
    page = open_page(browser, home, locale)
    box = mailbox[0]

    # Logged out: the account page from the header, in the page's language.
    to_account(page, server.url, words)
    expect(page.get_by_role("button", name=words["my.login"], exact=True)).to_be_visible()
    look_at_every_size(page, tmp_path, f"account-out-{lang}", home)
    no_english(page, lang, names)

    # Sign up: a repeat that differs is caught in the browser, before anything is sent.
    page.locator(".account-switch").get_by_role("button", name=words["account.signup"]).click()
    expect(label(page, words, "my.name")).to_be_focused()
    label(page, words, "my.name").fill(name)
    label(page, words, "my.password").fill(PASSWORD)
    label(page, words, "account.repeat").fill(PASSWORD + "!")
    submit(page)
    expect(page.get_by_role("alert")).to_have_text(words["account.mismatch"])
    label(page, words, "account.repeat").fill(PASSWORD)
    submit(page)
    expect(page.get_by_test_id("account-who")).to_contain_text(say(words, "account.as", name=name))
    session = page.evaluate("() => localStorage.getItem('session')")
    assert session
    look_at_every_size(page, tmp_path, f"account-in-{lang}", home)
    no_english(page, lang, names)

    # Confirm an email address: saved on the notifications page, the link mailed, its page's
    # button pressed.
    with page.expect_response("**/api/me/notifications"):  # the form shows what is saved
        page.get_by_role("link", name=words["account.notify_link"]).click()
    page.locator("input[type=email]").fill(address)
    page.locator("form.notify button[type=submit]").click()
    page.goto(box.link(address, r"https?://\S+/confirm-email/\S+"))
    page.get_by_role("button").click()
    expect(page.locator("h1")).to_have_text("Address confirmed")
    to_account(page, server.url, words)
    expect(page.get_by_test_id("account-email")).to_contain_text(
        say(words, "account.email_confirmed", email=address)
    )

    # A rated game; its rating on the profile (awaited in the page: it follows the game's end).
    play_rated_game(page, server.url, by_clicks)
    page.wait_for_function(
        """async (name) => {
             const r = await fetch(`/api/players/${encodeURIComponent(name)}/profile`);
             const p = await r.json();
             return (p.games || []).some((g) => g.rating && g.rating.games === 1);
           }""",
        arg=name,
        polling=250,
    )
    page.goto(f"{server.url}/players/{name}")
    expect(page.locator(".rating-plot")).to_be_visible()

    # Log out: the session is gone at the server too.
    to_account(page, server.url, words)
    page.get_by_role("button", name=words["account.logout"], exact=True).click()
    expect(page.get_by_test_id("account-notice")).to_have_text(words["account.logged_out"])
    assert page.evaluate("() => localStorage.getItem('session')") is None
    gone = httpx.get(f"{server.url}/api/me", headers=bearer(session))
    assert gone.status_code == 401 and gone.json()["error"] == "unknown_session"

    # Forgot the password: a link to the confirmed address, a new password on its page.
    page.get_by_role("button", name=words["account.forgot"]).click()
    expect(label(page, words, "my.name")).to_be_focused()
    label(page, words, "my.name").fill(name)
    page.get_by_role("button", name=words["account.send_link"]).click()
    expect(page.locator(".account-forms [role=status]")).to_have_text(
        say(words, "account.link_sent", name=name)
    )
    reset = box.link(address, r"https?://\S+/account/reset#token=\S+")
    page.goto(reset)
    expect(page.locator("#reset-heading")).to_have_text(words["account.reset_title"])
    # The token has left the address bar (and so the history) at once.
    assert page.url == f"{server.url}/account/reset"
    label(page, words, "account.new_password").fill(NEW_PASSWORD)
    label(page, words, "account.repeat").fill(NEW_PASSWORD)
    submit(page)
    page.wait_for_url("**/account")
    expect(page.get_by_test_id("account-notice")).to_have_text(words["account.reset_done"])
    expect(page.get_by_test_id("account-who")).to_contain_text(say(words, "account.as", name=name))
    logged = httpx.post(
        f"{server.url}/api/sessions", json={"name": name, "password": NEW_PASSWORD}, timeout=HASHING
    )
    assert logged.status_code == 200, logged.text
    assert page.errors == []  # type: ignore[attr-defined]


def bearer(session: str) -> dict[str, str]:
    return {"authorization": f"Bearer {session}"}


@pytest.mark.timeout(300)
@pytest.mark.parametrize(
    ("locale", "size"), [("en-GB", "phone"), ("de-DE", "small"), ("nl-NL", "desktop")]
)
def test_a_guest_keeps_its_games_changes_its_password_and_deletes_the_account(
    browser: Browser, server: ServerProcess, tmp_path: Path, locale: str, size: str
) -> None:
    lang = locale[:2]
    words = WORDS[lang]
    home = SIZES[size]
    page = open_page(browser, home, locale)
    deckhand, kept = f"Deckhand{lang.upper()}", f"Keeper{lang.upper()}"
    names = {deckhand.lower(), kept.lower()}

    # A guest, under the name typed: its page offers to keep its games with a password.
    to_account(page, server.url, words)
    label(page, words, "my.name").fill(deckhand)
    page.get_by_role("button", name=words["my.guest"]).click()
    who = page.get_by_test_id("account-who")
    expect(who).to_contain_text(say(words, "account.as_guest", name=deckhand))
    look(page, tmp_path, f"account-guest-{lang}", size)
    no_english(page, lang, names)
    guest = page.evaluate("() => localStorage.getItem('session')")
    label(page, words, "account.keep_name").fill(kept)
    label(page, words, "account.new_password").fill("short")
    label(page, words, "account.repeat").fill("short")
    submit(page)
    expect(page.get_by_role("alert")).to_have_text(words["account.short"])
    label(page, words, "account.new_password").fill(PASSWORD)
    label(page, words, "account.repeat").fill(PASSWORD)
    submit(page)
    expect(page.get_by_test_id("account-notice")).to_have_text(
        say(words, "account.kept", name=kept)
    )
    expect(who).to_contain_text(say(words, "account.as", name=kept))
    # The browser keeps the new session; the guest's old one is gone.
    account = page.evaluate("() => localStorage.getItem('session')")
    assert account and account != guest
    assert httpx.get(f"{server.url}/api/me", headers=bearer(guest)).status_code == 401

    # Change the password: a wrong current one is said to be wrong (once in the module: the
    # server's back-off makes an address wait after five wrong passwords, and never forgets
    # one for a right one); then the new session.
    page.get_by_role("button", name=words["account.change_title"]).click()
    expect(label(page, words, "account.current")).to_be_focused()
    label(page, words, "account.new_password").fill(NEW_PASSWORD)
    label(page, words, "account.repeat").fill(NEW_PASSWORD)
    if lang == "en":
        label(page, words, "account.current").fill("not my password")
        submit(page, "#account-change")
        expect(page.get_by_role("alert")).to_have_text(words["account.wrong_current"])
    label(page, words, "account.current").fill(PASSWORD)
    look(page, tmp_path, f"account-change-{lang}", size)
    submit(page, "#account-change")
    expect(page.get_by_test_id("account-notice")).to_have_text(words["account.changed"])
    changed = page.evaluate("() => localStorage.getItem('session')")
    assert changed and changed != account
    assert httpx.get(f"{server.url}/api/me", headers=bearer(account)).status_code == 401

    # Deleting is refused while seated at a waiting table, with the way to My tables.
    made = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "tortuga", "players": 2, "seats": [{"kind": "me"}, {"kind": "invite"}]},
        headers=bearer(changed),
    )
    assert made.status_code == 201, made.text
    page.get_by_role("button", name=words["account.delete_title"]).click()
    confirm = page.locator("#account-delete")
    expect(confirm).to_contain_text(words["account.delete_about"])
    expect(label(page, words, "account.delete_password")).to_be_focused()
    label(page, words, "account.delete_password").fill(NEW_PASSWORD)
    look(page, tmp_path, f"account-delete-{lang}", size)
    submit(page, "#account-delete")
    expect(confirm.get_by_role("alert")).to_contain_text(words["account.seated"])
    confirm.get_by_role("link", name=words["nav.my"]).click()
    expect(page.locator("[data-testid=my-table]")).to_have_count(1)
    left = httpx.post(
        f"{server.url}/api/tables/{made.json()['table']}/leave",
        json={"token": made.json()["me"]["token"]},
    )
    assert left.status_code == 200, left.text

    # Log out everywhere; log in again; a session the server forgot shows the logged-out page.
    to_account(page, server.url, words)
    page.get_by_role("button", name=words["account.logout_all"]).click()
    expect(page.get_by_test_id("account-notice")).to_have_text(words["account.logged_out_all"])
    assert httpx.get(f"{server.url}/api/me", headers=bearer(changed)).status_code == 401
    label(page, words, "my.name").fill(kept)
    label(page, words, "my.password").fill(NEW_PASSWORD)
    submit(page)
    expect(who).to_contain_text(say(words, "account.as", name=kept))
    again = page.evaluate("() => localStorage.getItem('session')")
    httpx.delete(f"{server.url}/api/sessions", headers=bearer(again))  # from another device
    page.reload()
    expect(page.get_by_test_id("account-notice")).to_have_text(words["error.unknown_session"])
    assert page.evaluate("() => localStorage.getItem('session')") is None

    # Delete the account, for good.
    label(page, words, "my.name").fill(kept)
    label(page, words, "my.password").fill(NEW_PASSWORD)
    submit(page)
    page.get_by_role("button", name=words["account.delete_title"]).click()
    label(page, words, "account.delete_password").fill(NEW_PASSWORD)
    submit(page, "#account-delete")
    expect(page.get_by_test_id("account-notice")).to_have_text(words["account.deleted"])
    assert page.evaluate("() => localStorage.getItem('session')") is None
    # Its name is gone: the games keep an anonymous one.
    profile = httpx.get(f"{server.url}/api/players/{kept}/profile")
    assert profile.status_code == 404, profile.text

    # A reset link that is not (or no longer) good says so, and leads to asking again.
    page.goto(f"{server.url}/account/reset#token=not-a-token")
    label(page, words, "account.new_password").fill(NEW_PASSWORD)
    label(page, words, "account.repeat").fill(NEW_PASSWORD)
    submit(page)
    dead = page.get_by_role("alert")
    expect(dead).to_contain_text(words["error.bad_token"])
    dead.get_by_role("link", name=words["account.ask_again"]).click()
    expect(page.locator("#account-forgot")).to_have_text(words["account.forgot_title"])
    assert page.errors == []  # type: ignore[attr-defined]
