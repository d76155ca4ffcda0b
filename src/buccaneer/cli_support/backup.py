"""`buccaneer backup`, `buccaneer restore` and `buccaneer admin grant`: the operator's
commands that work on the server's database directly.

A backup is gzip'd JSON lines: a header (`{"buccaneer_backup": 1, "revision": ...}`), one line
per row (`{"table": name, "row": {column: value}}`) in dependency order, and a footer with each
table's row count, so that a cut-short file is refused rather than half restored. Values are
JSON's own (numbers, text, booleans, null), which every backend reads back: a SQLite backup
restores into PostgreSQL and the other way round. The SQL is the server's
(`server/repository_backup.py`); the tables are rebuilt from the action log when the server
next loads them, so restoring the rows restores every table as it was.
"""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import os
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from alembic.script import ScriptDirectory
from alembic.util import CommandError

from buccaneer.cli_support.common import CliError
from buccaneer.server import repository_backup as store
from buccaneer.server.auth import looks_like_a_bot
from buccaneer.server.migrate import config, secure_sqlite, upgrade
from buccaneer.server.repository import make_engine
from buccaneer.server.repository_operator import OperatorRepository
from buccaneer.server.settings import default_database_url
from buccaneer.server.storage import async_url

FORMAT = 1


def database(url: str | None) -> str:
    url = url or default_database_url()
    try:
        async_url(url)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    return url


def write_backup(url: str | None, path: Path) -> dict[str, int]:
    """Every row of the database at `url` into `path`; the rows of each table.

    The rows go to a file of our own first, made afresh next to `path` (`mkstemp`: a new
    name, O_EXCL, mode 0600): never a fixed name such as `FILE.partial`, where whoever may
    write the directory could plant a symlink and have the operator's command overwrite any
    file the operator may write. The file is then renamed onto `path` (a rename never follows
    a symlink at `path` either), so a backup file is whole or absent, and, like the database,
    readable by the operator alone (it holds the games' seeds, password hashes, webhook
    addresses)."""
    url = database(url)
    engine = store.blocking_engine(url)
    counts: dict[str, int] = {}
    partial: Path | None = None
    try:
        with store.snapshot(engine) as (revision, names, rows):
            if revision is None:
                raise CliError(f"{url} holds no buccaneer database (no schema revision)")
            fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
            partial = Path(temp)
            with os.fdopen(fd, "wb") as raw:
                # The gzip header names the backup, not the temporary file.
                zipped = gzip.GzipFile(filename=path.name, mode="wb", fileobj=raw)
                with zipped, io.TextIOWrapper(zipped, encoding="utf-8") as out:
                    header = {
                        "buccaneer_backup": FORMAT,
                        "revision": revision,
                        "backend": engine.dialect.name,
                        "created_at": time.time(),
                        "tables": names,
                    }
                    out.write(json.dumps(header) + "\n")
                    for name in names:
                        counts[name] = 0
                        for row in rows(name):
                            out.write(json.dumps({"table": name, "row": row}) + "\n")
                            counts[name] += 1
                    out.write(json.dumps({"end": True, "counts": counts}) + "\n")
                raw.flush()
                os.fsync(raw.fileno())
        os.replace(partial, path)  # a backup file is whole or absent
        partial = None
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc}") from None
    finally:
        if partial is not None:
            partial.unlink(missing_ok=True)
        engine.dispose()
    return counts


def read_lines(path: Path) -> Iterator[dict[str, Any]]:
    """The backup's lines, its header first, each parsed as it is read."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as stream:
            for text in stream:
                yield json.loads(text)
    except (OSError, EOFError, ValueError) as exc:
        raise CliError(f"{path} is not a whole buccaneer backup: {exc}") from None


def known_revision(revision: str) -> None:
    try:
        found = ScriptDirectory.from_config(config()).get_revision(revision)
    except CommandError:
        found = None
    if found is None:
        raise CliError(
            f"the backup's schema revision {revision!r} is unknown to this version of "
            "buccaneer (a newer server wrote it): restore it with that version"
        )


def read_backup(url: str | None, path: Path, *, force: bool) -> dict[str, int]:
    """Load the backup at `path` into the database at `url`: refused when the database holds
    rows unless `force` (then it is wiped first). The schema is built at the backup's
    revision, the rows loaded in dependency order, then the schema upgraded to the newest and
    PostgreSQL's sequences set after the largest ids."""
    url = database(url)
    lines = read_lines(path)
    header = next(lines, None)
    if not isinstance(header, dict) or header.get("buccaneer_backup") != FORMAT:
        raise CliError(f"{path} is not a buccaneer backup (format {FORMAT})")
    revision = str(header.get("revision"))
    known_revision(revision)
    secure_sqlite(url)  # a new SQLite file is made the operator's alone before SQLite opens it
    engine = store.blocking_engine(url)
    try:
        if store.row_count(engine) and not force:
            raise CliError(
                f"{url} holds data; restore into an empty database, or give --force to "
                "wipe it first"
            )
        store.wipe(engine)
        upgrade(url, revision)
        store.empty_tables(engine)  # rows a migration seeded are in the backup too
        footer: dict[str, Any] = {}

        def batches() -> Iterator[tuple[str, list[Mapping[str, Any]]]]:
            name, batch = "", list[Mapping[str, Any]]()
            for line in lines:
                if line.get("end"):
                    footer.update(line)
                    break
                if line.get("table") != name or len(batch) >= store.BATCH:
                    if batch:
                        yield name, batch
                    name, batch = str(line.get("table")), list[Mapping[str, Any]]()
                batch.append(line["row"])
            if batch:
                yield name, batch

        counts = store.load(engine, batches())
        expected = {k: v for k, v in footer.get("counts", {}).items() if v}
        if not footer or {k: v for k, v in counts.items() if v} != expected:
            store.wipe(engine)
            raise CliError(f"{path} is cut short or damaged: nothing was restored")
        upgrade(url)
        store.reset_sequences(engine)
    finally:
        engine.dispose()
    return {str(name): counts.get(name, 0) for name in header.get("tables", counts)}


def earlier_role(name: str) -> str:
    """The role an admin had before `buccaneer admin grant`, which only a person's account
    with a password and the role `player` is given: `player`. (An account called "Bot: ..."
    that an older version let be granted was one of the server's bots: `bot` again, or the
    ratings would no longer find that bot level's account.) So revoking restores the earlier
    role without a column to keep it in."""
    return "bot" if looks_like_a_bot(name) else "player"


def grant_refusal(account: Any) -> str | None:
    """Why the account may not be made an admin (None: it may)."""
    if account.role == "bot" or looks_like_a_bot(account.name):
        return (
            f"{account.name!r} is one of the server's bots; only a person's account can be an admin"
        )
    if not account.password:
        return (
            f"{account.name!r} is a guest (an account without a password); only an account "
            "with a password can be an admin"
        )
    if account.role != "player":
        return f"{account.name!r} has the role {account.role!r}; only a player can be made an admin"
    return None


def revoke_refusal(account: Any) -> str | None:
    """Why `revoke` refuses an account that is not an admin (None: it is a player, and
    nothing needs changing): a bot or a guest was never meant for it."""
    if account.role == "bot" or looks_like_a_bot(account.name):
        return f"{account.name!r} is one of the server's bots, not an admin; nothing changed"
    if not account.password:
        return f"{account.name!r} is a guest (an account without a password), not an admin"
    return None


def set_role(url: str | None, name: str, role: str) -> bool:
    """Make the account called `name` an admin (`role` "admin": a person's account with a
    password, never a bot or a guest), or no longer one (`role` "player": it gets its earlier
    role back, `earlier_role`). False when the account had that standing already (nothing
    changed); refused, with nothing changed, for no such account, a bot or a guest."""
    url = database(url)
    upgrade(url)

    async def run() -> bool:
        engine = make_engine(url)
        try:
            operator = OperatorRepository(engine)
            account = await operator.account_named(name)
            if account is None:
                raise CliError(f"there is no account called {name!r}; create it first (sign up)")
            if role == "admin":
                if account.role == "admin":
                    return False
                refusal = grant_refusal(account)
                if refusal is not None:
                    raise CliError(refusal)
                before, after = "player", "admin"
            else:
                if account.role != "admin":
                    refusal = revoke_refusal(account)
                    if refusal is not None:
                        raise CliError(refusal)
                    return False
                before, after = "admin", earlier_role(account.name)
            if not await operator.change_role(account.id, before, after):
                raise CliError(f"{account.name!r} changed meanwhile; nothing changed, try again")
            return True
        finally:
            await engine.dispose()

    return asyncio.run(run())


__all__ = ["read_backup", "set_role", "write_backup"]
