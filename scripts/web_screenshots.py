"""The browser client's screenshots in docs/images/web/: each game mid-game and at its end, at
a desktop (1440×900) and a phone (390×844) size, from real games played by clicking against
the server's bots (a fresh `buccaneer serve` on a temporary SQLite database).

Usage: python scripts/web_screenshots.py [OUT_DIR]   (needs the built client and Chromium)
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.support import ServerProcess, create_table  # noqa: E402
from tests.web.clicks import click_once  # noqa: E402

# game → (players, options, clicks before the mid-game picture)
GAMES: dict[str, tuple[int, dict[str, Any], int]] = {
    "cartagena": (3, {"variant": "jamaica"}, 14),
    "tortuga": (3, {}, 16),
    "tortuga1667": (5, {}, 14),
}
NAMES = ["Anne", "Bob", "Carla", "Dirk", "Eva"]
DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}


def at_decision(page: Page) -> None:
    """Wait until the page asks this seat something (or the game is over)."""
    page.wait_for_selector("[data-testid=action-bar], [data-testid=end-screen]", timeout=60_000)
    page.wait_for_timeout(400)  # the last move's animation


def shoot(page: Page, out: Path, name: str, full: bool) -> None:
    for size, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)  # type: ignore[arg-type]
        page.wait_for_timeout(300)
        if not full:
            at_decision(page)
        page.screenshot(path=str(out / f"{name}-{tag}.png"), full_page=False)
        print(out / f"{name}-{tag}.png")
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    server = ServerProcess(f"sqlite:///{tmp / 'web.db'}", tmp / "web.log").start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"]
            )
            for game, (players, options, clicks) in GAMES.items():
                table = create_table(
                    server.url,
                    game=game,
                    players=players,
                    options=options,
                    seats=[{"kind": "human", "name": NAMES[0]}]
                    + [
                        {"kind": "bot", "agent": "heuristic", "name": NAMES[i]}
                        for i in range(1, players)
                    ],
                    bot_delay=0,
                )
                context = browser.new_context(viewport=DESKTOP, locale="en-GB")  # type: ignore[arg-type]
                page = context.new_page()
                page.goto(table["seats"][0]["invite"])
                page.wait_for_selector("svg.board")
                rng = random.Random(2)
                prefer = "card:" if game == "cartagena" else None
                for _ in range(clicks):
                    click_once(page, rng, prefer=prefer)
                shoot(page, out, game, full=False)
                while click_once(page, rng, prefer=prefer):
                    pass
                page.wait_for_timeout(500)
                shoot(page, out, f"{game}-end", full=True)
                context.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images" / "web")
