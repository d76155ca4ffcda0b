"""The accessibility check itself: it must find what it is there to find, since every page's
test passes when it finds nothing."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.web.axe import violations


def test_axe_reports_each_serious_violation_and_nothing_on_a_clean_page(browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    try:
        page = context.new_page()
        clean = '<html lang="en"><head><title>ok</title></head><body><main><h1>Tortuga</h1>'
        page.set_content(clean + "<button>Roll</button></main></body></html>")
        assert violations(page) == []
        page.set_content(
            clean + '<button></button><img src="x.png"><p style="color:#777;background:#888">'
            "Cartagena</p></main></body></html>"
        )
        found = " ".join(violations(page))
        for rule in ("button-name", "image-alt", "color-contrast"):
            assert f"{rule} (" in found, found
        assert "button" in found and "img" in found
    finally:
        context.close()
