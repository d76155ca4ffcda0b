"""How strong the network is while it trains: its policy alone against a named agent.

Small fixed-seed matches (the same seeds at every measurement, seats alternated), so the
curves move with the network and not with the deal. `sim` is a sibling layer that rl may not
import, so this plays its own few games.
"""

from __future__ import annotations

import random
from typing import Any

from buccaneer.agents import make
from buccaneer.agents.base import Agent
from buccaneer.agents.learned import LearnedAgent
from buccaneer.agents.network import Network
from buccaneer.core.registry import get_spec, load
from buccaneer.core.rng import nth_seed

EVAL_SEED = 7_000_000


def play_match(
    game: str,
    players: int,
    *,
    first: Agent,
    second: Agent,
    games: int,
    options: dict[str, Any],
    seed: int = EVAL_SEED,
    max_actions: int = 1500,
) -> float:
    """`first`'s share of the wins over `games` games: in game g, `first` takes seats with
    (seat + g) even and `second` the others (so at 2 players they swap seats every game)."""
    limit = min(get_spec(game).max_actions, max_actions)  # a cut game: nobody won
    won = 0.0
    for g in range(games):
        state = load(game, players, seed=nth_seed(seed, g), **options)
        rng = random.Random(nth_seed(seed, g))
        mine = {s for s in range(players) if (s + g) % 2 == 0}
        steps = 0
        while not state.is_over() and steps < limit:
            movers = state.to_move()
            choices = [(m, (first if m in mine else second).act(state, m, rng)) for m in movers]
            for mover, action in choices:
                state.apply(mover, action)
                steps += 1
        winners = state.winners() if state.is_over() else []
        if winners:
            won += sum(1 for w in winners if w in mine) / len(winners)
    return won / games


def policy_win_rates(
    game: str,
    players: int,
    network: Network,
    games: int,
    options: dict[str, Any],
    *,
    max_actions: int = 1500,
) -> dict[str, float]:
    """The argmax policy's win share against the heuristic and against random."""
    learned = LearnedAgent(network=network)
    return {
        name: play_match(
            game,
            players,
            first=learned,
            second=make(name),
            games=games,
            options=options,
            max_actions=max_actions,
        )
        for name in ("heuristic", "random")
    }
