"""What the tests of the games' compiled bot copies share."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any


def assert_holds_python_numbers(
    held: dict[str, Any] | None, given: dict[str, Any], not_handed_back: set[str]
) -> None:
    """The numbers a compiled copy holds (`held`, from its `constants()`) are those Python
    handed it (`given`), and the only names it reads without handing them back are
    `not_handed_back` (the rules' indices, which it checks against its own)."""
    assert held is not None, "init() was not called"
    assert set(held) <= set(given)
    for name, value in held.items():
        assert value == given[name], name
    assert set(given) - set(held) == not_handed_back


def assert_no_references_kept(watched: list[Any], decide_all: Callable[[], None]) -> None:
    """`decide_all` (calls into a compiled copy) leaves every watched object with the
    references it had: the C code borrows what it reads and keeps nothing. Objects shared with
    the whole interpreter (small ints, interned strings) do not belong in `watched`."""
    before = [sys.getrefcount(obj) for obj in watched]
    decide_all()
    after = [sys.getrefcount(obj) for obj in watched]
    assert after == before
