"""One bot-only game, described by a picklable job, so any backend (this process, a process
pool, a Ray cluster) can play it and send back the same plain result.

Agent randomness is derived from the game seed and seat (as `buccaneer simulate` does), so a
game of a tournament repeats exactly when its bots are not time-limited.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from buccaneer import agents
from buccaneer.agents import Agent
from buccaneer.core import Action, State, get_spec, load


def bot_rng(seed: int, seat: int) -> random.Random:
    """Each seat's agent randomness, derived from the game seed so a whole run repeats.

    A separate stream per seat keeps one bot's choices from shifting another's.
    """
    return random.Random(f"buccaneer-bot:{seed}:{seat}")


@dataclass(frozen=True)
class Entrant:
    """A bot in a tournament: its label (unique in the field), agent name and parameters."""

    label: str
    name: str
    params: dict[str, Any] = field(default_factory=dict)

    def make(self) -> Agent:
        return agents.make(self.name, **self.params)


@dataclass(frozen=True)
class GameJob:
    """Everything needed to play one game anywhere: plain data only."""

    index: int
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: tuple[Entrant, ...]  # one entrant per seat, seat order
    max_actions: int = 100_000


@dataclass(frozen=True)
class GameResult:
    """What a finished (or cut-off) game reports back; JSON-able through `to_json`."""

    index: int
    players: int
    seed: int
    seats: tuple[str, ...]  # entrant labels, seat order
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    teams: tuple[str, ...] | None
    actions: int
    finished: bool
    seconds: float
    moves: tuple[int, ...]  # decisions taken per seat
    think: tuple[float, ...]  # seconds spent choosing, per seat
    record: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "players": self.players,
            "seed": self.seed,
            "seats": list(self.seats),
            "winners": list(self.winners),
            "scores": list(self.scores),
            "teams": None if self.teams is None else list(self.teams),
            "actions": self.actions,
            "finished": self.finished,
            "seconds": self.seconds,
            "moves": list(self.moves),
            "think_seconds": list(self.think),
            "record": self.record,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        teams = data["teams"]
        return cls(
            index=data["index"],
            players=data["players"],
            seed=data["seed"],
            seats=tuple(data["seats"]),
            winners=tuple(data["winners"]),
            scores=tuple(data["scores"]),
            teams=None if teams is None else tuple(teams),
            actions=data["actions"],
            finished=data["finished"],
            seconds=data["seconds"],
            moves=tuple(data["moves"]),
            think=tuple(data["think_seconds"]),
            record=data["record"],
        )


class Observer(Protocol):
    """Watches a game as it is played (`play_game`): the analysis's `Course`."""

    def start(self, state: State) -> None: ...

    def before(self, state: State, movers: tuple[int, ...]) -> None: ...

    def after(self, state: State) -> None: ...


def play_game(
    *,
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    bots: list[Agent],
    max_actions: int,
    think: list[float] | None = None,
    moves: list[int] | None = None,
    observer: Observer | None = None,
) -> tuple[State, int, bool]:
    """One game between `bots` (one per seat): (final state, actions applied, finished).

    Simultaneous decisions are asked of every mover on the same state before any applies, so
    no seat's choice can depend on another's secret one. `think`/`moves`, when given, collect
    each seat's time spent choosing and its number of decisions; `observer`, when given, sees
    the state before each decision and after each action.
    """
    state = load(game, players, seed=seed, **options)
    if not any(getattr(bot, "reads_views", True) for bot in bots):
        # Nobody reads a view: what the table's play says about hidden teams (beliefs, in
        # the views) would be worked out for no one, at many times the cost of the game.
        state.keep_beliefs(False)
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    count = 0
    clock = time.perf_counter
    if observer is not None:
        observer.start(state)
    while movers := state.to_move():
        if count >= max_actions:
            return state, count, False
        if observer is not None:
            observer.before(state, movers)
        choices: list[tuple[int, Action]] = []
        for seat in movers:
            start = clock()
            choices.append((seat, bots[seat].act(state, seat, rngs[seat])))
            if think is not None and moves is not None:
                think[seat] += clock() - start
                moves[seat] += 1
        for seat, action in choices:  # `to_move` lists seats in order
            state.apply(seat, action)
            if observer is not None:
                observer.after(state)
        count += len(choices)
    return state, count, True


def run_job(job: GameJob) -> GameResult:
    """Play the job's game; a top-level function so process pools and Ray can ship it."""
    spec = get_spec(job.game)
    bots = [entrant.make() for entrant in job.seats]
    think = [0.0] * job.players
    moves = [0] * job.players
    start = time.perf_counter()
    state, count, finished = play_game(
        game=job.game,
        players=job.players,
        seed=job.seed,
        options=job.options,
        bots=bots,
        max_actions=job.max_actions,
        think=think,
        moves=moves,
    )
    seconds = time.perf_counter() - start
    teams = spec.teams(state) if spec.teams is not None and finished else None
    return GameResult(
        index=job.index,
        players=job.players,
        seed=job.seed,
        seats=tuple(entrant.label for entrant in job.seats),
        winners=tuple(state.winners()) if finished else (),
        scores=tuple(float(x) for x in state.scores()),
        teams=None if teams is None else tuple(teams),
        actions=count,
        finished=finished,
        seconds=seconds,
        moves=tuple(moves),
        think=tuple(think),
        record=state.record().to_dict(),
    )
