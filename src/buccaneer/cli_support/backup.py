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
import json
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from alembic.script import ScriptDirectory
from alembic.util import CommandError

from buccaneer.cli_support.common import CliError
from buccaneer.server import repository_backup as store
from buccaneer.server.migrate import config, upgrade
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
    """Every row of the database at `url` into `path`; the rows of each table."""
    url = database(url)
    engine = store.blocking_engine(url)
    counts: dict[str, int] = {}
    partial = path.with_name(path.name + ".partial")
    try:
        with store.snapshot(engine) as (revision, names, rows):
            if revision is None:
                raise CliError(f"{url} holds no buccaneer database (no schema revision)")
            with gzip.open(partial, "wt", encoding="utf-8") as out:
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
        partial.replace(path)  # a backup file is whole or absent
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc}") from None
    finally:
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


def set_role(url: str | None, name: str, role: str) -> None:
    """Give the account called `name` a role (`admin` or `player`)."""
    url = database(url)
    upgrade(url)

    async def run() -> bool:
        engine = make_engine(url)
        try:
            return await OperatorRepository(engine).set_role(name, role)
        finally:
            await engine.dispose()

    if not asyncio.run(run()):
        raise CliError(f"there is no account called {name!r}; create it first (sign up)")


__all__ = ["read_backup", "set_role", "write_backup"]
