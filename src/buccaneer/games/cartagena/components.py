"""Cartagena's components (the tunnel's six double-sided tiles, the cards, the pirates and
their colours), the rulebook's numbers, and the tables moves are read from. No state here.

docs/rulings.md, "Board": side A of the six tiles as published; side B is side A reversed; tile
order and sides are random per game unless a `layout` is given.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from buccaneer.core.errors import OptionError
from buccaneer.core.rng import Rng

SYMBOLS: tuple[str, ...] = ("skull", "hat", "dagger", "bottle", "key", "pistol")
SYMBOL_INDEX: dict[str, int] = {name: i for i, name in enumerate(SYMBOLS)}
SQUARES = 36
START = -1
BOAT = 36
CARDS_PER_SYMBOL = 17  # "103 kaarten: telkens 17 kaarten per teken en 1 kaart met een pijl"
SEAT_NAMES: tuple[str, ...] = ("Red", "Blue", "Yellow", "Green", "Brown")
MAX_PLAYERS = len(SEAT_NAMES)
PIRATES_PER_SEAT = 6
HAND_SIZE = 6  # "Daarna ontvangt iedere speler 6 kaarten."
ROW_SIZE = 12  # Tortuga version: "de 12 bovenste kaarten ... blootgelegd"
ACTIONS_PER_TURN = 3  # "mag één, twee of drie acties ondernemen"
MAX_ON_SQUARE = 3  # "nooit meer dan 3 piraten op één veld"

_SIDE_A: tuple[str, ...] = (
    "bottle pistol hat skull dagger key",
    "dagger bottle key pistol hat skull",
    "hat key pistol bottle skull dagger",
    "key bottle skull dagger hat pistol",
    "pistol key dagger hat skull bottle",
    "hat dagger key bottle pistol skull",
)
TILES: dict[str, tuple[int, ...]] = {}
for _number, _text in enumerate(_SIDE_A, start=1):
    _side_a = tuple(SYMBOL_INDEX[s] for s in _text.split())
    TILES[f"{_number}A"] = _side_a
    TILES[f"{_number}B"] = _side_a[::-1]


def count_cards(cards: list[int]) -> list[int]:
    """Cards (symbol ints) as six counts, the form hands and the discard pile are kept in."""
    counts = [0] * 6
    for card in cards:
        counts[card] += 1
    return counts


def random_tiles(rng: Rng) -> list[str]:
    """Tile order and sides drawn from the game's own chance stream."""
    numbers = [1, 2, 3, 4, 5, 6]
    rng.shuffle(numbers)
    return [f"{n}{'AB'[rng.below(2)]}" for n in numbers]


def check_layout(value: Any) -> Any:
    """The `layout` option: None (random), six tile codes, or 36 symbol names.

    Tile codes are `1A`..`6B`, each tile used once, given as a list or a space-separated string
    ("2A 5B 1A 3A 6B 4A"). 36 symbols describe a home-made tunnel; each run of six squares must
    still hold each symbol once, as every printed tile does.
    """
    if value is None:
        return None
    items = value.split() if isinstance(value, str) else value
    if not isinstance(items, list | tuple) or not all(isinstance(x, str) for x in items):
        raise OptionError("must be six tile codes like '1A 2B 3A 4B 5A 6B' or 36 symbol names")
    items = list(items)
    if len(items) == 6:
        codes = [x.upper() for x in items]
        bad = [c for c in codes if c not in TILES]
        if bad:
            raise OptionError(f"unknown tile code(s) {', '.join(bad)}; codes are 1A..6B")
        numbers = sorted(c[0] for c in codes)
        if numbers != list("123456"):
            raise OptionError(f"each of the six tiles must be used once, got {' '.join(codes)}")
        return codes
    if len(items) == SQUARES:
        bad = [x for x in items if x not in SYMBOL_INDEX]
        if bad:
            raise OptionError(f"unknown symbol(s) {', '.join(sorted(set(bad)))}; use {SYMBOLS}")
        for start in range(0, SQUARES, 6):
            if sorted(items[start : start + 6]) != sorted(SYMBOLS):
                raise OptionError(
                    f"squares {start + 1}-{start + 6} must hold each of the six symbols once"
                )
        return items
    raise OptionError(f"must be 6 tile codes or 36 symbols, got {len(items)} entries")


def board_from_layout(layout: list[str]) -> tuple[int, ...]:
    if len(layout) == 6:
        return tuple(sym for code in layout for sym in TILES[code])
    return tuple(SYMBOL_INDEX[name] for name in layout)


def symbol_squares(board: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each symbol, its squares from start to boat: forward moves scan these six only."""
    found: list[list[int]] = [[], [], [], [], [], []]
    for square, sym in enumerate(board):
        found[sym].append(square)
    return tuple(map(tuple, found))


class BoardTables(NamedTuple):
    """What moves are read from on one tunnel, made once per tunnel and shared by every state
    on it (`board_tables`): sampled worlds and clones then cost nothing to set up, and a bot
    that receives the same object again knows it has nothing to recompute."""

    board: tuple[int, ...]
    # sym_squares[card]: the squares of that symbol from start to boat.
    sym_squares: tuple[tuple[int, ...], ...]
    # ahead[card][origin + 1]: the squares of that symbol beyond `origin` (-1..35), nearest
    # first: a forward move lands on the first free one of them, or in the boat.
    ahead: tuple[tuple[tuple[int, ...], ...], ...]


_TABLES: dict[tuple[int, ...], BoardTables] = {}
_TABLES_SIZE = 4096  # tunnels kept (random layouts: 46,080 tile orders and sides)


def board_tables(board: tuple[int, ...]) -> BoardTables:
    """The tables of `board`, cached per tunnel (they are facts of the board alone)."""
    tables = _TABLES.get(board)
    if tables is None:
        if len(_TABLES) >= _TABLES_SIZE:
            _TABLES.clear()
        squares = symbol_squares(board)
        tables = _TABLES[board] = BoardTables(board, squares, tuple(map(_ahead, squares)))
    return tables


def _ahead(squares: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """One symbol's row of `BoardTables.ahead`, built from runs (every random layout makes a
    new table, so this is on the path of every new game): the origins below its first square
    see all of `squares`, those from the first to below the second all but the first, ..."""
    row: list[tuple[int, ...]] = []
    below = START
    for k, square in enumerate(squares):
        row += [squares[k:]] * (square - below)
        below = square
    row += [()] * (BOAT - below)
    return tuple(row)


def square_name(square: int) -> str:
    """Squares as players count them: 1..36 from the fort, plus "start" and "the boat"."""
    if square == START:
        return "start"
    if square == BOAT:
        return "the boat"
    return str(square + 1)
