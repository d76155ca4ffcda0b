"""Playing a table page the way a person does: by clicking what the page offers."""

from __future__ import annotations

import random
from typing import Any, Protocol

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


class Check(Protocol):
    """What `click_once` looks at before each click: `script`, a JavaScript function measuring
    the page, is run two frames after the decision appears (the page brings the board into
    view in the next frame, as a person would see it), and its result is handed to the call."""

    script: str

    def __call__(self, seen: Any) -> None: ...


# One look at the page before a click, in one round trip: whether the game is over, what the
# check measures (LOOK: a check's script, or null), the keys of the things offered (board things
# first, then the buttons, as the locators below number them) and the page's signature.
SCENE = """async ({end, board, buttons}) => {
  const look = LOOK;
  if (look) await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const over = !!document.querySelector(end);
  const onBoard = [...document.querySelectorAll(board)];
  const things = [...onBoard, ...document.querySelectorAll(buttons)];
  return {over, seen: look && !over ? look() : null, signature: (SIGNATURE)(),
          keys: things.map((e) => e.getAttribute('data-key') || ''), board: onBoard.length};
}""".replace("SIGNATURE", SIGNATURE)


def version(page: Page) -> int:
    return int(page.get_attribute(".table-page", "data-version") or -1)


def over(page: Page) -> bool:
    return page.locator(END).count() > 0


def click_once(
    page: Page,
    rng: random.Random,
    timeout: float = 60_000,
    prefer: str | None = None,
    check: Check | None = None,
) -> bool:
    """Wait for something to click, click one of the things offered (most often one whose
    key starts with `prefer`, where there is one); False once the game is over. `check` is
    given what its script measured of the page as the player finds it, before anything is
    scrolled.

    A walk clicks hundreds of times, so each click costs few round trips to the browser: one
    look at everything, then the aim, the click and the wait for its effect."""
    page.wait_for_function(READY, timeout=timeout)
    look = check.script if check is not None else "null"
    scene = page.evaluate(
        SCENE.replace("LOOK", look, 1), {"end": END, "board": CLICKABLE, "buttons": BUTTONS}
    )
    if scene["over"]:
        return False
    if check is not None:
        check(scene["seen"])
    keys: list[str] = scene["keys"]
    if not keys:
        return True  # the offer went away between the two looks: look again
    indices = list(range(len(keys)))
    if prefer is not None and rng.random() < 0.85:
        indices = [i for i in indices if keys[i].startswith(prefer)] or indices
    index = rng.choice(indices)
    before = scene["signature"]
    changed = f"(before) => ({SIGNATURE})() !== before"
    board: int = scene["board"]
    target = (
        page.locator(CLICKABLE).nth(index)
        if index < board
        else page.locator(BUTTONS).nth(index - board)
    )
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
    check: Check | None = None,
) -> int:
    clicks = 0
    while click_once(page, rng, prefer=prefer, check=check):
        clicks += 1
        if on_click is not None:
            on_click(clicks)
        assert clicks < max_clicks, "the game did not end"
    return clicks
