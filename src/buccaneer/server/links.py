"""The server's address in the links it hands out (invite links, a joined seat's link, the
spectator link, the WebSocket address).

A link given to the person who asked is built from the address their browser used: the
request's `Host` header, and its scheme as a trusted reverse proxy reports it
(`X-Forwarded-Proto`, applied by uvicorn's proxy-headers middleware for the addresses in
`Settings.trusted_proxies`). So a server on a LAN or behind a proxy hands out links that reach
the friend they are for, not `http://127.0.0.1:8000`. `--public-url` overrides it everywhere.
Anything sent where no browser asked (email, webhooks) uses `Settings.base_url`: the public
URL, or the listening address as a last resort (`buccaneer serve` warns about that at start).
"""

from __future__ import annotations

import re

from starlette.requests import HTTPConnection

from buccaneer.server.settings import Settings

# A Host header as browsers send it: a name or IPv4 address, or a bracketed IPv6 address, and
# an optional port. Anything else (a path, a user part, spaces) is not used in a link.
HOST = re.compile(
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?"
)


def request_base(connection: HTTPConnection, settings: Settings) -> str:
    """The base of links for the person behind `connection`: `scheme://host[:port]`."""
    if settings.public_url:
        return settings.base_url
    host = connection.headers.get("host", "")
    if not HOST.fullmatch(host):
        return settings.base_url
    scheme = connection.url.scheme
    scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    return f"{scheme}://{host}"


def table_link(base: str, table_id: str, token: str | None = None) -> str:
    """A table's page; with a seat's token, that seat's secret link (the token in the
    fragment, which browsers never send to a server)."""
    return f"{base}/tables/{table_id}" + (f"#token={token}" if token else "")


def websocket_url(base: str) -> str:
    return base.replace("http", "ws", 1) + "/ws"


__all__ = ["HOST", "request_base", "table_link", "websocket_url"]
