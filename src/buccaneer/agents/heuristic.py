"""`agents.make("heuristic")`: the hand-written strategy of whichever game it is asked to play.

The strategies live in each game's folder (a game is a plug-in); this agent only finds the
right one through the registry, by the state's game name, and keeps one bot per game so a bot
may cache what it learns from the rules (never from hidden state).
"""

from __future__ import annotations

import random
from typing import Any

from buccaneer.agents.base import Agent
from buccaneer.core.errors import OptionError
from buccaneer.core.registry import GAMES
from buccaneer.core.state import Action, State


class HeuristicAgent:
    """Dispatches to `GameSpec.heuristic` of the game being played, with the given parameters."""

    name = "heuristic"

    def __init__(self, **params: Any) -> None:
        # Every game's bot is made now, so a bad parameter fails here and not mid-game. The
        # agent does not know yet which game it will play: a parameter is refused only when
        # no game's bot takes it, and a game whose bot refused it cannot be played.
        self._bots: dict[str, Agent] = {}
        self._refused: dict[str, str] = {}
        for name, spec in GAMES.items():
            if spec.heuristic is None:
                continue
            try:
                self._bots[name] = spec.heuristic(**params)
            except (TypeError, OptionError) as exc:
                self._refused[name] = f"the {spec.title} heuristic bot: {exc}"
        if not self._bots and self._refused:
            given = ", ".join(sorted(params))
            raise OptionError(f"no game's heuristic bot takes the parameter(s) {given}")

    def has_bot(self, game: str) -> bool:
        return game in self._bots

    def bot_for(self, game: str) -> Agent:
        if game in self._refused:
            raise OptionError(self._refused[game])
        if game not in self._bots:
            raise OptionError(f"there is no heuristic bot for {game!r}")
        return self._bots[game]

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        # Each game's bot refuses a seat with no decision (IllegalAction), as every agent must
        # (tests/agents/test_no_decision.py): asking `legal_actions` here as well would build
        # the list twice per move.
        return self.bot_for(state.game).act(state, seat, rng)
