"""The registry in core that the games register into (core never imports the games)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from buccaneer.core import GAMES, get_spec, register
from buccaneer.core.registry import REGISTERED


def test_every_game_is_registered_once_in_order() -> None:
    assert list(GAMES) == ["cartagena", "tortuga", "tortuga1667"]
    assert all(GAMES[name] is REGISTERED[name] for name in GAMES)


def test_a_game_registered_again_is_no_change_but_another_of_its_name_is_refused() -> None:
    spec = get_spec("cartagena")
    register(spec)
    assert get_spec("cartagena") is spec
    impostor = dataclasses.replace(spec, title="Another Cartagena")
    with pytest.raises(ValueError, match="'cartagena' is already registered"):
        register(impostor)
    assert get_spec("cartagena") is spec


def test_a_process_that_imports_core_alone_knows_every_game() -> None:
    """As a worker process does (a spawned pool, a Ray worker): the package's `__init__`
    registers the games before any spec is looked up."""
    code = (
        "from buccaneer.core.registry import GAMES, get_spec\n"
        "print(len(GAMES), get_spec('tortuga').name)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [str(len(GAMES)), "tortuga"]
