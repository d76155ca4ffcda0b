"""The package build carries the browser client when Node.js is there, fails with the reason
when it cannot build it, and builds without it only when asked (BUCCANEER_NO_CLIENT=1), never
shipping a client an earlier build left; the server then says how to get the client. (What a
full build puts in the package, client and compiled parts included, is checked where a user
gets it: scripts/front_door.py installs the README's way and looks.) Likewise
Cartagena's compiled kernel: in the wheel where there is a C compiler, left out where there is
none, and the package works all the same; the same for the heuristics' compiled copies, whose
sources (and the header they share) the sdist carries."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import buccaneer
from buccaneer.server.webclient import HOW_TO_GET, STATIC, add_client, client_built

ROOT = Path(__file__).resolve().parents[1]


def source_tree(into: Path) -> Path:
    """The committed files only (a fresh checkout: no built client, no node_modules)."""
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    for name in filter(None, files):
        target = into / name.decode()
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name.decode(), target)
    return into


def build_wheel(
    tree: Path, out: Path, path: str, client: bool = False
) -> subprocess.CompletedProcess[str]:
    """`pip wheel` of `tree` with `path` for PATH; without the client unless `client`."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-v",
            "--no-deps",
            "-w",
            str(out),
            ".",
        ],
        cwd=tree,
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "PATH": path,
            "BUCCANEER_NO_CLIENT": "0" if client else "1",
            "BUCCANEER_REQUIRE_KERNEL": "0",
        },
        timeout=600,
        check=False,
    )


def wheel_names(out: Path) -> list[str]:
    (wheel,) = out.glob("*.whl")
    return zipfile.ZipFile(wheel).namelist()


@pytest.mark.timeout(600)
def test_the_sdist_carries_every_c_source_and_header(tmp_path: Path) -> None:
    """A build from the sdist compiles the same extensions: their sources and the header they
    include must be in it (setup.py's `depends` alone does not put a header there)."""
    tree = source_tree(tmp_path / "src")
    result = subprocess.run(
        [sys.executable, "setup.py", "-q", "sdist", "-d", str(tmp_path / "dist")],
        cwd=tree,
        capture_output=True,
        text=True,
        env={**os.environ, "BUCCANEER_NO_CLIENT": "1", "BUCCANEER_REQUIRE_KERNEL": "0"},
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    (sdist,) = (tmp_path / "dist").glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for path in (
        "src/buccaneer/games/cartagena/compiled.c",
        "src/buccaneer/games/tortuga/compiled.c",
        "src/buccaneer/games/tortuga1667/compiled.c",
        "src/buccaneer/core/cext/pyread.h",
    ):
        assert path in names, path


@pytest.mark.timeout(900)
def test_without_node_the_install_fails_and_says_why(tmp_path: Path) -> None:
    """No Node.js on the PATH: the build fails with the reason and the way out, instead of a
    package that silently has no pages (pip shows nobody a successful build's messages)."""
    tree = source_tree(tmp_path / "src")
    python_only = str(Path(sys.executable).parent) + os.pathsep + "/usr/bin/nonexistent"
    result = build_wheel(tree, tmp_path / "dist", python_only, client=True)
    assert result.returncode != 0
    said = result.stdout + result.stderr
    assert "cannot build the browser client: Node.js and npm are not installed" in said
    assert "BUCCANEER_NO_CLIENT=1" in said
    assert not list((tmp_path / "dist").glob("*.whl"))


@pytest.mark.timeout(900)
def test_no_client_asked_for_builds_without_pages_and_never_ships_a_stale_one(
    tmp_path: Path,
) -> None:
    """BUCCANEER_NO_CLIENT=1, no Node.js and no C compiler on the PATH: no pages (not even
    those an earlier build left in the tree) and no kernel, and a working package (Cartagena
    plays in pure Python)."""
    tree = source_tree(tmp_path / "src")
    stale = tree / "src" / "buccaneer" / "server" / "static"
    (stale / "assets").mkdir(parents=True)
    (stale / "index.html").write_text("<p>last month's client</p>")
    (stale / "assets" / "index-old.js").write_text("old();")
    python_only = str(Path(sys.executable).parent) + os.pathsep + "/usr/bin/nonexistent"
    result = build_wheel(tree, tmp_path / "dist", python_only)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "building without the browser client (BUCCANEER_NO_CLIENT=1)" in (
        result.stdout + result.stderr
    )
    names = wheel_names(tmp_path / "dist")
    assert not any("server/static" in n for n in names)
    assert not any("compiled_c" in n and n.endswith(".so") for n in names)
    assert any(n.endswith("buccaneer/server/app.py") for n in names)
    assert "buccaneer/games/cartagena/compiled.py" in names


def setup_module_functions() -> Any:
    """setup.py's own functions, read without running its `setup()`."""
    source = (ROOT / "setup.py").read_text(encoding="utf-8")
    head = source[: source.index("\nclass BuildPyWithClient")]
    namespace: dict[str, Any] = {"__file__": str(ROOT / "setup.py"), "__name__": "setup_check"}
    exec(compile(head, "setup.py", "exec"), namespace)
    return namespace


def test_the_node_floor_is_read_from_the_clients_engines() -> None:
    """web/package.json's `engines` is the one place the floor is written: setup.py reads
    it, and the README and the no-client page say the same."""
    engines = json.loads((ROOT / "web" / "package.json").read_text())["engines"]["node"]
    assert engines == "^20.19.0 || >=22.12.0"
    setup = setup_module_functions()
    ok = setup["node_version_ok"]
    for version, supported in {
        (18, 20): False, (20, 18): False, (20, 19): True, (20, 30): True, (21, 7): False,
        (22, 11): False, (22, 12): True, (23, 0): True, (24, 3): True,
    }.items():  # fmt: skip
        assert ok(version) is supported, version
    assert setup["NODE_WANTED"] == "Node.js 20.19+ or 22.12+"
    assert "20.19+ or 22.12+" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "20.19" in HOW_TO_GET


def test_the_package_declares_its_licence_types_and_version_once() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert (ROOT / "src" / "buccaneer" / "py.typed").is_file()
    citation = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert f'version: "{buccaneer.__version__}"' in citation
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{buccaneer.__version__}]" in changelog


def test_the_core_needs_no_server_and_no_plots() -> None:
    """The core's dependencies are the engines' and the terminal's: the server stack and
    matplotlib are extras, and every import of theirs sits behind a command that names its
    extra. (A venv with the core alone is made and used by scripts/front-door.)"""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    core = {re.split(r"[\[<>=;! ]", d, maxsplit=1)[0].lower() for d in project["dependencies"]}
    assert core == {"typer", "rich", "openskill", "numpy", "pydantic", "websockets", "platformdirs"}
    extras = project["optional-dependencies"]
    assert any(d.startswith("sqlalchemy[asyncio]") for d in extras["server"])
    assert any(d.startswith("psycopg[pool]") for d in extras["server"])
    assert not any("binary" in d for d in extras["server"])
    assert any(d.startswith("psycopg[binary") for d in extras["postgres-binary"])
    assert any(d.startswith("matplotlib") for d in extras["plots"])
    hidden = ["fastapi", "uvicorn", "starlette", "sqlalchemy", "alembic", "matplotlib"]
    code = (
        "import sys\n"
        + "".join(f"sys.modules[{name!r}] = None\n" for name in hidden)
        + "import buccaneer.cli, buccaneer.cli_support.connect, buccaneer.sim.analysis.run\n"
        + "from buccaneer.cli import main\n"
        + "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "simulate", "cartagena", "-n", "3", "--players", "2"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "games/s" in done.stdout


def test_without_a_built_client_every_page_says_how_to_get_it(tmp_path: Path) -> None:
    app = FastAPI()
    add_client(app, static=tmp_path)
    client = TestClient(app)
    for path in ("/", "/tables/abc", "/games", "/replay/abc", "/how/tortuga"):
        response = client.get(path)
        assert response.status_code == 200
        assert HOW_TO_GET in response.text
        assert "buccaneer connect" in response.text


def test_the_built_client_is_served_for_every_page_address() -> None:
    assert client_built(), f"no client in {STATIC}: the test command builds it"
    app = FastAPI()
    add_client(app)
    client = TestClient(app)
    index = (STATIC / "index.html").read_text()
    for path in ("/", "/tables/abc", "/games", "/replay/abc", "/how", "/how/tortuga"):
        response = client.get(path)
        assert response.status_code == 200
        assert response.text == index
        assert "default-src 'self'" in response.headers["content-security-policy"]
    script = next((STATIC / "assets").glob("*.js"))
    assert client.get(f"/assets/{script.name}").status_code == 200
    assert client.get("/assets/nothing.js").status_code == 404
