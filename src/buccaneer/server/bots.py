"""Server bots: agents that play seats, in a pool of processes so a long think never blocks
the server.

A bot is an actor like any person: it reads the table at a version, chooses, and submits its
action through the table's master with that version (`Masters.bot_move`). Each pool process
keeps the states it has built, so a move costs the new actions only, not a replay of the game.

The pool is shared, so it is shared fairly (`FairShare`): decisions wait their turn outside the
pool, and the next free process goes to the owner (the account, else the address, that made the
table) served least recently, then to that owner's table served least recently; and costly bots
(`costly`: searches with a time budget or many iterations) never hold every process, so a
stranger's long searches cannot make everyone else's quick bots wait (docs/server.md, "Bots").
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import multiprocessing
import random
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

import buccaneer
from buccaneer.agents.levels import LevelAgent, agent_of
from buccaneer.agents.spec import AgentSpecError, parse_agent
from buccaneer.core import GameSpec, OptionError, State, get_spec
from buccaneer.server import metrics
from buccaneer.server.tables import LiveTable, Refused

log = logging.getLogger("buccaneer.server")
# How a bot's chosen action reaches its table: (table, seat, action JSON, version).
Submit = Callable[[str, int, dict[str, Any], int], Awaitable[None]]

# -- inside a pool process ------------------------------------------------------------------

_STATES: OrderedDict[str, tuple[list[tuple[int, dict[str, Any]]], State]] = OrderedDict()
_KEEP = 1024  # tables a pool process keeps built (a few hundred KiB each at most)


def _state_for(job: dict[str, Any]) -> State:
    """The table's state at the job's version, from this process's cache when it has a prefix."""
    key, actions = job["table"], job["actions"]
    spec: GameSpec = get_spec(job["game"])
    cached = _STATES.pop(key, None)
    if cached is not None and cached[0] == actions[: len(cached[0])]:
        done, state = cached
    else:
        done = []
        state = buccaneer.load(job["game"], job["players"], seed=job["seed"], **job["options"])
    for seat, action in actions[len(done) :]:
        state.apply(seat, spec.action_from_json(action))
    _STATES[key] = (list(actions), state)
    while len(_STATES) > _KEEP:
        _STATES.popitem(last=False)
    return state


def choose(job: dict[str, Any]) -> dict[str, Any]:
    """One bot decision (runs in a pool process)."""
    state = _state_for(job)
    spec = parse_agent(job["agent"])
    agent = spec.make()
    action = agent.act(state, job["seat"], random.Random(job["rng"]))
    return dict(action.to_json())


# -- in the server --------------------------------------------------------------------------


def check_agent(text: str, max_seconds: float, max_iterations: int) -> str:
    """A bot agent as a table asked for it, refused (`bad_agent`) when it is not one, or when
    its budget would hold a pool process longer than the server allows."""
    try:
        spec = parse_agent(text)
    except (AgentSpecError, OptionError) as exc:
        raise Refused("bad_agent", str(exc)) from None
    if spec.is_human:
        raise Refused("bad_agent", "a bot seat needs a bot agent: random, heuristic or ismcts")
    seconds = spec.params.get("time")
    iterations = spec.params.get("iterations")
    if isinstance(seconds, int | float) and seconds > max_seconds:
        raise Refused("bad_agent", f"a server bot may think at most {max_seconds:g} s a move")
    if isinstance(iterations, int) and iterations > max_iterations:
        raise Refused(
            "bad_agent", f"a server bot may run at most {max_iterations} iterations a move"
        )
    bot = spec.make()
    if isinstance(bot, LevelAgent):
        # A level plays what each game's published ladder named: that agent must fit too.
        for game in buccaneer.GAMES:
            played = agent_of(game, bot.level)
            try:
                check_agent(played, max_seconds, max_iterations)
            except Refused as exc:
                raise Refused(
                    "bad_agent", f"level {bot.level} plays {played} in {game}: {exc.message}"
                ) from None
    return text


# The most iterations a search may run a move and still count as cheap (the published levels
# below "strongest" search at most this much; ismcts without a budget runs 400).
CHEAP_ITERATIONS = 40


@functools.lru_cache(maxsize=1024)
def costly(agent: str, game: str) -> bool:
    """Whether `agent`'s moves in `game` may hold a pool process for long: a search with a
    time budget, or with more than CHEAP_ITERATIONS iterations. A level is as costly as what it
    plays in that game; random, heuristic and the learned policy (one pass of a small network)
    are cheap. Costly bots are for accounts with a password, a few tables at a time
    (`costly_bot_tables`), and never take every pool process."""
    bot = parse_agent(agent).make()
    if isinstance(bot, LevelAgent):
        return costly(agent_of(game, bot.level), game)
    seconds = getattr(bot, "time", None)
    iterations = getattr(bot, "iterations", None)
    if seconds is not None:
        return True
    return isinstance(iterations, int) and iterations > CHEAP_ITERATIONS


def cheap_only(agent: str, game: str, who: str) -> None:
    """Refuse (`costly_bot`) a costly agent for `who`, which may have cheap bots only."""
    if costly(agent, game):
        raise Refused(
            "costly_bot",
            f"{who} may have only quick bots (random, heuristic, the levels 'beginner' to "
            f"'strong'); {agent} searches long, and is for accounts with a password",
        )


@dataclass(eq=False)
class _Turn:
    owner: str
    table: str
    costly: bool
    order: int
    granted: asyncio.Future[None]


@dataclass
class FairShare:
    """Turns at the pool's processes: at most `slots` decisions think at once, at most
    `costly_slots` of them costly ones; a freed process goes to the waiting owner served least
    recently, and among its tables to the one served least recently (arrival breaks ties).
    An owner or table with nothing waiting or thinking is forgotten, so the books stay as
    small as the work in hand."""

    slots: int
    costly_slots: int
    waiting: list[_Turn] = field(default_factory=list)
    busy: int = 0
    busy_costly: int = 0
    served: dict[str, int] = field(default_factory=dict)
    in_hand: Counter[str] = field(default_factory=Counter)
    ticks: itertools.count[int] = field(default_factory=itertools.count)

    @classmethod
    def for_workers(cls, workers: int) -> FairShare:
        """A quarter of the processes (at least one, where there are two or more) kept for
        cheap bots."""
        workers = max(1, workers)
        kept = max(1, workers // 4) if workers >= 2 else 0
        return cls(slots=workers, costly_slots=workers - kept)

    @contextlib.asynccontextmanager
    async def turn(self, owner: str, table: str, is_costly: bool) -> AsyncIterator[None]:
        """Wait for this decision's turn at a process; hold it while inside."""
        turn = _Turn(
            owner,
            table,
            is_costly,
            next(self.ticks),
            asyncio.get_running_loop().create_future(),
        )
        self.waiting.append(turn)
        self.in_hand.update((f"o:{owner}", f"t:{table}"))
        self.dispatch()
        try:
            await turn.granted
        except asyncio.CancelledError:
            if turn in self.waiting:
                self.waiting.remove(turn)
                self.forget(turn)
                self.dispatch()
            elif not turn.granted.cancelled():
                self.release(turn)  # granted just as it was cancelled
            raise
        try:
            yield
        finally:
            self.release(turn)

    def dispatch(self) -> None:
        while self.busy < self.slots:
            ready = [
                t for t in self.waiting if not t.costly or self.busy_costly < self.costly_slots
            ]
            if not ready:
                break
            turn = min(
                ready,
                key=lambda t: (
                    self.served.get(f"o:{t.owner}", -1),
                    self.served.get(f"t:{t.table}", -1),
                    t.order,
                ),
            )
            self.waiting.remove(turn)
            if turn.granted.cancelled():  # its task was cancelled and has not woken yet
                self.forget(turn)
                continue
            tick = next(self.ticks)
            self.served[f"o:{turn.owner}"] = self.served[f"t:{turn.table}"] = tick
            self.busy += 1
            self.busy_costly += turn.costly
            turn.granted.set_result(None)
        metrics.bot_decisions.labels("thinking").set(self.busy)
        metrics.bot_decisions.labels("waiting").set(len(self.waiting))

    def release(self, turn: _Turn) -> None:
        self.busy -= 1
        self.busy_costly -= turn.costly
        self.forget(turn)
        self.dispatch()

    def forget(self, turn: _Turn) -> None:
        for key in (f"o:{turn.owner}", f"t:{turn.table}"):
            self.in_hand[key] -= 1
            if self.in_hand[key] <= 0:
                del self.in_hand[key]
                self.served.pop(key, None)


class BotPool(ProcessPoolExecutor):
    """The processes that think for bots. Processes are started fresh ("spawn"): the server's
    threads and sockets are not forked into them.

    `close` ends them at once: a server told to stop (SIGTERM) must not leave a worker
    thinking through a 30-second search, nor the resource tracker that waits for it, running
    on after the server is gone."""

    def __init__(self, workers: int) -> None:
        super().__init__(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))

    def close(self) -> None:
        """Stop every worker now (a move being thought is lost; its table's bot is asked
        again when a server next serves the table) and let the pool go."""
        terminate = getattr(self, "terminate_workers", None)  # Python 3.14+
        if terminate is not None:
            terminate()
        else:
            # Before 3.14 the pool has no public way to end a busy worker; its processes are
            # in `_processes` (pid -> Process), as they have been since Python 3.2.
            processes: dict[int, Any] = getattr(self, "_processes", None) or {}
            for process in list(processes.values()):
                with contextlib.suppress(Exception):
                    process.terminate()
        self.shutdown(wait=True, cancel_futures=True)


def make_pool(workers: int) -> BotPool:
    return BotPool(workers)


class BotRunner:
    """Finds seats a bot plays that are asked now, and plays them."""

    def __init__(self, submit: Submit, pool: Executor, workers: int = 2) -> None:
        self.submit = submit
        self.pool = pool
        self.share = FairShare.for_workers(workers)
        self.pending: set[tuple[str, int, int]] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    async def look(self, live: LiveTable) -> None:
        """After any change: start a move for every bot seat now asked."""
        if live.status != "active" or live.state.is_over():
            return
        for seat in live.state.to_move():
            agent = live.seats[seat].bot
            if agent is not None:
                self.play(live, seat, agent)

    def play(self, live: LiveTable, seat: int, agent: str, delay: float | None = None) -> None:
        key = (live.id, seat, live.version)
        if key in self.pending:
            return
        self.pending.add(key)
        record = live.state.record()
        job = {
            "table": live.id,
            "game": record.game,
            "players": record.players,
            "options": record.options,
            "seed": record.seed,
            "actions": record.actions,
            "seat": seat,
            "agent": agent,
            "rng": secrets.randbits(64),
            "owner": live.bot_owner,
            "costly": costly(agent, record.game),
        }
        wait = live.bot_delay if delay is None else delay
        task = asyncio.create_task(self.move(key, job, live.version, wait))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def move(self, key: tuple[str, int, int], job: dict[str, Any], version: int, wait: float):  # type: ignore[no-untyped-def]
        try:
            if wait > 0:
                await asyncio.sleep(wait)
            loop = asyncio.get_running_loop()
            async with self.share.turn(job["owner"], job["table"], job["costly"]):
                started = time.perf_counter()
                action = await loop.run_in_executor(self.pool, choose, job)
                metrics.bot_think.observe(time.perf_counter() - started)
            await self.submit(job["table"], job["seat"], action, version)
        except Refused as exc:
            # The table moved on meanwhile (a person took the seat back, another process's bot
            # was first): nothing to do; whoever is asked next is looked at by that change.
            log.debug("bot move on %s refused: %s", key, exc.message)
        except asyncio.CancelledError:
            raise
        except BrokenProcessPool:
            # The pool's processes went first: a stop signal reaches the whole process group,
            # so they end while this process is still finishing its requests. Nothing was
            # stored; after a restart the sweep asks the bot again.
            log.warning("bot move on %s not made: the bot pool's processes are gone", key)
        except Exception:
            log.exception("bot move on %s failed", key)
        finally:
            self.pending.discard(key)
