"""Game-agnostic agents, made by name: `agents.make("random")`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from buccaneer.agents.base import Agent
from buccaneer.agents.heuristic import HeuristicAgent
from buccaneer.agents.ismcts import GuidedISMCTSAgent, ISMCTSAgent
from buccaneer.agents.learned import LearnedAgent
from buccaneer.agents.levels import LevelAgent
from buccaneer.agents.random_agent import RandomAgent
from buccaneer.core.errors import OptionError

_FACTORIES: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "ismcts": ISMCTSAgent,
    "learned": LearnedAgent,
    "guided": GuidedISMCTSAgent,
    "level": LevelAgent,
}


def available() -> list[str]:
    return sorted(_FACTORIES)


def make(name: str, /, **params: Any) -> Agent:
    """An agent by name with its parameters, each checked for its type and range: an unknown
    name, an unknown parameter or a wrong value raises `OptionError` naming it."""
    if not isinstance(name, str) or name not in _FACTORIES:
        raise OptionError(f"unknown agent {name!r}; available: {', '.join(available())}")
    try:
        return _FACTORIES[name](**params)
    except (TypeError, OptionError) as exc:
        raise OptionError(f"agent {name!r}: {exc}") from None


__all__ = [
    "Agent",
    "GuidedISMCTSAgent",
    "HeuristicAgent",
    "ISMCTSAgent",
    "LearnedAgent",
    "LevelAgent",
    "RandomAgent",
    "available",
    "make",
]
