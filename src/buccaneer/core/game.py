"""What a game plug-in hands the platform: its name, player counts, options and constructors."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from buccaneer.core.contract import EventData, ViewModel
from buccaneer.core.options import Option
from buccaneer.core.state import Action, State

# A "full" playout's bound, in steps (rounds of `to_move()`): every game ends well within this
# under its heuristic. ISMCTS plays its full playouts this long, and a compiled heuristic
# playout (`GameSpec.fast_heuristic_playout`) stops where they stop, so the two agree.
FULL_PLAYOUT = 2_000
# A row of `GameSpec.fast_random_games`: the winners as a bitmask (0: cut at max_actions),
# actions, turns, lead changes, the leaders' bitmask after 0 actions and at 25/50/75% of the
# game (`sim.analysis.trace` defines them), then the score of seats 0..MAX_KERNEL_SEATS-1
# (0 past the last seat).
KERNEL_GAME_FIELDS = (
    "won",
    "actions",
    "turns",
    "lead_changes",
    "leaders_0",
    "leaders_25",
    "leaders_50",
    "leaders_75",
)
MAX_KERNEL_SEATS = 8


@dataclass(frozen=True)
class GameSpec:
    """A registered game.

    `new_state(players, seed, options)` gets validated, canonical options. `variants` lists the
    option sets that change the rules materially; the conformance suite runs each of them.
    `render(view)` returns something Rich can print (the CLI's board picture).
    `invariants(state)` lists broken invariants (components not conserved, counts out of
    range); the conformance suite calls it after every action. `max_actions` bounds a game's
    length under random play, for termination checks and runaway guards.
    """

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: Mapping[str, Option]
    new_state: Callable[[int, int, dict[str, Any]], State]
    action_from_json: Callable[[Any], Action]
    render: Callable[[dict[str, Any]], Any]
    variants: tuple[dict[str, Any], ...] = field(default=({},))
    seat_names: tuple[str, ...] = ()
    invariants: Callable[[State], list[str]] = field(default=lambda state: [])
    # For team games: each seat's team label in a finished game (simulations report team win
    # rates); None for games without teams.
    teams: Callable[[State], list[str]] | None = None
    # The game's hand-written strategy: a factory of agents (`act(state, seat, rng)`) that read
    # only `legal_actions`, `view` and `determinize` of their seat; `agents.make("heuristic")`
    # dispatches to it, and ISMCTS can use it as its rollout policy.
    heuristic: Callable[..., Any] | None = None
    # ISMCTS's playout cut when none is asked for (`max_rollout`): a cut playout is judged by
    # `scores()`. Worth setting where full playouts are long and the running score predicts
    # the result; None plays to the end (docs/bots.md).
    playout_cut: int | None = None
    # The fixed action ids and observation vector for learning agents (`core/codec.py`):
    # `codec(players, options)` with validated options; None for a game without one.
    codec: Callable[[int, dict[str, Any]], Any] | None = None
    max_actions: int = 100_000
    # A full state rebuilt from one seat's view alone (`from_view(view, rng)`), hidden
    # information dealt as `determinize` deals it: what lets an agent play a seat of a remote
    # table (`buccaneer connect`) from the messages it receives. Its `view(seat)`,
    # `to_move()` and `legal_actions(seat)` equal the original's. None: not offered.
    from_view: Callable[[dict[str, Any], random.Random], State] | None = None
    # A rulebook time limit per decision: (seconds, the action a server sends for a seat whose
    # time ran out), e.g. a 30-second rule with a time-out action. None: the game has none, and
    # a server with a clock plays a bot move instead.
    time_rule: tuple[float, dict[str, Any]] | None = None
    # A uniform-random playout to the end in compiled code: the winners reached from a state,
    # the random choices drawn from the given 64-bit seed (ISMCTS's random rollouts use it).
    # None: not offered here (the game has none, or it could not be built).
    fast_playout: Callable[[State, int], list[int]] | None = None
    # The game's heuristic in every seat, played to the end in compiled code: the winners
    # reached from a state, equal to playing `heuristic` in Python from the same state (ISMCTS's
    # heuristic rollouts use it). Like a Python playout it stops after FULL_PLAYOUT steps, the
    # seats leading on `scores()` then standing in for the winners. Offered only for a heuristic
    # that ignores its rng (a function of the seat's knowledge alone): the seed is unused, and
    # ISMCTS draws nothing from its rng for such a playout, as the Python rollout draws nothing.
    # `state` is left as it was. None: not offered here.
    fast_heuristic_playout: Callable[[State, int], list[int]] | None = None
    # Which engine plays the game here, in words for `buccaneer games` (a compiled kernel, or
    # pure Python where it could not be built). None: the Python engine alone, always.
    engine_note: Callable[[], str] | None = None
    # A batched environment for learning, B games stepping together on a compiled kernel:
    # `(num_envs, players, seed=..., **options) -> gymnasium.vector.VectorEnv`, reached through
    # `buccaneer.rl.vector.make`. None: the game has none (use the single-game adapters).
    vector_env: Callable[..., Any] | None = None
    # The typed contract to the browser (core/contract.py; the game's `contract.py`): the model
    # of `view(seat)` for a seat and for a spectator (None), and one model of a log line's
    # `data` per kind of the game's `log.EVENT_TYPES`. The server serves their JSON Schema and
    # the client's TypeScript types are generated from it; the conformance suite requires
    # both of every registered game (None / empty: not declared yet).
    view_model: type[ViewModel] | None = None
    event_models: tuple[type[EventData], ...] = ()
    # The dice a game rolled (provable fairness, the end screen's dice panel): every die rolled
    # in `state`, in order, as an index into `dice_faces` (the names of a die's faces, each as
    # likely as the others on a fair die). None: the game rolls no dice.
    dice_rolls: Callable[[State], list[int]] | None = None
    dice_faces: tuple[str, ...] = ()
    # What "ahead" means in this game, for the analysis of lead changes and comebacks
    # (`buccaneer analyze`): each seat's standing in `state`, higher is further ahead, read by
    # an onlooker who sees everything. None: `scores()`.
    standing: Callable[[State], list[float]] | None = None
    # Whose turn it is, for the analysis of game length: `(round, seat)`, the round as the game
    # counts it (-1 where it counts none: the analysis then takes turns / players) and the seat
    # whose turn it is. A turn is a run of decisions under one such pair. None: the single
    # mover is the turn's seat and a simultaneous decision is a turn of its own.
    turn_of: Callable[[State], tuple[int, int]] | None = None
    # Whole uniform-random games dealt and played in a compiled kernel, many per call, for
    # `simulate` and `analyze`: `(players, options, base_seed, first, count, max_actions)` ->
    # `count` rows of native int32s (bytes): KERNEL_GAME_FIELDS, then MAX_KERNEL_SEATS scores.
    # Game k is the one of seed `nth_seed(base_seed, first + k)`, its random choices drawn
    # from `kernel_policy_seed(seed)`: the same deal and rules as the reference engine
    # (differential tests). None: not offered here.
    fast_random_games: Callable[[int, dict[str, Any], int, int, int, int], bytes] | None = None

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def seat_name(self, seat: int) -> str:
        return self.seat_names[seat] if seat < len(self.seat_names) else f"Seat {seat}"
