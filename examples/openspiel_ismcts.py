"""OpenSpiel's own ISMCTS bot playing a buccaneer game against a random bot.

    python examples/openspiel_ismcts.py [--game tortuga] [--players 2] [--simulations 100]

The bot samples the worlds it searches through `set_resampler`, with our `determinize`, so it
never sees hidden cards or loyalties. Our states hold no perfect-recall information state, so
the bot keys its tree by observation strings (`use_observation_string=True`).
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from buccaneer.rl import openspiel


def play(game_name: str, players: int, simulations: int, seed: int) -> list[float]:
    """One game: OpenSpiel's ISMCTS in seat 0, uniform random bots in the others."""
    openspiel.register()
    game = pyspiel.load_game(
        openspiel.short_name(game_name), {"players": players, "rng_seed": seed}
    )
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
        use_observation_string=True,
    )
    bot.set_resampler(openspiel.resampler(seed))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(int(action))
    return list(state.returns())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tortuga")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    returns = play(args.game, args.players, args.simulations, args.seed)
    print(f"{args.game}, {args.players} players: returns {returns} (ISMCTS is player 0)")


if __name__ == "__main__":
    main()
