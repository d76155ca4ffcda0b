"""Tortuga 1667's fixed action space: every action `legal_actions` can offer, in id order.

The bounds come from the rules modules, not from guesses:

- row slots: `components.ROW_SIZE` = 5, so 10 slot pairs (`Look`, `Point`; pairs are sorted,
  as `rules_decisions.main_actions` and `actions._pair` make them), 5 `Reveal` and 5 `Choose`;
- places: `actions.DESTINATIONS`, 5 `Move` targets (ships 0-1, Tortuga 2, rowboats 3-4);
- vote cards: 12 types (`components.vote_type`: 3 tops x 2 flags x 2 bottoms); `Discard`,
  `PutOnTop` and `PickVote` name one type each (12 ids each). A `Vote` carries a sorted tuple
  of types: one card (12), or with El Dorado two cards from the hand
  (`Fields.ballot_choices`): every multiset of two types the deck can supply. Every type has
  at least two copies in `components.VOTE_DECK`, so that is C(12, 2) + 12 = 78 pairs: 90 `Vote` ids;
- `Stow(into, take)`: into a flag hold (2) from the galleon (take = -1) or from either hold of
  the other ship: 6 ids (`rules_decisions.decision_actions`, "stow" and "setup_chest");
- `PlayMap`: only Fountain of Youth and Atlantis are ever played this way (El Dorado is played
  by voting two cards), so 2 ids;
- `TimeOut` is never offered by `legal_actions` (a server sends it when the optional clock runs
  out) but it is a valid action of the game and appears in records, so it has an id; masks
  never mark it;
- seats: `Point` (10 pairs x n targets), `Maroon` (n), `Target` (n), `MarqueMove` (n seats x 2
  ships) range over every seat < n (the acting seat itself is never offered, but which seat acts
  varies, so each id names an absolute seat);
- `PlacePawn(place, position)` exists only with `advanced_setup`: 3 places (ships, Tortuga) x n
  spots (`setup.set_up` gives each place one spot per player).

Ids, in order (n = players). The first 170 ids are the same at every table; seat-valued actions
follow, and the option-dependent `PlacePawn` comes last, so ids never shift between variants:

| ids | action |
|---|---|
| 0-9 | `Look(pair)`, pairs (0,1), (0,2), ... (3,4) |
| 10-14 | `Reveal(slot)` |
| 15-19 | `Choose(slot)` |
| 20-24 | `Move(to)`, to = 0..4 as `DESTINATIONS` |
| 25, 26 | `Attack()`, `Mutiny()` |
| 27, 28 | `MoveChest(british)`, `MoveChest(french)` |
| 29, 30 | `Brawl()`, `Pass()` |
| 31-42 | `Vote((t,))`, t = type 0..11 |
| 43-120 | `Vote((a, b))`, a <= b, lexicographic |
| 121-126 | `Stow(into, take)`, take -1, 0, 1 (major) x into 0, 1 |
| 127-138 | `Discard(type)` |
| 139 | `MarqueDraw()` |
| 140-151 | `PutOnTop(type)` |
| 152, 153 | `BlowUp(ship)` |
| 154-165 | `PickVote(type)` |
| 166, 167 | `PlayMap(fountain_of_youth)`, `PlayMap(atlantis)` |
| 168, 169 | `Decline()`, `TimeOut()` |
| 170 .. 170+10n-1 | `Point(pair, target)`, pair major, target minor |
| next n | `Maroon(target)` |
| next n | `Target(seat)` |
| next 2n | `MarqueMove(seat, ship)`, seat major |
| next 3n | `PlacePawn(place, position)`, place major (only with `advanced_setup`) |

num_actions = 170 + 14n (+ 3n with `advanced_setup`): 198 / 240 / 296 ids for 2 / 5 / 9 players
(204 / 255 / 323 with the advanced setup). No action is combinatorially large, so nothing is
decomposed.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from buccaneer.core.state import Action
from buccaneer.games.tortuga1667.actions import (
    DESTINATIONS,
    Attack,
    BlowUp,
    Brawl,
    Choose,
    Decline,
    Discard,
    Look,
    Maroon,
    MarqueDraw,
    MarqueMove,
    Move,
    MoveChest,
    Mutiny,
    Pass,
    PickVote,
    PlacePawn,
    PlayMap,
    Point,
    PutOnTop,
    Reveal,
    Stow,
    Target,
    TimeOut,
    Vote,
)
from buccaneer.games.tortuga1667.components import (
    ATLANTIS,
    BOTTOMS,
    FLAGS,
    FOUNTAIN_OF_YOUTH,
    PLACES,
    ROW_SIZE,
    SHIPS,
    TOPS,
    VOTE_DECK,
)

VOTE_TYPES: tuple[int, ...] = tuple(range(len(TOPS) * len(FLAGS) * len(BOTTOMS)))
COPIES: Counter[int] = Counter(VOTE_DECK)
SLOT_PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(ROW_SIZE), 2))
# El Dorado: two cards of one hand, so a pair of one type needs two copies in the deck.
VOTE_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in VOTE_TYPES for b in VOTE_TYPES if a < b or (a == b and COPIES[a] >= 2)
)
PLAYABLE_MAPS: tuple[str, ...] = (FOUNTAIN_OF_YOUTH, ATLANTIS)


def fixed_actions() -> list[Action]:
    """The actions that do not name a seat: the same ids at every table."""
    actions: list[Action] = []
    actions += [Look(pair) for pair in SLOT_PAIRS]
    actions += [Reveal(slot) for slot in range(ROW_SIZE)]
    actions += [Choose(slot) for slot in range(ROW_SIZE)]
    actions += [Move(to) for to in range(len(DESTINATIONS))]
    actions += [Attack(), Mutiny()]
    actions += [MoveChest(to) for to in range(len(FLAGS))]
    actions += [Brawl(), Pass()]
    actions += [Vote((card,)) for card in VOTE_TYPES]
    actions += [Vote(pair) for pair in VOTE_PAIRS]
    actions += [Stow(into, take) for take in (-1, *range(len(FLAGS))) for into in range(len(FLAGS))]
    actions += [Discard(card) for card in VOTE_TYPES]
    actions.append(MarqueDraw())
    actions += [PutOnTop(card) for card in VOTE_TYPES]
    actions += [BlowUp(ship) for ship in range(len(SHIPS))]
    actions += [PickVote(card) for card in VOTE_TYPES]
    actions += [PlayMap(card) for card in PLAYABLE_MAPS]
    actions += [Decline(), TimeOut()]
    return actions


def seat_actions(players: int) -> list[Action]:
    """The actions that name a seat (any seat < players)."""
    seats = range(players)
    actions: list[Action] = []
    actions += [Point(pair, target) for pair in SLOT_PAIRS for target in seats]
    actions += [Maroon(target) for target in seats]
    actions += [Target(seat) for seat in seats]
    actions += [MarqueMove(seat, ship) for seat in seats for ship in range(len(SHIPS))]
    return actions


def setup_actions(players: int) -> list[Action]:
    """Advanced setup: each place has one spot per player."""
    return [PlacePawn(place, spot) for place in range(len(PLACES)) for spot in range(players)]


def action_space(players: int, advanced_setup: bool) -> tuple[Action, ...]:
    """Every action the game can offer at a table of `players` seats, in id order."""
    actions = fixed_actions() + seat_actions(players)
    if advanced_setup:
        actions += setup_actions(players)
    return tuple(actions)


def id_ranges(players: int, advanced_setup: bool) -> dict[str, range]:
    """Each action type's ids (the table in this module's docstring, computed)."""
    ranges: dict[str, range] = {}
    for i, action in enumerate(action_space(players, advanced_setup)):
        name = type(action).__name__
        start = ranges[name].start if name in ranges else i
        ranges[name] = range(start, i + 1)
    return ranges


__all__ = [
    "COPIES",
    "PLAYABLE_MAPS",
    "SLOT_PAIRS",
    "VOTE_PAIRS",
    "VOTE_TYPES",
    "action_space",
    "fixed_actions",
    "id_ranges",
    "seat_actions",
    "setup_actions",
]
