"""`buccaneer serve`: the server, from the shell (`buccaneer connect` is in `connect.py`).

The server's options become one `Settings`; the database is migrated once here, before any
worker starts, and the settings reach uvicorn's worker processes in an environment variable.
"""

from __future__ import annotations

import errno
import ipaddress
import logging
import os
import socket
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import uvicorn
from rich.text import Text

import buccaneer
from buccaneer.cli_support.common import CliError
from buccaneer.core.optional import install_hint
from buccaneer.server.logs import FORMATS
from buccaneer.server.migrate import storage_warnings, upgrade
from buccaneer.server.settings import ENV, LIMITS, Settings
from buccaneer.server.storage import async_url
from buccaneer.server.webclient import HOW_TO_GET

log = logging.getLogger("buccaneer.server")


def check_settings(settings: Settings, changes: Sequence[str] = ()) -> Settings:
    settings = apply_changes(settings, changes).resolved()
    try:
        async_url(settings.database_url)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if settings.workers < 1:
        raise CliError("--workers must be at least 1")
    if settings.workers > 1 and not settings.redis_url:
        raise CliError(
            "--workers above 1 needs --redis-url: the workers tell each other about moves "
            "through Redis"
        )
    if not 0 < settings.port < 65536:
        raise CliError(f"--port must be 1 to 65535, got {settings.port}")
    if settings.log_format not in FORMATS:
        raise CliError(f"--log-format must be one of {', '.join(FORMATS)}")
    if settings.public_url is not None:
        parts = urlsplit(settings.public_url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
            raise CliError(
                f"--public-url must be an http:// or https:// address such as "
                f"https://games.example.org, got {settings.public_url!r}"
            )
    for proxy in filter(None, (p.strip() for p in settings.trusted_proxies.split(","))):
        if proxy == "*":
            continue
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise CliError(
                f"--trusted-proxies: {proxy!r} is not an IP address or network "
                "(e.g. 127.0.0.1,10.0.0.0/8; * for any)"
            ) from None
    return settings


def env_limits(environ: Mapping[str, str] | None = None) -> list[str]:
    """The limits set in the environment, as `--set` changes: BUCCANEER_<LIMIT> (upper case,
    e.g. BUCCANEER_MESSAGE_RATE=50). `--set` on the command line comes after, and wins."""
    environ = os.environ if environ is None else environ
    return [
        f"{key}={environ[f'BUCCANEER_{key.upper()}']}"
        for key in LIMITS
        if f"BUCCANEER_{key.upper()}" in environ
    ]


# The words `--set` takes for a setting that is on or off.
YES, NO = frozenset({"true", "1", "yes", "on"}), frozenset({"false", "0", "no", "off"})


def apply_changes(settings: Settings, changes: Sequence[str]) -> Settings:
    """`--set KEY=VALUE` for the limits (numbers above 0, or true/false for a switch; the
    rest have options of their own)."""
    limits = {f.name: f for f in fields(Settings) if f.name in LIMITS}
    values: dict[str, Any] = {}
    for change in changes:
        key, sep, text = change.partition("=")
        key = key.strip()
        if not sep or key not in limits:
            raise CliError(f"--set {change!r}: use KEY=VALUE with KEY one of {', '.join(limits)}")
        kind = type(getattr(settings, key))
        if kind is bool:
            word = text.strip().lower()
            if word not in YES | NO:
                raise CliError(f"--set {key}: {text!r} is not one of true, false, 1, 0")
            values[key] = word in YES
            continue
        try:
            value = kind(text.strip())
        except ValueError:
            raise CliError(f"--set {key}: {text!r} is not a {kind.__name__}") from None
        if value <= 0:
            raise CliError(f"--set {key}: must be above 0")
        values[key] = value
    return replace(settings, **values)


def read_secret(option: str, envvar: str, value: str | None, file: Path | None) -> str | None:
    """A secret of `buccaneer serve` (the operator token, the SMTP URL), given one way: its
    value (`option` or `envvar`) or a file that holds it (`option`-file, read here, its
    trailing newline dropped), so that it need not stand on the command line, where every
    user of the machine reads it (`ps`). Both ways at once, or a file that cannot be read or
    holds nothing, is refused in one line before anything starts."""
    if file is None:
        return value or None
    if value:
        raise CliError(
            f"{option}-file and {option} (or {envvar}) both given: give the value one way"
        )
    try:
        text = file.read_text(encoding="utf-8").rstrip("\r\n")
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CliError(f"cannot read {option}-file {file}: {why}") from None
    if not text.strip():
        raise CliError(f"{option}-file {file} is empty")
    return text


def command_line_secret(option: str, envvar: str) -> str:
    """The warning for a secret given on the command line."""
    return (
        f"Warning: {option} on the command line can be read by every user of this machine "
        f"(ps, /proc); give it in {envvar} or in a file ({option}-file PATH) instead."
    )


def run_server(
    settings: Settings, announce: Any, warn: Callable[[str], None] | None = None
) -> None:
    """Check everything the server needs before saying it serves (the database, Redis, the
    port), each failure one line; then serve until stopped. What the operator should change
    but the server can live with (a database folder open to others) goes to `warn`."""
    try:
        upgrade(settings.database_url)
    except Exception as exc:  # an unreachable database, a file we may not write
        raise CliError(f"cannot open the database: {database_problem(exc)}") from None
    for line in storage_warnings(settings.database_url):
        (warn or log.warning)(line)
    if settings.redis_url:
        check_redis(settings.redis_url)
    check_port(settings.host, settings.port)
    os.environ[ENV] = settings.to_env()
    announce(settings)
    uvicorn.run(
        "buccaneer.server.app:app_from_env",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=settings.workers,
        ws_max_size=settings.frame_limit,
        # Messages are small; compressing each costs the server more CPU and memory than it
        # saves on the wire.
        ws_per_message_deflate=False,
        # The app applies the trusted proxies' headers itself (Settings.trusted_proxies).
        proxy_headers=False,
        log_level="warning",
    )


def start_lines(settings: Settings, client_built: bool) -> list[Text]:
    """What `buccaneer serve` says once every check has passed: where it serves, and what a
    stranger would otherwise find out the hard way (no links that reach other machines, no
    browser pages)."""
    s = settings
    everywhere = " (every address of this machine)" if s.host in ("0.0.0.0", "::") else ""
    lines = [
        Text.assemble(
            f"buccaneer {buccaneer.__version__} serving at ",
            (s.base_url, "bold"),
            f"{everywhere} (API: {s.base_url}/docs; tables in {s.database_url})",
        )
    ]
    if not s.public_url and not s.loopback_only:
        lines.append(
            Text(
                f"Warning: listening on {s.host} without --public-url. Links given to a browser "
                "use the address that browser used, but links in email and webhooks will read "
                f"{s.base_url}, which other machines cannot reach: set --public-url to the "
                "address people use (e.g. https://games.example.org).",
                style="yellow",
            )
        )
    if not client_built:
        lines.append(Text(f"No browser pages: {HOW_TO_GET}."))
    return lines


def database_problem(exc: BaseException) -> str:
    """The first line of why the database cannot be opened, with the cure where we know it."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if isinstance(exc, ImportError) and "libpq" in text:
        # Plain psycopg loads the system's libpq; the binary build brings its own.
        return f"{text} (install libpq, or {install_hint('postgres-binary')})"
    return text


def check_redis(url: str) -> None:
    """Redis answers at `url`, or one line saying why not (the workers need it to hear each
    other's moves, so the server cannot start without it)."""
    import redis  # noqa: PLC0415 - only a server with --redis-url needs it

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
        try:
            client.ping()
        finally:
            client.close()
    except (ValueError, redis.RedisError) as exc:
        raise CliError(f"cannot reach Redis at {url}: {str(exc).splitlines()[0]}") from None


def check_port(host: str, port: int) -> None:
    """The address can be listened on (as uvicorn will, with SO_REUSEADDR), or one line saying
    why not, before anything says the server is serving."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                why = "the port is in use (another server? choose one with --port)"
            elif exc.errno == errno.EACCES:
                why = "permission denied (ports below 1024 need privileges; try --port 8000)"
            elif exc.errno == errno.EADDRNOTAVAIL or isinstance(exc, socket.gaierror):
                why = "this machine has no such address (--host)"
            else:
                why = exc.strerror or str(exc)
            raise CliError(f"cannot listen on {host}:{port}: {why}") from None
