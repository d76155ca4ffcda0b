"""Tortuga 1667's game log in words; what only one seat saw is marked private to it."""

from __future__ import annotations

from typing import Any

from buccaneer.core.events import Event
from buccaneer.games.tortuga1667.components import PLACES, SHIPS, TEAMS, vote_name
from buccaneer.games.tortuga1667.table import Table

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
DESTINATION_WORDS = (
    "the Flying Dutchman",
    "the Jolly Roger",
    "Tortuga",
    "the Flying Dutchman's rowboat",
    "the Jolly Roger's rowboat",
)
TEAM_WORDS = ("British", "French", "Dutch")


def format_event(state: Table, raw: tuple[Any, ...]) -> list[Event]:
    kind = raw[0]
    name = state.name
    data: dict[str, Any] = {"type": kind}
    text: str
    private: tuple[int, ...] | None = None
    if kind == "setup":
        text = f"Tortuga 1667, {state.players} players."
    elif kind == "setup_chest":
        _, seat, ship, hold = raw
        text = f"{name(seat)} puts a chest in the {TEAM_WORDS[hold]} hold of {PLACE_WORDS[ship]}."
    elif kind == "placed_pawn":
        _, seat, place, position = raw
        text = f"{name(seat)} starts on {PLACE_WORDS[place]} (position {position + 1})."
    elif kind == "looked":
        _, seat, slots, cards = raw
        data["slots"] = list(slots)
        a, b = slots
        shown = ", ".join(f"{s + 1}: {CARD_TITLES[c]}" for s, c in zip(slots, cards, strict=True))
        return [
            Event(f"{name(seat)} looks at event cards {a + 1} and {b + 1}.", data),
            Event(f"{name(seat)} saw {shown}.", {"type": "saw"}, visible_to=(seat,)),
        ]
    elif kind == "revealed":
        _, seat, slot, card = raw
        text = f"{name(seat)} reveals event card {slot + 1}: {CARD_TITLES[card]}!"
        data.update(seat=seat, slot=slot, card=card)
    elif kind == "pointed":
        _, seat, slots, target = raw
        text = (
            f"{name(seat)} points at event cards {slots[0] + 1} and {slots[1] + 1}: "
            f"{name(target)} must reveal one."
        )
    elif kind == "chose":
        _, seat, slot = raw
        text = f"{name(seat)} picks card {slot + 1}."
    elif kind == "moved":
        _, seat, place, to = raw
        text = f"{name(seat)} moves from {PLACE_WORDS[place]} to {DESTINATION_WORDS[to]}."
    elif kind == "captain_maroons":
        _, seat, target = raw
        text = f"Captain {name(seat)} maroons {name(target)}."
    elif kind == "marooned":
        _, seat, place, cause = raw
        text = f"{name(seat)} is marooned on Tortuga ({cause.replace('_', ' ')})."
    elif kind == "lost_vote":
        _, seat, card = raw
        return [
            Event(f"{name(seat)}, marooned while on Tortuga, loses a vote card for good.", data),
            Event(f"{name(seat)} gave up {vote_name(card)}", {"type": "lost"}, visible_to=(seat,)),
        ]
    elif kind == "albatross_bomb":
        _, ship, _crew = raw
        text = f"Two Albatrosses aboard {PLACE_WORDS[ship]}: everyone there is marooned!"
    elif kind == "vote_called":
        _, vote, place, caller, voters = raw
        who = ", ".join(name(s) for s in voters) or "nobody"
        article = "an" if vote == "attack" else "a"
        text = f"{name(caller)} calls {article} {vote} on {PLACE_WORDS[place]}; voting: {who}."
    elif kind == "voted":
        _, seat, cards = raw
        events = [Event(f"{name(seat)} has voted.", {"type": "voted", "seat": seat})]
        played = ", ".join(vote_name(c) for c in cards)
        events.append(
            Event(f"{name(seat)} played {played}", {"type": "ballot"}, visible_to=(seat,))
        )
        return events
    elif kind == "sits_out":
        text = f"{name(raw[1])} sits this vote out (Pirate Code)."
    elif kind == "vote_result":
        _, vote, cards = raw
        text = f"The {vote} vote, shuffled: {', '.join(vote_name(c) for c in cards)}."
        data.update(vote=vote, cards=[vote_name(c) for c in cards])
    elif kind == "attack_failed":
        text = f"The attack from {PLACE_WORDS[raw[1]]} fails."
    elif kind == "attack_nothing":
        text = "The attack succeeds, but there is no chest to take."
    elif kind == "stowed":
        _, seat, ship, into, take = raw
        source = (
            "the Spanish galleon" if take < 0 else f"the {TEAM_WORDS[take]} hold of the other ship"
        )
        text = f"{name(seat)} takes a chest from {source} into the {TEAM_WORDS[into]} hold."
    elif kind == "mutiny_succeeds":
        _, ship, captain = raw
        text = f"Mutiny on {PLACE_WORDS[ship]}: captain {name(captain)} is overthrown!"
    elif kind == "mutiny_fails":
        text = f"The mutiny on {PLACE_WORDS[raw[1]]} fails."
    elif kind == "brawl_result":
        _, slots = raw
        text = f"The brawl ends: Tortuga's chests British {slots[0]}, French {slots[1]}."
    elif kind == "chest_moved":
        _, seat, ship, to = raw
        text = f"Cabin boy {name(seat)} moves a chest into the {TEAM_WORDS[to]} hold."
    elif kind == "scurvy_skip":
        text = f"{name(raw[1])} has scurvy and loses this turn."
    elif kind == "atlantis":
        _, seat, to = raw
        text = f"{name(seat)} plays Atlantis and sails to {PLACE_WORDS[to]}."
    elif kind == "fountain":
        _, seat, cause = raw
        text = f"{name(seat)} drinks from the Fountain of Youth: not marooned."
    elif kind == "pistol":
        text = f"{name(raw[1])} points the Pistol at {name(raw[2])}."
    elif kind == "map_given":
        _, seat, to, card = raw
        text = f"{name(seat)} gives the {CARD_TITLES[card]} map to {name(to)}."
    elif kind == "cabin_fever":
        _, seat, other, teams = raw
        events = [Event(f"{name(seat)} and {name(other)} shuffle their loyalty cards.", data)]
        for s, team in zip((seat, other), teams, strict=True):
            events.append(
                Event(f"{name(s)} is now {TEAM_WORDS[team]}.", {"type": "loyalty"}, visible_to=(s,))
            )
        return events
    elif kind == "crows_nest":
        _, seat, target, count = raw
        text = f"{name(seat)} takes {name(target)}'s {count} vote cards and chooses new ones."
    elif kind == "crows_deck":
        _, seat, cards = raw
        shown = ", ".join(vote_name(c) for c in cards)
        text = f"{name(seat)} searches the vote deck: {shown}"
        return [Event(text, {"type": "crows_deck"}, visible_to=(seat,))]
    elif kind == "drew_vote":
        _, seat, card = raw
        text = f"{name(seat)} drew {vote_name(card)}"
        return [Event(text, {"type": "drew_vote"}, visible_to=(seat,))]
    elif kind == "crows_given":
        _, seat, target, cards = raw
        shown = ", ".join(vote_name(c) for c in cards)
        text = f"{name(seat)} gave {name(target)}: {shown}"
        return [Event(text, {"type": "crows_given"}, visible_to=(seat, target))]
    elif kind == "marque_move":
        _, seat, who, ship = raw
        text = f"{name(seat)}'s Letter of Marque puts {name(who)} aboard {PLACE_WORDS[ship]}."
    elif kind == "marque_draw":
        text = f"{name(raw[1])} draws a vote card (Letter of Marque)."
    elif kind == "put_on_top":
        _, seat, card = raw
        return [
            Event(
                f"{name(seat)} puts a vote card on top of the vote deck.", {**data, "seat": seat}
            ),
            Event(
                f"{name(seat)} put {vote_name(card)} on top", {"type": "top"}, visible_to=(seat,)
            ),
        ]
    elif kind == "black_powder":
        _, seat, ship = raw
        text = f"{name(seat)} blows up the rowboat of {PLACE_WORDS[ship]}."
    elif kind == "eight_bells":
        _, place, line = raw
        text = (
            f"Eight bells: new order on {PLACE_WORDS[place]}: {', '.join(name(s) for s in line)}."
        )
    elif kind == "facade":
        text = f"{name(raw[1])} trades places with {name(raw[2])} (Facade)."
    elif kind == "vote_cancelled":
        _, vote, place, caller = raw
        text = f"{name(caller)} no longer holds the role: the {vote} is off."
    elif kind == "no_steal":
        text = f"{name(raw[1])} leaves the other ship's chests alone."
    elif kind == "timeout":
        text = f"{name(raw[1])}'s time is up."
    elif kind == "passed":
        text = f"{name(raw[1])} can do nothing this turn."
    elif kind == "tiebreak":
        text = (
            "A tie with an even count: the Armada leaves, the event cards are reshuffled, play on."
        )
    elif kind == "over":
        _, team, chests = raw
        result = f"The {TEAM_WORDS[team]} win!" if team < len(TEAMS) else "The teams share the win."
        text = f"Game over: British {chests[0]}, French {chests[1]}. {result}"
    else:
        raise AssertionError(f"unknown event {raw!r}")
    return [Event(text, data, visible_to=private)]


__all__ = ["CARD_TITLES", "PLACES", "SHIPS", "format_event"]
