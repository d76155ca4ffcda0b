"""The rulebook's example situation ("Voorbeeld van een spelsituatie"), rebuilt square by square.

The rulebook counts squares 1..36 from the fort; `sq(n)` converts to the protocol's 0..35.
Every fact the examples state is honoured: Yellow's skull from 9 jumps the occupied skulls 12
and 17 to 23; Red on 8 moving back reaches 6, where two (blue) pirates stand; Blue holds four
daggers and a bottle, two pirates on 6, one each on 17 and 18 and one still outside; 17 holds
three pirates (Blue and two Red), 12 one; the second and third cards of the row are daggers and
the first a bottle; the other players hold no daggers; every bottle after 17 is taken. The
tunnel uses the printed tiles 6A 2A 5A 3A 1A 4A, which put skulls on 12, 17 and 23 and daggers
on 7, 15 and 24 exactly as the examples need.
"""

from __future__ import annotations

from buccaneer.games.cartagena import CartagenaState, position
from buccaneer.games.cartagena.components import BOAT, START

RED, BLUE, YELLOW = 0, 1, 2
LAYOUT = "6A 2A 5A 3A 1A 4A"
ROW = [
    "bottle",
    "dagger",
    "dagger",
    "hat",
    "key",
    "skull",
    "pistol",
    "hat",
    "key",
    "bottle",
    "skull",
    "pistol",
]


def sq(n: int) -> int:
    """Rulebook square n (1..36) in protocol numbering."""
    assert 1 <= n <= 36
    return n - 1


PIRATES = {
    RED: [sq(2), sq(8), sq(17), sq(17), sq(25), sq(30)],
    BLUE: [START, sq(6), sq(6), sq(17), sq(18), BOAT],
    YELLOW: [sq(9), sq(12), sq(22), sq(32), sq(33), BOAT],
}
HANDS = {
    RED: {"hat": 1, "key": 2, "pistol": 1},
    BLUE: {"dagger": 4, "bottle": 1, "hat": 1},
    YELLOW: {"skull": 2, "key": 1},
}


def example_situation(to_move: int, variant: str = "tortuga") -> CartagenaState:
    return position(
        3,
        layout=LAYOUT,
        variant=variant,
        pirates=PIRATES,
        hands=HANDS,
        row=ROW if variant == "tortuga" else (),
        to_move=to_move,
    )
