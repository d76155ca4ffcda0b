"""The compiled Tortuga heuristic (compiled.c) chooses exactly what the Python bot chooses.

`bot.py` is the reference; the compiled copy is only worth having if it is the same player, so
these tests compare the two at every decision with a choice in seeded games (2-4 players, short
and long, varied start players, the heuristic in every seat and mixed with random seats so odd
positions occur) and along random walks, check that the tuned numbers reach the C side from
Python (one source of truth), and that malformed input is refused with an error, not a crash.
Skipped only where the extension is not built (CI builds it: BUCCANEER_REQUIRE_KERNEL=1).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import buccaneer
from buccaneer.games.tortuga import TortugaState, bot, bot_model
from buccaneer.games.tortuga import compiled as compiled_copy
from buccaneer.games.tortuga.actions import Attack, Select, Turn
from buccaneer.games.tortuga.bot import TortugaBot, compiled_choice, python_choice
from buccaneer.games.tortuga.botview import BotView
from tests.games.compiled_support import assert_holds_python_numbers, assert_no_references_kept

cbot = pytest.importorskip("buccaneer.games.tortuga.compiled_c")

BOT = TortugaBot()
Position = tuple[BotView, int, list[Any]]


def valued(legal: list[Any]) -> bool:
    """A decision the bot values (builds a Table for): the ones the compiled copy makes."""
    return len(legal) > 1 and bot.obvious_choice(legal) is None


def game(
    players: int,
    seed: int,
    *,
    long_game: bool = False,
    start_player: int = 0,
    random_seats: frozenset[int] = frozenset(),
) -> Iterator[tuple[TortugaState, int, list[Any]]]:
    """Every decision of a seeded game with a choice to make (the state, the seat, its legal
    actions), heuristic seats playing the Python bot's choice, the others uniformly random."""
    state = buccaneer.load(
        "tortuga", players=players, seed=seed, long_game=long_game, start_player=start_player
    )
    assert isinstance(state, TortugaState)
    rng = random.Random(seed)
    while not state.is_over():
        moves = []
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            if valued(legal):
                yield state, seat, legal
            if seat in random_seats:
                action = legal[rng.randrange(len(legal))]
            else:
                action = python_choice(state.bot_view(seat), seat, legal)
            moves.append((seat, action))
        for seat, action in moves:
            state.apply(seat, action)


def same_choice(state: TortugaState, seat: int, legal: list[Any], where: str) -> str:
    """Assert both paths (and `TortugaBot.act`) choose the same action; its kind."""
    view = state.bot_view(seat)
    expected = python_choice(view, seat, legal)
    got = compiled_choice(view, seat, legal)
    assert got == expected, f"{where}, seat {seat}: compiled {got}, Python {expected}\n{view}"
    assert BOT.act(state, seat, random.Random(0)) == expected
    return type(legal[0]).__name__


@pytest.mark.parametrize("long_game", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_choice_at_every_decision(players: int, long_game: bool) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(12):
        mixed = seed % 3
        # all heuristic, then half the seats random (two ways round)
        randoms = frozenset(s for s in range(players) if mixed and s % 2 == mixed - 1)
        start = seed % players
        for state, seat, legal in game(
            players, seed, long_game=long_game, start_player=start, random_seats=randoms
        ):
            where = f"{players} players, seed {seed}, long {long_game}, random seats {set(randoms)}"
            kinds[same_choice(state, seat, legal, where)] += 1
    # every decision kind that builds a Table came up, and thousands of decisions in all
    expected = {"Select", "Turn", "Bonus", "Attack", "Place", "Seize"}
    if players > 2:
        expected.add("Claim")
    assert expected <= set(kinds), kinds
    assert sum(kinds.values()) > 1000, kinds


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    long_game=st.booleans(),
    steps=st.integers(0, 400),
    randomness=st.floats(0.0, 1.0),
)
def test_same_choice_along_random_walks(
    seed: int, players: int, long_game: bool, steps: int, randomness: float
) -> None:
    """Walks mixing random and heuristic moves reach positions no bot-only game does."""
    state = buccaneer.load(
        "tortuga", players=players, seed=seed, long_game=long_game, start_player=seed % players
    )
    assert isinstance(state, TortugaState)
    rng = random.Random(seed)
    for step in range(steps):
        if state.is_over():
            break
        moves = []
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            if valued(legal):
                same_choice(state, seat, legal, f"walk {seed}, step {step}")
            if rng.random() < randomness:
                moves.append((seat, legal[rng.randrange(len(legal))]))
            else:
                moves.append((seat, BOT.act(state, seat, rng)))
        for seat, action in moves:
            state.apply(seat, action)


def positions(count: int, players: int = 3, seed: int = 5) -> list[Position]:
    """`count` positions with a valued decision, from mixed games."""
    found: list[Position] = []
    while len(found) < count:
        for state, seat, legal in game(players, seed, random_seats=frozenset({0})):
            found.append((state.bot_view(seat), seat, list(legal)))
            if len(found) == count:
                break
        seed += 1
    return found


def test_the_extension_holds_the_python_numbers() -> None:
    indices = set(compiled_copy.COMPONENT_NAMES) - {"TRACK_MIN", "TRACK_MAX"}
    assert_holds_python_numbers(cbot.constants(), compiled_copy.constants(), indices)
    assert compiled_copy.path_in_use().endswith("compiled code (C)")


def test_a_changed_constant_is_followed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Retuning a number in Python changes the compiled choices the same way (after
    `configure()`, which the import of bot.py does); without it they would differ."""
    sample = positions(600, players=3) + positions(300, players=2)
    before = [compiled_choice(*p) for p in sample]
    monkeypatch.setattr(bot, "DIE_KEPT", 0.6)
    monkeypatch.setattr(bot, "BONUS_LONG", 0.5)
    monkeypatch.setattr(bot, "DEFENCE", 2.0)
    monkeypatch.setattr(bot_model, "W_TOP", 1.5)
    monkeypatch.setattr(bot_model, "OVERFLOW", 0.1)
    monkeypatch.setattr(bot_model, "TAIL", bot_model.tail_table(0.7))
    try:
        stale = [compiled_choice(*p) for p in sample]
        assert stale == before  # the extension holds its own copy until configured
        reference = [python_choice(*p) for p in sample]
        assert reference != before, "the changed numbers should change some decisions"
        compiled_copy.configure()
        assert [compiled_choice(*p) for p in sample] == reference
    finally:
        monkeypatch.undo()
        compiled_copy.configure()
    assert [compiled_choice(*p) for p in sample] == before


def test_refuses_constants_that_disagree_with_its_indices() -> None:
    numbers = compiled_copy.constants()
    with pytest.raises(ValueError, match="RAID"):
        cbot.init({**numbers, "RAID": 7}, ())
    with pytest.raises(KeyError, match="PIECE"):
        cbot.init({k: v for k, v in numbers.items() if k != "PIECE"}, ())
    assert cbot.constants() is not None  # the previous numbers stay in force
    view, seat, legal = positions(1)[0]
    assert compiled_choice(view, seat, legal) == python_choice(view, seat, legal)


def altered(record: Any, **fields: Any) -> Any:
    """A BotView (SeatBotView) with fields replaced by values of any type."""
    return record._replace(**fields)


def test_malformed_knowledge_is_refused_not_a_crash() -> None:
    view, seat, legal = next(p for p in positions(200) if isinstance(p[2][0], Select))
    first, *rest = view.seats
    bad: list[tuple[Any, int, Any, type[Exception]]] = [
        ((1, 2, 3), seat, legal, ValueError),
        ("knowledge", seat, legal, TypeError),
        (altered(view, seats="abc"), seat, legal, TypeError),
        (altered(view, seats=(first,)), 0, legal, ValueError),
        (view, 7, legal, ValueError),
        (view, seat, tuple(legal), TypeError),
        (view, seat, [], ValueError),
        (altered(view, my_roll=(0, 1)), seat, legal, ValueError),
        (altered(view, goal="6"), seat, legal, TypeError),
        (altered(view, phase=3), seat, legal, TypeError),
        (altered(view, seats=(altered(first, fleet=(9,)), *rest)), seat, legal, ValueError),
        (altered(view, seats=(altered(first, placed=(0,)), *rest)), seat, legal, ValueError),
        (altered(view, seats=(tuple(first)[:5], *rest)), seat, legal, ValueError),
        (altered(view, seats=(altered(first, fleet_box=2**70), *rest)), seat, legal, ValueError),
        (altered(view, decision=None), seat, [Turn(0), Turn(1)], ValueError),
        (altered(view, decision=None), seat, [Attack(1), Attack(2)], ValueError),
        (view, seat, [Select((0,)), Turn(1)], TypeError),
        (view, seat, [Select((9,)), Select((0,))], ValueError),
    ]
    for knowledge, asked, actions, error in bad:
        with pytest.raises(error, match="Tortuga compiled bot"):
            cbot.choose(knowledge, asked, actions)
    assert compiled_choice(view, seat, legal) == python_choice(view, seat, legal)


def test_no_references_leak() -> None:
    """choose() borrows what it reads: nothing it touched gains a reference."""
    sample = positions(60, players=4)
    watched = [
        obj
        for view, _seat, legal in sample
        for obj in (view, *view.seats, legal, *legal, *(getattr(a, "dice", ()) for a in legal))
    ]

    def decide_all() -> None:  # its loop variables go with it
        for _ in range(200):
            for view, seat, legal in sample:
                cbot.choose(view, seat, legal)

    assert_no_references_kept(watched, decide_all)


def test_without_the_extension_the_python_bot_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the extension is not built (`compiled` None) `act` takes the reference path."""
    monkeypatch.setattr(compiled_copy, "compiled", None)
    for state, seat, legal in game(3, 11, random_seats=frozenset({1})):
        expected = python_choice(state.bot_view(seat), seat, legal)
        assert BOT.act(state, seat, random.Random(0)) == expected
