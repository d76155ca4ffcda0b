"""Shared helpers for the command-line tests: one runner, invoked the way a shell would."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from typer.testing import CliRunner, Result

from buccaneer.cli import app

Invoke = Callable[..., Result]


@pytest.fixture
def invoke() -> Invoke:
    """Run `buccaneer ARGS` with optional stdin text; exceptions propagate to fail loudly."""
    runner = CliRunner()

    def run(args: Sequence[str], input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input, catch_exceptions=False)

    return run


@pytest.fixture
def pennies(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register the simultaneous-move test game for one test; its name."""
    from buccaneer.core.registry import REGISTERED  # noqa: PLC0415
    from tests.cli.pennies import SPEC  # noqa: PLC0415

    monkeypatch.setitem(REGISTERED, SPEC.name, SPEC)
    return SPEC.name
