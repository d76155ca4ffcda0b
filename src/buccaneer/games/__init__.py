"""The game registry: one line per game plug-in. Nothing outside this package names a game.

Importing this package registers every game with the core registry (`core.registry.register`);
`buccaneer/__init__.py` imports it, so `get_spec`, `load` and `GAMES` know every game after any
`import buccaneer...`, in worker processes too."""

from buccaneer.core.registry import register
from buccaneer.games.cartagena import SPEC as CARTAGENA
from buccaneer.games.tortuga import SPEC as TORTUGA
from buccaneer.games.tortuga1667 import SPEC as TORTUGA1667

register(CARTAGENA, TORTUGA, TORTUGA1667)
