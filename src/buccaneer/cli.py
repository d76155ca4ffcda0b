"""The `buccaneer` command: list the games, play one at the terminal, simulate, run
tournaments, replay, verify a finished game's fairness.

Every game is reached through the registry (`buccaneer.GAMES`, `get_spec`), never by name, so
a new game plug-in appears here by itself. Mistakes a person can make (an unknown game, a bad
option, an illegal record) are shown as one red line and exit code 2, never as a traceback.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import IO, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

import buccaneer
from buccaneer import agents, sim
from buccaneer.agents import Agent
from buccaneer.agents.spec import AgentSpecError
from buccaneer.cli_support.analyze import build_plan, option_values
from buccaneer.cli_support.analyze import default_out as analysis_out
from buccaneer.cli_support.common import (
    CliError,
    count_agents,
    new_seed,
    parse_agents,
    parse_options,
    pick_record,
    prepare_save,
    progress_bar,
    save_record,
    start_game,
)
from buccaneer.cli_support.extras import needs_extra
from buccaneer.cli_support.play import PlaySession, console_reader
from buccaneer.cli_support.replay import replay_record
from buccaneer.cli_support.simulate import summary_tables
from buccaneer.cli_support.tournament import (
    default_out,
    output_paths,
    parse_entrants,
    parse_player_counts,
    report_tables,
)
from buccaneer.cli_support.verify import show_verdict, verify_file
from buccaneer.core import IllegalAction, OptionError, get_spec
from buccaneer.core.optional import NO_PLOTS, can_plot
from buccaneer.sim.analysis.report import text_summary as analysis_summary
from buccaneer.sim.analysis.run import analyze as run_analysis
from buccaneer.sim.plot import plot
from buccaneer.sim.simulate import SimulationError, choose_engine, summary
from buccaneer.sim.simulate import simulate as run_simulation

app = typer.Typer(
    name="buccaneer",
    help="Pirate board games: rules engines, bots and a table at your terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

EXIT_USAGE = 2


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"buccaneer {buccaneer.__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            help="Print the version and exit.",
            callback=_print_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """Pirate board games: rules engines, bots and a table at your terminal."""


CHECKPOINT_SECONDS = 30.0  # a long tournament's results are rewritten this often


def _console() -> Console:
    # Made per command, not at import, so it writes to whatever stdout is current (tests swap it).
    return Console(highlight=False)


def _err_console() -> Console:
    return Console(stderr=True, highlight=False)


@contextmanager
def _people_errors() -> Iterator[None]:
    """Turn the errors written for people into a red line and exit code 2. The errors of the
    layers below worded for people (`AgentSpecError`, `SimulationError`) are shown as a
    `CliError` is."""
    try:
        yield
    except (IllegalAction, OptionError, CliError, AgentSpecError, SimulationError) as exc:
        _err_console().print(Text(f"Error: {exc}", style="bold red"), soft_wrap=True)
        raise typer.Exit(EXIT_USAGE) from None


# -- shared options ----------------------------------------------------------------------------

GameArg = Annotated[
    str, typer.Argument(metavar="GAME", help="The game's name, as listed by `buccaneer games`.")
]
PlayersOpt = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-p",
        help="Number of players (default: as many as --bots implies, else the game's minimum).",
    ),
]
VariantOpt = Annotated[str | None, typer.Option("--variant", help="Shorthand for -o variant=V.")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option; repeatable. VALUE is read as JSON when it parses "
        "(3, true, [1,2]), else as text. See `buccaneer games`.",
    ),
]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", min=0, help="Fixes all chance (default: a random seed).")
]
_AGENTS = ", ".join(agents.available())


# -- games -------------------------------------------------------------------------------------


@app.command()
def games() -> None:
    """List the games, their player counts and options."""
    console = _console()
    table = Table(title="Games")
    table.add_column("name", style="bold cyan", no_wrap=True)
    table.add_column("title", style="bold")
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("about")
    specs = [buccaneer.GAMES[name] for name in sorted(buccaneer.GAMES)]
    for spec in specs:
        players = f"{spec.min_players}-{spec.max_players}"
        table.add_row(spec.name, spec.title, players, spec.summary)
    console.print(table)
    for spec in specs:
        if not spec.options:
            continue
        detail = Table(title=f"{spec.name} options (-o KEY=VALUE)", title_justify="left")
        detail.add_column("option", style="bold", no_wrap=True)
        detail.add_column("default", no_wrap=True)
        detail.add_column("choices")
        detail.add_column("meaning")
        for option in spec.options.values():
            choices = " | ".join(_shown(c) for c in option.choices) if option.choices else "-"
            detail.add_row(option.name, _shown(option.default), choices, option.help)
        console.print(detail)
        for option in spec.options.values():
            if option.list_items:
                example = ",".join(option.list_items[:3])
                console.print(
                    Text(f"A list, names separated by commas: -o {option.name}={example}"),
                    style="dim",
                    soft_wrap=True,
                )
    for spec in specs:
        if spec.engine_note is not None:
            console.print(Text(f"{spec.name}: {spec.engine_note()}"), style="dim", soft_wrap=True)
    console.print(f"Agents for --bots: {_AGENTS}, and human (play only).", style="dim")


def _shown(value: Any) -> str:
    """An option value as it is typed after `-o KEY=` (true, not Python's True)."""
    return "none" if value is None else value if isinstance(value, str) else json.dumps(value)


# -- play --------------------------------------------------------------------------------------


@app.command()
def play(
    game: GameArg,
    *,
    players: PlayersOpt = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help="Agents for the other seats in seat order, comma-separated (default: random "
            f"for all). Agents: {_AGENTS}; NAME:KEY=VALUE passes parameters; `human` is "
            "another player at this terminal (hot seat).",
        ),
    ] = None,
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat (0 moves first).")] = 0,
    seed: SeedOpt = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save", help="Keep the record here, rewritten after every move (replayable)."
        ),
    ] = None,
) -> None:
    """Play a game at the terminal against bots, or with friends in hot seat.

    Example: buccaneer play cartagena --players 3 --variant tortuga --bots random,human
    """
    with _people_errors():
        named = count_agents(bots)
        if players is None and named is not None:
            players = named + 1
        spec, state, actual_seed = start_game(
            game, players, seed, parse_options(game, option, variant)
        )
        if not 0 <= seat < state.players:
            raise CliError(f"--seat must be from 0 to {state.players - 1}, got {seat}")
        others = [s for s in range(state.players) if s != seat]
        specs = parse_agents(bots, len(others), f"the {len(others)} other seat(s)")
        controllers: dict[int, Agent | None] = {seat: None}
        for other, agent in zip(others, specs, strict=True):
            controllers[other] = None if agent.is_human else agent.make()
        if save is not None:  # an unsaveable game fails now, before anyone has moved
            prepare_save(save)
            save_record(save, state)
        console = _console()
        session = PlaySession(
            spec=spec,
            state=state,
            seed=actual_seed,
            controllers=controllers,
            console=console,
            read=console_reader(console),
            save=save,
        )
        code = session.run()
    if code:
        raise typer.Exit(code)


# -- simulate ----------------------------------------------------------------------------------

AllCoresOpt = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-w",
        min=1,
        help="Games played at once (default: every core): threads on a compiled kernel, "
        "processes otherwise. The results are the same for any number.",
    ),
]
RayOpt = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="ADDRESS",
        help="Play the games on the Ray cluster at ADDRESS (host:port, or `local`); needs the "
        "`distributed` extra.",
    ),
]


@app.command()
def simulate(
    game: GameArg,
    *,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    players: PlayersOpt = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help=f"One agent per seat, comma-separated (default: all random). Agents: {_AGENTS}.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", min=0, help="Base seed: game i uses seed + i, mod 2**64 (default: random)."
        ),
    ] = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="Write every game's record here, as JSON Lines.")
    ] = None,
    max_actions: Annotated[
        int,
        typer.Option("--max-actions", min=1, help="Stop a game after this many actions."),
    ] = 100_000,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as JSON (for scripts).")
    ] = False,
    engine: Annotated[
        str,
        typer.Option(
            "--engine",
            help="auto: a game's compiled kernel when every seat is random (see `buccaneer "
            "games`), else Python; python: always the reference engine; compiled: the kernel "
            "or an error. The kernel draws the random choices from its own stream.",
        ),
    ] = "auto",
    workers: AllCoresOpt = None,
    ray: RayOpt = None,
) -> None:
    """Play many bot games and summarise speed, game length, wins and scores by seat.

    Example: buccaneer simulate cartagena -n 1000 --players 4 --variant tortuga
    """
    with _people_errors(), ExitStack() as stack:
        options = parse_options(game, option, variant)
        if players is None:
            players = count_agents(bots)
        spec, first, base_seed = start_game(game, players, seed, options)
        count = first.players
        specs = parse_agents(bots, count, f"{count} players")
        if any(agent.is_human for agent in specs):
            raise CliError("simulate plays bots only; use `buccaneer play` to join a game")
        engine = choose_engine(spec, specs, engine)
        out: IO[str] | None = None
        if save is not None:
            prepare_save(save)
            try:
                out = stack.enter_context(save.open("w", encoding="utf-8"))
            except OSError as exc:
                raise CliError(f"cannot write {save}: {exc.strerror or exc}") from None
        err = _err_console()
        progress = stack.enter_context(progress_bar("simulating", err))
        task = progress.add_task("games", total=games)
        tally, seconds = run_simulation(
            spec=spec,
            players=count,
            options=first.options,
            agent_specs=specs,
            base_seed=base_seed,
            games=games,
            max_actions=max_actions,
            out=out,
            advance=lambda n: progress.advance(task, n),
            engine=engine,
            workers=workers or os.cpu_count() or 1,
            ray=ray,
        )
    data = summary(
        spec=spec,
        options=first.options,
        agent_specs=specs,
        base_seed=base_seed,
        tally=tally,
        seconds=seconds,
        engine=engine,
    )
    if as_json:
        typer.echo(json.dumps(data, indent=2))
    else:
        console = _console()
        for table in summary_tables(data):
            console.print(table)
        if save is not None:
            where = f"Records written to {save} (buccaneer replay {save} --index I)."
            console.print(Text(where), soft_wrap=True)
    if tally.interrupted:
        _err_console().print(
            Text(f"Interrupted after {tally.games} of {games} games.", style="bold")
        )
        raise typer.Exit(130)


# -- analyze -----------------------------------------------------------------------------------


@app.command()
def analyze(
    game: GameArg,
    *,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per setting.")] = 1000,
    players: Annotated[
        str | None,
        typer.Option(
            "--players", "-p", help="Player counts: 3, 2..4 or 2,4 (default: every count)."
        ),
    ] = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            help="A lineup: one agent for every seat (heuristic), one per seat, or a shorter "
            "list repeated round the table (random,heuristic). Repeat --bots to compare "
            "lineups on the same seeds (luck against skill). Default: heuristic.",
        ),
    ] = None,
    variant: Annotated[
        list[str] | None,
        typer.Option("--variant", help="Shorthand for -o variant=V; repeat to compare."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=VALUE",
            help="A game option; give a key several times to compare its values (every "
            "combination of the options given is a setting).",
        ),
    ] = None,
    seed: Annotated[
        int,
        typer.Option("--seed", min=0, help="Base seed: game i of every setting uses seed + i."),
    ] = 1,
    workers: AllCoresOpt = None,
    ray: RayOpt = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="The folder for the report and data (default: analysis-GAME)."),
    ] = None,
    fresh: Annotated[
        bool,
        typer.Option("--fresh", help="Start over in --out, dropping the games kept there."),
    ] = False,
    max_actions: Annotated[
        int,
        typer.Option("--max-actions", min=1, help="Stop a game after this many actions."),
    ] = 100_000,
) -> None:
    """Play many bot games and write a balance report: who wins by seat and start position,
    game lengths, leaders and comebacks, teams, options side by side, luck against skill.

    Writes DIR/report.html (self-contained), the data as CSV and Parquet, and figures.json.
    Ctrl-C keeps the games played; the same command run again plays only the rest.

    Example: buccaneer analyze cartagena -p 4 --variant jamaica --variant tortuga -n 10000
    """
    with _people_errors():
        plan = build_plan(
            game=game,
            players=players,
            bots=bots,
            options=option_values(option, variant),
            games=games,
            seed=seed,
            max_actions=max_actions,
        )
        folder = out or analysis_out(game)
        err = _err_console()
        with progress_bar("analysing", err) as progress:
            task = progress.add_task("games", total=games * len(plan.settings))
            outcome = run_analysis(
                plan,
                folder,
                workers=workers or os.cpu_count() or 1,
                ray=ray,
                fresh=fresh,
                advance=lambda n: progress.advance(task, n),
            )
    console = _console()
    for line in analysis_summary(outcome.figures):
        console.print(Text(line), soft_wrap=True)
    rate = outcome.played / outcome.seconds if outcome.seconds > 0 else 0.0
    console.print(
        Text(
            f"{outcome.played:,} games played in {outcome.seconds:.1f} s ({rate:,.0f}/s, "
            f"{outcome.backend})"
            + (f", {outcome.kept:,} kept from before" if outcome.kept else "")
            + f". Report: {folder / 'report.html'}",
        ),
        soft_wrap=True,
    )
    for missing in outcome.missing:
        _err_console().print(Text(f"Not written: {missing}"))
    if outcome.interrupted:
        _err_console().print(
            Text(
                "Interrupted: the report holds the games played so far; run the same command "
                "again to play the rest.",
                style="bold",
            )
        )
        raise typer.Exit(130)


# -- train -------------------------------------------------------------------------------------


@app.command()
def train(
    game: GameArg,
    *,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            "-p",
            help="Player counts to train at, comma-separated (games take them in turn); the "
            "first is also where the policy is measured.",
        ),
    ] = "2",
    variant: VariantOpt = None,
    option: OptionOpt = None,
    minutes: Annotated[
        float | None,
        typer.Option("--minutes", min=0, help="Stop after the iteration that passes this."),
    ] = None,
    iterations: Annotated[
        int | None,
        typer.Option("--iterations", min=1, help="How many iterations (more) to run."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="The run's directory (default: runs/train-GAME)."),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Go on from the checkpoint in --out.")
    ] = False,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Fixes every random choice.")] = 0,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Processes that play the games.")
    ] = 1,
    imitation_games: Annotated[
        int, typer.Option("--imitation-games", min=1, help="Heuristic games of iteration 0.")
    ] = 400,
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Games per later iteration.")
    ] = 40,
    search_iterations: Annotated[
        int, typer.Option("--search-iterations", min=1, help="ISMCTS iterations a search.")
    ] = 64,
    label: Annotated[
        float,
        typer.Option("--label", min=0, max=1, help="Share of the net's decisions searched."),
    ] = 0.25,
    search_guided: Annotated[
        bool,
        typer.Option(
            "--guided-search/--plain-search",
            help="The teacher's search: guided by the network, or plain ISMCTS.",
        ),
    ] = True,
    hinted: Annotated[
        bool,
        typer.Option(
            "--hint/--no-hint",
            help="Give the network the heuristic's choice as an input (a residual policy).",
        ),
    ] = False,
    imitation_ratio: Annotated[
        float | None,
        typer.Option(
            "--imitation-ratio",
            min=0,
            help="After iteration 0, the heuristic's examples kept per searched example "
            "(default: all).",
        ),
    ] = None,
    window: Annotated[
        int,
        typer.Option("--window", min=1, help="Iterations whose searched examples train the net."),
    ] = 4,
    epochs: Annotated[int, typer.Option("--epochs", min=1, help="Passes per iteration.")] = 4,
    hidden: Annotated[int, typer.Option("--hidden", min=8, help="Units per layer.")] = 256,
    eval_games: Annotated[
        int, typer.Option("--eval-games", min=0, help="Games per measurement (0: none).")
    ] = 40,
    max_actions: Annotated[
        int, typer.Option("--max-actions", min=1, help="Cut a game after this many actions.")
    ] = 1500,
) -> None:
    r"""Train GAME's policy and value network (expert iteration; needs the extra: pip install
    "buccaneer\[train]"). Writes checkpoints, curves.png and policy.npz to --out.

    Example: buccaneer train cartagena --minutes 30 --out runs/cartagena
    """
    with _people_errors():
        with needs_extra("train", "buccaneer train"):
            from buccaneer.rl.train.loop import Config, Trainer  # noqa: PLC0415
        get_spec(game)
        try:
            counts = [int(p) for p in players.split(",")]
        except ValueError:
            raise CliError(
                f"--players must be numbers separated by commas, got {players!r}"
            ) from None
        config = Config(
            game=game,
            players=counts,
            options=parse_options(game, option, variant),
            seed=seed,
            hidden=hidden,
            imitation_games=imitation_games,
            games=games,
            search_iterations=search_iterations,
            search_guided=search_guided,
            label=label,
            hinted=hinted,
            imitation_ratio=imitation_ratio,
            window=window,
            epochs=epochs,
            eval_games=eval_games,
            max_actions=max_actions,
        )
        if iterations is None and minutes is None:
            raise CliError("give --minutes or --iterations (or both)")
        where = out if out is not None else Path("runs") / f"train-{game}"
        trainer = Trainer(config, where, resume=resume, workers=workers)
        err = _err_console()
        with progress_bar("{task.description}", err) as progress:
            task = progress.add_task("starting", total=1)

            def show(what: str, done: int, total: int) -> None:
                progress.update(task, description=what, completed=done, total=total)

            history = trainer.run(iterations=iterations, minutes=minutes, progress=show)
    console = _console()
    for row in history[-3:]:
        shown = ", ".join(
            f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in row.items()
        )
        console.print(Text(shown), soft_wrap=True)
    console.print(
        Text(f"{trainer.iteration} iterations in {where}: policy.npz, curves.png, checkpoint.pt"),
        soft_wrap=True,
    )


# -- tournament --------------------------------------------------------------------------------


@app.command()
def tournament(
    game: GameArg,
    *,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help=f"The field, comma-separated: at least two agents ({_AGENTS}); "
            "NAME:KEY=VALUE passes parameters, e.g. ismcts:time=1,heuristic,random.",
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Games per player count.")
    ] = 100,
    players: Annotated[
        str | None,
        typer.Option(
            "--players", "-p", help="Player counts: 3, 2..4 or 2,4 (default: the game's minimum)."
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Games played at once, in processes.")
    ] = 1,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="ADDRESS",
            help="Play the games on the Ray cluster at ADDRESS (host:port, or `local` to start "
            "one here); needs the `distributed` extra.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", min=0, help="Base seed: game k uses seed + k, mod 2**64 (default: random)."
        ),
    ] = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Folder for results.json (every game with its record) and results.png "
            "(default: tournaments/GAME-TIMESTAMP).",
        ),
    ] = None,
    max_actions: Annotated[
        int, typer.Option("--max-actions", min=1, help="Stop a game after this many actions.")
    ] = 100_000,
) -> None:
    """Round-robin bots with seats rotated; win rates with 95% intervals, ratings, a plot.

    Example: buccaneer tournament cartagena --bots ismcts:time=1,heuristic,random --players 2..4
    """
    with _people_errors():
        spec = get_spec(game)
        counts = parse_player_counts(players, spec)
        entrants = parse_entrants(bots)
        folder = out if out is not None else default_out(spec.name)
        results_path, plot_path = output_paths(folder)
        planned = sim.plan(
            game=spec.name,
            entrants=entrants,
            player_counts=counts,
            games=games,
            seed=new_seed() if seed is None else seed,
            options=parse_options(spec.name, option, variant),
            max_actions=max_actions,
        )
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CliError(f"cannot create {folder}: {exc.strerror or exc}") from None
        err = _err_console()
        last_save = [time.monotonic()]

        def keep(result: sim.GameResult) -> None:
            progress.advance(task)
            if time.monotonic() - last_save[0] > CHECKPOINT_SECONDS:  # a crash loses little
                planned.save(results_path)
                last_save[0] = time.monotonic()

        with progress_bar("tournament", err) as progress:
            task = progress.add_task("games", total=len(planned.jobs))
            sim.play(planned, workers=workers, ray=ray, on_result=keep)
        planned.save(results_path)
        data = planned.to_json()
        title = f"{spec.title} tournament: {len(planned.results)} games"
        if can_plot():
            plot(data["summary"], planned.labels, title, plot_path)
    console = _console()
    for table in report_tables(data):
        console.print(table)
    pictured = f"Plot: {plot_path}" if can_plot() else f"({NO_PLOTS})"
    console.print(Text(f"Results: {results_path}  {pictured}"), soft_wrap=True)
    if planned.interrupted:
        _err_console().print(
            Text(
                f"Interrupted after {len(planned.results)} of {len(planned.jobs)} games; "
                "the games played are saved.",
                style="bold",
            )
        )
        raise typer.Exit(130)


# -- ladder ------------------------------------------------------------------------------------


@app.command()
def ladder(
    games: Annotated[
        list[str] | None,
        typer.Argument(metavar="[GAME]...", help="The games (default: every game)."),
    ] = None,
    *,
    agents_: Annotated[
        str | None,
        typer.Option(
            "--agents",
            help="The field, comma-separated NAME[:KEY=VALUE...] (default: random, heuristic, "
            "ismcts at 10, 40 and 160 iterations, and learned and guided where their weights "
            "play the game).",
        ),
    ] = None,
    players: Annotated[
        str, typer.Option("--players", "-p", help="all, 3, 2..4 or 2,4, for every game.")
    ] = "all",
    games_per_table: Annotated[
        int,
        typer.Option("--games", "-n", help="Games per table, each rotated one seat further."),
    ] = 2,
    seed: Annotated[
        int, typer.Option("--seed", min=0, help="Base seed: game k uses seed + k.")
    ] = 1,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Games played at once.")] = 1,
    ray: Annotated[
        str | None,
        typer.Option("--ray", metavar="ADDRESS", help="Play on the Ray cluster at ADDRESS."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Folder of the ladder; rerunning into it resumes (default: "
            "ladders/GAMES-pPLAYERS-seedSEED); a larger -n extends it.",
        ),
    ] = None,
    max_actions: Annotated[
        int, typer.Option("--max-actions", min=1, help="Stop a game after this many actions.")
    ] = 100_000,
    variant: VariantOpt = None,
    option: OptionOpt = None,
) -> None:
    """Every agent against the others at every player count: ratings, head to head, levels.

    Example: buccaneer ladder cartagena --agents random,heuristic,ismcts:iterations=100 -n 4 -w 2
    """
    from buccaneer.cli_support.ladder import LadderArgs, run_ladder  # noqa: PLC0415

    args = LadderArgs(
        games, agents_, players, games_per_table, seed, workers, ray, out, max_actions
    )
    args = args.with_options(variant, option or [])
    with _people_errors():
        interrupted = run_ladder(args, _console(), _err_console())
    if interrupted:
        _err_console().print(
            Text("Interrupted; every finished game is kept: rerun to go on.", style="bold")
        )
        raise typer.Exit(130)


# -- replay ------------------------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[
        Path,
        typer.Argument(
            help="A record saved by play, JSON Lines from simulate, or a tournament's results.json."
        ),
    ],
    index: Annotated[
        int,
        typer.Option(
            "--index", "-i", help="Which game of a file holding several (0 first, -1 last)."
        ),
    ] = 0,
    step: Annotated[
        bool | None,
        typer.Option(
            "--step/--no-step", help="Wait for Enter between actions (default: when interactive)."
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", "-s", help="Show what this seat saw (default: what a spectator saw)."
        ),
    ] = None,
    everything: Annotated[
        bool,
        typer.Option(
            "--all",
            help="Show every seat's private events too; only for a finished game, whose seed "
            "reveals them anyway.",
        ),
    ] = False,
) -> None:
    """Show a saved game action by action, then its final board.

    Example: buccaneer replay games.jsonl --index 3 --seat 1
    """
    with _people_errors():
        record, played_by = pick_record(file, index)
        console = _console()
        stepping = sys.stdin.isatty() if step is None else step
        replay_record(
            record,
            console,
            seat,
            console_reader(console) if stepping else None,
            everything=everything,
            agents=played_by,
        )


@app.command()
def verify(
    file: Annotated[
        Path, typer.Argument(help="A finished table's record (GET /api/tables/T/record).")
    ],
    commitment: Annotated[
        str | None,
        typer.Option(
            help="The commitment the table showed when the game began (64 hex digits): the "
            "proof is checked against it. Without it the check shows only that the record "
            "agrees with itself."
        ),
    ] = None,
) -> None:
    """Check a finished game is fair: its seed and salt hash to the commitment you saw at
    the start, and every action replays legally from that seed to the recorded result.
    Exit code 0 when every check passes, 1 with the reason when one fails.

    Example: buccaneer verify TABLE.json --commitment 3f2a...
    """
    with _people_errors():
        verdict = verify_file(file, commitment)
    code = show_verdict(verdict, _console())
    if code:
        raise typer.Exit(code)


@app.command()
def serve(
    ctx: typer.Context,
    *,
    host: Annotated[
        str, typer.Option(help="Address to listen on.", envvar="BUCCANEER_HOST")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", envvar="BUCCANEER_PORT")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="Where tables are kept: sqlite:///PATH or postgresql+psycopg://USER@HOST/DB. "
            "Default: a SQLite file in your data directory.",
            envvar="BUCCANEER_DATABASE_URL",
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(
            help="redis://HOST:PORT: lets several workers or hosts serve one table.",
            envvar="BUCCANEER_REDIS_URL",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(help="Server processes (above 1 needs Redis).", envvar="BUCCANEER_WORKERS"),
    ] = 1,
    bot_workers: Annotated[
        int,
        typer.Option(help="Processes that think for bots.", envvar="BUCCANEER_BOT_WORKERS"),
    ] = 2,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address people use (https://games.example.org), for every link the "
            "server gives or sends. Unset: links given to a browser use the address it used; "
            "email and webhook links use http://HOST:PORT.",
            envvar="BUCCANEER_PUBLIC_URL",
        ),
    ] = None,
    trusted_proxies: Annotated[
        str,
        typer.Option(
            help="Reverse proxies whose X-Forwarded-For/-Proto headers are believed: "
            "comma-separated addresses or networks, * for any, '' for none "
            '(docs/server.md, "Behind a reverse proxy").',
            envvar="BUCCANEER_TRUSTED_PROXIES",
        ),
    ] = "127.0.0.1,::1",
    operator_token: Annotated[
        str | None,
        typer.Option(
            help="The bearer token that opens /metrics (none: /metrics is refused). Give it "
            "in BUCCANEER_OPERATOR_TOKEN or --operator-token-file: on the command line every "
            "user of the machine can read it (ps).",
            envvar="BUCCANEER_OPERATOR_TOKEN",
        ),
    ] = None,
    operator_token_file: Annotated[
        Path | None,
        typer.Option(
            help="A file holding the operator token (its trailing newline dropped).",
            envvar="BUCCANEER_OPERATOR_TOKEN_FILE",
        ),
    ] = None,
    log_format: Annotated[
        str,
        typer.Option(
            help="Log lines as plain text, json (one object a line) or auto (json unless "
            "the output is a terminal).",
            envvar="BUCCANEER_LOG_FORMAT",
        ),
    ] = "auto",
    smtp_url: Annotated[
        str | None,
        typer.Option(
            help="smtp://\\[user:pass@]host:port (smtps:// for TLS): send notification emails "
            '(docs/server.md, "Notifications"); none: no email. It may hold a password: give '
            "it in BUCCANEER_SMTP_URL or --smtp-url-file rather than on the command line.",
            envvar="BUCCANEER_SMTP_URL",
        ),
    ] = None,
    smtp_url_file: Annotated[
        Path | None,
        typer.Option(
            help="A file holding the SMTP URL (its trailing newline dropped).",
            envvar="BUCCANEER_SMTP_URL_FILE",
        ),
    ] = None,
    mail_from: Annotated[
        str,
        typer.Option(help="The sender of notification emails.", envvar="BUCCANEER_MAIL_FROM"),
    ] = "buccaneer@localhost",
    webhook_private: Annotated[
        bool,
        typer.Option(
            help="Let players' webhooks reach loopback and private addresses (a home server).",
            envvar="BUCCANEER_WEBHOOK_PRIVATE",
        ),
    ] = False,
    setting: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="Change a limit, KEY=VALUE, e.g. --set message_rate=50 "
            '(docs/server.md, "Limits"); each limit is also BUCCANEER_<KEY> (upper case).',
        ),
    ] = None,
) -> None:
    r"""Run the game server: people and bots at one table over the network (docs/server.md).
    Needs the server extra: pip install "buccaneer\[server]"."""
    with _people_errors():
        # The server's libraries (the `server` extra) load only for the commands that need
        # them: every other command starts as fast as before, and works without them.
        with needs_extra("server", "buccaneer serve"):
            from buccaneer.cli_support.serve import (  # noqa: PLC0415
                check_settings,
                command_line_secret,
                env_limits,
                read_secret,
                run_server,
                start_lines,
            )
            from buccaneer.server.settings import Settings  # noqa: PLC0415
            from buccaneer.server.webclient import client_built  # noqa: PLC0415

        # The secrets: each from its option or variable, or from its file, never two ways.
        secrets = {
            "operator_token": ("--operator-token", "BUCCANEER_OPERATOR_TOKEN"),
            "smtp_url": ("--smtp-url", "BUCCANEER_SMTP_URL"),
        }
        operator_token = read_secret(
            *secrets["operator_token"], operator_token, operator_token_file
        )
        smtp_url = read_secret(*secrets["smtp_url"], smtp_url, smtp_url_file)
        settings = check_settings(
            Settings(
                database_url=database_url or "",
                redis_url=redis_url,
                host=host,
                port=port,
                workers=workers,
                bot_workers=bot_workers,
                public_url=public_url,
                operator_token=operator_token or None,
                log_format=log_format,
                smtp_url=smtp_url or None,
                mail_from=mail_from,
                webhook_private=webhook_private,
                trusted_proxies=trusted_proxies,
            ),
            [*env_limits(), *(setting or [])],
        )
        err = _err_console()

        def warn(line: str) -> None:
            err.print(Text(line, style="yellow"), soft_wrap=True)

        for key, (option, envvar) in secrets.items():
            # By the source's name: typer brings a click of its own, whose enum is not click's.
            source = ctx.get_parameter_source(key)
            if ctx.params.get(key) and source is not None and source.name == "COMMANDLINE":
                warn(command_line_secret(option, envvar))

        def announce(s: Settings) -> None:
            console = _console()
            for line in start_lines(s, client_built()):
                console.print(line, soft_wrap=True)

        with needs_extra("server", "buccaneer serve"):
            run_server(settings, announce, warn)


admin_app = typer.Typer(
    help="The server's admins, the accounts that may use the admin page at /admin "
    '(docs/server.md, "Administration").',
    no_args_is_help=True,
)
app.add_typer(admin_app, name="admin")

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        help="The server's database (default: the SQLite file `buccaneer serve` uses).",
        envvar="BUCCANEER_DATABASE_URL",
    ),
]


@admin_app.command("grant")
def admin_grant(
    name: Annotated[str, typer.Argument(help="The account's name (it must exist).")],
    database_url: DatabaseOption = None,
) -> None:
    """Make an account an admin: its session opens the admin page at /admin. Only a
    person's account with a password: never one of the server's bots or a guest."""
    with _people_errors(), needs_extra("server", "buccaneer admin"):
        from buccaneer.cli_support.backup import set_role  # noqa: PLC0415

        changed = set_role(database_url, name, "admin")
    _console().print(
        Text(f"{name} is an admin now." if changed else f"{name} is an admin already.")
    )


@admin_app.command("revoke")
def admin_revoke(
    name: Annotated[str, typer.Argument(help="The account's name.")],
    database_url: DatabaseOption = None,
) -> None:
    """Make an admin what it was before `grant` again (a player)."""
    with _people_errors(), needs_extra("server", "buccaneer admin"):
        from buccaneer.cli_support.backup import set_role  # noqa: PLC0415

        changed = set_role(database_url, name, "player")
    said = "is not an admin any more." if changed else "was not an admin; nothing changed."
    _console().print(Text(f"{name} {said}"))


@app.command()
def backup(
    file: Annotated[Path, typer.Argument(help="Where to write the backup (JSON lines, gzip).")],
    database_url: DatabaseOption = None,
) -> None:
    """Back the server's database up: every row of every table, with the schema's revision,
    readable by `buccaneer restore` on SQLite or PostgreSQL. Safe while the server runs (one
    consistent snapshot).

    Example: buccaneer backup server.jsonl.gz --database-url postgresql+psycopg://u@h/db
    """
    with _people_errors(), needs_extra("server", "buccaneer backup"):
        from buccaneer.cli_support.backup import write_backup  # noqa: PLC0415

        counts = write_backup(database_url, file)
    _console().print(Text(f"{sum(counts.values())} rows of {len(counts)} tables in {file}"))


@app.command()
def restore(
    file: Annotated[Path, typer.Argument(help="A file `buccaneer backup` wrote.")],
    database_url: DatabaseOption = None,
    force: Annotated[
        bool, typer.Option("--force", help="Wipe a database that holds data first.")
    ] = False,
) -> None:
    """Load a backup into a database (stop the server first): refused when the database
    holds data unless --force, which wipes it. The schema is brought to the newest; the
    server then resumes every table from its action log."""
    with _people_errors(), needs_extra("server", "buccaneer restore"):
        from buccaneer.cli_support.backup import read_backup  # noqa: PLC0415

        counts = read_backup(database_url, file, force=force)
    _console().print(Text(f"restored {sum(counts.values())} rows of {len(counts)} tables"))


@app.command()
def connect(
    url: Annotated[str, typer.Argument(help="The server, or the table's invite link.")],
    *,
    seat_token: Annotated[
        str | None, typer.Option(help="Your seat's secret token (or put it in the link).")
    ] = None,
    agent: Annotated[
        str,
        typer.Option(help="The agent that plays the seat, e.g. ismcts:time=1, or human."),
    ] = "heuristic",
    name: Annotated[str | None, typer.Option(help="The name the table sees.")] = None,
    quiet: Annotated[bool, typer.Option(help="Print only the result.")] = False,
) -> None:
    """Play a seat of a remote table with an agent (yours can face people this way)."""
    from buccaneer.cli_support.connect import connect as run_connect  # noqa: PLC0415

    console = _console()

    def show(message: dict[str, Any]) -> None:
        if quiet:
            return
        if message.get("type") in ("sync", "update"):
            for line in message.get("log", []):
                console.print(Text(line["text"]))
        elif message.get("type") == "chat":
            line = message["message"]
            console.print(Text(f"{line['name']}: {line['text']}", style="cyan"))
        elif message.get("type") == "error":
            console.print(Text(f"server: {message['message']}", style="yellow"))

    with _people_errors():
        outcome = run_connect(
            url, seat_token, agent=agent, name=name, on_message=show, console=console
        )
    view = outcome.view
    seat = outcome.seat
    won = seat in view.get("winners", [])
    console.print(
        f"Game over at version {outcome.version}: scores {view.get('scores')}, "
        f"winners {view.get('winners')}" + (" (you won)" if won else "")
    )


def main() -> None:
    """The console script's entry point."""
    app(prog_name="buccaneer")


__all__ = ["app", "main"]
