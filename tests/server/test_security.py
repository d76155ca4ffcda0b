"""The operator's secrets and files, attacked from outside (docs/server.md, "Security"): the
SQLite database, its folder and backups readable by the operator alone whatever the umask; a
backup that never writes through a link planted beside it; the operator token and the SMTP
URL from the environment or a file, with a warning when they stand on the command line;
`buccaneer admin` for people only, its revoke restoring the earlier role; and muting a seat
that never tells whose account sits there."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import os
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner, Result

from buccaneer.cli import app
from buccaneer.server.settings import Settings
from tests.server.support import HASHING, ServerProcess, ThreadServer, create_table
from tests.server.wsclient import Ws

TOKEN = "operator-token-from-a-file"


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`buccaneer ARGS` as the operator runs it, in a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "buccaneer", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
        check=False,
    )


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@contextlib.contextmanager
def permissive_umask() -> Iterator[None]:
    """The umask most systems start with (022: files readable by everyone), for the test
    and the processes it starts; restored after."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def account(url: str, name: str) -> str:
    answer = httpx.post(
        f"{url}/api/accounts", json={"name": name, "password": "a long secret"}, timeout=HASHING
    )
    assert answer.status_code == 201, answer.text
    return str(answer.json()["session"])


# -- L6: the database, its folder, its journal and backups are the operator's alone ----------


def test_the_database_its_folder_journal_and_backups_are_the_operators_alone(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "srv" / "data"  # made by the server
    database = folder / "server.db"
    url = f"sqlite:///{database}"
    with permissive_umask():
        server = ServerProcess(url, tmp_path / "server.log").start()
        try:
            account(server.url, "Anne")
            create_table(server.url, game="cartagena", players=2)
            # While the server runs, SQLite's write-ahead log and shared memory are there.
            assert mode(folder) == 0o700
            for name in ("server.db", "server.db-wal", "server.db-shm"):
                assert (folder / name).exists(), name
                assert mode(folder / name) == 0o600, (name, oct(mode(folder / name)))
            backup = tmp_path / "backup.jsonl.gz"
            done = cli("backup", str(backup), "--database-url", url)
            assert done.returncode == 0, done.stderr
            assert mode(backup) == 0o600
        finally:
            server.stop()
        # A restore into a new place makes its folder and file the operator's too.
        restored = tmp_path / "new" / "restored.db"
        done = cli("restore", str(backup), "--database-url", f"sqlite:///{restored}")
        assert done.returncode == 0, done.stderr
        assert mode(restored.parent) == 0o700 and mode(restored) == 0o600
    log = (tmp_path / "server.log").read_text()
    assert "Warning: the database's folder" not in log


def test_an_existing_database_is_tightened_and_an_open_folder_warned_about(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o755)
    database = folder / "server.db"
    with permissive_umask():
        sqlite3.connect(database).close()  # an older server's file: 0644
        assert mode(database) == 0o644
        server = ServerProcess(f"sqlite:///{database}", tmp_path / "server.log").start()
        try:
            assert mode(database) == 0o600
            create_table(server.url, game="cartagena", players=2)
            assert mode(folder / "server.db-wal") == 0o600
        finally:
            server.stop()
    # The folder is the operator's to change (it may be shared on purpose): left, and said.
    assert mode(folder) == 0o755
    log = (tmp_path / "server.log").read_text()
    assert f"Warning: the database's folder {folder} is open to other users" in log
    assert f"chmod 700 {folder}" in log


# -- L7: a backup never writes through a link planted beside it -------------------------------


def test_backup_ignores_a_link_planted_at_its_old_partial_name(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'server.db'}"
    with ThreadServer(url) as server:
        account(server.url, "Anne")
    victim = tmp_path / "victim.txt"
    victim.write_text("the operator's precious file\n")
    out = tmp_path / "backups"  # a folder someone else may write
    out.mkdir()
    target = out / "server.jsonl.gz"
    planted = out / "server.jsonl.gz.partial"
    planted.symlink_to(victim)
    # And a link at the destination itself: the backup replaces the link, not its target.
    other = tmp_path / "other.txt"
    other.write_text("another file of the operator's\n")
    linked = out / "linked.jsonl.gz"
    linked.symlink_to(other)

    for destination in (target, linked):
        done = cli("backup", str(destination), "--database-url", url)
        assert done.returncode == 0, done.stderr
        assert not destination.is_symlink() and mode(destination) == 0o600
        lines = [
            json.loads(line) for line in gzip.decompress(destination.read_bytes()).splitlines()
        ]
        assert lines[0]["buccaneer_backup"] == 1 and lines[-1]["end"] is True
        assert any(
            line.get("table") == "accounts" and line["row"]["name"] == "Anne" for line in lines
        )
    assert victim.read_text() == "the operator's precious file\n"
    assert other.read_text() == "another file of the operator's\n"
    assert planted.is_symlink()  # someone else's link, left alone
    # Nothing else is left beside the backups (the temporary files are gone).
    assert sorted(p.name for p in out.iterdir()) == [
        "linked.jsonl.gz",
        "server.jsonl.gz",
        "server.jsonl.gz.partial",
    ]
    # The backup is whole: it restores, Anne and all.
    restored = tmp_path / "restored.db"
    done = cli("restore", str(target), "--database-url", f"sqlite:///{restored}")
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(restored) as conn:
        assert conn.execute("SELECT name FROM accounts WHERE name = 'Anne'").fetchall() == [
            ("Anne",)
        ]


# -- L12: the operator token and the SMTP URL off the command line ----------------------------


def test_the_operator_token_from_a_file_opens_metrics_with_no_warning(tmp_path: Path) -> None:
    secret = tmp_path / "operator-token"
    secret.write_text(TOKEN + "\n")
    secret.chmod(0o600)
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'server.db'}",
        tmp_path / "server.log",
        env={"BUCCANEER_OPERATOR_TOKEN_FILE": str(secret)},
    ).start()
    try:
        opened = httpx.get(
            f"{server.url}/metrics", headers={"authorization": f"Bearer {TOKEN}"}, timeout=30
        )
        assert opened.status_code == 200, opened.text
        wrong = httpx.get(
            f"{server.url}/metrics", headers={"authorization": "Bearer wrong"}, timeout=30
        )
        assert wrong.status_code == 401
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "Warning" not in log and TOKEN not in log


class Started:
    """`buccaneer serve` up to the moment it would start serving: the settings it got."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.settings: list[Settings] = []
        monkeypatch.setattr("buccaneer.cli_support.serve.run_server", self.run)

    def run(self, settings: Settings, announce: Any, warn: Any = None) -> None:
        self.settings.append(settings)


# No secret reaches these runs from the test's own environment.
CLEAN = {
    "BUCCANEER_OPERATOR_TOKEN": None,
    "BUCCANEER_OPERATOR_TOKEN_FILE": None,
    "BUCCANEER_SMTP_URL": None,
    "BUCCANEER_SMTP_URL_FILE": None,
}


def serve(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> Result:
    runner = CliRunner()
    return runner.invoke(
        app,
        ["serve", "--database-url", f"sqlite:///{tmp_path / 'server.db'}", *args],
        env={**CLEAN, **(env or {})},
        catch_exceptions=False,
    )


def test_secrets_reach_the_settings_from_files_and_the_environment_without_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = Started(monkeypatch)
    token, smtp = tmp_path / "token", tmp_path / "smtp"
    token.write_text(TOKEN + "\r\n")
    smtp.write_text("smtp://mailer:pa55@mail.example.org:587\n")
    by_file = serve(tmp_path, "--operator-token-file", str(token), "--smtp-url-file", str(smtp))
    assert by_file.exit_code == 0, by_file.output
    by_env = serve(
        tmp_path,
        env={"BUCCANEER_OPERATOR_TOKEN": "env-token", "BUCCANEER_SMTP_URL": "smtp://h:25"},
    )
    assert by_env.exit_code == 0, by_env.output
    by_file_env = serve(
        tmp_path,
        env={"BUCCANEER_OPERATOR_TOKEN_FILE": str(token), "BUCCANEER_SMTP_URL_FILE": str(smtp)},
    )
    assert by_file_env.exit_code == 0, by_file_env.output
    assert [(s.operator_token, s.smtp_url) for s in started.settings] == [
        (TOKEN, "smtp://mailer:pa55@mail.example.org:587"),
        ("env-token", "smtp://h:25"),
        (TOKEN, "smtp://mailer:pa55@mail.example.org:587"),
    ]
    for result in (by_file, by_env, by_file_env):
        assert "Warning" not in result.stderr, result.stderr


def test_secrets_on_the_command_line_still_work_but_are_warned_about(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = Started(monkeypatch)
    result = serve(tmp_path, "--operator-token", "argv-token", "--smtp-url", "smtp://h:25")
    assert result.exit_code == 0, result.output
    assert [(s.operator_token, s.smtp_url) for s in started.settings] == [
        ("argv-token", "smtp://h:25")
    ]
    warnings = [line for line in result.stderr.splitlines() if line.startswith("Warning")]
    assert len(warnings) == 2, result.stderr
    assert "--operator-token on the command line can be read by every user" in warnings[0]
    assert "BUCCANEER_OPERATOR_TOKEN or in a file (--operator-token-file PATH)" in warnings[0]
    assert "--smtp-url on the command line" in warnings[1]
    assert "argv-token" not in result.stderr and "smtp://h:25" not in result.stderr


@pytest.mark.parametrize(
    ("args", "env", "says"),
    [
        (
            ["--operator-token", "x", "--operator-token-file", "{token}"],
            {},
            "--operator-token-file and --operator-token (or BUCCANEER_OPERATOR_TOKEN) both given",
        ),
        (
            ["--smtp-url-file", "{token}"],
            {"BUCCANEER_SMTP_URL": "smtp://h:25"},
            "--smtp-url-file and --smtp-url (or BUCCANEER_SMTP_URL) both given",
        ),
        (
            ["--operator-token-file", "{missing}"],
            {},
            "cannot read --operator-token-file {missing}: No such file or directory",
        ),
        (["--smtp-url-file", "{empty}"], {}, "--smtp-url-file {empty} is empty"),
    ],
)
def test_two_ways_or_an_unreadable_file_are_refused_before_anything_starts(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    env: dict[str, str],
    says: str,
) -> None:
    started = Started(monkeypatch)
    (tmp_path / "token").write_text("a-token\n")
    (tmp_path / "empty").write_text("\n")
    paths = {n: str(tmp_path / n) for n in ("token", "missing", "empty")}
    result = serve(tmp_path, *(a.format(**paths) for a in args), env=env)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"Error: {says.format(**paths)}"), lines
    assert started.settings == []


# -- L14: admins are people, and revoke restores the earlier role -----------------------------


def roles(database: Path) -> dict[str, str]:
    with sqlite3.connect(database) as conn:
        return dict(conn.execute("SELECT name, role FROM accounts").fetchall())


def admin(*args: str) -> Result:
    return CliRunner().invoke(app, ["admin", *args], catch_exceptions=False)


def test_admin_refuses_bots_and_guests_and_revoke_restores_the_earlier_role(
    tmp_path: Path,
) -> None:
    database = tmp_path / "server.db"
    url = f"sqlite:///{database}"
    with ThreadServer(url) as server:  # its start makes the rated bots' accounts
        account(server.url, "Root")
        account(server.url, "Mod")
        guest = httpx.post(f"{server.url}/api/guests", json={"name": "Passer"})
        assert guest.status_code == 201, guest.text
    before = roles(database)
    bot = next(name for name, role in before.items() if role == "bot")
    assert bot.startswith("Bot: ")

    for command in ("grant", "revoke"):
        for name, says in ((bot, "one of the server's bots"), ("Passer", "is a guest")):
            refused = admin(command, name, "--database-url", url)
            assert refused.exit_code == 2, (command, name, refused.output)
            assert says in refused.stderr, refused.stderr
            assert roles(database) == before, (command, name)

    # A role this version does not grant (an operator's own, or a newer schema's) is refused,
    # so no revoke can later turn it into a player.
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE accounts SET role = 'moderator' WHERE name = 'Mod'")
    refused = admin("grant", "Mod", "--database-url", url)
    assert refused.exit_code == 2 and "has the role 'moderator'" in refused.stderr
    assert roles(database)["Mod"] == "moderator"

    granted = admin("grant", "root", "--database-url", url)
    assert granted.exit_code == 0 and "root is an admin now." in granted.stdout
    assert roles(database)["Root"] == "admin"
    assert admin("grant", "Root", "--database-url", url).stdout.strip() == (
        "Root is an admin already."
    )
    revoked = admin("revoke", "Root", "--database-url", url)
    assert revoked.exit_code == 0 and "Root is not an admin any more." in revoked.stdout
    assert roles(database)["Root"] == "player"
    again = admin("revoke", "Root", "--database-url", url)
    assert again.exit_code == 0 and "was not an admin; nothing changed" in again.stdout

    # A bot an older version made an admin gets its role back, so the ratings find it again.
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE accounts SET role = 'admin' WHERE name = ?", (bot,))
    repaired = admin("revoke", bot, "--database-url", url)
    assert repaired.exit_code == 0, repaired.output
    assert roles(database) == {**before, "Mod": "moderator"}


# -- L3: muting a seat never tells whose account sits there -----------------------------------


def test_muting_a_seat_answers_and_lists_its_shown_name_never_its_account(
    tmp_path: Path,
) -> None:
    with ThreadServer(f"sqlite:///{tmp_path / 'server.db'}") as server:
        base = server.url
        anne, bob = account(base, "Anne"), account(base, "Bobbington")
        account(base, "Cleo")
        table = create_table(base, game="cartagena", players=2, seats=[{"kind": "invite"}] * 2)
        tokens = [s["token"] for s in table["seats"]]

        async def seat_bob_as_shadow() -> None:
            async with Ws(base) as ws:
                sync = await ws.hello(token=tokens[1], session=bob, name="Shadow")
                assert sync["type"] == "sync", sync

        asyncio.run(seat_bob_as_shadow())
        public = httpx.get(f"{base}/api/tables/{table['table']}").json()
        assert public["seats"][1]["name"] == "Shadow"
        mine = {"authorization": f"Bearer {anne}"}

        by_name = httpx.post(f"{base}/api/me/mutes", json={"name": "cleo"}, headers=mine)
        assert by_name.status_code == 201 and by_name.json() == {"muted": "Cleo"}
        seat = {"table": table["table"], "seat": 1}
        muted = httpx.post(f"{base}/api/me/mutes", json=seat, headers=mine)
        assert muted.status_code == 201, muted.text
        assert muted.json() == {"muted": "Shadow"}
        listed = httpx.get(f"{base}/api/me/mutes", headers=mine)
        assert listed.json() == [{"name": "Cleo"}, {"name": "Shadow"}]
        undone = httpx.delete(f"{base}/api/me/mutes", params=seat, headers=mine)
        assert undone.json() == {"unmuted": "Shadow"}
        assert httpx.get(f"{base}/api/me/mutes", headers=mine).json() == [{"name": "Cleo"}]
        # Muted by the seat again, and heard again by the name the list shows.
        again = httpx.post(f"{base}/api/me/mutes", json=seat, headers=mine)
        by_shown = httpx.delete(f"{base}/api/me/mutes/shadow", headers=mine)
        assert by_shown.json() == {"unmuted": "Shadow"}
        assert httpx.delete(f"{base}/api/me/mutes/Bobbington", headers=mine).status_code == 404
        for answer in (muted, listed, undone, again, by_shown):
            assert "Bobbington" not in answer.text
