"""The compiled Tortuga 1667 heuristic (compiled.c) values exactly as the Python bot values.

`bot.py` is the reference; the compiled copy is only worth having if it is the same player, so
these tests compare the two at every decision the copy values (turns, votes, the pointed-at
seat's choice) in seeded games for 2-9 players (the heuristic in every seat, mixed with random
seats so odd positions occur, both setups, every star card), in rollouts from
`state.determinize` as ISMCTS plays them, and along random walks: the lists of values must be
equal to the last bit, and `best_of` must then choose the same action with the same draws from
the random stream. They also check that the tuned numbers reach the C side from Python (one
source of truth), that malformed input is refused with an error, not a crash, that nothing
leaks a reference, and that the Python bot plays where the extension is missing. Skipped only
where the extension is not built (CI builds it: BUCCANEER_REQUIRE_KERNEL=1).
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import buccaneer
from buccaneer.core.registry import seat_knowledge
from buccaneer.core.state import Action, State
from buccaneer.games.tortuga1667 import bot, bot_values
from buccaneer.games.tortuga1667 import compiled as compiled_copy
from buccaneer.games.tortuga1667.actions import (
    MarqueMove,
    Point,
    Target,
    Vote,
)
from buccaneer.games.tortuga1667.bot import (
    Tortuga1667Bot,
    best_of,
    compiled_values,
    python_values,
)
from buccaneer.games.tortuga1667.bot_beliefs import Ctx
from buccaneer.games.tortuga1667.components import STAR_CARDS
from tests.games.compiled_support import assert_holds_python_numbers, assert_no_references_kept

cbot = pytest.importorskip("buccaneer.games.tortuga1667.compiled_c")

BOT = Tortuga1667Bot()
# the decisions the compiled copy values
COMPILED = ("turn", "vote", "choose", "marque", "pistol", "give_map")
Position = tuple[Any, list[Action]]


def bits(values: list[float] | None) -> list[str] | None:
    """The values to the last bit (-0.0 and 0.0 differ here, unlike with ==)."""
    return None if values is None else [float(v).hex() for v in values]


def same_values(state: State, seat: int, legal: list[Action], where: str) -> str:
    """Assert both paths give the same values, `best_of` the same action with the same draws,
    and `act` that action too; the decision's kind."""
    view = seat_knowledge(state, seat)
    expected = python_values(view, legal)
    got = compiled_values(view, legal)
    assert got == expected, f"{where}, seat {seat}: compiled {got}, Python {expected}\n{view}"
    assert bits(got) == bits(expected), f"{where}, seat {seat}: the bits differ"
    kind = view.decision[0] if view.decision else "over"
    if expected is not None and got is not None:
        draw = zlib.crc32(where.encode())
        r1, r2, r3 = random.Random(draw), random.Random(draw), random.Random(draw)
        chosen = best_of(expected, legal, r1)
        assert best_of(got, legal, r2) == chosen and r2.getstate() == r1.getstate(), where
        assert BOT.act(state, seat, r3) == chosen and r3.getstate() == r1.getstate(), where
    return str(kind)


def game(
    players: int, seed: int, random_seats: frozenset[int] = frozenset(), **options: Any
) -> Iterator[tuple[State, int, list[Action]]]:
    """Every decision with a choice in a seeded game (the state, the seat, its legal actions),
    heuristic seats playing the bot's choice, the others uniformly random."""
    state = buccaneer.load("tortuga1667", players=players, seed=seed, **options)
    rng = random.Random(seed)
    while moving := state.to_move():
        for seat in moving:
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                yield state, seat, legal
            if seat in random_seats:
                action = legal[rng.randrange(len(legal))]
            else:
                action = BOT.act(state, seat, rng)
            state.apply(seat, action)


def rollouts(state: State, seed: int, steps: int = 40) -> Iterator[tuple[State, int, list[Action]]]:
    """A heuristic rollout from a determinization for the seat to move, as ISMCTS plays one."""
    rng = random.Random(seed)
    twin = state.determinize(state.to_move()[0], rng)
    for _ in range(steps):
        moving = twin.to_move()
        if not moving:
            return
        for seat in moving:
            legal = twin.legal_actions(seat)
            if len(legal) > 1:
                yield twin, seat, legal
            twin.apply(seat, BOT.act(twin, seat, rng))


@pytest.mark.parametrize("players", range(2, 10))
def test_same_values_at_every_decision(players: int) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(6):
        # all heuristic, then half the seats random (two ways round)
        mixed = seed % 3
        randoms = frozenset(s for s in range(players) if mixed and s % 2 == mixed - 1)
        options: dict[str, Any] = {"advanced_setup": seed % 2 == 1}
        if seed % 3 == 2:
            options["star_cards"] = len(STAR_CARDS) - (1 if players < 4 else 0)
        where = f"{players} players, seed {seed}, random seats {set(randoms)}, {options}"
        for step, (state, seat, legal) in enumerate(game(players, seed, randoms, **options)):
            kinds[same_values(state, seat, legal, f"{where}, step {step}")] += 1
            if step % 9 == 0:
                for twin, s, actions in rollouts(state, seed * 1000 + step):
                    kinds[same_values(twin, s, actions, f"{where}, rollout at {step}")] += 1
    # the frequent kinds every time; a Letter of Marque, Pistol or Treasure Map given too
    assert {"turn", "vote", "choose"} <= set(kinds), kinds
    assert kinds["marque"] + kinds["pistol"] + kinds["give_map"] > 0, kinds
    assert sum(kinds[k] for k in COMPILED) > 1000, kinds


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 9),
    advanced=st.booleans(),
    steps=st.integers(0, 300),
    randomness=st.floats(0.0, 1.0),
)
def test_same_values_along_random_walks(
    seed: int, players: int, advanced: bool, steps: int, randomness: float
) -> None:
    """Walks mixing random and heuristic moves reach positions no bot-only game does."""
    state = buccaneer.load("tortuga1667", players=players, seed=seed, advanced_setup=advanced)
    rng = random.Random(seed)
    for step in range(steps):
        moving = state.to_move()
        if not moving:
            break
        for seat in moving:
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                same_values(state, seat, legal, f"walk {seed}, step {step}")
            if rng.random() < randomness:
                state.apply(seat, legal[rng.randrange(len(legal))])
            else:
                state.apply(seat, BOT.act(state, seat, rng))


def positions(count: int, kind: str, players: int = 5, seed: int = 3) -> list[Position]:
    """`count` (view, legal) pairs of one decision kind from mixed games."""
    found: list[Position] = []
    while len(found) < count:
        for state, seat, legal in game(players, seed, frozenset({0, 2})):
            view = seat_knowledge(state, seat)
            if view.decision and view.decision[0] == kind:
                found.append((view, list(legal)))
                if len(found) == count:
                    break
        seed += 1
    return found


def test_the_extension_holds_the_python_numbers() -> None:
    # the names the C side reads but does not hand back are the rules' indices and markers
    indices = {*compiled_copy.INDEX_NAMES, "HIDDEN", "EMPTY"}
    assert_holds_python_numbers(cbot.constants(), compiled_copy.constants(), indices)
    assert compiled_copy.path_in_use().endswith("compiled code (C)")


def test_a_changed_constant_is_followed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Retuning a number in Python changes the compiled values the same way (after
    `configure()`, which the import of bot.py does); without it they would differ."""
    sample = positions(150, "turn") + positions(100, "vote") + positions(10, "choose")
    sample += positions(10, "marque") + positions(10, "pistol") + positions(10, "give_map")
    before = [compiled_values(*p) for p in sample]
    changes: dict[Any, dict[str, Any]] = {
        bot: {
            "LOOK_INFO": 0.5,
            "MAP_VALUE": 0.1,
            "KEEP_WEIGHT": 0.3,
            "CYCLE": 0.4,
            "SUPPORT": (0.5, 0.1, 0.4),
        },
        bot_values: {"TEMPO": 0.4, "GAME_VALUE": 5.0},
    }
    for module, numbers in changes.items():
        for name, value in numbers.items():
            monkeypatch.setattr(module, name, value)
    try:
        bot.clear_caches()  # the end-game values are cached with the old numbers
        assert [compiled_values(*p) for p in sample] == before  # until configured
        reference = [python_values(*p) for p in sample]
        assert reference != before, "the changed numbers should change some values"
        compiled_copy.configure()
        assert [compiled_values(*p) for p in sample] == reference
    finally:
        monkeypatch.undo()
        bot.clear_caches()
        compiled_copy.configure()
    assert [compiled_values(*p) for p in sample] == before


def test_refuses_constants_that_disagree_with_its_indices() -> None:
    numbers = compiled_copy.constants()
    classes = compiled_copy.CLASSES
    with pytest.raises(ValueError, match="ISLAND"):
        cbot.init({**numbers, "ISLAND": 7}, classes)
    with pytest.raises(KeyError, match="CYCLE"):
        cbot.init({k: v for k, v in numbers.items() if k != "CYCLE"}, classes)
    with pytest.raises(ValueError, match="classes"):
        cbot.init(numbers, classes[:7])
    with pytest.raises(ValueError, match="distinct"):
        cbot.init({**numbers, "EMPTY": numbers["HIDDEN"]}, ())
    assert cbot.constants() is not None  # the previous numbers stay in force
    view, legal = positions(1, "turn")[0]
    assert compiled_values(view, legal) == python_values(view, legal)


def fake(ctx: Ctx, **fields: Any) -> SimpleNamespace:
    """A stand-in for `ctx` with its view's fields (or its own) replaced by anything."""
    names = ("pf", "pe", "sides", "best_friend", "acting", "decision")
    own = {name: fields.pop(name) if name in fields else getattr(ctx, name) for name in names}
    view = fields.pop("view", None) or ctx.view._replace(**fields)
    return SimpleNamespace(view=view, **own)


def test_malformed_input_is_refused_not_a_crash() -> None:
    (turn_view, turn_legal), *_ = positions(1, "turn")
    (vote_view, vote_legal), *_ = positions(1, "vote")
    turn, vote = Ctx(turn_view), Ctx(vote_view)
    n = turn.n
    other = next(a for a in vote_legal if isinstance(a, Vote))
    bad: list[tuple[Any, Any, Any, type[Exception]]] = [
        (cbot.turn, object(), turn_legal, TypeError),
        (cbot.turn, turn, tuple(turn_legal), TypeError),
        (cbot.turn, turn, [], ValueError),
        (cbot.turn, fake(turn, view=(1, 2, 3)), turn_legal, ValueError),
        (cbot.turn, fake(turn, view="view"), turn_legal, TypeError),
        (cbot.turn, fake(turn, seat=n), turn_legal, ValueError),
        (cbot.turn, fake(turn, players=1), turn_legal, ValueError),
        (cbot.turn, fake(turn, lines="abc"), turn_legal, TypeError),
        (cbot.turn, fake(turn, lines=((0, 99), (), ())), turn_legal, ValueError),
        (cbot.turn, fake(turn, hand=(99,)), turn_legal, ValueError),
        (cbot.turn, fake(turn, row=(1, 2)), turn_legal, TypeError),
        (cbot.turn, fake(turn, in_game=(None,)), turn_legal, TypeError),
        (cbot.turn, fake(turn, holds=((1,), (0, 0))), turn_legal, ValueError),
        (cbot.turn, fake(turn, galleon=2**70), turn_legal, ValueError),
        (cbot.turn, fake(turn, pf=(0.5,)), turn_legal, ValueError),
        (cbot.turn, fake(turn, sides=("a",) * n), turn_legal, TypeError),
        (cbot.turn, fake(turn, acting=5), turn_legal, ValueError),
        (cbot.turn, turn, [Point((0, 9), t) for t in range(n) if t != turn.me], ValueError),
        (cbot.turn, turn, [Point((0, 1), n)], ValueError),
        (cbot.vote, vote, [Vote((99,))], ValueError),
        (cbot.vote, vote, [Point((0, 1), 0)], TypeError),
        (cbot.vote, fake(vote, hand=()), [other], ValueError),
        (cbot.vote, fake(vote, decision=("vote",)), vote_legal, ValueError),
        (cbot.vote, fake(vote, decision=("vote", 3, 0, 0, ())), vote_legal, TypeError),
        (cbot.vote, fake(vote, decision=("vote", "attack", 0, n, ())), vote_legal, ValueError),
        (cbot.choose, turn, "legal", TypeError),
        (cbot.seat, turn, turn_legal, ValueError),  # not a decision about a seat
        (cbot.seat, fake(turn, decision=("pistol",)), [Target(n)], ValueError),
        (cbot.seat, fake(turn, decision=("marque",)), [MarqueMove(0, 2)], ValueError),
    ]
    for function, ctx, actions, error in bad:
        with pytest.raises(error, match="Tortuga 1667 compiled bot"):
            function(ctx, actions)
    assert compiled_values(turn_view, turn_legal) == python_values(turn_view, turn_legal)


def test_no_references_leak() -> None:
    """The compiled calls borrow what they read: nothing they touched gains a reference."""
    sample = positions(40, "turn") + positions(40, "vote") + positions(5, "choose")
    sample += positions(5, "marque") + positions(5, "pistol") + positions(5, "give_map")
    contexts = [(Ctx(view), legal) for view, legal in sample]
    # (ints and strings are shared with the whole interpreter: their counts move anyway)
    watched = [
        obj
        for ctx, legal in contexts
        for obj in (ctx, ctx.view, *ctx.view, ctx.pf, ctx.sides, legal, *legal)
        if not isinstance(obj, int | str)
    ]
    calls = {"turn": cbot.turn, "vote": cbot.vote, "choose": cbot.choose}
    calls.update(dict.fromkeys(("marque", "pistol", "give_map"), cbot.seat))

    def decide_all() -> None:  # its loop variables go with it
        for _ in range(50):
            for ctx, legal in contexts:
                calls[ctx.decision[0]](ctx, legal)

    decide_all()  # anything cached once is cached now
    assert_no_references_kept(watched, decide_all)


def test_without_the_extension_the_python_bot_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the extension is not built (`compiled` None) `act` takes the reference path."""
    monkeypatch.setattr(compiled_copy, "compiled", None)
    assert compiled_copy.path_in_use().startswith("everything in pure Python")
    for step, (state, seat, legal) in enumerate(game(5, 11, frozenset({1}))):
        values = python_values(seat_knowledge(state, seat), legal)
        expected = (
            bot.first_choice(legal)
            if values is None
            else best_of(values, legal, random.Random(step))
        )
        assert BOT.act(state, seat, random.Random(step)) == expected
    with pytest.raises(AssertionError, match="not built"):
        compiled_values(*positions(1, "turn")[0])
