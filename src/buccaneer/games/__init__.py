"""The game registry: one line per game plug-in. Nothing outside this package names a game."""

from buccaneer.core.game import GameSpec
from buccaneer.games.cartagena import SPEC as CARTAGENA
from buccaneer.games.tortuga import SPEC as TORTUGA
from buccaneer.games.tortuga1667 import SPEC as TORTUGA1667

REGISTRY: tuple[GameSpec, ...] = (CARTAGENA, TORTUGA, TORTUGA1667)
