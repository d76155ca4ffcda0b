"""The game registry: one line per game plug-in. Nothing outside this package names a game."""

from buccaneer.core.game import GameSpec
from buccaneer.games.cartagena import SPEC as CARTAGENA
from buccaneer.games.tortuga import SPEC as TORTUGA

REGISTRY: tuple[GameSpec, ...] = (CARTAGENA, TORTUGA)
