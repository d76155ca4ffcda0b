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


# Everything a click needs from the page, in one look (each look is a round trip to the
# browser; a walk through a whole game makes thousands): whether the game is over, the page's
# signature, and each thing offered with its key and its centre in the visual viewport (where
# the mouse is; on a phone it can be scrolled within the layout viewport that element boxes
# are measured in), and whether it is wholly in view.
OFFER = f"""() => {{
  const v = window.visualViewport;
  const things = [...document.querySelectorAll('{CLICKABLE}, {BUTTONS}')].map((e) => {{
    const r = e.getBoundingClientRect();
    const top = r.top - v.offsetTop, left = r.left - v.offsetLeft;
    return {{key: e.getAttribute('data-key') || '', x: left + r.width / 2,
      y: top + r.height / 2, shown: r.width > 0 && r.height > 0 && top >= 0 && left >= 0
      && top + r.height <= v.height && left + r.width <= v.width}};
  }});
  return {{over: !!document.querySelector('{END}'), signature: ({SIGNATURE})(), things}};
}}"""


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
    if check is not None and not over(page):
        check(page)
    offer: dict[str, Any] = page.evaluate(OFFER)
    if offer["over"]:
        return False
    things = list(enumerate(offer["things"]))
    if not things:
        return True  # the offer went away between the two looks: look again
    if prefer is not None and rng.random() < 0.85:
        things = [t for t in things if t[1]["key"].startswith(prefer)] or things
    index, thing = rng.choice(things)
    before = offer["signature"]
    changed = f"(before) => ({SIGNATURE})() !== before"
    target = page.locator(f"{CLICKABLE}, {BUTTONS}").nth(index)
    try:
        if thing["shown"]:
            # A real mouse click at the thing's centre, hit-tested as a person's is, without
            # Playwright's waits for stillness (they cost more than the game itself) ...
            page.mouse.click(thing["x"], thing["y"])
            try:
                page.wait_for_function(changed, arg=before, timeout=3_000)
                return True
            except WaitTimeout:
                pass
        # ... and where it is out of the window, or something else covers that centre,
        # Playwright's own click, which scrolls to it and finds a point of it that is clear.
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
