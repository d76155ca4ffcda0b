"""`buccaneer serve` starts cleanly or says in one line why it cannot: a port in use, a Redis
that does not answer, a bad option, a missing `server` extra; it warns when it listens beyond
loopback with no public address for its mail; and SIGTERM while a bot is deep in a search
leaves no process of the server behind."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped,unused-ignore]
import pytest

from buccaneer.server.settings import Settings
from tests.server.support import ServerProcess, free_port


def serve(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`buccaneer serve ARGS` that is expected to stop by itself."""
    return subprocess.run(
        [sys.executable, "-m", "buccaneer", "serve", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
        check=False,
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """The run failed with exit code 2 and one line on stderr (no traceback), having said
    nothing about serving."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert "serving at" not in result.stdout, result.stdout
    return lines[0]


def test_a_port_in_use_is_one_line_before_anything_says_serving(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = serve("--port", str(port), "--database-url", f"sqlite:///{tmp_path / 'db'}")
    line = one_line_error(result)
    assert f"cannot listen on 127.0.0.1:{port}: the port is in use" in line


def test_a_redis_that_does_not_answer_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        dead = f"redis://127.0.0.1:{closed.getsockname()[1]}/0"
    result = serve(
        "--port", str(free_port()), "--database-url", f"sqlite:///{tmp_path / 'db'}",
        "--redis-url", dead,
    )  # fmt: skip
    line = one_line_error(result)
    assert line.startswith(f"Error: cannot reach Redis at {dead}:"), line


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        ("--public-url", "games.example.org", "--public-url must be an http:// or https://"),
        ("--public-url", "ftp://games.example.org", "--public-url must be an http:// or https://"),
        ("--trusted-proxies", "10.0.0.0/8,nginx", "--trusted-proxies: 'nginx' is not an IP"),
    ],
)
def test_bad_addresses_are_refused_in_one_line(
    tmp_path: Path, option: str, value: str, says: str
) -> None:
    result = serve(option, value, "--database-url", f"sqlite:///{tmp_path / 'db'}")
    assert says in one_line_error(result)


def test_without_the_server_extra_serve_says_how_to_get_it() -> None:
    """The core install has no FastAPI: `buccaneer serve` names the extra in one line (the
    missing library is hidden from this process as it would be absent from a core venv)."""
    hide = "import sys; sys.modules['fastapi'] = None; sys.modules['uvicorn'] = None; "
    result = subprocess.run(
        [sys.executable, "-c", hide + "from buccaneer.cli import main; main()", "serve"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    line = one_line_error(result)
    assert "buccaneer serve needs buccaneer's server extra" in line
    assert 'pip install "buccaneer[server]"' in line


def words(lines: Sequence[object]) -> str:
    return "\n".join(str(line) for line in lines)


def test_listening_beyond_loopback_without_a_public_url_warns() -> None:
    from buccaneer.cli_support.serve import start_lines  # noqa: PLC0415

    for host in ("0.0.0.0", "::", "192.168.1.20"):
        said = words(start_lines(Settings(host=host).resolved(), client_built=True))
        assert "Warning: listening on" in said and "--public-url" in said, said
    for settings in (
        Settings(host="127.0.0.1"),
        Settings(host="localhost"),
        Settings(host="::1"),
        Settings(host="0.0.0.0", public_url="https://games.example.org"),
    ):
        said = words(start_lines(settings.resolved(), client_built=True))
        assert "Warning" not in said, (settings.host, said)
    assert "serving at http://[::1]:8000" in words(start_lines(Settings(host="::1"), True))


def descendants(pid: int) -> list[Any]:
    return list(psutil.Process(pid).children(recursive=True))


def test_sigterm_while_a_bot_searches_leaves_no_process(tmp_path: Path) -> None:
    """The server is told to stop while its bot worker is in the middle of a 25-second
    search: the server, the worker and the multiprocessing resource tracker all end."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'db'}", tmp_path / "server.log")
    server.start()
    assert server.proc is not None
    try:
        # A long search is for an account with a password (docs/server.md, "Bots").
        session = httpx.post(
            f"{server.url}/api/accounts", json={"name": "searcher", "password": "a long secret"}
        ).json()["session"]
        answer = httpx.post(
            f"{server.url}/api/tables",
            json={
                "game": "cartagena",
                "players": 2,
                "seats": [
                    {"kind": "bot", "agent": "ismcts:time=25"},
                    {"kind": "bot", "agent": "random"},
                ],
                "bot_delay": 0,
            },
            headers={"Authorization": f"Bearer {session}"},
        )
        assert answer.status_code == 201, answer.text
        # Mid-search: a worker process of the bot pool is using the CPU.
        deadline = time.monotonic() + 60
        busy = None
        while busy is None and time.monotonic() < deadline:
            for child in descendants(server.proc.pid):
                with contextlib.suppress(psutil.Error):  # a process that ended meanwhile
                    if "spawn_main" in " ".join(child.cmdline()) and child.cpu_times().user > 2:
                        busy = child
            time.sleep(0.1)
        assert busy is not None, "no bot worker started thinking"
        family = descendants(server.proc.pid)
        server.proc.send_signal(signal.SIGTERM)  # the server alone, as a service manager would
        server.proc.wait(30)
        _gone, alive = psutil.wait_procs(family, timeout=10)
        assert not alive, [(p.pid, p.cmdline()) for p in alive]
        with pytest.raises(httpx.ConnectError):
            httpx.get(f"{server.url}/api/health", timeout=2)
    finally:
        server.kill()
