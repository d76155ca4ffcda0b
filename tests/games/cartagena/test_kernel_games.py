"""The Cartagena kernel's whole games (`compiled.games`, `GameSpec.fast_random_games`) against the
reference engine, replayed game by game under `sim.analysis.trace.Course`.

    python3 -m pytest -q tests/games/cartagena/test_kernel_games.py

`simulate` and `analyze` take the kernel's rows as the games the engine would play: game k of a
call is the game of seed `nth_seed(base_seed, first + k)`, its random choices the legal index
`pick.below(len(legal))` of the stream `Rng(kernel_policy_seed(seed))`. Here each such game is
replayed in the engine from `buccaneer.load` with the same options, watched by a `Course` built
from the game's spec (course.py's standing and turn_of), and every field of the kernel's row is
compared: the winners, actions, turns, lead changes, the leaders after 0 actions and at
25/50/75% of the game, and each seat's score. Also: a chunk is the same rows of a bigger call,
a game cut at `max_actions` is the engine's game after that many actions, bad arguments are
refused, and two threads on two halves give the bytes of one call.
"""

from __future__ import annotations

import struct
import threading
from typing import Any

import pytest

import buccaneer
from buccaneer.core.game import KERNEL_GAME_FIELDS, MAX_KERNEL_SEATS
from buccaneer.core.rng import MAX_SEED, Rng, kernel_policy_seed, nth_seed
from buccaneer.games.cartagena import SPEC, course
from buccaneer.games.cartagena.compiled import compiled
from buccaneer.sim.analysis.trace import CHECKPOINTS, Course
from tests.games.cartagena.kernel_support import VARIANTS

if compiled is None:
    pytest.skip("the Cartagena kernel is not built here", allow_module_level=True)
ckernel = compiled

ROW = len(KERNEL_GAME_FIELDS) + MAX_KERNEL_SEATS
FIELDS = (*KERNEL_GAME_FIELDS, *(f"score_{seat}" for seat in range(MAX_KERNEL_SEATS)))
GAMES = 50  # per (players, variant)
MAX_ACTIONS = SPEC.max_actions
LAYOUT = "2A 5B 1A 3A 6B 4A"

Row = tuple[int, ...]


def rows_of(data: bytes) -> list[Row]:
    """The kernel's result as rows of native int32s."""
    assert len(data) % (4 * ROW) == 0, len(data)
    return list(struct.iter_unpack(f"={ROW}i", data))


def canonical(players: int, options: dict[str, Any]) -> dict[str, Any]:
    """The validated, canonical options, as `simulate` hands them to `fast_random_games`."""
    options = buccaneer.load("cartagena", players, seed=0, **options).options
    assert isinstance(options, dict)
    return options


def engine_row(players: int, options: dict[str, Any], seed: int, max_actions: int) -> Row:
    """The game of `seed` played in the engine with the kernel's policy stream and watched by a
    Course, as the kernel's row (cut after `max_actions` actions)."""
    state = buccaneer.load("cartagena", players, seed=seed, **options)
    pick = Rng(kernel_policy_seed(seed))
    watch = Course.of(SPEC, state)
    while not state.is_over() and watch.actions < max_actions:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        watch.before(state, (seat,))
        state.apply(seat, legal[pick.below(len(legal))])
        watch.after(state)
    won = sum(1 << seat for seat in state.winners())
    scores = [int(score) for score in state.scores()]
    return (
        won,
        watch.actions,
        watch.turns,
        watch.lead_changes,
        watch.leaders[0],
        *(watch.leaders_at(percent) for percent in CHECKPOINTS),
        *scores,
        *[0] * (MAX_KERNEL_SEATS - players),
    )


def compare(
    players: int, options: dict[str, Any], base_seed: int, first: int, rows: list[Row], *, cut: int
) -> list[str]:
    """Each row against the engine's game of its seed; a line per game that differs."""
    failures = []
    for k, row in enumerate(rows):
        seed = nth_seed(base_seed, first + k)
        expected = engine_row(players, options, seed, cut)
        if row != expected:
            fields = [
                f"{name} kernel {got} engine {want}"
                for name, got, want in zip(FIELDS, row, expected, strict=True)
                if got != want
            ]
            failures.append(f"{players}p {options} seed {seed}: {'; '.join(fields)}")
    return failures


def test_the_course_is_course_py() -> None:
    """The engine side is watched with the standing and turns the kernel copies."""
    assert SPEC.standing is course.standing
    assert SPEC.turn_of is course.turn_of
    assert SPEC.fast_random_games is not None
    assert ROW == 16


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_match_the_engine(players: int, variant: str) -> None:
    options = canonical(players, {"variant": variant})
    base_seed, first = 7919 * players + len(variant), 3
    assert SPEC.fast_random_games is not None
    data = SPEC.fast_random_games(players, options, base_seed, first, GAMES, MAX_ACTIONS)
    rows = rows_of(data)
    assert len(rows) == GAMES
    failures = compare(players, options, base_seed, first, rows, cut=MAX_ACTIONS)
    assert not failures, f"{len(failures)} of {GAMES} games differ; the first:\n{failures[0]}"
    # every game ends within the bound, and only seats that exist score
    assert all(row[0] and row[1] < MAX_ACTIONS for row in rows)
    assert all(not any(row[len(KERNEL_GAME_FIELDS) + players :]) for row in rows)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"variant": "jamaica", "layout": LAYOUT}),
        (4, {"variant": "tortuga", "layout": LAYOUT, "start_player": 3}),
        (2, {"variant": "jamaica", "start_player": 1}),
        (5, {"variant": "tortuga", "start_player": 2}),
        (3, {"variant": "tortuga", "layout": LAYOUT.split()[::-1], "start_player": 1}),
    ],
)
def test_options_match_the_engine(players: int, options: dict[str, Any]) -> None:
    options = canonical(players, options)
    assert SPEC.fast_random_games is not None
    rows = rows_of(SPEC.fast_random_games(players, options, 424242, 0, 15, MAX_ACTIONS))
    failures = compare(players, options, 424242, 0, rows, cut=MAX_ACTIONS)
    assert not failures, f"{len(failures)} of 15 games differ; the first:\n{failures[0]}"


def test_seeds_wrap_past_max_seed() -> None:
    """Game seeds are nth_seed's: base + first + k wraps to 0 past 2**64 - 1."""
    base_seed = MAX_SEED - 2
    rows = rows_of(ckernel.games(base_seed, 1, 4, 3, "tortuga"))
    options = canonical(3, {"variant": "tortuga"})
    assert [nth_seed(base_seed, 1 + k) for k in range(4)] == [MAX_SEED - 1, MAX_SEED, 0, 1]
    failures = compare(3, options, base_seed, 1, rows, cut=MAX_ACTIONS)
    assert not failures, failures[0]
    assert rows[2:] == rows_of(ckernel.games(0, 0, 2, 3, "tortuga"))
    # a `first` past 2**64 wraps as nth_seed wraps it
    assert ckernel.games(5, 2**64 + 1, 3, 3, "tortuga") == ckernel.games(6, 0, 3, 3, "tortuga")


def test_a_chunk_is_the_same_rows_of_a_bigger_call() -> None:
    whole = rows_of(ckernel.games(99, 0, 60, 4, "jamaica"))
    assert rows_of(ckernel.games(99, 17, 25, 4, "jamaica")) == whole[17:42]
    assert rows_of(ckernel.games(99 + 17, 0, 25, 4, "jamaica")) == whole[17:42]
    assert rows_of(ckernel.games(99, 59, 1, 4, "jamaica")) == whole[59:]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_cut_game_is_the_engine_game_after_max_actions(variant: str) -> None:
    options = canonical(4, {"variant": variant})
    for cut in (1, 2, 3, 4, 37, 100):
        rows = rows_of(ckernel.games(5000, 0, 6, 4, variant, max_actions=cut))
        assert all(row[0] == 0 and row[1] == cut for row in rows), (cut, rows)
        failures = compare(4, options, 5000, 0, rows, cut=cut)
        assert not failures, failures[0]
    # a game that ends on its max_actions-th action is won, not cut; one action less cuts it
    (full,) = rows_of(ckernel.games(5001, 0, 1, 4, variant))
    n = full[1]
    assert full[0] != 0
    assert rows_of(ckernel.games(5001, 0, 1, 4, variant, max_actions=n)) == [full]
    (cut_row,) = rows_of(ckernel.games(5001, 0, 1, 4, variant, max_actions=n - 1))
    assert cut_row[:2] == (0, n - 1)
    assert cut_row == engine_row(4, options, 5001, n - 1)


def test_count_zero_gives_empty_bytes() -> None:
    assert ckernel.games(1, 0, 0, 3, "jamaica") == b""
    assert SPEC.fast_random_games is not None
    assert SPEC.fast_random_games(3, canonical(3, {}), 1, 5, 0, 100) == b""


def test_the_result_is_bytes_of_native_int32_rows() -> None:
    data = ckernel.games(1, 0, 3, 5, "tortuga", start_player=4, max_actions=500)
    assert type(data) is bytes
    assert len(data) == 3 * ROW * 4


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"players": 1}, ValueError, "cartagena is for 2-5 players, not 1"),
        ({"players": 6}, ValueError, "cartagena is for 2-5 players, not 6"),
        ({"variant": "havana"}, ValueError, "variant must be 'jamaica' or 'tortuga'"),
        ({"count": -1}, ValueError, "count must be >= 0, not -1"),
        ({"first": -1}, ValueError, "first must be >= 0, not -1"),
        ({"first": -(2**70)}, ValueError, "first must be >= 0"),
        ({"first": 1.5}, TypeError, "first must be an int"),
        ({"base_seed": -1}, ValueError, "base_seed must be a non-negative int below 2\\*\\*64"),
        ({"base_seed": 2**64}, ValueError, "base_seed must be a non-negative int below"),
        ({"base_seed": "7"}, TypeError, "base_seed must be an int"),
        ({"start_player": 3}, ValueError, "start_player must be a seat 0..2, not 3"),
        ({"start_player": -1}, ValueError, "start_player must be a seat 0..2, not -1"),
        ({"max_actions": 0}, ValueError, "max_actions must be 1..2147483647, not 0"),
        ({"max_actions": 2**31}, ValueError, "max_actions must be 1..2147483647"),
        ({"board": [0] * 35}, ValueError, "board must have 36 squares"),
        ({"board": [0] * 36}, ValueError, "board must hold every symbol"),
        ({"board": [6] * 36}, ValueError, "board symbols are ints 0..5"),
        ({"count": "3"}, TypeError, "cannot be interpreted as an integer"),
    ],
)
def test_bad_arguments_are_refused(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    args: dict[str, Any] = {"base_seed": 1, "first": 0, "count": 2, "players": 3}
    args |= {"variant": "jamaica"} | kwargs
    with pytest.raises(error, match=message):
        ckernel.games(**args)


def in_threads(chunks: list[tuple[int, int]], variant: str) -> list[bytes]:
    """`games` of 4 players for each (first, count) of `chunks`, each in a thread of its own,
    all at once."""
    results = [b""] * len(chunks)

    def play(k: int) -> None:
        first, count = chunks[k]
        results[k] = ckernel.games(2024, first, count, 4, variant)

    threads = [threading.Thread(target=play, args=(k,)) for k in range(len(chunks))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_threads_on_two_halves_give_one_call(variant: str) -> None:
    """The games are played without the GIL: two threads on the two halves of a series give
    exactly the bytes of one call (a smoke check: no timing asserted)."""
    count, half = 4000, 2000
    whole = ckernel.games(2024, 0, count, 4, variant)
    assert len(whole) == count * ROW * 4
    assert b"".join(in_threads([(0, half), (half, count - half)], variant)) == whole
    # more threads than cores, uneven chunks, an empty one
    chunks = [(0, 1), (1, 0), (1, 999), (1000, 1500), (2500, 700), (3200, 800)]
    assert b"".join(in_threads(chunks, variant)) == whole
