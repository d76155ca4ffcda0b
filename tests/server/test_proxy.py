"""The reverse proxy of docs/server.md, as printed there: nginx terminating TLS in front of
`buccaneer serve`, both on loopback. A game is played through it over wss://, the links the
server gives name the proxy's address (https), the client's files come through compressed, and
two clients behind the proxy (from two loopback addresses) meet the per-address limit each on
their own: the server sees their addresses, not the proxy's.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from buccaneer.server.client import SeatClient, agent_decider
from tests.server.support import RELAXED, ServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
ALICE, BOB = "127.0.0.5", "127.0.0.6"
BURST = 6


def documented_config() -> str:
    """The ```nginx block of docs/server.md, "Behind a reverse proxy"."""
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```nginx\n(.*?)```", text, re.S)
    return str(block)


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (the test's own CA, trusted by its clients)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key


def nginx_config(
    folder: Path, upstream: int, ports: tuple[int, int], cert: tuple[Path, Path]
) -> Path:
    """The documented server blocks with this test's ports and certificate, inside the few
    lines an nginx.conf needs to run unprivileged in `folder`. `ports`: plain and TLS;
    `cert`: the certificate and its key."""
    (plain, tls), (certificate_file, key) = ports, cert
    block = documented_config()
    replacements = {
        "listen 80;": f"listen 127.0.0.1:{plain};",
        "listen 443 ssl;": f"listen 127.0.0.1:{tls} ssl;",
        "http://127.0.0.1:8000": f"http://127.0.0.1:{upstream}",
        "/etc/letsencrypt/live/games.example.org/fullchain.pem": str(certificate_file),
        "/etc/letsencrypt/live/games.example.org/privkey.pem": str(key),
    }
    for old, new in replacements.items():
        assert old in block, f"docs/server.md's nginx block lost {old!r}"
        block = block.replace(old, new)
    temp = folder / "temp"
    temp.mkdir()
    conf = folder / "nginx.conf"
    conf.write_text(
        f"""daemon off;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections 256; }}
http {{
    access_log {folder / "access.log"};
    client_body_temp_path {temp / "body"};
    proxy_temp_path {temp / "proxy"};
    fastcgi_temp_path {temp / "fastcgi"};
    uwsgi_temp_path {temp / "uwsgi"};
    scgi_temp_path {temp / "scgi"};
{block}
}}
""",
        encoding="utf-8",
    )
    return conf


def wait_listening(port: int, proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"nginx exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nginx does not listen on {port}")


class Proxied:
    def __init__(self, server: ServerProcess, plain: int, tls: int, cert: Path) -> None:
        self.server, self.plain, self.tls, self.cert = server, plain, tls, cert

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.tls}"

    def client(self, source: str) -> httpx.Client:
        context = ssl.create_default_context(cafile=str(self.cert))
        transport = httpx.HTTPTransport(local_address=source, verify=context)
        return httpx.Client(transport=transport, timeout=30)


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxied]:
    folder = tmp_path_factory.mktemp("proxy")
    limits = {**RELAXED, "http_rate": 0.01, "http_burst": float(BURST)}
    server = ServerProcess(f"sqlite:///{folder / 'db'}", folder / "server.log", limits=limits)
    server.start()
    cert, key = certificate(folder)
    plain, tls = free_port(), free_port()
    conf = nginx_config(folder, server.port, (plain, tls), (cert, key))
    nginx = subprocess.Popen(
        [NGINX, "-p", str(folder), "-c", str(conf)],
        stdout=subprocess.DEVNULL,
        stderr=(folder / "nginx.out").open("wb"),
    )
    try:
        wait_listening(tls, nginx)
        yield Proxied(server, plain, tls, cert)
    finally:
        nginx.terminate()
        nginx.wait(10)
        server.stop()


def test_a_game_through_the_proxy_over_wss(
    proxied: Proxied, monkeypatch: pytest.MonkeyPatch
) -> None:
    with proxied.client(ALICE) as http:
        answer = http.post(
            f"{proxied.url}/api/tables",
            json={
                "game": "cartagena",
                "players": 2,
                "seats": [{"kind": "invite"}, {"kind": "bot", "agent": "random"}],
                "bot_delay": 0,
            },
        )
    assert answer.status_code == 201, answer.text
    table = answer.json()
    # The links name the proxy's address and scheme, not the server's 127.0.0.1:PORT.
    invite = table["seats"][0]["invite"]
    assert invite.startswith(f"{proxied.url}/tables/{table['table']}#token="), invite
    assert table["websocket"] == f"wss://127.0.0.1:{proxied.tls}/ws"
    # The WebSocket client trusts the test's certificate through OpenSSL's own variable.
    monkeypatch.setenv("SSL_CERT_FILE", str(proxied.cert))
    outcome = asyncio.run(SeatClient(invite, decide=agent_decider("random"), seed=7).run())
    assert outcome.view["over"], outcome.view
    assert outcome.seat == 0


def test_the_client_comes_through_compressed_and_plain_http_is_sent_to_https(
    proxied: Proxied,
) -> None:
    with proxied.client(ALICE) as http:
        page = http.get(f"{proxied.url}/")
        assert page.status_code == 200 and "/assets/" in page.text
        (script,) = re.findall(r'src="(/assets/[^"]+\.js)"', page.text)
        asset = http.get(f"{proxied.url}{script}", headers={"accept-encoding": "gzip"})
        assert asset.status_code == 200
        assert asset.headers["content-encoding"] == "gzip"
        assert "immutable" in asset.headers["cache-control"]
    plain = httpx.get(f"http://127.0.0.1:{proxied.plain}/tables/x", timeout=10)
    assert plain.status_code == 301
    assert plain.headers["location"] == "https://127.0.0.1/tables/x"


def test_each_client_behind_the_proxy_has_its_own_limit(proxied: Proxied) -> None:
    """Alice spends her address's burst; Bob, behind the same proxy, is not refused. (Were
    the proxy's address taken for the client's, Bob would share Alice's empty bucket.)"""
    with proxied.client(ALICE) as alice, proxied.client(BOB) as bob:
        codes = [alice.get(f"{proxied.url}/api/games").status_code for _ in range(BURST + 2)]
        assert codes[-1] == 429 and 200 in codes, codes
        assert bob.get(f"{proxied.url}/api/games").status_code == 200
