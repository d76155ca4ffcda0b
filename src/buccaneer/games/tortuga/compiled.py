"""The Tortuga heuristic's decisions compiled (`compiled.c`): the same choices, ~20 times faster.

The heuristic plays every seat of ISMCTS's rollouts, and its valuation (`bot_model.Table`,
`bot._Worth`) was most of a heuristic playout's time. `compiled.c` is a checked copy of it: given
the seat's knowledge and the legal actions it returns the index of the action `bot.py` returns,
ties included (tests/games/tortuga/test_compiled.py compares the two at every decision of
thousands of games). `bot.py` stays the reference and plays wherever the extension is missing
(`compiled` is None: no C compiler where the package was installed).

The tuned numbers live in Python only: `configure()` hands them to the extension, read off
`bot.py` and `bot_model.py` at the time of the call, so retuning a constant needs no C edit
(and a test that changes one checks the compiled copy follows).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from buccaneer.core.native import optional_extension
from buccaneer.games.tortuga.actions import (
    Attack,
    Bonus,
    Claim,
    Forfeit,
    Place,
    Seize,
    Select,
    Turn,
)

compiled: ModuleType | None = optional_extension("buccaneer.games.tortuga.compiled_c")

# Read off bot_model.py (and components.py's indices, which compiled.c names as fixed numbers).
MODEL_NAMES: tuple[str, ...] = (
    "NUM",
    "CAP",
    "TAIL",
    "SKULL_FACE",
    "ISLAND_WORTH",
    "CREW_WORTH",
    "FLEET_WORTH",
    "PIECE",
    "OVERFLOW",
    "CAPACITY_STEP",
    "TILE_COINS",
    "TILE_BEST_OF_TWO",
    "DEFENCE",
    "P_DEFENDS",
    "W_TWO",
    "W_TOP",
    "W_OTHER",
    "DENY_TWO",
    "DENY_MANY",
    "TOP_MARGIN",
    "CHESTS_PER_ROUND",
)
COMPONENT_NAMES: tuple[str, ...] = (
    "FLEET",
    "CREW",
    "HUNT",
    "BOARD",
    "RAID",
    "RED",
    "BLUE",
    "YELLOW",
    "WHITE",
    "PURPLE",
    "DICE",
    "TRACK_MIN",
    "TRACK_MAX",
)
# Read off bot.py. `DEFENCE` is bot.py's own name for bot_model's (it is used in `_Worth`).
BOT_NAMES: tuple[str, ...] = (
    "DIE_KEPT",
    "AVERAGE_ROLL",
    "FURTHER_ROLLS",
    "OUR_ROLLS",
    "TILE",
    "NEW_TILE",
    "BONUS_LONG",
    "DEFENCE",
)


def constants() -> dict[str, Any]:
    """Every number `compiled.c` uses, as the Python bot sees it now (bot.py's own names last, so
    a name bot.py imports is taken as bot.py uses it)."""
    model = importlib.import_module("buccaneer.games.tortuga.bot_model")
    components = importlib.import_module("buccaneer.games.tortuga.components")
    bot = importlib.import_module("buccaneer.games.tortuga.bot")
    found: dict[str, Any] = {name: getattr(components, name) for name in COMPONENT_NAMES}
    found.update({name: getattr(model, name) for name in MODEL_NAMES})
    found.update({name: getattr(bot, name) for name in BOT_NAMES})
    return found


def configure() -> None:
    """Hand the extension the current constants and the action classes it tells apart."""
    if compiled is None:
        return
    compiled.init(constants(), (Select, Turn, Bonus, Attack, Forfeit, Seize, Claim, Place))


def path_in_use() -> str:
    """Which code makes the heuristic's decisions here, in words for `buccaneer games`."""
    if compiled is not None:
        return "the heuristic's decisions (also in ISMCTS rollouts) run in compiled code (C)"
    return "everything in pure Python (the heuristic's compiled copy could not be built here)"


__all__ = ["compiled", "configure", "constants", "path_in_use"]
