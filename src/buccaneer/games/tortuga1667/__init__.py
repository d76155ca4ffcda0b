"""Tortuga 1667 (hidden-team social deduction, 2-9 players).

Rulebook: the Tortuga 1667 rulebook (docs/rulebooks.md); rulings: docs/rulings.md, "Tortuga 1667".
"""

from buccaneer.core.game import GameSpec
from buccaneer.core.state import State
from buccaneer.games.tortuga1667 import course
from buccaneer.games.tortuga1667.actions import action_from_json
from buccaneer.games.tortuga1667.bot import Tortuga1667Bot
from buccaneer.games.tortuga1667.codec import Tortuga1667Codec
from buccaneer.games.tortuga1667.compiled import path_in_use
from buccaneer.games.tortuga1667.components import TEAMS
from buccaneer.games.tortuga1667.contract import EVENTS, View
from buccaneer.games.tortuga1667.invariants import invariants
from buccaneer.games.tortuga1667.options import OPTIONS
from buccaneer.games.tortuga1667.render import render
from buccaneer.games.tortuga1667.state import SEAT_NAMES, Tortuga1667State


def team_labels(state: State) -> list[str]:
    """Each seat's loyalty at the end (Cabin Fever may have changed it during play)."""
    assert isinstance(state, Tortuga1667State)
    return [TEAMS[team] for team in state.loyalty]


SPEC = GameSpec(
    name="tortuga1667",
    title="Tortuga 1667",
    summary="Hidden British, French (and Dutch) crews share two ships and an island; vote, "
    "maroon and reveal event cards until the Spanish Armada arrives.",
    min_players=2,
    max_players=9,
    options=OPTIONS,
    new_state=Tortuga1667State.new,
    action_from_json=action_from_json,
    render=render,
    variants=({}, {"advanced_setup": True}),
    seat_names=SEAT_NAMES,
    invariants=invariants,
    teams=team_labels,
    heuristic=Tortuga1667Bot,
    codec=Tortuga1667Codec,
    max_actions=20_000,
    from_view=Tortuga1667State.from_view,
    # "kunnen spelers beslissen een zandloper of timer te gebruiken. Geef elke speler in dat
    # geval 30 seconden om zijn/haar acties uit te voeren" (optional; the server runs it).
    time_rule=(30.0, {"type": "timeout"}),
    engine_note=path_in_use,
    view_model=View,
    event_models=EVENTS,
    standing=course.standing,
    turn_of=course.turn_of,
)

__all__ = ["OPTIONS", "SEAT_NAMES", "SPEC", "Tortuga1667State"]
