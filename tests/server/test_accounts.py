"""Accounts a person can manage (M7 and point 4 of the public-server audit), attacked and
used from outside over HTTP on a real server: sessions end (logged out here or everywhere,
unused for 30 days, 180 days old), a password is changed only with the current one and ends
every other session, a guest keeps its games as an account, an account is deleted with its
password and its games stay under an anonymous name, a hash of older argon2 parameters is
made anew at login, and a password reset goes by mail only to a confirmed address, with a link
from `--public-url` that works once within the hour. (Before: no logout, no expiry, no
password change, reset or deletion; a stolen session token worked for ever.)
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from argon2 import PasswordHasher
from sqlalchemy import select, update

from buccaneer.server import storage as db
from buccaneer.server.auth import needs_rehash
from buccaneer.server.repository import begin
from tests.server.support import HASHING, ThreadServer, create_table_as, free_port
from tests.server.test_notifications import Mailbox, text_of

DAY = 86_400.0
START = 1_900_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def bearer(session: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {session}"}


def sign_up(url: str, name: str, password: str = "first secret") -> str:
    answer = httpx.post(
        f"{url}/api/accounts", json={"name": name, "password": password}, timeout=HASHING
    )
    assert answer.status_code == 201, answer.text
    return str(answer.json()["session"])


def log_in(url: str, name: str, password: str) -> httpx.Response:
    return httpx.post(
        f"{url}/api/sessions", json={"name": name, "password": password}, timeout=HASHING
    )


def me(url: str, session: str) -> httpx.Response:
    return httpx.get(f"{url}/api/me", headers=bearer(session))


def run_sql(server: ThreadServer, statement: Any) -> Any:
    async def go() -> Any:
        async with begin(server.server.repository.engine) as conn:
            result = await conn.execute(statement)
            return result.all() if result.returns_rows else None

    return server.run(go())


@pytest.fixture
def server(database_url: str) -> Iterator[tuple[ThreadServer, Clock]]:
    """A server on SQLite and one on PostgreSQL, on a clock the test moves."""
    clock = Clock()
    with ThreadServer(database_url) as running:
        running.server.masters.clock = clock
        yield running, clock


def test_a_session_ends_when_logged_out_here_or_everywhere(
    server: tuple[ThreadServer, Clock],
) -> None:
    running, _clock = server
    url = running.url
    phone = sign_up(url, "anne")
    laptop = log_in(url, "anne", "first secret").json()["session"]
    assert me(url, phone).json()["name"] == "anne" and me(url, laptop).status_code == 200
    assert httpx.delete(f"{url}/api/sessions/current", headers=bearer(phone)).status_code == 204
    assert me(url, phone).json()["error"] == "unknown_session"
    assert me(url, laptop).status_code == 200  # the other device stays logged in
    tablet = log_in(url, "anne", "first secret").json()["session"]
    assert httpx.delete(f"{url}/api/sessions", headers=bearer(laptop)).status_code == 204
    for session in (laptop, tablet):
        assert me(url, session).status_code == 401
    # A session that is not one, or none at all, changes nothing.
    assert httpx.delete(f"{url}/api/sessions", headers=bearer("guess")).status_code == 401
    assert httpx.delete(f"{url}/api/sessions/current").status_code == 401


def test_a_session_expires_unused_for_30_days_and_after_180_in_any_case(
    server: tuple[ThreadServer, Clock],
) -> None:
    running, clock = server
    url = running.url
    idle = sign_up(url, "idle")
    busy = sign_up(url, "busy")
    for _ in range(6):  # used every 29 days: alive until 180 days have passed
        clock.now += 29 * DAY
        assert me(url, busy).status_code == 200
    clock.now = START + 30 * DAY
    assert me(url, idle).json()["error"] == "unknown_session"
    clock.now = START + 180 * DAY
    assert me(url, busy).json()["error"] == "unknown_session"
    assert log_in(url, "busy", "first secret").status_code == 200  # the account stays


def test_a_new_password_needs_the_current_one_and_ends_every_other_session(
    server: tuple[ThreadServer, Clock],
) -> None:
    running, _clock = server
    url = running.url
    mine = sign_up(url, "carla")
    stolen = log_in(url, "carla", "first secret").json()["session"]
    wrong = httpx.put(
        f"{url}/api/me/password",
        json={"current": "a guess", "password": "taken over"},
        headers=bearer(stolen),
    )
    assert wrong.status_code == 401 and wrong.json()["error"] == "wrong_password"
    assert log_in(url, "carla", "first secret").status_code == 200  # nothing changed
    short = httpx.put(
        f"{url}/api/me/password",
        json={"current": "first secret", "password": "short"},
        headers=bearer(mine),
    )
    assert short.status_code == 422  # a body the schema refuses
    changed = httpx.put(
        f"{url}/api/me/password",
        json={"current": "first secret", "password": "second secret"},
        headers=bearer(mine),
    )
    assert changed.status_code == 200, changed.text
    assert me(url, stolen).status_code == 401 and me(url, mine).status_code == 401
    assert me(url, changed.json()["session"]).json()["name"] == "carla"
    assert log_in(url, "carla", "first secret").status_code == 401
    assert log_in(url, "carla", "second secret").status_code == 200


def test_a_guest_keeps_its_games_as_an_account(server: tuple[ThreadServer, Clock]) -> None:
    running, _clock = server
    url = running.url
    guest = httpx.post(f"{url}/api/guests", json={"name": "wanderer"}).json()["session"]
    table = create_table_as(
        url,
        guest,
        game="cartagena",
        players=2,
        seats=[{"kind": "me"}, {"kind": "bot", "agent": "random"}],
    )
    assert me(url, guest).json()["guest"] is True
    sign_up(url, "settler")
    for name in ("settler", "Bot: strong", "Deleted player 1"):
        refused = httpx.post(
            f"{url}/api/me/account",
            json={"name": name, "password": "a new secret"},
            headers=bearer(guest),
        )
        assert refused.status_code == 409 and refused.json()["error"] == "name_taken", name
    kept = httpx.post(
        f"{url}/api/me/account",
        json={"name": "Wanderer Kept", "password": "a new secret"},
        headers=bearer(guest),
    )
    assert kept.status_code == 200, kept.text
    session = kept.json()["session"]
    assert me(url, guest).status_code == 401  # the guest's copied sessions end
    assert me(url, session).json() | {"created_at": 0} == {
        "name": "Wanderer Kept",
        "guest": False,
        "role": "player",
        "email": None,
        "email_confirmed": False,
        "created_at": 0,
    }
    mine = httpx.get(f"{url}/api/my/tables", headers=bearer(session)).json()
    assert [item["table"] for item in mine] == [table["table"]]
    assert log_in(url, "wanderer kept", "a new secret").status_code == 200
    again = httpx.post(
        f"{url}/api/me/account", json={"password": "another one"}, headers=bearer(session)
    )
    assert again.status_code == 409 and again.json()["error"] == "not_guest"


def test_an_account_is_deleted_with_its_password_and_its_games_stay_anonymous(
    server: tuple[ThreadServer, Clock],
) -> None:
    running, _clock = server
    url = running.url
    session = sign_up(url, "dora")
    table = create_table_as(
        url,
        session,
        game="cartagena",
        players=2,
        seats=[{"kind": "me"}, {"kind": "bot", "agent": "random"}],
    )["table"]

    def delete(password: str | None) -> httpx.Response:
        return httpx.request(
            "DELETE",
            f"{url}/api/me",
            json={} if password is None else {"password": password},
            headers=bearer(session),
        )

    assert delete(None).json()["error"] == "wrong_password"
    assert delete("a guess").json()["error"] == "wrong_password"
    seated = delete("first secret")
    assert seated.status_code == 409 and seated.json()["error"] == "still_seated"
    assert me(url, session).status_code == 200  # nothing changed
    # The game ends (as if played out); then the account may go.
    run_sql(running, update(db.tables).where(db.tables.c.id == table).values(status=db.OVER))
    assert delete("first secret").status_code == 204
    assert me(url, session).status_code == 401
    assert log_in(url, "dora", "first secret").status_code == 401
    rows = run_sql(running, select(db.accounts).where(db.accounts.c.name.like("Deleted player%")))
    assert len(rows) == 1
    (account,) = rows
    assert (account.password_hash, account.email, account.deleted_at) == (None, None, START)
    seats = run_sql(running, select(db.seats.c.name).where(db.seats.c.table_id == table))
    assert [s.name for s in seats] == [account.name, None]
    games = httpx.get(f"{url}/api/players/{account.name}/games").json()
    assert [g["table"] for g in games] == [table]
    # The name is free again, for someone else.
    assert sign_up(url, "dora", "someone else's") != session


def test_an_older_hash_is_made_anew_at_the_next_right_login(
    server: tuple[ThreadServer, Clock],
) -> None:
    running, _clock = server
    url = running.url
    sign_up(url, "elsa")
    weak = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash("first secret")
    accounts = db.accounts
    run_sql(running, update(accounts).where(accounts.c.name == "elsa").values(password_hash=weak))
    assert needs_rehash(weak)
    assert log_in(url, "elsa", "a guess").status_code == 401
    assert (
        run_sql(running, select(accounts.c.password_hash).where(accounts.c.name == "elsa"))[0][0]
        == weak
    )  # a wrong password changes nothing
    assert log_in(url, "elsa", "first secret").status_code == 200
    (stored,) = run_sql(running, select(accounts.c.password_hash).where(accounts.c.name == "elsa"))
    assert stored[0] != weak and not needs_rehash(stored[0])
    assert log_in(url, "elsa", "first secret").status_code == 200


@pytest.fixture
def mailbox() -> Iterator[tuple[Mailbox, str]]:
    box = Mailbox()
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    yield box, f"smtp://127.0.0.1:{port}"
    controller.stop()


def test_a_password_reset_goes_only_to_a_confirmed_address_and_works_once(
    sqlite_url: str, mailbox: tuple[Mailbox, str]
) -> None:
    box, smtp = mailbox
    clock = Clock()
    public = "https://games.example.org"
    with ThreadServer(sqlite_url, smtp_url=smtp, public_url=public) as running:
        running.server.masters.clock = clock
        url = running.url
        old = sign_up(url, "fenna")
        sign_up(url, "gerrit")
        accounts = db.accounts
        for name, confirmed in (("fenna", True), ("gerrit", False)):
            run_sql(
                running,
                update(accounts)
                .where(accounts.c.name == name)
                .values(email=f"{name}@example.org", email_confirmed=confirmed),
            )

        def ask(name: str) -> httpx.Response:
            # A Host of the asker's choosing: the link is built from --public-url all the same.
            return httpx.post(
                f"{url}/api/password-reset", json={"name": name}, headers={"Host": "evil.test"}
            )

        answers = [ask(name) for name in ("fenna", "gerrit", "nobody")]
        assert {(a.status_code, a.text) for a in answers} == {(202, answers[0].text)}

        async def until_mailed() -> None:
            while not box.to("fenna@example.org"):
                await asyncio.sleep(0.01)
            # And the sends started for the others are done (there are none).
            await asyncio.gather(*running.server.notifier.tasks)

        running.run(until_mailed())
        assert box.to("gerrit@example.org") == []  # an unconfirmed address gets nothing
        (mail,) = box.to("fenna@example.org")
        found = re.search(r"(\S+)/account/reset#token=(\S+)", text_of(mail))
        assert found is not None and found.group(1) == public
        token = found.group(2)

        def reset(token: str, password: str = "a fresh secret") -> httpx.Response:
            return httpx.post(
                f"{url}/api/password-reset/confirm", json={"token": token, "password": password}
            )

        assert reset("not a token").json()["error"] == "bad_token"
        done = reset(token)
        assert done.status_code == 200, done.text
        assert me(url, old).status_code == 401  # every earlier session ended
        assert me(url, done.json()["session"]).json()["name"] == "fenna"
        assert log_in(url, "fenna", "a fresh secret").status_code == 200
        assert reset(token, "another secret").json()["error"] == "bad_token"  # once only

        # A second link, followed after its hour, is void.
        ask("fenna")

        async def until_second() -> None:
            while len(box.to("fenna@example.org")) < 2:
                await asyncio.sleep(0.01)

        running.run(until_second())
        late = re.search(r"#token=(\S+)", text_of(box.to("fenna@example.org")[-1]))
        assert late is not None
        clock.now += 3601
        assert reset(late.group(1)).json()["error"] == "bad_token"
        assert log_in(url, "fenna", "a fresh secret").status_code == 200
