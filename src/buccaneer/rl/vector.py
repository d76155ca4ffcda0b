"""Batched environments for learning: B games of one kind stepping together in compiled code.

    envs = buccaneer.rl.vector.make(GAME, 1024, players=4, seed=0, **options)

A game offers one through `GameSpec.vector_env` when it has a compiled kernel to step many
games without crossing into Python per action; docs/environments.md,
"Vectorised environments", says which games do. The result is a `gymnasium.vector.VectorEnv`
in self-play: every env's observation and mask are for its seat to move, and `info["seat"]`
says which. This module names no game: it finds the environment through the registry, so a
game that adds one gets it here.
"""

from __future__ import annotations

from typing import Any

from buccaneer.core.errors import OptionError
from buccaneer.core.registry import get_spec


def make(
    game: str, num_envs: int, players: int = 2, seed: int | None = None, **options: Any
) -> Any:
    """`num_envs` games of `game` for `players` seats as one `gymnasium.vector.VectorEnv`;
    `seed` makes the whole batch reproducible, `options` are the game's (e.g. `variant`)."""
    spec = get_spec(game)
    if spec.vector_env is None:
        engine = f" Here: {spec.engine_note()}." if spec.engine_note is not None else ""
        raise OptionError(
            f"{game} has no vectorised environment: one needs the game's compiled kernel, "
            f"which {game} does not have or which could not be built on this machine.{engine} "
            "Use buccaneer.rl.gymnasium or buccaneer.rl.pettingzoo to play single games."
        )
    return spec.vector_env(num_envs, players, seed=seed, **options)
