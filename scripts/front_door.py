"""The README's front door, tried as a stranger would: a copy of the committed tree, fresh
virtualenvs with nothing but what the README's own commands install, and those commands run
as printed. CI runs it (scripts/ci) so that an install that works only in the test venv (a
runtime need arriving through a test tool, a client that did not build) can never pass.

1. The core, `pip install .`: the README's play line plays (stdin `q` stops the game), no
   server library and no matplotlib is installed, and `buccaneer serve` says in one line which
   extra it needs.
2. The server, the README's first command (`pip install ".[server]" && buccaneer serve`) with
   its port and database from the environment: the installed package holds the built client
   (precompressed), the compiled extensions, py.typed and the licence; `/api/health` answers,
   `/` is the browser client, its script and `/docs` load; SIGTERM ends it and every process
   it started.

Usage: python3 scripts/front_door.py [--keep DIR]   (needs only the standard library)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
# The install's own limit: a build (npm ci, Vite, three C extensions) and the dependencies.
INSTALL_SECONDS = 900


def say(text: str) -> None:
    print(f"front-door: {text}", flush=True)


def readme_command(pattern: str) -> str:
    """The first command in a ```sh block of the README that matches `pattern`."""
    text = README.read_text(encoding="utf-8")
    blocks: list[str] = re.findall(r"```sh\n(.*?)```", text, re.S)
    for block in blocks:
        for line in block.splitlines():
            command = line.split("  #", 1)[0].strip()
            if re.search(pattern, command):
                return command
    raise SystemExit(f"front-door: the README has no command matching {pattern!r}")


def committed_tree(into: Path) -> Path:
    """The files git knows (committed, or new and not ignored): a fresh clone's tree, without
    this checkout's built client, virtualenv or node_modules."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.split(b"\0")  # fmt: skip
    for raw in filter(None, listed):
        name = raw.decode()
        source = ROOT / name
        if source.is_file():
            target = into / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return into


def venv(path: Path) -> dict[str, str]:
    """A new virtualenv, and the environment of a shell with it activated."""
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BUCCANEER_", "PYTHON"))}
    env["VIRTUAL_ENV"] = str(path)
    env["PATH"] = f"{path / 'bin'}{os.pathsep}{env['PATH']}"
    return env


def shell(command: str, cwd: Path, env: dict[str, str], stdin: str = "") -> str:
    """Run `command` as a person would type it; its standard output."""
    started = time.monotonic()
    done = subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True,
        timeout=INSTALL_SECONDS, check=False, input=stdin,
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(
            f"front-door: `{command}` failed ({done.returncode}):\n{done.stdout[-3000:]}"
            f"\n{done.stderr[-3000:]}"
        )
    say(f"`{command}`: {time.monotonic() - started:.0f} s")
    return done.stdout


def size_mb(path: Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 1e6


def core(tree: Path, folder: Path) -> None:
    env = venv(folder / "core")
    command = readme_command(r"^pip install \. && buccaneer play ")
    out = shell(command, tree, env, stdin="q\n")
    assert "Game stopped." in out, out[-2000:]
    python = str(folder / "core" / "bin" / "python")
    for module in ("fastapi", "uvicorn", "sqlalchemy", "matplotlib"):
        found = subprocess.run(
            [python, "-c", f"import importlib.util as u; print(u.find_spec({module!r}))"],
            capture_output=True, text=True, env=env, check=True,
        ).stdout.strip()  # fmt: skip
        assert found == "None", f"the core install holds {module}: {found}"
    serve = subprocess.run(
        ["buccaneer", "serve"], capture_output=True, text=True, env=env, timeout=120,
        check=False,
    )  # fmt: skip
    assert serve.returncode == 2 and "needs buccaneer's server extra" in serve.stderr, serve
    assert len(serve.stderr.strip().splitlines()) == 1, serve.stderr
    say(f"the core: plays, no server or plots inside, {size_mb(folder / 'core'):.0f} MB")


def installed_files(venv_dir: Path) -> None:
    """What the build put in the package a user installs: the built client (page, script,
    precompressed copies, /docs), the three compiled extensions, py.typed and the licence."""
    (site,) = (venv_dir / "lib").glob("python3*/site-packages")
    package = site / "buccaneer"
    static = package / "server" / "static"
    for path in (static / "index.html", static / "docs" / "index.html", package / "py.typed"):
        assert path.is_file(), f"the installed package lacks {path}"
    scripts = list((static / "assets").glob("*.js"))
    assert scripts and all(Path(f"{s}.br").is_file() for s in scripts), scripts
    for game in ("cartagena", "tortuga", "tortuga1667"):
        assert list((package / "games" / game).glob("compiled_c*.so")), f"no kernel for {game}"
    (info,) = site.glob("buccaneer-*.dist-info")
    assert (info / "licenses" / "LICENSE").is_file(), f"no LICENSE in {info}"


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server(tree: Path, folder: Path) -> None:
    env = venv(folder / "server")
    port = free_port()
    env["BUCCANEER_PORT"] = str(port)
    env["BUCCANEER_DATABASE_URL"] = f"sqlite:///{folder / 'server.db'}"
    command = readme_command(r"^pip install .*\[server\].* && buccaneer serve")
    log = (folder / "serve.log").open("wb")
    started = time.monotonic()
    proc = subprocess.Popen(
        ["bash", "-c", command],
        cwd=tree, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            if proc.poll() is not None:
                raise SystemExit(
                    f"front-door: `{command}` exited with {proc.returncode}:\n"
                    + (folder / "serve.log").read_text(errors="replace")[-4000:]
                )
            if time.monotonic() - started > INSTALL_SECONDS:
                raise SystemExit(f"front-door: `{command}` did not serve in {INSTALL_SECONDS} s")
            try:
                status, body = fetch(f"{base}/api/health")
            except OSError:
                time.sleep(0.2)
                continue
            if status == 200 and json.loads(body)["ok"]:
                break
        say(f"`{command}`: serving after {time.monotonic() - started:.0f} s")
        installed_files(folder / "server")
        status, page = fetch(f"{base}/")
        assert status == 200 and b'<script type="module"' in page, page[:500]
        scripts = re.findall(rb'src="(/assets/[^"]+\.js)"', page)
        assert scripts, page[:500]
        for path in [*scripts, b"/docs"]:
            status, body = fetch(base + path.decode())
            assert status == 200 and body, (path, status)
        family = [proc.pid, *descendants(proc.pid)]
        # SIGTERM to the server alone, as a service manager stops it: its bot workers and
        # everything else it started must end with it.
        # (bash may have made itself the server: it execs the last command of its line)
        (serving,) = [p for p in family if b"buccaneer serve" in cmdline(p)][:1]
        os.kill(serving, signal.SIGTERM)
        proc.wait(60)
        # What the server started ends with it, though not in the same instant: a worker or
        # multiprocessing's resource tracker sees its parent gone a moment later. Wait for
        # that (as psutil.wait_procs does in the suite's test), then name what is left.
        deadline = time.monotonic() + 10
        while (left := [pid for pid in family if alive(pid)]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not left, f"processes left after SIGTERM: {[(p, cmdline(p)) for p in left]}"
        size = size_mb(folder / "server")
        say(f"the server: health, client, script and /docs served; {size:.0f} MB")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (from /proc: the script needs no psutil)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
    except OSError:
        return b""


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="work in DIR and keep it (default: a temp dir)")
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="front-door-") as temp:
        folder = args.keep or Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        for part, check in (("core", core), ("server", server)):
            tree = committed_tree(folder / f"tree-{part}")
            check(tree, folder)
    say(f"passed in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
