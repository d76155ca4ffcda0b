"""What must hold in every Cartagena state: pieces and cards are neither made nor lost."""

from __future__ import annotations

from buccaneer.core.state import State
from buccaneer.games.cartagena.components import (
    ACTIONS_PER_TURN,
    BOAT,
    CARDS_PER_SYMBOL,
    MAX_ON_SQUARE,
    PIRATES_PER_SEAT,
    ROW_SIZE,
    SQUARES,
    START,
    SYMBOLS,
)
from buccaneer.games.cartagena.state import CartagenaState


def invariants(state: State) -> list[str]:
    """Every broken invariant, in words; [] for a sound state."""
    assert isinstance(state, CartagenaState)
    problems: list[str] = []
    occ = [0] * SQUARES
    for seat, squares in enumerate(state.pirates):
        if len(squares) != PIRATES_PER_SEAT:
            problems.append(f"seat {seat} has {len(squares)} pirates")
        if squares != sorted(squares):
            problems.append(f"seat {seat} pirates not sorted: {squares}")
        for square in squares:
            if not START <= square <= BOAT:
                problems.append(f"seat {seat} pirate on square {square}")
            elif 0 <= square < SQUARES:
                occ[square] += 1
    if occ != state.occ:
        problems.append(f"occupancy table {state.occ} does not match pirates {occ}")
    if any(n > MAX_ON_SQUARE for n in occ):
        problems.append(f"more than {MAX_ON_SQUARE} pirates on a square: {occ}")
    for card, name in enumerate(SYMBOLS):
        total = (
            sum(hand[card] for hand in state.hands)
            + state.discard[card]
            + state.pile.count(card)
            + state.row.count(card)
        )
        if total != CARDS_PER_SYMBOL:
            problems.append(f"{total} {name} cards in play instead of {CARDS_PER_SYMBOL}")
    if any(n < 0 for hand in state.hands for n in hand) or any(n < 0 for n in state.discard):
        problems.append("a negative card count")
    if not state.open_hands and state.row:
        problems.append("the Jamaica version has no open row")
    if state.open_hands:
        if len(state.row) > ROW_SIZE:
            problems.append(f"the row holds {len(state.row)} cards")
        if not state.row and (state.pile or any(state.discard)):
            problems.append("the row is empty while cards are left to lay out")
    if not 0 <= state.actions_done < ACTIONS_PER_TURN:
        problems.append(f"{state.actions_done} actions done in a turn that should have passed")
    six = [s for s, squares in enumerate(state.pirates) if squares[0] == BOAT]
    if six or not state.is_dead():
        if six != state.winners():
            problems.append(f"seats {six} have six in the boat but winners are {state.winners()}")
    else:
        # A dead position: the move into it ended the game and the most pirates in the boat
        # win (docs/rulings.md). One set up directly with `position` is still running.
        boat = [squares.count(BOAT) for squares in state.pirates]
        most = [s for s, n in enumerate(boat) if n == max(boat)]
        if state.winners() not in ([], most):
            problems.append(
                f"dead position with {boat} in the boat, but winners are {state.winners()}"
            )
    return problems
