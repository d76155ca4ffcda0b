"""docs/environments.md: its Python examples run as printed, and its layout tables are the
codecs' own (so the page cannot drift from the code)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import buccaneer
from buccaneer.core.codec import make_codec

DOC = Path(__file__).resolve().parents[2] / "docs" / "environments.md"
TEXT = DOC.read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```python\n(.*?)```", TEXT, re.S)
DOCUMENTED_PLAYERS = {"cartagena": 4, "tortuga": 4, "tortuga1667": 5}


def test_there_is_an_example_per_api() -> None:
    assert len(EXAMPLES) == 3
    for api in (
        "buccaneer.rl.pettingzoo",
        "buccaneer.rl.gymnasium",
        "buccaneer.rl import openspiel",
    ):
        assert any(api in block for block in EXAMPLES), api
    assert all(len(block.strip().splitlines()) <= 10 for block in EXAMPLES)  # "ten-line"


@pytest.mark.parametrize("index", range(3))
def test_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(EXAMPLES[index], f"environments.md example {index}", "exec"), {})
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_the_layout_table_is_the_codecs(game: str) -> None:
    assert game in DOCUMENTED_PLAYERS, "document the new game's layout in environments.md"
    codec = make_codec(game, DOCUMENTED_PLAYERS[game])
    assert codec.layout_table() in TEXT
