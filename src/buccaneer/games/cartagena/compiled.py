"""Cartagena's compiled kernel (`compiled.c`): random playouts 80-100 times faster than the Python
engine, playing exactly the same games, heuristic playouts that make exactly the heuristic
bot's (bot.py) choices, and whole random games dealt and played many per call with their course
(`random_games`, for `simulate` and `analyze`).

`rules.py` stays the one rulebook; the kernel is a checked copy of it: the same setup from a
seed, the same chance stream, the same legal-action order and effects, so a seeded game with
the same random policy gives the same actions and winners
(`tests/games/cartagena/test_kernel.py` compares the two action by action). The package build
compiles it with the system C compiler; where that cannot be done, `compiled` is None and
everything plays in pure Python.

The random policy both sides can reproduce: at each decision the legal action with index
`policy.below(len(legal))`, `policy` being a SplitMix64 stream (`core.rng.Rng(policy_seed)`).
The heuristic needs no stream: bot.py's `choose` is a function of the mover's `bot_view`, and
the kernel's copy reads only what that holds (in Jamaica, never another seat's hand); it
chooses the same action at every decision
(`tests/games/cartagena/test_kernel_heuristic.py` compares the two choice by choice).

`random_games` (`GameSpec.fast_random_games`) deals the games of seeds
`nth_seed(base_seed, first + k)` and plays each with its own policy stream,
`kernel_policy_seed(seed)`, all in one call without the GIL (threads on separate chunks run in
parallel); what `sim.analysis.trace.Course` reads of a game's course (turns, lead changes,
leaders along the way, with course.py's standing) comes back with the winners and scores as
one bytes buffer of int32 rows, no Python object per game
(`tests/games/cartagena/test_kernel_games.py` replays the games in the engine and compares every
field).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from buccaneer.core.game import FULL_PLAYOUT
from buccaneer.core.native import optional_extension
from buccaneer.games.cartagena.components import board_from_layout

# Where the encoding (`encode`) holds the pirates and the winners' bitmask.
PIRATES, WON = 3, 10
compiled: ModuleType | None = optional_extension("buccaneer.games.cartagena.compiled_c")


def path_in_use() -> str:
    """Which engine plays Cartagena's playouts here, in words for `buccaneer games`."""
    if compiled is not None:
        return "ISMCTS random and heuristic rollouts run in the compiled kernel (C)"
    return "everything in pure Python (the compiled kernel could not be built here)"


def random_playout(state: Any, seed: int) -> list[int]:
    """The winners of a uniform-random playout from `state` to the end, in the kernel (the
    random choices from the SplitMix64 stream `seed`). `state` is left as it was."""
    assert compiled is not None, "only offered where the kernel is built (`fast_playout`)"
    won, _actions = compiled.playout_from(encode(state), seed)
    return [seat for seat in range(state.players) if won >> seat & 1]


def heuristic_playout(state: Any, seed: int) -> list[int]:
    """The winners when the heuristic (bot.py) plays every seat from `state`, in the kernel:
    the same game the Python bot plays from there. Cut after FULL_PLAYOUT decisions as
    ISMCTS cuts a Python playout, the seats with the most pirates in the boat then stand in
    for the winners. `seed` is unused (the heuristic draws no chance; the shape is
    `random_playout`'s). `state` is left as it was."""
    assert compiled is not None, "only offered where the kernel is built (`fast_heuristic_playout`)"
    won, _actions, _finished = compiled.heuristic_playout(encode(state), FULL_PLAYOUT)
    return [seat for seat in range(state.players) if won >> seat & 1]


def random_games(  # noqa: PLR0917 - GameSpec.fast_random_games is called positionally
    players: int, options: dict[str, Any], base_seed: int, first: int, count: int, max_actions: int
) -> bytes:
    """`count` uniform-random games dealt and played whole in the kernel, for `simulate` and
    `analyze` (`GameSpec.fast_random_games`): game k is the one of seed
    `nth_seed(base_seed, first + k)` with the validated `options`, its random choices from
    `kernel_policy_seed(seed)`, cut after `max_actions` actions. One row of
    `KERNEL_GAME_FIELDS` then `MAX_KERNEL_SEATS` scores (pirates in the boat) per game, native
    int32s (core/game.py)."""
    assert compiled is not None, "only offered where the kernel is built (`fast_random_games`)"
    layout = options.get("layout")
    result: bytes = compiled.games(
        base_seed,
        first,
        count,
        players,
        options["variant"],
        board=None if layout is None else board_from_layout(layout),
        start_player=options.get("start_player", 0),
        max_actions=max_actions,
    )
    return result


def encode(state: Any) -> tuple[Any, ...]:
    """A Cartagena state in the kernel's encoding (the header of `compiled.c` describes it)."""
    return (
        state.players,
        int(state.open_hands),
        tuple(state.board),
        tuple(tuple(p) for p in state.pirates),
        tuple(tuple(h) for h in state.hands),
        tuple(state.pile),
        tuple(state.discard),
        tuple(reversed(state.row)),
        state.current,
        state.actions_done,
        sum(1 << seat for seat in state.won_by),
        state.rng.state,
    )
