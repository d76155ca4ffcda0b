"""A server bot's think budget (`--bot-seconds`, `--bot-iterations`) bounds what it plays, a
named level included: a level is refused when the agent some game's ladder named for it would
think longer than the server allows."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from buccaneer.agents import levels as levels_module
from buccaneer.agents.levels import published
from buccaneer.server.bots import check_agent
from buccaneer.server.tables import Refused


@pytest.fixture
def tortuga_strongest_searches_5000(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    levels = [
        {"name": "beginner", "agent": "random", "mu": 10.0, "sigma": 1.0},
        {"name": "strongest", "agent": "ismcts:iterations=5000", "mu": 30.0, "sigma": 1.0},
    ]
    text = json.dumps({"game": "tortuga", "ladder": {}, "levels": levels})
    (tmp_path / "tortuga.json").write_text(text)
    monkeypatch.setattr(levels_module, "game_file", lambda game, name: tmp_path / f"{game}.json")
    published.cache_clear()
    yield
    published.cache_clear()


def test_a_level_is_held_to_the_budget_of_what_it_plays(
    tortuga_strongest_searches_5000: None,
) -> None:
    assert check_agent("level:name=strongest", 30.0, 5000) == "level:name=strongest"
    assert check_agent("level:name=beginner", 30.0, 100) == "level:name=beginner"
    with pytest.raises(Refused) as refused:
        check_agent("level:name=strongest", 30.0, 1000)
    assert refused.value.code == "bad_agent"
    assert refused.value.message == (
        "level strongest plays ismcts:iterations=5000 in tortuga: "
        "a server bot may run at most 1000 iterations a move"
    )


def test_an_agents_own_budget_and_a_wrong_level_are_refused() -> None:
    for text, words in [
        ("ismcts:iterations=2000", "at most 1000 iterations"),
        ("ismcts:time=60", "at most 30 s a move"),
        ("level:name=godlike", "level name must be one of"),
    ]:
        with pytest.raises(Refused, match=words):
            check_agent(text, 30.0, 1000)
