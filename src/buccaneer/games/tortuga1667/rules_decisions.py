"""Tortuga 1667's sequential decisions: what each queued decision allows and what choosing
does; plus the automatic queue steps. (Votes, the one simultaneous decision, and the engine loop
are `Rules`' in rules.py.)
"""

from __future__ import annotations

from typing import Any

from buccaneer.core.state import Action
from buccaneer.games.tortuga1667.actions import (
    Attack,
    BlowUp,
    Brawl,
    Choose,
    Decline,
    Discard,
    Look,
    Maroon,
    MarqueDraw,
    MarqueMove,
    Move,
    MoveChest,
    Mutiny,
    Pass,
    PickVote,
    PlacePawn,
    PlayMap,
    Point,
    PutOnTop,
    Reveal,
    Stow,
    Target,
)
from buccaneer.games.tortuga1667.components import (
    ATLANTIS,
    BRITISH,
    CABIN_BOY,
    CAPTAIN,
    DESTROYED,
    FIRST_MATE,
    FOUNTAIN_OF_YOUTH,
    FRENCH,
    TORTUGA,
)
from buccaneer.games.tortuga1667.fields import Fields
from buccaneer.games.tortuga1667.rules_events import (
    event_decision_actions,
    refill,
    resolve_event_decision,
    reveal_card,
)
from buccaneer.games.tortuga1667.rules_setup import setup_chests

FREE = -1
ROWBOAT_OF = {3: 0, 4: 1}  # Move destinations 3 and 4 are the ships' rowboats
EVENT_DECISIONS = ("give_map", "pistol", "marque", "marque_top", "powder", "fever", "crows")
AUTOMATIC = ("next_turn", "end_action", "reveal_card", "refill", "setup_chests")


# Action objects are frozen, so one object per value serves every state and every call: a turn
# offers up to 10 Looks, 5 Reveals and 80 Points, and building them was most of a turn's
# `legal_actions`. `apply` still takes only what the state offered (State.offered) or what
# the full check finds equal to an offered action.
MOVES: tuple[Move, ...] = tuple(Move(to) for to in range(5))
ATTACK = Attack()
MUTINY = Mutiny()
BRAWL = Brawl()
PASS = Pass()
ATLANTIS_MAP = PlayMap(ATLANTIS)
MAROONS: tuple[Maroon, ...] = tuple(Maroon(t) for t in range(9))
MOVE_CHESTS: tuple[MoveChest, ...] = (MoveChest(BRITISH), MoveChest(FRENCH))
# (occupied row slots, players, seat) -> the Looks, Reveals and Points of a turn, in order.
_ROW_ACTIONS: dict[tuple[tuple[int, ...], int, int], tuple[Action, ...]] = {}


def _row_actions(slots: tuple[int, ...], players: int, seat: int) -> tuple[Action, ...]:
    """A turn's event card choices for these occupied slots: Looks, Reveals, then Points at
    every other seat, pair by pair (the order `legal_actions` has always given)."""
    key = (slots, players, seat)
    found = _ROW_ACTIONS.get(key)
    if found is None:
        # "Als de Spaanse Vlootkaart de laatste kaart is, mogen spelers de actie 'Bekijk 2
        # gebeurteniskaarten' of 'Wijs 2 gebeurteniskaarten aan' niet langer gebruiken."
        pairs = [(a, b) for i, a in enumerate(slots) for b in slots[i + 1 :]]
        others = [t for t in range(players) if t != seat]
        actions: list[Action] = [Look(p) for p in pairs]
        actions += [Reveal(s) for s in slots]
        actions += [Point(p, t) for p in pairs for t in others]
        found = _ROW_ACTIONS[key] = tuple(actions)
    return found


def main_actions(state: Fields, seat: int) -> list[Action]:
    """A turn's choices: the four for everyone, the role actions, and a free Atlantis."""
    row = state.row
    actions = list(
        _row_actions(tuple([i for i in range(len(row)) if row[i] is not None]), state.players, seat)
    )
    lines = state.lines
    rowboats = state.rowboats
    place = state.place_of(seat)
    if place < TORTUGA:
        if rowboats[place] == FREE:
            actions.append(MOVES[3 + place])
        line = lines[place]
        rank = line.index(seat)
        if rank == CAPTAIN:
            actions.append(ATTACK)
            actions += [MAROONS[t] for t in line if t != seat]
        elif rank == FIRST_MATE:
            actions.append(MUTINY)
        elif rank == CABIN_BOY:
            hold = state.holds[place]
            if hold[FRENCH]:
                actions.append(MOVE_CHESTS[BRITISH])
            if hold[BRITISH]:
                actions.append(MOVE_CHESTS[FRENCH])
        if ATLANTIS in state.maps[seat]:
            actions.append(ATLANTIS_MAP)
    elif place == TORTUGA:
        if rowboats[0] == FREE:
            actions.append(MOVES[3])
        if rowboats[1] == FREE:
            actions.append(MOVES[4])
        if lines[TORTUGA][0] == seat:
            actions.append(BRAWL)
    else:
        ship = 0 if rowboats[0] == seat else 1
        actions += [MOVES[ship], MOVES[TORTUGA]]
    return actions or [PASS]


def decision_actions(state: Fields, item: tuple[Any, ...]) -> list[Action]:
    kind, seat = item[0], item[1]
    if kind == "turn":
        return main_actions(state, seat)
    if kind == "choose":
        return [Choose(item[2]), Choose(item[3])]
    if kind in ("setup_chest",):
        return [Stow(BRITISH), Stow(FRENCH)]
    if kind == "place_pawn":
        return [
            PlacePawn(place, i)
            for place in (0, 1, TORTUGA)
            for i, taken in enumerate(state.spots[place])
            if taken == FREE
        ]
    if kind == "stow":
        ship = item[2]
        if state.galleon:
            return [Stow(BRITISH), Stow(FRENCH)]
        other = state.holds[1 - ship]
        # "mag de kapitein 1 schatkist van het schip van de tegenstander nemen" (may)
        steals: list[Action] = [
            Stow(into, take) for take in (BRITISH, FRENCH) if other[take] for into in (0, 1)
        ]
        return [*steals, Decline()]
    if kind == "discard":
        return [Discard(c) for c in sorted(set(state.votes[seat]))]
    if kind == "react_maroon":
        return [*state.maroon_reactions(seat, item[2]), Decline()]
    if kind == "react_call":
        return [PlayMap(ATLANTIS), Decline()]
    if kind in EVENT_DECISIONS or kind == "crows_pick":
        return event_decision_actions(state, item)
    raise AssertionError(f"no decision {kind!r}")


def resolve(state: Fields, item: tuple[Any, ...], action: Action) -> None:
    kind, seat = item[0], item[1]
    if kind == "turn":
        _main(state, seat, action)
    elif kind == "choose":
        assert isinstance(action, Choose)
        state.note("chose", seat, action.slot)
        state.queue.insert(0, ("reveal_card", -1, item[5], action.slot))
    elif kind == "setup_chest":
        assert isinstance(action, Stow)
        state.holds[item[2]][action.into] += 1
        state.note("setup_chest", seat, item[2], action.into)
    elif kind == "place_pawn":
        assert isinstance(action, PlacePawn)
        state.spots[action.place][action.position] = seat
        state.note("placed_pawn", seat, action.place, action.position)
    elif kind == "stow" and isinstance(action, Decline):
        state.note("no_steal", seat)
    elif kind == "stow":
        assert isinstance(action, Stow)
        ship = item[2]
        if action.take < 0:
            state.galleon -= 1
        else:
            state.holds[1 - ship][action.take] -= 1
        state.holds[ship][action.into] += 1
        state.note("stowed", seat, ship, action.into, action.take)
    elif kind == "discard":
        assert isinstance(action, Discard)
        state.lose_vote(seat, action.card)
    elif kind == "react_maroon":
        _react_maroon(state, seat, item, action)
    elif kind == "react_call":
        if isinstance(action, PlayMap):
            _play_atlantis(state, seat, to=item[2])
    elif kind in EVENT_DECISIONS or kind == "crows_pick":
        resolve_event_decision(state, item, action)
    else:
        raise AssertionError(f"{kind!r} is not a decision")


def _main(state: Fields, seat: int, action: Action) -> None:
    state.queue.insert(0, ("end_action", -1))
    place = state.place_of(seat)
    if isinstance(action, Look):
        for slot in action.slots:
            card = state.row[slot]
            assert card is not None
            state.known[seat][slot] = card
        cards = tuple(state.row[slot] for slot in action.slots)
        state.note("looked", seat, action.slots, cards)
    elif isinstance(action, Reveal):
        state.queue.insert(0, ("reveal_card", -1, seat, action.slot))
    elif isinstance(action, Point):
        a, b = action.slots
        state.note("pointed", seat, action.slots, action.target)
        # ("choose", who picks, slot, slot, forcer, who reveals)
        state.queue.insert(0, ("choose", action.target, a, b, seat, action.target))
    elif isinstance(action, Move):
        state.note("moved", seat, place, action.to)
        if action.to in ROWBOAT_OF:
            state.leave(seat)
            state.rowboats[ROWBOAT_OF[action.to]] = seat
        else:
            state.join(seat, action.to)
    elif isinstance(action, Attack):
        state.call_vote("attack", place, seat)
    elif isinstance(action, Maroon):
        state.note("captain_maroons", seat, action.target)
        state.maroon([action.target], "captain", by=seat)
    elif isinstance(action, Mutiny):
        state.call_vote("mutiny", place, seat)
    elif isinstance(action, MoveChest):
        state.holds[place][action.to] += 1
        state.holds[place][1 - action.to] -= 1
        state.note("chest_moved", seat, place, action.to)
    elif isinstance(action, Brawl):
        state.call_vote("brawl", TORTUGA, seat)
    elif isinstance(action, Pass):
        state.note("passed", seat)
    elif isinstance(action, PlayMap):
        # "Het spelen van een schatkaart telt ook niet als actie": the turn goes on.
        state.queue.pop(0)
        state.queue.insert(0, ("turn", seat))
        _play_atlantis(state, seat, to=1 - place)
    else:
        raise AssertionError(f"{action!r} is not a main action")


def _play_atlantis(state: Fields, seat: int, to: int) -> None:
    """ "mag zijn pion van het ene naar het andere schip verplaatsen. Deze pion wordt dan
    achterin de rij gezet." """
    state.maps[seat].remove(ATLANTIS)
    state.discard.append(ATLANTIS)
    state.note("atlantis", seat, to)
    state.join(seat, to)


def _react_maroon(state: Fields, seat: int, item: tuple[Any, ...], action: Action) -> None:
    if not isinstance(action, PlayMap):
        return
    pending = state.queue.pop(0)  # the marooning this reaction answers
    assert pending[0] == "do_maroon" and pending[2] == seat
    if action.card == FOUNTAIN_OF_YOUTH:
        # "kan deze spelen om het effect van Zwarte Plek, Pistool of een verbanning tegen te
        # gaan. Als deze kaart wordt gebruikt om een verbanning door een kapitein tegen te gaan,
        # telt dit als diens actie."
        state.maps[seat].remove(FOUNTAIN_OF_YOUTH)
        state.discard.append(FOUNTAIN_OF_YOUTH)
        state.note("fountain", seat, item[2])
    else:
        # "Wanneer een kapitein een speler verbant die de Atlantiskaart heeft gespeeld, mag deze
        # speler zijn pion op het andere schip plaatsen ... De kapitein mag in dit geval nog een
        # tweede actie uitvoeren."
        _play_atlantis(state, seat, to=1 - state.place_of(seat))
        state.extra_action = True


def run_automatic(state: Fields, item: tuple[Any, ...]) -> None:
    kind = item[0]
    if kind == "next_turn":
        state.start_turn((state.current + 1) % state.players)
    elif kind == "end_action":
        state.end_action()
    elif kind == "reveal_card":
        reveal_card(state, item[2], item[3])
    elif kind == "refill":
        refill(state, item[2])
    elif kind == "setup_chests":
        setup_chests(state)
    else:
        raise AssertionError(kind)


__all__ = [
    "AUTOMATIC",
    "DESTROYED",
    "BlowUp",
    "MarqueDraw",
    "MarqueMove",
    "PickVote",
    "PutOnTop",
    "Target",
    "decision_actions",
    "main_actions",
    "resolve",
    "run_automatic",
]
