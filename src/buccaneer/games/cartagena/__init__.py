"""Cartagena (Leo Colovini): the escape race, Jamaica (hidden hands) and Tortuga (open) versions.

Rulebook: the Cartagena rulebook (docs/rulebooks.md); rulings: docs/rulings.md, "Cartagena".
"""

from typing import Any

from buccaneer.core.game import GameSpec
from buccaneer.games.cartagena import course
from buccaneer.games.cartagena.actions import Back, EndTurn, Forward, action_from_json
from buccaneer.games.cartagena.bot import CartagenaBot
from buccaneer.games.cartagena.codec import CartagenaCodec
from buccaneer.games.cartagena.compiled import (
    compiled,
    heuristic_playout,
    path_in_use,
    random_games,
    random_playout,
)
from buccaneer.games.cartagena.components import SEAT_NAMES, SYMBOLS, TILES
from buccaneer.games.cartagena.contract import EVENTS, View
from buccaneer.games.cartagena.invariants import invariants
from buccaneer.games.cartagena.options import OPTIONS
from buccaneer.games.cartagena.position import position
from buccaneer.games.cartagena.render import render
from buccaneer.games.cartagena.state import CartagenaState


def vector_env(*args: Any, **kwargs: Any) -> Any:
    """`vector.make` (`GameSpec.vector_env`), imported on first use: the environment needs
    gymnasium and numpy (the `rl` extra), which `import buccaneer` must not."""
    from buccaneer.games.cartagena.vector import make  # noqa: PLC0415

    return make(*args, **kwargs)


SPEC = GameSpec(
    name="cartagena",
    title="Cartagena",
    summary="Race six pirates through the tunnel to the boat; cards move you forward, "
    "stepping back draws cards.",
    min_players=2,
    max_players=5,
    options=OPTIONS,
    new_state=CartagenaState.new,
    action_from_json=action_from_json,
    render=render,
    variants=({"variant": "jamaica"}, {"variant": "tortuga"}),
    seat_names=SEAT_NAMES,
    invariants=invariants,
    heuristic=CartagenaBot,
    codec=CartagenaCodec,
    from_view=CartagenaState.from_view,
    max_actions=20_000,
    fast_playout=random_playout if compiled is not None else None,
    fast_heuristic_playout=heuristic_playout if compiled is not None else None,
    fast_random_games=random_games if compiled is not None else None,
    engine_note=path_in_use,
    vector_env=vector_env if compiled is not None else None,
    view_model=View,
    event_models=EVENTS,
    standing=course.standing,
    turn_of=course.turn_of,
)

__all__ = [
    "OPTIONS",
    "SEAT_NAMES",
    "SPEC",
    "SYMBOLS",
    "TILES",
    "Back",
    "CartagenaState",
    "EndTurn",
    "Forward",
    "position",
]
