"""Server bots: agents that play seats, in a pool of processes so a long think never blocks
the server.

A bot is an actor like any person: it reads the table at a version, chooses, and submits its
action through the table's master with that version (`Masters.bot_move`). Each pool process
keeps the states it has built, so a move costs the new actions only, not a replay of the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
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

    def __init__(self, submit: Submit, pool: Executor) -> None:
        self.submit = submit
        self.pool = pool
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
