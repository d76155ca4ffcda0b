"""The Tortuga 1667 heuristic's hottest valuations compiled (`compiled.c`): the same values, faster.

The heuristic plays every seat of ISMCTS's rollouts, and valuing a turn (`bot._turn`: the
face-down event cards per revealer, the slots, looks and pointing targets, the role actions)
was most of its time, then the votes. `compiled.c` is a checked copy of `_turn`, `_vote`,
`_choose`, `_marque`, `_pistol` and `_give_map` with everything under them in `bot_values.py`
(the unseen cards and the end-game values included): given the decision's `Ctx` (the loyalty
beliefs stay in Python, cached there) and the legal actions it returns the very list of floats
the Python handler returns, bit for bit; `bot.py` then picks with `best_of` as always, so ties
draw from the random stream as before (tests/games/tortuga1667/test_compiled.py compares
the two at every such decision of seeded games and rollouts). `bot.py` stays the reference and
plays wherever the extension is missing (`compiled` is None: no C compiler where the package
was installed), and for every other decision.

The tuned numbers live in Python only: `configure()` hands them to the extension, read off
`bot.py`, `bot_values.py` and `components.py` at the time of the call, so retuning a constant
needs no C edit (and a test that changes one checks the compiled copy follows).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from buccaneer.core.native import optional_extension
from buccaneer.games.tortuga1667.actions import (
    Attack,
    Brawl,
    Choose,
    Look,
    Maroon,
    MarqueDraw,
    MarqueMove,
    Move,
    MoveChest,
    Mutiny,
    PlayMap,
    Point,
    Reveal,
    Target,
    Vote,
)

# The action classes compiled.c tells apart, in the order it numbers them.
CLASSES: tuple[type, ...] = (
    Point,
    Look,
    Reveal,
    Move,
    Attack,
    Maroon,
    Mutiny,
    MoveChest,
    Brawl,
    PlayMap,
    Vote,
    Choose,
    Target,
    MarqueMove,
    MarqueDraw,
)

compiled: ModuleType | None = optional_extension("buccaneer.games.tortuga1667.compiled_c")

# The event cards in the order compiled.c numbers them.
CARD_NAMES: tuple[str, ...] = (
    "SPANISH_ARMADA",
    "PISTOL",
    "BLACK_SPOT",
    "LETTER_OF_MARQUE",
    "FOUNTAIN_OF_YOUTH",
    "ATLANTIS",
    "EL_DORADO",
    "CROWS_NEST",
    "ALBATROSS",
    "SCURVY",
    "BLACK_POWDER",
    "CABIN_FEVER",
    "EIGHT_BELLS",
    "FACADE",
    "PIRATE_CODE",
    "STORMY_SEAS",
)
# Read off bot.py (the tuned numbers of its valuations, and the vote models as bot.py uses
# them) and bot_values.py.
BOT_NAMES: tuple[str, ...] = (
    "NEUTRAL",
    "SUPPORT",
    "SABOTAGE",
    "LOOK_INFO",
    "CYCLE",
    "MAP_VALUE",
    "FRIEND_FIRE",
    "KEEP_WEIGHT",
    "DOUBLE_VOTE_COST",
)
VALUE_NAMES: tuple[str, ...] = (
    "SKULL_COUNT",
    "GAME_VALUE",
    "LEAD_WEIGHT",
    "CERTAINTY",
    "TEMPO",
)
# The rules' indices compiled.c names as fixed numbers (components.py, bot_beliefs.py).
INDEX_NAMES: tuple[str, ...] = (
    "BRITISH",
    "FRENCH",
    "DUTCH",
    "ISLAND",
    "BOAT",
    "CANNON",
    "WATER",
    "TORCH",
    "SKULL",
)


def constants() -> dict[str, Any]:
    """Every number `compiled.c` uses, as the Python bot sees it now."""
    components = importlib.import_module("buccaneer.games.tortuga1667.components")
    beliefs = importlib.import_module("buccaneer.games.tortuga1667.bot_beliefs")
    values = importlib.import_module("buccaneer.games.tortuga1667.bot_values")
    botview = importlib.import_module("buccaneer.games.tortuga1667.botview")
    bot = importlib.import_module("buccaneer.games.tortuga1667.bot")
    found: dict[str, Any] = {
        name: getattr(beliefs if hasattr(beliefs, name) else components, name)
        for name in INDEX_NAMES
    }
    found.update({name: getattr(values, name) for name in VALUE_NAMES})
    found.update({name: getattr(bot, name) for name in BOT_NAMES})
    tops = values.TOP_COUNTS
    found["TOP_COUNTS"] = (
        tops[components.CANNON],
        tops[components.WATER],
        tops[components.TORCH],
    )
    found["BRITISH_COUNT"] = values.FLAG_COUNTS[components.BRITISH]
    found["VOTE_DECK_SIZE"] = len(components.VOTE_DECK)
    found["CARD_NAMES"] = tuple(getattr(components, name) for name in CARD_NAMES)
    found["HIDDEN"] = botview.HIDDEN
    found["EMPTY"] = botview.EMPTY
    return found


def configure() -> None:
    """Hand the extension the current constants and the action classes it tells apart."""
    if compiled is None:
        return
    compiled.init(constants(), CLASSES)


def path_in_use() -> str:
    """Which code makes the heuristic's decisions here, in words for `buccaneer games`."""
    if compiled is not None:
        return "the heuristic's main valuations (also in ISMCTS rollouts) run in compiled code (C)"
    return "everything in pure Python (the heuristic's compiled copy could not be built here)"


__all__ = ["CLASSES", "compiled", "configure", "constants", "path_in_use"]
