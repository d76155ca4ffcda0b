"""The suite's order: the modules of the longest tests first (the browser's whole games, the
servers' races, crashes and fuzzing: together less than half of the run), then everything
else in its usual order. Two xdist workers each take half the list and steal from the end of
the other's, so the tests left for last are short ones, and neither worker sits idle for a
minute while the other finishes a whole game in the browser."""

from __future__ import annotations

import pytest

# Test modules (file stems) whose tests take ~10-70 s each, longest first (`--durations`).
LONG_FIRST = (
    "test_in_reach",
    "test_scale_out",
    "test_crash",
    "test_hidden_in_browser",
    "test_whole_games",
    "test_pages_access",
    "test_fuzz",
    "test_reload",
)


def rank(item: pytest.Item) -> int:
    module = item.path.stem
    return LONG_FIRST.index(module) if module in LONG_FIRST else len(LONG_FIRST)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=rank)  # stable: the rest keep their order
