"""Nothing a seat cannot know ever reaches its connection: twin tables on a real server.

Two tables are made twins for one watcher (a seat, or a spectator): the second table's live
game is replaced by `State.twin(watcher)` of the first's, which differs only in what the
watcher cannot know and keeps the same chance stream. The same actions are then taken at both
tables through the table service, and every message the watcher's WebSocket receives — the
comeback update, each update, refusals of its probes, chat, the export refusal — must be the
same at both tables until a rule reveals something to it (its log shows the reveal).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import update

import buccaneer
from buccaneer.core import State
from buccaneer.server import messages
from buccaneer.server import storage as db
from buccaneer.server.auth import new_token, token_hash
from buccaneer.server.fanout import Fanout
from buccaneer.server.master import Masters
from buccaneer.server.migrate import upgrade
from buccaneer.server.repository import Repository, begin
from buccaneer.server.tables import LiveTable
from tests.conformance.harness import CONFIGS, Config, random_step
from tests.conformance.test_twin_walks import diverged, seen_since
from tests.server.support import ThreadServer, create_table
from tests.server.support import new_table as support_new_table
from tests.server.wsclient import Ws

CHOSEN = [
    "cartagena-3p-variant=jamaica",
    "cartagena-2p-variant=tortuga",
    "tortuga-3p-long_game=False",
    "tortuga1667-4p",
    "tortuga1667-3p-advanced_setup=True",
]
WALK = 12
START_AT = (0, 25)  # random actions played before the twins are made


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    path = tmp_path_factory.mktemp("leaks") / "db.sqlite"
    with ThreadServer(f"sqlite:///{path}") as running:
        yield running


def on_server(server: ThreadServer, coro: Any) -> Any:
    return server.run(coro)


def new_table(server: ThreadServer, config: Config) -> LiveTable:
    table = create_table(
        server.url, game=config.spec.name, players=config.players, options=config.options
    )

    async def claim() -> LiveTable:
        master = await server.server.masters.get(table["table"])
        assert master is not None
        for seat in range(config.players):
            await master.claim(seat, None, None)
        return master.live

    live: LiveTable = on_server(server, claim())
    assert live.status == "active"
    return live


def install(live: LiveTable, state: State, like: LiveTable) -> None:
    """Put `state` (at `like`'s version) into `live`, with `like`'s bookkeeping: the log of a
    twin starts empty, so every version's log mark is 0."""
    live.state = state
    live.version = like.version
    live.asked_since = like.asked_since[:]
    live.log_marks = [len(state.log)] * (like.version + 1)


def public(message: dict[str, Any]) -> dict[str, Any]:
    """A message without what names the table itself (its id, creation time, and the
    commitment to its seed, which its own salt makes differ from every other table's)."""
    out = dict(message)
    own = ("id", "created_at", "commitment")
    if "table" in out and isinstance(out["table"], dict):
        out["table"] = {k: v for k, v in out["table"].items() if k not in own}
    return out


async def next_state_message(ws: Ws, version: int) -> tuple[dict[str, Any], list[Any]]:
    """Messages up to the one at `version`, and the log lines they brought (words and data:
    the browser writes its lines from the data, so the data is compared as the words are)."""
    lines: list[Any] = []
    while True:
        message = await ws.recv("sync", "update", timeout=10)
        lines += [(line["text"], line["data"]) for line in message["log"]]
        if message["version"] >= version:
            return message, lines


def compare_pair(config: Config, server: ThreadServer, seat: int | None, seed: int) -> int:
    rng = random.Random(seed)
    a = new_table(server, config)
    b = new_table(server, config)
    start = START_AT[seed % len(START_AT)]

    async def prepare() -> None:
        master = await server.server.masters.get(a.id)
        assert master is not None
        for _ in range(start):
            if a.state.is_over():
                break
            async with master.lock:
                random_step(a.state, rng)  # the position, before anyone watches
                a.version += 1
        for s in range(config.players):
            a.asked_since[s] = a.version
        a.log_marks = [len(a.state.log)] * (a.version + 1)
        install(b, a.state.twin(seat, random.Random(seed)), a)

    on_server(server, prepare())
    if a.state.is_over():
        return 0
    token_a = token_b = None
    if seat is not None:
        token_a = join_token(server, a, seat)
        token_b = join_token(server, b, seat)

    async def walk() -> int:
        async with Ws(server.url) as wa, Ws(server.url) as wb:
            hello_a = {"table": a.id, "version": a.version}
            hello_b = {"table": b.id, "version": b.version}
            if seat is not None:
                hello_a["token"], hello_b["token"] = token_a, token_b
            got_a, got_b = await wa.hello(**hello_a), await wb.hello(**hello_b)
            assert public(got_a) == public(got_b), "the comeback update differs"
            await probe(wa, wb, got_a)
            marks = (len(a.state.log), len(b.state.log))
            for step in range(WALK):
                if a.state.is_over():
                    return step
                moves = []
                for mover in a.state.to_move():
                    legal_b = b.state.legal_actions(mover)
                    common = [x for x in a.state.legal_actions(mover) if x in legal_b]
                    if not common:
                        return step
                    moves.append((mover, common[rng.randrange(len(common))]))
                version = a.version
                for mover, action in moves:
                    on_server_async = asyncio.wrap_future(
                        asyncio.run_coroutine_threadsafe(
                            submit_both(server, a, b, (mover, action.to_json()), version),
                            server.server.loops[0].get_loop(),
                        )
                    )
                    await on_server_async
                msg_a, lines_a = await next_state_message(wa, a.version)
                msg_b, lines_b = await next_state_message(wb, b.version)
                logs = diverged(
                    seen_since(a.state, marks[0], seat), seen_since(b.state, marks[1], seat)
                )
                if logs == "reveal" or a.state.is_over():
                    return step
                assert logs is None, f"{config.id}: the logs differ without a reveal"
                assert lines_a == lines_b, (config.id, seat, step)
                assert public(msg_a) == public(msg_b), (config.id, seat, step)
                if step % 4 == 0:
                    await probe(wa, wb, msg_a)
            return WALK

    return int(asyncio.run(walk()))


async def submit_both(
    server: ThreadServer, a: LiveTable, b: LiveTable, move: tuple[int, Any], version: int
) -> None:
    mover, action = move
    for live in (a, b):
        master = await server.server.masters.get(live.id)
        assert master is not None
        await master.submit(mover, action, version)


def join_token(server: ThreadServer, live: LiveTable, seat: int) -> str:
    """A token for `seat` (written straight into the seat, as a join would)."""
    token = new_token()

    async def write() -> None:
        master = await server.server.masters.get(live.id)
        assert master is not None
        async with master.lock:
            await master.write_seats({seat: {"token_hash": token_hash(token)}})

    on_server(server, write())
    return token


async def probe(wa: Ws, wb: Ws, last: dict[str, Any]) -> None:
    """What the watcher hears when it asks for things it may not have: an action that is not
    its own, a record before the end, a sync. Equal at both tables."""
    offered = [choice["action"] for choice in last["legal"]]
    others = [
        x
        for x in [{"type": "end_turn"}, {"type": "timeout"}, {"type": "pass"}, {"type": "x"}]
        if x not in offered
    ]
    for message in [
        *({"type": "action", "version": last["version"], "action": x} for x in others),
        {"type": "export"},
        {"type": "sync"},
    ]:
        await wa.send(message)
        await wb.send(message)
        reply_a = await wa.recv("error", "sync")
        reply_b = await wb.recv("error", "sync")
        if reply_a["type"] == "error" and message["type"] == "action":
            # A refused action also brings a sync.
            sync_a, sync_b = await wa.recv("sync"), await wb.recv("sync")
            assert strip_log(sync_a) == strip_log(sync_b)
        assert public(strip_log(reply_a)) == public(strip_log(reply_b)), message


def strip_log(message: dict[str, Any]) -> dict[str, Any]:
    """A sync's log holds the history; a twin's history is empty by construction."""
    out = public(message)
    if out.get("type") == "sync":
        out.pop("log", None)
    return out


@pytest.mark.timeout(600)
@pytest.mark.parametrize("config", [c for c in CONFIGS if c.id in CHOSEN], ids=lambda c: c.id)
def test_a_watcher_hears_nothing_of_what_it_cannot_know(
    config: Config, server: ThreadServer
) -> None:
    # Each table's seed comes from `secrets`, so how far a pair walks before a reveal varies:
    # more seeds are walked until the watchers have seen enough steps.
    walked = 0
    for seed in (1, 2, 3, 4):
        for seat in [None, *range(config.players)]:
            walked += compare_pair(config, server, seat, seed)
        if walked > 20 and seed >= 2:
            break
    assert walked > 20


def set_up_twins(game: str, players: int, seat: int) -> tuple[int, int]:
    """Two seeds whose games `seat` cannot tell apart when they are dealt (equal views) while
    another seat can: the same public set-up, different secrets."""
    seen: dict[str, int] = {}
    for seed in range(50_000):
        state = buccaneer.load(game, players, seed=seed)
        other = seen.setdefault(json.dumps(state.view(seat), sort_keys=True), seed)
        if other != seed:
            twin = buccaneer.load(game, players, seed=other)
            if any(twin.view(s) != state.view(s) for s in range(players) if s != seat):
                return other, seed
    raise AssertionError(f"no set-up twins for seat {seat} of {game} in 50,000 seeds")


@pytest.mark.parametrize("seat", [0, 1])
def test_the_set_up_lines_a_seat_is_sent_hold_nothing_it_cannot_know(
    sqlite_url: str, seat: int
) -> None:
    """A sync carries the log's set-up lines (version 0); Tortuga's deal each seat its first
    roll, shown to that seat alone. Twin tables, dealt alike for `seat` and differently for
    the other, send `seat` the same set-up lines, and the other seat different ones."""
    upgrade(sqlite_url)
    seeds = set_up_twins("tortuga", 2, seat)

    async def main() -> None:
        service = Masters(Repository.at(sqlite_url), Fanout(), shared=False)
        tables = []
        for seed in seeds:
            table_id = await support_new_table(service, "tortuga", 2)
            async with begin(service.repository.engine) as conn:
                await conn.execute(
                    update(db.tables).where(db.tables.c.id == table_id).values(seed=seed)
                )
            service.forget(table_id)
            master = await service.get(table_id)
            assert master is not None and master.live.seed == seed
            tables.append(master.live)
        seen = [messages.sync(live, seat, [])["log"] for live in tables]
        other = [messages.sync(live, 1 - seat, [])["log"] for live in tables]
        assert seen[0] == seen[1] and seen[0], seen
        assert other[0] != other[1], other  # the twins do differ, where `seat` cannot look
        await service.repository.close()

    asyncio.run(main())
