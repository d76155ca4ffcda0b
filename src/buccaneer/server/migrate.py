"""Bring a database to the newest schema with alembic, on every start.

Several processes may start at once against one PostgreSQL (workers, hosts); a session-level
advisory lock lets exactly one migrate while the others wait, then find nothing to do.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import make_url

from buccaneer.server.storage import is_sqlite, sqlite_pragmas, sync_url

# Any fixed 64-bit number that names "buccaneer migrations" among advisory locks.
MIGRATION_LOCK = 0x0B0CCA7EE12


def upgrade(url: str) -> None:
    """Create the database (a SQLite file's folder too) and run every pending migration."""
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
                connection.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
            try:
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
                connection.commit()
            finally:
                if not is_sqlite(url):
                    connection.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK})
                    connection.commit()
    finally:
        engine.dispose()
