"""axe-core (the client's npm dev dependency, web/node_modules) run inside a page: the
accessibility checks every page must pass with no serious or critical violation.

The script is evaluated through the browser's debugging protocol, which the page's Content
Security Policy (scripts from the server only) does not govern; the page itself is unchanged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "web" / "node_modules" / "axe-core" / "axe.min.js"
# The rules of WCAG 2.1 A and AA, and axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def violations(page: Page, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """Each violation of at least the given impact, as 'rule (impact): target, ... — help'."""
    if not AXE.is_file():
        raise AssertionError(f"no {AXE}: run npm ci in web/ (the test command does)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text())
    # Only the violations come back: axe then keeps one node per passing rule instead of
    # every node (a board's hundreds), and nothing else crosses into Python.
    found: list[dict[str, Any]] = page.evaluate(
        """async (tags) => (await window.axe.run(document, {
            runOnly: {type: 'tag', values: tags}, resultTypes: ['violations'],
        })).violations""",
        TAGS,
    )
    out = []
    for v in found:
        if v["impact"] in impacts:
            targets = ", ".join(str(n["target"]) for n in v["nodes"][:5])
            out.append(f"{v['id']} ({v['impact']}): {targets} — {v['help']}")
    return out
