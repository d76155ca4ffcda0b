"""`buccaneer serve` and `buccaneer connect`: the server and a remote seat, from the shell.

The server's options become one `Settings`; the database is migrated once here, before any
worker starts, and the settings reach uvicorn's worker processes in an environment variable.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

import uvicorn
from rich.console import Console
from rich.text import Text

from buccaneer.agents.spec import HUMAN
from buccaneer.cli_support.common import CliError
from buccaneer.cli_support.play import console_reader
from buccaneer.core import get_spec
from buccaneer.server.client import ClientError, Decide, Outcome, SeatClient, agent_decider
from buccaneer.server.logs import FORMATS
from buccaneer.server.migrate import upgrade
from buccaneer.server.settings import ENV, LIMITS, Settings
from buccaneer.server.storage import async_url


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


def apply_changes(settings: Settings, changes: Sequence[str]) -> Settings:
    """`--set KEY=VALUE` for the limits (numbers only; the rest have options of their own)."""
    limits = {f.name: f for f in fields(Settings) if f.name in LIMITS}
    values: dict[str, Any] = {}
    for change in changes:
        key, sep, text = change.partition("=")
        key = key.strip()
        if not sep or key not in limits:
            raise CliError(f"--set {change!r}: use KEY=VALUE with KEY one of {', '.join(limits)}")
        kind = type(getattr(settings, key))
        try:
            value = kind(text.strip())
        except ValueError:
            raise CliError(f"--set {key}: {text!r} is not a {kind.__name__}") from None
        if value <= 0:
            raise CliError(f"--set {key}: must be above 0")
        values[key] = value
    return replace(settings, **values)


def run_server(settings: Settings, announce: Any) -> None:
    try:
        upgrade(settings.database_url)
    except Exception as exc:  # an unreachable database, a file we may not write
        raise CliError(f"cannot open the database: {str(exc).splitlines()[0]}") from None
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
        log_level="warning",
    )


def human_decider(console: Console) -> Decide:
    """A person at the terminal plays the remote seat: the board drawn from the seat's view,
    the offered moves in the server's words, a number typed."""
    read = console_reader(console)

    def decide(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> Any:
        console.print(get_spec(view["game"]).render(view))
        for i, choice in enumerate(legal, 1):
            console.print(Text(f"{i}. {choice['text']}"))
        while True:
            line = read(f"Your move [1-{len(legal)}]: ")
            if line is None:
                raise ClientError("stopped")
            if line.strip().isdigit() and 1 <= int(line) <= len(legal):
                return legal[int(line) - 1]["action"]
            console.print(Text(f"Type a number from 1 to {len(legal)}.", style="yellow"))

    return decide


def connect(
    url: str,
    token: str | None,
    *,
    agent: str,
    name: str | None,
    on_message: Any,
    console: Console,
) -> Outcome:
    try:
        decide = human_decider(console) if agent == HUMAN else agent_decider(agent)
        client = SeatClient(url, token, decide, name=name, on_message=on_message)
        if client.token is None:
            raise CliError("give --seat-token (or an invite link with #token=...)")
        return asyncio.run(client.run())
    except ClientError as exc:
        raise CliError(str(exc)) from None
