"""The browser client: its pages and files, when the package was built with it.

The client is built from `web/` by the package build (setup.py) into `static/` next to this
module, and never committed. Every page address of the client (the lobby, a table, finished
games, a replay, how to play) gets the same `index.html`; the client reads the address. A
package built without Node.js has no client: those addresses then say how to get it, and the
API and WebSocket work as before.

The files go out as a site's should. The build writes a brotli and a gzip copy next to each
file worth compressing (web/scripts/compress.mjs), and the server sends the copy the request
accepts, as it is: compressing 350 KB again for every first visit would cost the game's CPU
what the build already paid once. Vite names each asset after its contents, so `/assets` may
be cached for a year; the page itself is asked for again every time (`no-cache`), so a new
build is seen at the next visit. `/docs` is Swagger UI from the build (web/scripts/api-docs.mjs),
never from a CDN, and an address that leads nowhere shows a browser a page, not JSON.
"""

from __future__ import annotations

import os
import stat
from mimetypes import guess_type
from pathlib import Path
from typing import NamedTuple

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

STATIC = Path(__file__).parent / "static"

HOW_TO_GET = (
    "the browser client is not built: install Node.js 20.19 or newer with npm, then "
    "reinstall buccaneer (pip install .) and it is built with the package"
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
    "/account",
    "/account/reset",
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

# Vite puts the contents' hash in every name under /assets: a changed file is a new address.
IMMUTABLE = "public, max-age=31536000, immutable"
# The encodings the build writes (compress.mjs), in the order the server prefers them when the
# request likes them equally: brotli's copy of the bundle is a fifth smaller than gzip's.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))

PLACEHOLDER = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>buccaneer</title>
</head><body><h1>buccaneer</h1><p>This server runs without its browser client ({why}).</p>
<p>The API is described at <a href="/openapi.json">/openapi.json</a>. A seat can be played from
a terminal with <code>buccaneer connect URL --seat-token TOKEN --agent human</code> (or a bot
agent); the token is the part of an invite link after <code>#token=</code>.</p></body></html>"""

NO_DOCS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>buccaneer API</title>
</head><body><h1>buccaneer API</h1><p>The API page comes with the browser client's build, and
this one is older: rebuild the client (pip install ., or npm run build in web/). The API is
described at <a href="/openapi.json">/openapi.json</a>.</p></body></html>"""

NOT_FOUND = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>Not found - buccaneer</title></head><body><h1>Nothing here</h1>
<p>There is no page at this address. <a href="/">Go to the lobby</a>.</p></body></html>"""


class Choice(NamedTuple):
    """A file to send for a request: the original, or one of its precompressed copies."""

    path: str
    info: os.stat_result
    encoding: str | None


def quality(header: str) -> dict[str, float]:
    """`Accept-Encoding` (or `Accept`) as {coding: q}: `gzip;q=0.5, br` is
    {"gzip": 0.5, "br": 1.0}. A malformed q counts as 0: refused, never guessed."""
    found: dict[str, float] = {}
    for item in header.split(","):
        name, *params = (part.strip() for part in item.split(";"))
        if not name:
            continue
        q = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        found[name.lower()] = q
    return found


def choose_encoding(accept_encoding: str | None, offered: list[str]) -> str | None:
    """Which of the `offered` codings to send (None: the file as it is). The request's
    preference decides (RFC 9110, 12.5.3): a q of 0 refuses a coding, `*` stands for any not
    named, and identity is acceptable unless refused; ties go to the order of `offered`, then
    identity. No header at all means anything goes, but a client that sends none is one that
    has not said it can decode, so it gets the file as it is."""
    if accept_encoding is None:
        return None
    q = quality(accept_encoding)
    star = q.get("*")
    identity = q.get("identity", star if star == 0.0 else 1.0)
    best, best_q = None, 0.0
    for coding in offered:
        coding_q = q.get(coding, star if star is not None else 0.0)
        if coding_q > best_q:
            best, best_q = coding, coding_q
    return best if best is not None and best_q >= identity else None


class ClientFiles(StaticFiles):
    """StaticFiles that sends a file's precompressed copy (FILE.br, FILE.gz) when the request
    accepts its encoding, with the original's Content-Type and the copy's own length and
    ETag; Starlette's FileResponse still does ranges (over the bytes sent), HEAD and
    conditional requests. `headers` go with every file (the caching rule of the folder)."""

    def __init__(self, *, directory: Path, headers: dict[str, str]) -> None:
        super().__init__(directory=directory)
        self.headers = headers

    async def get_response(self, path: str, scope: Scope) -> Response:
        # The copies are other encodings of a file, not files of their own: served under
        # their own name they would go out as the original's type without its encoding.
        if path.endswith(tuple(suffix for _, suffix in ENCODINGS)):
            raise HTTPException(status_code=404)
        return await super().get_response(path, scope)

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        request_headers = Headers(scope=scope)
        # A stat or two in the event loop, as FileResponse's own: the build output is local.
        copies: dict[str, Choice] = {}
        for coding, suffix in ENCODINGS:
            try:
                info = os.stat(f"{full_path}{suffix}")
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                copies[coding] = Choice(f"{full_path}{suffix}", info, coding)
        pick = choose_encoding(request_headers.get("accept-encoding"), list(copies))
        chosen = copies[pick] if pick else Choice(str(full_path), stat_result, None)
        headers = dict(self.headers)
        if copies:
            # Also on the original: a cache must not hand it to a client that asked for br.
            headers["Vary"] = "Accept-Encoding"
        if chosen.encoding is not None:
            headers["Content-Encoding"] = chosen.encoding
        response = FileResponse(
            chosen.path,
            status_code=status_code,
            headers=headers,
            media_type=guess_type(str(full_path))[0] or "application/octet-stream",
            stat_result=chosen.info,
        )
        if self.is_not_modified(response.headers, request_headers):
            return NotModifiedResponse(response.headers)
        return response


def client_built(static: Path = STATIC) -> bool:
    return (static / "index.html").is_file()


def docs_built(static: Path = STATIC) -> bool:
    return (static / "docs" / "index.html").is_file()


def wants_page(request: Request) -> bool:
    """Whether an error answer should be a page: a browser's GET of an address outside the
    API. A browser's `Accept` names text/html; fetch() and API clients send `*/*` or
    application/json, and they keep the JSON error body."""
    if request.scope["type"] != "http" or request.method not in ("GET", "HEAD"):
        return False
    if request.url.path == "/api" or request.url.path.startswith("/api/"):
        return False
    accept = quality(request.headers.get("accept", ""))
    html = max(accept.get("text/html", 0.0), accept.get("application/xhtml+xml", 0.0))
    return html > accept.get("application/json", 0.0)


def not_found_page() -> HTMLResponse:
    return HTMLResponse(NOT_FOUND, status_code=404, headers=HEADERS)


def add_client(app: FastAPI, static: Path = STATIC) -> None:
    """Serve the client's pages and files, and the API page at /docs (or, without a built
    client, a page saying how to get one). The app's own /docs must be off (docs_url=None)."""
    if not client_built(static):

        async def placeholder() -> HTMLResponse:
            return HTMLResponse(PLACEHOLDER.format(why=HOW_TO_GET), headers=HEADERS)

        for path in (*PAGES, "/docs"):
            app.add_api_route(path, placeholder, methods=["GET", "HEAD"], include_in_schema=False)
        return

    pages = ClientFiles(directory=static, headers=HEADERS)

    async def page(request: Request) -> Response:
        return await pages.get_response("index.html", request.scope)

    for path in PAGES:
        app.add_api_route(path, page, methods=["GET", "HEAD"], include_in_schema=False)
    app.mount(
        "/assets",
        ClientFiles(
            directory=static / "assets",
            headers={"Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff"},
        ),
        name="assets",
    )

    if not docs_built(static):

        async def no_docs() -> HTMLResponse:
            return HTMLResponse(NO_DOCS, headers=HEADERS)

        app.add_api_route("/docs", no_docs, methods=["GET", "HEAD"], include_in_schema=False)
        return

    async def docs(request: Request) -> Response:
        return await pages.get_response("docs/index.html", request.scope)

    # The page at /docs, its files under /docs/: their names carry no hash, so a browser asks
    # again each time (and gets 304 while they are the same).
    app.add_api_route("/docs", docs, methods=["GET", "HEAD"], include_in_schema=False)
    app.mount(
        "/docs",
        ClientFiles(
            directory=static / "docs",
            headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"},
        ),
        name="docs",
    )


__all__ = [
    "HEADERS",
    "HOW_TO_GET",
    "STATIC",
    "ClientFiles",
    "add_client",
    "choose_encoding",
    "client_built",
    "not_found_page",
    "wants_page",
]
