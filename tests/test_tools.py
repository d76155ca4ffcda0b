"""The test command's tools are pinned: every tool in the `test` extra has an exact version in
requirements/tools.txt, and the tools this suite runs under are those versions (scripts/test
installs with that file as a constraint). Without this, CI passed on a machine that kept older
tools while a fresh clone failed at `mypy` with what `pip install` picked that day."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^\s*([A-Za-z0-9_.-]+)==([A-Za-z0-9_.+-]+)\s*$")


def pins() -> dict[str, str]:
    found: dict[str, str] = {}
    for line in (ROOT / "requirements" / "tools.txt").read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = PIN.match(line)
        assert match, f"requirements/tools.txt: {line!r} is not NAME==VERSION"
        found[canonicalize_name(match[1])] = match[2]
    return found


def test_every_tool_of_the_test_extra_is_pinned() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    tools = [Requirement(r).name for r in project["optional-dependencies"]["test"]]
    missing = [t for t in tools if canonicalize_name(t) not in pins()]
    assert not missing, f"pin these in requirements/tools.txt: {missing}"


def test_the_suite_runs_under_the_pinned_tools() -> None:
    wrong = {
        name: (pinned, version(name)) for name, pinned in pins().items() if version(name) != pinned
    }
    assert not wrong, f"installed not as pinned (pinned, installed): {wrong}"


def test_the_runtime_dependencies_have_no_upper_caps_that_hide_their_newest() -> None:
    """A runtime range must hold at the newest release (the test command installs the
    newest), so none is capped below it by hand."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    capped = [
        r
        for r in project["dependencies"]
        if any(spec.operator in ("<", "<=", "~=", "==", "===") for spec in Requirement(r).specifier)
    ]
    assert not capped, capped
