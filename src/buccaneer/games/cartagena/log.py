"""Cartagena's game log in words: events are stored as small tuples while playing (cheap on
the hot path) and turned into readable `Event`s only when someone reads the log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from buccaneer.core.events import Event
from buccaneer.games.cartagena.board import SYMBOLS, square_name


def format_event(
    raw: tuple[Any, ...],
    names: Sequence[str],
    open_hands: bool,
    tiles: Sequence[str] | None,
    options: dict[str, Any],
) -> list[Event]:
    """The readable events for one stored event tuple (a Jamaica draw gives a public and a
    private one)."""

    def name(seat: int) -> str:
        return names[seat]

    kind = raw[0]
    if kind == "setup":
        layout = " ".join(tiles) if tiles else "a custom tunnel"
        return [
            Event(
                f"Cartagena ({options['variant']} version), {len(names)} players; tiles {layout}.",
                {"type": "setup", "tiles": tiles},
            )
        ]
    if kind == "forward":
        _, seat, card, origin, dest = raw
        return [
            Event(
                f"{name(seat)} plays a {SYMBOLS[card]}: pirate "
                f"{square_name(origin)} → {square_name(dest)}",
                {
                    "type": "forward",
                    "seat": seat,
                    "card": SYMBOLS[card],
                    "from": origin,
                    "to": dest,
                },
            )
        ]
    if kind == "back":
        _, seat, origin, target, _found, drawn = raw
        cards = [SYMBOLS[c] for c in drawn]
        data = {"type": "back", "seat": seat, "from": origin, "to": target, "drawn": len(drawn)}
        noun = "card" if len(drawn) == 1 else "cards"
        head = f"{name(seat)} moves a pirate back {square_name(origin)} → {square_name(target)}"
        if open_hands:
            taken = ", ".join(cards) if cards else "nothing (no cards left)"
            return [Event(f"{head} and takes {taken}", {**data, "cards": cards})]
        events = [Event(f"{head} and draws {len(drawn)} {noun}", data)]
        if drawn:
            events.append(
                Event(
                    f"{name(seat)} drew {', '.join(cards)}",
                    {"type": "drew", "seat": seat, "cards": cards},
                    visible_to=(seat,),
                )
            )
        return events
    if kind == "end":
        _, seat, done = raw
        plural = "s" if done > 1 else ""
        verb = "passes" if done == 0 else f"ends the turn after {done} action{plural}"
        return [Event(f"{name(seat)} {verb}", {"type": "end_turn", "seat": seat})]
    if kind == "reshuffle":
        return [
            Event(
                f"The discard pile ({raw[1]} cards) is shuffled into a new draw pile",
                {"type": "reshuffle", "cards": raw[1]},
            )
        ]
    if kind == "row":
        cards = [SYMBOLS[c] for c in raw[1]]
        return [
            Event(f"A new row is laid out: {', '.join(cards)}", {"type": "row", "cards": cards})
        ]
    if kind == "win":
        return [
            Event(
                f"{name(raw[1])} has all six pirates in the boat and wins!",
                {"type": "win", "seat": raw[1]},
            )
        ]
    if kind == "dead":
        # docs/rulings.md, "A position nothing can change".
        _, winners, boat = raw
        counts = ", ".join(f"{name(s)} {n}" for s, n in enumerate(boat))
        won = " and ".join(name(w) for w in winners)
        result = f"{won} wins!" if len(winners) == 1 else f"{won} share the win!"
        return [
            Event(
                "Nobody holds a card and no pirate can move back, so nothing can change any "
                f"more: the game ends. Pirates in the boat: {counts}. {result}",
                {"type": "dead_position", "winners": list(winners), "boat": list(boat)},
            )
        ]
    raise AssertionError(f"unknown event {raw!r}")
