"""Bring a database to the newest schema with alembic, on every start.

Several processes may start at once against one PostgreSQL (workers, hosts); a session-level
advisory lock lets exactly one migrate while the others wait, then find nothing to do.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event
from sqlalchemy.engine import make_url

from buccaneer.server.repository import lock_migrations, sqlite_pragmas, unlock_migrations
from buccaneer.server.storage import is_sqlite, sync_url


def config() -> Config:
    """alembic's configuration for the server's migrations."""
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    return cfg


def head_revision() -> str:
    """The newest revision of the schema this server knows (what `upgrade` brings a
    database to; the readiness check and backups compare against it)."""
    head = ScriptDirectory.from_config(config()).get_current_head()
    assert head is not None
    return head


def upgrade(url: str, revision: str = "head") -> None:
    """Create the database (a SQLite file's folder too) and run every pending migration (up
    to `revision`: the tests build an older schema to upgrade)."""
    if is_sqlite(url):
        database = make_url(url).database
        if database and database != ":memory:":
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(sync_url(url))
    if is_sqlite(url):
        event.listen(engine, "connect", sqlite_pragmas)
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    try:
        with engine.connect() as connection:
            if not is_sqlite(url):
                lock_migrations(connection)
            try:
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
                connection.commit()
            finally:
                if not is_sqlite(url):
                    unlock_migrations(connection)
                    connection.commit()
    finally:
        engine.dispose()
