"""Many bot-only games in a row, and the numbers a person checks first: speed, length, who wins.

This is the engine of `buccaneer simulate`; the command line (`cli.py`'s `simulate`) only
parses its arguments and shows its progress, and `cli_support/simulate.py` draws the summary.

Game i uses seed `base + i` and agent randomness derived from it, so any single game of a run
can be reproduced (and replayed from the JSON Lines file) on its own.

Where every seat is the random agent and the game has a compiled kernel
(`GameSpec.fast_random_game`), the games are played there (`--engine auto`, the default): set up
by the reference engine, played in C, and replayed in the reference engine only when their
records are saved. The kernel draws the random choices from its own stream (seeded from the
game seed), not from the Python agents' streams, so a seeded run repeats exactly on the same
engine; `--engine python` plays every game in the reference engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from buccaneer.agents.spec import AgentSpec
from buccaneer.core import GameSpec, State, load
from buccaneer.core.rng import nth_seed
from buccaneer.sim.games import bot_rng, play_game

ENGINES = ("auto", "python", "compiled")


class SimulationError(ValueError):
    """A run that cannot be played as asked (an engine this run cannot use, a record that
    cannot be written), worded for the person who asked; the command line shows it as its own
    usage error."""


@dataclass
class Tally:
    """Running totals over the games played so far."""

    players: int
    games: int = 0
    finished: int = 0
    actions: int = 0
    lengths: list[int] = field(default_factory=list)  # finished games only
    wins: list[int] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    team_games: dict[str, int] = field(default_factory=dict)  # team games: games with the team
    team_wins: dict[str, int] = field(default_factory=dict)  # ... and games it won
    interrupted: bool = False

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.score_sums = [0.0] * self.players


def choose_engine(spec: GameSpec, agent_specs: list[AgentSpec], engine: str) -> str:
    """ "compiled" or "python" for `--engine` (see the module doc); a clear error when the
    compiled engine is asked for and cannot play this run."""
    if engine not in ENGINES:
        raise SimulationError(f"--engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    if engine == "python":
        return engine
    random_only = all(agent.name == "random" and not agent.params for agent in agent_specs)
    if spec.fast_random_game is not None and random_only:
        return "compiled"
    if engine == "auto":
        return "python"
    if spec.fast_random_game is None:
        raise SimulationError(f"{spec.name} has no compiled engine here; use --engine python")
    raise SimulationError("the compiled engine plays random agents only; use --engine python")


def simulate(
    *,
    spec: GameSpec,
    players: int,
    options: dict[str, Any],
    agent_specs: list[AgentSpec],
    base_seed: int,
    games: int,
    max_actions: int,
    out: IO[str] | None = None,
    advance: Callable[[], None] | None = None,
    engine: str = "python",
) -> tuple[Tally, float]:
    """Play `games` games on `engine` ("python", or "compiled" from `choose_engine`); the
    totals and the wall-clock seconds they took."""
    bots = [agent.make() for agent in agent_specs]
    tally = Tally(players)
    start = time.perf_counter()
    try:
        for i in range(games):
            seed = nth_seed(base_seed, i)
            if engine == "compiled":
                state, count, finished, winners, scores = _compiled_game(
                    spec, players, seed, options, max_actions=max_actions, replay=out is not None
                )
                if state is None:  # not replayed: counted from the kernel's own result
                    _add(tally, count, finished, winners, scores)
            else:
                state, count, finished = play_game(
                    game=spec.name,
                    players=players,
                    seed=seed,
                    options=options,
                    bots=bots,
                    max_actions=max_actions,
                )
            if state is not None:
                _count(tally, state, count, finished, spec)
            if out is not None and state is not None:
                try:
                    out.write(state.record().to_json() + "\n")
                    out.flush()
                except OSError as exc:
                    raise SimulationError(
                        f"cannot write the record of game {i + 1} ({exc.strerror or exc}); "
                        f"the {i} before it are saved"
                    ) from None
            if advance is not None:
                advance()
    except KeyboardInterrupt:
        # Ctrl-C ends a long run early; the games completed so far still make a summary.
        tally.interrupted = True
    return tally, time.perf_counter() - start


def _compiled_game(
    spec: GameSpec,
    players: int,
    seed: int,
    options: dict[str, Any],
    *,
    max_actions: int,
    replay: bool,
) -> tuple[State | None, int, bool, list[int], list[float]]:
    """One random game in the kernel, set up by the reference engine: (the state replayed in
    the reference engine, when `replay` or the game's teams need it, else None; actions;
    finished; winners; scores)."""
    assert spec.fast_random_game is not None
    state = load(spec.name, players, seed=seed, **options)
    policy_seed = bot_rng(seed, 0).getrandbits(64)
    winners, scores, count, chosen = spec.fast_random_game(state, policy_seed, max_actions)
    finished = bool(winners)
    if not replay and spec.teams is None:
        return None, count, finished, winners, scores
    for index in chosen:
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[index])
    if state.winners() != winners:  # the differential tests keep this from ever happening
        raise SimulationError(
            f"internal error: the compiled engine and the rules disagree (seed {seed})"
        )
    return state, count, finished, winners, scores


def _add(tally: Tally, count: int, finished: bool, winners: list[int], scores: list[float]) -> None:
    tally.games += 1
    tally.actions += count
    if finished:
        tally.finished += 1
        tally.lengths.append(count)
        for seat in winners:
            tally.wins[seat] += 1
        for seat, score in enumerate(scores):
            tally.score_sums[seat] += score


def _count(tally: Tally, state: State, count: int, finished: bool, spec: GameSpec) -> None:
    _add(tally, count, finished, state.winners(), state.scores())
    if finished and spec.teams is not None:
        labels = spec.teams(state)
        won = {labels[seat] for seat in state.winners()}
        for team in sorted(set(labels)):
            tally.team_games[team] = tally.team_games.get(team, 0) + 1
            tally.team_wins[team] = tally.team_wins.get(team, 0) + (team in won)


def summary(
    *,
    spec: GameSpec,
    options: dict[str, Any],
    agent_specs: list[AgentSpec],
    base_seed: int,
    tally: Tally,
    seconds: float,
    engine: str = "python",
) -> dict[str, Any]:
    """The run as plain data: what `--json` prints and the table is drawn from."""
    elapsed = max(seconds, 1e-9)
    lengths = tally.lengths
    seats = []
    for seat in range(tally.players):
        wins = tally.wins[seat]
        seats.append(
            {
                "seat": seat,
                "name": spec.seat_name(seat),
                "agent": agent_specs[seat].label(),
                "wins": wins,
                "win_rate": wins / tally.games if tally.games else 0.0,
                "mean_score": tally.score_sums[seat] / tally.finished if tally.finished else None,
            }
        )
    return {
        "game": spec.name,
        "players": tally.players,
        "options": options,
        "seed": base_seed,
        "engine": engine,
        "games": tally.games,
        "finished": tally.finished,
        "unfinished": tally.games - tally.finished,
        "interrupted": tally.interrupted,
        "seconds": seconds,
        "games_per_second": tally.games / elapsed,
        "actions": tally.actions,
        "actions_per_second": tally.actions / elapsed,
        "length": {
            "mean": sum(lengths) / len(lengths) if lengths else None,
            "min": min(lengths) if lengths else None,
            "max": max(lengths) if lengths else None,
        },
        "seats": seats,
        "teams": [
            {
                "team": team,
                "games": games,
                "wins": tally.team_wins[team],
                "win_rate": tally.team_wins[team] / games,
            }
            for team, games in sorted(tally.team_games.items())
        ],
    }
