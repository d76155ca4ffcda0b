"""What a seat knows in Tortuga 1667, as a JSON-able dict (docs/architecture.md, "Views").

Hidden: others' loyalty cards and vote cards, event cards a seat has not looked at, the order of
both decks, who played which card in a vote (only the shuffled cards are shown), and the order
in which the advanced setup's bag gives out the pawns still in it. A seat keeps in its view what
it has seen: the event cards it looked at (while they stay in place), its own loyalty cards so
far, a card it put on top of the vote deck, and a hand it chose by Crow's Nest. The pending
steps are public and in the view too, so that the view alone rebuilds the game (`from_view`).
"""

from __future__ import annotations

from typing import Any

from buccaneer.games.tortuga1667.components import (
    ARMADA_AMONG_LAST,
    DESTROYED,
    SHIPS,
    TEAMS,
    TORTUGA,
    vote_name,
)
from buccaneer.games.tortuga1667.fields import Fields


def _votes(cards: list[int]) -> list[str]:
    return [vote_name(c) for c in sorted(cards)]


def decision(state: Fields) -> dict[str, Any] | None:
    """The public description of what the engine waits for."""
    if state.winner_team >= 0:
        return None
    if state.voting:
        kind, place, caller = state.vote_info
        where = SHIPS[place] if place < TORTUGA else "tortuga"
        return {
            "kind": "vote",
            "vote": kind,
            "place": where,
            "caller": caller,
            "voters": list(state.voting),
            "waiting": list(state.to_move()),
        }
    item = state.queue[0]
    info: dict[str, Any] = {"kind": item[0], "seat": item[1]}
    if item[0] == "choose":
        info.update(slots=[item[2], item[3]], by=item[4])
    elif item[0] in ("react_maroon",):
        info.update(cause=item[2])
    elif item[0] == "give_map":
        info.update(card=item[2])
    elif item[0] == "crows_pick":
        info.update(target=item[2], left=item[3])
    return info


def pending(state: Fields) -> list[list[Any]]:
    """The queue of pending steps, front first, each as a list (its tuple in `state.queue`).

    Public: every step was queued by something done or revealed at the table (a marooning, a
    vote called, an event card's effect, the end of an action), and it is what a seat rebuilding
    the game from its view (`from_view`) needs to know what comes next. The one exception is the
    advanced setup's bag: which pawn is drawn after the one placing now is chance not yet drawn,
    so the later `place_pawn` steps are left out.
    """
    return [
        list(item) for i, item in enumerate(state.queue) if not (i > 0 and item[0] == "place_pawn")
    ]


def _known_hands(state: Fields, seat: int | None, memory: dict[str, Any]) -> dict[str, list[str]]:
    """Hands this seat chose with Crow's Nest (and, mid-pick, the cards given so far)."""
    hands = {str(t): _votes(cards) for t, cards in memory.get("hands", {}).items()}
    head = state.queue[0] if state.queue and not state.voting else None
    if seat is not None and head is not None and head[0] == "crows_pick" and head[1] == seat:
        hands[str(head[2])] = _votes(state.votes[head[2]])
    return hands


def build_view(state: Fields, seat: int | None) -> dict[str, Any]:
    view = state.base_view(seat)
    over = state.winner_team >= 0
    view["scores"] = state.scores() if over else [0.0] * state.players
    ships = {
        SHIPS[ship]: {
            "crew": list(state.lines[ship]),
            "holds": {"british": state.holds[ship][0], "french": state.holds[ship][1]},
        }
        for ship in (0, 1)
    }
    rowboats: dict[str, int | str | None] = {}
    for ship in (0, 1):
        occupant = state.rowboats[ship]
        rowboats[SHIPS[ship]] = (
            "destroyed" if occupant == DESTROYED else None if occupant < 0 else occupant
        )
    known = state.known[seat] if seat is not None else {}
    row = [
        None if card is None else (card if (over or slot in known) else "hidden")
        for slot, card in enumerate(state.row)
    ]
    memory = state.memory[seat] if seat is not None else {}
    view.update(
        {
            "ships": ships,
            "tortuga": {
                "crew": list(state.lines[TORTUGA]),
                "british": state.tortuga_chests[0],
                "french": state.tortuga_chests[1],
                "loose": state.tortuga_chests[2],
            },
            "galleon": state.galleon,
            # Advanced setup: the spots pawns have taken so far (null: free).
            "spots": (
                [[s if s >= 0 else None for s in spots] for spots in state.spots]
                if state.spots
                else None
            ),
            "rowboats": rowboats,
            "events": {
                # "each a card name where the viewer knows it else null"; an empty slot (deck
                # used up) is "empty".
                "row": ["empty" if r is None else (None if r == "hidden" else r) for r in row],
                "deck": len(state.deck),
                "discard": list(state.discard),
                "armada_in_deck": state.armada_live,
                "in_game": list(state.cards_in_game),
                # Which slots hold a card drawn from the deck's original bottom five, where the
                # Armada was shuffled in (public: everyone sees the slots refilled).
                "bottom_five": [
                    card is not None and 0 <= index < ARMADA_AMONG_LAST
                    for card, index in zip(state.row, state.row_index, strict=True)
                ],
            },
            "loyalty": TEAMS[state.loyalty[seat]] if seat is not None else None,
            "loyalty_history": (
                [TEAMS[t] for t in state.loyalty_seen[seat]] if seat is not None else None
            ),
            "loyalties": [TEAMS[t] for t in state.loyalty] if over else None,
            "votes": _votes(state.votes[seat]) if seat is not None else None,
            "vote_hand_sizes": [len(v) for v in state.votes],
            "vote_deck": len(state.vote_deck),
            "vote_deck_top": (vote_name(memory["deck_top"]) if "deck_top" in memory else None),
            # Crow's Nest: the seat choosing cards for another looks through the vote deck.
            "vote_deck_cards": (
                _votes(state.vote_deck)
                if seat is not None
                and state.queue
                and not state.voting
                and state.queue[0][0] == "crows_pick"
                and state.queue[0][1] == seat
                else None
            ),
            "known_hands": _known_hands(state, seat, memory),
            "ballot": (
                _votes(list(state.ballots[seat]))
                if seat is not None and seat in state.ballots
                else None
            ),
            "voted": sorted(state.ballots),
            # How many cards each voter put down is seen at the table (El Dorado plays two).
            "ballot_sizes": {str(s): len(cards) for s, cards in sorted(state.ballots.items())},
            "known_loyalties": {
                str(s): TEAMS[t] for s, t in sorted(memory.get("loyalties", {}).items())
            },
            "last_vote": (
                {"kind": state.last_vote[0], "cards": _votes(list(state.last_vote[1]))}
                if state.last_vote
                else None
            ),
            "albatross": list(state.albatross),
            "treasure_maps": [list(m) for m in state.maps],
            "pirate_code": list(state.pirate_code),
            "scurvy": list(state.scurvy),
            "current": state.current,
            "actions_left": state.actions_left,
            "decision": decision(state),
            # Every pending step, front first (see `pending`), and whether the captain acts
            # again after an Atlantis escape from its marooning: both follow from what was
            # played in the open.
            "queue": pending(state),
            "extra_action": state.extra_action,
            "tiebreak": state.tiebreak,
            "team_chests": dict(zip(("british", "french"), state.team_chests(), strict=True)),
            "winner_team": (
                (TEAMS[state.winner_team] if state.winner_team < len(TEAMS) else "shared")
                if over
                else None
            ),
            "seat_names": [state.name(s) for s in range(state.players)],
            # What the seats' open play says about their loyalties (bot_evidence.py): public,
            # the same for every viewer; `belief(seat)` weighs the deals by it.
            "loyalty_evidence": [list(row) for row in state.evidence],
        }
    )
    return view
