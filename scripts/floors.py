"""The runtime dependencies at their declared lower bounds: a pip constraints file, and a test
run installed with it.

`pyproject.toml` says `numpy>=1.26`; the constraints say `numpy==1.26` (with its marker), for
the core and the extras named, so that a run installed with them tests the floors the package
claims. A test tool pinned in requirements/tools.txt that is also a runtime dependency (httpx)
takes the runtime floor, so the two never conflict. What the floors do not pin (the
dependencies' own dependencies) comes at its newest, as it would for a user.

Usage:
  python3 scripts/floors.py [EXTRA ...]     print the constraints
  python3 scripts/floors.py --test          install buccaneer[server,plots] at its floors in a
                                            virtualenv of its own (.venv-floors, or
                                            $BUCCANEER_FLOORS_VENV) and run FLOOR_TESTS there
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# name[extras] >= version [, ...] [; marker]
REQUIREMENT = re.compile(
    r"^\s*(?P<name>[A-Za-z0-9_.-]+)(?P<extras>\[[^\]]*\])?\s*(?P<spec>[^;]*?)\s*(?:;\s*(?P<marker>.*))?$"
)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def floors(extras: list[str]) -> dict[str, str]:
    """Canonical name -> the constraint line pinning it to its floor."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for extra in extras:
        wanted += project["optional-dependencies"][extra]
    out: dict[str, str] = {}
    for text in wanted:
        match = REQUIREMENT.match(text)
        if match is None:
            raise SystemExit(f"floors.py: cannot read the requirement {text!r}")
        name = match["name"]
        if canonical(name) == "buccaneer":
            continue  # an extra made of other extras
        low = re.search(r">=\s*([0-9][^,\s]*)", match["spec"])
        if low is None:
            raise SystemExit(f"floors.py: {text!r} has no lower bound (>=): declare one")
        line = f"{name}=={low[1]}"
        if match["marker"]:
            line += f"; {match['marker']}"
        key = canonical(name)
        if key in out and out[key] != line:
            raise SystemExit(f"floors.py: two floors for {name}: {out[key]!r} and {line!r}")
        out[key] = line
    return out


def constraints(extras: list[str]) -> str:
    pinned = floors(extras)
    lines = [f"# runtime floors of buccaneer{'[' + ','.join(extras) + ']' if extras else ''}"]
    lines += sorted(pinned.values())
    lines.append("# test tools (requirements/tools.txt) that are no runtime dependency")
    for raw in (ROOT / "requirements" / "tools.txt").read_text(encoding="utf-8").splitlines():
        entry = raw.split("#", 1)[0].strip()
        if not entry:
            continue
        name = re.split(r"[=<>!~\[ ;]", entry, maxsplit=1)[0]
        if canonical(name) not in pinned:
            lines.append(entry)
    return "\n".join(lines) + "\n"


# One test file or more for each runtime dependency: typer and rich (the terminal), numpy
# (simulations), openskill and matplotlib (a tournament's ratings and plot), pydantic (records,
# schemas), websockets (connect), FastAPI, Starlette, uvicorn, uvloop and orjson (the protocol),
# SQLAlchemy, alembic, aiosqlite and psycopg (storage on SQLite and PostgreSQL), argon2
# (accounts), confusable-homoglyphs (names), redis (two workers), prometheus_client (metrics),
# httpx and aiosmtplib (notifications), platformdirs (the default database, connect's key).
FLOOR_TESTS = [
    "tests/cli/test_cli_play.py",
    "tests/cli/test_cli_errors.py",
    "tests/cli/test_cli_tournament.py",
    "tests/core",
    "tests/server/test_storage.py",
    "tests/server/test_protocol.py::test_accounts_and_guests",
    "tests/server/test_names.py",
    "tests/server/test_connect.py",
    "tests/server/test_links.py",
    "tests/server/test_notifications.py::test_a_turn_based_game_over_three_days_tells_exactly_what_happened",
    "tests/server/test_cli_server.py::test_serve_keeps_tables_in_the_data_directory_by_default",
    "tests/server/test_cli_server.py::test_several_workers_share_a_table_through_redis",
    "tests/server/test_serve_start.py::test_a_redis_that_does_not_answer_is_one_line",
    "tests/server/test_operator.py::test_metrics_parse_hold_every_family_and_are_refused_without_the_token",
]
EXTRAS = ["server", "plots"]


def committed_tree(into: Path) -> Path:
    """The files git knows (committed, or new and not ignored), copied: the package is built
    from a fresh clone's tree, never this checkout's (whose built client a build would
    remove)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.split(b"\0")  # fmt: skip
    for raw in filter(None, listed):
        source = ROOT / raw.decode()
        if source.is_file():
            target = into / raw.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return into


def test(pytest_args: list[str]) -> int:
    started = time.monotonic()
    venv = Path(os.environ.get("BUCCANEER_FLOORS_VENV", ROOT / ".venv-floors"))
    if not (venv / "bin" / "python").is_file():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    pip = [python, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    with tempfile.TemporaryDirectory(prefix="floors-") as temp:
        pins = Path(temp) / "floors.txt"
        pins.write_text(constraints(EXTRAS), encoding="utf-8")
        tree = committed_tree(Path(temp) / "tree")
        env = {**os.environ, "BUCCANEER_NO_CLIENT": "1"}
        subprocess.run([*pip, "install", "-c", str(pins), "pip"], check=True, env=env)
        subprocess.run(
            [*pip, "install", "-c", str(pins), f"{tree}[{','.join([*EXTRAS, 'test'])}]"],
            check=True, env=env,
        )  # fmt: skip
    versions = subprocess.run(
        [python, "-m", "pip", "list", "--format=freeze"], capture_output=True, text=True, check=True
    ).stdout
    wanted = {canonical(name) for name in floors(EXTRAS)}
    shown = [v for v in versions.split() if canonical(v.split("==")[0]) in wanted]
    print(f"floors: installed in {time.monotonic() - started:.0f} s: {' '.join(shown)}")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["VIRTUAL_ENV"], env["PATH"] = str(venv), f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    return subprocess.run(
        [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *FLOOR_TESTS, *pytest_args],
        cwd=ROOT, env=env, check=False,
    ).returncode  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1:2] == ["--test"]:
        sys.exit(test(sys.argv[2:]))
    print(constraints(sys.argv[1:]), end="")
