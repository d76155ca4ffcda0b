"""The package build also builds the browser client (web/) into buccaneer/server/static, and
Cartagena's compiled kernel (games/cartagena/compiled.c) and the compiled copies of the Tortuga
and Tortuga 1667 heuristics' valuations (games/tortuga/compiled.c, games/tortuga1667/compiled.c) with
the system C compiler.

Everything else is declared in pyproject.toml. The client needs Node.js 20.19+ or 22.12+ (what
its build tools, Vite and TypeScript, require) and npm. A client that cannot be built fails the
install with the reason, because pip shows a successful build's messages to nobody and a
server without its pages is not what anyone asked for; BUCCANEER_NO_CLIENT=1 installs without
the browser pages on purpose (`buccaneer serve` then says how to get them). The client left
from an earlier build is removed first, so a package never ships a stale client. Without a C
compiler the package installs without the compiled parts: Cartagena plays in pure Python
(`buccaneer games` says which), and so do the two heuristics; with BUCCANEER_REQUIRE_KERNEL=1
(the project's own test command) a failed compile fails the install instead.
"""

from __future__ import annotations

import json
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
SKIP = "BUCCANEER_NO_CLIENT"


def node_floors() -> tuple[tuple[int, int], ...]:
    """The oldest Node.js (major, minor) of each line the client's build tools run on, read
    from web/package.json's `engines` (`^20.19.0 || >=22.12.0`): declared there once."""
    try:
        wanted = json.loads((WEB / "package.json").read_text(encoding="utf-8"))["engines"]["node"]
    except (OSError, ValueError, KeyError):
        return ()
    return tuple(sorted((int(a), int(b)) for a, b in re.findall(r"(\d+)\.(\d+)", wanted)))


NODE_FLOORS = node_floors()
NODE_WANTED = "Node.js " + " or ".join(f"{a}.{b}+" for a, b in NODE_FLOORS)


def node_version_ok(version: tuple[int, int]) -> bool:
    """Whether Node `version` (major, minor) is one the client's build tools support: at or
    above the floor of its line, or a line newer than the last floor's."""
    major, minor = version
    if not NODE_FLOORS:
        return True
    for floor_major, floor_minor in NODE_FLOORS:
        if major == floor_major:
            return minor >= floor_minor
    return major > NODE_FLOORS[-1][0]


def node_ok() -> str | None:
    """Why the client cannot be built here (None: it can)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return f"Node.js and npm are not installed (the client needs {NODE_WANTED})"
    version = subprocess.run(
        [node, "--version"], check=False, capture_output=True, text=True
    ).stdout.strip()
    match = re.match(r"v(\d+)\.(\d+)", version)
    if match is None or not node_version_ok((int(match.group(1)), int(match.group(2)))):
        return f"Node.js {version or '?'} is too old: the client's build tools need {NODE_WANTED}"
    return None


def build_client() -> None:
    if not (WEB / "package.json").is_file():
        return  # an sdist without the client's sources
    # Whatever an earlier build left goes first: a package ships the client built now or none.
    shutil.rmtree(STATIC, ignore_errors=True)
    if os.environ.get(SKIP) == "1":
        print(f"buccaneer: building without the browser client ({SKIP}=1)", file=sys.stderr)
        return
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
        except (OSError, subprocess.CalledProcessError) as exc:
            why = f"the client's build failed ({exc})"
        else:
            if (STATIC / "index.html").is_file():
                return
            why = f"the client's build wrote no {STATIC / 'index.html'}"
    raise SystemExit(
        f"buccaneer: cannot build the browser client: {why}.\n"
        f"Install {NODE_WANTED} with npm (https://nodejs.org) and install again, or set "
        f"{SKIP}=1 to install without the browser pages (the engines, bots, the command line "
        "and the server's API work without them)."
    )


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
