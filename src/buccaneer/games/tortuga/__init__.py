"""Tortuga (Jay Cormier & Sen-Foong Lim): the pirate dice game for 2-4 players.

Rulebook: the Tortuga rulebook, English (also German and Dutch; docs/rulebooks.md); rulings:
docs/rulings.md.
"""

from buccaneer.core.game import GameSpec
from buccaneer.games.tortuga import course
from buccaneer.games.tortuga.actions import action_from_json
from buccaneer.games.tortuga.bot import TortugaBot
from buccaneer.games.tortuga.codec import TortugaCodec
from buccaneer.games.tortuga.compiled import path_in_use
from buccaneer.games.tortuga.contract import EVENTS, View
from buccaneer.games.tortuga.invariants import invariants
from buccaneer.games.tortuga.log import DICE_FACES, dice_rolled
from buccaneer.games.tortuga.options import OPTIONS
from buccaneer.games.tortuga.render import render
from buccaneer.games.tortuga.state import SEAT_NAMES, TortugaState

SPEC = GameSpec(
    name="tortuga",
    title="Tortuga",
    summary="Roll, keep and place dice to expand your fleet, recruit crew, hunt treasure and "
    "board or raid the others; bring six chests to Tortuga.",
    min_players=2,
    max_players=4,
    options=OPTIONS,
    new_state=TortugaState.new,
    action_from_json=action_from_json,
    render=render,
    variants=({"long_game": False}, {"long_game": True}),
    seat_names=SEAT_NAMES,
    invariants=invariants,
    heuristic=TortugaBot,
    codec=TortugaCodec,
    from_view=TortugaState.from_view,
    # Cut at 40 steps, ISMCTS gets three times the iterations and wins 80% against the
    # heuristic; with full playouts (about 47 iterations a second) it wins 45% (docs/bots.md).
    playout_cut=40,
    max_actions=20_000,
    engine_note=path_in_use,
    view_model=View,
    event_models=EVENTS,
    dice_rolls=dice_rolled,
    dice_faces=DICE_FACES,
    standing=course.standing,
    turn_of=course.turn_of,
)

__all__ = ["OPTIONS", "SEAT_NAMES", "SPEC", "TortugaState"]
