"""The operator's side (docs/server.md, "Deployment", "Backups", "Administration"): health
checks that fail while the database is away and recover, Prometheus metrics behind the
operator's token, the admin API (close a table, ban, banner, drain, reports) and the master's
`close` command without sockets, backups restored on SQLite and PostgreSQL (across them too)
with every table resuming where it was, JSON log lines, and settings from the environment."""

from __future__ import annotations

import asyncio
import json
import secrets
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from prometheus_client.parser import text_string_to_metric_families

from buccaneer.cli_support.backup import read_backup, set_role, write_backup
from buccaneer.cli_support.common import CliError
from buccaneer.cli_support.serve import env_limits
from buccaneer.server.logs import JsonLines
from buccaneer.server.master import Masters
from buccaneer.server.migrate import head_revision
from buccaneer.server.repository_operator import DRAINING
from buccaneer.server.storage import OVER
from tests.server.conftest import PG_ADMIN
from tests.server.support import ServerProcess, ThreadServer, create_table
from tests.server.test_master import Heard, new_table, refused, run, stored
from tests.server.wsclient import Ws

TOKEN = "operator-" + secrets.token_hex(8)
BOT = {"kind": "bot", "agent": "random"}
ME = {"kind": "me", "name": "Anne"}
INVITE = {"kind": "invite"}
OPEN = {"kind": "open"}


def get(url: str, path: str, session: str | None = None, **params: Any) -> httpx.Response:
    headers = {"authorization": f"Bearer {session}"} if session else {}
    return httpx.get(f"{url}{path}", headers=headers, params=params, timeout=30)


def send(
    method: str, url: str, path: str, session: str | None = None, body: Any = None
) -> httpx.Response:
    headers = {"authorization": f"Bearer {session}"} if session else {}
    return httpx.request(method, f"{url}{path}", headers=headers, json=body, timeout=30)


@pytest.fixture
def scratch_postgres() -> Any:
    """A PostgreSQL database of the test's own (one it may make unavailable)."""
    name = f"buccaneer_op_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    yield name, f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def wait_for(check: Any, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.1)


# -- health ---------------------------------------------------------------------------------


def test_readiness_fails_while_postgresql_refuses_connections_and_recovers(
    scratch_postgres: tuple[str, str],
) -> None:
    name, url = scratch_postgres
    with ThreadServer(url) as server:
        ready = get(server.url, "/health/ready")
        assert ready.status_code == 200, ready.text
        body = ready.json()
        assert body["ok"] and body["failed"] == [] and not body["draining"]
        assert body["checks"]["migrations"] == {
            "ok": True,
            "current": head_revision(),
            "head": head_revision(),
        }
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
        down = get(server.url, "/health/ready")
        assert down.status_code == 503
        assert down.json()["failed"] == ["database"]
        assert down.json()["checks"]["database"]["message"]
        # The process itself is alive: a process manager must not restart it for this.
        live = get(server.url, "/health/live")
        assert live.status_code == 200 and live.json()["ok"]
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        assert wait_for(lambda: get(server.url, "/health/ready").status_code == 200)


def test_readiness_fails_while_the_sqlite_file_is_gone_or_behind_and_recovers(
    tmp_path: Path, redis_url: str
) -> None:
    path = tmp_path / "server.db"
    with ThreadServer(f"sqlite:///{path}", redis_url=redis_url) as server:
        ready = get(server.url, "/health/ready").json()
        assert ready["ok"] and set(ready["checks"]) == {"database", "migrations", "redis"}
        path.rename(tmp_path / "moved.db")
        down = get(server.url, "/health/ready")
        assert down.status_code == 503 and down.json()["failed"] == ["database"]
        assert not path.exists()  # the check never creates an empty file in its place
        (tmp_path / "moved.db").rename(path)
        assert get(server.url, "/health/ready").status_code == 200
        # A schema behind the server's is not ready either.
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE alembic_version SET version_num = '0002'")
        behind = get(server.url, "/health/ready")
        assert behind.status_code == 503 and behind.json()["failed"] == ["migrations"]
        assert behind.json()["checks"]["migrations"]["current"] == "0002"
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE alembic_version SET version_num = ?", (head_revision(),))
        assert get(server.url, "/health/ready").status_code == 200


# -- metrics --------------------------------------------------------------------------------


def scrape(url: str) -> dict[str, Any]:
    answer = get(url, "/metrics", TOKEN)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    return {f.name: f for f in text_string_to_metric_families(answer.text)}


def sample(families: dict[str, Any], family: str, name: str, **labels: str) -> float:
    return sum(
        float(s.value)
        for s in families[family].samples
        if s.name == name and all(s.labels.get(k) == v for k, v in labels.items())
    )


def test_metrics_parse_hold_every_family_and_are_refused_without_the_token(
    sqlite_url: str,
) -> None:
    with ThreadServer(sqlite_url, operator_token=TOKEN) as server:
        for headers in ({}, {"authorization": "Bearer wrong"}, {"authorization": TOKEN}):
            answer = httpx.get(f"{server.url}/metrics", headers=headers)
            assert answer.status_code == 401
            assert answer.json()["error"] == "unknown_operator"
        before = scrape(server.url)
        for family in (
            "buccaneer_connections",
            "buccaneer_tables",
            "buccaneer_actions",
            "buccaneer_action_latency_seconds",
            "buccaneer_bot_think_seconds",
            "buccaneer_errors",
            "buccaneer_notifications_sent",
            "buccaneer_table_commands",
        ):
            assert family in before, family
        actions = sample(before, "buccaneer_actions", "buccaneer_actions_total")
        latency = sample(
            before, "buccaneer_action_latency_seconds", "buccaneer_action_latency_seconds_count"
        )
        thoughts = sample(
            before, "buccaneer_bot_think_seconds", "buccaneer_bot_think_seconds_count"
        )
        refusals = sample(before, "buccaneer_errors", "buccaneer_errors_total", code="no_table")

        bots = create_table(server.url, game="cartagena", players=2, seats=[BOT, BOT])
        waiting = create_table(server.url, game="tortuga", players=2, seats=[ME, INVITE])
        assert wait_for(
            lambda: get(server.url, f"/api/tables/{bots['table']}").json()["status"] == OVER,
            120,
        )
        assert get(server.url, "/api/tables/tzzzzzzzzzzzzzzz").status_code == 404

        async def watch() -> dict[str, Any]:
            async with Ws(server.url) as ws:
                await ws.hello(table=waiting["table"])
                return scrape(server.url)

        after = asyncio.run(watch())
        played = sample(after, "buccaneer_actions", "buccaneer_actions_total") - actions
        assert played >= 2
        assert (
            sample(
                after,
                "buccaneer_action_latency_seconds",
                "buccaneer_action_latency_seconds_count",
            )
            - latency
            == played
        )
        assert (
            sample(after, "buccaneer_bot_think_seconds", "buccaneer_bot_think_seconds_count")
            - thoughts
            >= played
        )
        assert (
            sample(after, "buccaneer_errors", "buccaneer_errors_total", code="no_table")
            == refusals + 1
        )
        assert sample(after, "buccaneer_tables", "buccaneer_tables", status="over") == 1
        assert sample(after, "buccaneer_tables", "buccaneer_tables", status="waiting") == 1
        assert sample(after, "buccaneer_connections", "buccaneer_connections") == 1
        assert (
            sample(
                after,
                "buccaneer_table_commands",
                "buccaneer_table_commands_total",
                command="bot_move",
                outcome="ok",
            )
            >= played
        )


def test_metrics_are_refused_to_everyone_without_a_configured_token(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        answer = get(server.url, "/metrics", "anything")
        assert answer.status_code == 401 and answer.json()["error"] == "unknown_operator"


# -- the master's close and drain, without sockets -------------------------------------------


def test_close_ends_a_table_without_a_result_and_drain_refuses_new_tables(
    database_url: str,
) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        master, _ = await new_table(masters, "cartagena", ["taken", "taken"], variant="tortuga")
        live = master.live
        seat = live.state.to_move()[0]
        await master.act(seat, live.state.legal_actions(seat)[0].to_json(), 0)
        heard.events.clear()
        await refused("bad_request", master.close("   "))
        assert heard.events == []
        await master.close("cheating  reported")
        assert live.status == OVER and live.deadlines == {} and live.version == 1
        assert heard.kinds() == ["table"]
        again = await stored(masters, live.id)
        assert again.status == OVER and again.version == 1 and not again.state.is_over()
        assert json.loads(await masters.operator.table_result(live.id)) == {
            "closed": "cheating reported"
        }
        seat = live.state.to_move()[0]
        await refused("over", master.act(seat, live.state.legal_actions(seat)[0].to_json(), 1))
        await refused("over", master.close("twice"))
        assert (await stored(masters, live.id)).version == 1

        # Draining: no new table, no joining; a table being played goes on.
        playing, _ = await new_table(masters, "cartagena", ["taken", "taken"], variant="tortuga")
        waiting, _ = await new_table(masters, "tortuga", ["me", "open"])
        await masters.operator.set_flag(DRAINING, "1")
        await refused("draining", new_table(masters, "tortuga", ["me", "open"]))
        await refused("draining", waiting.join("Cleo", None, None))
        seat = playing.live.state.to_move()[0]
        await playing.act(seat, playing.live.state.legal_actions(seat)[0].to_json(), 0)
        assert (await stored(masters, playing.id)).version == 1
        await masters.operator.set_flag(DRAINING, None)
        assert (await waiting.join("Cleo", None, None))[0] == 1

    run(database_url, body)


# -- the admin API ----------------------------------------------------------------------------


def account(url: str, name: str) -> str:
    answer = send("POST", url, "/api/accounts", body={"name": name, "password": "password-" + name})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["session"])


def grant(database_url: str, name: str) -> None:
    """`buccaneer admin grant NAME`, the command itself."""
    done = subprocess.run(
        [sys.executable, "-m", "buccaneer", "admin", "grant", name, "--database-url", database_url],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"{name} is an admin" in done.stdout


def test_admin_api_refuses_others_closes_bans_banners_drains_and_lists_reports(
    sqlite_url: str,
) -> None:
    with ThreadServer(sqlite_url) as server:
        url = server.url
        root, bob = account(url, "Root"), account(url, "Bob")
        grant(sqlite_url, "Root")
        with pytest.raises(CliError, match="no account called 'Nobody'"):
            set_role(sqlite_url, "Nobody", "admin")
        for path in ("/api/admin/me", "/api/admin/tables", "/api/admin/accounts"):
            assert get(url, path).status_code == 401
            assert get(url, path, bob).status_code == 403
            assert get(url, path, bob).json()["error"] == "forbidden"
        assert send("PUT", url, "/api/admin/draining", bob, {"draining": True}).status_code == 403
        assert get(url, "/api/admin/me", root).json() == {"name": "Root", "admin": True}

        # Tables: listed, and one closed while a player watches.
        created = create_table(url, game="cartagena", players=2, seats=[ME, BOT])
        table = created["table"]
        rows = get(url, "/api/admin/tables", root).json()
        assert [r["id"] for r in rows] == [table]
        assert rows[0]["status"] == "active" and rows[0]["closed"] is None
        assert [s["kind"] for s in rows[0]["seats"]] == ["human", "bot"]

        async def watch_close() -> dict[str, Any]:
            async with Ws(url) as ws:
                await ws.hello(token=created["me"]["token"], table=table)
                closed = await asyncio.to_thread(
                    send,
                    "POST",
                    url,
                    f"/api/admin/tables/{table}/close",
                    root,
                    {"reason": "maintenance"},
                )
                assert closed.status_code == 200, closed.text
                return await ws.until(lambda m: m.get("status") == OVER)

        told = asyncio.run(watch_close())
        assert told["legal"] == [] and told["asked"] is None
        assert get(url, f"/api/tables/{table}").json()["status"] == OVER
        assert get(url, "/api/admin/tables", root, status="over").json()[0]["closed"] == (
            "maintenance"
        )
        again = send("POST", url, f"/api/admin/tables/{table}/close", root, {"reason": "x"})
        assert again.json()["error"] == "over"
        missing = send("POST", url, "/api/admin/tables/tnope/close", root, {"reason": "x"})
        assert missing.status_code == 404

        # Accounts: searched, banned (sessions end, no login), unbanned.
        found = get(url, "/api/admin/accounts", root, search="bob").json()
        assert [(a["name"], a["role"], a["banned"]) for a in found] == [("Bob", "player", False)]
        assert send("POST", url, "/api/admin/accounts/Root/ban", root).status_code == 400
        assert send("POST", url, "/api/admin/accounts/Nobody/ban", root).status_code == 404
        assert send("POST", url, "/api/admin/accounts/bob/ban", root).status_code == 200
        assert get(url, "/api/admin/accounts", root, search="bob").json()[0]["banned"] is True
        gone = send("POST", url, "/api/tables", bob, {"game": "tortuga", "players": 2})
        assert gone.status_code == 401 and gone.json()["error"] == "unknown_session"
        login = send("POST", url, "/api/sessions", body={"name": "Bob", "password": "password-Bob"})
        assert login.status_code == 403 and login.json()["error"] == "banned"
        assert send("POST", url, "/api/admin/accounts/Bob/unban", root).status_code == 200
        login = send("POST", url, "/api/sessions", body={"name": "Bob", "password": "password-Bob"})
        assert login.status_code == 200
        bob = login.json()["session"]

        # The banner.
        assert get(url, "/api/banner").json() == {"banner": None, "draining": False}
        assert send("PUT", url, "/api/admin/banner", root, {"text": "Back  at 6"}).json() == {
            "banner": "Back at 6"
        }
        assert get(url, "/api/banner").json()["banner"] == "Back at 6"
        bad = send("PUT", url, "/api/admin/banner", root, {"text": "a\x00b"})
        assert bad.status_code == 422
        assert get(url, "/api/banner").json()["banner"] == "Back at 6"
        send("PUT", url, "/api/admin/banner", root, {"text": ""})
        assert get(url, "/api/banner").json()["banner"] is None

        # Draining: new tables and joins refused, running games finish, still ready.
        waiting = create_table(url, game="tortuga", players=2, seats=[ME, OPEN])
        playing = create_table(url, game="cartagena", players=2, seats=[BOT, BOT])
        assert send("PUT", url, "/api/admin/draining", root, {"draining": True}).status_code == 200
        assert get(url, "/api/banner").json()["draining"] is True
        refused_new = send("POST", url, "/api/tables", None, {"game": "tortuga", "players": 2})
        assert refused_new.status_code == 503 and refused_new.json()["error"] == "draining"
        refused_join = send("POST", url, f"/api/tables/{waiting['table']}/join", None, {})
        assert refused_join.status_code == 503 and refused_join.json()["error"] == "draining"
        assert wait_for(
            lambda: get(url, f"/api/tables/{playing['table']}").json()["status"] == OVER, 120
        )
        ready = get(url, "/health/ready")
        assert ready.status_code == 200 and ready.json()["draining"] is True
        send("PUT", url, "/api/admin/draining", root, {"draining": False})
        assert (
            send("POST", url, f"/api/tables/{waiting['table']}/join", None, {}).json()["seat"] == 1
        )

        # Reports (stored by the moderation code; here written straight into the table).
        with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as conn:
            ids = dict(conn.execute("SELECT name, id FROM accounts").fetchall())
            conn.execute(
                "INSERT INTO reports (table_id, reporter_id, reporter_seat, reported_seat, "
                "reported_id, reason, evidence, at) VALUES (?, ?, 0, 1, ?, ?, '{}', ?)",
                (table, ids["Root"], ids["Bob"], "rude in chat", time.time()),
            )
        listed = get(url, "/api/admin/reports", root).json()
        assert [(r["reporter"], r["reported"], r["reason"]) for r in listed] == [
            ("Root", "Bob", "rude in chat")
        ]
        assert "evidence" not in listed[0]
        assert get(url, "/api/admin/reports", bob).status_code == 403


# -- backup and restore -----------------------------------------------------------------------


async def seat_view(url: str, table: str, token: str | None) -> dict[str, Any]:
    async with Ws(url) as ws:
        sync = await ws.hello(table=table, **({"token": token} if token else {}))
        assert sync["type"] == "sync", sync
        sync.pop("present", None)
        return sync


async def play(url: str, table: str, tokens: list[str], moves: int) -> int:
    """`moves` actions through the WebSocket, each seat by its own link; the version."""
    version = 0
    for _ in range(moves):
        for token in tokens:
            async with Ws(url) as ws:
                sync = await ws.hello(table=table, token=token)
                if sync["asked"] is None or not sync["legal"]:
                    continue
                await ws.send(
                    {
                        "type": "action",
                        "version": sync["version"],
                        "action": sync["legal"][0]["action"],
                    }
                )
                update = await ws.until(lambda m, v=sync["version"]: m["version"] > v)
                version = update["version"]
                break
    return version


def build_world(url: str) -> dict[str, list[str | None]]:
    """Tables in every state, played through the server: each table's seat links (None for a
    spectator's view)."""
    world: dict[str, list[str | None]] = {}
    with ThreadServer(url) as server:
        account(server.url, "Anne")
        game = create_table(server.url, game="cartagena", players=2, seats=[ME, INVITE])
        tokens = [s["token"] for s in game["seats"]]
        assert asyncio.run(play(server.url, game["table"], tokens, 6)) >= 5
        world[game["table"]] = [*tokens, None]
        waiting = create_table(server.url, game="tortuga", players=3, seats=[ME, OPEN, BOT])
        world[waiting["table"]] = [waiting["me"]["token"], None]
        over = create_table(server.url, game="cartagena", players=2, seats=[BOT, BOT])
        assert wait_for(
            lambda: get(server.url, f"/api/tables/{over['table']}").json()["status"] == OVER, 120
        )
        world[over["table"]] = [None]
    return world


def views(url: str, world: dict[str, list[str | None]]) -> dict[str, list[dict[str, Any]]]:
    with ThreadServer(url) as server:
        return {
            table: [asyncio.run(seat_view(server.url, table, t)) for t in tokens]
            for table, tokens in world.items()
        }


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_backup_wipe_restore_and_every_table_resumes(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    # A database of the test's own: the whole database is backed up and counted.
    database_url = (
        f"sqlite:///{tmp_path / 'server.db'}"
        if backend == "sqlite"
        else request.getfixturevalue("scratch_postgres")[1]
    )
    world = build_world(database_url)
    before = views(database_url, world)
    path = tmp_path / "backup.jsonl.gz"
    counts = write_backup(database_url, path)
    assert counts["tables"] == 3 and counts["actions"] >= 5 and counts["accounts"] >= 1

    # A database that holds data is not overwritten without --force (the command itself).
    done = subprocess.run(
        [sys.executable, "-m", "buccaneer", "restore", str(path), "--database-url", database_url],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and "--force" in done.stderr
    assert read_backup(database_url, path, force=True) == counts

    after = views(database_url, world)
    assert after == before
    game = next(iter(world))
    tokens = [t for t in world[game] if t]
    with ThreadServer(database_url) as server:
        version = before[game][0]["version"]
        assert asyncio.run(play(server.url, game, tokens, 1)) == version + 1
        # Ids go on after the restored ones (PostgreSQL's sequences were set).
        account(server.url, "Bea")


def test_a_backup_moves_between_sqlite_and_postgresql(
    sqlite_url: str, scratch_postgres: tuple[str, str], tmp_path: Path
) -> None:
    _, postgres = scratch_postgres
    world = build_world(sqlite_url)
    before = views(sqlite_url, world)
    path = tmp_path / "backup.jsonl.gz"
    counts = write_backup(sqlite_url, path)
    assert read_backup(postgres, path, force=False) == counts
    assert views(postgres, world) == before
    back = tmp_path / "back.jsonl.gz"
    write_backup(postgres, back)
    fresh = f"sqlite:///{tmp_path / 'fresh.db'}"
    assert read_backup(fresh, back, force=False) == counts
    assert views(fresh, world) == before


def test_a_damaged_or_foreign_backup_is_refused_and_changes_nothing(
    sqlite_url: str, tmp_path: Path
) -> None:
    with ThreadServer(sqlite_url) as server:
        account(server.url, "Anne")
    path = tmp_path / "backup.jsonl.gz"
    write_backup(sqlite_url, path)
    import gzip  # noqa: PLC0415

    lines = gzip.decompress(path.read_bytes()).decode().splitlines()
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(gzip.compress("\n".join(lines[:-1]).encode()))
    target = f"sqlite:///{tmp_path / 'target.db'}"
    with pytest.raises(CliError, match="cut short"):
        read_backup(target, cut, force=False)
    newer = tmp_path / "newer.jsonl.gz"
    header = json.loads(lines[0]) | {"revision": "9999"}
    newer.write_bytes(gzip.compress("\n".join([json.dumps(header), *lines[1:]]).encode()))
    with pytest.raises(CliError, match="unknown to this version"):
        read_backup(target, newer, force=False)
    plain = tmp_path / "plain.txt"
    plain.write_text("hello")
    with pytest.raises(CliError, match="not a"):
        read_backup(target, plain, force=False)
    shutil.copy(path, tmp_path / "copy.gz")
    assert read_backup(target, tmp_path / "copy.gz", force=False)["accounts"] >= 1


# -- logs and the environment -------------------------------------------------------------------


def test_json_log_lines_for_requests_and_table_commands_from_the_environment(
    sqlite_url: str, tmp_path: Path
) -> None:
    log = tmp_path / "server.log"
    server = ServerProcess(
        sqlite_url,
        log,
        env={
            "BUCCANEER_LOG_FORMAT": "json",
            "BUCCANEER_OPERATOR_TOKEN": TOKEN,
            "BUCCANEER_CHAT_LENGTH": "77",
        },
    ).start()
    try:
        created = create_table(server.url, game="cartagena", players=2, seats=[ME, BOT])
        table, token = created["table"], created["me"]["token"]
        assert get(server.url, "/metrics", TOKEN).status_code == 200

        async def chat() -> dict[str, Any]:
            async with Ws(server.url) as ws:
                await ws.hello(table=table, token=token)
                await ws.send({"type": "chat", "text": "x" * 78})
                return await ws.recv("error")

        # BUCCANEER_CHAT_LENGTH reached the worker.
        assert asyncio.run(chat())["code"] == "too_long"
    finally:
        server.stop()
    text = log.read_text()
    assert TOKEN not in text and token not in text
    lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    requests = [line for line in lines if line["logger"] == "buccaneer.access"]
    commands = [line for line in lines if line["logger"] == "buccaneer.commands"]
    created_line = next(r for r in requests if r["path"] == "/api/tables")
    assert created_line["method"] == "POST" and created_line["status"] == 201
    assert isinstance(created_line["ms"], float)
    assert any(r["path"] == "/metrics" and r["status"] == 200 for r in requests)
    claimed = [c for c in commands if c["command"] == "chat"]
    assert claimed and claimed[0] | {"ms": 0, "time": 0} == {
        "time": 0,
        "level": "info",
        "logger": "buccaneer.commands",
        "message": claimed[0]["message"],
        "table": table,
        "command": "chat",
        "seat": 0,
        "version": claimed[0]["version"],
        "outcome": "too_long",
        "ms": 0,
    }


def test_every_limit_is_an_environment_variable_and_the_formatter_keeps_fields() -> None:
    assert env_limits({"BUCCANEER_MESSAGE_RATE": "50", "BUCCANEER_HOST": "x"}) == [
        "message_rate=50"
    ]
    import logging  # noqa: PLC0415

    record = logging.makeLogRecord({"msg": "m %s", "args": (1,), "name": "n", "table": "t"})
    assert json.loads(JsonLines().format(record))["table"] == "t"
