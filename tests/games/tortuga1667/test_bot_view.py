"""`Tortuga1667State.bot_view(seat)`: the view's knowledge, typed for the heuristic bot, and
the speed work around it (reused action objects, the repeated `legal_actions`, the bot's pure
caches) that must leave every decision exactly as it was."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import buccaneer
from buccaneer.core.state import Action
from buccaneer.games.tortuga1667 import Tortuga1667State
from buccaneer.games.tortuga1667.actions import (
    Attack,
    Brawl,
    Look,
    Maroon,
    Move,
    MoveChest,
    Mutiny,
    Pass,
    PlayMap,
    Point,
    Reveal,
)
from buccaneer.games.tortuga1667.bot import Tortuga1667Bot, clear_caches
from buccaneer.games.tortuga1667.botview import EMPTY, HIDDEN, BotView
from buccaneer.games.tortuga1667.components import (
    ATLANTIS,
    BRITISH,
    CABIN_BOY,
    CAPTAIN,
    FIRST_MATE,
    FRENCH,
    SHIPS,
    TEAMS,
    TORTUGA,
    vote_name,
)

BOT = Tortuga1667Bot()
PLACE = {"flying_dutchman": 0, "jolly_roger": 1, "tortuga": 2}
VARIANTS: list[dict[str, Any]] = [{}, {"advanced_setup": True}, {"star_cards": 5}]


def walk(players: int, options: dict[str, Any], seed: int) -> Iterator[Tortuga1667State]:
    """Every state of a game the heuristic bot plays against a random mover, to the end."""
    state = buccaneer.load("tortuga1667", players=players, seed=seed, **options)
    assert isinstance(state, Tortuga1667State)
    rng = random.Random(seed)
    while True:
        yield state
        movers = state.to_move()
        if not movers:
            return
        for seat in movers:
            legal = state.legal_actions(seat)
            if rng.random() < 0.5:
                action = legal[rng.randrange(len(legal))]
            else:
                action = BOT.act(state, seat, rng)
            state.apply(seat, action)


def from_view(view: dict[str, Any]) -> BotView:
    """The `BotView` that the JSON view spells out, field by field."""
    ships = view["ships"]
    events = view["events"]
    decision = view["decision"]
    if decision is None:
        step: tuple[Any, ...] = ()
    elif decision["kind"] == "vote":
        step = (
            "vote",
            decision["vote"],
            PLACE[decision["place"]],
            decision["caller"],
            tuple(decision["voters"]),
        )
    else:
        step = tuple(view["queue"][0])
    names = {vote_name(card): card for card in range(12)}
    known = view["known_loyalties"]
    boats = [view["rowboats"][ship] for ship in SHIPS]
    return BotView(
        players=view["players"],
        seat=view["seat"],
        lines=(
            tuple(ships["flying_dutchman"]["crew"]),
            tuple(ships["jolly_roger"]["crew"]),
            tuple(view["tortuga"]["crew"]),
        ),
        holds=tuple(  # type: ignore[arg-type]
            (ships[ship]["holds"]["british"], ships[ship]["holds"]["french"]) for ship in SHIPS
        ),
        tortuga=(view["tortuga"]["british"], view["tortuga"]["french"], view["tortuga"]["loose"]),
        galleon=view["galleon"],
        rowboats=tuple(  # type: ignore[arg-type]
            -1 if b is None else -2 if b == "destroyed" else b for b in boats
        ),
        chests=(view["team_chests"]["british"], view["team_chests"]["french"]),
        team=TEAMS.index(view["loyalty"]),
        hand=tuple(names[name] for name in view["votes"]),
        vote_sizes=tuple(view["vote_hand_sizes"]),
        vote_deck=view["vote_deck"],
        vote_deck_top=-1 if view["vote_deck_top"] is None else names[view["vote_deck_top"]],
        pirate_code=tuple(view["pirate_code"]),
        albatross=tuple(view["albatross"]),
        maps=tuple(tuple(m) for m in view["treasure_maps"]),
        scurvy=tuple(view["scurvy"]),
        row=tuple(EMPTY if c == "empty" else HIDDEN if c is None else c for c in events["row"]),
        bottom_five=tuple(events["bottom_five"]),
        deck=events["deck"],
        discard=tuple(events["discard"]),
        in_game=tuple(events["in_game"]),
        armada_live=events["armada_in_deck"],
        tiebreak=view["tiebreak"],
        current=view["current"],
        decision=step,
        known=(
            tuple(
                TEAMS.index(known[str(s)]) if str(s) in known else -1
                for s in range(view["players"])
            )
            if known
            else ()
        ),
        spots=(
            tuple(tuple(-1 if s is None else s for s in place) for place in view["spots"])
            if view["spots"]
            else ()
        ),
        evidence=tuple(tuple(row) for row in view["loyalty_evidence"]),
    )


@pytest.mark.parametrize("options", VARIANTS, ids=["basic", "advanced", "stars"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 7, 9])
def test_the_bot_view_says_what_the_view_says(players: int, options: dict[str, Any]) -> None:
    """Field by field, in every state of whole games (the end included), for every seat."""
    checked = 0
    for seed in range(2):
        for state in walk(players, options, seed):
            for seat in range(players):
                mine = state.bot_view(seat)
                expected = from_view(state.view(seat))
                for field in BotView._fields:
                    assert getattr(mine, field) == getattr(expected, field), (field, seat)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", [3, 6])
def test_a_sampled_world_gives_the_same_bot_view(players: int) -> None:
    """What the seat cannot know is resampled by `determinize`; its bot view stays put."""
    for state in walk(players, {}, 4):
        for seat in state.to_move():
            world = state.determinize(seat, random.Random(7))
            assert world.bot_view(seat) == state.bot_view(seat)


def test_the_bot_view_refuses_a_spectator_and_strangers() -> None:
    state = buccaneer.load("tortuga1667", players=4, seed=1)
    for seat in (None, -1, 4, True):
        with pytest.raises(buccaneer.IllegalAction):
            state.bot_view(seat)  # type: ignore[arg-type]


def reference_turn(state: Tortuga1667State, seat: int) -> list[Action]:
    """A turn's choices built the plain way, in the engine's order (what `main_actions` did
    before it reused its action objects)."""
    slots = [i for i, card in enumerate(state.row) if card is not None]
    pairs = [(a, b) for i, a in enumerate(slots) for b in slots[i + 1 :]]
    others = [t for t in range(state.players) if t != seat]
    actions: list[Action] = [Look(p) for p in pairs]
    actions += [Reveal(s) for s in slots]
    actions += [Point(p, t) for p in pairs for t in others]
    place = state.place_of(seat)
    if place < TORTUGA:
        if state.rowboats[place] == -1:
            actions.append(Move(3 + place))
    elif place == TORTUGA:
        actions += [Move(3 + ship) for ship in (0, 1) if state.rowboats[ship] == -1]
    else:
        ship = 0 if state.rowboats[0] == seat else 1
        actions += [Move(ship), Move(TORTUGA)]
    if place < TORTUGA:
        rank = state.lines[place].index(seat)
        if rank == CAPTAIN:
            actions.append(Attack())
            actions += [Maroon(t) for t in state.lines[place] if t != seat]
        elif rank == FIRST_MATE:
            actions.append(Mutiny())
        elif rank == CABIN_BOY:
            hold = state.holds[place]
            actions += [MoveChest(to) for to in (BRITISH, FRENCH) if hold[1 - to]]
        if ATLANTIS in state.maps[seat]:
            actions.append(PlayMap(ATLANTIS))
    elif place == TORTUGA and state.lines[TORTUGA][0] == seat:
        actions.append(Brawl())
    return actions or [Pass()]


@pytest.mark.parametrize("players", [2, 4, 5, 8, 9])
def test_turn_choices_keep_their_order(players: int) -> None:
    turns = 0
    for seed in range(3):
        for state in walk(players, {}, seed):
            if state.voting or not state.queue or state.queue[0][0] != "turn":
                continue
            seat = state.queue[0][1]
            assert state.legal_actions(seat) == reference_turn(state, seat)
            turns += 1
    assert turns > 20


def test_asking_twice_gives_the_same_choices_in_a_fresh_list() -> None:
    """The second `legal_actions` of an unchanged state is the first one's list again (a copy,
    which the caller may change), another seat asking in between gets its own, and `apply`
    still takes the objects; after a move the choices are worked out anew."""
    state = buccaneer.load("tortuga1667", players=5, seed=3)
    rng = random.Random(3)
    for _ in range(200):
        movers = state.to_move()
        if not movers:
            break
        seat = movers[0]
        first = state.legal_actions(seat)
        second = state.legal_actions(seat)
        assert first == second and first is not second
        first.clear()
        assert state.legal_actions(seat) == second
        other = (seat + 1) % state.players  # asked in between: its own list, not the seat's
        assert state.legal_actions(other) == state.clone().legal_actions(other)
        assert state.legal_actions(seat) == second
        choice = second[rng.randrange(len(second))]
        state.apply(seat, choice)
        assert state.legal_actions(seat) == state.clone().legal_actions(seat)


def test_the_bots_caches_do_not_change_its_decisions() -> None:
    """The bot's memos (loyalty beliefs, the unseen event cards, the vote deck's odds) are pure:
    every decision is the same with them cold as with them warm."""
    decisions = 0
    for players in (3, 6, 9):
        for state in walk(players, {}, 5):
            for seat in state.to_move():
                warm = BOT.act(state, seat, random.Random(1))
                clear_caches()
                assert BOT.act(state, seat, random.Random(1)) == warm
                decisions += 1
    assert decisions > 100
