"""buccaneer: exact rules engines, bots and research environments for pirate board games.

    import buccaneer
    state = buccaneer.load("cartagena", players=4, seed=7, variant="tortuga")

See docs/architecture.md for the protocol every game follows.
"""

# `games` registers every game with the core registry: `import buccaneer.core` alone (a worker
# process, a test) runs this file first, so the games are known wherever a spec is looked up.
from buccaneer import games as games
from buccaneer.core import (
    GAMES,
    Action,
    Event,
    GameRecord,
    IllegalAction,
    OptionError,
    State,
    load,
    replay,
)

__all__ = [
    "GAMES",
    "Action",
    "Event",
    "GameRecord",
    "IllegalAction",
    "OptionError",
    "State",
    "load",
    "replay",
]
__version__ = "0.1.0"
