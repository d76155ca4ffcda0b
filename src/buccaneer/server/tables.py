"""The table service: the one place the engine is driven, and where actions become permanent.

Each table's live `State` is cached per process and rebuilt by replaying its stored log. An
action is checked against the version the client saw, applied by the engine (the only judge of
legality), written with its version in one transaction and only then announced. The actions
table's primary key (table, version) makes the database pick the winner of two conflicting
actions, whichever process they reached; the loser is refused with the current state.
"""

from __future__ import annotations

import asyncio
import bisect
import json
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from sqlalchemy import and_, insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

import buccaneer
from buccaneer.core import Action, GameSpec, IllegalAction, OptionError, State, get_spec
from buccaneer.server import storage as db
from buccaneer.server.action_log import Conflict, Move, make_action_log
from buccaneer.server.auth import new_table_id
from buccaneer.server.clocks import first_deadline, next_deadlines
from buccaneer.server.fanout import Fanout

WAITING, ACTIVE, OVER = "waiting", "active", "over"
log = logging.getLogger("buccaneer.server")
# What `auth.new_table_id` makes (URL-safe base64); anything else names no table.
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
# How often one action is judged again after other processes wrote the versions it aimed at
# (each retry means another seat's move landed first; a table has at most five seats).
SUBMIT_ATTEMPTS = 6


class Refused(Exception):
    """What a client hears when its request changes nothing: a code a program can act on
    ("stale", "illegal", ...) and words for a person."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Seat:
    seat: int
    kind: str
    agent: str | None
    name: str | None
    claimed: bool
    account_id: int | None
    token_hash: str | None

    @property
    def bot(self) -> str | None:
        """The agent that plays this seat now: a bot seat's own, or the one a human seat was
        handed to; None for a person playing."""
        return self.agent if (self.kind == "bot" or self.agent) else None

    def public(self, spec: GameSpec) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name or spec.seat_name(self.seat),
            "kind": self.kind,
            "agent": self.bot,
            "claimed": self.claimed,
        }


def mark_asked(
    asked_since: list[int], before: set[int], to_move: Sequence[int], seat: int, version: int
) -> None:
    """After `seat`'s action brought the table to `version`: a seat asked now that was not
    asked before, or the seat that acted and is asked again, faces a new decision from here."""
    for s in to_move:
        if s == seat or s not in before:
            asked_since[s] = version


@dataclass(frozen=True)
class Step:
    """One action applied to a copy of a table (`LiveTable.attempt`): the table as it will be
    once the database holds the action, and what is stored with it. It becomes the table's
    present (`LiveTable.adopt`) only after the commit, so every process's copy of a table is
    always a prefix of the stored log, whatever race it loses."""

    seat: int
    action: dict[str, Any]  # its JSON, as stored and announced
    state: State
    version: int
    asked_since: list[int]
    status: str
    deadlines: dict[int, float]
    at: float

    def move(self, table_id: str) -> Move:
        """The row to store: the action, and the table as it is after it."""
        over = self.status == OVER
        result = (
            json.dumps({"scores": self.state.scores(), "winners": self.state.winners()})
            if over
            else None
        )
        return Move(
            table_id=table_id,
            version=self.version,
            seat=self.seat,
            action=json.dumps(self.action),
            at=self.at,
            status=self.status,
            deadlines=json.dumps(self.deadlines),
            next_deadline=first_deadline(self.deadlines),
            result=result,
            finished_at=self.at if over else None,
        )


@dataclass
class LiveTable:
    """One table as this process knows it, with the bookkeeping messages are built from."""

    id: str
    spec: GameSpec
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    listed: bool
    clock: dict[str, Any]
    bot_delay: float
    seats: list[Seat]
    deadlines: dict[int, float]
    rematch: str | None
    rematch_of: str | None
    created_at: float
    state: State
    version: int = 0
    # len(state.log) after each version (index = version): which log lines each update adds.
    log_marks: list[int] = field(default_factory=list)
    # Per seat, the version at which its current decision was put to it: a client that acted
    # on an older version than this acted on a decision it no longer faces.
    asked_since: list[int] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # Update texts built at (version, status) `texts_at`, by (seat, since, deadlines): see
    # `messages.shared_update`.
    texts: dict[tuple[Any, ...], str] = field(default_factory=dict)
    texts_at: tuple[int, str] = (-1, "")
    # What events from the processes sharing the database said (`TableService.heard`): the
    # newest version announced, and that seats or clocks changed since the table was read.
    announced: int = 0
    reread: bool = False

    def advance(self, seat: int, action: Any) -> None:
        """Replay one action the database already holds (loading, catching up), in place."""
        before = set(self.state.to_move())
        self.state.apply(seat, action)
        self.version += 1
        mark_asked(self.asked_since, before, self.state.to_move(), seat, self.version)
        self.log_marks.append(len(self.state.log))

    def attempt(self, seat: int, action: Action, now: float) -> Step:
        """`action` tried on a copy of the table: what the table becomes once it is stored.
        The table itself does not change (`IllegalAction`, from the engine, when the action
        is refused), so nothing anyone reads meanwhile holds a move the database may refuse."""
        state = self.state.branch()
        before = set(state.to_move())
        state.apply(seat, action)
        version = self.version + 1
        asked_since = list(self.asked_since)
        mark_asked(asked_since, before, state.to_move(), seat, version)
        deadlines = next_deadlines(
            self.clock,
            now=now,
            to_move=state.to_move(),
            asked_since=asked_since,
            version=version,
            old=self.deadlines,
            bot_seats=self.bot_seats(),
        )
        status = OVER if state.is_over() else self.status
        return Step(seat, action.to_json(), state, version, asked_since, status, deadlines, now)

    def adopt(self, step: Step) -> None:
        """Make a stored step the table's present (in one go: no reader sees half of it)."""
        assert step.version == self.version + 1, "a step is adopted on the table it was tried on"
        self.state = step.state
        self.version = step.version
        self.asked_since = step.asked_since
        self.status = step.status
        self.deadlines = step.deadlines
        self.log_marks.append(len(step.state.log))

    def take_over(self, other: LiveTable) -> None:
        """Become `other` (the same table read again from the database), keeping this
        object's lock: whoever holds a reference to this table sees the stored game."""
        announced = max(self.announced, other.announced)
        for item in fields(self):
            if item.name != "lock":
                setattr(self, item.name, getattr(other, item.name))
        self.announced = announced

    def version_of_log_line(self, index: int) -> int:
        """The version whose action wrote line `index` of the full log (0: the setup)."""
        return bisect.bisect_right(self.log_marks, index)

    def deadlines_after(
        self, now: float, old: dict[int, float], bot_seats: set[int] | None = None
    ) -> dict[int, float]:
        """The clocks once the table is at its current version (see `clocks.next_deadlines`),
        with these bot seats (default: the table's own)."""
        return next_deadlines(
            self.clock,
            now=now,
            to_move=self.state.to_move(),
            asked_since=self.asked_since,
            version=self.version,
            old=old,
            bot_seats=self.bot_seats() if bot_seats is None else bot_seats,
        )

    def public_deadlines(self) -> dict[str, float]:
        """Each waiting seat's deadline, as JSON keys (everyone may see every clock)."""
        return {str(k): v for k, v in sorted(self.deadlines.items())}

    def bot_seats(self) -> set[int]:
        return {s.seat for s in self.seats if s.bot}

    def meta(self) -> dict[str, Any]:
        """What anyone may know about the table (the lobby, spectators, every seat)."""
        return {
            "id": self.id,
            "game": self.spec.name,
            "title": self.spec.title,
            "players": self.players,
            "options": dict(self.options),
            "status": self.status,
            "version": self.version,
            "seats": [s.public(self.spec) for s in self.seats],
            "clock": dict(self.clock),
            "deadlines": self.public_deadlines(),
            "rematch": self.rematch,
            "rematch_of": self.rematch_of,
            "created_at": self.created_at,
        }


Hook = Callable[[LiveTable], Awaitable[None]]


class TableService:
    """Loads, caches and changes tables; every change is committed, then published."""

    def __init__(
        self,
        engine: AsyncEngine,
        fanout: Fanout,
        shared: bool,
        cache_size: int = 2000,
        finished_size: int = 100,
    ):
        self.engine = engine
        self.action_log = make_action_log(engine)
        self.fanout = fanout
        # Another process may write the same tables (several workers or hosts): catch up from
        # the database before acting. A lone process is the only writer and skips that.
        self.shared = shared
        self.cache: OrderedDict[str, LiveTable] = OrderedDict()
        self.cache_size = cache_size
        # The cached tables whose game is over, oldest first (see `keep_finished`).
        self.finished: OrderedDict[str, None] = OrderedDict()
        self.finished_size = finished_size
        self.loading: dict[str, asyncio.Lock] = {}
        # Called after a change is committed (bots and clocks look for work there).
        self.on_change: list[Hook] = []
        # Announced moves waiting for their table's lock (`heard`).
        self.background: set[asyncio.Task[None]] = set()

    # -- loading ------------------------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable | None:
        live = self.cache.get(table_id)
        if live is not None:
            self.cache.move_to_end(table_id)
            return live
        if not TABLE_ID.match(table_id):
            return None  # not an id this server ever makes: no need to ask the database
        lock = self.loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                live = self.cache.get(table_id)
                if live is None:
                    live = await self.load(table_id)
                    if live is not None:
                        self.remember(live)
        finally:
            self.loading.pop(table_id, None)
        return live

    def remember(self, live: LiveTable) -> None:
        self.cache[live.id] = live
        while len(self.cache) > self.cache_size:
            oldest = next(iter(self.cache))
            if self.cache[oldest].lock.locked():
                break
            self.forget(oldest)
        if live.status == OVER:
            self.keep_finished(live)

    def keep_finished(self, live: LiveTable) -> None:
        """A finished table stays cached a while (its end screen, the rematch), but only the
        newest `finished_size` of them: a server that has played thousands of games keeps its
        memory, and the garbage collector's pauses that grow with it, to the tables in play.
        An evicted one is read again from the database when asked for."""
        self.finished[live.id] = None
        self.finished.move_to_end(live.id)
        while len(self.finished) > self.finished_size:
            oldest = next(iter(self.finished))
            table = self.cache.get(oldest)
            if table is not None and table.lock.locked():
                break
            self.forget(oldest)

    def forget(self, table_id: str) -> None:
        self.cache.pop(table_id, None)
        self.finished.pop(table_id, None)

    async def load(self, table_id: str) -> LiveTable | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(db.tables).where(db.tables.c.id == table_id))).first()
            if row is None:
                return None
            seat_rows = (
                await conn.execute(
                    select(db.seats)
                    .where(db.seats.c.table_id == table_id)
                    .order_by(db.seats.c.seat)
                )
            ).all()
            # Up to the row's version: its status and clocks are those of that version (a move
            # stored since is read by the next catch-up).
            action_rows = (
                await conn.execute(
                    select(db.actions.c.seat, db.actions.c.action)
                    .where(db.actions.c.table_id == table_id)
                    .where(db.actions.c.version <= row.version)
                    .order_by(db.actions.c.version)
                )
            ).all()
        spec = get_spec(row.game)
        options = json.loads(row.options)
        state = buccaneer.load(row.game, row.players, seed=row.seed, **options)
        live = LiveTable(
            id=row.id,
            spec=spec,
            players=row.players,
            options=options,
            seed=row.seed,
            status=row.status,
            listed=row.listed,
            clock=json.loads(row.clock),
            bot_delay=row.bot_delay,
            seats=[seat_from_row(r) for r in seat_rows],
            deadlines=seat_deadlines(json.loads(row.deadlines)),
            rematch=row.rematch,
            rematch_of=row.rematch_of,
            created_at=row.created_at,
            state=state,
            log_marks=[len(state.log)],
            asked_since=[0] * row.players,
        )
        try:
            for seat, action in action_rows:
                live.advance(seat, spec.action_from_json(json.loads(action)))
        except (IllegalAction, OptionError, ValueError) as exc:
            # A log this version of the engine cannot replay (a damaged database, or rules
            # changed under stored games): that table is refused, with the reason in the
            # server's log only (it may name hidden information), and every other table
            # goes on.
            log.error("table %s cannot be replayed: %s", table_id, exc)
            raise Refused(
                "unreadable", "this table's stored game cannot be replayed by this server"
            ) from None
        return live

    async def catch_up(self, live: LiveTable, force: bool = False, seats: bool = True) -> None:
        """Bring `live` up to what the database holds: when other processes write the same
        tables, or (`force`) when this process's own write met one it did not make. The
        table's row and the actions it lacks come in one statement (one snapshot); its seats
        in a second, unless the caller knows they have not changed (`seats=False`: only
        actions happened since, as an event said). Call with `live.lock` held."""
        if not (self.shared or force):
            return
        seats = seats or live.reread
        live.reread = False  # an event that changes the seats while we read sets it again
        try:
            await self.read_news(live, seats)
        except BaseException:
            live.reread = live.reread or seats  # what was not read is still to be read
            raise

    async def read_news(self, live: LiveTable, seats: bool) -> None:
        """`catch_up`'s reading: the table's row and the actions it lacks (one statement),
        the seats when asked, applied in order."""
        news = (
            select(
                db.tables.c.status,
                db.tables.c.deadlines,
                db.tables.c.rematch,
                db.actions.c.version,
                db.actions.c.seat,
                db.actions.c.action,
            )
            .select_from(
                db.tables.outerjoin(
                    db.actions,
                    and_(
                        db.actions.c.table_id == db.tables.c.id, db.actions.c.version > live.version
                    ),
                )
            )
            .where(db.tables.c.id == live.id)
            .order_by(db.actions.c.version)
        )
        async with self.engine.connect() as conn:
            rows = (await conn.execute(news)).all()
            seat_rows = (
                (
                    await conn.execute(
                        select(db.seats)
                        .where(db.seats.c.table_id == live.id)
                        .order_by(db.seats.c.seat)
                    )
                ).all()
                if seats and rows
                else None
            )
        if not rows:
            return
        try:
            for row in rows:
                if row.action is not None and row.version > live.version:
                    live.advance(row.seat, live.spec.action_from_json(json.loads(row.action)))
        except (IllegalAction, OptionError, ValueError) as exc:
            # A cached table only ever holds stored actions (`LiveTable.attempt`), so the
            # stored ones that follow always apply; should that ever fail, this process's
            # copy is not trusted: the table is read again, whole, from the database.
            log.error("table %s: the cached game cannot follow the stored log: %s", live.id, exc)
            again = await self.load(live.id)
            if again is None:
                return
            live.take_over(again)
            if live.status == OVER:
                self.keep_finished(live)
            return
        row = rows[-1]
        self.note_row(live, row.status, json.loads(row.deadlines))
        live.rematch = row.rematch
        if seat_rows is not None:
            live.seats = [seat_from_row(r) for r in seat_rows]

    def heard(self, event: dict[str, Any]) -> None:
        """An event from any process (this one's too) about a cached table: the version it
        is at, or that its seats or clocks changed. A cached table that has heard of no newer
        version and no such change holds what the database holds, and need not be read again
        before an action is tried on it (`current`)."""
        live = self.cache.get(event.get("table", ""))
        if live is None:
            return
        if event.get("kind") == "table":
            live.reread = True
        if event.get("kind") != "version":
            return
        version = int(event.get("version", 0))
        live.announced = max(live.announced, version)
        move = event.get("move")
        if move is None or live.version != version - 1:
            return
        if not live.lock.locked():
            self.apply_move(live, version, move)
            return
        # Someone holds the table (a move being stored, a catch-up): the move is applied when
        # they are done, unless they have caught up past it meanwhile.
        task = asyncio.get_running_loop().create_task(self.apply_when_free(live, version, move))
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def apply_when_free(self, live: LiveTable, version: int, move: dict[str, Any]) -> None:
        async with live.lock:
            self.apply_move(live, version, move)

    def apply_move(self, live: LiveTable, version: int, move: dict[str, Any]) -> None:
        """The stored action that brought the table to `version`, announced with it, applied
        to a copy one version behind (with the lock held, or nobody holding it): the process
        follows the table without reading the database."""
        if live.version != version - 1:
            return
        try:
            live.advance(move["seat"], live.spec.action_from_json(move["action"]))
        except (IllegalAction, OptionError, ValueError, KeyError) as exc:
            log.error("table %s: an announced move does not apply: %s", live.id, exc)
            return  # unchanged, and behind what was announced: the next reader catches up
        self.note_row(live, move["status"], move["deadlines"])

    def note_row(self, live: LiveTable, status: str, deadlines: dict[Any, float]) -> None:
        """The status and clocks stored with the version `live` has just reached."""
        live.status = status
        live.deadlines = seat_deadlines(deadlines)
        if status == OVER:
            self.keep_finished(live)

    def current(self, live: LiveTable) -> bool:
        """Whether `live` is, as far as this process has heard, what the database holds."""
        return not self.shared or (live.version >= live.announced and not live.reread)

    async def fresh(self, table_id: str, version: int | None = None) -> LiveTable | None:
        """The table, caught up (for a new connection or after an event from elsewhere).
        With `version` (an event's "table T is at version v"), a cached table already there
        is not read again: of a process's many connections to one table, the first to catch
        up reads the database and the others find the table there."""
        live = await self.get(table_id)
        if live is None or not self.shared:
            return live
        if version is None:
            async with live.lock:
                await self.catch_up(live)
        elif live.version < version or live.reread:
            async with live.lock:
                if live.version < version or live.reread:
                    await self.catch_up(live, seats=False)
        return live

    # -- acting -------------------------------------------------------------------------------

    async def submit(self, table_id: str, seat: int, action_json: Any, version: int) -> LiveTable:
        """Apply one action for `seat` that its sender chose at `version`; committed before
        this returns. `Refused` (nothing changed) when it cannot be.

        The action is tried on a copy of the table and the copy becomes the table only once
        the database holds it, so a move that loses a race is never shown, cached or sent.
        When another process wrote the table's next version first, the action is judged again
        on the table as it now is: a seat still asked the same question (a simultaneous
        decision, where another seat's secret choice landed first) keeps its action, exactly as
        it would within one process; a seat the table has moved on for is refused as stale.

        A caller that goes away meanwhile (a closed connection) does not stop it half-way: the
        action is stored and announced, or refused, all the same."""
        task = asyncio.ensure_future(self.settle(table_id, seat, action_json, version))
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            task.add_done_callback(unheard)
            raise

    async def settle(self, table_id: str, seat: int, action_json: Any, version: int) -> LiveTable:
        """`submit`'s work, which runs to its end whoever waits for it."""
        lost: Step | None = None  # our step, when its write met a row already there
        for attempt in range(1, SUBMIT_ATTEMPTS + 1):
            live = await self.get(table_id)
            if live is None:
                raise Refused("no_table", "there is no such table")
            known = live.version
            stored: Step | None = None
            try:
                async with live.lock:
                    # A table that has heard of no change since it was read is tried as it is:
                    # should another process have written first after all, the database
                    # refuses the write and the table is read again (the next attempt).
                    if lost is not None or not self.current(live):
                        await self.catch_up(live, force=lost is not None, seats=lost is not None)
                    if lost is not None and await self.wrote(lost, table_id):
                        # The row that was there is our own write: it went through on a
                        # connection that broke before saying so.
                        return live
                    step = self.try_action(live, seat, action_json, version)
                    try:
                        await self.action_log.append(step.move(live.id))
                    except Conflict:
                        # Another write of this version came first. The table still holds only
                        # stored actions: the next attempt catches up and judges this again.
                        lost = step
                        if attempt < SUBMIT_ATTEMPTS:
                            continue
                        raise Refused(
                            "stale",
                            "another action was taken first; here is the table as it is now",
                        ) from None
                    except BaseException:
                        # Stored or not, nobody can say: the table is read again from the
                        # database before it is used.
                        self.forget(table_id)
                        raise
                    live.adopt(step)
                    if live.status == OVER:
                        self.keep_finished(live)
                    stored = step
            finally:
                # Whatever this attempt ends in, moves it caught up with are announced (again:
                # twice costs a refresh that finds nothing new; never costs a stalled table).
                if stored is None and live.version > known:
                    await self.changed(live, "version")
            await self.changed(live, "version", stored)
            return live
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def wrote(self, step: Step, table_id: str) -> bool:
        """Whether the row stored at `step`'s version is this very write (its time, to the
        last bit, as well as its seat and action: another tab's identical action is not)."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(db.actions.c.seat, db.actions.c.action, db.actions.c.at)
                    .where(db.actions.c.table_id == table_id)
                    .where(db.actions.c.version == step.version)
                )
            ).first()
        move = step.move(table_id)
        return row is not None and (row.seat, row.action, row.at) == (
            move.seat,
            move.action,
            move.at,
        )

    def try_action(self, live: LiveTable, seat: int, action_json: Any, version: int) -> Step:
        """The action judged on the table as it is, and tried on a copy of it."""
        self.check_can_act(live, seat, version)
        try:
            action = live.spec.action_from_json(action_json)
        except (IllegalAction, OptionError) as exc:
            raise Refused("bad_action", str(exc)) from None
        try:
            return live.attempt(seat, action, time.time())
        except IllegalAction as exc:
            raise Refused("illegal", str(exc)) from None

    def check_can_act(self, live: LiveTable, seat: int, version: int) -> None:
        if live.status == WAITING:
            raise Refused("not_started", "the game starts when every seat is taken")
        if live.status == OVER or live.state.is_over():
            raise Refused("over", "the game is over")
        if version > live.version:
            raise Refused("stale", f"version {version} is ahead of the table ({live.version})")
        asked = seat in live.state.to_move()
        if (asked and version < live.asked_since[seat]) or (not asked and version != live.version):
            raise Refused(
                "stale",
                f"you acted on version {version}, but the table is at version {live.version} "
                "and has moved on for you; here it is as it is now",
            )
        # Otherwise the engine judges (and words a refusal from the seat's own side).

    async def changed(self, live: LiveTable, kind: str, step: Step | None = None) -> None:
        """Tell every process (this one too) that the table changed: "version" (it is at
        `live.version`; with the stored `step`, its action and the table row after it, so
        that a process whose copy is one version behind applies it without reading the
        database) or "table" (seats or clocks changed: read them again)."""
        event: dict[str, Any] = {"kind": kind, "table": live.id, "version": live.version}
        if step is not None:
            event["move"] = {
                "seat": step.seat,
                "action": step.action,
                "status": step.status,
                "deadlines": step.deadlines,
            }
        try:
            await self.fanout.publish(event)
        except Exception:
            # Redis unreachable: the move is stored all the same; this process's connections
            # and bots hear of it, other processes' catch up at their next reading.
            log.exception("announcing table %s at version %s failed", live.id, live.version)
            await self.fanout.deliver(event)
        for hook in self.on_change:
            await hook(live)

    # -- the table's own settings -------------------------------------------------------------

    async def write_seats(self, live: LiveTable, changes: dict[int, dict[str, Any]]) -> None:
        """Store changed seats (with the lock held), refreshing deadlines for bots in or out."""
        now = time.time()
        seats = [replace(s, **changes[s.seat]) if s.seat in changes else s for s in live.seats]
        deadlines = live.deadlines
        if live.status == ACTIVE:
            old = {k: v for k, v in live.deadlines.items() if k not in changes}
            bots = {s.seat for s in seats if s.bot}
            deadlines = live.deadlines_after(now, old, bots)
        async with db.begin(self.engine) as conn:
            for seat, values in changes.items():
                await conn.execute(
                    update(db.seats)
                    .where(db.seats.c.table_id == live.id)
                    .where(db.seats.c.seat == seat)
                    .values(**values)
                )
            await conn.execute(
                update(db.tables)
                .where(db.tables.c.id == live.id)
                .values(
                    deadlines=json.dumps(deadlines),
                    next_deadline=first_deadline(deadlines),
                    updated_at=now,
                )
            )
        # Only what is stored is cached.
        live.seats, live.deadlines = seats, deadlines

    async def take_free_seat(self, live: LiveTable, seat: int, values: dict[str, Any]) -> bool:
        """Claim a seat nobody has claimed (with the lock held): False when another process
        took it first (the database decides, as between two actions)."""
        async with db.begin(self.engine) as conn:
            result = await conn.execute(
                update(db.seats)
                .where(db.seats.c.table_id == live.id)
                .where(db.seats.c.seat == seat)
                .where(db.seats.c.claimed.is_(False))
                .values(claimed=True, **values)
            )
        if not result.rowcount:
            return False
        for key, value in {"claimed": True, **values}.items():
            setattr(live.seats[seat], key, value)
        return True

    async def start_if_full(self, live: LiveTable) -> bool:
        """Start a waiting table whose every seat is taken (with the lock held)."""
        # Another process may have taken the last other seat meanwhile, having seen ours still
        # free: read the seats again after our own claim was committed, so that of two claims
        # at once the later one always sees both and starts the table.
        await self.catch_up(live)
        if live.status != WAITING or not all(s.claimed or s.kind == "bot" for s in live.seats):
            return False
        now = time.time()
        deadlines = live.deadlines_after(now, {})
        async with db.begin(self.engine) as conn:
            result = await conn.execute(
                update(db.tables)
                .where(db.tables.c.id == live.id)
                .where(db.tables.c.status == WAITING)
                .values(
                    status=ACTIVE,
                    deadlines=json.dumps(deadlines),
                    next_deadline=first_deadline(deadlines),
                    updated_at=now,
                )
            )
        if result.rowcount:
            live.status = ACTIVE
            live.deadlines = deadlines
        return True

    async def claim(
        self, live: LiveTable, seat: int, name: str | None, account_id: int | None
    ) -> None:
        """A person takes a human seat (a connection with its token, or a join)."""
        async with live.lock:
            await self.catch_up(live)
            current = live.seats[seat]
            if current.claimed and (name is None or name == current.name):
                return
            values: dict[str, Any] = {"claimed": True}
            if name is not None:
                values["name"] = name
            if account_id is not None:
                values["account_id"] = account_id
            await self.write_seats(live, {seat: values})
            started = await self.start_if_full(live)
        await self.changed(live, "table")
        if started:
            await self.changed(live, "version")

    async def set_agent(self, live: LiveTable, seat: int, agent: str | None) -> None:
        """Hand a human seat to a bot (`agent`) or give it back to its player (None)."""
        async with live.lock:
            await self.catch_up(live)
            await self.write_seats(live, {seat: {"agent": agent}})
        await self.changed(live, "table")

    async def create(
        self,
        spec: GameSpec,
        *,
        players: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        clock: dict[str, Any],
        listed: bool,
        bot_delay: float,
        rematch_of: str | None = None,
        table_id: str | None = None,
    ) -> str:
        """Store a new table (its seed from `secrets`, never chosen by a client); start it
        at once when no seat waits for a person."""
        table_id = table_id or new_table_id()
        seed = secrets.randbits(63)
        state = buccaneer.load(spec.name, players, seed=seed, **options)
        now = time.time()
        all_taken = all(s["kind"] == "bot" or s.get("claimed") for s in seats)
        status = ACTIVE if all_taken else WAITING
        asked = [0] * players
        bot_seats = {i for i, s in enumerate(seats) if s["kind"] == "bot"}
        deadlines = (
            next_deadlines(
                clock,
                now=now,
                to_move=state.to_move(),
                asked_since=asked,
                version=0,
                old={},
                bot_seats=bot_seats,
            )
            if status == ACTIVE
            else {}
        )
        async with db.begin(self.engine) as conn:
            await conn.execute(
                insert(db.tables).values(
                    id=table_id,
                    game=spec.name,
                    players=players,
                    options=json.dumps(state.options),
                    seed=seed,
                    status=status,
                    listed=listed,
                    clock=json.dumps(clock),
                    bot_delay=bot_delay,
                    version=0,
                    deadlines=json.dumps(deadlines),
                    next_deadline=first_deadline(deadlines),
                    rematch_of=rematch_of,
                    created_at=now,
                    updated_at=now,
                )
            )
            await conn.execute(
                insert(db.seats),
                [
                    {
                        "table_id": table_id,
                        "seat": i,
                        "kind": s["kind"],
                        "agent": s.get("agent"),
                        "token_hash": s.get("token_hash"),
                        "name": s.get("name"),
                        "account_id": s.get("account_id"),
                        "claimed": bool(s.get("claimed", False)),
                    }
                    for i, s in enumerate(seats)
                ],
            )
        return table_id


def unheard(task: asyncio.Task[LiveTable]) -> None:
    """The end of a submission whose caller went away: a refusal nobody hears is dropped, a
    fault is logged."""
    if task.cancelled():
        return
    exc = task.exception()
    if exc is not None and not isinstance(exc, Refused):
        log.error("an action whose sender left failed", exc_info=exc)


def seat_deadlines(stored: dict[Any, float]) -> dict[int, float]:
    """Deadlines by seat, from their JSON form (seats as text keys)."""
    return {int(k): v for k, v in stored.items()}


def seat_from_row(row: Any) -> Seat:
    return Seat(
        seat=row.seat,
        kind=row.kind,
        agent=row.agent,
        name=row.name,
        claimed=bool(row.claimed),
        account_id=row.account_id,
        token_hash=row.token_hash,
    )
