"""The database's shape: tables, seats, the append-only action log, chat, accounts, ratings,
moderation, the notification outbox, the quick-play queue and the server's shared flags, and
the URLs that name a database.

The statements that read and write these tables are all in `repository.py`; the schema's
changes are alembic's (`migrations/`). The `actions` primary key (table, version) is what
decides which of two conflicting actions wins: the database, not a lock in one process, so
several workers and hosts are safe. Times are seconds since the epoch (floats), the same on
every backend.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    true,
)
from sqlalchemy.engine import make_url

# A table's `status`: waiting for people, being played, finished.
WAITING, ACTIVE, OVER = "waiting", "active", "over"

metadata = MetaData()

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    # Names are unique without regard to case ("Anne" and "anne" are one person).
    Column("name_key", String(40), nullable=False, unique=True),
    # argon2 hash; NULL for a guest, who has no password.
    Column("password_hash", String(200), nullable=True),
    Column("created_at", Float, nullable=False),
    # player | admin (may use the admin page) | bot (one of the server's rated bot levels).
    Column("role", String(10), nullable=False, server_default="player"),
    Column("banned", Boolean, nullable=False, server_default=false()),
    # Set when the account's owner deleted it: the name is then an anonymous one, and the
    # password, sessions and addresses are gone; its games and ratings stay.
    Column("deleted_at", Float, nullable=True),
    # Where notifications go (docs/server.md, "Notifications"); each channel can be turned off
    # with one click from any message it sent, by `unsubscribe_key`.
    Column("email", String(200), nullable=True),
    Column("webhook_url", String(500), nullable=True),
    Column("notify_email", Boolean, nullable=False, server_default=true()),
    Column("notify_webhook", Boolean, nullable=False, server_default=true()),
    Column("unsubscribe_key", String(64), nullable=True),
    # Whether the address's owner followed the link of its confirmation email (double opt-in:
    # no notification email goes to an address before; `email_confirmations`).
    Column("email_confirmed", Boolean, nullable=False, server_default=false()),
    Index("ix_accounts_unsubscribe_key", "unsubscribe_key", unique=True),
)

sessions = Table(
    "sessions",
    metadata,
    # SHA-256 of the bearer token: the token itself is never stored.
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    # When the session was last used (written at most every `SEEN_EVERY` seconds): one idle
    # for `session_idle_days` expires, as does every one `session_days` after it was made.
    Column("last_seen_at", Float, nullable=True),
    Index("ix_sessions_account_id", "account_id"),
)

# A password reset link (docs/server.md, "Accounts"): mailed to a confirmed address only,
# kept as a hash, used once, and void after an hour.
password_resets = Table(
    "password_resets",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("used_at", Float, nullable=True),
    Index("ix_password_resets_account", "account_id"),
)

# A browser that gave an account's password (OWASP's "device cookie"): a login from it, with
# the account's right name, goes through a hashing lane of its own that a flood of guesses
# from unknown browsers cannot fill, and no address's or name's back-off slows it
# (server/passwords.py). Kept as a hash; the newest few per account.
devices = Table(
    "devices",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_devices_account", "account_id"),
)

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON, canonical (validated by the game)
    Column("seed", BigInteger, nullable=False),  # secret until the game is over
    Column("status", String(10), nullable=False),  # WAITING | ACTIVE | OVER
    Column("listed", Boolean, nullable=False),
    Column("clock", Text, nullable=False),  # JSON: {"mode": "turn"} or live settings
    Column("bot_delay", Float, nullable=False),
    Column("version", Integer, nullable=False),  # number of actions in the log
    Column("deadlines", Text, nullable=False),  # JSON {seat: epoch seconds}
    Column("next_deadline", Float, nullable=True),
    Column("result", Text, nullable=True),  # JSON scores and winners once over
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("finished_at", Float, nullable=True),
    # Rated or casual, chosen at creation (docs/server.md, "Ratings"); `rated_done` is set in
    # the same statement that claims the job of rating a finished table, so one process does.
    Column("rated", Boolean, nullable=False, server_default=false()),
    Column("rated_done", Boolean, nullable=False, server_default=false()),
    # Provable fairness: SHA-256 over the seed and `salt`, published from the first message;
    # the salt, like the seed, is secret until the game is over.
    Column("commitment", String(64), nullable=True),
    Column("salt", String(64), nullable=True),
    # The account that created the table (told when it fills); NULL for an anonymous creator.
    Column("created_by", Integer, nullable=True),
    # Whom the table's bots are charged to (docs/server.md, "Bots"): the account that made it
    # (the first person of a quick-play table), and a hash of the address it was made from;
    # whether a bot of it is costly (`bots.costly`). The bot pool is shared fairly between
    # owners, and each may have only `costly_bot_tables` tables with costly bots at a time.
    Column("owner_account", Integer, nullable=True),
    Column("owner_address", String(64), nullable=True),
    Column("costly_bots", Boolean, nullable=False, server_default=false()),
    # Bumped by every change of its seats (handed to a bot, taken back, given up): a move is
    # stored only on the seats it was judged on, so a process that has not heard of a seat
    # change cannot write clocks over it (`repository.Move.seats_version`).
    Column("seats_version", Integer, nullable=False, server_default="0"),
    Index("ix_tables_status", "status"),
    Index("ix_tables_owner_account", "owner_account"),
    Index("ix_tables_owner_address", "owner_address"),
    Index("ix_tables_next_deadline", "next_deadline"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),  # human | bot (who plays: a person or a bot)
    # A bot seat's agent, or the agent playing a human seat handed over by the table.
    Column("agent", String(200), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("name", String(40), nullable=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=True),
    Column("claimed", Boolean, nullable=False),
    # How the seat is filled (docs/server.md, "Seat modes"): me | invite | open | bot.
    Column("mode", String(10), nullable=False, server_default="invite"),
    # The token of the last player who gave this seat up before the start (an open seat's
    # token is then dropped), so that their link can say what became of the seat.
    Column("former_token_hash", String(64), nullable=True),
    # The seat's player forfeited (a time bank ran out on a forfeit table): a bot plays it on
    # and the player is rated as finishing last.
    Column("forfeited", Boolean, nullable=False, server_default=false()),
    # SHA-256 of the key of the device that claimed the seat (its hello's `key`): from then on
    # the token alone no longer opens the seat, so the creator's copy of an invite link, or a
    # forwarded one, cannot act for the person who took it (docs/server.md, "Seat owners").
    Column("owner_key_hash", String(64), nullable=True),
    Index("ix_seats_token_hash", "token_hash"),
    Index("ix_seats_account_id", "account_id"),
    Index("ix_seats_former_token_hash", "former_token_hash"),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    # The table's version after this action: 1 for the first. Unique with the table.
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # the action's JSON, as records hold it
    Column("at", Float, nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", String(1000), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_chat_table", "table_id", "id"),
)

ratings = Table(
    "ratings",
    metadata,
    # An account's openskill rating in one game (Plackett-Luce model; docs/server.md).
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_ratings_game", "game"),
)

rating_history = Table(
    "rating_history",
    metadata,
    # Each rated game's rating after it, per account and game: the profile's plot and the
    # seasonal views are read from here.
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("game", String(40), nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_rating_history_account", "account_id", "game", "at"),
    # A season's standings read one range of a game's history.
    Index("ix_rating_history_game_at", "game", "at"),
)

votes = Table(
    "votes",
    metadata,
    # A seated player's vote to hand an idle seat (`seat`) to a bot.
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("voter", Integer, primary_key=True),
    Column("at", Float, nullable=False),
)

mutes = Table(
    "mutes",
    metadata,
    # `account_id` does not see chat from `muted_id` (for themselves only).
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("muted_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("at", Float, nullable=False),
    # The name the muter knew the account by (a seat's shown name may hide whose account it
    # is): the muter's list shows this, never more. NULL for mutes made before it was kept.
    Column("name", String(40), nullable=True),
)

reports = Table(
    "reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False),
    Column("reporter_id", Integer, ForeignKey("accounts.id"), nullable=True),
    Column("reporter_seat", Integer, nullable=True),
    Column("reported_seat", Integer, nullable=False),
    Column("reported_id", Integer, ForeignKey("accounts.id"), nullable=True),
    Column("reason", String(1000), nullable=False),
    # JSON: the table's chat and its record as they were when reported (the evidence stays
    # when the table's chat is deleted after the retention period).
    Column("evidence", Text, nullable=False),
    Column("at", Float, nullable=False),
    Column("resolved_at", Float, nullable=True),
)

notifications = Table(
    "notifications",
    metadata,
    # The outbox: one row per message and channel (page | webhook | email), written in the
    # same process that saw the change, sent by a loop that any process may run.
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("kind", String(20), nullable=False),  # your_turn | game_over | table_full
    Column("channel", String(10), nullable=False),
    Column("payload", Text, nullable=False),  # JSON
    Column("created_at", Float, nullable=False),
    Column("sent_at", Float, nullable=True),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("error", String(500), nullable=True),
    # Not to be tried before this time: a sender's claim (a lease) or a retry's backoff.
    Column("next_at", Float, nullable=True),
    Index("ix_notifications_unsent", "channel", "sent_at"),
    Index("ix_notifications_account_table", "account_id", "table_id", "channel"),
)

email_confirmations = Table(
    "email_confirmations",
    metadata,
    # The links of confirmation emails (docs/server.md, "Notifications"): SHA-256 of the
    # token (the token itself is only in the email), the address it confirms, until when,
    # and when it was used (a link works once).
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("email", String(200), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("used_at", Float, nullable=True),
    Index("ix_email_confirmations_account", "account_id"),
)

account_mails = Table(
    "account_mails",
    metadata,
    # One-off emails about an account (a confirmation link; `account_mail.py`), one row each,
    # counted per address (lower-cased) and per account for the hourly caps, in the database
    # so that the caps hold over every server process. Rows older than a day are deleted.
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("kind", String(20), nullable=False),
    Column("address", String(200), nullable=False),
    Column("account_id", Integer, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("sent_at", Float, nullable=True),
    Column("error", String(500), nullable=True),
    Index("ix_account_mails_address", "address", "created_at"),
    Index("ix_account_mails_account", "account_id", "created_at"),
)

queue = Table(
    "queue",
    metadata,
    # Quick play: people waiting for a table of `game` and `players`.
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("bot", String(200), nullable=False),  # the level of the bots that fill the rest
    Column("wait", Float, nullable=False),  # seconds before bots fill the empty seats
    Column("rating", Float, nullable=True),
    Column("joined_at", Float, nullable=False),
    # Once seated: the table, and the seat's token until the person has picked it up.
    Column("table_id", String(32), nullable=True),
    Column("seat_token", String(64), nullable=True),
    Index("ix_queue_game", "game", "players", "table_id"),
)

server_flags = Table(
    "server_flags",
    metadata,
    # What every process must agree on: the banner for everyone, draining (no new tables).
    Column("key", String(40), primary_key=True),
    Column("value", Text, nullable=False),
)


def sync_url(url: str) -> str:
    """The URL for synchronous use (alembic): an async driver named by the user or by
    `async_url` is swapped for its blocking twin."""
    parsed = make_url(url)
    if parsed.drivername in ("sqlite", "sqlite+aiosqlite", "sqlite+pysqlite"):
        return parsed.set(drivername="sqlite").render_as_string(hide_password=False)
    if parsed.drivername in ("postgresql", "postgresql+psycopg", "postgresql+asyncpg"):
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    return url


def async_url(url: str) -> str:
    """The URL for the server's async engine: SQLite through aiosqlite, PostgreSQL through
    psycopg 3 (whose one driver name serves both sync and async use)."""
    parsed = make_url(url)
    if parsed.drivername in ("sqlite", "sqlite+pysqlite", "sqlite+aiosqlite"):
        return parsed.set(drivername="sqlite+aiosqlite").render_as_string(hide_password=False)
    if parsed.drivername in ("postgresql", "postgresql+psycopg"):
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    raise ValueError(
        f"unsupported database URL {parsed.drivername!r}: use sqlite:///PATH or "
        "postgresql+psycopg://USER@HOST/DB"
    )


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"
