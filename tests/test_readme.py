"""The README's Python example must run as printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import buccaneer

README = Path(__file__).resolve().parent.parent / "README.md"


def _example() -> str:
    """The README's Python example, as printed."""
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README lost its Python example"
    return str(blocks[0])


def _run(source: str) -> None:
    """Run the example; it must play its game to the end, and the record must replay it."""
    namespace: dict[str, object] = {}
    exec(compile(source, "README.md", "exec"), namespace)
    state = namespace["state"]
    again = namespace["again"]
    assert state.is_over()  # type: ignore[attr-defined]
    assert again.snapshot() == state.snapshot()  # type: ignore[attr-defined]


def test_readme_python_example_runs() -> None:
    _run(_example())


GAME_COUNTS = [
    (name, players)
    for name, spec in buccaneer.GAMES.items()
    for players in sorted({spec.min_players, spec.max_players})
]


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS, ids=[f"{g}-{n}" for g, n in GAME_COUNTS])
def test_readme_python_example_runs_for_every_game(game: str, players: int) -> None:
    """A reader tries the loop on another game: it must hold for every game, simultaneous
    choices (several seats in `to_move()` at once) included, so only the `load(...)` call,
    with the printed game's own options, is replaced."""
    source, count = re.subn(
        r"buccaneer\.load\([^)]*\)",
        f"buccaneer.load({game!r}, players={players}, seed=7)",
        _example(),
    )
    assert count == 1, "the example loads one game"
    _run(source)


def test_readme_test_command_is_what_ci_runs() -> None:
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "scripts/test" in README.read_text(encoding="utf-8") and "scripts/test" in ci
