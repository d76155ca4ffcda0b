"""Gymnasium single-agent environments: one learning seat against bots.

    env = buccaneer.rl.gymnasium.make(GAME, players=3, opponents="heuristic")
    env = gymnasium.make("buccaneer/<Title>-v0", players=3)  # after importing this module

The observation is the learning seat's codec vector (`Box(0, 1)`, from its `view` only), the
action a `Discrete` id, and `info["action_mask"]` marks the legal ids. Opponents play their
seats between the learner's steps: agent names (`"random"`, `"heuristic"`, `"ismcts"`), agent
objects (`agents.make("ismcts", time=0.2)`, anything with `act(state, seat, rng)`), one for all
or one per other seat; their randomness is seeded by `reset(seed=)`. The
reward is 0 until the game ends, then +1 for a win and -1 for a loss (`common.final_rewards`;
in a team game the learner wins with its team).

An illegal action id (one the mask rules out) leaves the game untouched. By default
(`illegal="lose"`) it ends the episode with reward -1 and `info["illegal_action"]` saying why,
as PettingZoo's TerminateIllegalWrapper does, so an unmasked learner is taught and not crashed.
`illegal="raise"` raises `IllegalAction` instead, for debugging. A game still running after
`max_steps` actions (all seats counted; default: the game's bound on a random game's length) is
truncated (`truncated=True`, reward 0).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import numpy as np

from buccaneer import agents as agent_registry
from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.optional import require
from buccaneer.core.registry import GAMES
from buccaneer.rl.common import LOSS, Table, final_rewards, render_text

require("gymnasium")

import gymnasium  # noqa: E402
from gymnasium import spaces  # noqa: E402

Opponent = str | Any


def env_id(game: str) -> str:
    """`buccaneer/<Title>-v0`, the title without spaces."""
    return f"buccaneer/{GAMES[game].title.replace(' ', '')}-v0"


class BuccaneerEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of `game` as a Gymnasium environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        players: int = 2,
        *,
        opponents: Opponent | Sequence[Opponent] = "random",
        seat: int | str = 0,
        render_mode: str | None = None,
        illegal: str = "lose",
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        if illegal not in ("lose", "raise"):
            raise OptionError(f"illegal must be 'lose' or 'raise', got {illegal!r}")
        self.illegal = illegal
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode must be 'ansi' or None, got {render_mode!r}")
        self.table = Table(game, players, options)
        self.codec = self.table.codec
        self.max_steps = self.table.max_steps(max_steps)
        self._steps = 0
        if seat != "random" and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
        ):
            raise OptionError(f"seat must be 0..{players - 1} or 'random', got {seat!r}")
        self._seat_choice = seat
        self.seat = 0 if seat == "random" else int(seat)
        self._opponents = self._make_opponents(opponents, players)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            0.0, 1.0, shape=self.codec.observation_shape, dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.codec.num_actions)
        self._rng = random.Random()
        self._started = False

    @staticmethod
    def _make_opponents(opponents: Any, players: int) -> list[Any]:
        given = list(opponents) if isinstance(opponents, list | tuple) else [opponents] * players
        if len(given) not in (players, players - 1):
            raise OptionError(
                f"opponents: give one for all, or one per other seat ({players - 1}), "
                f"got {len(given)}"
            )
        made = []
        for opponent in given:
            if isinstance(opponent, str):
                made.append(agent_registry.make(opponent))
            elif hasattr(opponent, "act"):
                made.append(opponent)
            else:
                raise OptionError(f"an opponent is an agent name or has act(), got {opponent!r}")
        return made

    @property
    def game_state(self) -> Any:
        """The game itself (a `buccaneer` State): for rendering, logs and records."""
        return self.table.state

    def _opponent(self, seat: int) -> Any:
        if len(self._opponents) == self.table.players:
            return self._opponents[seat]
        others = [s for s in range(self.table.players) if s != self.seat]
        return self._opponents[others.index(seat)]

    def _play_others(self) -> None:
        """Opponents move until the learner has a decision or the game is over."""
        state = self.table.state
        while not state.is_over() and self._steps < self.max_steps:
            movers = state.to_move()
            if self.seat in movers:
                return
            for mover in movers:
                state.apply(mover, self._opponent(mover).act(state, mover, self._rng))
                self._steps += 1

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        state = self.table.state
        tensor = self.codec.observation_tensor(state.view(self.seat))
        if state.is_over():
            mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        else:
            mask = self.codec.legal_mask(state, self.seat)
        return tensor, {"action_mask": mask, "seat": self.seat}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if self._seat_choice == "random":
            self.seat = int(self.np_random.integers(0, self.table.players))
        self._rng = random.Random(int(self.np_random.integers(0, 2**62)))
        self.table.new_game(int(self.np_random.integers(0, 2**62)))
        self._steps = 0
        self._started = True
        self._play_others()
        return self._observe()

    def step(
        self, action: np.int64 | int
    ) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        try:
            chosen = self.table.action(self.seat, action)  # raises before anything changes
        except IllegalAction as exc:
            if self.illegal == "raise" or self.table.state.is_over():
                raise
            tensor, info = self._observe()  # the game is as it was; the episode is lost
            return tensor, LOSS, True, False, {**info, "illegal_action": str(exc)}
        state = self.table.state
        state.apply(self.seat, chosen)
        self._steps += 1
        self._play_others()
        over = state.is_over()
        reward = final_rewards(state)[self.seat] if over else 0.0
        tensor, info = self._observe()
        return tensor, reward, over, not over and self._steps >= self.max_steps, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self.table)

    def action_masks(self) -> np.ndarray:
        """The legal ids now (the name sb3-contrib's MaskablePPO looks for)."""
        mask: np.ndarray = self._observe()[1]["action_mask"]
        return mask


def make(
    game: str,
    players: int = 2,
    *,
    opponents: Opponent | Sequence[Opponent] = "random",
    seat: int | str = 0,
    illegal: str = "lose",
    max_steps: int | None = None,
    **options: Any,
) -> BuccaneerEnv:
    """A Gymnasium environment: `seat` learns, `opponents` play the other seats."""
    return BuccaneerEnv(
        game,
        players,
        opponents=opponents,
        seat=seat,
        illegal=illegal,
        max_steps=max_steps,
        **options,
    )


def register() -> None:
    """Register `buccaneer/<Game>-v0` for every registered game (done on import)."""
    for name in GAMES:
        if env_id(name) not in gymnasium.registry:
            gymnasium.register(
                id=env_id(name),
                entry_point="buccaneer.rl.gymnasium:BuccaneerEnv",
                kwargs={"game": name},
                disable_env_checker=False,
            )


register()
