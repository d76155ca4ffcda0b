"""Event cards ("Gebeurteniskaarten"): revealing one and everything it does.

"Alle effecten moeten worden uitgevoerd zodra ze worden onthuld." Effects that need a choice
queue a decision for the revealer; the rest happen at once.
"""

from __future__ import annotations

from typing import Any

from buccaneer.core.state import Action
from buccaneer.games.tortuga1667.actions import (
    BlowUp,
    MarqueDraw,
    MarqueMove,
    PickVote,
    PutOnTop,
    Target,
)
from buccaneer.games.tortuga1667.components import (
    ALBATROSS,
    BLACK_POWDER,
    BLACK_SPOT,
    CABIN_FEVER,
    CROWS_NEST,
    DESTROYED,
    EIGHT_BELLS,
    EL_DORADO,
    FACADE,
    LETTER_OF_MARQUE,
    PIRATE_CODE,
    PISTOL,
    SCURVY,
    SPANISH_ARMADA,
    STORMY_SEAS,
    TORTUGA,
    TREASURE_MAPS,
)
from buccaneer.games.tortuga1667.fields import Fields
from buccaneer.games.tortuga1667.rules_setup import armada

FREE = -1


def reveal_card(state: Fields, seat: int, slot: int) -> None:
    """Turn the card up and resolve it ("voer het effect uit"), then fill the slot from the
    deck ("Vervang daarna deze kaart door de bovenste kaart van de gebeurtenissenstapel"; once
    the deck is empty, no more)."""
    card = state.row[slot]
    assert card is not None
    state.row[slot] = None
    state.row_index[slot] = FREE
    for known in state.known:
        known.pop(slot, None)
    state.note("revealed", seat, slot, card)
    if card != SPANISH_ARMADA:
        state.queue.insert(0, ("refill", -1, slot))  # after the effect's own steps
    kept = {ALBATROSS, PIRATE_CODE, *TREASURE_MAPS}
    if card not in kept and card != SPANISH_ARMADA:
        state.discard.append(card)
    _effect(state, seat, card)


def refill(state: Fields, slot: int) -> None:
    if state.deck and state.row[slot] is None:
        state.row[slot] = state.deck.pop()
        state.row_index[slot] = state.deck_size - 1 - state.drawn
        state.drawn += 1


def _others(state: Fields, seat: int) -> list[int]:
    return [t for t in range(state.players) if t != seat]


def _effect(state: Fields, seat: int, card: str) -> None:
    place = state.place_of(seat)
    if card == SPANISH_ARMADA:
        state.discard.append(card)
        armada(state)
    elif card == BLACK_SPOT:
        # "De speler die deze kaart onthult wordt verbannen."
        state.maroon([seat], "black_spot")
    elif card == PISTOL:
        state.queue.insert(0, ("pistol", seat))
    elif card == LETTER_OF_MARQUE:
        state.queue.insert(0, ("marque", seat))
    elif card == ALBATROSS:
        # "houdt deze kaart voor hem/haar voor de rest van het spel"
        state.albatross[seat] += 1
        if place < TORTUGA:
            state.check_albatross(place)
    elif card in TREASURE_MAPS:
        # "De speler die een schatkaart onthult, geeft deze aan een andere speler."
        state.queue.insert(0, ("give_map", seat, card))
    elif card == BLACK_POWDER:
        if any(r != DESTROYED for r in state.rowboats):
            state.queue.insert(0, ("powder", seat))
    elif card == CABIN_FEVER:
        state.queue.insert(0, ("fever", seat))
    elif card == CROWS_NEST:
        state.queue.insert(0, ("crows", seat))
    elif card == EIGHT_BELLS:
        # "Alle pionnen op de boot of het eiland van de speler ... worden in de buidel gedaan en
        # één voor één uit de buidel getrokken en teruggeplaatst" (a rowboat: nothing).
        if place <= TORTUGA:
            state.rng.shuffle(state.lines[place])
            state.note("eight_bells", place, tuple(state.lines[place]))
    elif card == FACADE:
        _facade(state, seat)
    elif card == PIRATE_CODE:
        state.pirate_code[seat] = 2
    elif card == SCURVY:
        # "Alle spelers op hetzelfde schip of eiland als degene die scheurbuik speelt verliezen
        # hun volgende beurt. Dit geldt ook voor de speler die scheurbuik speelt!"
        for s in state.lines[place] if place <= TORTUGA else [seat]:
            state.scurvy[s] = True
    elif card == STORMY_SEAS:
        # "Alle schatkisten op het schip of eiland van de speler ... worden teruggezet op het
        # Spaanse Galjoen." (docs/rulings.md: from a rowboat, no effect.)
        if place < TORTUGA:
            state.galleon += sum(state.holds[place])
            state.holds[place] = [0, 0]
        elif place == TORTUGA:
            state.galleon += sum(state.tortuga_chests)
            state.tortuga_chests[:] = [0, 0, 0]
    else:
        raise AssertionError(f"unknown event card {card!r}")


def _facade(state: Fields, seat: int) -> None:
    """ "ruilt de positie van zijn/haar pion met de speler aan zijn/haar rechterzijde"
    (docs/rulings.md: the seat before it in clockwise order)."""
    other = (seat - 1) % state.players

    def spot(s: int) -> tuple[int, int]:
        place = state.place_of(s)
        if place <= TORTUGA:
            return place, state.lines[place].index(s)
        return -1, 0 if state.rowboats[0] == s else 1

    def put(s: int, where: tuple[int, int]) -> None:
        if where[0] >= 0:
            state.lines[where[0]][where[1]] = s
        else:
            state.rowboats[where[1]] = s

    mine, theirs = spot(seat), spot(other)
    put(seat, theirs)
    put(other, mine)
    state.note("facade", seat, other)
    for place in {mine[0], theirs[0]}:
        if 0 <= place < TORTUGA:
            state.check_albatross(place)


def event_decision_actions(state: Fields, item: tuple[Any, ...]) -> list[Action]:
    kind, seat = item[0], item[1]
    others = _others(state, seat)
    if kind in ("pistol", "fever", "give_map"):
        return [Target(t) for t in others]
    if kind == "crows":
        return [Target(t) for t in others]
    if kind == "crows_pick":
        return [PickVote(c) for c in sorted(set(state.vote_deck))]
    if kind == "marque":
        # "Verplaats een speler van Tortuga of een roeiboot onderaan de rij van een schip naar
        # keuze." or "Trek 1 stemkaart ..."
        movable = [s for s in range(state.players) if state.place_of(s) >= TORTUGA]
        moves: list[Action] = [MarqueMove(s, ship) for s in movable for ship in (0, 1)]
        return [*moves, MarqueDraw()]
    if kind == "marque_top":
        return [PutOnTop(c) for c in sorted(set(state.votes[seat]))]
    if kind == "powder":
        return [BlowUp(ship) for ship in (0, 1) if state.rowboats[ship] != DESTROYED]
    raise AssertionError(kind)


def resolve_event_decision(state: Fields, item: tuple[Any, ...], action: Action) -> None:
    kind, seat = item[0], item[1]
    if kind == "pistol":
        assert isinstance(action, Target)
        # "wijst een andere speler aan. Deze wordt verbannen."
        state.note("pistol", seat, action.seat)
        state.maroon([action.seat], "pistol")
    elif kind == "give_map":
        assert isinstance(action, Target)
        card = item[2]
        state.maps[action.seat].append(card)
        state.note("map_given", seat, action.seat, card)
        if card == EL_DORADO:
            # "De eigenaar trekt onmiddellijk een extra stemkaart."
            state.draw_vote(action.seat)
    elif kind == "fever":
        assert isinstance(action, Target)
        # "De Loyaliteitskaarten van beide spelers worden geschud en teruggegeven"
        before = [state.loyalty[seat], state.loyalty[action.seat]]
        pair = list(before)
        state.rng.shuffle(pair)
        state.loyalty[seat], state.loyalty[action.seat] = pair
        state.loyalty_seen[seat].append(pair[0])
        state.loyalty_seen[action.seat].append(pair[1])
        for memo in state.memory:
            for s in (seat, action.seat):
                memo.get("loyalties", {}).pop(s, None)
        # A seat whose card changed knows the other now holds its old one.
        for me, you, old, new in (
            (seat, action.seat, before[0], pair[0]),
            (action.seat, seat, before[1], pair[1]),
        ):
            if old != new:
                state.memory[me].setdefault("loyalties", {})[you] = old
        state.note("cabin_fever", seat, action.seat, tuple(pair))
    elif kind == "crows":
        assert isinstance(action, Target)
        # "plaatst alle stemkaarten van 1 andere speler op de stapel stemkaarten. Vervolgens zoekt
        # de speler ... nieuwe stemkaarten uit de stapel om de kaarten te vervangen"
        cards = state.votes[action.seat]
        state.votes[action.seat] = []
        state.vote_deck.extend(cards)
        state.top_changed()
        state.forget_hand(action.seat)
        state.note("crows_nest", seat, action.seat, len(cards))
        if cards:  # the picker searches the whole deck, the target's old cards in it
            state.note("crows_deck", seat, tuple(sorted(state.vote_deck)))
        if cards:
            state.queue.insert(0, ("crows_pick", seat, action.seat, len(cards)))
        else:
            state.rng.shuffle(state.vote_deck)
            state.top_changed()
    elif kind == "crows_pick":
        assert isinstance(action, PickVote)
        target, left = item[2], item[3]
        state.vote_deck.remove(action.card)
        state.top_changed()
        state.votes[target].append(action.card)
        state.votes[target].sort()
        if left > 1:
            state.queue.insert(0, ("crows_pick", seat, target, left - 1))
        else:
            state.rng.shuffle(state.vote_deck)
            state.top_changed()
            state.memory[seat].setdefault("hands", {})[target] = list(state.votes[target])
            state.note("crows_given", seat, target, tuple(state.votes[target]))
    elif kind == "marque":
        if isinstance(action, MarqueMove):
            state.note("marque_move", seat, action.seat, action.ship)
            state.join(action.seat, action.ship)
        else:
            state.note("marque_draw", seat)
            state.draw_vote(seat)
            if state.votes[seat]:
                state.queue.insert(0, ("marque_top", seat))
    elif kind == "marque_top":
        assert isinstance(action, PutOnTop)
        state.votes[seat].remove(action.card)
        state.vote_deck.append(action.card)
        state.top_changed()
        state.memory[seat]["deck_top"] = action.card
        state.note("put_on_top", seat, action.card)
    elif kind == "powder":
        assert isinstance(action, BlowUp)
        # "In het geval dat een speler zich op de gekozen roeiboot bevindt, wordt deze verbannen
        # naar Tortuga."
        occupant = state.rowboats[action.ship]
        state.rowboats[action.ship] = DESTROYED
        state.note("black_powder", seat, action.ship)
        if occupant >= 0:
            # Not cancelled by Fountain of Youth: the boat is gone (docs/rulings.md).
            state.lines[TORTUGA].append(occupant)
            state.note("marooned", occupant, 3, "black_powder")
    else:
        raise AssertionError(kind)
