"""A position no action can change ends the game (docs/rulings.md, "A position nothing can change").

Cards come into a hand only by moving back ("terug naar het dichtst nabijgelegen teken dat is
bezet door 1 of 2 andere piraten"). With no card in any hand and no square below any pirate
holding one or two pirates, `end_turn` would be the only action for every seat, forever. The
game then ends at once; the seats with the most pirates in the boat win, ties share the win.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from rich.console import Console

import buccaneer
from buccaneer import IllegalAction
from buccaneer.core.state import Action
from buccaneer.games.cartagena import Back, CartagenaState, EndTurn, Forward, position
from buccaneer.games.cartagena.components import BOAT, START, SYMBOL_INDEX
from buccaneer.games.cartagena.invariants import invariants
from buccaneer.games.cartagena.render import render

# Square 36 (35 here, the last) is a skull: any card played from there reaches the boat.
LAYOUT = "1A 2A 3A 4A 5A 6A"
SKULL, HAT = SYMBOL_INDEX["skull"], SYMBOL_INDEX["hat"]
# 70 cards on the discard pile: with one card in a hand, 31 are left in the draw pile.
DISCARD = {"dagger": 17, "bottle": 17, "key": 17, "pistol": 17, "hat": 2}
RED, BLUE, YELLOW = 0, 1, 2


def last_card(
    pirates: dict[int, list[int]],
    hands: dict[int, dict[str, int]] | None = None,
    players: int = 2,
    mover: int = BLUE,
) -> CartagenaState:
    """`mover` to play; by default it holds the only card in the game, a skull."""
    return position(
        players,
        layout=LAYOUT,
        pirates=pirates,
        hands=hands if hands is not None else {mover: {"skull": 1}},
        discard=DISCARD,
        to_move=mover,
    )


def reported_dead(pirates: dict[int, list[int]], players: int = 2) -> CartagenaState:
    """The reported position, reached by the mover playing its last card from square 36."""
    state = last_card(pirates, players=players, mover=players - 1)
    assert not state.is_over() and not state.is_dead()
    state.apply(players - 1, Forward(SKULL, 35))
    return state


def the_reported_game() -> CartagenaState:
    """2 players, pirates [[9, 36 x5], [9, 9, 36 x4]], both hands empty, 31 cards in the pile."""
    return reported_dead({RED: [9] + [BOAT] * 5, BLUE: [9, 9, 35] + [BOAT] * 3})


def a_shared_win() -> CartagenaState:
    """Three each in the boat; squares 5 and 11 hold three pirates each."""
    return reported_dead({RED: [4, 4, 10] + [BOAT] * 3, BLUE: [4, 10, 10, 35, BOAT, BOAT]})


def test_playing_the_last_card_into_the_reported_position_ends_the_game() -> None:
    state = the_reported_game()
    assert state.pirates == [[9] + [BOAT] * 5, [9, 9] + [BOAT] * 4]
    assert state.hands == [[0] * 6, [0] * 6] and len(state.pile) == 31
    assert state.is_dead()
    assert state.is_over() and state.to_move() == ()
    assert state.winners() == [RED], "five in the boat beat four"
    assert state.scores() == [5.0, 4.0]
    assert state.legal_actions(RED) == [] and state.legal_actions(BLUE) == []
    for seat in (RED, BLUE):
        with pytest.raises(IllegalAction, match="game is over"):
            state.apply(seat, EndTurn())
    assert invariants(state) == []


def test_equal_boats_share_the_win() -> None:
    state = a_shared_win()
    assert state.is_over() and state.winners() == [RED, BLUE]
    assert state.scores() == [3.0, 3.0]
    assert invariants(state) == []


def test_pirates_at_the_start_and_a_lone_leader_cannot_move_back() -> None:
    """Three players: Yellow's last card leaves only full squares and pirates at the start
    below the boat, so nobody can move back; Red and Yellow (three in the boat) share the win."""
    pirates = {
        RED: [START, START, 10, BOAT, BOAT, BOAT],
        BLUE: [START, START, START, 10, 10, BOAT],
        YELLOW: [START, START, START, 35, BOAT, BOAT],
    }
    state = reported_dead(pirates, players=3)
    assert state.winners() == [RED, YELLOW] and state.scores() == [3.0, 1.0, 3.0]


def test_a_lone_pirate_in_front_with_nobody_in_the_boat_is_dead_too() -> None:
    """A square with one pirate gives a back move only to pirates beyond it."""
    state = position(2, layout=LAYOUT, hands={RED: {"hat": 1}}, discard=DISCARD)
    state.apply(RED, Forward(HAT, START))
    assert state.pirates[RED].count(START) == 5
    assert state.is_over() and state.winners() == [RED, BLUE]  # nobody has a pirate in the boat


@pytest.mark.parametrize(
    ("pirates", "hands", "why"),
    [
        (
            {RED: [9] + [BOAT] * 5, BLUE: [9, 9, 35] + [BOAT] * 3},
            {RED: {"hat": 1}, BLUE: {"skull": 1}},
            "Red still holds a card",
        ),
        (
            {RED: [9] + [BOAT] * 5, BLUE: [9, 9, 35] + [BOAT] * 3},
            {BLUE: {"skull": 2}},
            "Blue still holds a card",
        ),
        (
            {RED: [9, 9] + [BOAT] * 4, BLUE: [9, 30, 35] + [BOAT] * 3},
            None,
            "square 31 holds one pirate: the boat's pirates can move back to it",
        ),
        (
            {RED: [9, 20] + [BOAT] * 4, BLUE: [9, 9, 20, 35, BOAT, BOAT]},
            None,
            "square 21 holds two pirates: the boat's pirates can move back to it",
        ),
    ],
)
def test_a_position_that_can_still_change_goes_on(
    pirates: dict[int, list[int]], hands: dict[int, dict[str, int]] | None, why: str
) -> None:
    state = last_card(pirates, hands)
    state.apply(BLUE, Forward(SKULL, 35))
    assert not state.is_dead(), why
    assert not state.is_over() and state.to_move() == (BLUE,) and state.winners() == []
    back = [a for a in state.legal_actions(BLUE) if isinstance(a, Back)]
    assert back or any(map(any, state.hands)), "a card to play or a back move is left"
    assert invariants(state) == []


def test_a_back_move_that_draws_nothing_does_not_end_the_game() -> None:
    """With no card left to draw, every card is in a hand, so someone can still move forward."""
    everything = {name: 17 for name in ("skull", "dagger", "bottle", "key", "pistol")}
    state = position(
        2,
        layout=LAYOUT,
        pirates={RED: [20] + [BOAT] * 5, BLUE: [5, 5]},
        hands={RED: everything, BLUE: {"hat": 17}},
    )
    state.apply(RED, Back(20))
    assert state.hands[RED] == [17, 0, 17, 17, 17, 17] and not state.pile
    assert not state.is_over()


def test_the_log_says_why_the_game_ended() -> None:
    single = the_reported_game().log[-1]
    assert single.text == (
        "Nobody holds a card and no pirate can move back, so nothing can change any more: "
        "the game ends. Pirates in the boat: Red 5, Blue 4. Red wins!"
    )
    assert single.data == {"type": "dead_position", "winners": [RED], "boat": [5, 4]}
    assert single.visible_to is None
    shared = a_shared_win().log[-1]
    assert shared.text.endswith("Pirates in the boat: Red 3, Blue 3. Red and Blue share the win!")
    assert shared.data["winners"] == [RED, BLUE]


def rendered(state: CartagenaState, seat: int | None = None) -> str:
    console = Console(record=True, width=100, color_system=None)
    console.print(render(state.view(seat)))
    return " ".join(console.export_text().split())


def test_render_names_every_winner_and_the_reason() -> None:
    assert (
        "Game over: nobody holds a card and no pirate can move back; Red wins with 5 in the boat."
        in rendered(the_reported_game(), BLUE)
    )
    assert "Red and Blue share the win with 3 in the boat." in rendered(a_shared_win())
    normal = position(2, layout=LAYOUT, pirates={RED: [BOAT] * 5 + [35]}, hands={RED: {"hat": 1}})
    normal.apply(RED, Forward(HAT, 35))
    assert "Game over: Red wins." in rendered(normal)


@pytest.mark.parametrize("make", [the_reported_game, a_shared_win])
def test_views_and_determinize_of_a_finished_dead_game(make: Callable[[], CartagenaState]) -> None:
    state = make()
    winners = state.winners()
    for seat in (None, RED, BLUE):
        view = state.view(seat)
        assert view["over"] is True and view["winners"] == winners and view["to_move"] == []
        assert view["scores"] == state.scores()
        assert all(hand is not None for hand in view["hands"]), "hands are shown at the end"
        assert view["current"] is None and view["actions_left"] == 0
        for k in range(3):
            world = state.determinize(seat, random.Random(k))
            assert world.view(seat) == view
            assert world.is_over() and world.winners() == winners and world.to_move() == ()
            assert invariants(world) == []
    twin = state.clone()
    assert twin.winners() == winners and twin.snapshot() == state.snapshot()


def test_invariants_accept_a_shared_win_only_in_a_dead_position() -> None:
    dead = a_shared_win()
    wrong = dead.clone()
    wrong.won_by = (RED,)
    assert any("dead position" in problem for problem in invariants(wrong))
    alive = last_card({RED: [9] + [BOAT] * 5, BLUE: [9, 9, 35] + [BOAT] * 3})
    alive.won_by = (RED, BLUE)
    assert invariants(alive) != []
    # set up directly, a dead position is taken as given (it is not ended by `position`)
    as_given = position(2, layout=LAYOUT, pirates={RED: [BOAT] * 2, BLUE: [BOAT] * 3})
    assert as_given.is_dead() and not as_given.is_over() and invariants(as_given) == []


def forward_first(state: CartagenaState, seed: int, limit: int = 5_000) -> None:
    """Play on with a policy that plays cards whenever it can (19 times in 20) and otherwise
    never passes if it can move: it empties hands, which is how dead positions arise."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over():
            return
        (seat,) = state.to_move()
        actions = state.legal_actions(seat)
        forward: list[Action] = [a for a in actions if isinstance(a, Forward)]
        if forward and rng.random() < 0.95:
            actions = forward
        else:
            moves = [a for a in actions if not isinstance(a, EndTurn)]
            actions = moves or actions
        state.apply(seat, actions[rng.randrange(len(actions))])


def test_a_real_game_reaches_a_dead_position_and_replays_exactly() -> None:
    state = buccaneer.load("cartagena", players=2, seed=61)
    assert isinstance(state, CartagenaState)
    forward_first(state, 61)
    assert state.is_over(), "without the ruling this game would never end"
    assert all(squares[0] != BOAT for squares in state.pirates), "nobody has six in the boat"
    assert state.is_dead() and state.winners() == [RED]
    assert state.pirates == [[35] + [BOAT] * 5, [35, 35] + [BOAT] * 4]
    assert state.log[-1].data["type"] == "dead_position"
    assert invariants(state) == []
    record = buccaneer.GameRecord.from_json(state.record().to_json())
    again = buccaneer.replay(record)
    assert isinstance(again, CartagenaState)
    assert again.snapshot() == state.snapshot()
    assert again.winners() == [RED] and again.view(None) == state.view(None)
    assert [e.text for e in again.log] == [e.text for e in state.log]
