"""Cartagena's rules (the Cartagena rulebook; rulings in docs/rulings.md, "Cartagena"): setup,
legal actions and applying an action.

`Rules` adds them to the fields (fields.py) as methods, so the protocol's two hot calls
(`legal_actions`, `apply`: most of a playout's time) are these methods themselves, with no call
in between; `CartagenaState` (state.py) adds the rest of the protocol on top. Refusals are worded
in explain.py, the shuffles are rules_chance.py's.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from itertools import compress
from operator import itemgetter
from typing import Any, Self

from buccaneer.core.errors import IllegalAction
from buccaneer.core.options import check_seat_option
from buccaneer.core.rng import Rng
from buccaneer.core.state import Action
from buccaneer.games.cartagena.actions import (
    BACK_FROM,
    END_TURN,
    FORWARD_FROM,
    Back,
    EndTurn,
    Forward,
    action_from_json,
)
from buccaneer.games.cartagena.components import (
    ACTIONS_PER_TURN,
    BOAT,
    CARDS_PER_SYMBOL,
    HAND_SIZE,
    MAX_ON_SQUARE,
    PIRATES_PER_SEAT,
    ROW_SIZE,
    SQUARES,
    START,
    board_from_layout,
    board_tables,
    count_cards,
    random_tiles,
)
from buccaneer.games.cartagena.explain import why_illegal, why_not_now
from buccaneer.games.cartagena.fields import GAME, Fields
from buccaneer.games.cartagena.rules_chance import shuffle

# A `map`-able lookup of the interned back moves (actions.py) by the square a pirate leaves.
_BACK_GET = BACK_FROM.__getitem__
# For bytes.translate over the occupancy: 1 where a square holds one or two pirates (where a back
# move may land), 0 for an empty or a full one; `find(1)` is then the lowest such square.
_LANDING = bytes(1 if 0 < n < MAX_ON_SQUARE else 0 for n in range(256))


class Rules(Fields):
    """The rules of Cartagena over its fields."""

    __slots__ = ()

    # -- setup -------------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
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
        state.note("setup")
        if state.open_hands:
            state.refill_row()
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
    ) -> Self:
        """A state from its primary fields (the rest is derived from them), with no history:
        for `new`, `sampling.from_view` and `position`."""
        state = cls.__new__(cls)
        state.players = players
        state.seed = seed
        state.options = options
        state.tiles = tuple(tiles) if len(tiles) == 6 else None
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
        state.reset_records()
        return state

    # -- playing ---------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (the protocol's), in the order of the contract."""
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
        """Play `action` for `seat` (the protocol's): `IllegalAction` and nothing changed if it
        is not legal."""
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
                raise IllegalAction(why_illegal(self, seat, action))
            hand = self.hands[seat]
            if not hand[card]:
                raise IllegalAction(why_illegal(self, seat, action))
            squares = self.pirates[seat]
            if origin == BOAT or origin not in squares:
                raise IllegalAction(why_illegal(self, seat, action))
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
            raise IllegalAction(why_illegal(self, seat, action))
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
        if self.won_by or type(seat) is not int or seat != self.current:
            raise IllegalAction(why_not_now(self, seat))
        return action  # type: ignore[no-any-return]

    def _back(self, seat: int, action: Back) -> None:
        origin = action.from_
        if type(origin) is not int:
            raise IllegalAction(why_illegal(self, seat, action))
        squares = self.pirates[seat]
        if origin == START or origin not in squares:
            raise IllegalAction(why_illegal(self, seat, action))
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
            raise IllegalAction(why_illegal(self, seat, action))
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
        """Lay out a new open row (Tortuga version), reshuffling the discard pile if need be."""
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

    def _end_if_dead(self) -> None:
        """End a dead position at once: the seats with the most pirates in the boat share the
        win (ruling "A position nothing can change" in docs/rulings.md; the rulebook is silent)."""
        if self.won_by or not self.is_dead():
            return
        boat = [squares.count(BOAT) for squares in self.pirates]
        most = max(boat)
        self.won_by = tuple(seat for seat, n in enumerate(boat) if n == most)
        self._events.append(("dead", self.won_by, tuple(boat)))
