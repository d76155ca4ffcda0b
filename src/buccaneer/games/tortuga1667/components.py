"""Tortuga 1667's components (the Tortuga 1667 rulebook; rulings in docs/rulings.md,
"Tortuga 1667", and docs/rulings.md)."""

from __future__ import annotations

# -- teams ----------------------------------------------------------------------------------
BRITISH, FRENCH, DUTCH = 0, 1, 2
TEAMS: tuple[str, ...] = ("british", "french", "dutch")


def team_sizes(players: int) -> tuple[int, int, int]:
    """docs/rulings.md: British = French = n // 2, one Dutch when n is odd (the rulebook's table for
    4-9 follows this)."""
    half = players // 2
    return half, half, players % 2


# -- places ---------------------------------------------------------------------------------
FLYING_DUTCHMAN, JOLLY_ROGER, TORTUGA = 0, 1, 2
SHIPS: tuple[str, ...] = ("flying_dutchman", "jolly_roger")
PLACES: tuple[str, ...] = (*SHIPS, "tortuga")
ROWBOAT = 3  # a pawn's place while in a rowboat (which one is in `rowboat_of`)
DESTROYED = -2  # a rowboat blown up by Black Powder
GALLEON_CHESTS = 4  # "Leg 4 schatkisten op het Spaanse Galjoen."
TORTUGA_CHESTS = 2  # "Leg ook 2 schatkisten op Tortuga maar buiten de schatkistvlakken."
# Ranks on a ship, top first (docs/rulings.md: the cabin boy is the third pawn).
CAPTAIN, FIRST_MATE, CABIN_BOY = 0, 1, 2

# -- event cards ------------------------------------------------------------------------------
PISTOL = "pistol"
LETTER_OF_MARQUE = "letter_of_marque"
BLACK_SPOT = "black_spot"
ALBATROSS = "albatross"
FOUNTAIN_OF_YOUTH = "fountain_of_youth"
ATLANTIS = "atlantis"
EL_DORADO = "el_dorado"
CROWS_NEST = "crows_nest"
SCURVY = "scurvy"
SPANISH_ARMADA = "spanish_armada"
BLACK_POWDER = "black_powder"
CABIN_FEVER = "cabin_fever"
EIGHT_BELLS = "eight_bells"
FACADE = "facade"
PIRATE_CODE = "pirate_code"
STORMY_SEAS = "stormy_seas"

# docs/rulings.md: the 24 printed cards; six carry a star.
PRINTED: tuple[tuple[str, int], ...] = (
    (PISTOL, 2),
    (LETTER_OF_MARQUE, 4),
    (BLACK_SPOT, 3),
    (ALBATROSS, 3),
    (FOUNTAIN_OF_YOUTH, 1),
    (ATLANTIS, 1),
    (EL_DORADO, 1),
    (CROWS_NEST, 1),
    (SCURVY, 1),
    (SPANISH_ARMADA, 1),
)
STAR_CARDS: tuple[str, ...] = (
    BLACK_POWDER,
    CABIN_FEVER,
    EIGHT_BELLS,
    FACADE,
    PIRATE_CODE,
    STORMY_SEAS,
)
TREASURE_MAPS: tuple[str, ...] = (FOUNTAIN_OF_YOUTH, ATLANTIS, EL_DORADO)
EVENT_NAMES: tuple[str, ...] = tuple(name for name, _ in PRINTED) + STAR_CARDS
ROW_SIZE = 5
ARMADA_AMONG_LAST = 5  # "Neem 4 kaarten ... en schud ze samen met de Spaanse Vlootkaart."

# -- vote cards -----------------------------------------------------------------------------
# Three sections: top (attack) cannon / water / torch, middle (brawl) british / french flag,
# bottom (mutiny) skull / blank. A card is the type id top * 4 + middle * 2 + bottom.
CANNON, WATER, TORCH = 0, 1, 2
TOPS: tuple[str, ...] = ("cannon", "water", "torch")
FLAGS: tuple[str, ...] = ("british", "french")
SKULL, BLANK = 0, 1
BOTTOMS: tuple[str, ...] = ("skull", "blank")
VOTES_IN_HAND = 3


def vote_type(top: int, middle: int, bottom: int) -> int:
    return top * 4 + middle * 2 + bottom


def top_of(card: int) -> int:
    return card // 4


def flag_of(card: int) -> int:
    return (card // 2) % 2


def bottom_of(card: int) -> int:
    return card % 2


def vote_name(card: int) -> str:
    return f"{TOPS[top_of(card)]}/{FLAGS[flag_of(card)]}/{BOTTOMS[bottom_of(card)]}"


def _vote_deck() -> tuple[int, ...]:
    """docs/rulings.md: 30 cards, top 9 cannon / 9 water / 12 torch (30/30/40 %), middle 15
    British / 15 French, bottom 15 skull / 15 blank, the sections spread as evenly as possible
    across each other. Card i has the flag i % 2 and a skull when i % 4 is 1 or 2; the four
    (flag, bottom) classes (8, 8, 7, 7 cards) share the tops in proportion, so every pair of
    sections splits within one card of even (cannon 5/4 British/French and 4/5 skull/blank, and
    so on)."""
    tops_by_class = {
        0: [CANNON] * 3 + [WATER] * 2 + [TORCH] * 3,
        1: [CANNON] * 2 + [WATER] * 3 + [TORCH] * 3,
        2: [CANNON] * 2 + [WATER] * 2 + [TORCH] * 3,
        3: [CANNON] * 2 + [WATER] * 2 + [TORCH] * 3,
    }
    deck = []
    for i in range(30):
        top = tops_by_class[i % 4].pop()
        deck.append(vote_type(top, i % 2, SKULL if i % 4 in (1, 2) else BLANK))
    return tuple(deck)


VOTE_DECK: tuple[int, ...] = _vote_deck()
