"""The server's modules keep to their jobs, checked on their source:

- all SQL is in the repository modules, `repository.py` (tables, seats, actions, chat,
  accounts) and `repository_<topic>.py` (ratings, notifications, ...): no other module
  builds a statement (SQLAlchemy's `select`, `insert`, `update`, `delete`, `text`, ..., or a
  table's columns `t.c.x`), runs one (`.execute(...)` and its kin) or holds one as a string
  (`"SELECT ..."`); `storage.py` declares the tables and `migrations/` is alembic's;
- only `master.py` takes a table's lock (`async with ....lock`), so no "call this with the
  lock held" crosses a module;
- no import cycle among the server's modules (type-checking imports count too).

Each checker is shown to catch what it looks for on a planted toy source."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import buccaneer.server
from tests.games.test_import_graph import find_cycle

SERVER = Path(buccaneer.server.__file__).parent
SQL_HOME = "repository.py"
# The repository's topic modules (`repository_ratings.py`, ...) may hold SQL too.
SQL_TOPIC = re.compile(r"^repository_[a-z_]+\.py$")
LOCK_HOME = "master.py"
# What builds a statement, imported from SQLAlchemy.
BUILDERS = {
    "select",
    "insert",
    "update",
    "delete",
    "text",
    "func",
    "and_",
    "or_",
    "not_",
    "exists",
    "join",
    "outerjoin",
    "union",
    "union_all",
    "literal",
    "literal_column",
    "column",
    "table",
    "bindparam",
    "case",
    "cast",
    "tuple_",
    "values",
}
RUNNERS = {"execute", "executemany", "executescript", "exec_driver_sql", "scalar", "scalars"}
SQL_TEXT = re.compile(
    r"^\s*(SELECT\s.+\sFROM\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|"
    r"WITH\s+\w+\s+AS\s*\(|PRAGMA\s|BEGIN(\s+\w+)?\s*$|COMMIT\s*$|ROLLBACK\s*$|"
    r"CREATE\s+(TABLE|INDEX)\s|DROP\s+TABLE\s|ALTER\s+TABLE\s)",
    re.DOTALL,
)


def server_modules() -> Iterator[tuple[str, str]]:
    """(path inside server/, source) of every module but alembic's migrations."""
    for path in sorted(SERVER.rglob("*.py")):
        relative = path.relative_to(SERVER).as_posix()
        if not relative.startswith("migrations/"):
            yield relative, path.read_text(encoding="utf-8")


def sql_violations(source: str, name: str) -> list[str]:
    """Where module `name` builds, runs or spells SQL (nothing for the repository)."""
    if name == SQL_HOME or SQL_TOPIC.match(name):
        return []
    found: list[str] = []
    aliases: set[str] = set()  # names bound to sqlalchemy modules
    for node in ast.walk(ast.parse(source)):
        where = f"{name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sqlalchemy"):
            for alias in node.names:
                if alias.name in BUILDERS or (node.module or "").startswith("sqlalchemy.sql"):
                    found.append(f"{where}: imports {alias.name} from {node.module}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("sqlalchemy"):
                    aliases.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.Attribute):
            named = isinstance(node.value, ast.Name) and node.value.id in aliases
            if named and node.attr in BUILDERS:
                assert isinstance(node.value, ast.Name)
                found.append(f"{where}: builds SQL with {node.value.id}.{node.attr}")
            if node.attr == "c" and isinstance(node.value, ast.Attribute | ast.Name):
                found.append(f"{where}: reads a table's columns (.c)")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in RUNNERS:
                found.append(f"{where}: runs a statement (.{node.func.attr})")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and SQL_TEXT.match(node.value)
        ):
            found.append(f"{where}: SQL text {node.value.strip()[:30]!r}")
    return found


def lock_violations(source: str, name: str) -> list[str]:
    """Where module `name` takes something's `.lock` (nothing for the master)."""
    if name == LOCK_HOME:
        return []
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.AsyncWith | ast.With):
            for item in node.items:
                held = item.context_expr
                if isinstance(held, ast.Attribute) and held.attr == "lock":
                    found.append(f"{name}:{node.lineno}: takes a table's lock")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "acquire"
            and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == "lock"
        ):
            found.append(f"{name}:{node.lineno}: acquires a table's lock")
    return found


def server_imports(source: str) -> set[str]:
    """The server modules a module imports, at any level (type-checking blocks too)."""
    names: set[str] = set()
    prefix = "buccaneer.server."
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "buccaneer.server":
                names |= {alias.name for alias in node.names}
            elif node.module.startswith(prefix):
                names.add(node.module[len(prefix) :].split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(prefix):
                    names.add(alias.name[len(prefix) :].split(".")[0])
    return names


def module_graph() -> dict[str, set[str]]:
    graph = {}
    for relative, source in server_modules():
        if "/" not in relative and relative != "__init__.py":
            graph[relative.removesuffix(".py")] = server_imports(source)
    return graph


# -- the server as it is ------------------------------------------------------------------------


def test_only_the_repository_holds_sql() -> None:
    found = [v for name, source in server_modules() for v in sql_violations(source, name)]
    assert found == []


def test_only_the_master_takes_a_tables_lock() -> None:
    found = [v for name, source in server_modules() for v in lock_violations(source, name)]
    assert found == []


def test_no_import_cycle_among_the_server_modules() -> None:
    graph = module_graph()
    assert {"master", "repository", "live", "lobby", "app", "bots"} <= set(graph)
    assert find_cycle(graph) is None


def test_the_repository_and_the_master_are_where_the_checks_look() -> None:
    """The homes the checks exempt are real and do hold what the checks look for: a check
    that exempted a module holding nothing would prove nothing."""
    repository = (SERVER / SQL_HOME).read_text(encoding="utf-8")
    assert sql_violations(repository, "elsewhere.py")
    master = (SERVER / LOCK_HOME).read_text(encoding="utf-8")
    assert lock_violations(master, "elsewhere.py")


# -- the checkers catch what they look for ------------------------------------------------------

PLANTED_SQL = {
    "from sqlalchemy import select\n": "imports select",
    "from sqlalchemy import and_, text\n": "imports and_",
    "from sqlalchemy.sql import expression\n": "imports expression",
    "import sqlalchemy as sa\nq = sa.update(t)\n": "sa.update",
    "async def f(conn):\n    await conn.execute(query)\n": ".execute",
    "def f(cursor):\n    cursor.execute('PRAGMA foreign_keys=ON')\n": ".execute",
    "Q = 'SELECT id FROM tables WHERE status = ?'\n": "SQL text",
    "Q = '''\nINSERT INTO actions (a) VALUES (1)'''\n": "SQL text",
    "Q = 'UPDATE seats SET claimed = 1'\n": "SQL text",
    "def f(db):\n    return db.tables.c.id == 1\n": "columns",
    "async def f(conn, q):\n    return (await conn.scalars(q)).all()\n": ".scalars",
}


def test_the_sql_check_catches_each_planted_statement() -> None:
    for source, what in PLANTED_SQL.items():
        found = sql_violations(source, "lobby.py")
        assert len(found) >= 1 and what in found[0], (source, found)
        assert sql_violations(source, SQL_HOME) == []


def test_the_sql_check_passes_plain_code() -> None:
    plain = (
        "from sqlalchemy.ext.asyncio import AsyncEngine\n"
        '"""Update the seats; select a table; the text of a chat line."""\n'
        "def update(seats):\n    return select_seat(seats, text='Select a seat')\n"
        "MESSAGE = 'Update: the table is at version 3'\n"
    )
    assert sql_violations(plain, "live.py") == []


def test_the_lock_check_catches_a_lock_taken_elsewhere() -> None:
    planted = "async def f(master):\n    async with master.lock:\n        pass\n"
    assert lock_violations(planted, "live.py") == ["live.py:2: takes a table's lock"]
    acquired = "async def f(live):\n    await live.lock.acquire()\n"
    assert lock_violations(acquired, "app.py") == ["app.py:2: acquires a table's lock"]
    assert lock_violations(planted, LOCK_HOME) == []
    assert lock_violations("async def f(master):\n    await master.read(len)\n", "live.py") == []


def test_the_cycle_check_finds_a_planted_cycle() -> None:
    planted = {
        "app": server_imports("from buccaneer.server.live import Hub\n"),
        "live": server_imports(
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from buccaneer.server.app import Server\n"
        ),
    }
    assert find_cycle(planted) == ["app", "live", "app"]
    assert find_cycle({"app": {"live"}, "live": {"master"}, "master": set()}) is None
    assert server_imports("from buccaneer.server import storage as db\n") == {"storage"}
