"""Moderation in the browser (docs/server.md, "Moderation"): a player mutes and unmutes
another's chat from the table page (the muted player sees no sign of it), reports a player
through a small dialog with a reason (stored with the table's chat and record), and votes an
absent player's seat to a bot, the count shown to the table; each step axe-clean. Three
browser contexts, a real server process, real Chromium."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from buccaneer.server.repository import make_engine
from buccaneer.server.repository_moderation import ModerationRepository
from tests.server.support import ServerProcess, create_table
from tests.web.axe import violations
from tests.web.test_seats import DESKTOP, page_of


@pytest.fixture(scope="module")
def moderated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Path]]:
    path = tmp_path_factory.mktemp("moderation")
    db = path / "server.db"
    running = ServerProcess(f"sqlite:///{db}", path / "server.log", bot_workers=1)
    running.start()
    yield running, db
    running.stop()


def reports_of(db: Path, table: str) -> list[dict[str, Any]]:
    async def read() -> list[dict[str, Any]]:
        engine = make_engine(f"sqlite:///{db}")
        try:
            return await ModerationRepository(engine).reports(table_id=table)
        finally:
            await engine.dispose()

    # Playwright's sync API holds this thread's event loop: read on a thread of its own.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, read()).result(30)


def seat_page(browser: Browser, invite: str) -> Page:
    page = page_of(browser, DESKTOP)
    page.goto(invite)
    page.wait_for_selector("ul.seats")
    return page


def chat_texts(page: Page) -> list[str]:
    return [t.strip() for t in page.locator(".chat-lines > div").all_inner_texts()]


def clean(page: Page) -> None:
    found = violations(page)
    assert found == [], found


@pytest.mark.timeout(240)
def test_mute_report_and_vote_from_the_table_page(
    browser: Browser, moderated: tuple[ServerProcess, Path]
) -> None:
    server, db = moderated
    table = create_table(
        server.url,
        game="cartagena",
        players=3,
        seats=[{"kind": "invite", "name": n} for n in ("Anne", "Bob", "Cleo")],
    )
    anne, bob, cleo = (seat_page(browser, s["invite"]) for s in table["seats"])
    try:
        for page in (anne, bob, cleo):
            page.wait_for_selector(".table-page[data-version]")
        anne.fill(".chat-lines + form input", "ahoy from Anne")
        anne.press(".chat-lines + form input", "Enter")
        cleo.fill(".chat-lines + form input", "hello from Cleo")
        cleo.press(".chat-lines + form input", "Enter")
        for page in (anne, bob, cleo):
            expect(page.locator(".chat-lines")).to_contain_text("hello from Cleo")

        # Bob mutes Anne with the keyboard: her lines go from his page only.
        mute = bob.get_by_role("button", name="Mute Anne")
        mute.focus()
        bob.keyboard.press("Enter")
        expect(bob.get_by_role("button", name="Unmute Anne")).to_have_attribute(
            "aria-pressed", "true"
        )
        assert chat_texts(bob) == ["Cleo: hello from Cleo"]
        assert chat_texts(cleo) == ["Anne: ahoy from Anne", "Cleo: hello from Cleo"]
        # Anne is told nothing: her page has her own line and no word of a mute.
        assert "muted" not in anne.locator("body").inner_text().lower()
        expect(anne.locator("button[aria-pressed='true'][data-mute]")).to_have_count(0)
        clean(bob)
        # It holds after a reload (this browser remembers it).
        bob.reload()
        bob.wait_for_selector(".chat-lines")
        expect(bob.locator(".chat-lines")).to_contain_text("hello from Cleo")
        assert chat_texts(bob) == ["Cleo: hello from Cleo"]
        bob.get_by_role("button", name="Unmute Anne").click()
        expect(bob.locator(".chat-lines")).to_contain_text("ahoy from Anne")

        # Bob reports Anne: a small dialog asks why.
        bob.get_by_role("button", name="Report Anne…").click()
        dialog = bob.get_by_role("dialog", name="Report Anne")
        expect(dialog).to_be_visible()
        reason = dialog.get_by_label("Why? (up to 1000 characters)")
        expect(reason).to_be_focused()
        dialog.get_by_role("button", name="Send report").click()
        expect(dialog.get_by_role("alert")).to_have_text("Say why you report this player.")
        clean(bob)
        reason.fill("insults in the chat")
        dialog.get_by_role("button", name="Send report").click()
        expect(bob.get_by_role("status").filter(has_text="Report sent")).to_be_visible()
        [report] = reports_of(db, table["table"])
        assert (report["reporter_seat"], report["reported_seat"]) == (1, 0)
        assert report["reason"] == "insults in the chat"
        assert [line["text"] for line in report["evidence"]["chat"]] == [
            "ahoy from Anne",
            "hello from Cleo",
        ]
        # A second report of the same player is refused, in words.
        bob.get_by_role("button", name="Report Anne…").click()
        reason.fill("again")
        dialog.get_by_role("button", name="Send report").click()
        expect(dialog.get_by_role("alert")).to_contain_text("already")
        bob.keyboard.press("Escape")
        expect(dialog).to_have_count(0)

        # Cleo leaves the page: Bob votes her seat to a bot; one of two votes is shown.
        cleo.close()
        vote = bob.locator("li[data-seat='2'] button[data-vote='2']")
        vote.click()
        expect(bob.locator("li[data-seat='2'] .votes")).to_have_text(
            "1 of 2 votes to hand to a bot"
        )
        expect(anne.locator("li[data-seat='2'] .votes")).to_have_text(
            "1 of 2 votes to hand to a bot"
        )
        expect(vote).to_be_disabled()
        clean(anne)
        anne.locator("li[data-seat='2'] button[data-vote='2']").click()
        expect(anne.locator("li[data-seat='2'] .votes")).to_have_count(0)
        expect(anne.locator("li[data-seat='2']")).to_contain_text("bot", ignore_case=True)
        assert not [e for p in (anne, bob) for e in p.errors]  # type: ignore[attr-defined]
    finally:
        for page in (anne, bob):
            page.context.close()
