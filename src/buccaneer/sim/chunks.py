"""Runs of many games cut into chunks, each a picklable job any backend can play (this process,
threads, processes, a Ray cluster) and send back as columns: the engine under `simulate` and
`analyze`.

Game k of a chunk is game `first + k` of its run: seed `nth_seed(base_seed, first + k)`, agent
randomness from that seed (`bot_rng`), so a game's result depends on nothing but its index, and
a run gives the same games and the same figures whatever the chunks and however many workers
play them.

On the compiled engine (every seat the random agent, a game with `fast_random_games`) a chunk is
dealt and played whole in the game's kernel, the random choices drawn from
`kernel_policy_seed(seed)`; a record asked for is made by replaying the same choices in the
reference engine, which must reach the same winners.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from buccaneer.agents.spec import AgentSpec
from buccaneer.core import GameSpec, State, get_spec, load
from buccaneer.core.game import KERNEL_GAME_FIELDS, MAX_KERNEL_SEATS
from buccaneer.core.rng import Rng, kernel_policy_seed, nth_seed
from buccaneer.sim.analysis.trace import CHECKPOINTS, Course
from buccaneer.sim.games import play_game

Array = npt.NDArray[Any]
# The checkpoints a chunk reports the leaders at: the start, then CHECKPOINTS percent.
LEADER_POINTS = (0, *CHECKPOINTS)
# A chunk's per-game columns (`Rows`), one entry per game each: what is cut and stored.
COLUMNS = ("finished", "winners", "actions", "turns", "rounds", "lead_changes", "first_seat",
           "leaders", "scores")  # fmt: skip


LEADERS = KERNEL_GAME_FIELDS.index("leaders_0")  # where a kernel row's leader masks start


class EngineMismatch(RuntimeError):
    """The compiled kernel and the reference engine disagree about a game (the differential
    tests keep this from ever happening)."""


@dataclass(frozen=True)
class Chunk:
    """`count` games from game `first` of a run: plain data, so any backend can play it."""

    game: str
    players: int
    options: dict[str, Any]
    seats: tuple[AgentSpec, ...]  # one per seat, seat order
    base_seed: int
    first: int
    count: int
    max_actions: int
    engine: str = "python"  # or "compiled"
    records: bool = False  # keep each game's record (JSON), as `simulate --save` writes
    watch: bool = True  # follow each game's course (leaders, turns); off for speed alone
    tag: int = 0  # which of a plan's settings the chunk belongs to


@dataclass
class Rows:
    """A chunk's games as columns, row k being game `first + k` of the run."""

    tag: int
    first: int
    players: int
    finished: Array  # bool
    winners: Array  # int64 bitmask of the winning seats (0 for an unfinished game)
    actions: Array  # int64
    turns: Array  # int64
    rounds: Array  # int64
    lead_changes: Array  # int64
    first_seat: Array  # int64: whose turn the first was
    leaders: Array  # int64 (count, len(LEADER_POINTS)): leader bitmasks at LEADER_POINTS
    scores: Array  # float64 (count, players)
    teams: list[tuple[str, ...]] | None = None  # team games: each seat's team, per game
    records: list[str] | None = None  # JSON records, when asked for
    seconds: float = 0.0  # time spent playing (the worker's)
    interrupted: bool = False  # Ctrl-C came during the chunk: these are the games before it

    @classmethod
    def empty(cls, chunk: Chunk) -> Rows:
        """Rows for the chunk's games, to be filled in."""
        n, p = chunk.count, chunk.players

        def ints() -> Array:
            return np.zeros(n, dtype=np.int64)

        return cls(
            tag=chunk.tag,
            first=chunk.first,
            players=p,
            finished=np.zeros(n, dtype=bool),
            winners=ints(),
            actions=ints(),
            turns=ints(),
            rounds=ints(),
            lead_changes=ints(),
            first_seat=ints(),
            leaders=np.zeros((n, len(LEADER_POINTS)), dtype=np.int64),
            scores=np.zeros((n, p), dtype=np.float64),
        )

    def cut(self, count: int) -> None:
        """Keep the first `count` games only."""
        for name in COLUMNS:
            setattr(self, name, getattr(self, name)[:count])

    @property
    def count(self) -> int:
        return len(self.actions)


def play_chunk(chunk: Chunk) -> Rows:
    """Play the chunk's games; a top-level function so processes and Ray can ship it."""
    start = time.perf_counter()
    spec = get_spec(chunk.game)
    play = _kernel_rows if chunk.engine == "compiled" else _python_rows
    rows = play(spec, chunk)
    rows.seconds = time.perf_counter() - start
    return rows


def _python_rows(spec: GameSpec, chunk: Chunk) -> Rows:
    rows = Rows.empty(chunk)
    bots = [agent.make() for agent in chunk.seats]
    teams: list[tuple[str, ...]] | None = [] if spec.teams is not None else None
    records: list[str] | None = [] if chunk.records else None
    k = 0
    try:
        for k in range(chunk.count):
            seed = nth_seed(chunk.base_seed, chunk.first + k)
            course = Course.of(spec) if chunk.watch else None
            state, count, finished = play_game(
                game=chunk.game,
                players=chunk.players,
                seed=seed,
                options=chunk.options,
                bots=bots,
                max_actions=chunk.max_actions,
                observer=course,
            )
            _fill(rows, k, state, count, finished, course)
            if teams is not None:
                assert spec.teams is not None
                teams.append(tuple(spec.teams(state)) if finished else ())
            if records is not None:
                records.append(state.record().to_json())
    except KeyboardInterrupt:  # Ctrl-C in this process: the games before it still count
        rows.cut(k)
        rows.interrupted = True
    rows.teams = teams
    rows.records = records
    return rows


def _fill(  # noqa: PLR0917 - one row's values, each named at the one call
    rows: Rows, k: int, state: State, count: int, finished: bool, course: Course | None
) -> None:
    rows.finished[k] = finished
    rows.winners[k] = sum(1 << seat for seat in state.winners()) if finished else 0
    rows.actions[k] = count
    rows.scores[k] = state.scores()
    if course is not None:
        rows.turns[k] = course.turns
        rows.rounds[k] = course.rounds(rows.players)
        rows.lead_changes[k] = course.lead_changes
        rows.first_seat[k] = course.first_seat
        rows.leaders[k] = [course.leaders_at(p) for p in LEADER_POINTS]


def _kernel_rows(spec: GameSpec, chunk: Chunk) -> Rows:
    assert spec.fast_random_games is not None, "choose_engine offers the kernel only where built"
    raw = spec.fast_random_games(
        chunk.players, chunk.options, chunk.base_seed, chunk.first, chunk.count, chunk.max_actions
    )
    width = len(KERNEL_GAME_FIELDS) + MAX_KERNEL_SEATS
    table = np.frombuffer(raw, dtype=np.int32).reshape(chunk.count, width).astype(np.int64)
    column = {name: table[:, i] for i, name in enumerate(KERNEL_GAME_FIELDS)}
    players = chunk.players
    turns = column["turns"]
    rows = Rows(
        tag=chunk.tag,
        first=chunk.first,
        players=players,
        finished=column["won"] != 0,
        winners=column["won"].copy(),
        actions=column["actions"].copy(),
        turns=turns.copy(),
        rounds=-(-turns // players),
        lead_changes=column["lead_changes"].copy(),
        first_seat=np.full(chunk.count, chunk.options.get("start_player", 0), dtype=np.int64),
        leaders=table[:, LEADERS : LEADERS + len(LEADER_POINTS)].copy(),
        scores=table[:, len(KERNEL_GAME_FIELDS) : len(KERNEL_GAME_FIELDS) + players].astype(
            np.float64
        ),
    )
    if chunk.records or spec.teams is not None:
        rows.records = [] if chunk.records else None
        rows.teams = [] if spec.teams is not None else None
        for k in range(chunk.count):
            seed = nth_seed(chunk.base_seed, chunk.first + k)
            state = replay_kernel_game(spec, players, chunk.options, seed, chunk.max_actions)
            if sum(1 << seat for seat in state.winners()) != rows.winners[k]:
                raise EngineMismatch(
                    f"the compiled engine and the rules disagree about the game of seed {seed}"
                )
            if rows.records is not None:
                rows.records.append(state.record().to_json())
            if rows.teams is not None and spec.teams is not None:
                rows.teams.append(tuple(spec.teams(state)) if state.is_over() else ())
    return rows


def replay_kernel_game(
    spec: GameSpec, players: int, options: dict[str, Any], seed: int, max_actions: int
) -> State:
    """The game of `seed` as the compiled kernel plays it (`fast_random_games`), replayed in
    the reference engine: the legal action `Rng(kernel_policy_seed(seed)).below(len(legal))`
    at each decision."""
    state = load(spec.name, players, seed=seed, **options)
    pick = Rng(kernel_policy_seed(seed))
    count = 0
    while (movers := state.to_move()) and count < max_actions:
        seat = movers[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick.below(len(legal))])
        count += 1
    return state
