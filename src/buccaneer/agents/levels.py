"""The bot levels people choose from: "beginner", "good", "strong", "strongest", each named
from the published strength ladder (docs/bots.md, "The published ladder").

`buccaneer ladder` rates every agent against the others at every player count and names four
of them, weakest to strongest (`sim.ladder.levels`); `scripts/publish_levels.py` copies those
names and ratings into each game's own package as `levels.json`, beside its trained policy. The
agent `level:name=strong` plays whichever agent that game's ladder named "strong", so the
server's lobby, its rated bot accounts, the command line and a researcher all ask for a level by
name and get the game's measured bot. A level a game's ladder has not named (a new game, or a
ladder of fewer agents) plays FALLBACK's agent, shown without a rating.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Mapping
from typing import Any, NamedTuple

from buccaneer.agents.base import Agent
from buccaneer.core.errors import OptionError
from buccaneer.core.registry import game_file
from buccaneer.core.state import Action, State

LEVEL_NAMES = ("beginner", "good", "strong", "strongest")
"""The levels, weakest first."""

LEVELS_FILE = "levels.json"

FALLBACK: Mapping[str, str] = {
    "beginner": "random",
    "good": "heuristic",
    "strong": "ismcts:iterations=40",
    "strongest": "ismcts:iterations=160",
}
"""What a level plays in a game whose published ladder does not name it."""


class Level(NamedTuple):
    """A named level: its name, the agent spec that plays it and its ladder rating (openskill
    mu and sigma over all player counts; None where no ladder rated it)."""

    name: str
    agent: str
    mu: float | None = None
    sigma: float | None = None


def level_spec(name: str) -> str:
    """The agent spec that plays level `name` in any game: `level:name=strong`."""
    return f"level:name={check_level(name)}"


def check_level(name: Any) -> str:
    if name not in LEVEL_NAMES:
        raise OptionError(f"level name must be one of {', '.join(LEVEL_NAMES)}, got {name!r}")
    return str(name)


def read_published(text: str, origin: str) -> tuple[dict[str, Any], list[Level]]:
    """A `levels.json`'s provenance (command, date, machine) and levels; a file that is not one
    is refused naming `origin`, so a bad publish fails at once rather than in a lobby."""
    try:
        data = json.loads(text)
        about = dict(data["ladder"])
        named = [
            Level(check_level(lv["name"]), str(lv["agent"]), float(lv["mu"]), float(lv["sigma"]))
            for lv in data["levels"]
        ]
    except (ValueError, KeyError, TypeError, OptionError) as exc:
        raise OptionError(f"{origin} is not a levels file: {exc}") from None
    return about, named


@functools.cache
def published(game: str) -> tuple[dict[str, Any], tuple[Level, ...]] | None:
    """The ladder a game's levels were named from and the levels it named, or None when the
    game ships no `levels.json`. Read once per process."""
    path = game_file(game, LEVELS_FILE)
    if not path.is_file():
        return None
    about, named = read_published(path.read_text(encoding="utf-8"), f"{game}'s {LEVELS_FILE}")
    return about, tuple(named)


def levels_of(game: str) -> tuple[Level, ...]:
    """Every level of `game`, weakest first: the published one where its ladder named it, else
    FALLBACK's agent without a rating."""
    found = published(game)
    named = {lv.name: lv for lv in found[1]} if found else {}
    return tuple(named.get(name, Level(name, FALLBACK[name])) for name in LEVEL_NAMES)


def agent_of(game: str, name: str) -> str:
    """The agent spec that plays level `name` in `game`."""
    check_level(name)
    return next(lv.agent for lv in levels_of(game) if lv.name == name)


class LevelAgent:
    """`level:name=NAME`: the agent the game's published ladder named NAME, made the first time
    it plays that game (so one agent serves tables of every game)."""

    name = "level"
    level: str
    _agents: dict[str, Agent]

    def __init__(self, *, name: str = "good", **unknown: Any) -> None:
        if unknown:
            raise OptionError(f"level has no parameter {', '.join(sorted(unknown))}")
        self.level = check_level(name)
        self._agents = {}

    def agent(self, game: str) -> Agent:
        if game not in self._agents:
            # The spec grammar makes agents through the package, which registers this class:
            # imported when first needed, so the modules do not import one another at load.
            from buccaneer.agents.spec import parse_agent  # noqa: PLC0415

            self._agents[game] = parse_agent(agent_of(game, self.level)).make()
        return self._agents[game]

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        return self.agent(state.game).act(state, seat, rng)


__all__ = [
    "FALLBACK",
    "LEVELS_FILE",
    "LEVEL_NAMES",
    "Level",
    "LevelAgent",
    "agent_of",
    "check_level",
    "level_spec",
    "levels_of",
    "published",
    "read_published",
]
