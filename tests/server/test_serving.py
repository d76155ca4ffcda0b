"""The browser client is served like a site (docs/server.md, "Deployment"): the build's
brotli and gzip copies go to the requests that accept them and decode to exactly the
original bytes, hashed assets are cached for a year while pages are asked for again, /docs
loads nothing from another origin, and a browser at an unknown address gets a page while API
clients keep their JSON error.

These read the client build in `src/buccaneer/server/static` (the test command builds it,
as tests/test_packaging.py says) and run the build's compression script on files of their
own. Brotli is decoded by Node's zlib, since the standard library has no brotli and the
build needs Node anyway."""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from buccaneer.server.app import create_app
from buccaneer.server.settings import Settings
from buccaneer.server.webclient import STATIC, add_client, client_built

ROOT = Path(__file__).resolve().parents[2]
COMPRESS = ROOT / "web" / "scripts" / "compress.mjs"
# What Chromium sends when it opens an address.
BROWSER = (
    "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,"
    "image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"
)
YEAR = "public, max-age=31536000, immutable"
DECODE_BR = (
    "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"
)


def node() -> str:
    found = shutil.which("node")
    assert found, "Node.js is needed (the client's build needs it too): install Node.js 20+"
    return found


def unbrotli(data: bytes) -> bytes:
    return subprocess.run(
        [node(), "-e", DECODE_BR], input=data, capture_output=True, check=True, timeout=60
    ).stdout


def decode(encoding: str, data: bytes) -> bytes:
    return unbrotli(data) if encoding == "br" else gzip.decompress(data)


def get_raw(
    client: TestClient, path: str, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and the body's bytes exactly as sent (httpx would decode gzip)."""
    with client.stream("GET", path, headers=headers or {}) as response:
        return response.status_code, dict(response.headers), b"".join(response.iter_raw())


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The client's files alone, with no Accept-Encoding of the test client's own."""
    assert client_built(), f"no client in {STATIC}: the test command builds it"
    app = FastAPI(docs_url=None, redoc_url=None)
    add_client(app)
    with TestClient(app) as test_client:
        del test_client.headers["accept-encoding"]
        yield test_client


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    """The whole app (its exception handlers, /openapi.json), never started: no request here
    needs the tables."""
    db = tmp_path_factory.mktemp("serving") / "server.db"
    return TestClient(create_app(Settings(database_url=f"sqlite:///{db}")))


def compressed_files() -> list[Path]:
    """Every file of the build that has both copies; the bundle must be among them."""
    found = sorted(
        path
        for path in STATIC.rglob("*")
        if path.suffix in {".js", ".css", ".html", ".svg", ".json"}
        and Path(f"{path}.br").is_file()
        and Path(f"{path}.gz").is_file()
    )
    assert any(p.parent.name == "assets" and p.suffix == ".js" for p in found), (
        f"the bundle in {STATIC / 'assets'} has no .br/.gz: the build's postbuild writes them"
    )
    return found


def url_of(path: Path) -> str:
    return "/" + path.relative_to(STATIC).as_posix()


def test_the_build_compresses_what_is_worth_it(tmp_path: Path) -> None:
    text = b"".join(b"const seat%d = lobby.tables[%d];\n" % (i, i % 7) for i in range(400))
    files = {
        "assets/app.js": text,
        "assets/sub/data.json": b'{"tables": [' + b"1, " * 600 + b"1]}",
        "index.html": b"<!doctype html>" + b"<p>ahoy</p>" * 200,
        "tiny.css": b"body{margin:0}",  # too small to be worth it
        "noise.svg": os.urandom(8192),  # does not shrink
        "picture.png": text,  # not a type to compress
    }
    for name, data in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    (tmp_path / "tiny.css.gz").write_bytes(b"left from an older build")
    result = subprocess.run(
        [node(), str(COMPRESS), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for name in ("assets/app.js", "assets/sub/data.json", "index.html"):
        original = files[name]
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            copy = (tmp_path / f"{name}{suffix}").read_bytes()
            assert len(copy) < len(original) / 4, (name, suffix)
            assert decode(encoding, copy) == original
    for name in ("tiny.css", "noise.svg", "picture.png"):
        assert not (tmp_path / f"{name}.br").exists(), name
        assert not (tmp_path / f"{name}.gz").exists(), name
    # The same input, the same bytes: the build is reproducible.
    first = (tmp_path / "assets/app.js.gz").read_bytes()
    subprocess.run(
        [node(), str(COMPRESS), str(tmp_path)], capture_output=True, check=True, timeout=120
    )
    assert (tmp_path / "assets/app.js.gz").read_bytes() == first


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_compressed_files_decode_to_exactly_the_original(client: TestClient, encoding: str) -> None:
    for path in compressed_files():
        original = path.read_bytes()
        _, plain, _ = get_raw(client, url_of(path), {"accept-encoding": "identity"})
        status, headers, body = get_raw(client, url_of(path), {"accept-encoding": encoding})
        assert status == 200, path
        assert headers["content-encoding"] == encoding
        assert headers["vary"] == "Accept-Encoding"
        assert headers["content-type"] == plain["content-type"]
        assert int(headers["content-length"]) == len(body) < len(original)
        assert decode(encoding, body) == original, path


def test_the_request_chooses_the_encoding(client: TestClient) -> None:
    path = next(p for p in compressed_files() if p.parent.name == "assets")

    def encoding_for(accept: str) -> str | None:
        return get_raw(client, url_of(path), {"accept-encoding": accept})[1].get("content-encoding")

    assert encoding_for("gzip, deflate, br, zstd") == "br"  # a browser's: the smaller copy
    assert encoding_for("gzip, deflate") == "gzip"
    assert encoding_for("br;q=0.5, gzip") == "gzip"
    assert encoding_for("br;q=0, *") == "gzip"
    assert encoding_for("*") == "br"
    assert encoding_for("br;q=0, gzip;q=0") is None
    assert encoding_for("identity") is None
    # No Accept-Encoding at all: the file as it is, and still the Vary caches need.
    status, headers, body = get_raw(client, url_of(path))
    assert status == 200 and "content-encoding" not in headers
    assert headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body) == path.stat().st_size
    assert body == path.read_bytes()


def test_hashed_assets_are_kept_for_a_year_and_pages_are_asked_again(
    client: TestClient,
) -> None:
    assets = sorted(p for p in (STATIC / "assets").iterdir() if p.suffix in {".js", ".css"})
    assert {p.suffix for p in assets} >= {".js", ".css"}
    for asset in assets:
        response = client.get(url_of(asset), headers={"accept-encoding": "br"})
        assert response.headers["cache-control"] == YEAR
        assert response.headers["x-content-type-options"] == "nosniff"
    index = (STATIC / "index.html").read_bytes()
    for page in ("/", "/tables/abc", "/how/tortuga"):
        response = client.get(page, headers={"accept": BROWSER, "accept-encoding": "br"})
        assert response.status_code == 200 and response.content == index
        assert response.headers["cache-control"] == "no-cache"
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["referrer-policy"] == "no-referrer"
        # no-cache means "ask again": the answer must be one a browser can revalidate.
        again = client.get(page, headers={"if-none-match": response.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
    # Conditional requests, HEAD and ranges work on the compressed copy too.
    script = url_of(next(p for p in assets if p.suffix == ".js"))
    sent = client.get(script, headers={"accept-encoding": "br"})
    again = client.get(
        script, headers={"accept-encoding": "br", "if-none-match": sent.headers["etag"]}
    )
    assert again.status_code == 304
    assert again.headers["cache-control"] == YEAR and again.headers["vary"] == "Accept-Encoding"
    head = client.head(script, headers={"accept-encoding": "br"})
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == sent.headers["content-length"]
    part = client.get(script, headers={"range": "bytes=0-9"})
    assert part.status_code == 206
    assert part.content == (STATIC / script.lstrip("/")).read_bytes()[:10]
    assert client.get("/assets/nothing.js").status_code == 404
    assert client.get(f"{script}.br").status_code == 404  # a copy is not an address


class Links(HTMLParser):
    """Everything a page makes the browser fetch or run."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.inline_scripts: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href", "srcset", "data", "poster") and value is not None:
                self.urls.append(value)
        self.in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self.in_script = False

    def handle_data(self, data: str) -> None:
        if self.in_script and data.strip():
            self.inline_scripts.append(data)


def test_docs_load_nothing_from_another_origin(server: TestClient) -> None:
    response = server.get("/docs", headers={"accept": BROWSER})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src" not in policy  # scripts: 'self'
    page = Links()
    page.feed(response.text)
    assert page.inline_scripts == []
    fetched = [url for url in page.urls if not url.startswith("data:")]
    assert any(url.endswith(".js") for url in fetched)
    assert any(url.endswith(".css") for url in fetched)
    for url in fetched:
        parts = urlsplit(url)
        assert not parts.scheme and not parts.netloc and parts.path.startswith("/"), url
        named = server.get(url)
        assert named.status_code == 200 and named.content, url
        kind = "text/css" if url.endswith(".css") else "text/javascript"
        assert named.headers["content-type"].startswith(kind), url
    init = server.get(fetched[-1]).text
    assert "SwaggerUIBundle" in init and '"/openapi.json"' in init
    assert server.get("/openapi.json").json()["info"]["title"] == "buccaneer"
    assert server.get("/redoc").status_code == 404


def test_a_browser_at_an_unknown_address_gets_a_page_and_api_clients_json(
    server: TestClient,
) -> None:
    response = server.get("/nope", headers={"accept": BROWSER})
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    assert 'href="/"' in response.text
    assert server.head("/nope/deeper", headers={"accept": BROWSER}).status_code == 404
    # Everything else answers as it always did: the API's JSON error body.
    not_found = {"error": "not_found", "message": "Not Found"}
    for path, accept in [
        ("/api/nope", BROWSER),
        ("/api", BROWSER),
        ("/nope", "application/json"),
        ("/nope", "*/*"),
        ("/nope", "text/html;q=0.5, application/json"),
    ]:
        response = server.get(path, headers={"accept": accept})
        assert response.status_code == 404, (path, accept)
        assert response.json() == not_found, (path, accept)
    refused = server.post("/", headers={"accept": BROWSER})
    assert refused.status_code == 405
    assert refused.json()["error"] == "method_not_allowed"
    assert server.post("/nope", headers={"accept": BROWSER}).json() == not_found
    # ...and the browser page is only ever that: a route's own 404 keeps its words.
    unknown_game = server.get("/api/games/chess/schema", headers={"accept": BROWSER})
    assert unknown_game.json()["error"] == "not_found"
