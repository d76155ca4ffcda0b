"""The command-line part of `buccaneer analyze`: its arguments made into a plan (settings =
player counts x option values x lineups), and the default folder. The games, the tables and the
report are `buccaneer.sim.analysis`'s."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from buccaneer.agents.spec import AgentSpecError, parse_agent, parse_value
from buccaneer.cli_support.common import CliError
from buccaneer.cli_support.tournament import parse_player_counts
from buccaneer.core import OptionError, get_spec
from buccaneer.sim.analysis.plan import Plan, Setting, lineup, option_sets
from buccaneer.sim.simulate import choose_engine


def default_out(game: str) -> Path:
    return Path(f"analysis-{game}")


def option_values(pairs: list[str] | None, variants: list[str] | None) -> dict[str, list[Any]]:
    """`-o KEY=VALUE` pairs and `--variant` values: a key given several times is swept."""
    values: dict[str, list[Any]] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise CliError(f"option {pair!r} must look like KEY=VALUE (for example variant=...)")
        parsed = parse_value(value.strip())
        if parsed in values.setdefault(key, []):
            raise CliError(f"option {key}={value.strip()} is given twice")
        values[key].append(parsed)
    for variant in variants or []:
        if "variant" in values and variant in values["variant"]:
            raise CliError(f"variant {variant} is given twice")
        values.setdefault("variant", []).append(variant)
    return values


def build_plan(
    *,
    game: str,
    players: str | None,
    bots: list[str] | None,
    options: dict[str, list[Any]],
    games: int,
    seed: int,
    max_actions: int,
) -> Plan:
    spec = get_spec(game)
    counts = list(spec.player_counts) if players is None else parse_player_counts(players, spec)
    try:
        lineups = [
            [parse_agent(part) for part in text.split(",")] for text in bots or ["heuristic"]
        ]
    except AgentSpecError as exc:
        raise CliError(str(exc)) from None
    if any(agent.is_human for agents in lineups for agent in agents):
        raise CliError("analyze plays bots only")
    settings = []
    for count in counts:
        try:
            sets = option_sets(spec, options, count)
        except OptionError as exc:
            raise CliError(f"{count} players: {exc}") from None
        for chosen in sets:
            for agents in lineups:
                seats = lineup(agents, count)
                engine = choose_engine(spec, list(seats), "auto")
                settings.append(Setting(count, chosen, seats, engine))
    return Plan(game, tuple(settings), games, seed, max_actions)
