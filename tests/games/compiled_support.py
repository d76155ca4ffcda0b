"""What the tests of the games' compiled bot copies share."""

from __future__ import annotations

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
