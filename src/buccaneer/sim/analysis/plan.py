"""What an analysis plays: its settings (player count x option set x lineup of agents), the
games per setting, the base seed, and the chunks the games are played in.

Every setting plays the same seeds (game i of each has seed `nth_seed(seed, i)`), so two
settings are compared on the same deals (common random numbers), and the same seed replayed by
a stronger lineup shows what skill changes (`measures.luck`).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import Any

from buccaneer.agents.spec import AgentSpec
from buccaneer.core import GameSpec, OptionError, load
from buccaneer.core.options import validate_options
from buccaneer.sim.chunks import Chunk

# Games per chunk: the kernel's chunks are large (a call costs little beside its games), the
# Python engine's small enough to show progress and lose little to Ctrl-C.
KERNEL_CHUNK = 5_000
PYTHON_CHUNK = 25


@dataclass(frozen=True)
class Setting:
    """One cell of the analysis: a player count, an option set and a lineup."""

    players: int
    options: dict[str, Any]  # validated, canonical
    lineup: tuple[AgentSpec, ...]  # one agent per seat
    engine: str  # "python" or "compiled" (every seat random and a kernel here)

    def lineup_label(self) -> str:
        labels = [agent.label() for agent in self.lineup]
        return labels[0] if len(set(labels)) == 1 else ",".join(labels)

    def label(self, varied: set[str]) -> str:
        """In words, naming only the options that vary across the plan."""
        parts = [f"{self.players} players"]
        parts += [f"{key}={_shown(self.options[key])}" for key in sorted(varied)]
        parts.append(self.lineup_label())
        return " · ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": self.options,
            "lineup": [agent.label() for agent in self.lineup],
            "engine": self.engine,
        }


@dataclass(frozen=True)
class Plan:
    game: str
    settings: tuple[Setting, ...]
    games: int  # per setting
    seed: int
    max_actions: int

    def varied_options(self) -> set[str]:
        """The option keys whose value differs between settings."""
        keys = {key for setting in self.settings for key in setting.options}
        return {
            key
            for key in keys
            if len({json.dumps(s.options.get(key), sort_keys=True) for s in self.settings}) > 1
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "max_actions": self.max_actions,
            "settings": [setting.to_json() for setting in self.settings],
        }

    def chunk(self, tag: int, first: int, count: int, *, records: bool = False) -> Chunk:
        """Games `first`..`first + count - 1` of setting `tag`."""
        setting = self.settings[tag]
        return Chunk(
            game=self.game,
            players=setting.players,
            options=setting.options,
            seats=setting.lineup,
            base_seed=self.seed,
            first=first,
            count=count,
            max_actions=self.max_actions,
            engine=setting.engine,
            records=records,
            watch=not records,  # a record is asked for to replay a game already watched
            tag=tag,
        )

    def chunks(self) -> list[Chunk]:
        """Every chunk of every setting, the settings taking turns so that an early stop has
        some of each."""
        per_setting = []
        for tag, setting in enumerate(self.settings):
            size = KERNEL_CHUNK if setting.engine == "compiled" else PYTHON_CHUNK
            per_setting.append(
                [
                    self.chunk(tag, first, min(size, self.games - first))
                    for first in range(0, self.games, size)
                ]
            )
        mixed = itertools.zip_longest(*per_setting)
        return [chunk for group in mixed for chunk in group if chunk is not None]


def lineup(agents: list[AgentSpec], players: int) -> tuple[AgentSpec, ...]:
    """One agent per seat from a `--bots` value: one for every seat, one per seat, or a shorter
    list repeated round the table (`random,heuristic` at 4 players: r, h, r, h)."""
    if players % len(agents):
        raise OptionError(
            f"--bots {','.join(a.label() for a in agents)}: {len(agents)} agents cannot go round "
            f"a table of {players} (give 1, {players} or a divisor of {players})"
        )
    return tuple(agents[seat % len(agents)] for seat in range(players))


def option_sets(spec: GameSpec, values: dict[str, list[Any]], players: int) -> list[dict[str, Any]]:
    """Every combination of the options' values (one value each: one set), canonical and
    checked against `players` by setting a game up; an option not given takes its default."""
    keys = sorted(values)
    sets = []
    for combo in itertools.product(*(values[key] for key in keys)):
        options = dict(zip(keys, combo, strict=True))
        validate_options(spec.name, spec.options, options)
        sets.append(dict(load(spec.name, players, seed=0, **options).options))
    return sets


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return "+".join(str(v) for v in value)
    return str(value)
