"""The named bot levels (`level:name=...`): read from each game's published ladder, played by the
agent it named, and refused clearly when a file or a name is wrong."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import buccaneer
from buccaneer import agents
from buccaneer.agents import levels as levels_module
from buccaneer.agents.levels import (
    FALLBACK,
    LEVEL_NAMES,
    Level,
    LevelAgent,
    agent_of,
    level_spec,
    levels_of,
    published,
    read_published,
)
from buccaneer.agents.spec import parse_agent
from buccaneer.core.errors import OptionError
from buccaneer.sim.ladder_run import levels_file
from buccaneer.sim.ladder_run import published as publish

ABOUT = {"command": "buccaneer ladder -w 2", "date": "2026-11-27 09:00 UTC", "machine": {}}


def levels_json(game: str, named: list[tuple[str, str, float]]) -> str:
    data = {
        "game": game,
        "ladder": ABOUT,
        "levels": [{"name": n, "agent": a, "mu": mu, "sigma": 1.5} for n, a, mu in named],
    }
    return json.dumps(data)


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each game's levels.json read from tmp_path/GAME.json instead of its package."""
    monkeypatch.setattr(levels_module, "game_file", lambda game, name: tmp_path / f"{game}.json")
    published.cache_clear()
    yield tmp_path
    published.cache_clear()


def test_a_level_is_an_agent_spec_and_a_wrong_name_is_refused() -> None:
    assert level_spec("strong") == "level:name=strong"
    assert parse_agent(level_spec("strong")).params == {"name": "strong"}
    with pytest.raises(OptionError, match="beginner, good, strong, strongest, got 'godlike'"):
        parse_agent("level:name=godlike")
    with pytest.raises(OptionError, match="level has no parameter size"):
        parse_agent("level:size=3")
    with pytest.raises(OptionError, match="got 'godlike'"):
        level_spec("godlike")


def test_a_game_without_a_ladder_plays_the_fallback_unrated(shipped: Path) -> None:
    assert levels_of("cartagena") == tuple(Level(n, FALLBACK[n]) for n in LEVEL_NAMES)
    assert published("cartagena") is None


def test_published_levels_name_the_agents_and_a_missing_name_falls_back(shipped: Path) -> None:
    (shipped / "tortuga.json").write_text(
        levels_json("tortuga", [("beginner", "heuristic", 12.0), ("strongest", "learned", 31.0)])
    )
    assert levels_of("tortuga") == (
        Level("beginner", "heuristic", 12.0, 1.5),
        Level("good", FALLBACK["good"]),
        Level("strong", FALLBACK["strong"]),
        Level("strongest", "learned", 31.0, 1.5),
    )
    about, _ = published("tortuga") or ({}, ())
    assert about == ABOUT
    assert agent_of("tortuga", "strongest") == "learned"


def test_the_level_agent_plays_what_its_game_published(shipped: Path) -> None:
    (shipped / "cartagena.json").write_text(
        levels_json("cartagena", [("strongest", "random", 1.0)])
    )
    (shipped / "tortuga.json").write_text(levels_json("tortuga", [("strongest", "heuristic", 2.0)]))
    bot = agents.make("level", name="strongest")
    assert isinstance(bot, LevelAgent)
    for game, kind in (("cartagena", agents.RandomAgent), ("tortuga", agents.HeuristicAgent)):
        state = buccaneer.load(game, 2, seed=3)
        seat = next(s for s in range(2) if state.legal_actions(s))
        assert bot.act(state, seat, random.Random(1)) in state.legal_actions(seat)
        assert isinstance(bot.agent(game), kind)
    assert bot.agent("cartagena") is bot.agent("cartagena")  # made once per game


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "Expecting value"),
        (json.dumps({"levels": []}), "'ladder'"),
        (json.dumps({"ladder": {}, "levels": [{"name": "king", "agent": "random"}]}), "king"),
        (
            json.dumps(
                {"ladder": {}, "levels": [{"name": "good", "agent": "x", "mu": "high", "sigma": 1}]}
            ),
            "high",
        ),
    ],
)
def test_a_broken_levels_file_is_refused_naming_it(shipped: Path, text: str, words: str) -> None:
    (shipped / "tortuga1667.json").write_text(text)
    with pytest.raises(
        OptionError, match=f"tortuga1667's levels.json is not a levels file.*{words}"
    ):
        levels_of("tortuga1667")


def test_a_ladders_levels_publish_as_files_the_agents_read() -> None:
    data: dict[str, Any] = {
        **ABOUT,
        "seed": 1,
        "games_per_table": 2,
        "levels": {
            "cartagena": [
                {"name": "beginner", "agent": "random", "mu": 10.0, "sigma": 1.0, "ordinal": 7.0},
                {"name": "strongest", "agent": "heuristic", "mu": 30.0, "sigma": 1.0},
            ]
        },
    }
    whole = levels_file(data)
    assert whole["ladder"] == {**ABOUT, "seed": 1, "games_per_table": 2}
    about, named = read_published(json.dumps(publish(whole, "cartagena")), "x")
    assert about == whole["ladder"]
    assert named == [
        Level("beginner", "random", 10.0, 1.0),
        Level("strongest", "heuristic", 30.0, 1.0),
    ]
    with pytest.raises(OptionError, match="named no levels for tortuga"):
        publish(whole, "tortuga")


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_every_shipped_level_is_an_agent_that_plays(game: str) -> None:
    """What each game ships: every level named, in rating order, by an agent spec that parses
    and makes a move (a game that ships no file plays the fallback, which must too)."""
    found = levels_of(game)
    assert [lv.name for lv in found] == list(LEVEL_NAMES)
    rated = [lv.mu for lv in found if lv.mu is not None]
    assert rated == sorted(rated)
    state = buccaneer.load(game, get_min(game), seed=5)
    seat = next(s for s in range(get_min(game)) if state.legal_actions(s))
    for lv in found:
        bot = parse_agent(lv.agent).make()
        assert bot.act(state.clone(), seat, random.Random(2)) in state.legal_actions(seat)


def get_min(game: str) -> int:
    return buccaneer.GAMES[game].min_players
