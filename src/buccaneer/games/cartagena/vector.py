"""Cartagena as a batched Gymnasium environment: B games stepping together in the C kernel.

    env = CartagenaVectorEnv(1024, players=4, variant="tortuga")
    env = buccaneer.rl.vector.make("cartagena", 1024, players=4, variant="tortuga")

The single-game adapters (`rl/gymnasium.py`, `rl/pettingzoo.py`) cross from Python to the
engine a few times per action and build the observation from `view()` dictionaries: some
13,000 steps a second. Here the games' states and their stepping live in `compiled.c` (the
checked copy of `rules.py`), and C writes the observations, masks, rewards and flags straight
into numpy arrays allocated once, so one Python call steps the whole batch.

Semantics (self-play, as pgx does; docs/environments.md, "Vectorised environments"):

- Each env is one game. A step takes one action id per env, shape (B,), for the seat to move
  in that env (`codec.py`'s 261 ids).
- `observation` (B, size) float32 is each env's codec observation of the **seat to move**,
  from that seat's view only: exactly `CartagenaCodec(players, options).observation_tensor(
  state.view(seat))`. In the Jamaica version the other hands stay hidden.
- `info["action_mask"]` (B, 261) bool is the codec's legal mask for that seat, and
  `info["seat"]` (B,) int64 says which seat it is.
- `reward` (B,) float32 is for the seat that just acted: +1 if its move ended the game and it
  is among the winners, -1 if the game ended and it is not, 0 otherwise (the rule of
  `rl.common.final_rewards`). `info["rewards"]` (B, players) holds every seat's final reward
  on the step a game ends, and 0 elsewhere; a self-play learner credits the other seats from it.
- `terminated` when the game ends: a seat brought six pirates to the boat, or the position
  went dead (no card anywhere in a hand and no back move left: the seats with the most pirates
  in the boat share the win, docs/rulings.md). On that step no seat is to move, so the
  observation is the final position seen by the seat that acted (`info["seat"]`, all hands
  open, `over` set) and its mask is all False.
- `truncated` after `max_steps` actions in one game (default: the game's `max_actions`,
  20,000), which only a policy that never finishes (ending its turn forever) reaches; reward 0.
- Autoreset is gymnasium's next-step mode (`metadata["autoreset_mode"]`): the step after a
  game ended or was truncated ignores that env's action and starts its next game, returning
  its first observation with reward 0 and both flags False.
- Each env draws its games' seeds from its own SplitMix64 stream: `reset(seed=s)` seeds env i's
  stream with `s + i` (a list gives one seed per env), as gymnasium's `SyncVectorEnv` seeds
  its envs, so a seeded batch is reproducible. `game_seeds` holds every env's current game
  seed; that game is `buccaneer.load("cartagena", players, seed=game_seeds[i],
  variant=...)`, the same setup and chance stream. `reset()` without a seed goes on with the
  streams (seeded at first from the constructor's `seed`, else from the OS).
- An illegal id raises `IllegalAction` naming the env and the id; every id is checked before
  any is applied, so then nothing changed in any env.
- The arrays returned are copies (`copy=True`, as gymnasium's vector envs default to);
  `copy=False` returns the batch's own arrays, overwritten by the next step, to save the copy.

Only `variant` is an option here: the kernel plays the random layout from the seed and seat 0
starting, as `load` does by default.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.optional import require
from buccaneer.core.options import validate_options
from buccaneer.core.rng import MAX_SEED, nth_seed
from buccaneer.games.cartagena.codec import CartagenaCodec
from buccaneer.games.cartagena.compiled import compiled, encode
from buccaneer.games.cartagena.options import OPTIONS

require("gymnasium")

from gymnasium import spaces  # noqa: E402
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402
from gymnasium.vector.utils import batch_space  # noqa: E402

GAME = "cartagena"
NUM_ACTIONS = 261
# The game's bound on a random game's length (GameSpec.max_actions), the default truncation.
MAX_ACTIONS = 20_000

Array = npt.NDArray[Any]


class CartagenaVectorEnv(VectorEnv[Array, Array, Array]):
    """`num_envs` Cartagena games in self-play, stepped together in C (the module docstring
    gives the semantics)."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        num_envs: int,
        players: int = 2,
        variant: str = "jamaica",
        seed: int | None = None,
        *,
        max_steps: int | None = None,
        copy: bool = True,
        **options: Any,
    ) -> None:
        if compiled is None:
            raise OptionError(
                "the vectorised Cartagena environment needs the compiled kernel, which could "
                "not be built here (the package build needs a C compiler)"
            )
        for name, value in (("num_envs", num_envs), ("players", players)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"{name} must be an int, got {value!r}")
        if num_envs < 1:
            raise OptionError(f"num_envs must be at least 1, got {num_envs}")
        if not 2 <= players <= 5:
            raise OptionError(f"cartagena is for 2-5 players, not {players}")
        canonical = validate_options(GAME, OPTIONS, {"variant": variant, **options})
        unsupported = [
            name
            for name, value in canonical.items()
            if name != "variant" and value != OPTIONS[name].default
        ]
        if unsupported:
            raise OptionError(
                f"the vectorised Cartagena environment takes only `variant`, not "
                f"{', '.join(unsupported)}: its games use the layout from the seed and seat 0 "
                "starts (use buccaneer.rl.gymnasium or pettingzoo for other setups)"
            )
        if max_steps is None:
            max_steps = MAX_ACTIONS
        elif isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise OptionError(f"max_steps must be a positive int, got {max_steps!r}")
        self._initial_seed = None if seed is None else _check_seed(seed)
        self.num_envs = num_envs
        self.players = players
        self.variant: str = canonical["variant"]
        self.options = canonical
        self.max_steps = max_steps
        self.copy = copy
        self.codec = CartagenaCodec(players, canonical)
        size = self.codec.observation_size
        self.single_observation_space = spaces.Box(0.0, 1.0, shape=(size,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        # The batch's own outputs: C writes into these on every reset and step.
        self._obs = np.zeros((num_envs, size), dtype=np.float32)
        self._mask = np.zeros((num_envs, NUM_ACTIONS), dtype=np.bool_)
        self._reward = np.zeros(num_envs, dtype=np.float32)
        self._rewards = np.zeros((num_envs, players), dtype=np.float32)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._seat = np.zeros(num_envs, dtype=np.int64)
        self._batch = compiled.Batch(
            num_envs,
            players,
            self.variant,
            max_steps,
            self._obs,
            self._mask,
            self._reward,
            self._rewards,
            self._terminated,
            self._truncated,
            self._seat,
        )
        self._started = False

    # -- the gymnasium API ------------------------------------------------------------------

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Array, dict[str, Any]]:
        """New games: in every env, or only where `options["reset_mask"]` (bool, (B,)) is
        true. `seed`: an int seeds env i's stream with seed + i, a list one stream per env
        (None entries from the OS); without one the streams go on."""
        mask = None if options is None else options.get("reset_mask")
        if mask is not None:
            if not self._started:
                raise RuntimeError("reset(options={'reset_mask': ...}) needs a full reset() first")
            mask = np.asarray(mask)
            if mask.shape != (self.num_envs,) or mask.dtype != np.bool_:
                raise ValueError(
                    f"options['reset_mask'] must be a bool array of shape ({self.num_envs},)"
                )
            mask = np.ascontiguousarray(mask)
        if isinstance(seed, np.integer):
            seed = int(seed)
        if not self._started and seed is None:
            seed = self._initial_seed
        streams = self._streams(seed, fresh=not self._started)
        if isinstance(seed, int):
            super().reset(seed=seed)  # seeds `np_random`, as gymnasium's vector envs do
        self._batch.reset(streams, mask)
        self._started = True
        return self._out(self._obs), self._info()

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """One action id per env for its seat to move (ignored where a game restarts)."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        given = np.asarray(actions)
        if given.shape != (self.num_envs,):
            raise IllegalAction(
                f"one action id per env expected, shape ({self.num_envs},); got shape {given.shape}"
            )
        if given.dtype.kind not in "iu":
            raise IllegalAction(f"action ids must be ints, got an array of {given.dtype}")
        ids = np.ascontiguousarray(given, dtype=np.int64)
        bad = self._batch.step(ids)
        if bad >= 0:
            raise IllegalAction(self._why(bad, int(given[bad])))
        return (
            self._out(self._obs),
            self._out(self._reward),
            self._out(self._terminated),
            self._out(self._truncated),
            self._info(),
        )

    # -- beyond gymnasium: seeds, positions, the current outputs -------------------------------

    @property
    def game_seeds(self) -> list[int]:
        """Each env's current game seed: `buccaneer.load("cartagena", players, seed=...,
        variant=...)` sets up the same game."""
        seeds: tuple[int, ...] = self._batch.game_seeds()
        return list(seeds)

    @property
    def game_lengths(self) -> list[int]:
        """Actions taken so far in each env's current game (truncation comes at `max_steps`)."""
        lengths: tuple[int, ...] = self._batch.game_lengths()
        return list(lengths)

    def kernel_state(self, index: int) -> tuple[Any, ...]:
        """Env `index`'s game in the kernel's encoding (`compiled.encode`'s form)."""
        state: tuple[Any, ...] = self._batch.get_state(index)
        return state

    def set_state(self, index: int, state: Any) -> None:
        """Put a running Python `CartagenaState` (any position, e.g. from `position()` or a
        twin) into env `index`, to evaluate or test from set positions. Its observation, mask
        and seat are then what `observe()` returns for that env; its action count restarts."""
        if state.players != self.players or state.options["variant"] != self.variant:
            raise OptionError(
                f"the batch plays {self.players}-player {self.variant} games, not "
                f"{state.players}-player {state.options['variant']}"
            )
        if not self._started:
            raise RuntimeError("call reset() before set_state()")
        self._batch.set_state(index, encode(state))

    def observe(self) -> tuple[Array, dict[str, Any]]:
        """The batch's current observation and info (as the last reset or step returned them,
        updated by `set_state`)."""
        return self._out(self._obs), self._info()

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the games live in the batch object."""

    # -- helpers ------------------------------------------------------------------------------

    def _streams(
        self, seed: int | Sequence[int | None] | None, fresh: bool
    ) -> npt.NDArray[np.uint64] | None:
        """Stream states per env for `seed`; None to go on with the current ones."""
        if seed is None:
            if not fresh:
                return None
            return np.array([secrets.randbits(64) for _ in range(self.num_envs)], dtype=np.uint64)
        if isinstance(seed, int):
            base = _check_seed(seed)
            given: list[int | None] = [nth_seed(base, i) for i in range(self.num_envs)]
        else:
            given = list(seed)
            if len(given) != self.num_envs:
                raise ValueError(
                    f"a list of seeds needs one per env ({self.num_envs}), got {len(given)}"
                )
        return np.array(
            [secrets.randbits(64) if s is None else _check_seed(s) for s in given],
            dtype=np.uint64,
        )

    def _out(self, array: Array) -> Array:
        return array.copy() if self.copy else array

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self._out(self._mask),
            "seat": self._out(self._seat),
            "rewards": self._out(self._rewards),
        }

    def _why(self, index: int, action_id: int) -> str:
        seat = int(self._seat[index])
        if not 0 <= action_id < NUM_ACTIONS:
            what = f"action id {action_id} is not in 0..{NUM_ACTIONS - 1}"
        else:
            action = self.codec.id_to_action(action_id).to_json()
            what = f"action id {action_id} ({action}) is not legal for seat {seat} now"
        return f"env {index}: {what}; no env was stepped (use info['action_mask'])"


def _check_seed(seed: Any) -> int:
    if isinstance(seed, np.integer):
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise OptionError(f"a seed must be a non-negative int below 2**64, got {seed!r}")
    return seed


def make(
    num_envs: int, players: int = 2, seed: int | None = None, **options: Any
) -> CartagenaVectorEnv:
    """`GameSpec.vector_env` for Cartagena (`buccaneer.rl.vector.make` calls it)."""
    return CartagenaVectorEnv(num_envs, players, seed=seed, **options)


__all__ = ["CartagenaVectorEnv", "make"]
