"""The game-agnostic core: the state protocol, records, options, the log, chance, the registry."""

from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.events import Event
from buccaneer.core.game import GameSpec
from buccaneer.core.options import Option
from buccaneer.core.record import GameRecord, replay
from buccaneer.core.registry import GAMES, get_spec, load, register
from buccaneer.core.rng import Rng
from buccaneer.core.state import Action, State

__all__ = [
    "GAMES",
    "Action",
    "Event",
    "GameRecord",
    "GameSpec",
    "IllegalAction",
    "Option",
    "OptionError",
    "Rng",
    "State",
    "get_spec",
    "load",
    "register",
    "replay",
]
