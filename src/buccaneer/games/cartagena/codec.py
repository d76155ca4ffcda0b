"""Cartagena for learning agents: 261 action ids and a seat-relative observation vector.

Action ids (the same for every player count and version):

- 0-221: `Forward(card, from)`, id = card * 37 + (from + 1), cards in the order skull hat
  dagger bottle key pistol, from -1 (the start) to 35;
- 222-259: `Back(from)`, id = 222 + (from + 1), from -1 to 36 (the boat); from the start it is never
  legal, but keeping it makes the arithmetic plain;
- 260: `EndTurn`.

The observation rotates the seats so that the observer is always seat 0 of the vector ("me",
then the next seat in turn order, ...). A network then learns one policy for every seat.
Counts are divided by their maxima, so every value lies in [0, 1].
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from buccaneer.core.codec import Codec, Field, Writer
from buccaneer.games.cartagena.actions import BACK, END_TURN, FORWARD
from buccaneer.games.cartagena.components import (
    ACTIONS_PER_TURN,
    CARDS_PER_SYMBOL,
    PIRATES_PER_SEAT,
    ROW_SIZE,
    SQUARES,
    SYMBOL_INDEX,
    SYMBOLS,
)

DECK = CARDS_PER_SYMBOL * len(SYMBOLS)
PLACES = SQUARES + 2  # the start, 36 squares, the boat


def _layout(players: int) -> tuple[Field, ...]:
    return (
        Field("board", SQUARES * 6, "symbol of each square, start to boat (one-hot, 36 x 6)"),
        Field(
            "pirates",
            players * PLACES,
            f"pirates of each seat (me first) per place: start, squares 0-35, boat; "
            f"count / {PIRATES_PER_SEAT} ({players} x {PLACES})",
        ),
        Field("my_hand", 6, f"my cards per symbol / {CARDS_PER_SYMBOL}"),
        Field(
            "open_hands",
            (players - 1) * 7,
            "each other seat: 1 if its hand is open (Tortuga version, or the game is over), "
            f"then its cards per symbol / {CARDS_PER_SYMBOL}",
        ),
        Field("hand_sizes", players, f"cards in each seat's hand / {DECK}"),
        Field(
            "row",
            ROW_SIZE * 6,
            "Tortuga version: the open cards in take order (one-hot per slot; empty slots 0)",
        ),
        Field("draw_pile", 1, f"cards in the draw pile / {DECK}"),
        Field("discard", 6, f"discarded cards per symbol / {CARDS_PER_SYMBOL}"),
        Field("current", players, "whose turn it is (one-hot, me first; all 0 once over)"),
        Field("actions_left", ACTIONS_PER_TURN + 1, "actions left this turn, 0-3 (one-hot)"),
        Field("version", 2, "rules version: Jamaica, Tortuga (one-hot)"),
        Field("over", 1, "1 once the game is over"),
    )


class CartagenaCodec(Codec):
    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        actions = [a for per_card in FORWARD for a in per_card] + list(BACK) + [END_TURN]
        super().__init__("cartagena", players, options, actions, _layout(players))

    def encode(self, view: Mapping[str, Any], writer: Writer) -> None:
        players = self.players
        me = view["seat"] if view["seat"] is not None else 0
        order = [(me + k) % players for k in range(players)]
        board = [0.0] * (SQUARES * 6)
        for square, name in enumerate(view["board"]):
            board[square * 6 + SYMBOL_INDEX[name]] = 1.0
        writer.put("board", board)
        places = [0.0] * (players * PLACES)
        for k, seat in enumerate(order):
            for square in view["pirates"][seat]:
                places[k * PLACES + square + 1] += 1.0 / PIRATES_PER_SEAT
        writer.put("pirates", places)
        hands = view["hands"]
        mine = hands[me] or {}
        writer.put("my_hand", (mine.get(s, 0) / CARDS_PER_SYMBOL for s in SYMBOLS))
        others: list[float] = []
        for seat in order[1:]:
            hand = hands[seat]
            if hand is None:
                others.extend((0.0,) * 7)
            else:
                others.append(1.0)
                others.extend(hand[s] / CARDS_PER_SYMBOL for s in SYMBOLS)
        writer.put("open_hands", others)
        writer.put("hand_sizes", (view["hand_sizes"][seat] / DECK for seat in order))
        row = [0.0] * (ROW_SIZE * 6)
        for slot, name in enumerate(view["row"][:ROW_SIZE]):
            row[slot * 6 + SYMBOL_INDEX[name]] = 1.0
        writer.put("row", row)
        writer.scalar("draw_pile", view["draw_pile"] / DECK)
        writer.put("discard", (view["discard"][s] / CARDS_PER_SYMBOL for s in SYMBOLS))
        current = view["current"]
        writer.one_hot("current", None if current is None else order.index(current), players)
        writer.one_hot("actions_left", view["actions_left"], ACTIONS_PER_TURN + 1)
        writer.one_hot("version", 0 if view["variant"] == "jamaica" else 1, 2)
        writer.scalar("over", 1.0 if view["over"] else 0.0)
