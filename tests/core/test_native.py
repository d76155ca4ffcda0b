"""A missing compiled extension reads as None (the game then plays its Python code)."""

from __future__ import annotations

import math

from buccaneer.core.native import optional_extension


def test_a_module_that_is_not_there_is_none() -> None:
    assert optional_extension("buccaneer.games.no_such_game.ckernel") is None


def test_a_module_that_is_there_is_imported() -> None:
    assert optional_extension("math") is math
