"""OpenSpiel games over every registered game: `register()`, then
`pyspiel.load_game("python_buccaneer_<game>", {"players": 3})`.

How the games are presented to OpenSpiel:

- **Sequential dynamics.** Simultaneous decisions (secret choices made together) are asked
  of the seats one at a time, lowest seat first. A choice is hidden from the later seats
  until all have chosen, so the information is as if the choices were simultaneous (the same
  presentation as the PettingZoo adapter).
- **Sampled stochastic chance.** Our engines draw their chance (shuffles, dice) from a seeded
  generator inside the state, so there are no chance nodes. Each `new_initial_state()` takes
  a new seed from the game's own generator, whose seed is the `rng_seed` parameter (-1: a
  random one), as OpenSpiel's `tarok` and `negotiation` do.
- **Observations, not information states.** A seat's view says what it knows now but keeps no
  record of everything it has seen. So the game provides observation strings (the view as
  canonical JSON) and tensors (the codec's vector), and `information_state_*` is not provided.
  Use `ISMCTSBot(..., use_observation_string=True)`.
- **Parameters**: `players`, `rng_seed`, and every game option whose default is a plain
  bool, int, float or str (a game's rules variant, for example).
- **Returns**: +1 for each winner, -1 for everyone else (general sum).

`resampler(seed)` makes the callback for OpenSpiel's `ISMCTSBot.set_resampler`. The callback
samples a world through our `state.determinize(seat, rng)`, so the bot never sees hidden
information. See `examples/openspiel_ismcts.py`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np

from buccaneer.core.codec import Codec, make_codec
from buccaneer.core.optional import require
from buccaneer.core.registry import GAMES, get_spec, load
from buccaneer.core.state import State
from buccaneer.rl.common import final_rewards

require("pyspiel")

import pyspiel  # noqa: E402

PREFIX = "python_buccaneer_"
_CLASSES: dict[str, type[BuccaneerGame]] = {}  # kept alive for as long as pyspiel holds them
_SCALARS = (bool, int, float, str)


def short_name(game: str) -> str:
    return PREFIX + game


def _option_params(game: str) -> dict[str, Any]:
    return {
        name: option.default
        for name, option in get_spec(game).options.items()
        if isinstance(option.default, _SCALARS)
    }


def _game_type(game: str) -> Any:
    spec = get_spec(game)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"buccaneer {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": spec.min_players,
            "rng_seed": -1,
            **_option_params(game),
        },
    )


class BuccaneerGame(pyspiel.Game):  # type: ignore[misc]
    """One registered game with its parameters, as an OpenSpiel game."""

    buccaneer_game = ""  # set by each registered subclass

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.buccaneer_game
        game_type = _game_type(game)
        values = {**game_type.parameter_specification, **(params or {})}
        self.players = int(values["players"])
        self.options = {name: values[name] for name in _option_params(game) if name in values}
        self.codec: Codec = make_codec(game, self.players, **self.options)
        seed = int(values["rng_seed"])
        self._rng = random.Random(seed if seed >= 0 else None)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=get_spec(game).max_actions,
        )
        super().__init__(game_type, info, values)

    def new_initial_state(self, seed: int | None = None) -> BuccaneerState:
        """A new game; its chance comes from the game's generator unless `seed` is given."""
        game_seed = self._rng.getrandbits(62) if seed is None else seed
        return BuccaneerState(
            self, load(self.buccaneer_game, self.players, game_seed, **self.options)
        )

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BuccaneerObserver:
        if params:
            raise ValueError(f"observer parameters are not supported, got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError(
                "buccaneer games provide observations, not perfect-recall information states"
            )
        return BuccaneerObserver(self.codec)


class BuccaneerState(pyspiel.State):  # type: ignore[misc]
    """A game in progress; wraps the engine's state and translates ids and seats."""

    def __init__(self, game: BuccaneerGame, state: State) -> None:
        super().__init__(game)
        self.game_state = state
        self._codec = game.codec

    def current_player(self) -> int:
        if self.game_state.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.game_state.to_move()[0]

    def _legal_actions(self, player: int) -> list[int]:
        if self.game_state.is_over() or player not in self.game_state.to_move():
            return []
        return sorted(self._codec.legal_ids(self.game_state, player))

    def _apply_action(self, action: int) -> None:
        seat = self.current_player()
        self.game_state.apply(seat, self._codec.id_to_action(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        return json.dumps(self._codec.id_to_action(int(action)).to_json(), sort_keys=True)

    def is_terminal(self) -> bool:
        return self.game_state.is_over()

    def returns(self) -> list[float]:
        if not self.game_state.is_over():
            return [0.0] * self.game_state.players
        return final_rewards(self.game_state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BuccaneerState:
        """A world `player_id` cannot tell from this one (our `determinize`)."""
        seed = int(probability_sampler() * 2**52) if callable(probability_sampler) else 0
        return self._world(player_id, random.Random(seed))

    def _world(self, seat: int, rng: random.Random) -> BuccaneerState:
        world = BuccaneerState(self.get_game(), self.game_state.determinize(seat, rng))
        return world

    def __str__(self) -> str:
        return json.dumps(self.game_state.view(None), sort_keys=True)


class BuccaneerObserver:
    """OpenSpiel's Python observer interface: the codec's tensor, fields by name, and the
    seat's view as a string."""

    def __init__(self, codec: Codec) -> None:
        self._codec = codec
        self.tensor = np.zeros(codec.observation_size, np.float32)
        self.dict = {name: self.tensor[part] for name, part in codec.field_slices().items()}

    def set_from(self, state: BuccaneerState, player: int) -> None:
        self.tensor[:] = self._codec.observation_tensor(state.game_state.view(player))

    def string_from(self, state: BuccaneerState, player: int) -> str:
        return json.dumps(state.game_state.view(player), sort_keys=True)


def resampler(seed: int = 0) -> Callable[[BuccaneerState, int], BuccaneerState]:
    """For `ISMCTSBot.set_resampler`: worlds sampled by `determinize` from a seeded stream."""
    rng = random.Random(seed)

    def sample(state: BuccaneerState, player: int) -> BuccaneerState:
        return state._world(player, rng)

    return sample


def register() -> list[str]:
    """Register `python_buccaneer_<game>` for every registered game; returns the names."""
    known = {game_type.short_name for game_type in pyspiel.registered_games()}
    for game in GAMES:
        if short_name(game) in known:
            continue
        title = get_spec(game).title.replace(" ", "")
        game_class = type(f"{title}Game", (BuccaneerGame,), {"buccaneer_game": game})
        _CLASSES[game] = game_class
        pyspiel.register_game(_game_type(game), game_class)
    return [short_name(game) for game in GAMES]
