"""The board in a plain 80-column terminal (issue 11, item 16): `NO_COLOR` or output redirected
to a file shows no colour, so nothing on the board may be told apart by colour alone, and a
board cut at the right edge hides what it cuts (Tortuga 1667's holds line was)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from tests.conformance.harness import CONFIGS, IDS, Config, sample_states

COLUMNS = 80


def plain(config: Config, view: dict[str, Any], width: int) -> str:
    console = Console(width=width, record=True, file=io.StringIO(), no_color=True)
    console.print(config.spec.render(view))
    return console.export_text()


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_board_fits_80_columns_uncut(config: Config) -> None:
    views = 0
    for state in sample_states(config, seed=80, every=max(1, config.spec.max_actions // 400)):
        for seat in [None, *range(config.players)]:
            view = state.view(seat)
            narrow, wide = plain(config, view, COLUMNS), plain(config, view, 200)
            assert max(map(len, narrow.splitlines())) <= COLUMNS
            # Rich marks a cell it cuts with "…"; some boards say "choosing…" on purpose.
            assert narrow.count("…") == wide.count("…"), f"cut at {COLUMNS} columns:\n{narrow}"
            views += 1
    assert views > config.players
