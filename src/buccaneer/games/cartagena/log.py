"""Cartagena's game log in words: events are stored as small tuples while playing (cheap on
the hot path) and turned into readable `Event`s only when someone reads the log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from buccaneer.core.events import Event
from buccaneer.games.cartagena.components import SYMBOLS, square_name
from buccaneer.games.cartagena.fields import Fields

# Every `type` an event's data can have. The data of each event holds every fact its English
# text states (seats as ints, cards by symbol name, squares as the engine numbers them: -1 the
# start, 0..35 the tunnel, 36 the boat) and nothing more, so the browser can write the line in
# the player's language (web/src/games/cartagena/log.ts) and a public event gives no seat a
# fact hidden from it: the cards a Jamaica draw brings are only in the "drew" event, which only
# the drawing seat sees.
EVENT_TYPES: tuple[str, ...] = (
    "setup",
    "forward",
    "back",
    "drew",
    "end_turn",
    "reshuffle",
    "row",
    "win",
    "dead_position",
)


def _setup(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    tiles, variant = state.tiles, state.options["variant"]
    layout = " ".join(tiles) if tiles else "a custom tunnel"
    return [
        Event(
            f"Cartagena ({variant} version), {state.players} players; tiles {layout}.",
            {
                "type": "setup",
                "variant": variant,
                "players": state.players,
                # None: a custom tunnel (the text says so and names no tiles).
                "tiles": list(tiles) if tiles else None,
            },
        )
    ]


def _forward(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, card, origin, dest = raw
    return [
        Event(
            f"{state.seat_name(seat)} plays a {SYMBOLS[card]}: pirate "
            f"{square_name(origin)} → {square_name(dest)}",
            {"type": "forward", "seat": seat, "card": SYMBOLS[card], "from": origin, "to": dest},
        )
    ]


def _back(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    """A back move and the cards it brings: in the Tortuga version one public event naming
    them; in the Jamaica version a public one that counts them and a private one, for the
    drawing seat only, that names them."""
    _, seat, origin, target, _found, drawn = raw
    name = state.seat_name(seat)
    cards = [SYMBOLS[c] for c in drawn]
    data = {"type": "back", "seat": seat, "from": origin, "to": target, "drawn": len(drawn)}
    noun = "card" if len(drawn) == 1 else "cards"
    head = f"{name} moves a pirate back {square_name(origin)} → {square_name(target)}"
    if state.open_hands:
        taken = ", ".join(cards) if cards else "nothing (no cards left)"
        return [Event(f"{head} and takes {taken}", {**data, "cards": cards})]
    events = [Event(f"{head} and draws {len(drawn)} {noun}", data)]
    if drawn:
        events.append(
            Event(
                f"{name} drew {', '.join(cards)}",
                {"type": "drew", "seat": seat, "cards": cards},
                visible_to=(seat,),
            )
        )
    return events


def _end(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, done = raw
    plural = "s" if done > 1 else ""
    verb = "passes" if done == 0 else f"ends the turn after {done} action{plural}"
    return [
        Event(
            f"{state.seat_name(seat)} {verb}", {"type": "end_turn", "seat": seat, "actions": done}
        )
    ]


def _reshuffle(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return [
        Event(
            f"The discard pile ({raw[1]} cards) is shuffled into a new draw pile",
            {"type": "reshuffle", "cards": raw[1]},
        )
    ]


def _row(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    cards = [SYMBOLS[c] for c in raw[1]]
    return [Event(f"A new row is laid out: {', '.join(cards)}", {"type": "row", "cards": cards})]


def _win(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return [
        Event(
            f"{state.seat_name(raw[1])} has all six pirates in the boat and wins!",
            {"type": "win", "seat": raw[1]},
        )
    ]


def _dead(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    """docs/rulings.md, "A position nothing can change"."""
    _, winners, boat = raw
    counts = ", ".join(f"{state.seat_name(s)} {n}" for s, n in enumerate(boat))
    won = " and ".join(state.seat_name(w) for w in winners)
    result = f"{won} wins!" if len(winners) == 1 else f"{won} share the win!"
    return [
        Event(
            "Nobody holds a card and no pirate can move back, so nothing can change any "
            f"more: the game ends. Pirates in the boat: {counts}. {result}",
            {"type": "dead_position", "winners": list(winners), "boat": list(boat)},
        )
    ]


# The words of each kind of stored event tuple (its first item; the rules write them).
FORMATTERS: dict[str, Callable[[Fields, tuple[Any, ...]], list[Event]]] = {
    "setup": _setup,
    "forward": _forward,
    "back": _back,
    "end": _end,
    "reshuffle": _reshuffle,
    "row": _row,
    "win": _win,
    "dead": _dead,
}


def format_event(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    """The readable events for one stored event tuple (a Jamaica draw gives a public and a
    private one)."""
    formatter = FORMATTERS.get(raw[0])
    if formatter is None:
        raise AssertionError(f"unknown event {raw!r}")
    return formatter(state, raw)
