"""The package build carries the browser client when Node.js is there, and builds without it
(with a one-line reason) when it is not; the server then says how to get the client. Likewise
Cartagena's compiled kernel: in the wheel where there is a C compiler, left out where there is
none, and the package works all the same; the same for the heuristics' compiled copies, whose
sources (and the header they share) the sdist carries."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

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


def build_wheel(tree: Path, out: Path, path: str) -> subprocess.CompletedProcess[str]:
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
            "BUCCANEER_REQUIRE_CLIENT": "0",
            "BUCCANEER_REQUIRE_KERNEL": "0",
        },
        timeout=600,
        check=False,
    )


def wheel_names(out: Path) -> list[str]:
    (wheel,) = out.glob("*.whl")
    return zipfile.ZipFile(wheel).namelist()


@pytest.mark.timeout(900)
def test_the_wheel_carries_the_built_client(tmp_path: Path) -> None:
    tree = source_tree(tmp_path / "src")
    result = build_wheel(tree, tmp_path / "dist", os.environ["PATH"])
    assert result.returncode == 0, result.stderr[-2000:]
    names = wheel_names(tmp_path / "dist")
    assert "buccaneer/server/static/index.html" in names
    assert any(n.startswith("buccaneer/server/static/assets/") and n.endswith(".js") for n in names)
    for compiled in (
        "buccaneer/games/cartagena/compiled_c",
        "buccaneer/games/tortuga/compiled_c",
        "buccaneer/games/tortuga1667/compiled_c",
    ):
        assert any(n.startswith(compiled) and n.endswith(".so") for n in names), compiled


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
        env={**os.environ, "BUCCANEER_REQUIRE_CLIENT": "0", "BUCCANEER_REQUIRE_KERNEL": "0"},
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
def test_without_node_the_package_builds_without_its_pages_and_says_why(tmp_path: Path) -> None:
    """No Node.js and no C compiler on the PATH: no pages and no kernel, and a working
    package (Cartagena plays in pure Python)."""
    tree = source_tree(tmp_path / "src")
    python_only = str(Path(sys.executable).parent) + os.pathsep + "/usr/bin/nonexistent"
    result = build_wheel(tree, tmp_path / "dist", python_only)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "building without the browser client: Node.js and npm are not installed" in (
        result.stdout + result.stderr
    )
    names = wheel_names(tmp_path / "dist")
    assert not any("server/static" in n for n in names)
    assert not any("compiled_c" in n and n.endswith(".so") for n in names)
    assert any(n.endswith("buccaneer/server/app.py") for n in names)
    assert "buccaneer/games/cartagena/compiled.py" in names


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
