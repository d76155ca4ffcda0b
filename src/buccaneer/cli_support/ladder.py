"""`buccaneer ladder`: its arguments read, its field chosen, the machine described, its report
drawn as Rich tables. The ladder itself lives in `sim/ladder*.py`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import platform
import random
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from buccaneer import agents
from buccaneer.agents.spec import AgentSpec, parse_agent
from buccaneer.cli_support.common import CliError, parse_options, progress_bar
from buccaneer.cli_support.ladder_tables import head_to_head_table, ratings_table
from buccaneer.cli_support.tournament import parse_player_counts
from buccaneer.core import GAMES, GameSpec, OptionError, get_spec, load
from buccaneer.core.optional import NO_PLOTS, can_plot
from buccaneer.sim import ladder_run
from buccaneer.sim.games import Entrant, GameResult
from buccaneer.sim.ladder import LEARNED, STANDARD


def parse_games(names: list[str] | None) -> list[GameSpec]:
    """The games named (each once), or every registered game."""
    if not names:
        return list(GAMES.values())
    specs: list[GameSpec] = []
    for name in names:
        spec = get_spec(name)
        if spec in specs:
            raise CliError(f"{spec.name} is named twice")
        specs.append(spec)
    return specs


def parse_counts(text: str, spec: GameSpec) -> list[int]:
    """`all` (every count of the game), or what `tournament` reads (`3`, `2..4`, `2,4`); a
    count the game lacks is an error naming the game, so a ladder never silently leaves a
    count out."""
    if text.strip() == "all":
        return list(spec.player_counts)
    return parse_player_counts(text, spec)


def parse_field(text: str) -> list[AgentSpec]:
    """`--agents`: comma-separated agents, each NAME[:KEY=VALUE...], each once, at least two."""
    specs: list[AgentSpec] = []
    for part in text.split(","):
        spec = parse_agent(part)
        if spec.is_human:
            raise CliError("a ladder plays agents only; use `buccaneer play` to join a game")
        if any(s.label() == spec.label() for s in specs):
            raise CliError(f"--agents lists {spec.label()!r} twice; give each agent once")
        specs.append(spec)
    if len(specs) < 2:
        raise CliError("--agents needs at least two agents to compare, comma-separated")
    return specs


def game_options(specs: list[GameSpec], args: LadderArgs) -> dict[str, dict[str, Any]]:
    """`--variant` and `-o` for the one game named: options mean different things in different
    games, so a ladder of several games plays each with its defaults."""
    if args.variant is None and not args.options:
        return {}
    if len(specs) != 1 or not args.games:
        raise CliError("--variant and -o need exactly one GAME named (options differ by game)")
    name = specs[0].name
    return {name: parse_options(name, list(args.options), args.variant)}


def plays(spec: AgentSpec, game: str, options: dict[str, Any] | None = None) -> str | None:
    """Why `spec` cannot play `game`, or None when it can: it makes one real decision (one with
    a choice, reached by random play), so an agent whose weights are missing or do not fit the
    game fails now rather than an hour into a ladder. No learning library is imported."""
    rng = random.Random(0)
    state = load(game, get_spec(game).min_players, seed=0, **(options or {}))
    for _ in range(1000):
        movers = state.to_move()
        if not movers:
            break
        seat = movers[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            try:
                spec.make().act(state, seat, rng)
            except OptionError as exc:
                return str(exc)
            return None
        for mover in movers:
            state.apply(mover, rng.choice(state.legal_actions(mover)))
    return None


def standard_field(game: str, options: dict[str, Any] | None = None) -> list[AgentSpec]:
    """The default ladder of `game`: the standard agents, and the learned ones when they are
    registered and their weights play this game."""
    field = [parse_agent(text) for text in STANDARD]
    for text in LEARNED:
        name = text.partition(":")[0]
        if name in agents.available():
            spec = parse_agent(text)
            if plays(spec, game, options) is None:
                field.append(spec)
    return field


def fields(
    games: list[GameSpec], text: str | None, options: dict[str, dict[str, Any]] | None = None
) -> dict[str, list[Entrant]]:
    """Each game's field: `--agents` for every game (each checked to play it), else the
    standard ladder as available for that game."""
    chosen: dict[str, list[Entrant]] = {}
    given = parse_field(text) if text is not None else None
    for spec in games:
        if given is None:
            field = standard_field(spec.name, (options or {}).get(spec.name))
        else:
            for agent in given:
                problem = plays(agent, spec.name, (options or {}).get(spec.name))
                if problem is not None:
                    raise CliError(f"{agent.label()} cannot play {spec.name}: {problem}")
            field = given
        chosen[spec.name] = [Entrant(s.label(), s.name, dict(s.params)) for s in field]
    return chosen


def default_out(
    games: list[GameSpec], players: str, seed: int, options: dict[str, dict[str, Any]]
) -> Path:
    """A folder named by the arguments, so rerunning the same command resumes the same ladder
    (and one with a larger -n extends it)."""
    names = "+".join(spec.name for spec in games) if len(games) < len(GAMES) else "all"
    counts = players.replace("..", "-").replace(",", "_")
    chosen = "".join(
        f"-{key}={value}" for game in options.values() for key, value in sorted(game.items())
    )
    chosen = re.sub(r"[^A-Za-z0-9=._+-]", "_", chosen)
    return Path("ladders") / f"{names}{chosen}-p{counts}-seed{seed}"


def machine() -> dict[str, Any]:
    """The machine a ladder ran on, for its published figures."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.partition(":")[2].strip()
                    break
    except OSError:
        pass
    return {
        "cores": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "system": f"{platform.system()} {platform.machine()}",
    }


@dataclass(frozen=True)
class LadderArgs:
    """The command's arguments, as typed."""

    games: list[str] | None
    agents: str | None
    players: str
    games_per_table: int
    seed: int
    workers: int
    ray: str | None
    out: Path | None
    max_actions: int
    variant: str | None = None
    options: tuple[str, ...] = ()

    def with_options(self, variant: str | None, options: list[str]) -> LadderArgs:
        """The same arguments with the game options of `--variant` and `-o`."""
        return dataclasses.replace(self, variant=variant, options=tuple(options))


def run_ladder(args: LadderArgs, console: Console, err: Console) -> bool:
    """Check everything, play what the folder lacks, write every output, show the report;
    True when Ctrl-C stopped it early. Nothing is written before every check has passed."""
    if args.games_per_table < 1:
        raise CliError(f"-n must be at least 1 game per table, got {args.games_per_table}")
    if args.workers < 1:
        raise CliError(f"--workers must be at least 1, got {args.workers}")
    specs = parse_games(args.games)
    counts = {spec.name: parse_counts(args.players, spec) for spec in specs}
    options = game_options(specs, args)
    chosen = fields(specs, args.agents, options)
    ladder = ladder_run.plan(
        fields=chosen,
        player_counts=counts,
        games=args.games_per_table,
        seed=args.seed,
        options=options,
        max_actions=args.max_actions,
    )
    folder = args.out or default_out(specs, args.players, args.seed, options)
    store = ladder_run.open_store(ladder, folder)
    missing = len(ladder.missing())
    resumed = len(ladder.done)
    sizes = ", ".join(
        f"{game} {sum(job.game == game for _, job in ladder.slots)}" for game in ladder.fields
    )
    err.print(
        Text(f"{len(ladder.slots)} games ({sizes}); {missing} to play, into {folder}"),
        soft_wrap=True,
    )
    if missing:
        with progress_bar("ladder", err) as progress:
            task = progress.add_task("games", total=len(ladder.slots), completed=resumed)

            def advance(_: GameResult) -> None:
                progress.advance(task)

            ladder_run.play(ladder, store, args.workers, args.ray, on_result=advance)
    else:
        folder.mkdir(parents=True, exist_ok=True)
    about = {
        "command": command(args),
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
    }
    data = ladder_run.report(ladder, about)
    ladder_run.write_outputs(ladder, data, folder)
    for game, report in data["results"].items():
        title = data["titles"][game]
        console.print(ratings_table(title, report, data["levels"].get(game, [])))
        console.print(head_to_head_table(title, report))
    new = len(ladder.done) - resumed
    outputs = [name for name in ladder_run.OUTPUTS if (folder / name).is_file()]
    console.print(
        Text(
            f"{new} games played now, {resumed} kept from before: {len(ladder.done)} of "
            f"{len(ladder.slots)}. Outputs in {folder}: "
            + ", ".join(outputs)
            + ("" if can_plot() else f" ({NO_PLOTS})"),
        ),
        soft_wrap=True,
    )
    return ladder.interrupted


def command(args: LadderArgs) -> str:
    """The command line that runs this ladder again (the folder aside)."""
    words = ["buccaneer", "ladder", *(args.games or [])]
    if args.agents is not None:
        words += ["--agents", args.agents]
    if args.variant is not None:
        words += ["--variant", args.variant]
    for option in args.options:
        words += ["-o", option]
    words += ["--players", args.players, "-n", str(args.games_per_table), "--seed", str(args.seed)]
    words += ["--ray", args.ray] if args.ray is not None else ["-w", str(args.workers)]
    return shlex.join(words)


__all__ = [
    "LadderArgs",
    "command",
    "default_out",
    "fields",
    "machine",
    "parse_counts",
    "parse_field",
    "parse_games",
    "plays",
    "run_ladder",
    "standard_field",
]
