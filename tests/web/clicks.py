"""Playing a table page the way a person does: by clicking what the page offers."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Error, Page
from playwright.sync_api import TimeoutError as WaitTimeout

END = "[data-testid=end-screen]"
CLICKABLE = "svg.board .clickable"
# The action bar's buttons: the choices it offers, and Confirm once a choice waits for it.
BUTTONS = (
    ".choices button[data-action]:not([disabled]), "
    ".choices button[data-testid=confirm]:not([disabled])"
)

# What the page shows now, as one string: it changes when a click did something.
SIGNATURE = """() => {
  const attr = (sel, name) => [...document.querySelectorAll(sel)].map(e => e.getAttribute(name));
  const page = document.querySelector('.table-page');
  const buttons = [...document.querySelectorAll('.choices button')]
    .map(b => b.textContent + b.disabled);
  return JSON.stringify([page && page.dataset.version, !!document.querySelector(
    '[data-testid=end-screen]'), attr('svg.board .clickable', 'data-key'),
    attr('svg.board .picked', 'data-key'), buttons]);
}"""

READY = f"""() => !!(document.querySelector('{END}') || document.querySelector('{CLICKABLE}')
  || document.querySelector('{BUTTONS}'))"""


def version(page: Page) -> int:
    return int(page.get_attribute(".table-page", "data-version") or -1)


def over(page: Page) -> bool:
    return page.locator(END).count() > 0


def click_once(
    page: Page,
    rng: random.Random,
    timeout: float = 60_000,
    prefer: str | None = None,
    check: Any = None,
) -> bool:
    """Wait for something to click, click one of the things offered (most often one whose
    key starts with `prefer`, where there is one); False once the game is over. `check` is
    called with the page first, as the player finds it, before anything is scrolled."""
    page.wait_for_function(READY, timeout=timeout)
    if over(page):
        return False
    if check is not None:
        check(page)
    candidates = page.locator(CLICKABLE).all() + page.locator(BUTTONS).all()
    if not candidates:
        return True  # the offer went away between the two looks: look again
    before = page.evaluate(SIGNATURE)
    if prefer is not None and rng.random() < 0.85:
        keys = [c.get_attribute("data-key") or "" for c in candidates]
        preferred = [c for c, k in zip(candidates, keys, strict=True) if k.startswith(prefer)]
        candidates = preferred or candidates
    target = rng.choice(candidates)
    changed = f"(before) => ({SIGNATURE})() !== before"
    try:
        target.scroll_into_view_if_needed(timeout=5_000)
        box = target.bounding_box()
        if box is not None:
            # A real mouse click at the thing's centre, hit-tested as a person's is, without
            # Playwright's waits for stillness (they cost more than the game itself) ...
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            try:
                page.wait_for_function(changed, arg=before, timeout=3_000)
                return True
            except WaitTimeout:
                pass
        # ... and where something else covers that centre, Playwright's own click, which finds
        # a point of the thing that is clear.
        target.click(timeout=5_000)
    except Error:
        return True  # replaced by an update while we aimed: look again
    page.wait_for_function(changed, arg=before, timeout=timeout)
    return True


def play_to_end(
    page: Page,
    rng: random.Random,
    *,
    max_clicks: int = 5000,
    on_click: Any = None,
    prefer: str | None = None,
    check: Any = None,
) -> int:
    clicks = 0
    while click_once(page, rng, prefer=prefer, check=check):
        clicks += 1
        if on_click is not None:
            on_click(clicks)
        assert clicks < max_clicks, "the game did not end"
    return clicks
