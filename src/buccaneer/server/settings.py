"""The server's settings: where it keeps its data, how it is reached, and its limits.

One frozen object, built by `buccaneer serve` from its options (or from BUCCANEER_* variables,
which is how the settings reach uvicorn's worker processes).
"""

from __future__ import annotations

import ipaddress
import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from platformdirs import user_data_dir

ENV = "BUCCANEER_SERVER_SETTINGS"


def default_database_url() -> str:
    """The embedded default: a SQLite file in the user's data directory."""
    return f"sqlite:///{Path(user_data_dir('buccaneer')) / 'server.db'}"


# The settings `buccaneer serve --set KEY=VALUE` may change.
LIMITS = (
    "max_message",
    "max_frame",
    "max_body",
    "message_rate",
    "message_burst",
    "address_message_rate",
    "address_message_burst",
    "http_rate",
    "http_burst",
    "connections_per_address",
    "signup_rate",
    "signup_burst",
    "report_rate",
    "report_burst",
    "chat_rate",
    "chat_burst",
    "chat_length",
    "sweep_seconds",
    "bot_seconds",
    "bot_iterations",
    "costly_bot_tables",
    "session_idle_days",
    "session_days",
    "table_rate",
    "table_burst",
    "chat_retention_days",
    "handover_idle_seconds",
    "presence_seconds",
    "idle_login_hashing",
    "notify_seconds",
)


@dataclass(frozen=True)
class Settings:
    database_url: str = ""
    redis_url: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    bot_workers: int = 2
    # The address people use in links. Unset: a link given to a browser is built from the
    # address that browser used (`links.py`), and mail and webhooks, which no browser asks
    # for, fall back to http://host:port.
    public_url: str | None = None
    # The reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: the
    # client's address (for the limits and the logs) and scheme (for links) come from them.
    # Comma-separated addresses or networks; "*" trusts every peer (only behind a proxy that
    # every request must pass); "" none.
    trusted_proxies: str = "127.0.0.1,::1"
    # The bearer token that opens /metrics (none: /metrics is refused to everyone).
    operator_token: str | None = None
    # Log lines: "plain" text, "json" (one JSON object a line), or "auto" (JSON when the
    # server's output is not a terminal) (docs/server.md, "Running it").
    log_format: str = "auto"
    # Limits.
    max_message: int = 16 * 1024  # characters of one WebSocket message
    # Bytes of one WebSocket frame the server reads at all: a message above `max_message` and
    # within this gets `too_large` and the connection stays open; a bigger frame is more than
    # the server will hold in memory, and closes the connection (1009, with the reason).
    max_frame: int = 4 * 1024 * 1024
    max_body: int = 64 * 1024  # bytes of one HTTP request body
    message_rate: float = 20.0  # WebSocket messages a second, per connection
    message_burst: float = 40.0
    address_message_rate: float = 200.0  # per address, over all its connections
    address_message_burst: float = 400.0
    http_rate: float = 50.0  # HTTP requests a second, per address
    http_burst: float = 100.0
    connections_per_address: int = 64
    # New accounts and guests per address (a burst, then one a minute): each is a row kept
    # for good, so a stranger must not make thousands. Reports likewise (each holds a copy
    # of the table's chat and record as evidence).
    signup_rate: float = 1 / 60
    signup_burst: float = 20.0
    report_rate: float = 1 / 60
    report_burst: float = 10.0
    chat_rate: float = 0.5  # chat lines a second, per connection
    chat_burst: float = 5.0
    chat_length: int = 500
    sweep_seconds: float = 5.0
    # The most a server bot may think per move (one bot must not hold a pool process for long).
    bot_seconds: float = 30.0
    bot_iterations: int = 100_000
    # Tables with costly bots (long searches: `bots.costly`) an account with a password, and
    # an address, may have waiting or running at once; guests and tables made without an
    # account have quick bots only (docs/server.md, "Bots").
    costly_bot_tables: int = 2
    # A session (a browser's login, a guest) ends when unused for `session_idle_days`, and
    # `session_days` after it was made in any case (docs/server.md, "Accounts").
    session_idle_days: float = 30.0
    session_days: float = 180.0
    # New tables per address (a burst, then one every ten seconds): each is a row kept for
    # good, and its bots' moves are work for the shared pool.
    table_rate: float = 0.1
    table_burst: float = 30.0
    # Moderation (docs/server.md, "Moderation"): a finished table's chat is deleted after
    # `chat_retention_days`; a present player's seat may be voted to a bot once they have
    # left their decision untouched for `handover_idle_seconds`.
    chat_retention_days: float = 30.0
    handover_idle_seconds: float = 60.0
    # With several processes (`redis_url`), a process that stops renewing its sign of life
    # for `presence_seconds` (it died) no longer counts as holding its players' connections
    # (server/presence.py).
    presence_seconds: float = 30.0
    # Logins from unknown browsers (where password guesses come) are checked in Linux's
    # idle class, on CPU nothing else wants; False: at a lower nice value only, for a
    # machine whose cores the games keep busy (server/passwords.py).
    idle_login_hashing: bool = True
    # Notifications (docs/server.md, "Notifications"): email goes out only when `smtp_url` is
    # set (smtp://[user:pass@]host:port, STARTTLS required when it has a user or password;
    # smtps:// for TLS from the first byte), from `mail_from`; webhooks to loopback and
    # private addresses only when `webhook_private` (a server on a home network); the sender
    # looks for due messages every `notify_seconds`.
    smtp_url: str | None = None
    mail_from: str = "buccaneer@localhost"
    webhook_private: bool = False
    notify_seconds: float = 2.0

    def resolved(self) -> Settings:
        values = asdict(self)
        if not values["database_url"]:
            values["database_url"] = default_database_url()
        return Settings(**values)

    @property
    def frame_limit(self) -> int:
        """The WebSocket server's own frame limit: `max_frame`, and never below what
        `max_message` characters can take in UTF-8 (4 bytes each), so that every message
        over `max_message` is read and answered with `too_large`."""
        return max(self.max_frame, 4 * self.max_message + 1024)

    @property
    def base_url(self) -> str:
        """The server's address where no request tells it (mail, webhooks, the start line)."""
        if self.public_url:
            return self.public_url.rstrip("/")
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::") else self.host
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}"

    @property
    def loopback_only(self) -> bool:
        """Whether the server listens on this machine's loopback alone (nobody else can
        reach it, so the links' fallback address is right for everyone who can)."""
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return self.host == "localhost"

    def to_env(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_env(cls) -> Settings:
        raw = os.environ.get(ENV)
        if not raw:
            return cls().resolved()
        data = json.loads(raw)
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known}).resolved()
