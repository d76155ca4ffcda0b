"""Commands in a core install: what needs an extra that is not there says so in one line, and
what only draws pictures with one (tournament, analyze) runs whole without it, saying which
picture it left out. The extra's libraries are hidden from a child process (set to None in
`sys.modules`), as they would be absent from a virtualenv with the core alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TORCH = ["torch"]
MATPLOTLIB = ["matplotlib"]


def without(
    hidden: list[str], *args: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """`buccaneer ARGS` in a child process that cannot import `hidden`."""
    code = (
        "import sys\n"
        + "".join(f"sys.modules[{name!r}] = None\n" for name in hidden)
        + "from buccaneer.cli import main\nmain()\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True, text=True, timeout=300, check=False, cwd=cwd,
    )  # fmt: skip


def test_train_without_torch_names_the_extra() -> None:
    done = without(TORCH, "train", "cartagena", "--minutes", "1")
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert "train extra" in lines[0] and 'pip install "buccaneer[train]"' in lines[0], lines


@pytest.mark.timeout(300)
def test_a_tournament_without_matplotlib_writes_everything_but_its_picture(tmp_path: Path) -> None:
    out = tmp_path / "t"
    done = without(
        MATPLOTLIB, "tournament", "cartagena", "--bots", "random,heuristic", "-n", "2",
        "-p", "2", "-w", "1", "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (out / "results.json").is_file()
    assert not (out / "results.png").exists()
    said = " ".join(done.stdout.split())
    assert "no pictures: matplotlib is not installed" in said
    assert 'pip install "buccaneer[plots]"' in said


@pytest.mark.timeout(300)
def test_an_analysis_without_matplotlib_writes_its_report_without_plots(tmp_path: Path) -> None:
    out = tmp_path / "a"
    done = without(
        MATPLOTLIB, "analyze", "cartagena", "-p", "2", "-n", "20", "--workers", "1",
        "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = (out / "report.html").read_text(encoding="utf-8")
    assert "no pictures: matplotlib is not installed" in report
    assert "<img" not in report
    assert (out / "games.csv").is_file()
    assert "Not written: the report's plots" in " ".join(done.stderr.split())
