"""PettingZoo's AEC API over any registered game: `env(GAME, players=3)`.

Agents are `player_0` .. `player_{n-1}`, seat numbers of the game. Each observation is
`{"observation": Box(0, 1, float32), "action_mask": MultiBinary(num_actions)}`, built from that
seat's `view` only through the game's codec. The mask is all zeros for every agent but the one
selected, as PettingZoo's classic games do. The reward comes at the end: +1 for each winner, -1
for the others (`common.final_rewards`). A game still running after `max_steps` actions is
truncated with reward 0: policies that only ever end their turn would otherwise play forever.

Simultaneous decisions (secret choices made together) are presented as AEC turns: the seats
due to choose are selected one after another, lowest seat first. A choice is applied as soon as
it is made, but stays hidden: the game reveals nothing of it in the views until every seat has
chosen. So the second seat's observation cannot show the first seat's choice, which keeps the
decision simultaneous in information.

No parallel version is offered. PettingZoo's `aec_to_parallel` needs every live agent to act once
in each cycle. These games are turn-based with one simultaneous phase, so that holds for none of
them (docs/environments.md).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from buccaneer.core.optional import require
from buccaneer.rl.common import Table, agent_name, final_rewards, render_text

require("pettingzoo")

from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402

ObsType = dict[str, np.ndarray]


class BuccaneerAEC(AECEnv[str, ObsType, int]):  # type: ignore[misc]
    """One game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi", "human"],
        "name": "buccaneer",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int = 2,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of ansi, human or None, got {render_mode!r}")
        self.table = Table(game, players, options)
        self.codec = self.table.codec
        self.max_steps = self.table.max_steps(max_steps)
        self._steps = 0
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"buccaneer_{game}_v0"}
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self._seats = {name: seat for seat, name in enumerate(self.possible_agents)}
        n = self.codec.num_actions
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, 1.0, shape=self.codec.observation_shape, dtype=np.float32
                    ),
                    "action_mask": spaces.MultiBinary(n),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._no_mask = np.zeros(n, dtype=np.int8)
        self._seed_rng = np.random.default_rng()
        self.agents: list[str] = []

    # -- spaces --------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    @property
    def game_state(self) -> Any:
        """The game itself (a `buccaneer` State): for rendering, logs and records."""
        return self.table.state

    # -- the AEC protocol ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. `seed` fixes all its chance; without one, the env's own stream picks."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(0, 2**62))
        self.table.new_game(game_seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> ObsType:
        self._check_started()
        seat = self._seats[agent]
        state = self.table.state
        tensor = self.codec.observation_tensor(state.view(seat))
        if agent == self.agent_selection and seat in state.to_move():
            mask = self.codec.legal_mask(state, seat)
        else:
            mask = self._no_mask.copy()
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        self._check_started()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move and needs an action id, not None")
        seat = self._seats[agent]
        chosen = self.table.action(seat, action)  # raises before anything changes
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state = self.table.state
        state.apply(seat, chosen)
        self._steps += 1
        if state.is_over():
            for name, reward in zip(self.possible_agents, final_rewards(state), strict=True):
                self.rewards[name] = reward
                self.terminations[name] = True
            self._accumulate_rewards()
        elif self._steps >= self.max_steps:  # policies that never finish (all only passing)
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        if self.render_mode == "human":
            self.render()

    def _check_started(self) -> None:
        if not hasattr(self, "agent_selection"):
            raise RuntimeError("call reset() before step() or observe()")

    def _select(self) -> None:
        state = self.table.state
        if state.is_over() or self._steps >= self.max_steps:
            self.agent_selection = self.agents[0]
            self._deads_step_first()
        else:
            self.agent_selection = agent_name(state.to_move()[0])

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = render_text(self.table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(
    game: str, players: int = 2, render_mode: str | None = None, **options: Any
) -> BuccaneerAEC:
    """A PettingZoo AEC environment of `game` for `players` seats with the game's options
    (for example a rules variant). Illegal action ids raise `IllegalAction` and change
    nothing, so no wrapper is needed to catch them."""
    return BuccaneerAEC(game, players, render_mode=render_mode, **options)
