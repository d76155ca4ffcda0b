"""The Cartagena kernel (C, `compiled.py`) against the reference engine (rules.py), move by move.

    python3 -m pytest -q -s tests/games/cartagena/test_kernel.py   # -s prints the counts

Both sides play the same random policy: at each decision the legal action with index
`pick.below(len(legal))`, `pick` being a SplitMix64 stream (`Rng(policy_seed)`). Compared:

- the setup of fresh games (board, pirates, hands, pile order, discard, row, chance state);
- fresh games, 2-5 players, both versions: every chosen index, the winners, the number of
  actions and the whole final state (chance stream included), through `playouts` (one policy
  stream over a series of games), `trace` and `step`;
- mid-game positions reached by the Python engine: `step` a few decisions at a time (the whole
  state compared after each stretch) and `playout_from` to the end;
- edge positions built with `position()` (empty pile and discard, a dead position one move
  away, the Tortuga row running out) and, with hypothesis, random positions.

A mismatch names the game, the decision where the two first differ and the position there.
"""

from __future__ import annotations

import os
import random
from typing import Any

import hypothesis
import hypothesis.strategies as st
import pytest

import buccaneer
from buccaneer import agents
from buccaneer.agents.ismcts import ISMCTSAgent
from buccaneer.core.rng import Rng
from buccaneer.games.cartagena import position
from buccaneer.games.cartagena.compiled import compiled, encode, random_playout
from buccaneer.games.cartagena.state import CartagenaState
from tests.games.cartagena.kernel_support import VARIANTS, first_difference, mask, random_positions

# The kernel is built by the package build wherever there is a C compiler, as on every machine
# this suite runs on: a missing kernel is a failure here, never a skip.
assert compiled is not None, "the Cartagena kernel is not built (pip install needs a C compiler)"
ckernel = compiled

PLAYERS = (2, 3, 4, 5)
# Games per (players, variant); KERNEL_DIFF_GAMES=1000 for a longer run.
GAMES = int(os.environ.get("KERNEL_DIFF_GAMES", "150"))
MIDGAME = max(GAMES // 5, 10)

COUNTS: dict[str, int] = {"games": 0, "mismatches": 0, "decisions": 0}


def play_python(state: Any, pick: Rng, steps: int = -1) -> list[int]:
    """Play `state` on with the policy stream; the chosen indices."""
    trace: list[int] = []
    while not state.is_over() and steps != len(trace):
        seat = state.current
        legal = state.legal_actions(seat)
        i = pick.below(len(legal))
        trace.append(i)
        state.apply(seat, legal[i])
    return trace


def explain(start: Any, policy_state: int, py_trace: list[int], k_trace: list[int]) -> str:
    """Where two traces part: the decision number, the position and the legal list there."""
    k = first_difference(py_trace, k_trace)
    state = start.clone()
    pick = Rng(policy_state)
    play_python(state, pick, k)
    legal = state.legal_actions(state.current) if not state.is_over() else []
    return (
        f"traces differ at decision {k} (python {len(py_trace)} decisions, kernel "
        f"{len(k_trace)}): python chose {py_trace[k : k + 1]}, kernel {k_trace[k : k + 1]}\n"
        f"position there: {encode(state)}\nlegal ({len(legal)}): {legal}"
    )


def compare_from(
    start: Any, policy_state: int, what: str, failures: list[str]
) -> tuple[Any, Rng, int]:
    """Play a clone of `start` (a reference state) to the end on both sides and compare trace,
    winners, action count and final state. Returns the finished Python game, its policy
    stream (so a caller can go on with it) and the number of decisions."""
    py = start.clone()
    pick = Rng(policy_state)
    py_trace = play_python(py, pick)
    k_state, k_trace, k_policy = ckernel.step(encode(start), policy_state)
    COUNTS["games"] += 1
    COUNTS["decisions"] += len(py_trace)
    problems = []
    if k_trace != py_trace:
        problems.append(explain(start, policy_state, py_trace, k_trace))
    elif k_state != encode(py):
        problems.append(f"same actions, different final states:\n {encode(py)}\n {k_state}")
    elif k_policy != pick.state:
        problems.append("the policy streams ended in different states")
    result = ckernel.playout_from(encode(start), policy_state)
    if result != (mask(py), len(py_trace)):
        problems.append(f"playout_from gave {result}, python {(mask(py), len(py_trace))}")
    if problems:
        COUNTS["mismatches"] += 1
        failures.append(f"{what}: " + "\n".join(problems))
    return py, pick, len(py_trace)


def report(label: str, failures: list[str], games: int) -> None:
    print(f"\n{label}: {games} games compared, {len(failures)} mismatches")
    assert not failures, f"{len(failures)} mismatches; the first:\n{failures[0]}"


# -- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_setup(players: int, variant: str) -> None:
    for seed in [*range(100), 2**64 - 1, 2**63, 123456789123456789]:
        state = buccaneer.load("cartagena", players, seed=seed, variant=variant)
        assert ckernel.setup(seed, players, variant) == encode(state), (players, variant, seed)


def test_setup_with_layout() -> None:
    layout = "2A 5B 1A 3A 6B 4A"
    for variant in VARIANTS:
        for seed in range(20):
            state = buccaneer.load("cartagena", 3, seed=seed, variant=variant, layout=layout)
            assert isinstance(state, CartagenaState)
            assert ckernel.setup(seed, 3, variant, board=state.board) == encode(state)
            n = len(play_python(state, Rng(seed)))
            assert ckernel.playouts([seed], 3, variant, seed, board=state.board) == [
                (mask(state), n)
            ]


# -- fresh games ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_fresh_games(players: int, variant: str) -> None:
    """GAMES seeded games with one policy stream, as `playouts` plays them."""
    policy_seed = 1000 * players + len(variant)
    seeds = [7919 * k + players for k in range(GAMES)]
    pick = Rng(policy_seed)
    failures: list[str] = []
    expected = []
    dead = 0
    for seed in seeds:
        start = buccaneer.load("cartagena", players, seed=seed, variant=variant)
        before = pick.state
        game, pick, n = compare_from(start, before, f"{players}p {variant} seed {seed}", failures)
        expected.append((mask(game), n))
        if (
            ckernel.trace(seed, players, variant, before)
            != ckernel.step(ckernel.setup(seed, players, variant), before)[1]
        ):
            failures.append(f"{players}p {variant} seed {seed}: trace() and step() disagree")
        dead += max(p.count(36) for p in game.pirates) < 6
    got = ckernel.playouts(seeds, players, variant, policy_seed)
    if got != expected:
        k = first_difference(got, expected)  # type: ignore[arg-type]
        failures.append(f"playouts() differs at game {k}: {got[k]} vs python {expected[k]}")
    print(f"\n{players}p {variant}: {dead} dead-position endings", end="")
    report(f"fresh {players}p {variant}", failures, len(seeds))


# -- mid-game positions -----------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_midgame(players: int, variant: str) -> None:
    """Positions reached by the engine, then `step` in stretches and `playout_from`."""
    failures: list[str] = []
    chooser = Rng(99 + players)
    compared = 0
    for k in range(MIDGAME):
        seed = 31337 + 101 * k + players
        state = buccaneer.load("cartagena", players, seed=seed, variant=variant)
        play_python(state, Rng(seed ^ 0xABCDEF), chooser.below(150))
        if state.is_over():
            continue
        policy_state = chooser.next64()
        compared += 1
        compare_from(state, policy_state, f"{players}p {variant} mid-game seed {seed}", failures)
        # In stretches: the whole state after every few decisions.
        py = state.clone()
        pick = Rng(policy_state)
        enc, pol = encode(state), policy_state
        while not py.is_over():
            stretch = 1 + chooser.below(7)
            py_trace = play_python(py, pick, stretch)
            enc, k_trace, pol = ckernel.step(enc, pol, stretch)
            if k_trace != py_trace or enc != encode(py) or pol != pick.state:
                where = f"{players}p {variant} seed {seed}"
                failures.append(f"{where}: a stretch differs at {encode(py)}")
                break
    report(f"mid-game {players}p {variant}", failures, compared)


# -- edge positions ---------------------------------------------------------------------------

LAYOUT = "1A 2A 3A 4A 5A 6A"


def edge_positions() -> list[tuple[str, Any]]:
    everything_in_hands = {
        0: {"skull": 17, "hat": 17, "dagger": 17},
        1: {"bottle": 17, "key": 17, "pistol": 17},
    }
    return [
        # No card to draw anywhere: back moves draw nothing and look for a dead position.
        (
            "all cards in hands",
            position(
                2, layout=LAYOUT, pirates={0: [3, 3, 5], 1: [5, 9, 36]}, hands=everything_in_hands
            ),
        ),
        # Seat 0's last card may take its pirate from square 35 to the boat, leaving only a
        # three-pirate square: a dead position, seat 1 (five in the boat) wins.
        (
            "dead after one move",
            position(
                2,
                layout=LAYOUT,
                pirates={0: [4, 4, 35, 36, 36, 36], 1: [4, 36, 36, 36, 36, 36]},
                hands={0: {"skull": 1}},
                discard={
                    "skull": 16,
                    "hat": 17,
                    "dagger": 17,
                    "bottle": 17,
                    "key": 17,
                    "pistol": 17,
                },
            ),
        ),
        # Jamaica: an empty draw pile, everything in the discard pile.
        (
            "empty pile",
            position(
                3,
                layout=LAYOUT,
                pirates={0: [0, 1, 2], 1: [3, 4], 2: [10, 20, 30, 36]},
                hands={0: {"hat": 2}},
                discard={
                    "skull": 17,
                    "hat": 15,
                    "dagger": 17,
                    "bottle": 17,
                    "key": 17,
                    "pistol": 17,
                },
            ),
        ),
        # Tortuga: a short row and nearly nothing left to lay out.
        (
            "short row",
            position(
                4,
                layout=LAYOUT,
                variant="tortuga",
                pirates={0: [0, 0, 1], 1: [2, 5, 36], 2: [7, 7, 7], 3: [12, 30]},
                hands={1: {"skull": 3}},
                row=["pistol", "key"],
                discard={
                    "skull": 10,
                    "hat": 17,
                    "dagger": 17,
                    "bottle": 17,
                    "key": 15,
                    "pistol": 10,
                },
            ),
        ),
        (
            "tortuga, cards all held",
            position(
                2,
                layout=LAYOUT,
                variant="tortuga",
                pirates={0: [3, 3, 5], 1: [5, 9, 36]},
                hands=everything_in_hands,
            ),
        ),
        (
            "to move mid-turn",
            position(5, layout=LAYOUT, to_move=3, actions_done=2, hands={3: {"skull": 1}}),
        ),
    ]


@pytest.mark.parametrize(
    ("name", "start"), edge_positions(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_edge_positions(name: str, start: Any) -> None:
    failures: list[str] = []
    dead = 0
    for policy_seed in range(40):
        game, _, _ = compare_from(start, policy_seed, f"{name}, policy {policy_seed}", failures)
        dead += max(p.count(36) for p in game.pirates) < 6
    print(f"\n{name}: {dead} of 40 games ended in a dead position", end="")
    if name == "dead after one move":
        assert dead > 0, "the dead-position ending was not reached"
    report(f"edge position {name!r}", failures, 40)


# -- random positions -------------------------------------------------------------------------


@hypothesis.settings(max_examples=150, deadline=None, derandomize=True, database=None)
@hypothesis.given(start=random_positions(), policy_seed=st.integers(0, 2**64 - 1))
def test_random_positions(start: Any, policy_seed: int) -> None:
    # A position set up dead is not ended by position() and only end_turn is legal there, for
    # ever: the Python loop would not stop (in play such a position ends at once).
    hypothesis.assume(not start.is_dead())
    failures: list[str] = []
    compare_from(start, policy_seed, "random position", failures)
    assert not failures, failures[0]


def test_zz_totals() -> None:
    """Runs last in file order: the totals over the whole module (printed with -s)."""
    print(
        f"\nTOTAL: {COUNTS['games']} games compared action by action "
        f"({COUNTS['decisions']} decisions), {COUNTS['mismatches']} mismatches"
    )
    assert COUNTS["mismatches"] == 0


# -- what uses the kernel ------------------------------------------------------------------------


def test_a_random_playout_is_the_python_one_with_that_stream() -> None:
    """`fast_playout` (ISMCTS's random rollouts) reaches the winners the Python engine reaches
    with the same policy stream, and leaves the state as it was."""
    spec = buccaneer.GAMES["cartagena"]
    assert spec.fast_playout is random_playout
    for seed in range(40):
        state = buccaneer.load("cartagena", 2 + seed % 4, seed=seed, variant=VARIANTS[seed % 2])
        play_python(state, Rng(seed + 1000), steps=seed * 3)
        before = encode(state)
        reference = state.clone()
        play_python(reference, Rng(seed))
        assert random_playout(state, seed) == reference.winners()
        assert encode(state) == before


def test_ismcts_random_rollouts_run_in_the_kernel() -> None:
    state = buccaneer.load("cartagena", 3, seed=5, variant="jamaica")
    seat = state.to_move()[0]
    bot = agents.make("ismcts", iterations=300, rollout="random")
    assert isinstance(bot, ISMCTSAgent)
    assert bot.act(state, seat, random.Random(1)) in state.legal_actions(seat)
    assert bot.fast_playout is random_playout
    # A cut playout or another policy plays in Python, as before.
    cut = agents.make("ismcts", iterations=20, rollout="random", max_rollout=10)
    assert isinstance(cut, ISMCTSAgent)
    cut.act(state, seat, random.Random(1))
    assert cut.fast_playout is None
    guided = agents.make("ismcts", iterations=5, rollout="heuristic")
    assert isinstance(guided, ISMCTSAgent)
    guided.act(state, seat, random.Random(1))
    assert guided.fast_playout is None
