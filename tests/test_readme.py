"""The README's Python example must run as printed."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README lost its Python example"
    namespace: dict[str, object] = {}
    exec(compile(blocks[0], "README.md", "exec"), namespace)
    state = namespace["state"]
    again = namespace["again"]
    assert state.is_over()  # type: ignore[attr-defined]
    assert again.snapshot() == state.snapshot()  # type: ignore[attr-defined]


def test_readme_test_command_is_what_ci_runs() -> None:
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "scripts/test" in README.read_text(encoding="utf-8") and "scripts/test" in ci
