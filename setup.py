"""The package build also builds the browser client (web/) into buccaneer/server/static, and
Cartagena's compiled kernel (games/cartagena/compiled.c) and the compiled copies of the Tortuga
and Tortuga 1667 heuristics' valuations (games/tortuga/compiled.c, games/tortuga1667/compiled.c) with
the system C compiler.

Everything else is declared in pyproject.toml. The client needs Node.js 18 or newer and npm;
without them the package installs without its browser pages, and `buccaneer serve` says how
to get them. Without a C compiler the package installs without the compiled parts: Cartagena
plays in pure Python (`buccaneer games` says which), and so do the two heuristics. With
BUCCANEER_REQUIRE_CLIENT=1 and BUCCANEER_REQUIRE_KERNEL=1 (the project's own test command) a
failed build fails the install instead.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
WEB = HERE / "web"
STATIC = HERE / "src" / "buccaneer" / "server" / "static"


def node_ok() -> str | None:
    """Why the client cannot be built here (None: it can)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return "Node.js and npm are not installed"
    version = subprocess.run(
        [node, "--version"], check=False, capture_output=True, text=True
    ).stdout
    match = re.match(r"v(\d+)", version.strip())
    if match is None or int(match.group(1)) < 18:
        return f"Node.js {version.strip() or '?'} is older than 18"
    return None


def build_client() -> None:
    if not (WEB / "package.json").is_file():
        return  # an sdist without the client's sources
    required = os.environ.get("BUCCANEER_REQUIRE_CLIENT") == "1"
    why = node_ok()
    if why is None:
        npm = shutil.which("npm") or "npm"
        # `npm run build` first generates the client's TypeScript types from the engine's JSON
        # Schema (web/scripts/generate-types.mjs), which it reads from this very Python with
        # src/ on its path: the build environment holds the packages that importing the games
        # needs (pyproject.toml's build-system requires; tests/conformance/test_contract.py
        # checks they suffice).
        env = {**os.environ, "BUCCANEER_PYTHON": sys.executable}
        try:
            subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True)
            subprocess.run([npm, "run", "build"], cwd=WEB, check=True, env=env)
            return
        except (OSError, subprocess.CalledProcessError) as exc:
            why = f"the client's build failed ({exc})"
    if required:
        raise SystemExit(f"buccaneer: cannot build the browser client: {why}")
    print(f"buccaneer: building without the browser client: {why}", file=sys.stderr)


class BuildPyWithClient(build_py):
    """build_py runs for wheels and for editable installs alike."""

    def run(self) -> None:
        build_client()
        super().run()


# -ffp-contract=off: no fused multiply-adds, so doubles round exactly as in CPython (the
# compiled copies must choose exactly what the Python code chooses); never -ffast-math.
COMPILE_ARGS = ["-O2", "-std=gnu99", "-ffp-contract=off"]
# A machine without a C compiler still gets the whole package (pure Python everywhere).
OPTIONAL = os.environ.get("BUCCANEER_REQUIRE_KERNEL") != "1"
# The compiled bots' shared readers of Python values (core/cext/pyread.h): on the include path,
# and among their depends, so that a change to the header rebuilds them.
CEXT = "src/buccaneer/core/cext"
CEXT_DEPENDS = [f"{CEXT}/pyread.h"]

KERNEL = Extension(
    "buccaneer.games.cartagena.compiled_c",
    sources=["src/buccaneer/games/cartagena/compiled.c"],
    extra_compile_args=COMPILE_ARGS,
    optional=OPTIONAL,
)


def bot_extension(game: str) -> Extension:
    """A game's compiled copy of its heuristic's valuations (games/<game>/compiled.c), for fast
    heuristic rollouts; it reads Python values through core/cext/pyread.h."""
    return Extension(
        f"buccaneer.games.{game}.compiled_c",
        sources=[f"src/buccaneer/games/{game}/compiled.c"],
        include_dirs=[CEXT],
        depends=CEXT_DEPENDS,
        extra_compile_args=COMPILE_ARGS,
        optional=OPTIONAL,
    )


setup(
    cmdclass={"build_py": BuildPyWithClient},
    ext_modules=[KERNEL, bot_extension("tortuga"), bot_extension("tortuga1667")],
)
