"""Finding games by name and creating them: the platform's public entry points.

The games register into this module (`register`); it never imports them, so the layers run
one way (core <- games).

The game and state classes are named here for types only, so the record module can build on
this one while `State.record()` builds records."""

from __future__ import annotations

import importlib.resources
import random
import secrets
import sys
from collections.abc import Mapping
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from buccaneer.core.errors import OptionError
from buccaneer.core.options import validate_options
from buccaneer.core.rng import MAX_SEED
from buccaneer.core.schema import shown

if TYPE_CHECKING:
    from buccaneer.core.game import GameSpec
    from buccaneer.core.state import State


REGISTERED: dict[str, GameSpec] = {}
"""The games registered so far, by name, in the order they were registered. Core names no game:
the games register themselves (`buccaneer.games` does it for all of them on import, and
`buccaneer/__init__.py` imports `buccaneer.games`, so any `import buccaneer...` fills this).
Tests add a game for one test with `monkeypatch.setitem(REGISTERED, spec.name, spec)`."""


def register(*specs: GameSpec) -> None:
    """Add games to the registry. A second game under a name already taken is refused, so two
    plug-ins can never shadow one another; registering the same spec again changes nothing."""
    for spec in specs:
        known = REGISTERED.get(spec.name)
        if known is not None and known is not spec:
            raise ValueError(f"a game named {spec.name!r} is already registered")
        REGISTERED[spec.name] = spec


def get_spec(game: str) -> GameSpec:
    if game not in REGISTERED:
        raise OptionError(f"unknown game {shown(game)}; available: {', '.join(sorted(REGISTERED))}")
    return REGISTERED[game]


def game_file(game: str, name: str) -> Traversable:
    """A data file a game ships in its own package (its trained policy, its published bot
    levels): `name` beside the module of its state class, so a plug-in brings its own."""
    module = sys.modules[get_spec(game).new_state.__module__]
    return importlib.resources.files(module.__package__ or module.__name__) / name


def load(game: str, players: int, seed: int | None = None, **options: Any) -> State:
    """A new game. `seed` fixes all chance (a random one is chosen and recorded when None)."""
    spec = get_spec(game)
    if isinstance(players, bool) or not isinstance(players, int):
        raise OptionError(f"players must be an int, got {players!r}")
    if players not in spec.player_counts:
        raise OptionError(
            f"{game} is for {spec.min_players}-{spec.max_players} players, not {players}"
        )
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise OptionError(f"seed must be a non-negative int below 2**64, got {shown(seed)}")
    canonical = validate_options(game, spec.options, options)
    return spec.new_state(players, seed, canonical)


# `buccaneer.GAMES`: a live, read-only view of the registry (game name -> its spec).
GAMES: Mapping[str, GameSpec] = MappingProxyType(REGISTERED)


def seat_knowledge(state: State, seat: int) -> Any:
    """What a game's bot reads: `state.bot_view(seat)`, the seat's knowledge in typed form.

    An agent may be handed a stand-in that offers only the three calls the platform's design
    first named for agents (`legal_actions`, `view`, `determinize`). Then the same knowledge
    is rebuilt from `view(seat)` alone, through the game's `from_view`: the bot plays the same
    move either way (tests/agents/test_no_peeking.py), only slower."""
    try:
        bot_view = state.bot_view
    except Exception:
        spec = get_spec(state.game)
        if spec.from_view is None:
            raise
        # The rebuilt state's hidden parts are sampled, but bot_view reads none of them.
        rebuilt = spec.from_view(state.view(seat), random.Random(0))
        return rebuilt.bot_view(seat)
    return bot_view(seat)
