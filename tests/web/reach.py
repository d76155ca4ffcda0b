"""What a player sees at each decision, checked as they find it (before anything is scrolled):
the prompt and every control of the decision are inside the window, the page is no wider than
the window, and the board's last-move marks are those of the seats the log shows moving."""

from __future__ import annotations

from typing import Any

import pytest

import buccaneer

# Variants that only make a game longer (Tortuga's long game: the same pages for twice as many
# rounds, which the engine's tests play): a walk through one costs as much as two others.
LONGER_ONLY = {"long_game=True"}
# Every registered game and variant, as test parameters (game, options).
CASES = [
    pytest.param(
        name,
        dict(variant),
        id=f"{name}-" + ("-".join(f"{k}={v}" for k, v in variant.items()) or "basic"),
    )
    for name, spec in buccaneer.GAMES.items()
    for variant in spec.variants
]
# The variants that whole-game walks go through.
WALKED = [c for c in CASES if not any(k in str(c.id) for k in LONGER_ONLY)]

# Measured in the page by `clicks.click_once`, two frames after a decision appears.
LOOK = """() => {
  const inside = (r, bottom) => r.width > 0 && r.height > 0 && r.top >= -1 && r.left >= -1
    && r.bottom <= bottom + 1 && r.right <= innerWidth + 1;
  const holder = document.querySelector('.bar-holder');
  const fixed = holder && getComputedStyle(holder).position === 'fixed';
  const barTop = fixed ? holder.getBoundingClientRect().top : innerHeight;
  const bar = document.querySelector('[data-testid=action-bar]');
  const controls = [...document.querySelectorAll(
    '[data-testid=action-bar] h2, [data-testid=action-bar] .prompt, '
    + '[data-testid=action-bar] .choices button')];
  const out = {
    width: document.documentElement.scrollWidth, window: innerWidth, height: innerHeight,
    bar: !!bar, barTop,
    hiddenControls: controls.filter((e) => !inside(e.getBoundingClientRect(), innerHeight))
      .map((e) => e.textContent.slice(0, 40)),
    hiddenThings: [...document.querySelectorAll('svg.board .clickable')]
      .filter((e) => !inside(e.getBoundingClientRect(), barTop))
      .map((e) => e.getAttribute('data-key')),
    marks: [...new Set([...document.querySelectorAll('[data-last-move]')]
      .map((e) => Number(e.getAttribute('data-last-move'))))].sort((a, b) => a - b),
    movers: [...new Set([...document.querySelectorAll('[data-testid=log] li')]
      .filter((li) => Number(li.getAttribute('value')) > 0 && li.dataset.mover !== '')
      .map((li) => Number(li.dataset.mover)))].sort((a, b) => a - b),
    logComplete: document.querySelectorAll('[data-testid=log] li').length < 300,
  };
  return out;
}"""


class Reach:
    """Called at every decision of a game (`clicks.play_to_end(check=...)`); keeps count and
    fails at the first decision out of reach, saying what was hidden."""

    script = LOOK

    def __init__(self) -> None:
        self.decisions = 0
        self.marked = 0

    def __call__(self, seen: dict[str, Any]) -> None:
        assert seen["width"] <= seen["window"], f"the page is {seen['width']} px wide: {seen}"
        if seen["bar"]:
            self.decisions += 1
            assert not seen["hiddenControls"], f"controls outside the window: {seen}"
            assert not seen["hiddenThings"], f"board things to pick outside the window: {seen}"
        if seen["logComplete"]:
            # Every seat the log shows moving is marked on the board, and no other.
            assert seen["marks"] == seen["movers"], f"last-move marks: {seen}"
            self.marked += bool(seen["marks"])
