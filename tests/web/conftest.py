"""The browser client in a real headless Chromium (Debian's `chromium`, driven by Playwright
with its executable path; no browser is ever downloaded) against a real server process.

The client must have been built into the package (`pip install -e .` builds it when Node.js
is present; the project's test command requires it). Chromium is installed with apt-get when
it is missing and this runs as root; otherwise the tests fail and say how to get it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright

from buccaneer.server.webclient import STATIC, client_built
from tests.server.support import ServerProcess

CHROMIUM = os.environ.get("BUCCANEER_CHROMIUM", "/usr/bin/chromium")
# Flags for a machine with no network beyond localhost and no display (the env notes).
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"


def ensure_chromium() -> str:
    if Path(CHROMIUM).is_file():
        return CHROMIUM
    if shutil.which("apt-get") and os.geteuid() == 0:
        subprocess.run(
            ["apt-get", "install", "-y", "-q", "chromium"],
            check=False,
            capture_output=True,
            env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
        )
    if not Path(CHROMIUM).is_file():
        pytest.fail(
            f"no Chromium at {CHROMIUM}: install Debian's package (apt-get install chromium)"
        )
    return CHROMIUM


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if not client_built():
        pytest.fail(
            f"the browser client is not built in {STATIC}: install Node.js 20.19+ or 22.12+ "
            "and npm, then pip install -e . (it runs the client build)"
        )
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One Chromium per test process. Its pages ask for reduced motion, as a person may: the
    board's marching-ants highlight then stands still, where it would keep every open page
    redrawing its glow ten times a second for the whole session (on a 2-core machine that
    drawing was CPU every other test waited for). What the tests check (layout, reach, words,
    axe) does not move."""
    browser = playwright.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
    opened = browser.new_context

    def new_context(**options: Any) -> BrowserContext:
        options.setdefault("reduced_motion", "reduce")
        return opened(**options)

    browser.new_context = new_context  # type: ignore[method-assign]
    yield browser
    browser.close()


@pytest.fixture(autouse=True)
def _close_what_a_test_left_open(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each browser test, every context it opened is closed: a page left at a decision
    goes on drawing and listening to its table for the rest of the session otherwise."""
    yield
    if "browser" in request.fixturenames:
        browser: Browser = request.getfixturevalue("browser")
        for context in list(browser.contexts):
            context.close()


def start_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("web")
    running = ServerProcess(f"sqlite:///{path / 'server.db'}", path / "server.log", bot_workers=1)
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from start_server(tmp_path_factory)


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """A server of the module's own, or, where the module says `SHARED_SERVER = True`, one
    server for every such module this test process runs. A module shares when its tests look
    only at tables they made (never the lobby's list, the leaderboard, the queue or the
    server's state): a server's start (a Python, its imports, a bot process) took 6-18 s of a
    loaded machine, and xdist starts a module's server on every worker that runs one of its
    tests."""
    if getattr(request.module, "SHARED_SERVER", False):
        yield request.getfixturevalue("shared_server")
    else:
        yield from start_server(tmp_path_factory)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
