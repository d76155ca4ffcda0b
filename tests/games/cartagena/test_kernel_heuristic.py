"""The Cartagena kernel's heuristic (C, `compiled.c`) against the bot (bot.py), choice by choice.

    python3 -m pytest -q -s tests/games/cartagena/test_kernel_heuristic.py   # -s prints the counts

ISMCTS's heuristic rollouts run in the kernel (`GameSpec.fast_heuristic_playout`) on the
promise that they are the games the Python bot plays: the same action at every decision, so
the same winners and the same search. Both sides here play the heuristic in every seat from
the same state, the Python side exactly as ISMCTS's Python rollout does
(`CartagenaBot.act`, which reads `state.bot_view(seat)`), the kernel through `heuristic_step`
(the legal index chosen at every decision) and `heuristic_playout` (winners, action count).
Compared: every chosen index, the whole final state (chance stream included), the winners and
the number of actions, from

- fresh games, 2-5 players, both versions;
- mid-game positions reached by a mix of heuristic and random play, in stretches too;
- worlds sampled by `state.determinize(seat, rng)` from them, as ISMCTS samples its worlds
  (Jamaica: the hidden hands and the pile dealt anew);
- edge positions built with `position()` (a win within the turn, nothing left to draw, a short
  Tortuga row, a hand holding more than the pirates need) and, with hypothesis, random ones.

A cut playout (the FULL_PLAYOUT bound, or fewer decisions) is compared with ISMCTS's own cut
Python playout. A mismatch names the position, the decision where the two first differ and
the legal list there.
"""

from __future__ import annotations

import os
import random
from typing import Any

import hypothesis
import pytest

import buccaneer
from buccaneer.agents.ismcts import ISMCTSAgent
from buccaneer.core.game import FULL_PLAYOUT
from buccaneer.core.rng import Rng
from buccaneer.games.cartagena import bot, position
from buccaneer.games.cartagena.bot import CartagenaBot
from buccaneer.games.cartagena.compiled import WON, compiled, encode, heuristic_playout
from buccaneer.games.cartagena.components import BOAT
from tests.games.cartagena.kernel_support import VARIANTS, first_difference, mask, random_positions

# A missing kernel is a failure here, never a skip (as in test_kernel.py).
assert compiled is not None, "the Cartagena kernel is not built (pip install needs a C compiler)"
ckernel = compiled

PLAYERS = (2, 3, 4, 5)
# Fresh games per (players, variant); KERNEL_HEURISTIC_GAMES=1000 for a longer run.
GAMES = int(os.environ.get("KERNEL_HEURISTIC_GAMES", "150"))
MIDGAME = max(GAMES // 2, 10)

BOT = CartagenaBot()
NO_RNG = random.Random(0)  # the bot never reads it
COUNTS: dict[str, int] = {"games": 0, "mismatches": 0, "decisions": 0}


def play_python(state: Any, steps: int = -1) -> list[int]:
    """Play `state` on with the bot in every seat, as ISMCTS's Python rollout does; the
    chosen legal indices."""
    trace: list[int] = []
    while not state.is_over() and steps != len(trace):
        seat = state.current
        action = BOT.act(state, seat, NO_RNG)
        trace.append(state.legal_actions(seat).index(action))
        state.apply(seat, action)
    return trace


def explain(start: Any, py_trace: list[int], k_trace: list[int]) -> str:
    """Where two traces part: the decision number, the position and the legal list there."""
    k = first_difference(py_trace, k_trace)
    state = start.clone()
    play_python(state, k)
    legal = state.legal_actions(state.current) if not state.is_over() else []
    return (
        f"traces differ at decision {k} (python {len(py_trace)} decisions, kernel "
        f"{len(k_trace)}): python chose {py_trace[k : k + 1]}, kernel {k_trace[k : k + 1]}\n"
        f"position there: {encode(state)}\nlegal ({len(legal)}): {legal}"
    )


def compare_from(start: Any, what: str, failures: list[str]) -> Any:
    """Play a clone of `start` to the end on both sides (at most FULL_PLAYOUT decisions) and
    compare the traces, the final states, the winners and the action counts. Returns the
    Python game as it ended."""
    py = start.clone()
    py_trace = play_python(py, FULL_PLAYOUT)
    k_state, k_trace = ckernel.heuristic_step(encode(start), FULL_PLAYOUT)
    COUNTS["games"] += 1
    COUNTS["decisions"] += len(py_trace)
    problems = []
    if k_trace != py_trace:
        problems.append(explain(start, py_trace, k_trace))
    elif k_state != encode(py):
        problems.append(f"same choices, different final states:\n {encode(py)}\n {k_state}")
    finished = py.is_over()
    won = mask(py) if finished else leaders(py)
    result = ckernel.heuristic_playout(encode(start), FULL_PLAYOUT)
    if result != (won, len(py_trace), int(finished)):
        problems.append(f"heuristic_playout gave {result}, python {(won, len(py_trace))}")
    if problems:
        COUNTS["mismatches"] += 1
        failures.append(f"{what}: " + "\n".join(problems))
    return py


def leaders(state: Any) -> int:
    scores = state.scores()
    return sum(1 << seat for seat, score in enumerate(scores) if score == max(scores))


def report(label: str, failures: list[str], games: int) -> None:
    print(f"\n{label}: {games} games compared, {len(failures)} mismatches", end="")
    assert not failures, f"{len(failures)} mismatches; the first:\n{failures[0]}"


def mixed_play(state: Any, steps: int, chooser: Rng, heuristic_share: int) -> None:
    """Play `steps` decisions, each the bot's with probability heuristic_share/10, else a
    random legal action: positions a pure heuristic game would not reach."""
    for _ in range(steps):
        if state.is_over():
            return
        seat = state.current
        if chooser.below(10) < heuristic_share:
            state.apply(seat, BOT.act(state, seat, NO_RNG))
        else:
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chooser.below(len(legal))])


# -- fresh games ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_fresh_games(players: int, variant: str) -> None:
    failures: list[str] = []
    dead = 0
    for k in range(GAMES):
        seed = 7919 * k + 13 * players + len(variant)
        start = buccaneer.load("cartagena", players, seed=seed, variant=variant)
        game = compare_from(start, f"{players}p {variant} seed {seed}", failures)
        dead += max(p.count(36) for p in game.pirates) < 6
    print(f"\n{players}p {variant}: {dead} dead-position endings", end="")
    report(f"fresh {players}p {variant}", failures, GAMES)


# -- mid-game positions and sampled worlds -----------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_midgame_and_determinized(players: int, variant: str) -> None:
    """Positions reached by mixed play, played on to the end and in stretches; and from each,
    worlds sampled by `determinize` for the seat to move and for another seat."""
    failures: list[str] = []
    chooser = Rng(4242 + 10 * players + len(variant))
    compared = 0
    for k in range(MIDGAME):
        seed = 31337 + 101 * k + players
        state = buccaneer.load("cartagena", players, seed=seed, variant=variant)
        mixed_play(state, chooser.below(120), chooser, heuristic_share=chooser.below(11))
        if state.is_over():
            continue
        where = f"{players}p {variant} seed {seed} at {encode(state)}"
        compare_from(state, f"mid-game {where}", failures)
        compared += 1
        # In stretches: the whole state after every few decisions.
        py, enc = state.clone(), encode(state)
        while not py.is_over():
            stretch = 1 + chooser.below(7)
            py_trace = play_python(py, stretch)
            enc, k_trace = ckernel.heuristic_step(enc, stretch)
            if k_trace != py_trace or enc != encode(py):
                failures.append(f"{where}: a stretch differs at {encode(py)}")
                break
        mover = state.to_move()[0]
        other = (mover + 1 + chooser.below(players - 1)) % players
        for seat in (mover, other):
            world = state.determinize(seat, random.Random(chooser.next64()))
            compare_from(world, f"world of seat {seat} from {where}", failures)
            compared += 1
    report(f"mid-game and sampled worlds {players}p {variant}", failures, compared)


# -- edge positions ---------------------------------------------------------------------------

LAYOUT = "1A 2A 3A 4A 5A 6A"
ALL_BUT = {"skull": 17, "hat": 17, "dagger": 17, "bottle": 17, "key": 17, "pistol": 17}


def discard_except(**kept: int) -> dict[str, int]:
    """Every card in the discard pile but `kept` of some symbols (held somewhere else)."""
    return {name: n - kept.get(name, 0) for name, n in ALL_BUT.items()}


def edge_positions() -> list[tuple[str, Any]]:
    return [
        # Two pirates out, two actions left, cards for both: the win search finds the pair.
        (
            "win within the turn",
            position(
                2,
                layout=LAYOUT,
                pirates={0: [BOAT] * 4 + [30, 33], 1: [0, 1, 2]},
                hands={0: {"skull": 1, "hat": 1, "key": 1}},
                actions_done=1,
            ),
        ),
        # Three pirates out but one card that wins only with the right first move.
        (
            "win search, order matters",
            position(
                3,
                layout=LAYOUT,
                pirates={0: [BOAT] * 3 + [28, 29, 31], 1: [30, 32, 34], 2: [35]},
                hands={0: {"skull": 1, "pistol": 1, "key": 1, "hat": 1}},
            ),
        ),
        # No card to draw anywhere: back moves draw nothing, an empty hand may not pass.
        (
            "nothing to draw",
            position(
                2,
                layout=LAYOUT,
                pirates={0: [3, 3, 5], 1: [5, 9, 36]},
                hands={
                    0: {"skull": 17, "hat": 17, "dagger": 17},
                    1: {"bottle": 17, "key": 17, "pistol": 17},
                },
            ),
        ),
        # One card left to draw (the draw pile's; the discard pile is empty): a back move onto
        # two pirates draws one card, not two, so the move from 6 only ties the one from 1.
        (
            "empty hand, one card left to draw",
            position(
                3,
                layout=LAYOUT,
                pirates={0: [1, 6], 1: [5, 5], 2: [0, 36]},
                hands={
                    1: {"skull": 17, "hat": 16, "dagger": 17},
                    2: {"bottle": 17, "key": 17, "pistol": 17},
                },
            ),
        ),
        # Tortuga: a one-card row, so only the first drawn card is known.
        (
            "one-card row",
            position(
                4,
                layout=LAYOUT,
                variant="tortuga",
                pirates={0: [0, 0, 1], 1: [2, 5, 36], 2: [7, 7, 7], 3: [12, 30]},
                hands={0: {"skull": 3}},
                row=["pistol"],
                discard=discard_except(skull=3, pistol=1),
            ),
        ),
        (
            "a hand beyond what is needed",
            position(
                2,
                layout=LAYOUT,
                variant="tortuga",
                pirates={0: [BOAT] * 3 + [33, 34, 35], 1: [20, 21, 22]},
                hands={0: {"skull": 9, "hat": 9}},
                to_move=0,
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
    compare_from(start, name, failures)
    for seed in range(20):  # and worlds sampled from it, for the seat to move and the next
        for seat in (start.current, (start.current + 1) % start.players):
            world = start.determinize(seat, random.Random(seed))
            compare_from(world, f"{name}, world {seed} of seat {seat}", failures)
    report(f"edge position {name!r}", failures, 41)


# -- random positions -------------------------------------------------------------------------


@hypothesis.settings(max_examples=300, deadline=None, derandomize=True, database=None)
@hypothesis.given(start=random_positions())
def test_random_positions(start: Any) -> None:
    # A position set up dead is never ended (only end_turn is legal, for ever), and a seat with
    # all six in the boat but no win is not a position of play (the bot has no pirate to move).
    hypothesis.assume(not start.is_dead())
    hypothesis.assume(all(p.count(36) < 6 for p in start.pirates))
    failures: list[str] = []
    compare_from(start, "random position", failures)
    assert not failures, failures[0]


def test_zz_totals() -> None:
    """Runs last in file order: the totals over the whole module (printed with -s)."""
    print(
        f"\nTOTAL: {COUNTS['games']} heuristic games compared choice by choice "
        f"({COUNTS['decisions']} decisions), {COUNTS['mismatches']} mismatches"
    )
    assert COUNTS["mismatches"] == 0


# -- the cut, and what uses the kernel --------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_cut_playout_is_judged_as_ismcts_judges_it(variant: str) -> None:
    """Stopped after `max_actions` decisions, the winners are the leaders on `scores()`,
    exactly as ISMCTS's Python playout cut after that many steps rewards them."""
    for seed in range(30):
        state = buccaneer.load("cartagena", 2 + seed % 4, seed=seed, variant=variant)
        play_python(state, seed * 2)
        for cut in (0, 1, 5, 20, 60, 90):
            won, n, finished = ckernel.heuristic_playout(encode(state), cut)
            shares = ISMCTSAgent(max_rollout=cut)._playout(state.clone(), random.Random(0))
            expected = [seat for seat, share in enumerate(shares) if share]
            assert [s for s in range(state.players) if won >> s & 1] == expected, (seed, cut)
            after, trace = ckernel.heuristic_step(encode(state), cut)
            assert n == len(trace) <= cut
            assert finished == (after[WON] != 0)


def test_the_spec_offers_the_compiled_heuristic_playout() -> None:
    """`fast_heuristic_playout` reaches the Python bot's winners and leaves the state as it
    was; its seed changes nothing (the bot draws no chance)."""
    spec = buccaneer.GAMES["cartagena"]
    assert spec.fast_heuristic_playout is heuristic_playout
    for seed in range(40):
        state = buccaneer.load("cartagena", 2 + seed % 4, seed=seed, variant=VARIANTS[seed % 2])
        mixed_play(state, seed * 2, Rng(seed), heuristic_share=5)
        if state.is_over():
            continue
        before = encode(state)
        reference = state.clone()
        play_python(reference)
        assert heuristic_playout(state, seed) == reference.winners()
        assert heuristic_playout(state, 2**64 - 1 - seed) == reference.winners()
        assert encode(state) == before


def test_the_kernel_holds_the_bots_tuned_numbers() -> None:
    """The kernel's copy of the heuristic keeps its own constants: a weight retuned in bot.py
    must be retuned there too, or this fails (small changes need not show in the games)."""
    assert ckernel.heuristic_constants() == (
        bot.CARD_TOP,
        bot.CARD_DECAY,
        bot.CARD_FLOOR,
        bot.SURPLUS_CARD,
        bot.SQUARES_PER_CARD,
        bot.REAR_BONUS,
        bot.ROW_WEIGHT,
        bot.TYPICAL_GAIN,
        bot.WIN,
    )
