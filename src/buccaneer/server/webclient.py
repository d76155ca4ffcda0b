"""The browser client: its pages and files, when the package was built with it.

The client is built from `web/` by the package build (setup.py) into `static/` next to this
module, and never committed. Every page address of the client (the lobby, a table, finished
games, a replay, how to play) gets the same `index.html`; the client reads the address. A
package built without Node.js has no client: those addresses then say how to get it, and the
API and WebSocket work as before.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"

HOW_TO_GET = (
    "the browser client is not built: install Node.js 18 or newer with npm, then reinstall "
    "buccaneer (pip install .) and it is built with the package"
)

# The client's pages: the same document, read by the client's router.
PAGES = (
    "/",
    "/games",
    "/my",
    "/how",
    "/how/{game}",
    "/tables/{table_id}",
    "/replay/{table_id}",
    "/leaderboard",
    "/leaderboard/{game}",
    "/players/{name}",
    "/notifications",
    "/admin",
)

# The page loads only its own files and talks only to its own server. Inline style attributes
# are how the components size things; scripts never run inline.
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}

PLACEHOLDER = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>buccaneer</title>
</head><body><h1>buccaneer</h1><p>This server runs without its browser client ({why}).</p>
<p>The API is described at <a href="/docs">/docs</a>. A seat can be played from a terminal with
<code>buccaneer connect URL --seat-token TOKEN --agent human</code> (or a bot agent); the token
is the part of an invite link after <code>#token=</code>.</p></body></html>"""


def client_built(static: Path = STATIC) -> bool:
    return (static / "index.html").is_file()


def add_client(app: FastAPI, static: Path = STATIC) -> None:
    """Serve the client's pages and files (or, without a built client, a page saying how to
    get one)."""
    if not client_built(static):

        async def placeholder() -> HTMLResponse:
            return HTMLResponse(PLACEHOLDER.format(why=HOW_TO_GET), headers=HEADERS)

        for path in PAGES:
            app.add_api_route(path, placeholder, methods=["GET"], include_in_schema=False)
        return

    index = static / "index.html"

    async def page() -> FileResponse:
        return FileResponse(index, media_type="text/html", headers=HEADERS)

    for path in PAGES:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)
    app.mount("/assets", StaticFiles(directory=static / "assets"), name="assets")


__all__ = ["HOW_TO_GET", "STATIC", "add_client", "client_built"]
