"""What a seat knows in Tortuga 1667, typed for the heuristic bot (`State.bot_view`).

The bot reads the same knowledge as `view.build_view(state, seat)`, but a rollout asks for it at
every step, so it is built here straight from the fields as a `BotView` of ints, strings and
tuples rather than as the JSON view the bot would have to parse.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from buccaneer.games.tortuga1667.components import ARMADA_AMONG_LAST, DESTROYED
from buccaneer.games.tortuga1667.fields import Fields

# A row slot in `BotView.row`: a face-down card the seat has not seen, and an empty slot.
HIDDEN = "?"
EMPTY = ""


class BotView(NamedTuple):
    """What a seat knows, typed for the heuristic bot (`State.bot_view`): the part of
    `build_view(state, seat)` the bot reads, as ints, strings and tuples straight from the
    state's fields, so a rollout step does not build and parse the JSON view. Every field is a
    function of the view (the comments say which key); none holds more (the twin walks compare
    it like the view)."""

    players: int
    seat: int
    lines: tuple[tuple[int, ...], ...]  # ships' crews and Tortuga's crew, top first
    holds: tuple[tuple[int, int], tuple[int, int]]  # per ship (british, french)
    tortuga: tuple[int, int, int]  # tortuga british, french, loose
    galleon: int
    rowboats: tuple[int, int]  # per ship: a seat, -1 free, -2 destroyed ("rowboats")
    chests: tuple[int, int]  # team_chests (british, french)
    team: int  # loyalty
    hand: tuple[int, ...]  # votes, sorted card ids
    vote_sizes: tuple[int, ...]  # vote_hand_sizes
    vote_deck: int
    vote_deck_top: int  # the card id, -1 when the seat does not know it
    pirate_code: tuple[int, ...]
    albatross: tuple[int, ...]
    maps: tuple[tuple[str, ...], ...]  # treasure_maps
    scurvy: tuple[bool, ...]
    row: tuple[str, ...]  # events.row: a card name, HIDDEN (null) or EMPTY ("empty")
    bottom_five: tuple[bool, ...]  # events.bottom_five
    deck: int  # events.deck
    discard: tuple[str, ...]  # events.discard
    in_game: tuple[str, ...]  # events.in_game
    armada_live: bool  # events.armada_in_deck
    tiebreak: bool
    current: int
    # decision: ("vote", kind, place index, caller, voters) for a vote, else the pending step
    # at the front of the queue (queue[0]); () once the game is over.
    decision: tuple[Any, ...]
    known: tuple[int, ...]  # known_loyalties per seat (-1: not known); () when none is
    spots: tuple[tuple[int, ...], ...]  # spots (-1: free); () without the advanced setup
    evidence: tuple[tuple[float, float, float, float], ...]  # loyalty_evidence


# Each `BotView` field's place in the tuple, for `with_changes`.
FIELD_INDEX: dict[str, int] = {name: i for i, name in enumerate(BotView.__annotations__)}


def with_changes(view: BotView, **changes: Any) -> BotView:
    """`view` with some fields changed: the public model of play swaps the seat's loyalty and
    hides its hand, and the heuristic that reads no evidence blanks it. An unknown field name
    is a KeyError."""
    values = list(view)
    for name, value in changes.items():
        values[FIELD_INDEX[name]] = value
    return tuple.__new__(BotView, values)


def build_bot_view(state: Fields, seat: int) -> BotView:
    """`BotView` of `seat`, from the same fields and rules as `build_view` (rollouts call this
    at every step, hence the plain loops, `map` over builtins and the tuple built in one go)."""
    over = state.winner_team >= 0
    known_slots = state.known[seat]
    memory = state.memory[seat]
    cards = state.row
    if over:
        row = tuple([EMPTY if card is None else card for card in cards])
    elif known_slots:
        row = tuple(
            [
                EMPTY if card is None else card if slot in known_slots else HIDDEN
                for slot, card in enumerate(cards)
            ]
        )
    else:
        row = tuple([EMPTY if card is None else HIDDEN for card in cards])
    if over:
        step: tuple[Any, ...] = ()
    elif state.voting:
        kind, place, caller = state.vote_info
        step = ("vote", kind, place, caller, tuple(state.voting))
    else:
        step = state.queue[0]
    proven = memory.get("loyalties") if memory else None
    lines = state.lines
    (fd_british, fd_french), (jr_british, jr_french) = state.holds
    chests = state.tortuga_chests
    boats = state.rowboats
    fd_boat, jr_boat = boats[0], boats[1]
    players = state.players
    fields = (
        players,
        seat,
        (tuple(lines[0]), tuple(lines[1]), tuple(lines[2])),
        ((fd_british, fd_french), (jr_british, jr_french)),
        (chests[0], chests[1], chests[2]),
        state.galleon,
        # A rowboat as `build_view` tells it apart: a seat, destroyed (-2) or free (-1).
        (
            fd_boat if fd_boat >= 0 or fd_boat == DESTROYED else -1,
            jr_boat if jr_boat >= 0 or jr_boat == DESTROYED else -1,
        ),
        # `team_chests`, summed in the same order.
        (fd_british + jr_british + chests[0], fd_french + jr_french + chests[1]),
        state.loyalty[seat],
        tuple(sorted(state.votes[seat])),
        tuple(map(len, state.votes)),
        len(state.vote_deck),
        memory.get("deck_top", -1) if memory else -1,
        tuple(state.pirate_code),
        tuple(state.albatross),
        tuple(map(tuple, state.maps)),
        tuple(state.scurvy),
        row,
        tuple(
            [
                card is not None and 0 <= index < ARMADA_AMONG_LAST
                for card, index in zip(cards, state.row_index, strict=True)
            ]
        ),
        len(state.deck),
        tuple(state.discard),
        tuple(state.cards_in_game),
        state.armada_live,
        state.tiebreak,
        state.current,
        step,
        tuple([proven.get(s, -1) for s in range(players)]) if proven else (),
        tuple(map(tuple, state.spots)) if state.spots else (),
        state.evidence,
    )
    # The fields in declaration order, without the keyword handling of `BotView(...)`.
    return tuple.__new__(BotView, fields)
