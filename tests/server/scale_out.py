"""A referee for tables served by several processes: drive a table one decision at a time so
that actions collide on purpose, then hold every message every connection received against
the engine replaying the stored record.

Each seat has two tabs, one on each process (the same seat token), and each process has a
spectator. At every decision the asked seats act at one moment, in turns of two kinds:
- **two tabs**: both tabs of every asked seat send a different legal action at once, so the
  processes race for the same version and the database must keep exactly one;
- **one tab**: every asked seat sends one action, from the process that alternates with the
  seat and the turn, so simultaneous choices (Tortuga's dice, Tortuga 1667's votes) of seats on
  different processes meet, and each must count.

An action is acknowledged when the `pong` of a `ping` sent right after it comes back with no
`error` between the two (a connection handles its messages in order, and an action is
committed before its handling ends). The referee requires that every acknowledged action is
in the record at the versions its turn added, that no refused action is, that every `sync`,
`update` and `table` message equals what the engine says of the record at its version, that
no connection is closed, and that the table finishes.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

import buccaneer
from buccaneer.core import GameRecord, State, get_spec
from tests.server.support import create_table

# What a refused action may be told in a race; anything else is a broken promise.
RACE_REFUSALS = {"stale", "over"}
DOCUMENTED = {
    "bad_message", "bad_action", "illegal", "stale", "not_started", "over", "spectator",
    "hello_first", "already", "unknown_token", "unknown_session", "no_table", "handed",
    "not_handed", "own_seat", "bot_seat", "present", "bad_agent", "not_active", "not_over",
    "clock_only", "too_long", "too_large", "rate_limited", "too_many_connections",
    "server_error", "unreadable",
}  # fmt: skip


class Tab:
    """One WebSocket connection that keeps every message it receives, and how it closed."""

    def __init__(self, base_url: str, label: str) -> None:
        self.url = base_url.replace("http", "ws", 1) + "/ws"
        self.label = label
        self.messages: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None
        self.closing = False
        self.arrived = asyncio.Event()
        self.conn: ClientConnection | None = None
        self.task: asyncio.Task[None] | None = None

    async def open(self, **hello: Any) -> None:
        self.conn = await connect(self.url, max_size=1 << 24, open_timeout=20)
        self.task = asyncio.create_task(self.read())
        await self.send({"type": "hello", **hello})

    async def read(self) -> None:
        assert self.conn is not None
        with contextlib.suppress(ConnectionClosed):
            async for raw in self.conn:
                self.messages.append(json.loads(raw))
                self.arrived.set()
        if not self.closing:  # closed by the server (or the network), not by the referee
            rcvd = self.conn.protocol.close_rcvd
            self.closed = (rcvd.code, rcvd.reason) if rcvd is not None else (1006, "")
        self.arrived.set()

    async def send(self, message: dict[str, Any]) -> None:
        assert self.conn is not None
        await self.conn.send(json.dumps(message))

    async def wait(self, predicate: Any, timeout: float, what: str) -> None:
        """Until `predicate(self)` holds (or fail, saying what was awaited)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not predicate(self):
            if self.closed is not None:
                raise AssertionError(f"{self.label} was closed {self.closed} waiting for {what}")
            left = end - loop.time()
            if left <= 0:
                raise AssertionError(f"{self.label}: no {what} in {timeout} s: {self.tail()}")
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), left)

    def tail(self) -> list[dict[str, Any]]:
        return [
            {k: m.get(k) for k in ("type", "version", "code", "asked")} for m in self.messages[-6:]
        ]

    def game_messages(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] in ("sync", "update")]

    def latest(self) -> dict[str, Any] | None:
        shown = self.game_messages()
        return shown[-1] if shown else None

    def version(self) -> int:
        latest = self.latest()
        return -1 if latest is None else int(latest["version"])

    async def act(self, version: int, action: dict[str, Any]) -> dict[str, Any] | None:
        """Send an action and a ping: the error it got, or None when it was committed."""
        start = len(self.messages)
        await self.send({"type": "action", "version": version, "action": action})
        await self.send({"type": "ping"})

        def answered(tab: Tab) -> bool:
            return any(m["type"] == "pong" for m in tab.messages[start:])

        await self.wait(answered, 30, "pong after an action")
        for message in self.messages[start:]:
            if message["type"] == "pong":
                return None
            if message["type"] == "error":
                return message
        raise AssertionError("unreachable")

    async def close(self) -> None:
        self.closing = self.closed is None
        if self.conn is not None:
            await self.conn.close()
        if self.task is not None:
            await self.task


def status_of(message: dict[str, Any]) -> str:
    return str(message.get("status") or message["table"]["status"])


@dataclass
class Turn:
    """One decision: the version it was taken at, and what each sent action met."""

    version: int
    kind: str  # "two tabs" or "one tab"
    asked: list[int]
    accepted: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    refused: list[tuple[int, dict[str, Any], str]] = field(default_factory=list)


@dataclass
class Table:
    """One table driven across the processes, and what the referee found."""

    game: str
    players: int
    options: dict[str, Any]
    urls: tuple[str, str]
    seed: int
    id: str = ""
    tabs: list[list[Tab]] = field(default_factory=list)  # per seat: [on urls[0], on urls[1]]
    watchers: list[Tab] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)

    def connections(self) -> list[Tab]:
        return [tab for pair in self.tabs for tab in pair] + self.watchers

    async def open(self) -> None:
        one = self.urls[0]
        body = {"game": self.game, "players": self.players, "options": self.options}
        made = await asyncio.to_thread(create_table, one, **body)
        self.id = made["table"]
        for seat in made["seats"]:
            pair = [Tab(url, f"{self.game} seat {seat['seat']} on {url}") for url in self.urls]
            self.tabs.append(pair)
        self.watchers = [Tab(url, f"{self.game} spectator on {url}") for url in self.urls]
        for seat, pair in zip(made["seats"], self.tabs, strict=True):
            for tab in pair:
                await tab.open(token=seat["token"])
        for tab in self.watchers:
            await tab.open(table=self.id)

    async def settle(self, version: int) -> None:
        """Until every connection has been sent the table at `version`."""
        for tab in self.connections():
            await tab.wait(lambda t: t.version() >= version, 30, f"version {version}")
        beyond = [t.label for t in self.connections() if t.version() > version]
        assert not beyond, f"{self.id}: sent versions past {version}, which no turn made: {beyond}"

    async def play(self, max_turns: int = 3000) -> None:
        rng = random.Random(self.seed)
        version = 0
        await self.settle(0)
        for number in range(max_turns):
            latest = [pair[0].latest() for pair in self.tabs]
            if status_of(latest[0] or {}) == "over":
                return
            asked = [s for s, m in enumerate(latest) if m is not None and m["asked"] is not None]
            assert asked, f"{self.id} at version {version}: nobody is asked and it is not over"
            kind = "two tabs" if number % 2 == 0 else "one tab"
            turn = Turn(version, kind, asked)
            sends: list[tuple[int, Tab, dict[str, Any]]] = []
            for seat in asked:
                legal = [choice["action"] for choice in latest[seat]["legal"]]  # type: ignore[index]
                if kind == "two tabs":
                    picks = rng.sample(legal, 2) if len(legal) > 1 else legal * 2
                    tabs = self.tabs[seat]
                    sends += [(seat, tab, pick) for tab, pick in zip(tabs, picks, strict=True)]
                else:
                    tab = self.tabs[seat][(seat + number) % 2]
                    sends.append((seat, tab, rng.choice(legal)))
            answers = await asyncio.gather(*(tab.act(version, a) for _, tab, a in sends))
            for (seat, _, action), error in zip(sends, answers, strict=True):
                if error is None:
                    turn.accepted.append((seat, action))
                else:
                    turn.refused.append((seat, action, error["code"]))
            self.turns.append(turn)
            assert turn.accepted, f"{self.id} at version {version}: every action refused {turn}"
            version += len(turn.accepted)
            await self.settle(version)
        raise AssertionError(f"{self.id} did not finish in {max_turns} turns")

    async def close(self) -> None:
        for tab in self.connections():
            await tab.close()


# -- the referee ----------------------------------------------------------------------------


class Reference:
    """The engine's account of a stored record, version by version: each seat's view, its
    choices with their words, the version its decision was put to it, and the log lines."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        spec = get_spec(record.game)
        state = buccaneer.load(record.game, record.players, seed=record.seed, **record.options)
        self.seats: list[int | None] = [None, *range(record.players)]
        self.views: list[dict[int | None, Any]] = []
        self.legal: list[dict[int | None, Any]] = []
        self.asked: list[dict[int | None, int | None]] = []
        self.over: list[bool] = []
        # Each log line of the whole game: the version whose action wrote it, and the event.
        self.lines: list[tuple[int, Any]] = [(0, event) for event in state.log]
        asked_since = [0] * record.players
        self.snap(state, asked_since)
        for version, (seat, action) in enumerate(record.actions, 1):
            before = set(state.to_move())
            count = len(state.log)
            state.apply(seat, spec.action_from_json(action))
            # The rule the docs give for `asked`: a seat asked anew, or the seat that acted and
            # is asked again, faces a new decision; others keep theirs.
            for s in state.to_move():
                if s == seat or s not in before:
                    asked_since[s] = version
            self.lines += [(version, event) for event in state.log[count:]]
            self.snap(state, asked_since)

    def snap(self, state: State, asked_since: list[int]) -> None:
        over = state.is_over()
        to_move = state.to_move()
        self.over.append(over)
        self.views.append({s: jsonable(state.view(s)) for s in self.seats})
        self.legal.append(
            {
                s: (
                    []
                    if s is None or over
                    else jsonable(
                        [
                            {
                                "action": a.to_json(),
                                "text": state.describe(a, s),
                                "group": state.menu_group(a, s),
                            }
                            for a in state.legal_actions(s)
                        ]
                    )
                )
                for s in self.seats
            }
        )
        self.asked.append(
            {s: (asked_since[s] if s is not None and s in to_move else None) for s in self.seats}
        )

    def log(self, seat: int | None, after: int | None, upto: int) -> list[dict[str, Any]]:
        return [
            {"version": v, "text": event.text, "data": event.data}
            for v, event in self.lines
            if (after is None or v > after) and v <= upto and event.visible(seat)
        ]

    def problems(self, seat: int | None, message: dict[str, Any]) -> list[str]:
        """How `message` (sent to `seat`) differs from the record at its version."""
        kind, version = message["type"], message.get("version")
        if kind == "table":
            meta = message["table"]
            total = len(self.record.actions)
            if meta["version"] > total or (meta["status"] == "over") != (meta["version"] == total):
                return [f"table message at version {meta['version']} status {meta['status']}"]
            return []
        if kind == "error":
            code = message.get("code")
            return [] if code in DOCUMENTED and code != "server_error" else [f"error {message}"]
        if kind not in ("sync", "update"):
            return []
        assert isinstance(version, int)
        if version > len(self.record.actions):
            return [f"{kind} at version {version}, past the record's {len(self.record.actions)}"]
        # Before every seat is taken the table waits: the game is dealt, nobody is asked yet.
        waiting = status_of(message) == "waiting"
        expected: dict[str, Any] = {
            "view": self.views[version][seat],
            "legal": [] if waiting else self.legal[version][seat],
            "asked": None if waiting else self.asked[version][seat],
            "log": self.log(seat, message["since"] if kind == "update" else None, version),
        }
        if kind == "update":
            status = "waiting" if waiting and version == 0 else "active"
            expected["status"] = "over" if self.over[version] else status
            expected["deadlines"] = {}
        else:
            expected["seat"] = seat
            if waiting and version:
                return [f"sync at version {version} of a table that waits for its players"]
        since = f" since {message.get('since')}" if kind == "update" else ""
        return [
            f"{kind} v{version}{since} {key}: sent {short(message.get(key))}, "
            f"the record says {short(value)}"
            for key, value in expected.items()
            if message.get(key) != value
        ]


def jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))


def short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) < 300 else text[:300] + "..."


def referee(table: Table, record: GameRecord) -> list[str]:
    """Everything that breaks a promise at this table (empty: none)."""
    found: list[str] = []
    reference = Reference(record)
    for seat, pair in enumerate(table.tabs):
        for tab in pair:
            for message in tab.messages:
                found += [f"{tab.label}: {p}" for p in reference.problems(seat, message)]
    for tab in table.watchers:
        for message in tab.messages:
            found += [f"{tab.label}: {p}" for p in reference.problems(None, message)]
    for tab in table.connections():
        if tab.closed is not None:
            found.append(f"{tab.label} was closed: {tab.closed}")
        found += [f"{tab.label}: {p}" for p in continuity(tab.game_messages())]
    stored = [(seat, action) for seat, action in record.actions]
    for turn in table.turns:
        added = stored[turn.version : turn.version + len(turn.accepted)]
        if Counter(map(key, added)) != Counter(map(key, turn.accepted)):
            found.append(
                f"turn at v{turn.version} ({turn.kind}): acknowledged {turn.accepted}, "
                f"but the record holds {added} there"
            )
        for seat, action, code in turn.refused:
            if code not in RACE_REFUSALS:
                found.append(f"turn at v{turn.version}: seat {seat}'s {action} refused as {code}")
        per_seat = Counter(seat for seat, _ in turn.accepted)
        if turn.kind == "two tabs" and any(n > 1 for n in per_seat.values()):
            found.append(f"turn at v{turn.version}: both tabs of a seat were acknowledged")
        if turn.kind == "one tab" and turn.refused:
            found.append(f"turn at v{turn.version}: a seat's only action was refused {turn}")
    if not reference.over[-1]:
        found.append(f"{table.id}: the record ends before the game does")
    return found


def continuity(shown: list[dict[str, Any]]) -> list[str]:
    """What a connection was sent, in order: versions never go back, and each update starts
    where the connection's previous message left it (no update lost or sent twice)."""
    found = []
    for before, after in itertools.pairwise(shown):
        if after["version"] < before["version"]:
            found.append(f"v{after['version']} sent after v{before['version']}")
        if after["type"] == "update" and after["since"] != before["version"]:
            found.append(f"an update since v{after['since']} follows v{before['version']}")
    return found


def key(entry: tuple[int, dict[str, Any]]) -> str:
    return json.dumps(entry, sort_keys=True)


async def drive(tables: list[Table], opened: Callable[[], None] = lambda: None) -> list[str]:
    """Play every table at once to its end; the referee's findings for all of them.
    `opened` is called once every connection is open."""
    for table in tables:
        await table.open()
    opened()
    try:
        await asyncio.gather(*(table.play() for table in tables))
    finally:
        for table in tables:
            await table.close()
    found: list[str] = []
    async with httpx.AsyncClient(timeout=30) as http:
        for table in tables:
            response = await http.get(f"{table.urls[1]}/api/tables/{table.id}/record")
            assert response.status_code == 200, response.text
            found += referee(table, GameRecord.from_dict(response.json()))
    return found
