"""Cartagena's rules engine (the Cartagena rulebook; rulings in docs/rulings.md).

The state is kept in plain ints and small lists for speed: pirate squares per seat (sorted, so
equal positions compare equal), a 36-entry occupancy count, card counts per symbol for hands and
the discard pile, the draw pile and the open row as lists of symbol ints. Square numbers are
0..35 in the tunnel, -1 for the start and 36 for the boat (the JSON contract); texts for people
count squares 1..36 as the rulebook does.
"""

from __future__ import annotations

import random
from bisect import bisect_right, insort
from itertools import compress
from operator import itemgetter
from typing import Any, Self

from buccaneer.core.errors import IllegalAction
from buccaneer.core.events import Event
from buccaneer.core.options import check_seat_option
from buccaneer.core.rng import Rng
from buccaneer.core.state import Action, State
from buccaneer.games.cartagena.actions import (
    BACK_FROM,
    END_TURN,
    FORWARD_FROM,
    Back,
    EndTurn,
    Forward,
    action_from_json,
)
from buccaneer.games.cartagena.board import (
    BOAT,
    CARDS_PER_SYMBOL,
    SQUARES,
    START,
    SYMBOL_INDEX,
    SYMBOLS,
    BoardTables,
    board_from_layout,
    board_tables,
    random_tiles,
    square_name,
)
from buccaneer.games.cartagena.botview import BotView
from buccaneer.games.cartagena.chance import shuffle
from buccaneer.games.cartagena.log import format_event

GAME = "cartagena"
SEAT_NAMES: tuple[str, ...] = ("Red", "Blue", "Yellow", "Green", "Brown")
PIRATES_PER_SEAT = 6
MAX_PLAYERS = len(SEAT_NAMES)
HAND_SIZE = 6  # "Daarna ontvangt iedere speler 6 kaarten."
ROW_SIZE = 12  # Tortuga version: "de 12 bovenste kaarten ... blootgelegd"
ACTIONS_PER_TURN = 3  # "mag één, twee of drie acties ondernemen"
MAX_ON_SQUARE = 3  # "nooit meer dan 3 piraten op één veld"

# A `map`-able lookup of the interned back moves (actions.py) by the square a pirate leaves.
_BACK_GET = BACK_FROM.__getitem__
# For bytes.translate over the occupancy: 1 where a square holds one or two pirates (where a back
# move may land), 0 for an empty or a full one; `find(1)` is then the lowest such square.
_LANDING = bytes(1 if 0 < n < MAX_ON_SQUARE else 0 for n in range(256))
_new_tuple = tuple.__new__  # BotView without NamedTuple's Python-level __new__


def count_cards(cards: list[int]) -> list[int]:
    """Cards (symbol ints) as six counts, the form hands and the discard pile are kept in."""
    counts = [0] * 6
    for card in cards:
        counts[card] += 1
    return counts


class CartagenaState(State):
    """A game of Cartagena, Jamaica (hidden hands) or Tortuga (open hands, open row) version."""

    game = GAME
    __slots__ = (
        "_events",
        "_formatted",
        "_history",
        "_log",
        "_replayable",
        "actions_done",
        "board",
        "current",
        "discard",
        "hands",
        "occ",
        "occ_bytes",
        "open_hands",
        "options",
        "pile",
        "pirates",
        "players",
        "rng",
        "row",
        "seed",
        "sizes",
        "sym_squares",
        "tables",
        "tiles",
        "turn",
        "won_by",
    )

    players: int
    options: dict[str, Any]
    seed: int
    board: tuple[int, ...]
    tiles: list[str] | None
    sym_squares: tuple[tuple[int, ...], ...]
    tables: BoardTables
    open_hands: bool
    pirates: list[list[int]]
    occ: list[int]
    # Derived, kept alongside for `bot_view` (which hands them out as immutable copies at C
    # speed): `occ` as bytes, and each hand's size. Changed wherever `occ` and `hands` are.
    occ_bytes: bytearray
    sizes: list[int]
    hands: list[list[int]]
    pile: list[int]
    discard: list[int]
    row: list[int]  # reversed take order: the next card taken is row[-1]
    current: int
    actions_done: int
    turn: int
    # The seats that won; () while the game runs. One seat when it brought six pirates to the
    # boat, possibly several when the game ended in a dead position (docs/rulings.md).
    won_by: tuple[int, ...]
    rng: Rng
    _events: list[tuple[Any, ...]]
    _log: list[Event]
    _formatted: int

    # -- setup -------------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> CartagenaState:
        """A fresh game: board, shuffled deck, six cards each, and (Tortuga) the open row."""
        start_player = options["start_player"]
        check_seat_option(GAME, "start_player", start_player, players)
        rng = Rng(seed)
        layout = options["layout"]
        tiles = random_tiles(rng) if layout is None else layout
        deck = [sym for sym in range(6) for _ in range(CARDS_PER_SYMBOL)]
        shuffle(rng, deck)
        hands = []
        for _ in range(players):
            hands.append(count_cards(deck[-HAND_SIZE:]))
            del deck[-HAND_SIZE:]
        state = cls.assemble(
            players=players,
            seed=seed,
            options=options,
            tiles=tiles,
            pirates=[[START] * PIRATES_PER_SEAT for _ in range(players)],
            hands=hands,
            pile=deck,
            discard=[0] * 6,
            row=[],
            current=start_player,
            actions_done=0,
            turn=1,
            won_by=(),
            rng=rng,
        )
        if state.open_hands:
            state.refill_row()
        state._events.insert(0, ("setup",))
        return state

    @classmethod
    def assemble(
        cls,
        *,
        players: int,
        seed: int,
        options: dict[str, Any],
        tiles: list[str],
        pirates: list[list[int]],
        hands: list[list[int]],
        pile: list[int],
        discard: list[int],
        row: list[int],
        current: int,
        actions_done: int,
        turn: int,
        won_by: tuple[int, ...],
        rng: Rng,
    ) -> CartagenaState:
        state = cls.__new__(cls)
        state.players = players
        state.seed = seed
        state.options = options
        state.tiles = tiles if len(tiles) == 6 else None
        state.tables = tables = board_tables(board_from_layout(tiles))
        state.board = tables.board
        state.sym_squares = tables.sym_squares
        state.open_hands = options["variant"] == "tortuga"
        state.pirates = [sorted(p) for p in pirates]
        occ = [0] * SQUARES
        for seat_pirates in state.pirates:
            for square in seat_pirates:
                if 0 <= square < SQUARES:
                    occ[square] += 1
        state.occ = occ
        state.occ_bytes = bytearray(occ)
        state.hands = hands
        state.sizes = [sum(hand) for hand in hands]
        state.pile = pile
        state.discard = discard
        state.row = row
        state.current = current
        state.actions_done = actions_done
        state.turn = turn
        state.won_by = won_by
        state.rng = rng
        state._history = []
        state._replayable = True
        state._events = []
        state._log = []
        state._formatted = 0
        return state

    # -- the protocol ----------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        return () if self.won_by else (self.current,)

    def is_over(self) -> bool:
        return bool(self.won_by)

    def legal_actions(self, seat: int) -> list[Action]:
        if type(seat) is not int or seat != self.current or self.won_by:
            return []
        # The order is the contract (the compiled kernel and seeded games follow it): forward
        # moves by symbol, then by square; back moves by square; ending the turn last.
        actions: list[Action] = []
        squares = self.pirates[seat]  # kept sorted, the boat's last
        distinct = list(dict.fromkeys(squares))
        movable = distinct[:-1] if distinct[-1] == BOAT else distinct
        if len(movable) > 1:
            take = itemgetter(*movable)  # each symbol's actions from these squares, in C
            for row in compress(FORWARD_FROM, self.hands[seat]):  # the symbols held
                actions += take(row)
        elif movable:
            square = movable[0]
            for row in compress(FORWARD_FROM, self.hands[seat]):
                actions.append(row[square])
        # A back move from q exists iff some square below q holds one or two pirates.
        lowest = self.occ_bytes.translate(_LANDING).find(1)
        if 0 <= lowest < distinct[-1]:
            actions += map(_BACK_GET, distinct[bisect_right(distinct, lowest) :])
        actions.append(END_TURN)
        return actions

    def apply(self, seat: int, action: Action | dict[str, Any]) -> None:
        kind = type(action)
        # Exact types at the boundary: 0.0, True and numpy ints compare equal to 0 and would
        # slip into the history, breaking records and replays.
        if type(seat) is not int or seat != self.current or self.won_by or kind is dict:
            action = self._checked(seat, action)
            kind = type(action)
        if kind is Forward:
            # Played here rather than in a method of its own: it is most of a game's actions.
            card, origin = action.card, action.from_  # type: ignore[union-attr]
            if type(card) is not int or not 0 <= card < 6 or type(origin) is not int:
                raise IllegalAction(
                    f"{action!r} is not a valid forward move (card 0-5, an int square)"
                )
            hand = self.hands[seat]
            if not hand[card]:
                raise IllegalAction(f"{self._name(seat)} has no {SYMBOLS[card]} card to play")
            squares = self.pirates[seat]
            if origin == BOAT or origin not in squares:
                raise IllegalAction(
                    f"{self._name(seat)} has no pirate that can move forward from "
                    f"{square_name(origin)}"
                )
            occ = self.occ
            # "het volgende onbezette teken in de tunnel dat identiek is aan het teken ... Als
            # er ... geen teken meer is ... of als al deze tekens zijn bezet, dan springt de
            # piraat direct naar het einde van de tunnel en neemt hij plaats in de sloep."
            dest = BOAT
            for square in self.tables.ahead[card][origin + 1]:
                if not occ[square]:
                    dest = square
                    break
            hand[card] -= 1
            self.sizes[seat] -= 1
            self.discard[card] += 1
            squares.remove(origin)
            if dest == BOAT:
                squares.append(dest)
            else:
                insort(squares, dest)
                occ[dest] += 1
                self.occ_bytes[dest] += 1
            if origin >= 0:
                occ[origin] -= 1
                self.occ_bytes[origin] -= 1
            self._events.append(("forward", seat, card, origin, dest))
            self._history.append((seat, action))  # type: ignore[arg-type]
            if squares[0] == BOAT:
                # "De speler die als eerste al zijn zes piraten aan boord van de sloep heeft
                # gebracht, gooit onmiddellijk de trossen los en wint het spel."
                self.won_by = (seat,)
                self._events.append(("win", seat))
                return
            if not hand[card] and not any(hand):
                # The mover's last card: if nobody holds one any more, the position may be
                # dead (docs/rulings.md, "A position nothing can change").
                self._end_if_dead()
                if self.won_by:
                    return
        elif kind is Back:
            self._back(seat, action)  # type: ignore[arg-type]
            self._history.append((seat, action))  # type: ignore[arg-type]
            if self.won_by:
                return
        elif kind is EndTurn:
            self._events.append(("end", seat, self.actions_done))
            self._history.append((seat, action))  # type: ignore[arg-type]
            self.current = (seat + 1) % self.players
            self.actions_done = 0
            self.turn += 1
            return
        elif isinstance(action, dict):  # a dict of another type than dict itself
            self.apply(seat, action_from_json(action))
            return
        else:
            raise IllegalAction(f"{action!r} is not a Cartagena action")
        if self.actions_done == ACTIONS_PER_TURN - 1:
            self.current = (seat + 1) % self.players
            self.actions_done = 0
            self.turn += 1
        else:
            self.actions_done += 1

    def _checked(self, seat: Any, action: Any) -> Action:
        """What `apply` does before a move when it is not plainly the mover's: the action
        parsed from JSON, or `IllegalAction` (the game is over, not this seat's turn) with
        nothing changed; an action of a foreign type is refused by `apply` after this."""
        if isinstance(action, dict):
            action = action_from_json(action)
        if self.won_by:
            raise IllegalAction("the game is over")
        if type(seat) is not int or seat != self.current:
            raise IllegalAction(
                f"it is {self._name(self.current)}'s turn, not {self._name(seat)}'s"
                if type(seat) is int and 0 <= seat < self.players
                else f"there is no seat {seat!r} in a {self.players}-player game"
            )
        return action  # type: ignore[no-any-return]

    def _back(self, seat: int, action: Back) -> None:
        origin = action.from_
        if type(origin) is not int:
            raise IllegalAction(f"{action!r} is not a valid back move (an int square)")
        squares = self.pirates[seat]
        if origin == START or origin not in squares:
            raise IllegalAction(
                f"{self._name(seat)} has no pirate that can move back from {square_name(origin)}"
            )
        occ = self.occ
        # "terug naar het dichtst nabijgelegen teken dat is bezet door 1 of 2 andere piraten ...
        # Daarbij wordt over onbezette en over velden gesprongen die met 3 piraten zijn bezet."
        # The nearest such square is the target, so a one-pirate square is never passed to reach
        # a two-pirate square ("AANDACHT").
        target = -1
        for square in range(origin - 1, -1, -1):
            if 0 < occ[square] < MAX_ON_SQUARE:
                target = square
                break
        if target < 0:
            # "In elk geval mag men nooit met een piraat terug uit de tunnel kruipen."
            raise IllegalAction(
                f"no square behind {square_name(origin)} holds one or two pirates, and a pirate "
                "may never leave the tunnel backwards"
            )
        found = occ[target]
        squares.remove(origin)
        insort(squares, target)
        if origin < BOAT:
            occ[origin] -= 1
            self.occ_bytes[origin] -= 1
        occ[target] += 1
        self.occ_bytes[target] += 1
        drawn = self._draw(seat, found)
        self._events.append(("back", seat, origin, target, found, tuple(drawn)))
        if not drawn:
            # No card was left anywhere to draw (then all are in hands, so some seat holds
            # one); the occupancy changed, so look again all the same.
            self._end_if_dead()

    def _draw(self, seat: int, count: int) -> list[int]:
        """Draw `count` cards (fewer only if no card is left anywhere to draw)."""
        hand = self.hands[seat]
        drawn: list[int] = []
        if self.open_hands:
            row = self.row
            for _ in range(count):
                if not row:
                    # A row used up when no card was left to lay out is laid out as soon as a
                    # draw finds cards again ("Zodra de volledige rij kaarten is opgebruikt,
                    # worden opnieuw 12 kaarten blootgelegd").
                    self.refill_row()
                    if not row:
                        break
                card = row.pop()
                hand[card] += 1
                drawn.append(card)
                if not row:
                    # "Zodra de volledige rij kaarten is opgebruikt, worden opnieuw 12 kaarten
                    # blootgelegd."
                    self.refill_row()
        else:
            pile = self.pile
            for _ in range(count):
                if not pile:
                    self._reshuffle()
                    if not pile:
                        break
                card = pile.pop()
                hand[card] += 1
                drawn.append(card)
        self.sizes[seat] += len(drawn)
        return drawn

    def _reshuffle(self) -> None:
        # "Als de voorraadstapel is opgebruikt, wordt de aflegstapel zeer grondig gemixt en als
        # nieuwe voorraadstapel klaargelegd."
        pile = [card for card in range(6) for _ in range(self.discard[card])]
        if not pile:
            return
        shuffle(self.rng, pile)
        self.pile[:] = pile  # in place: callers hold a reference to the pile
        self.discard = [0] * 6
        self._events.append(("reshuffle", len(pile)))

    def refill_row(self) -> None:
        laid: list[int] = []
        while len(laid) < ROW_SIZE:
            if not self.pile:
                self._reshuffle()
                if not self.pile:
                    break
            laid.append(self.pile.pop())
        self.row[:] = laid[::-1]  # in place: callers hold a reference to the row
        if laid:
            self._events.append(("row", tuple(laid)))

    def is_dead(self) -> bool:
        """True when no action can ever change the position: no seat holds a card (so no
        forward move) and no square below any pirate holds one or two pirates (so no back move,
        the only way cards come back into hands). Only `end_turn` would be left, forever."""
        for hand in self.hands:
            if any(hand):
                return False
        occ = self.occ
        for square in range(SQUARES):
            if 0 < occ[square] < MAX_ON_SQUARE:
                # A back move exists iff some pirate stands above the lowest such square (the
                # pirates are sorted, so a seat's last one is its highest; the boat counts).
                return all(squares[-1] <= square for squares in self.pirates)
        return True

    def _end_if_dead(self) -> None:
        """End a dead position at once: the seats with the most pirates in the boat share the
        win (ruling "A position nothing can change" in docs/rulings.md; the rulebook is silent)."""
        if self.won_by or not self.is_dead():
            return
        boat = [squares.count(BOAT) for squares in self.pirates]
        most = max(boat)
        self.won_by = tuple(seat for seat, n in enumerate(boat) if n == most)
        self._events.append(("dead", self.won_by, tuple(boat)))

    def scores(self) -> list[float]:
        """Pirates in the boat per seat: the winner has six; for others a measure of progress,
        and what decides a dead position (`is_dead`)."""
        return [float(p.count(BOAT)) for p in self.pirates]

    def winners(self) -> list[int]:
        return list(self.won_by)

    # -- information -----------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.base_view(seat)
        over = bool(self.won_by)
        hands: list[dict[str, int] | None] = []
        for s, hand in enumerate(self.hands):
            visible = self.open_hands or over or s == seat
            hands.append(dict(zip(SYMBOLS, hand, strict=True)) if visible else None)
        view.update(
            {
                "variant": self.options["variant"],
                "board": [SYMBOLS[s] for s in self.board],
                "tiles": list(self.tiles) if self.tiles is not None else None,
                "pirates": [list(p) for p in self.pirates],
                "hands": hands,
                "hand_sizes": [sum(h) for h in self.hands],
                "row": [SYMBOLS[c] for c in reversed(self.row)],
                "draw_pile": len(self.pile),
                "discard": dict(zip(SYMBOLS, self.discard, strict=True)),
                "current": self.current if not over else None,
                "actions_left": ACTIONS_PER_TURN - self.actions_done if not over else 0,
                "turn": self.turn,
                "seat_names": list(SEAT_NAMES[: self.players]),
            }
        )
        return view

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """Rebuild the game from `view(seat)` alone, dealing the unseen cards uniformly.

        Unseen are the cards in hidden hands (Jamaica) and the draw pile's order. Their
        multiset is known (102 cards minus every visible card); they are shuffled and dealt to
        the hidden hands by size, the rest forming the draw pile. This ignores what a seat could
        infer from a reshuffle (which cards formed the new pile), a documented simplification.
        The result has an empty log and no record: its past is not a real game.
        """
        self.check_seat(seat)
        over = bool(self.won_by)
        shown = self.open_hands or over
        unseen = [CARDS_PER_SYMBOL] * 6
        for s, hand in enumerate(self.hands):
            if shown or s == seat:
                unseen = [u - c for u, c in zip(unseen, hand, strict=True)]
        for card in self.row:
            unseen[card] -= 1
        unseen = [u - d for u, d in zip(unseen, self.discard, strict=True)]
        # From here as `from_view` deals (same draws from `rng`, same world), without making
        # the JSON view and reading it back: ISMCTS samples a world every iteration.
        cards = [card for card in range(6) for _ in range(unseen[card])]
        chance = Rng(rng.getrandbits(64))
        shuffle(chance, cards)
        dealt: list[list[int]] = []
        for s, hand in enumerate(self.hands):
            if shown or s == seat:
                dealt.append(hand[:])
            else:
                size = self.sizes[s]
                dealt.append(count_cards(cards[len(cards) - size :]))
                del cards[len(cards) - size :]
        if len(cards) != len(self.pile):
            raise ValueError("state is inconsistent: card counts do not add up to 102")
        world = self.__class__.__new__(self.__class__)
        world.players = self.players
        world.seed = self.seed if over else chance.next64() >> 1
        world.options = dict(self.options)
        world.tiles = self.tiles
        world.board = self.board
        world.sym_squares = self.sym_squares
        world.tables = self.tables
        world.open_hands = self.open_hands
        world.pirates = [p[:] for p in self.pirates]
        world.occ = self.occ[:]
        world.occ_bytes = self.occ_bytes[:]
        world.hands = dealt
        world.sizes = self.sizes[:]  # each hidden hand is dealt as many cards as it holds
        world.pile = cards
        world.discard = self.discard[:]
        world.row = self.row[:]
        world.current = self.current if not over else self.won_by[0]
        world.actions_done = self.actions_done if not over else 0
        world.turn = self.turn
        world.won_by = self.won_by
        world.rng = chance
        world.reset_records(replayable=False)
        return world

    def bot_view(self, seat: int | None) -> BotView:
        """`seat`'s knowledge for its bot (botview.py), the same as `view(seat)` holds."""
        if type(seat) is not int or not 0 <= seat < self.players:
            self.check_seat(seat)  # refuses anything but a seat or None (a spectator)
        over = bool(self.won_by)
        hands = self.hands
        shown: tuple[tuple[int, ...] | None, ...]
        if self.open_hands or over:
            shown = tuple(map(tuple, hands))
        else:
            hidden: list[tuple[int, ...] | None] = [None] * self.players
            if seat is not None:
                hidden[seat] = tuple(hands[seat])
            shown = tuple(hidden)
        return _new_tuple(
            BotView,
            (
                seat,
                self.players,
                self.open_hands,
                over,
                self.won_by,
                -1 if over else self.current,
                0 if over else ACTIONS_PER_TURN - self.actions_done,
                self.turn,
                self.tables,
                tuple(map(tuple, self.pirates)),
                bytes(self.occ_bytes),
                shown,
                tuple(self.sizes),
                tuple(reversed(self.row)),
                len(self.pile),
                tuple(self.discard),
            ),
        )

    @classmethod
    def from_view(cls, view: dict[str, Any], rng: random.Random) -> CartagenaState:
        """A full state consistent with `view`, hidden cards dealt with randomness from `rng`."""
        unseen = [CARDS_PER_SYMBOL] * 6
        hands: list[list[int] | None] = []
        for hand in view["hands"]:
            if hand is None:
                hands.append(None)
                continue
            counts = [hand[name] for name in SYMBOLS]
            hands.append(counts)
            unseen = [u - c for u, c in zip(unseen, counts, strict=True)]
        row = [SYMBOL_INDEX[name] for name in reversed(view["row"])]
        for card in row:
            unseen[card] -= 1
        discard = [view["discard"][name] for name in SYMBOLS]
        unseen = [u - d for u, d in zip(unseen, discard, strict=True)]
        cards = [card for card in range(6) for _ in range(unseen[card])]
        chance = Rng(rng.getrandbits(64))
        shuffle(chance, cards)
        dealt: list[list[int]] = []
        for seat, hand in enumerate(hands):
            if hand is None:
                size = view["hand_sizes"][seat]
                dealt.append(count_cards(cards[len(cards) - size :]))
                del cards[len(cards) - size :]
            else:
                dealt.append(list(hand))
        if len(cards) != view["draw_pile"]:
            raise ValueError("view is inconsistent: card counts do not add up to 102")
        over = view["over"]
        state = cls.assemble(
            players=view["players"],
            seed=view["seed"] if view["seed"] is not None else chance.next64() >> 1,
            options=dict(view["options"]),
            tiles=view["tiles"] if view["tiles"] is not None else view["board"],
            pirates=[list(p) for p in view["pirates"]],
            hands=dealt,
            pile=cards,
            discard=discard,
            row=row,
            current=view["current"] if not over else view["winners"][0],
            actions_done=ACTIONS_PER_TURN - view["actions_left"] if not over else 0,
            turn=view["turn"],
            won_by=tuple(view["winners"]) if over else (),
            rng=chance,
        )
        state._replayable = False
        return state

    # -- copies and identity ----------------------------------------------------------------

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        twin.players = self.players
        twin.seed = self.seed
        twin.options = self.options  # never mutated after setup
        twin.tiles = self.tiles
        twin.board = self.board
        twin.sym_squares = self.sym_squares
        twin.tables = self.tables
        twin.open_hands = self.open_hands
        twin.pirates = [p[:] for p in self.pirates]
        twin.occ = self.occ[:]
        twin.occ_bytes = self.occ_bytes[:]
        twin.hands = [h[:] for h in self.hands]
        twin.sizes = self.sizes[:]
        twin.pile = self.pile[:]
        twin.discard = self.discard[:]
        twin.row = self.row[:]
        twin.current = self.current
        twin.actions_done = self.actions_done
        twin.turn = self.turn
        twin.won_by = self.won_by
        twin.rng = self.rng.copy()
        self.copy_records_to(twin)
        return twin

    def snapshot(self) -> tuple[Any, ...]:
        return (
            self.players,
            repr(sorted(self.options.items())),
            self.board,
            tuple(tuple(p) for p in self.pirates),
            tuple(self.occ),
            tuple(tuple(h) for h in self.hands),
            tuple(self.pile),
            tuple(self.discard),
            tuple(self.row),
            self.current,
            self.actions_done,
            self.turn,
            self.won_by,
            self.rng.state,
        )

    # -- words -------------------------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"

    def forward_destination(self, card: int, origin: int) -> int:
        """Where a forward move with `card` from `origin` lands now."""
        for square in self.sym_squares[card]:
            if square > origin and not self.occ[square]:
                return square
        return BOAT

    def back_destination(self, origin: int) -> tuple[int, int]:
        """(target square, cards drawn) of a back move from `origin`, or (-1, 0) if none."""
        for square in range(origin - 1, -1, -1):
            if 0 < self.occ[square] < MAX_ON_SQUARE:
                return square, self.occ[square]
        return -1, 0

    def describe(self, action: Action, seat: int | None = None) -> str:
        if isinstance(action, Forward):
            dest = self.forward_destination(action.card, action.from_)
            return (
                f"play {SYMBOLS[action.card]}: pirate {square_name(action.from_)} → "
                f"{square_name(dest)}"
            )
        if isinstance(action, Back):
            target, found = self.back_destination(action.from_)
            if target < 0:
                return f"back from {square_name(action.from_)} (not possible)"
            cards = "card" if found == 1 else "cards"
            return (
                f"back: pirate {square_name(action.from_)} → {square_name(target)}, "
                f"draw {found} {cards}"
            )
        if isinstance(action, EndTurn):
            return "pass" if self.actions_done == 0 else "end turn"
        return repr(action)

    def format_event(self, raw: tuple[Any, ...]) -> list[Event]:
        names = SEAT_NAMES[: self.players]
        return format_event(raw, names, self.open_hands, self.tiles, self.options)
