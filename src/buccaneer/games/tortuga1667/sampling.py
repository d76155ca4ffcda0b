"""Sampling: a full game consistent with what one seat knows, from the game itself
(`determinize`) or from the seat's view alone (`from_view`).

`determinize` resamples, uniformly among what the seat cannot tell apart: the other seats'
loyalty cards (keeping the team sizes and what Cabin Fever proved), their vote cards and secret
ballots, the order of the vote deck (a card the seat put on top stays there), and the event cards
it has not seen in the row and the deck (the Spanish Armada staying among the original bottom
five while it is in the deck). Documented simplification: the cards of past votes are known to
lie at the bottom of the vote deck; the sampler does not use that.

`from_view` (`GameSpec.from_view`, through `Tortuga1667State.from_view`) serves a remote agent
(`buccaneer connect`), which holds nothing but the views its seat receives and must still search
from them. The view holds the whole public table (pawns, chests, rowboats, event cards shown,
the queue of pending steps), the seat's own secrets (loyalty, vote cards, its ballot) and what
it has seen (event cards it looked at, a hand it chose by Crow's Nest, the card it put on top of
the vote deck, a loyalty proven by Cabin Fever). So the rebuild runs in two steps:

1. a *skeleton*: every public field copied from the view, the seat's own knowledge put back
   where the engine keeps it (`known`, `memory`, `loyalty_seen`), and every hidden part filled
   with placeholders of the right sizes from what the seat cannot have seen (the loyalty cards,
   vote cards and event cards left over once everything visible is taken away);
2. `determinize` for that seat, which throws the placeholders away and deals the hidden parts
   again exactly as it does for a real game, with a fresh chance stream
   `Rng(rng.getrandbits(64))`.

Step 1 reads only the view, and `determinize` reads of the skeleton only what the view fixed
(it deals from sorted pools), so the world is a function of the view and `rng` alone: two games
that differ only in what the seat cannot know give the same world. A finished game is the one
case `determinize` keeps as it is, so there the placeholders themselves are dealt at random.

Two things the view does not fix, because the seat does not know them, are dealt here: the
order in which the advanced setup's bag gives out the pawns still in it (drawn from the world's
fresh chance stream), and the two bookkeeping counters of the event deck (`deck_size`,
`drawn`), which only ever matter as their difference, the deck's length.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, TypeVar

from buccaneer.core.rng import Rng
from buccaneer.games.tortuga1667.actions import parse_vote
from buccaneer.games.tortuga1667.belief import draw, seat_belief
from buccaneer.games.tortuga1667.components import (
    ALBATROSS,
    ARMADA_AMONG_LAST,
    DESTROYED,
    PIRATE_CODE,
    SHIPS,
    SPANISH_ARMADA,
    TEAMS,
    TORTUGA,
    VOTE_DECK,
    team_sizes,
)
from buccaneer.games.tortuga1667.fields import FREE, SHARED, Fields


def _without(pool: list[int], remove: list[int]) -> list[int]:
    left = Counter(pool)
    left.subtract(remove)
    return [c for c, n in sorted(left.items()) for _ in range(n)]


W = TypeVar("W", bound=Fields)


def determinize(state: W, seat: int | None, rng: random.Random, weighed: bool = False) -> W:
    """A world `seat` cannot tell from `state`; with `weighed`, the others' loyalties are drawn
    from the seat's belief (belief.py) instead of uniformly among the deals it allows."""
    state.check_seat(seat)
    world = state.clone()
    chance = Rng(rng.getrandbits(64))
    world.rng = chance
    world.reset_records(replayable=False)
    # A sampled world is for search: what the seat saw of the table's play stays as it was
    # (its beliefs read it), and nobody in the world learns more from it.
    world.track_evidence = False
    if state.winner_team >= 0:
        return world
    world.seed = chance.next64() >> 1
    others = [s for s in range(state.players) if s != seat]
    memory = state.memory[seat] if seat is not None else {}
    if weighed:
        world.loyalty = list(draw(seat_belief(state, seat), chance))
    else:
        _loyalties(state, world, seat=seat, others=others, memory=memory, chance=chance)
    _votes(state, world, seat=seat, others=others, memory=memory, chance=chance)
    _events(state, world, seat, chance)
    # Only "from the bottom five or not" is public about where a row card came from.
    world.row_index = [0 if 0 <= i < ARMADA_AMONG_LAST else -1 for i in state.row_index]
    for s in others:
        world.known[s] = {}
        world.memory[s] = {}
        world.loyalty_seen[s] = [world.loyalty[s]]
    return world


def _loyalties(
    state: Fields,
    world: Fields,
    *,
    seat: int | None,
    others: list[int],
    memory: dict[str, object],
    chance: Rng,
) -> None:
    british, french, dutch = team_sizes(state.players)
    cards = [0] * british + [1] * french + [2] * dutch
    if seat is not None:
        cards.remove(state.loyalty[seat])
    proven = memory.get("loyalties", {})
    assert isinstance(proven, dict)
    free = []
    for s in others:
        if s in proven:
            world.loyalty[s] = proven[s]
            cards.remove(proven[s])
        else:
            free.append(s)
    chance.shuffle(cards)
    for s, team in zip(free, cards, strict=True):
        world.loyalty[s] = team


def _votes(
    state: Fields,
    world: Fields,
    *,
    seat: int | None,
    others: list[int],
    memory: dict[str, object],
    chance: Rng,
) -> None:
    known_hands = dict(memory.get("hands", {}))  # type: ignore[call-overload]
    head = state.queue[0] if state.queue and not state.voting else None
    if head is not None and head[0] == "crows_pick" and head[1] == seat:
        # The picker knows the cards it has given so far.
        known_hands[head[2]] = list(state.votes[head[2]])
    pool = list(VOTE_DECK)
    if seat is not None:
        pool = _without(pool, state.votes[seat])
    for cards in known_hands.values():
        pool = _without(pool, cards)
    top = memory.get("deck_top")
    if isinstance(top, int):
        pool = _without(pool, [top])
    picking = state.queue and state.queue[0][0] == "crows_pick" and state.queue[0][1] == seat
    deck_cards = sorted(state.vote_deck) if picking else None
    if deck_cards is not None:
        # The Crow's Nest picker is looking through the vote deck right now.
        pool = _without(pool, deck_cards)
    # A seat asked which vote card to give up shows only that it holds two or more cards, which
    # the hand sizes already say: its hand is dealt like any other.
    dealt = list(pool)
    chance.shuffle(dealt)
    for s in others:
        if s in known_hands:
            world.votes[s] = sorted(known_hands[s])
        else:
            world.votes[s] = sorted(dealt.pop() for _ in state.votes[s])
    pool = dealt
    deck = deck_cards if deck_cards is not None else pool
    chance.shuffle(deck)
    if isinstance(top, int):
        deck.append(top)
    world.vote_deck = deck
    for s in others:
        if s in state.ballots:
            size = len(state.ballots[s])
            choices = [b for b in world.ballot_choices(s) if len(b.cards) == size]  # type: ignore[attr-defined]
            world.ballots[s] = choices[chance.below(len(choices))].cards  # type: ignore[attr-defined]


def _events(state: Fields, world: Fields, seat: int | None, chance: Rng) -> None:
    known = state.known[seat] if seat is not None else {}
    hidden_slots = [i for i, c in enumerate(state.row) if c is not None and i not in known]
    unseen = [state.row[i] for i in hidden_slots] + list(state.deck)
    cards: list[str] = sorted(c for c in unseen if c is not None)
    deck_positions = list(range(len(state.deck)))  # original deck index == list index
    slots = hidden_slots
    armada_spots: list[tuple[str, int]] = []
    if state.armada_live and SPANISH_ARMADA in cards:
        cards.remove(SPANISH_ARMADA)
        # The Armada was shuffled into the deck's bottom five (original indices 0..4).
        armada_spots = [("deck", i) for i in deck_positions if i < ARMADA_AMONG_LAST]
        armada_spots += [("row", i) for i in slots if 0 <= state.row_index[i] < ARMADA_AMONG_LAST]
    chance.shuffle(cards)
    armada = armada_spots[chance.below(len(armada_spots))] if armada_spots else None
    deck: list[str] = []
    for i in deck_positions:
        deck.append(SPANISH_ARMADA if armada == ("deck", i) else cards.pop())
    for i in slots:
        world.row[i] = SPANISH_ARMADA if armada == ("row", i) else cards.pop()
    world.deck = deck


# -- from a view ------------------------------------------------------------------------------

# A hidden row slot in the skeleton before its card is dealt.
UNDEALT = ""


def from_view(cls: type[W], view: dict[str, Any], rng: random.Random) -> W:
    """A full, playable state of class `cls` (`Tortuga1667State`, whose classmethod
    `from_view` passes itself, since this module sits below state.py) whose `view(seat)` is
    `view`, its hidden parts dealt from `rng` as `determinize` deals them (see the module's
    docstring)."""
    seat: int | None = view["seat"]
    # determinize keeps a finished game as it is: its placeholders are the deal.
    deal = Rng(rng.getrandbits(64)) if view["over"] else None
    skeleton = _skeleton(cls, view, deal)
    world = determinize(skeleton, seat, rng)
    _draw_bag(world)
    world.reset_records(replayable=False)
    return world


def _skeleton(cls: type[W], view: dict[str, Any], deal: Rng | None) -> W:
    """The public table and the seat's own knowledge from `view`; hidden parts as placeholders
    (in sorted order, or shuffled by `deal` when given)."""
    state = cls.__new__(cls)
    players: int = view["players"]
    seat: int | None = view["seat"]
    state.players = players
    # Copied, lists too: the world must not share anything with the caller's dict.
    state.options = {k: list(v) if isinstance(v, list) else v for k, v in view["options"].items()}
    state.seed = view["seed"] if view["seed"] is not None else 0
    state.rng = Rng(0)  # determinize gives the world a fresh stream
    _skeleton_table(state, view)
    _skeleton_loyalties(state, view)
    _skeleton_votes(state, view, seat, deal)
    _skeleton_events(state, view, seat, deal)
    state.memory = [{} for _ in range(players)]
    if seat is not None:
        state.memory[seat] = _skeleton_memory(view, seat)
    state.evidence = tuple(
        (float(b), float(f), float(d), float(a)) for b, f, d, a in view["loyalty_evidence"]
    )
    state.track_evidence = False
    state.reset_records(replayable=False)
    return state


def _skeleton_table(state: Fields, view: dict[str, Any]) -> None:
    """Everything on the table in the open: pawns, chests, held cards, turn, queue, the vote."""
    players = state.players
    state.lines = [list(view["ships"][name]["crew"]) for name in SHIPS]
    state.lines.append(list(view["tortuga"]["crew"]))
    spots = view["spots"]
    state.spots = (
        [[FREE if s is None else s for s in place] for place in spots] if spots is not None else []
    )
    state.rowboats = [
        DESTROYED if boat == "destroyed" else FREE if boat is None else boat
        for boat in (view["rowboats"][name] for name in SHIPS)
    ]
    state.galleon = view["galleon"]
    state.holds = [
        [view["ships"][name]["holds"]["british"], view["ships"][name]["holds"]["french"]]
        for name in SHIPS
    ]
    tortuga = view["tortuga"]
    state.tortuga_chests = [tortuga["british"], tortuga["french"], tortuga["loose"]]
    state.albatross = list(view["albatross"])
    state.maps = [list(cards) for cards in view["treasure_maps"]]
    state.pirate_code = list(view["pirate_code"])
    state.scurvy = list(view["scurvy"])
    state.current = view["current"]
    state.actions_left = view["actions_left"]
    state.extra_action = view["extra_action"]
    state.queue = [tuple(item) for item in view["queue"]]
    decision = view["decision"]
    if decision is not None and decision["kind"] == "vote":
        place = TORTUGA if decision["place"] == "tortuga" else SHIPS.index(decision["place"])
        state.voting = list(decision["voters"])
        state.vote_info = (decision["vote"], place, decision["caller"])
    else:
        # Outside a vote `vote_info` is a stale leftover the rules never read.
        state.voting = []
        state.vote_info = ()
    last = view["last_vote"]
    state.last_vote = (
        (last["kind"], tuple(sorted(parse_vote(c) for c in last["cards"]))) if last else ()
    )
    state.tiebreak = view["tiebreak"]
    winner = view["winner_team"]
    state.winner_team = (
        -1 if winner is None else SHARED if winner == "shared" else TEAMS.index(winner)
    )
    if len(state.albatross) != players or len(state.maps) != players:
        raise ValueError("view is inconsistent: per-seat lists of the wrong length")


def _skeleton_loyalties(state: Fields, view: dict[str, Any]) -> None:
    """Known loyalty cards (all of them once the game is over), the rest from what is left."""
    players = state.players
    seat: int | None = view["seat"]
    loyalty = [-1] * players
    if view["loyalties"] is not None:
        loyalty = [TEAMS.index(t) for t in view["loyalties"]]
    else:
        if seat is not None:
            loyalty[seat] = TEAMS.index(view["loyalty"])
        for s, team in view["known_loyalties"].items():
            loyalty[int(s)] = TEAMS.index(team)
    british, french, dutch = team_sizes(players)
    left = Counter([0] * british + [1] * french + [2] * dutch)
    left.subtract(t for t in loyalty if t >= 0)
    if any(n < 0 for n in left.values()):
        raise ValueError("view is inconsistent: more loyalty cards of a team than the game has")
    cards = sorted(left.elements())
    for s in range(players):
        if loyalty[s] < 0:
            loyalty[s] = cards.pop()
    state.loyalty = loyalty
    state.loyalty_seen = [[team] for team in loyalty]
    if seat is not None:
        state.loyalty_seen[seat] = [TEAMS.index(t) for t in view["loyalty_history"]]


def _parse(names: list[str]) -> list[int]:
    return sorted(parse_vote(name) for name in names)


def _skeleton_votes(
    state: Fields, view: dict[str, Any], seat: int | None, deal: Rng | None
) -> None:
    """Hands, the vote deck and ballots: the seat's own, the hands it chose by Crow's Nest, the
    deck it is looking through and the card it put on top kept; the rest from what is left."""
    players = state.players
    hands: list[list[int] | None] = [None] * players
    if seat is not None:
        hands[seat] = _parse(view["votes"])
    for s, names in view["known_hands"].items():
        hands[int(s)] = _parse(names)
    top = parse_vote(view["vote_deck_top"]) if view["vote_deck_top"] is not None else None
    looking = view["vote_deck_cards"]
    deck_cards = _parse(looking) if looking is not None else None
    left = Counter(VOTE_DECK)
    for hand in hands:
        left.subtract(hand or [])
    left.subtract([top] if top is not None else [])
    left.subtract(deck_cards or [])
    if any(n < 0 for n in left.values()):
        raise ValueError("view is inconsistent: more vote cards of a kind than the deck holds")
    pool = sorted(left.elements())
    if deal is not None:
        deal.shuffle(pool)
    sizes: list[int] = view["vote_hand_sizes"]
    dealt: list[list[int]] = []
    for s in range(players):
        hand = hands[s]
        if hand is None:
            if sizes[s] > len(pool):
                raise ValueError("view is inconsistent: not enough vote cards for the hands")
            hand = sorted(pool.pop() for _ in range(sizes[s]))
        dealt.append(hand)
    state.votes = dealt
    state.vote_deck = deck_cards if deck_cards is not None else pool
    if top is not None:
        state.vote_deck.append(top)
    if len(state.vote_deck) != view["vote_deck"] or [len(h) for h in dealt] != sizes:
        raise ValueError("view is inconsistent: vote cards do not add up to the deck's 30")
    # A ballot is still part of its voter's hand until the vote is counted; only its size is
    # public (determinize deals the others' ballots again from their dealt hands).
    state.ballots = {}
    for s, size in view["ballot_sizes"].items():
        voter = int(s)
        own = voter == seat and view["ballot"] is not None
        state.ballots[voter] = tuple(_parse(view["ballot"]) if own else dealt[voter][:size])


def _skeleton_events(
    state: Fields, view: dict[str, Any], seat: int | None, deal: Rng | None
) -> None:
    """The event row, deck and discard: cards the seat sees kept, the unseen ones (every card of
    the game not shown in the row or discard and not held by a seat) placed in the hidden slots
    and the deck."""
    events = view["events"]
    players = state.players
    state.cards_in_game = list(events["in_game"])
    state.discard = list(events["discard"])
    state.armada_live = events["armada_in_deck"]
    # Only "from the deck's bottom five or not" is public about where a row card came from.
    state.row_index = [0 if bottom else FREE for bottom in events["bottom_five"]]
    state.known = [{} for _ in range(players)]
    row: list[str | None] = []
    shown: list[str] = []
    for slot, card in enumerate(events["row"]):
        if card == "empty":
            row.append(None)
        elif card is None:
            row.append(UNDEALT)
        else:
            row.append(card)
            shown.append(card)
            if seat is not None:
                state.known[seat][slot] = card
    unseen = Counter(state.cards_in_game)
    unseen.subtract(state.discard)
    unseen.subtract(shown)
    # Out of the row and deck for now: Albatrosses and a Pirate Code held, Treasure Maps held
    # or being given away.
    unseen.subtract({ALBATROSS: sum(state.albatross)})
    unseen.subtract({PIRATE_CODE: sum(1 for n in state.pirate_code if n > 0)})
    unseen.subtract(card for cards in state.maps for card in cards)
    unseen.subtract(item[2] for item in state.queue if item[0] == "give_map")
    if any(n < 0 for n in unseen.values()):
        raise ValueError("view is inconsistent: more event cards shown than the game has")
    cards = sorted(unseen.elements())
    if deal is not None:
        deal.shuffle(cards)
    if len(cards) != row.count(UNDEALT) + events["deck"]:
        raise ValueError("view is inconsistent: the unseen event cards do not fill row and deck")
    state.row = [cards.pop() if card == UNDEALT else card for card in row]
    state.deck = cards
    # `refill` numbers a drawn card `deck_size - 1 - drawn`, its place in the deck as dealt; a
    # deck counted from here numbers the cards left the same way.
    state.deck_size = len(cards)
    state.drawn = 0


def _skeleton_memory(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """What the seat saw that the engine keeps for it (the view shows it back)."""
    memory: dict[str, Any] = {}
    hands = {int(s): _parse(names) for s, names in view["known_hands"].items()}
    decision = view["decision"]
    if decision is not None and decision["kind"] == "crows_pick" and decision["seat"] == seat:
        # Mid-pick, the cards given so far are shown from the target's hand, not remembered.
        hands.pop(decision["target"], None)
    if hands:
        memory["hands"] = hands
    if view["vote_deck_top"] is not None:
        memory["deck_top"] = parse_vote(view["vote_deck_top"])
    if view["known_loyalties"]:
        memory["loyalties"] = {
            int(s): TEAMS.index(team) for s, team in view["known_loyalties"].items()
        }
    return memory


def _draw_bag(world: Fields) -> None:
    """Advanced setup: the pawns still in the bag after the one placing now, in an order drawn
    from the world's own chance stream (the view does not show it: nobody knows it yet)."""
    if not world.queue or world.queue[0][0] != "place_pawn":
        return
    placed = {s for spots in world.spots for s in spots if s >= 0}
    placing = world.queue[0][1]
    bag = [s for s in range(world.players) if s not in placed and s != placing]
    world.rng.shuffle(bag)
    world.queue[1:1] = [("place_pawn", s) for s in bag]
