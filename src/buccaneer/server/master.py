"""Each table's master: the one object that changes a table, whatever asked for the change.

A `TableMaster` owns one table of this process (its `LiveTable`) and the lock that puts that
table's commands in a line, and it is the only code that takes that lock. Every command on a
table is one of its methods: `act` (a person's action), `bot_move`, `expire` (a clock ran
out), `join` (take an open seat), `claim` (a seat's link said hello), `leave`, `hand_over`,
`take_back`, `rematch`, `chat`. Each returns its result or raises `Refused(code, message)`,
which changes nothing, and knows nothing of sockets or HTTP: the WebSocket (`live.py`), the
HTTP routes (`lobby.py`), the clock and sweep loops (`app.py`) and the bot pool (`bots.py`)
parse a request, call one command and send its answer.

A command reaches storage through the repository only, and it is announced once committed:
an action is committed to the database before anyone is told it happened (`Masters.changed`
publishes on the fanout, which wakes every process's connections and bots). The database,
not the lock, settles races between processes: an action is tried on a copy of the table,
and the copy becomes the table only once the actions table's key (table, version) has taken
it; the loser catches up and is judged again.

`Masters` is the registry: each table's master by id, loaded from the database on first
use, cached, caught up with what other processes announce, and forgotten when it is old.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import replace
from typing import Any, Concatenate, ParamSpec, TypeVar

import buccaneer
from buccaneer.core import GameSpec, IllegalAction, OptionError, fairness
from buccaneer.server import logs, metrics
from buccaneer.server.auth import new_table_id, new_token, person_name, same_hash, token_hash
from buccaneer.server.bots import BotRunner, cheap_only, check_agent, costly
from buccaneer.server.clocks import first_deadline, next_deadlines
from buccaneer.server.fanout import Fanout
from buccaneer.server.moderation import Moderation, Tally, check_votable
from buccaneer.server.ratings import RATED_BOTS, check_rateable
from buccaneer.server.repository import Conflict, Repository
from buccaneer.server.repository_moderation import ModerationRepository
from buccaneer.server.repository_operator import DRAINING, OperatorRepository
from buccaneer.server.repository_ratings import RatingsRepository
from buccaneer.server.settings import Settings
from buccaneer.server.storage import ACTIVE, OVER, WAITING
from buccaneer.server.tables import (
    LINKED_MODES,
    NO_OWNER,
    TABLE_ID,
    LiveTable,
    Owner,
    Refused,
    Seat,
    Step,
    build_table,
    seat_deadlines,
    seat_from_row,
)

log = logging.getLogger("buccaneer.server")
Built = TypeVar("Built")
# How often one action is judged again after other processes wrote the versions it aimed at
# (each retry means another seat's move landed first; a table has at most five seats).
SUBMIT_ATTEMPTS = 6
# What `Masters.watchers` hold: told (table, "version" | "table", the stored step or None).
Watcher = Callable[[LiveTable, str, "Step | None"], Awaitable[None]]
Args = ParamSpec("Args")
Result = TypeVar("Result")
DRAINING_MESSAGE = (
    "the server is draining before maintenance: no new tables or seats now; games being "
    "played go on"
)


def logged(
    name: str, seat_at: int | None = None
) -> Callable[
    [Callable[Concatenate[TableMaster, Args], Coroutine[Any, Any, Result]]],
    Callable[Concatenate[TableMaster, Args], Coroutine[Any, Any, Result]],
]:
    """A table command that writes one log line and counts its outcome (ok, or the refusal's
    code) when it ends; `seat_at` is the position of its seat argument."""

    def wrap(
        command: Callable[Concatenate[TableMaster, Args], Coroutine[Any, Any, Result]],
    ) -> Callable[Concatenate[TableMaster, Args], Coroutine[Any, Any, Result]]:
        @functools.wraps(command)
        async def run(self: TableMaster, /, *args: Args.args, **kwargs: Args.kwargs) -> Result:
            start = time.perf_counter()
            outcome = "failed"
            try:
                result = await command(self, *args, **kwargs)
                outcome = "ok"
                return result
            except Refused as exc:
                outcome = exc.code
                raise
            finally:
                seat = args[seat_at] if seat_at is not None and seat_at < len(args) else None
                metrics.commands.labels(name, outcome).inc()
                logs.command(
                    self.id,
                    name,
                    seat=seat if isinstance(seat, int) else None,
                    version=self.live.version,
                    outcome=outcome,
                    seconds=time.perf_counter() - start,
                )

        return run

    return wrap


# A rated table's seats are taken by accounts (a guest is one): docs/server.md, "Ratings".
ACCOUNT_NEEDED = "this table is rated: log in or play as a guest to take a seat"
# Who plays a seat whose player left, forfeited, or (on a rated table) was voted away.
STAND_IN = "heuristic"
SEAT_TAKEN = (
    "this seat was taken on another device by the person its link was for, and the link alone "
    "no longer opens it; if that was you, open the seat from that device's 'Continue on "
    "another device' link, or log in to the seat's account"
)


def owner_refusal(seat: Seat, key: str | None, account_id: int | None) -> Refused | None:
    """Why this device may not act for `seat` (None: it may). A seat whose claimer sent a
    device key opens only beside that key, or to a session of the seat's own account: the
    token alone is what the table's creator, and anyone a link was forwarded to, also holds
    (docs/server.md, "Seat owners")."""
    if seat.owner_key_hash is None:
        return None
    if key is not None and same_hash(token_hash(key), seat.owner_key_hash):
        return None
    if account_id is not None and account_id == seat.account_id:
        return None
    return Refused("seat_taken", SEAT_TAKEN)


FORFEITED = "your time bank ran out and your seat was forfeited: a bot plays it to the end"


class TableMaster:
    """One table's commands, and the lock that serialises them in this process."""

    def __init__(self, live: LiveTable, masters: Masters) -> None:
        self.live = live
        self.masters = masters
        self.lock = asyncio.Lock()

    @property
    def id(self) -> str:
        return self.live.id

    # -- reading ------------------------------------------------------------------------------

    async def read(self, build: Callable[[LiveTable], Built]) -> Built:
        """`build` run on the table between commands, never in the middle of one (a message
        built from half a change could show seats or clocks that no version had)."""
        async with self.lock:
            return build(self.live)

    def record(self) -> dict[str, Any]:
        """The finished game's record, seed included (never before the end)."""
        if self.live.status != OVER:
            raise Refused("not_over", "the record (with the seed) is given once the game is over")
        return self.live.record().to_dict()

    def current(self) -> bool:
        """Whether the table is, as far as this process has heard, what the database holds."""
        live = self.live
        return not self.masters.shared or (live.version >= live.announced and not live.reread)

    async def refresh(self, version: int | None = None) -> None:
        """Catch up (for a new connection or after an event from elsewhere). With `version`
        (an event's "table T is at version v"), a table already there is not read again: of a
        process's many connections to one table, the first to catch up reads the database
        and the others find the table there."""
        if not self.masters.shared:
            return
        live = self.live
        if version is None:
            async with self.lock:
                await self.catch_up()
        elif live.version < version or live.reread:
            async with self.lock:
                if live.version < version or live.reread:
                    await self.catch_up(seats=False)

    # -- catching up (the master's own steps: its lock is held) ------------------------------

    async def catch_up(self, force: bool = False, seats: bool = True) -> None:
        """Bring the table up to what the database holds: when other processes write the
        same tables, or (`force`) when this process's own write met one it did not make. The
        table's row and the actions it lacks come in one statement (one snapshot); its seats
        in a second, unless the caller knows they have not changed (`seats=False`: only
        actions happened since, as an event said)."""
        if not (self.masters.shared or force):
            return
        live = self.live
        seats = seats or live.reread
        live.reread = False  # an event that changes the seats while we read sets it again
        try:
            await self.read_news(seats)
        except BaseException:
            live.reread = live.reread or seats  # what was not read is still to be read
            raise

    async def read_news(self, seats: bool) -> None:
        """`catch_up`'s reading: the table's row and the actions it lacks, the seats when
        asked, applied in order."""
        live = self.live
        rows, seat_rows = await self.masters.repository.read_news(live.id, live.version, seats)
        if not rows:
            return
        try:
            for row in rows:
                if row.action is not None and row.version > live.version:
                    live.follow(row.seat, json.loads(row.action))
        except (IllegalAction, OptionError, ValueError) as exc:
            # A cached table only ever holds stored actions (`LiveTable.attempt`), so the
            # stored ones that follow always apply; should that ever fail, this process's
            # copy is not trusted: the table is read again, whole, from the database.
            log.error("table %s: the cached game cannot follow the stored log: %s", live.id, exc)
            again = await self.masters.load(live.id)
            if again is None:
                return
            live.take_over(again)
            if live.status == OVER:
                self.masters.keep_finished(self)
            return
        row = rows[-1]
        self.note_row(row.status, json.loads(row.deadlines))
        live.rematch = row.rematch
        if seat_rows is not None:
            # (Read in the same connection after the row: seats changed in between are read
            # under the older version, and the next move's write finds it out.)
            live.seats = [seat_from_row(r) for r in seat_rows]
            live.seats_version = row.seats_version

    def hear(self, event: dict[str, Any]) -> None:
        """An event about this table from any process: the version it is at, or that its
        seats or clocks changed. A table that has heard of no newer version and no such change
        holds what the database holds, and need not be read again before an action is tried
        on it (`current`)."""
        live = self.live
        if event.get("kind") == "table":
            live.reread = True
        if event.get("kind") != "version":
            return
        version = int(event.get("version", 0))
        live.announced = max(live.announced, version)
        move = event.get("move")
        if move is None or live.version != version - 1:
            return
        if not self.lock.locked():
            self.apply_move(version, move)
            return
        # A command holds the table (a move being stored, a catch-up): the move is applied
        # when it is done, unless it has caught up past it meanwhile.
        task = asyncio.get_running_loop().create_task(self.apply_when_free(version, move))
        self.masters.background.add(task)
        task.add_done_callback(self.masters.background.discard)

    async def apply_when_free(self, version: int, move: dict[str, Any]) -> None:
        async with self.lock:
            self.apply_move(version, move)

    def apply_move(self, version: int, move: dict[str, Any]) -> None:
        """The stored action that brought the table to `version`, announced with it, applied
        to a copy one version behind (with the lock held, or nobody holding it): the process
        follows the table without reading the database."""
        live = self.live
        if live.version != version - 1:
            return
        try:
            live.follow(move["seat"], move["action"])
        except (IllegalAction, OptionError, ValueError, KeyError) as exc:
            log.error("table %s: an announced move does not apply: %s", live.id, exc)
            return  # unchanged, and behind what was announced: the next reader catches up
        self.note_row(move["status"], move["deadlines"])

    def note_row(self, status: str, deadlines: dict[Any, float]) -> None:
        """The status and clocks stored with the version the table has just reached."""
        self.live.status = status
        self.live.deadlines = seat_deadlines(deadlines)
        if status == OVER:
            self.masters.keep_finished(self)

    # -- acting -------------------------------------------------------------------------------

    @logged("act", 0)
    async def act(self, seat: int, action_json: Any, version: int) -> LiveTable:
        """A person's action for their seat, chosen at `version` (see `submit`)."""
        live = self.live
        if live.seats[seat].forfeited and live.status == ACTIVE:
            raise Refused("forfeited", FORFEITED)
        if live.seats[seat].bot is not None and live.status == ACTIVE:
            raise Refused("handed", "a bot plays your seat now; take it back first")
        rule = live.spec.time_rule
        if rule is not None and action_json == rule[1]:
            raise Refused("clock_only", "only the table's clock sends a time-out")
        return await self.submit(seat, action_json, version)

    @logged("bot_move", 0)
    async def bot_move(self, seat: int, action_json: Any, version: int) -> LiveTable:
        """A server bot's action for the seat it plays, chosen at `version`."""
        return await self.submit(seat, action_json, version)

    @logged("expire")
    async def expire(self, now: float) -> None:
        """Every deadline that has passed by `now`: the game's time rule
        (`GameSpec.time_rule`) where the table plays it, the seat forfeited where a turn-based
        table's time bank says so (`forfeit`), else a heuristic bot move for that decision."""
        live = self.live
        rule = live.spec.time_rule
        expiry = live.clock.get("on_expiry")
        for seat, deadline in sorted(live.deadlines.items()):
            if deadline > now or seat not in live.state.to_move():
                continue
            if expiry == "rule" and rule is not None:
                with contextlib.suppress(Refused):
                    await self.submit(seat, rule[1], live.version)
            elif expiry == "forfeit":
                await self.forfeit(seat, now)
            elif self.masters.bots is not None:
                self.masters.bots.play(live, seat, STAND_IN, delay=0)

    async def forfeit(self, seat: int, now: float) -> bool:
        """A turn-based seat whose time bank ran out by `now` is forfeited: a heuristic bot
        plays it to the end (the others' game goes on), and its player cannot take it back.
        False when, read again, the seat is no longer due (it moved meanwhile, elsewhere)."""
        live = self.live
        async with self.lock:
            await self.catch_up()
            current = live.seats[seat]
            due = live.deadlines.get(seat)
            if (
                live.status != ACTIVE
                or current.kind != "human"
                or current.bot is not None
                or due is None
                or due > now
                or seat not in live.state.to_move()
            ):
                return False
            await self.write_seats({seat: {"agent": STAND_IN, "forfeited": True}})
        await self.masters.changed(live, "table")
        return True

    async def look_for_bots(self) -> None:
        """Start a move for every bot seat now asked (after a restart, or a lost race)."""
        if self.masters.bots is not None:
            await self.masters.bots.look(self.live)

    async def submit(self, seat: int, action_json: Any, version: int) -> LiveTable:
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
        start = time.perf_counter()
        task = asyncio.ensure_future(self.settle(seat, action_json, version))
        try:
            live = await asyncio.shield(task)
        except asyncio.CancelledError:
            task.add_done_callback(unheard)
            raise
        metrics.actions.inc()
        metrics.action_latency.observe(time.perf_counter() - start)
        return live

    async def settle(self, seat: int, action_json: Any, version: int) -> LiveTable:
        """`submit`'s work, which runs to its end whoever waits for it."""
        live = self.live
        lost: Step | None = None  # our step, when its write met a row already there
        for attempt in range(1, SUBMIT_ATTEMPTS + 1):
            known = live.version
            stored: Step | None = None
            try:
                async with self.lock:
                    # A table that has heard of no change since it was read is tried as it is:
                    # should another process have written first after all, the database
                    # refuses the write and the table is read again (the next attempt).
                    if lost is not None or not self.current():
                        await self.catch_up(force=lost is not None, seats=lost is not None)
                    if lost is not None and await self.wrote(lost):
                        # The row that was there is our own write: it went through on a
                        # connection that broke before saying so.
                        return live
                    step = live.judge(seat, action_json, version, self.masters.now())
                    try:
                        await self.masters.repository.append(step.move(live.id, live.seats_version))
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
                        self.masters.forget(live.id)
                        raise
                    live.adopt(step)
                    if live.status == OVER:
                        self.masters.keep_finished(self)
                    stored = step
            finally:
                # Whatever this attempt ends in, moves it caught up with are announced (again:
                # twice costs a refresh that finds nothing new; never costs a stalled table).
                if stored is None and live.version > known:
                    await self.masters.changed(live, "version")
            await self.masters.changed(live, "version", stored)
            return live
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def wrote(self, step: Step) -> bool:
        """Whether the row stored at `step`'s version is this very write (its time, to the
        last bit, as well as its seat and action: another tab's identical action is not)."""
        row = await self.masters.repository.stored_action(self.id, step.version)
        move = step.move(self.id)
        return row is not None and (row.seat, row.action, row.at) == (
            move.seat,
            move.action,
            move.at,
        )

    # -- seats (the master's own steps: its lock is held) ------------------------------------

    async def write_seats(self, changes: dict[int, dict[str, Any]]) -> None:
        """Store changed seats, refreshing deadlines for bots in or out. The change is stored
        on the seats as this process knows them (`seats_version`); when another process
        changed them first, the table is read again and the change made on what it holds
        (so the clocks are those of every seat as it now is), and refused (`stale`) should
        that race be lost every time (as a move is, `SUBMIT_ATTEMPTS`)."""
        live = self.live
        for attempt in range(1, SUBMIT_ATTEMPTS + 1):
            now = self.masters.now()
            seats = [replace(s, **changes[s.seat]) if s.seat in changes else s for s in live.seats]
            deadlines = live.deadlines
            if live.status == ACTIVE:
                old = {k: v for k, v in live.deadlines.items() if k not in changes}
                bots = {s.seat for s in seats if s.bot}
                deadlines = live.deadlines_after(now, old, bots)
            try:
                version = await self.masters.repository.write_seats(
                    live.id, changes, deadlines, now, live.seats_version
                )
            except Conflict:
                await self.catch_up(force=True, seats=True)
                if attempt < SUBMIT_ATTEMPTS:
                    continue
                raise Refused(
                    "stale", "the table's seats changed meanwhile; here is the table as it is now"
                ) from None
            # Only what is stored is cached.
            live.seats, live.deadlines, live.seats_version = seats, deadlines, version
            return

    async def take_free_seat(self, seat: int, values: dict[str, Any]) -> bool:
        """Claim a seat nobody has claimed: False when another process took it first (the
        database decides, as between two actions)."""
        if not await self.masters.repository.take_free_seat(self.id, seat, values):
            return False
        for key, value in {"claimed": True, **values}.items():
            setattr(self.live.seats[seat], key, value)
        return True

    async def free_seat(self, seat: int) -> None:
        """Give a seat up before the start, in the mode it had: an `invite` or `me` seat stays
        kept for its link (the same link takes it again), an `open` seat is open again and its
        token is dropped, so that only a new join takes it; that token is remembered to tell
        its link what happened."""
        values: dict[str, Any] = {
            "claimed": False,
            "name": None,
            "account_id": None,
            "owner_key_hash": None,
        }
        current = self.live.seats[seat]
        if current.mode == "open":
            values["former_token_hash"] = current.token_hash
            values["token_hash"] = None
        await self.write_seats({seat: values})

    async def start_if_full(self) -> bool:
        """Start a waiting table whose every seat is taken."""
        # Another process may have taken the last other seat meanwhile, having seen ours still
        # free: read the seats again after our own claim was committed, so that of two claims
        # at once the later one always sees both and starts the table.
        await self.catch_up()
        live = self.live
        if live.status != WAITING or not all(s.claimed or s.kind == "bot" for s in live.seats):
            return False
        now = self.masters.now()
        deadlines = live.deadlines_after(now, {})
        if await self.masters.repository.start_table(live.id, deadlines, now):
            live.status = ACTIVE
            live.deadlines = deadlines
        return True

    async def set_agent(self, seat: int, agent: str | None) -> None:
        """Hand a human seat to a bot (`agent`) or give it back to its player (None)."""
        async with self.lock:
            await self.catch_up()
            await self.write_seats({seat: {"agent": agent}})
        await self.masters.changed(self.live, "table")

    # -- seats: the commands ------------------------------------------------------------------

    @logged("claim", 0)
    async def claim(
        self, seat: int, name: str | None, account_id: int | None, key: str | None = None
    ) -> None:
        """A person takes their human seat (a connection saying hello with its token), or
        comes back to it. The first claim binds the seat to its account (if any) and to the
        device's `key`; later hellos never re-bind it (a player cannot move a lost game onto a
        throwaway account), and rename it only before the start."""
        live = self.live
        async with self.lock:
            await self.catch_up()
            current = live.seats[seat]
            refusal = owner_refusal(current, key, account_id)
            if refusal is not None:
                raise refusal
            values = self.claim_values(current, name, account_id, key)
            if values:
                await self.write_seats({seat: values})
                started = await self.start_if_full()
            else:
                # Nothing to write. But a claim's write and the start it led to are two
                # commits: a crash between them left every seat taken and the table waiting,
                # and whoever comes back starts it.
                if not await self.start_if_full():
                    return
                started = True
        await self.masters.changed(live, "table")
        if started:
            await self.masters.changed(live, "version")

    def claim_values(
        self, current: Seat, name: str | None, account_id: int | None, key: str | None
    ) -> dict[str, Any]:
        """What a claim writes to the seat (empty: nothing)."""
        values: dict[str, Any] = {}
        if not current.claimed:
            if self.live.rated and account_id is None:
                raise Refused("account_needed", ACCOUNT_NEEDED)
            values["claimed"] = True
        if account_id is not None and current.account_id is None:
            # Bound once (a seat claimed without a session may gain its player's account),
            # never re-bound.
            values["account_id"] = account_id
        if key is not None and current.owner_key_hash is None:
            values["owner_key_hash"] = token_hash(key)
        if name is not None and name != current.name and self.live.status == WAITING:
            values["name"] = name
        return values

    @logged("join")
    async def join(
        self, name: str | None, account_id: int | None, wanted: int | None
    ) -> tuple[int, str]:
        """Take an open seat of a waiting table (`wanted`, else the first one), never one
        kept for an invite link or for the creator: the seat and its new token."""
        live = self.live
        if live.status != WAITING:
            raise Refused("not_waiting", "that table has started; ask for a spectator link")
        if await self.masters.draining():
            raise Refused("draining", DRAINING_MESSAGE)
        if name is not None and person_name(name) is None:
            raise Refused("bad_request", "'name' is not a name people can read")
        if live.rated and account_id is None:
            raise Refused("account_needed", ACCOUNT_NEEDED)
        token = new_token()
        async with self.lock:
            await self.catch_up()
            free = [s.seat for s in live.seats if s.mode == "open" and not s.claimed]
            if wanted is not None:
                if not 0 <= wanted < live.players:
                    raise Refused("bad_request", f"'seat' must be from 0 to {live.players - 1}")
                seat_wanted = live.seats[wanted]
                if seat_wanted.mode in LINKED_MODES:
                    raise Refused(
                        "reserved",
                        f"seat {wanted} is kept for the person holding its invite link",
                    )
                if seat_wanted.mode == "bot":
                    raise Refused("bot_seat", f"seat {wanted} is a bot's")
                if wanted not in free:
                    raise Refused("taken", f"seat {wanted} is taken")
            if not free:
                if any(not s.claimed and s.mode != "bot" for s in live.seats):
                    raise Refused(
                        "no_open_seat",
                        "no seat of this table is open to join: the free ones are kept for "
                        "their invite links",
                    )
                raise Refused("full", "every seat is taken")
            seat = wanted if wanted is not None else free[0]
            taken = await self.take_free_seat(
                seat,
                {
                    "token_hash": token_hash(token),
                    "name": person_name(name) if name else None,
                    "account_id": account_id,
                },
            )
            if not taken:
                raise Refused("taken", f"seat {seat} was taken a moment ago; try again")
            started = await self.start_if_full()
        await self.masters.changed(live, "table")
        if started:
            await self.masters.changed(live, "version")
        return seat, token

    @logged("leave", 0)
    async def leave(self, seat: int) -> None:
        """Before the start a seat becomes free again in the mode it had (`free_seat`);
        during the game a bot plays it (the player may come back and take it)."""
        live = self.live
        if live.seats[seat].kind != "human":
            raise Refused("bot_seat", "that seat is a bot's")
        if live.status == OVER:
            raise Refused("over", "the game is over")
        if live.status == ACTIVE and live.seats[seat].agent is not None:
            raise Refused("handed", "a bot plays your seat already")
        if live.status == WAITING:
            async with self.lock:
                await self.catch_up()
                # The last seat may have been taken (and the game started) while this waited
                # for the lock: a started game's seat is played by a bot instead, never left
                # without a player or a token.
                started = live.status != WAITING
                if not started:
                    await self.free_seat(seat)
            if not started:
                await self.masters.changed(live, "table")
                return
        if live.status == OVER:
            raise Refused("over", "the game is over")
        await self.set_agent(seat, STAND_IN)

    @logged("hand_over", 1)
    async def hand_over(self, by: int, target: Any, agent: str, present: bool) -> Tally:
        """`by`'s vote that a server bot (`agent`) play seat `target`, whose player is idle:
        gone (`present` is False: no connection of theirs is open to any process), or asked and
        silent for `handover_idle_seconds`. Votes are stored and told to the table; once a
        majority of the other seats people play have voted, the seat is handed over (with the
        agent of the vote that carried it) and its votes are cleared (docs/server.md,
        "Moderation"). With two people, one vote is that majority."""
        live = self.live
        moderation = self.masters.moderation
        check_votable(live, by, target)
        settings = self.masters.settings
        check_agent(agent, settings.bot_seconds, settings.bot_iterations)
        # A vote's bot plays a person's seat for the table: a quick one, never a long search
        # on the pool at a voter's word.
        cheap_only(agent, live.spec.name, "a seat voted to a bot")
        async with self.lock:
            await self.catch_up()
            check_votable(live, by, target)
            if not await moderation.idle(live, target, present):
                raise Refused(
                    "present",
                    "that seat's player is here and not idle; a seat is voted to a bot when "
                    f"its player is gone or has let {settings.handover_idle_seconds:g} s pass "
                    "without acting",
                )
            tally = await moderation.cast(live, by, target)
            if tally.carried:
                if live.rated:
                    # A vote must not make a rated game casual, nor pick a weak bot for an
                    # opponent who is away (as correspondence players often are): the seat
                    # plays on as when its player leaves, by the heuristic, and is rated for
                    # its owner by how it finishes (docs/server.md, "Ratings").
                    agent = STAND_IN
                await self.write_seats({target: {"agent": agent}})
        if not tally.carried:
            await moderation.announce(live, tally)
            return tally
        await self.masters.changed(live, "table")
        await moderation.clear(live, target)
        return tally

    @logged("take_back", 0)
    async def take_back(self, seat: int) -> None:
        """A player takes their seat back from the bot it was handed to."""
        live = self.live
        if live.status != ACTIVE:
            raise Refused("not_active", "seats are taken back during a game")
        if live.seats[seat].forfeited:
            raise Refused("forfeited", FORFEITED)
        if live.seats[seat].kind != "human" or live.seats[seat].agent is None:
            raise Refused("not_handed", "your seat is not played by a bot")
        await self.set_agent(seat, None)

    # -- the table as a whole -----------------------------------------------------------------

    @logged("rematch")
    async def rematch(self) -> str:
        """The same seats (the same tokens, names and bots) at a new table with a new seed;
        asking twice, or from two processes, gives one rematch."""
        live = self.live
        if live.status != OVER:
            raise Refused("not_over", "a rematch can be asked for once the game is over")
        if live.rematch is None:
            seats = [
                {
                    "kind": s.kind,
                    "agent": s.agent if s.kind == "bot" else None,
                    "token_hash": s.token_hash,
                    "name": s.name,
                    "account_id": s.account_id,
                    "claimed": s.claimed,
                    "mode": s.mode,
                    # The same devices own the same seats: the creator's copies of the
                    # tokens open the new table's seats no more than the old one's.
                    "owner_key_hash": s.owner_key_hash,
                }
                for s in live.seats
            ]
            # Rated as the table was, unless a bot of it is no longer a rated level (a table
            # from before the named levels): then the rematch is casual, not refused.
            rated = live.rated and all(s.kind != "bot" or s.agent in RATED_BOTS for s in live.seats)
            new_id = await self.masters.create(
                live.spec,
                players=live.players,
                options=live.options,
                seats=seats,
                clock=live.clock,
                listed=False,
                bot_delay=live.bot_delay,
                rematch_of=live.id,
                rated=rated,
                created_by=live.created_by,
                owner=Owner(live.owner_account, live.owner_address),
            )
            live.rematch = await self.masters.repository.set_rematch(live.id, new_id)
            started = await self.masters.get(new_id)
            if started is not None and live.rematch == new_id:
                await started.look_for_bots()
        await self.masters.fanout.publish(
            {"kind": "rematch", "table": live.id, "rematch": live.rematch}
        )
        return str(live.rematch)

    @logged("close")
    async def close(self, reason: str) -> None:
        """The operator ends the table without a result (`buccaneer` admin page): its status
        becomes over, its result `{"closed": reason}`, its clocks stop, and everyone at it
        is told. Its game is not played to the end and nobody is rated for it."""
        live = self.live
        reason = " ".join(reason.split())
        if not 0 < len(reason) <= 200:
            raise Refused("bad_request", "'reason' must say why, in 1 to 200 characters")
        async with self.lock:
            await self.catch_up()
            if live.status == OVER or not await self.masters.operator.close_table(
                live.id, reason, self.masters.now()
            ):
                raise Refused("over", "the table is over already")
            live.status = OVER
            live.deadlines = {}
            self.masters.keep_finished(self)
        await self.masters.changed(live, "table")

    @logged("chat", 0)
    async def chat(self, seat: int, text: str, may_speak: Callable[[], bool]) -> None:
        """A chat line from `seat` (its spaces folded), told to everyone at the table;
        `may_speak` is the sender's rate limit, asked once the line itself is fine."""
        line = " ".join(text.split())
        if not line:
            raise Refused("bad_message", "a chat line needs some text")
        length = self.masters.settings.chat_length
        if len(line) > length:
            raise Refused("too_long", f"a chat line may hold {length} characters")
        if not may_speak():
            raise Refused("rate_limited", "too many chat lines; wait a little")
        live = self.live
        name = live.seats[seat].name or live.spec.seat_name(seat)
        now = self.masters.now()
        line_id = await self.masters.repository.add_chat(live.id, seat, name, line, now)
        message = {"id": line_id, "seat": seat, "name": name, "text": line, "at": now}
        # The speaker's account goes with the event (not to clients): connections of those
        # who muted it leave the line out (docs/server.md, "Moderation").
        account = live.seats[seat].account_id
        await self.masters.fanout.publish(
            {"kind": "chat", "table": live.id, "message": message, "account": account}
        )

    async def report(
        self, by_seat: int | None, by_account: int | None, seat: Any, reason: Any
    ) -> int:
        """A report of seat `seat`'s player by a seat of this table (`by_seat`) or an account
        (`by_account`), with the table's chat and its record as they are now kept as
        evidence for the operator (the reporter is told nothing new): its id. Refused for
        oneself, a seat the table does not have, an empty or overlong reason, and while the
        same reporter's earlier report of that seat is still open."""
        live = self.live
        moderation = self.masters.moderation
        if type(seat) is not int or not 0 <= seat < live.players:
            raise Refused("bad_request", f"there is no seat {seat} at this table")
        text = moderation.check_reason(reason)
        reported = live.seats[seat]
        if seat == by_seat or (by_account is not None and reported.account_id == by_account):
            raise Refused("own_seat", "you cannot report yourself")
        if reported.kind != "human":
            raise Refused("bot_seat", "that seat is a bot's: there is nobody to report")
        repository = moderation.repository
        async with self.lock:
            await self.catch_up()
            if await repository.open_report(live.id, by_account, by_seat, seat):
                raise Refused(
                    "already_reported",
                    "you reported this player at this table already; the operator has it",
                )
            evidence = {
                "table": live.meta(),
                "chat": await repository.all_chat(live.id),
                "record": live.state.record().to_dict(),
            }
            return await repository.add_report(
                {
                    "table_id": live.id,
                    "reporter_id": by_account,
                    "reporter_seat": by_seat,
                    "reported_seat": seat,
                    "reported_id": reported.account_id,
                    "reason": text,
                    "evidence": json.dumps(evidence),
                    "at": self.masters.now(),
                }
            )


class Masters:
    """This process's table masters, by table id: loaded on first use, cached, told what
    other processes announce, and forgotten when old; every change is committed, then
    published."""

    def __init__(
        self,
        repository: Repository,
        fanout: Fanout,
        shared: bool,
        *,
        settings: Settings | None = None,
        cache_size: int = 2000,
        finished_size: int = 100,
        clock: Callable[[], float] = time.time,
    ):
        self.repository = repository
        self.fanout = fanout
        # Another process may write the same tables (several workers or hosts): catch up from
        # the database before acting. A lone process is the only writer and skips that.
        self.shared = shared
        self.settings = settings or Settings()
        self.cache: OrderedDict[str, TableMaster] = OrderedDict()
        self.cache_size = cache_size
        # The cached tables whose game is over, oldest first (see `keep_finished`).
        self.finished: OrderedDict[str, None] = OrderedDict()
        self.finished_size = finished_size
        self.loading: dict[str, asyncio.Lock] = {}
        # The server's bots, told of every change (none: nobody plays bot seats here).
        self.bots: BotRunner | None = None
        # Announced moves waiting for their table's lock (`TableMaster.hear`).
        self.background: set[asyncio.Task[None]] = set()
        # The wall clock (seconds since the epoch) every stored time is read from: tests
        # replace it to play days of turn-based play in seconds.
        self.clock = clock
        # Told of every change this process made, after it is stored and announced:
        # ratings when a table ends, notifications when a seat is asked to move, ... Each
        # gets (the table, the kind of change, the stored step if any); one that fails is
        # logged and does not stop the others or the command.
        self.watchers: list[Watcher] = []
        # Mutes, reports, hand-over votes and the chat's retention (moderation.py); its
        # watcher clears a seat's votes when its player acts.
        self.moderation = Moderation(
            ModerationRepository(repository.engine), fanout, self.settings, self.now
        )
        self.watchers.append(self.moderation.watch)
        # The operator's statements: the shared flags (draining), closing a table.
        self.operator = OperatorRepository(repository.engine)
        # Ratings' statements, and each rated bot level's account (`ratings.Ratings.start`).
        self.ratings = RatingsRepository(repository.engine)
        self.bot_accounts: dict[str, int] = {}

    def now(self) -> float:
        return self.clock()

    async def draining(self) -> bool:
        """Whether the operator has set the server draining (`server_flags`): no new tables
        and no joining, while the games being played go on."""
        return await self.operator.flag(DRAINING) is not None

    # -- loading ------------------------------------------------------------------------------

    async def get(self, table_id: str) -> TableMaster | None:
        master = self.cache.get(table_id)
        if master is not None:
            self.cache.move_to_end(table_id)
            return master
        if not TABLE_ID.match(table_id):
            return None  # not an id this server ever makes: no need to ask the database
        lock = self.loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                master = self.cache.get(table_id)
                if master is None:
                    live = await self.load(table_id)
                    if live is not None:
                        master = TableMaster(live, self)
                        self.remember(master)
        finally:
            self.loading.pop(table_id, None)
        return master

    async def fresh(self, table_id: str, version: int | None = None) -> TableMaster | None:
        """The table's master, caught up (`TableMaster.refresh`)."""
        master = await self.get(table_id)
        if master is not None:
            await master.refresh(version)
        return master

    async def load(self, table_id: str) -> LiveTable | None:
        stored = await self.repository.read_table(table_id)
        return None if stored is None else build_table(stored)

    def remember(self, master: TableMaster) -> None:
        self.cache[master.id] = master
        while len(self.cache) > self.cache_size:
            oldest = next(iter(self.cache))
            if self.cache[oldest].lock.locked():
                break
            self.forget(oldest)
        if master.live.status == OVER:
            self.keep_finished(master)

    def keep_finished(self, master: TableMaster) -> None:
        """A finished table stays cached a while (its end screen, the rematch), but only the
        newest `finished_size` of them: a server that has played thousands of games keeps its
        memory, and the garbage collector's pauses that grow with it, to the tables in play.
        An evicted one is read again from the database when asked for."""
        self.finished[master.id] = None
        self.finished.move_to_end(master.id)
        while len(self.finished) > self.finished_size:
            oldest = next(iter(self.finished))
            table = self.cache.get(oldest)
            if table is not None and table.lock.locked():
                break
            self.forget(oldest)

    def forget(self, table_id: str) -> None:
        self.cache.pop(table_id, None)
        self.finished.pop(table_id, None)

    def heard(self, event: dict[str, Any]) -> None:
        """An event from any process (this one's too): the cached table it names hears it."""
        master = self.cache.get(event.get("table", ""))
        if master is not None:
            master.hear(event)

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
        if self.bots is not None:
            await self.bots.look(live)
        for watcher in self.watchers:
            try:
                await watcher(live, kind, step)
            except Exception:
                log.exception("a watcher of table %s failed at version %s", live.id, live.version)

    # -- commands that name a table by id -----------------------------------------------------

    async def bot_move(self, table_id: str, seat: int, action_json: Any, version: int) -> None:
        """A server bot's move (`BotRunner`'s way in)."""
        master = await self.get(table_id)
        if master is None:
            raise Refused("no_table", "there is no such table")
        await master.bot_move(seat, action_json, version)

    async def account_of_session(self, token: str) -> tuple[int, str] | None:
        """The (id, name) of the account a session token opens, or None (also once the
        session expired: `session_idle_days` unused, or `session_days` old)."""
        day = 86_400.0
        return await self.repository.account_of_session(
            token_hash(token),
            self.now(),
            idle=self.settings.session_idle_days * day,
            longest=self.settings.session_days * day,
        )

    async def seat_of_token(self, token: str, table_id: str | None) -> tuple[str, int] | None:
        """The (table, seat) a seat token opens: the named table's, or the newest table's."""
        return await self.repository.seat_of_token(token_hash(token), table_id)

    async def why_no_seat(self, token: str, table_id: str | None) -> Refused:
        """The refusal for a token that opens no seat, saying what happened where that is
        safe: a link whose holder gave an open seat up before the start (the token is then
        proof enough to be told), else that no seat has the token, which tells a guesser
        nothing."""
        row = await self.repository.given_up_seat(token_hash(token), table_id)
        if row is None:
            return Refused(
                "unknown_token",
                "no seat has that token: the link may be cut short or mistyped, or belong "
                "to another table",
            )
        now = "someone else has taken it since" if row.claimed else "it is open again"
        return Refused(
            "seat_given_up",
            f"this link's seat ({row.seat + 1}) was given up before the game started; {now}",
        )

    async def leave(self, table_id: str, token: str, key: str | None = None) -> LiveTable:
        """The holder of `token` (beside the seat's device key, once it has one) gives its
        seat of `table_id` up (`TableMaster.leave`)."""
        if not TABLE_ID.match(table_id):
            raise Refused("no_table", "there is no such table")
        found = await self.seat_of_token(token, table_id)
        if found is None:
            raise await self.why_no_seat(token, table_id)
        master = await self.fresh(table_id)
        if master is None:
            raise Refused("no_table", "there is no such table")
        refusal = owner_refusal(master.live.seats[found[1]], key, None)
        if refusal is not None:
            raise refusal
        await master.leave(found[1])
        return master.live

    async def check_costly_bots(self, owner: Owner, agents: Sequence[str], game: str) -> None:
        """A new table's (or queue's) costly bots within its owner's budget: none for a
        guest or a creator without an account (`cheap_only`), and at most
        `costly_bot_tables` waiting or running tables with costly bots per account and per
        address (`bot_quota` otherwise)."""
        wanted = [agent for agent in agents if costly(agent, game)]
        if not wanted:
            return
        account = None
        if owner.account is not None:
            account = await self.repository.account_by_id(owner.account)
        if account is None or account.password_hash is None:
            cheap_only(wanted[0], game, "a guest or a table without an account")
        limit = self.settings.costly_bot_tables
        if await self.repository.costly_tables(owner.account, owner.address) >= limit:
            raise Refused(
                "bot_quota",
                f"you have {limit} tables with long-searching bots already (by this account "
                "or from this address); finish one, or choose quicker bots",
            )

    async def open(
        self,
        spec: GameSpec,
        *,
        players: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        clock: dict[str, Any],
        listed: bool,
        bot_delay: float,
        rated: bool = False,
        created_by: int | None = None,
        owner: Owner = NO_OWNER,
    ) -> str:
        """A new table (`create`) whose bots start at once where the game has started."""
        table_id = await self.create(
            spec,
            players=players,
            options=options,
            seats=seats,
            clock=clock,
            listed=listed,
            bot_delay=bot_delay,
            rated=rated,
            created_by=created_by,
            owner=owner,
        )
        master = await self.get(table_id)
        if master is not None:
            await master.look_for_bots()
        return table_id

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
        rated: bool = False,
        created_by: int | None = None,
        owner: Owner = NO_OWNER,
    ) -> str:
        """Store a new table (its seed from `secrets`, never chosen by a client); start it
        at once when no seat waits for a person. Refused (`draining`) while the server
        drains: a rematch or a quick-play table is a new table too."""
        if await self.draining():
            raise Refused("draining", DRAINING_MESSAGE)
        if rated:
            # A bot seat of a rated table is its level's account, rated like anyone; the
            # accounts are made at start (`ratings.Ratings.start`), or here when first needed.
            if not self.bot_accounts:
                self.bot_accounts.update(await self.ratings.bot_accounts(RATED_BOTS, self.now()))
            seats = [
                {**s, "account_id": self.bot_accounts.get(str(s.get("agent")))}
                if s["kind"] == "bot" and s.get("account_id") is None
                else s
                for s in seats
            ]
            check_rateable(seats, self.bot_accounts)
        table_id = new_table_id()
        seed = secrets.randbits(63)
        # Provable fairness (core/fairness.py): the commitment is public from the first
        # message, the salt as secret as the seed until the game is over.
        salt = fairness.new_salt()
        state = buccaneer.load(spec.name, players, seed=seed, **options)
        now = self.now()
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
        await self.repository.create_table(
            {
                "id": table_id,
                "game": spec.name,
                "players": players,
                "options": json.dumps(state.options),
                "seed": seed,
                "salt": salt,
                "commitment": fairness.commitment(seed, salt),
                "status": status,
                "listed": listed,
                "clock": json.dumps(clock),
                "bot_delay": bot_delay,
                "version": 0,
                "deadlines": json.dumps(deadlines),
                "next_deadline": first_deadline(deadlines),
                "rematch_of": rematch_of,
                "rated": rated,
                "created_by": created_by,
                "owner_account": owner.account,
                "owner_address": owner.address,
                "costly_bots": any(
                    costly(str(s["agent"]), spec.name) for s in seats if s["kind"] == "bot"
                ),
                "created_at": now,
                "updated_at": now,
            },
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
                    "mode": s.get("mode") or ("bot" if s["kind"] == "bot" else "invite"),
                    "owner_key_hash": s.get("owner_key_hash"),
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


__all__ = ["Masters", "TableMaster"]
