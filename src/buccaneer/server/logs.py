"""The server's log lines: plain text or JSON lines, one per HTTP request and one per table
command, besides the warnings and errors of the rest of the server.

`setup(format)` configures the process's logging (`buccaneer serve` does, in every worker);
`RequestLog` is the ASGI middleware that writes one line per HTTP request (method, path,
status, ms); `command(...)` writes one line per table command (table, command, seat, version,
outcome, ms). A line never holds a token, a query string, a request body or anything hidden:
paths and ids only (a table's id is public; seat tokens travel in the fragment or the body),
and the paths whose last part is a secret (an unsubscribe key, an email confirmation's token)
with that part masked (`shown_path`).
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

ACCESS = logging.getLogger("buccaneer.access")
COMMANDS = logging.getLogger("buccaneer.commands")
FORMATS = ("auto", "plain", "json")
# The fields of a record that are the logging module's own (everything else was passed in
# `extra` and belongs in the JSON line).
_OWN = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}
# Paths that carry a secret in the segment after the prefix: the key of an unsubscribe link
# (it turns an account's notifications off, no login asked) and the token of an email
# confirmation. Whoever reads the logs must not be able to use them.
# (Matched as loosely as a mistyped link could be: its key is a secret all the same.)
_SECRET_PATH = re.compile(r"^(/+(?:unsubscribe|confirm-email)/)[^/]*", re.IGNORECASE)


def shown_path(path: str) -> str:
    """`path` as a log line shows it: "/unsubscribe/***" for "/unsubscribe/KEY"."""
    return _SECRET_PATH.sub(r"\1***", path)


class JsonLines(logging.Formatter):
    """One JSON object per line: time, level, logger, message and the line's fields."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _OWN and not key.startswith("_"):
                line[key] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str)


def resolve(fmt: str) -> str:
    """ "auto": JSON unless the output is a terminal (a person reading)."""
    if fmt == "auto":
        return "plain" if sys.stderr.isatty() else "json"
    return fmt


def setup(fmt: str) -> None:
    """The process's log lines go to standard error in `fmt`; the request and command lines
    at INFO, the rest of the server's at WARNING and up."""
    handler = logging.StreamHandler(sys.stderr)
    if resolve(fmt) == "json":
        handler.setFormatter(JsonLines())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    for logger in (ACCESS, COMMANDS):
        logger.setLevel(logging.INFO)


def command(
    table: str, name: str, *, seat: int | None, version: int, outcome: str, seconds: float
) -> None:
    """One table command's line."""
    if not COMMANDS.isEnabledFor(logging.INFO):
        return
    ms = round(seconds * 1000, 2)
    COMMANDS.info(
        "%s %s seat=%s version=%s %s %.1fms",
        table,
        name,
        seat,
        version,
        outcome,
        ms,
        extra={
            "table": table,
            "command": name,
            "seat": seat,
            "version": version,
            "outcome": outcome,
            "ms": ms,
        },
    )


class RequestLog:
    """ASGI middleware: one line per HTTP request (WebSocket connections are not requests;
    their table commands have lines of their own)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not ACCESS.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            ms = round((time.perf_counter() - start) * 1000, 2)
            method, path = scope.get("method", ""), shown_path(scope.get("path", ""))
            ACCESS.info(
                "%s %s %s %.1fms",
                method,
                path,
                status,
                ms,
                extra={"method": method, "path": path, "status": status, "ms": ms},
            )


__all__ = ["FORMATS", "JsonLines", "RequestLog", "command", "resolve", "setup", "shown_path"]
