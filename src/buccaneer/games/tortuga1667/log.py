"""Tortuga 1667's game log in words; what only one seat saw is marked private to it.

Each event's `data` carries its `type` and every fact its English words state, by stable keys
(seats as ints, places, teams, cards and vote cards by their view keys), and nothing the words
do not say: the browser writes the line from it in the player's language
(web/src/games/tortuga1667/log.ts). What only one seat may know (the cards looked at, a ballot,
a new loyalty card, ...) is only in the events `visible_to` that seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from buccaneer.core.events import Event
from buccaneer.games.tortuga1667.actions import DESTINATIONS
from buccaneer.games.tortuga1667.components import PLACES, SHIPS, TEAMS, vote_name
from buccaneer.games.tortuga1667.fields import Fields

CARD_TITLES = {
    "pistol": "Pistol",
    "letter_of_marque": "Letter of Marque",
    "black_spot": "Black Spot",
    "albatross": "Albatross",
    "fountain_of_youth": "Fountain of Youth",
    "atlantis": "Atlantis",
    "el_dorado": "El Dorado",
    "crows_nest": "Crow's Nest",
    "scurvy": "Scurvy",
    "spanish_armada": "Spanish Armada",
    "black_powder": "Black Powder",
    "cabin_fever": "Cabin Fever",
    "eight_bells": "Eight Bells",
    "facade": "Facade",
    "pirate_code": "Pirate Code",
    "stormy_seas": "Stormy Seas",
}
PLACE_WORDS = ("the Flying Dutchman", "the Jolly Roger", "Tortuga", "a rowboat")
# The data's keys of a pawn's place (index 3: some rowboat; the words do not say which).
PLACE_KEYS: tuple[str, ...] = (*PLACES, "rowboat")
DESTINATION_WORDS = (
    "the Flying Dutchman",
    "the Jolly Roger",
    "Tortuga",
    "the Flying Dutchman's rowboat",
    "the Jolly Roger's rowboat",
)
TEAM_WORDS = ("British", "French", "Dutch")

# Every `type` format_event writes (the private lines have their own types).
EVENT_TYPES: tuple[str, ...] = (
    "setup",
    "setup_chest",
    "placed_pawn",
    "looked",
    "saw",
    "revealed",
    "pointed",
    "chose",
    "moved",
    "captain_maroons",
    "marooned",
    "lost_vote",
    "lost",
    "albatross_bomb",
    "vote_called",
    "voted",
    "ballot",
    "sits_out",
    "vote_result",
    "attack_failed",
    "attack_nothing",
    "stowed",
    "mutiny_succeeds",
    "mutiny_fails",
    "brawl_result",
    "chest_moved",
    "scurvy_skip",
    "atlantis",
    "fountain",
    "pistol",
    "map_given",
    "cabin_fever",
    "loyalty",
    "crows_nest",
    "crows_deck",
    "drew_vote",
    "crows_given",
    "marque_move",
    "marque_draw",
    "put_on_top",
    "top",
    "black_powder",
    "eight_bells",
    "facade",
    "vote_cancelled",
    "no_steal",
    "timeout",
    "passed",
    "tiebreak",
    "over",
)


def _votes(cards: Any) -> list[str]:
    return [vote_name(c) for c in cards]


def _line(text: str, kind: str, **data: Any) -> list[Event]:
    """One public line whose data is its `type` and then `data`, in that order."""
    return [Event(text, {"type": kind, **data})]


def _private(text: str, kind: str, seen_by: tuple[int, ...], **data: Any) -> Event:
    """A line only `seen_by` may read."""
    return Event(text, {"type": kind, **data}, visible_to=seen_by)


# -- the formatters, one per kind of stored event (`FORMATTERS`) --------------------------------
# Each takes the state (for the seats' names) and the stored tuple, and returns the lines: the
# public one first, then any line only some seats may read.


def _setup(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(f"Tortuga 1667, {state.players} players.", "setup", players=state.players)


def _setup_chest(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, ship, hold = raw
    return _line(
        f"{state.name(seat)} puts a chest in the {TEAM_WORDS[hold]} hold of {PLACE_WORDS[ship]}.",
        "setup_chest",
        seat=seat,
        ship=SHIPS[ship],
        hold=TEAMS[hold],
    )


def _placed_pawn(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, place, position = raw
    return _line(
        f"{state.name(seat)} starts on {PLACE_WORDS[place]} (position {position + 1}).",
        "placed_pawn",
        seat=seat,
        place=PLACE_KEYS[place],
        position=position,
    )


def _looked(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, slots, cards = raw
    name = state.name(seat)
    a, b = slots
    shown = ", ".join(f"{s + 1}: {CARD_TITLES[c]}" for s, c in zip(slots, cards, strict=True))
    return [
        *_line(
            f"{name} looks at event cards {a + 1} and {b + 1}.",
            "looked",
            seat=seat,
            slots=list(slots),
        ),
        _private(
            f"{name} saw {shown}.", "saw", (seat,), seat=seat, slots=list(slots), cards=list(cards)
        ),
    ]


def _revealed(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, slot, card = raw
    return _line(
        f"{state.name(seat)} reveals event card {slot + 1}: {CARD_TITLES[card]}!",
        "revealed",
        seat=seat,
        slot=slot,
        card=card,
    )


def _pointed(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, slots, target = raw
    return _line(
        f"{state.name(seat)} points at event cards {slots[0] + 1} and {slots[1] + 1}: "
        f"{state.name(target)} must reveal one.",
        "pointed",
        seat=seat,
        slots=list(slots),
        target=target,
    )


def _chose(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, slot = raw
    return _line(f"{state.name(seat)} picks card {slot + 1}.", "chose", seat=seat, slot=slot)


def _moved(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, place, to = raw
    return _line(
        f"{state.name(seat)} moves from {PLACE_WORDS[place]} to {DESTINATION_WORDS[to]}.",
        "moved",
        seat=seat,
        place=PLACE_KEYS[place],
        to=DESTINATIONS[to],
    )


def _captain_maroons(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, target = raw
    return _line(
        f"Captain {state.name(seat)} maroons {state.name(target)}.",
        "captain_maroons",
        seat=seat,
        target=target,
    )


def _marooned(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, _place, cause = raw
    return _line(
        f"{state.name(seat)} is marooned on Tortuga ({cause.replace('_', ' ')}).",
        "marooned",
        seat=seat,
        cause=cause,
    )


def _lost_vote(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, card = raw
    name = state.name(seat)
    return [
        *_line(
            f"{name}, marooned while on Tortuga, loses a vote card for good.",
            "lost_vote",
            seat=seat,
        ),
        _private(
            f"{name} gave up {vote_name(card)}", "lost", (seat,), seat=seat, card=vote_name(card)
        ),
    ]


def _albatross_bomb(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, ship, _crew = raw
    return _line(
        f"Two Albatrosses aboard {PLACE_WORDS[ship]}: everyone there is marooned!",
        "albatross_bomb",
        ship=SHIPS[ship],
    )


def _vote_called(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, vote, place, caller, voters = raw
    who = ", ".join(state.name(s) for s in voters) or "nobody"
    article = "an" if vote == "attack" else "a"
    return _line(
        f"{state.name(caller)} calls {article} {vote} on {PLACE_WORDS[place]}; voting: {who}.",
        "vote_called",
        vote=vote,
        place=PLACE_KEYS[place],
        caller=caller,
        voters=list(voters),
    )


def _voted(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, cards = raw
    name = state.name(seat)
    played = ", ".join(vote_name(c) for c in cards)
    return [
        *_line(f"{name} has voted.", "voted", seat=seat),
        _private(f"{name} played {played}", "ballot", (seat,), seat=seat, cards=_votes(cards)),
    ]


def _sits_out(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(f"{state.name(raw[1])} sits this vote out (Pirate Code).", "sits_out", seat=raw[1])


def _vote_result(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, vote, cards = raw
    return _line(
        f"The {vote} vote, shuffled: {', '.join(vote_name(c) for c in cards)}.",
        "vote_result",
        vote=vote,
        cards=_votes(cards),
    )


def _attack_failed(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(
        f"The attack from {PLACE_WORDS[raw[1]]} fails.", "attack_failed", place=PLACE_KEYS[raw[1]]
    )


def _attack_nothing(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line("The attack succeeds, but there is no chest to take.", "attack_nothing")


def _stowed(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, _ship, into, take = raw
    source = "the Spanish galleon" if take < 0 else f"the {TEAM_WORDS[take]} hold of the other ship"
    return _line(
        f"{state.name(seat)} takes a chest from {source} into the {TEAM_WORDS[into]} hold.",
        "stowed",
        seat=seat,
        into=TEAMS[into],
        take=TEAMS[take] if take >= 0 else None,
    )


def _mutiny_succeeds(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, ship, captain = raw
    return _line(
        f"Mutiny on {PLACE_WORDS[ship]}: captain {state.name(captain)} is overthrown!",
        "mutiny_succeeds",
        ship=SHIPS[ship],
        captain=captain,
    )


def _mutiny_fails(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(f"The mutiny on {PLACE_WORDS[raw[1]]} fails.", "mutiny_fails", ship=SHIPS[raw[1]])


def _brawl_result(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, slots = raw
    return _line(
        f"The brawl ends: Tortuga's chests British {slots[0]}, French {slots[1]}.",
        "brawl_result",
        british=slots[0],
        french=slots[1],
    )


def _chest_moved(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, _ship, to = raw
    return _line(
        f"Cabin boy {state.name(seat)} moves a chest into the {TEAM_WORDS[to]} hold.",
        "chest_moved",
        seat=seat,
        to=TEAMS[to],
    )


def _scurvy_skip(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(
        f"{state.name(raw[1])} has scurvy and loses this turn.", "scurvy_skip", seat=raw[1]
    )


def _atlantis(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, to = raw
    return _line(
        f"{state.name(seat)} plays Atlantis and sails to {PLACE_WORDS[to]}.",
        "atlantis",
        seat=seat,
        to=PLACE_KEYS[to],
    )


def _fountain(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, _cause = raw
    return _line(
        f"{state.name(seat)} drinks from the Fountain of Youth: not marooned.",
        "fountain",
        seat=seat,
    )


def _pistol(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(
        f"{state.name(raw[1])} points the Pistol at {state.name(raw[2])}.",
        "pistol",
        seat=raw[1],
        target=raw[2],
    )


def _map_given(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, to, card = raw
    return _line(
        f"{state.name(seat)} gives the {CARD_TITLES[card]} map to {state.name(to)}.",
        "map_given",
        seat=seat,
        target=to,
        card=card,
    )


def _cabin_fever(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, other, teams = raw
    return [
        *_line(
            f"{state.name(seat)} and {state.name(other)} shuffle their loyalty cards.",
            "cabin_fever",
            seat=seat,
            target=other,
        ),
        *(
            _private(
                f"{state.name(s)} is now {TEAM_WORDS[team]}.",
                "loyalty",
                (s,),
                seat=s,
                team=TEAMS[team],
            )
            for s, team in zip((seat, other), teams, strict=True)
        ),
    ]


def _crows_nest(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, target, count = raw
    return _line(
        f"{state.name(seat)} takes {state.name(target)}'s {count} vote cards and chooses new ones.",
        "crows_nest",
        seat=seat,
        target=target,
        count=count,
    )


def _crows_deck(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, cards = raw
    shown = ", ".join(vote_name(c) for c in cards)
    return [
        _private(
            f"{state.name(seat)} searches the vote deck: {shown}",
            "crows_deck",
            (seat,),
            seat=seat,
            cards=_votes(cards),
        )
    ]


def _drew_vote(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, card = raw
    return [
        _private(
            f"{state.name(seat)} drew {vote_name(card)}",
            "drew_vote",
            (seat,),
            seat=seat,
            card=vote_name(card),
        )
    ]


def _crows_given(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, target, cards = raw
    shown = ", ".join(vote_name(c) for c in cards)
    return [
        _private(
            f"{state.name(seat)} gave {state.name(target)}: {shown}",
            "crows_given",
            (seat, target),
            seat=seat,
            target=target,
            cards=_votes(cards),
        )
    ]


def _marque_move(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, who, ship = raw
    return _line(
        f"{state.name(seat)}'s Letter of Marque puts {state.name(who)} aboard {PLACE_WORDS[ship]}.",
        "marque_move",
        seat=seat,
        target=who,
        ship=SHIPS[ship],
    )


def _marque_draw(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(
        f"{state.name(raw[1])} draws a vote card (Letter of Marque).", "marque_draw", seat=raw[1]
    )


def _put_on_top(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, card = raw
    name = state.name(seat)
    return [
        *_line(f"{name} puts a vote card on top of the vote deck.", "put_on_top", seat=seat),
        _private(
            f"{name} put {vote_name(card)} on top", "top", (seat,), seat=seat, card=vote_name(card)
        ),
    ]


def _black_powder(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, ship = raw
    return _line(
        f"{state.name(seat)} blows up the rowboat of {PLACE_WORDS[ship]}.",
        "black_powder",
        seat=seat,
        ship=SHIPS[ship],
    )


def _eight_bells(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, place, line = raw
    order = ", ".join(state.name(s) for s in line)
    return _line(
        f"Eight bells: new order on {PLACE_WORDS[place]}: {order}.",
        "eight_bells",
        place=PLACE_KEYS[place],
        line=list(line),
    )


def _facade(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(
        f"{state.name(raw[1])} trades places with {state.name(raw[2])} (Facade).",
        "facade",
        seat=raw[1],
        target=raw[2],
    )


def _vote_cancelled(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, vote, _place, caller = raw
    return _line(
        f"{state.name(caller)} no longer holds the role: the {vote} is off.",
        "vote_cancelled",
        vote=vote,
        caller=caller,
    )


def _no_steal(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(
        f"{state.name(raw[1])} leaves the other ship's chests alone.", "no_steal", seat=raw[1]
    )


def _timeout(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(f"{state.name(raw[1])}'s time is up.", "timeout", seat=raw[1])


def _passed(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(f"{state.name(raw[1])} can do nothing this turn.", "passed", seat=raw[1])


def _tiebreak(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    return _line(
        "A tie with an even count: the Armada leaves, the event cards are reshuffled, play on.",
        "tiebreak",
    )


def _over(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, team, chests = raw
    won = team < len(TEAMS)
    result = f"The {TEAM_WORDS[team]} win!" if won else "The teams share the win."
    return _line(
        f"Game over: British {chests[0]}, French {chests[1]}. {result}",
        "over",
        winner=TEAMS[team] if won else None,
        british=chests[0],
        french=chests[1],
    )


Formatter = Callable[[Fields, tuple[Any, ...]], list[Event]]

# The stored event's kind (its tuple's first item; the rules write them) -> the function that
# words it. A kind may write lines of other types too (`looked` also writes the private `saw`,
# `lost_vote` the private `lost`, `voted` the private `ballot`, `cabin_fever` the private
# `loyalty`, `put_on_top` the private `top`): EVENT_TYPES lists every type written.
FORMATTERS: dict[str, Formatter] = {
    "setup": _setup,
    "setup_chest": _setup_chest,
    "placed_pawn": _placed_pawn,
    "looked": _looked,
    "revealed": _revealed,
    "pointed": _pointed,
    "chose": _chose,
    "moved": _moved,
    "captain_maroons": _captain_maroons,
    "marooned": _marooned,
    "lost_vote": _lost_vote,
    "albatross_bomb": _albatross_bomb,
    "vote_called": _vote_called,
    "voted": _voted,
    "sits_out": _sits_out,
    "vote_result": _vote_result,
    "attack_failed": _attack_failed,
    "attack_nothing": _attack_nothing,
    "stowed": _stowed,
    "mutiny_succeeds": _mutiny_succeeds,
    "mutiny_fails": _mutiny_fails,
    "brawl_result": _brawl_result,
    "chest_moved": _chest_moved,
    "scurvy_skip": _scurvy_skip,
    "atlantis": _atlantis,
    "fountain": _fountain,
    "pistol": _pistol,
    "map_given": _map_given,
    "cabin_fever": _cabin_fever,
    "crows_nest": _crows_nest,
    "crows_deck": _crows_deck,
    "drew_vote": _drew_vote,
    "crows_given": _crows_given,
    "marque_move": _marque_move,
    "marque_draw": _marque_draw,
    "put_on_top": _put_on_top,
    "black_powder": _black_powder,
    "eight_bells": _eight_bells,
    "facade": _facade,
    "vote_cancelled": _vote_cancelled,
    "no_steal": _no_steal,
    "timeout": _timeout,
    "passed": _passed,
    "tiebreak": _tiebreak,
    "over": _over,
}


def format_event(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    """The log lines of one stored event (`FORMATTERS`, by its kind)."""
    formatter = FORMATTERS.get(raw[0])
    if formatter is None:
        raise AssertionError(f"unknown event {raw!r}")
    return formatter(state, raw)


__all__ = ["CARD_TITLES", "EVENT_TYPES", "FORMATTERS", "PLACES", "SHIPS", "format_event"]
