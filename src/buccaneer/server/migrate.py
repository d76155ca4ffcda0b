"""Bring a database to the newest schema with alembic, on every start.

Several processes may start at once against one PostgreSQL (workers, hosts); a session-level
advisory lock lets exactly one migrate while the others wait, then find nothing to do.
"""

from __future__ import annotations

import contextlib
import os
import stat
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


# A SQLite database is the server's alone: it holds the seeds of running games, password
# hashes, webhook addresses and unclaimed quick-play tokens (docs/server.md, "Security").
FOLDER_MODE = 0o700
FILE_MODE = 0o600
# The files SQLite keeps beside the database (it gives them the database file's mode).
COMPANIONS = ("-wal", "-shm", "-journal")


def sqlite_file(url: str) -> Path | None:
    """The file a SQLite URL names (None: not SQLite, in memory, or a URI filename)."""
    if not is_sqlite(url):
        return None
    parsed = make_url(url)
    database = parsed.database
    if not database or database == ":memory:" or parsed.query.get("uri"):
        return None
    return Path(database).expanduser()


def secure_sqlite(url: str) -> None:
    """Make a SQLite database's folder and file readable by this user alone, before SQLite
    itself creates anything: the folder, when made here, is 0700; the database file is made
    empty with 0600 (SQLite reads an empty file as an empty database, and gives its -wal and
    -shm files the database's mode); an existing database and its companions lose any group
    and other bits. An existing folder is left as it is (it may be shared on purpose, or be
    /tmp): `storage_warnings` says when it is open to others. The process's umask is never
    touched."""
    path = sqlite_file(url)
    if path is None:
        return
    folder = path.parent
    if not folder.is_dir():
        folder.parent.mkdir(parents=True, exist_ok=True)
        try:
            folder.mkdir(mode=FOLDER_MODE)
        except FileExistsError:
            pass  # another process made it meanwhile; its mode is that process's doing
        else:
            os.chmod(folder, FOLDER_MODE)  # exactly 0700, whatever the umask took away
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    for name in (path, *(path.with_name(path.name + end) for end in COMPANIONS)):
        try:
            mode = stat.S_IMODE(os.stat(name).st_mode)
            if mode & 0o077:
                os.chmod(name, mode & 0o700)  # the owner's bits alone
        except FileNotFoundError:
            continue
        except PermissionError:
            continue  # another user's file: `storage_warnings` says so


def storage_warnings(url: str) -> list[str]:
    """What an operator should hear about a SQLite database's permissions: a folder other
    users may enter (they see the files' names; where they may write it, they can replace
    them) and a database file they may read (one this user could not tighten)."""
    path = sqlite_file(url)
    if path is None:
        return []
    said = []
    try:
        folder = stat.S_IMODE(os.stat(path.parent).st_mode)
        if folder & 0o077:
            said.append(
                f"Warning: the database's folder {path.parent} is open to other users of this "
                f"machine (mode {folder:o}): they can see the names of the files in it, and "
                "where they may write it, replace them. Make it the server's alone: "
                f"chmod 700 {path.parent}"
            )
        for name in (path, *(path.with_name(path.name + end) for end in COMPANIONS)):
            with contextlib.suppress(FileNotFoundError):
                mode = stat.S_IMODE(os.stat(name).st_mode)
                if mode & 0o077:
                    said.append(
                        f"Warning: {name} can be read by other users of this machine "
                        f"(mode {mode:o}) and could not be changed: chmod 600 {name}"
                    )
    except OSError:
        return said
    return said


def upgrade(url: str, revision: str = "head") -> None:
    """Create the database (a SQLite file's folder too, both this user's alone:
    `secure_sqlite`) and run every pending migration (up to `revision`: the tests build an
    older schema to upgrade)."""
    secure_sqlite(url)
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
