"""The game registry: one line per game plug-in. Nothing outside this package names a game."""

from buccaneer.core.game import GameSpec
from buccaneer.games.cartagena import SPEC as CARTAGENA

REGISTRY: tuple[GameSpec, ...] = (CARTAGENA,)
