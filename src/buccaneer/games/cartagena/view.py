"""What one seat sees of a Cartagena game, as JSON (`State.view`; docs/architecture.md, "Views").

Hands are shown to their owner, to everyone in the Tortuga version, and to everyone once the
game is over; the draw pile is a count; the open row is listed in take order.
"""

from __future__ import annotations

from typing import Any

from buccaneer.games.cartagena.components import ACTIONS_PER_TURN, SEAT_NAMES, SYMBOLS
from buccaneer.games.cartagena.fields import Fields


def build_view(state: Fields, seat: int | None) -> dict[str, Any]:
    """`seat`'s view (None: a spectator's): the keys every game has, then Cartagena's."""
    view = state.base_view(seat)
    over = bool(state.won_by)
    hands: list[dict[str, int] | None] = []
    for s, hand in enumerate(state.hands):
        visible = state.open_hands or over or s == seat
        hands.append(dict(zip(SYMBOLS, hand, strict=True)) if visible else None)
    view.update(
        {
            "variant": state.options["variant"],
            "board": [SYMBOLS[s] for s in state.board],
            "tiles": list(state.tiles) if state.tiles is not None else None,
            "pirates": [list(p) for p in state.pirates],
            "hands": hands,
            "hand_sizes": [sum(h) for h in state.hands],
            "row": [SYMBOLS[c] for c in reversed(state.row)],
            "draw_pile": len(state.pile),
            "discard": dict(zip(SYMBOLS, state.discard, strict=True)),
            "current": state.current if not over else None,
            "actions_left": ACTIONS_PER_TURN - state.actions_done if not over else 0,
            "turn": state.turn,
            "seat_names": list(SEAT_NAMES[: state.players]),
        }
    )
    return view


__all__ = ["build_view"]
