"""Finding games by name and creating them: the platform's public entry points.

The game and state classes are named here for types only, so the record module can build on
this one while `State.record()` builds records."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from buccaneer.core.errors import OptionError
from buccaneer.core.options import validate_options
from buccaneer.core.rng import MAX_SEED
from buccaneer.core.schema import shown

if TYPE_CHECKING:
    from buccaneer.core.game import GameSpec
    from buccaneer.core.state import State


def _registry() -> Mapping[str, GameSpec]:
    from buccaneer.games import REGISTRY  # noqa: PLC0415  (games import core; avoid a cycle)

    return {spec.name: spec for spec in REGISTRY}


def get_spec(game: str) -> GameSpec:
    games = _registry()
    if game not in games:
        raise OptionError(f"unknown game {shown(game)}; available: {', '.join(sorted(games))}")
    return games[game]


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


class _Games(Mapping[str, "GameSpec"]):
    """`buccaneer.GAMES`: a live read-only mapping of game name to its spec."""

    def __getitem__(self, name: str) -> GameSpec:
        return _registry()[name]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(_registry())

    def __len__(self) -> int:
        return len(_registry())


GAMES: Mapping[str, GameSpec] = _Games()


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
