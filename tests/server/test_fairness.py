"""Provable fairness at the server: every table commits to its seed when it is created; the
commitment is in the first message and the table's info, the seed and salt in nothing sent
before the end; the record at the end carries them and `verify` accepts it. Through the table
masters on SQLite and PostgreSQL, then through real sockets."""

from __future__ import annotations

import asyncio
import json
import random
import re
import secrets
from typing import Any

import httpx
import pytest

from buccaneer.core import fairness
from buccaneer.server import messages
from buccaneer.server.master import Masters, TableMaster
from buccaneer.server.tables import LiveTable
from tests.server.support import ThreadServer, create_table
from tests.server.test_master import Heard, new_table, refused, run, stored
from tests.server.wsclient import Ws

HEX64 = re.compile(r"^[0-9a-f]{64}$")


def sent(live: LiveTable) -> list[dict[str, Any]]:
    """Every message the table sends now: each seat's and a spectator's sync and update, and
    the table message."""
    seats: list[int | None] = [None, *range(live.players)]
    out = [messages.sync(live, seat, []) for seat in seats]
    out += [messages.update(live, seat, max(0, live.version - 1)) for seat in seats]
    return [*out, messages.table(live)]


def shape(value: Any) -> Any:
    """The shape of a JSON value: its keys and their types, not its values."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value[:1]]
    return type(value).__name__


def leaks(live: LiveTable, text: str) -> bool:
    return str(live.seed) in text or (live.salt or "") in text


async def play_on(master: TableMaster, rng: random.Random) -> None:
    live = master.live
    seat = live.state.to_move()[0]
    await master.act(seat, rng.choice(live.state.legal_actions(seat)).to_json(), live.version)


def test_a_table_commits_to_its_seed_and_its_record_proves_it(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        master, _ = await new_table(masters, "tortuga", ["taken", "taken", "taken"])
        live = master.live
        assert live.commitment is not None and HEX64.match(live.commitment)
        assert live.salt is not None and HEX64.match(live.salt)
        assert live.commitment == fairness.commitment(live.seed, live.salt)
        again = await stored(masters, live.id)
        assert (again.commitment, again.salt) == (live.commitment, live.salt)
        meta = live.meta()
        assert meta["commitment"] == live.commitment
        assert not {"seed", "salt", "dice"} & set(meta)
        await refused("not_over", _record(master))
        rng = random.Random(1)
        while not live.state.is_over():
            for message in sent(live):
                assert not leaks(live, messages.encode(message)), message["type"]
            await play_on(master, rng)
        record = master.record()
        assert record["commitment"] == live.commitment and record["salt"] == live.salt
        assert record["seed"] == live.seed
        verdict = fairness.verify(json.loads(json.dumps(record)), live.commitment)
        assert verdict.ok and verdict.proven, verdict
        end = live.meta()
        assert (end["seed"], end["salt"], end["commitment"]) == (
            live.seed,
            live.salt,
            live.commitment,
        )
        dice = end["dice"]
        assert dice["faces"][-1] == "skull" and dice["rolls"] == sum(dice["counts"]) > 0
        # A table stored before commitments: none to show, and a record that says so.
        live.commitment = live.salt = None
        assert live.meta()["commitment"] is None
        assert fairness.verify(master.record()).proven is False

    run(database_url, body)


async def _record(master: TableMaster) -> Any:
    return master.record()


def test_twin_tables_differ_only_in_their_commitment(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tables of the same seed (a fresh salt each) send the same messages, move by move,
    but for the table's id and its commitment: nothing else depends on the salt. Two tables of
    different seeds send messages of the same shape, and none holds its seed or salt."""

    async def body(masters: Masters, heard: Heard) -> None:
        masters.clock = lambda: 1.8e9  # the same creation time and clocks for all three
        seeds = iter([8_123_456_789_012_345_678, 8_123_456_789_012_345_678, 4_987_654_321_098_765])
        monkeypatch.setattr(secrets, "randbits", lambda bits: next(seeds))
        tables = [(await new_table(masters, "tortuga", ["taken"] * 3))[0] for _ in range(3)]
        a, b, c = (t.live for t in tables)
        assert a.seed == b.seed != c.seed and a.commitment != b.commitment
        rngs = [random.Random(5) for _ in tables]
        while not a.state.is_over():
            texts = [[messages.encode(m) for m in sent(t)] for t in (a, b, c)]
            for ta, tb in zip(texts[0], texts[1], strict=True):
                same = ta.replace(a.id, "ID").replace(a.commitment or "", "C")
                assert same == tb.replace(b.id, "ID").replace(b.commitment or "", "C")
            for ma, mc in zip(sent(a), sent(c), strict=True):
                if not c.state.is_over():
                    assert shape(ma).keys() == shape(mc).keys()
                    assert shape(ma.get("table")) == shape(mc.get("table"))
            for live, own in zip((a, b, c), texts, strict=True):
                assert live.state.is_over() or not any(leaks(live, text) for text in own)
            for master, rng in zip(tables, rngs, strict=True):
                if not master.live.state.is_over():
                    await play_on(master, rng)
        assert a.meta()["seed"] == b.meta()["seed"] and a.meta()["salt"] != b.meta()["salt"]

    run(sqlite_url, body)


def test_the_first_message_holds_the_commitment_the_record_proves(sqlite_url: str) -> None:
    """Over real sockets: a spectator's first message and the table's info carry the
    commitment, and not the seed or salt; the record fetched at the end carries the same
    commitment with the seed and salt, and `verify` accepts it."""
    with ThreadServer(sqlite_url) as server:
        table = create_table(
            server.url,
            game="tortuga",
            players=2,
            seats=[{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}],
        )
        table_id = table["table"]

        async def main() -> tuple[dict[str, Any], dict[str, Any]]:
            async with Ws(server.url) as watcher:
                first = await watcher.hello(table=table_id)
                msg = first
                while not msg["view"]["over"]:
                    msg = await watcher.recv("sync", "update", timeout=30)
                return first, msg

        first, last = asyncio.run(main())
        commitment = first["table"]["commitment"]
        assert HEX64.match(commitment)
        assert first["view"]["seed"] is None and "salt" not in first["table"]
        record = httpx.get(f"{server.url}/api/tables/{table_id}/record").json()
        assert record["commitment"] == commitment
        assert fairness.commitment(record["seed"], record["salt"]) == commitment
        assert last["view"]["seed"] == record["seed"]
        assert fairness.verify(record).ok
        info = httpx.get(f"{server.url}/api/tables/{table_id}").json()
        assert info["commitment"] == commitment and info["salt"] == record["salt"]
        assert info["dice"]["rolls"] > 0
        replay = httpx.get(f"{server.url}/api/tables/{table_id}/replay").json()
        assert (replay["commitment"], replay["seed"], replay["salt"]) == (
            commitment,
            record["seed"],
            record["salt"],
        )
        assert replay["dice"] == info["dice"]
