"""Tortuga's components and the small tables the rules read from (the Tortuga
rulebook; rulings in docs/rulings.md, "Tortuga")."""

from __future__ import annotations

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "white", "purple")
RED, BLUE, YELLOW, WHITE, PURPLE = range(5)
COLOUR_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLOURS)}
CHESTS: tuple[int, ...] = (10, 10, 10, 5, 5)  # "10x red, 10x blue, 10x yellow, 5x white, 5x purple"

# Actions in resolution order: "1. expand fleet 2. recruit crew 3. treasure hunt 4. board 5. raid"
ACTIONS: tuple[str, ...] = ("fleet", "crew", "hunt", "board", "raid")
FLEET, CREW, HUNT, BOARD, RAID = range(5)
ACTION_INDEX: dict[str, int] = {name: i for i, name in enumerate(ACTIONS)}
ACTION_TITLES: tuple[str, ...] = ("expand fleet", "recruit crew", "treasure hunt", "board", "raid")

DICE = 5
DIE_LETTERS = "ABCDE"
SKULL = 5  # the sixth face of every die; faces 0..4 are the actions
FACES = 6


def die_number(die: int, action: int) -> int:
    """The number die `die` (0..4 = A..E) shows on `action` (0..4 in resolution order).

    The printed layout is unknown, so the faces form a Latin square (docs/rulings.md, "Dice"):
    each number once per die and once per action. The shift puts raid 5 on die E, so that the
    rulebook's "Ani selects the sword 5 and the skull A additionally" can happen; with
    `(action + die) % 5 + 1` raid 5 was on die A itself."""
    return (action + die + 1) % 5 + 1


# NUMBERS[action][die] = die_number(die, action), for the engine's hot paths.
NUMBERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(die_number(d, a) for d in range(DICE)) for a in range(5)
)


# Track boxes 1..8, tokens start on box 3; capacity of an area (and of dice on board/raid):
# "Boat/Pirate token on box: 1 | 2, 3 | 4, 5 | 6, 7, 8 — Number: 1 | 2 | 3 | 4"
TRACK_MIN, TRACK_MAX, TRACK_START = 1, 8, 3
CAPACITY: tuple[int, ...] = (0, 1, 2, 2, 3, 3, 4, 4, 4)

# 30 treasure tiles: "17x Treasure 1, 9x Treasure 2, 4x Treasure 3"; pool counts by coins - 1
TILE_COUNTS: tuple[int, ...] = (17, 9, 4)
BONUS_TILES = 20

TORTUGA_GOAL = 6  # "If at least one player has at least 6 treasure chests in Tortuga"
TORTUGA_GOAL_LONG = 8  # the variant: "at least 8 treasure chests in Tortuga"


def clamp(box: int) -> int:
    """Tokens stay on the track: "it remains there even if it should be advanced further"."""
    return TRACK_MIN if box < TRACK_MIN else TRACK_MAX if box > TRACK_MAX else box
