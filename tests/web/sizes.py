"""The two screens every page is looked at on (a desktop at 1440x900 and a phone at 390x844),
a page fixture for each, and what a clean page is: axe-core finds nothing and nothing runs off
the side of the screen. A test module takes them with
`from tests.web.sizes import clean, page_at_each_size  # noqa: F401`."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.web.axe import violations

SIZES: list[ViewportSize] = [{"width": 1440, "height": 900}, {"width": 390, "height": 844}]
WIDE = "() => document.documentElement.scrollWidth"


@pytest.fixture(params=SIZES, ids=["desktop", "phone"], name="page")
def page_at_each_size(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=request.param, locale="en-GB")
    yield context.new_page()
    context.close()


def clean(page: Page, what: str) -> None:
    assert violations(page) == [], what
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate(WIDE) <= width, f"{what} is wider than the screen"
