"""Notifications end to end: a real webhook receiver (an HTTP server on 127.0.0.1) and a real
SMTP server (aiosmtpd) receive exactly the expected messages for a turn-based game of two
people and two bots played over three simulated days (the server's clock is the test's):
each person's turns, the game's end, the table filling for its creator; emails digested to
at most one per table per hour; nothing on a channel after its one-click unsubscribe. And:
a bad webhook URL is refused, a failing receiver is retried and given up without holding up
anyone else, and two senders never send one message twice (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import email
import email.policy
import email.utils
import itertools
import json
import random
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

import buccaneer
from buccaneer import agents
from buccaneer.server import notifications
from buccaneer.server.master import TableMaster
from buccaneer.server.migrate import upgrade
from buccaneer.server.notifications import MAX_ATTEMPTS, Notifier, sentence
from buccaneer.server.repository import Repository
from buccaneer.server.repository_notifications import Event, NotificationStore
from buccaneer.server.settings import Settings
from buccaneer.server.storage import OVER
from tests.server.support import ThreadServer, free_port

HOUR = 3600.0
DAY = 86_400.0


class Clock:
    """The server's wall clock, moved by the test."""

    def __init__(self, start: float = 1_900_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t


# -- the receivers --------------------------------------------------------------------------


class Receiver:
    """A webhook receiver: records every POST (path, JSON body); paths in `failing` answer
    500."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, dict[str, Any]]] = []
        self.failing: set[str] = set()
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                body = json.loads(self.rfile.read(length))
                with receiver.lock:
                    receiver.posts.append((self.path, body))
                self.send_response(500 if self.path in receiver.failing else 204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                return

        self.http = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.http.server_address[1]}{path}"

    def to(self, path: str) -> list[dict[str, Any]]:
        with self.lock:
            return [body for p, body in self.posts if p == path]


class Mailbox:
    """aiosmtpd's handler: every message received, parsed."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(  # noqa: N802 (aiosmtpd calls it by this name)
        self, _server: Any, _session: Any, envelope: Any
    ) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        with self.lock:
            self.messages.append(message)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    receiver = Receiver()
    receiver.thread.start()
    yield receiver
    receiver.http.shutdown()
    receiver.http.server_close()


@pytest.fixture
def mailbox() -> Iterator[tuple[Mailbox, str]]:
    box = Mailbox()
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    yield box, f"smtp://127.0.0.1:{port}"
    controller.stop()


def wait_for(what: Callable[[], bool], timeout: float = 60.0, say: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if what():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting: {say}")


def items(messages: list[EmailMessage]) -> list[str]:
    """The sentences listed in emails ("- ..." lines)."""
    out = []
    for message in messages:
        body = message.get_body(("plain",))
        assert body is not None
        out += [line[2:] for line in body.get_content().splitlines() if line.startswith("- ")]
    return out


# -- end to end -----------------------------------------------------------------------------


def account(url: str, name: str) -> dict[str, str]:
    answer = httpx.post(f"{url}/api/accounts", json={"name": name, "password": "a long password"})
    assert answer.status_code == 201, answer.text
    return {"authorization": f"Bearer {answer.json()['session']}"}


def set_addresses(url: str, auth: dict[str, str], mail: str, hook: str) -> None:
    answer = httpx.put(
        f"{url}/api/me/notifications",
        json={"email": mail, "webhook_url": hook, "notify_email": True, "notify_webhook": True},
        headers=auth,
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["email"] == mail and answer.json()["email_available"] is True


def person_turns(record: dict[str, Any], people: set[int]) -> Counter[int]:
    """Each person's turns, counted independently from the record: a seat asked that was not
    asked before (the first decisions, and after every action)."""
    state = buccaneer.load(
        record["game"], record["players"], seed=record["seed"], **record["options"]
    )
    turns: Counter[int] = Counter(s for s in state.to_move() if s in people)
    for seat, action in record["actions"]:
        before = set(state.to_move())
        state.apply(seat, action)
        turns.update(s for s in state.to_move() if s in people and s not in before)
    return turns


def play(
    server: ThreadServer,
    master: TableMaster,
    clock: Clock,
    people: set[int],
    moves: int | None = None,
) -> int:
    """Play the people's seats with the heuristic bot until the game is over (or `moves`
    person moves), moving the clock: ten minutes a move, seven hours every eighth."""
    bot = agents.make("heuristic")
    rng = random.Random(7)
    made = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        version, to_move, status, state = server.run(
            master.read(lambda t: (t.version, tuple(t.state.to_move()), t.status, t.state.clone()))
        )
        if status == OVER or (moves is not None and made >= moves):
            return made
        mine = [s for s in to_move if s in people]
        if not mine:
            time.sleep(0.005)
            continue
        seat = mine[0]
        clock.t += 7 * HOUR if made % 8 == 7 else 600.0
        action = bot.act(state, seat, rng).to_json()
        server.run(master.act(seat, action, version))
        made += 1
    raise AssertionError("the game did not end in time")


def test_a_turn_based_game_over_three_days_tells_exactly_what_happened(
    sqlite_url: str,
    receiver: Receiver,
    mailbox: tuple[Mailbox, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    box, smtp_url = mailbox
    # The test's clock jumps ten minutes or seven hours a move, past a sender's two-minute
    # lease on a message it is still posting; under load the next round of sends then took
    # that message again and the receiver got it twice (CI: 13 turn messages for 9 turns).
    # A lease only matters when a sender dies mid-send, which this test does not do.
    monkeypatch.setattr(notifications, "LEASE", 30 * DAY)
    clock = Clock()
    start = clock.t
    server = ThreadServer(sqlite_url, smtp_url=smtp_url, webhook_private=True, notify_seconds=0.05)
    server.server.masters.clock = clock
    with server:
        url = server.url
        ann, bob = account(url, "Ann"), account(url, "Bob")
        set_addresses(url, ann, "ann@example.org", receiver.url("/ann"))
        set_addresses(url, bob, "bob@example.org", receiver.url("/bob"))
        created = httpx.post(
            f"{url}/api/tables",
            json={
                "game": "cartagena",
                "players": 4,
                "seats": [
                    {"kind": "me"},
                    {"kind": "open"},
                    {"kind": "bot", "agent": "heuristic"},
                    {"kind": "bot", "agent": "heuristic"},
                ],
                "clock": {"mode": "turn", "days": 1, "on_expiry": "bot"},
                "bot_delay": 0,
                "listed": False,
            },
            headers=ann,
        )
        assert created.status_code == 201, created.text
        table = created.json()["table"]
        joined = httpx.post(f"{url}/api/tables/{table}/join", json={}, headers=bob)
        assert joined.status_code == 200, joined.text
        people = {0, joined.json()["seat"]}
        master = server.run(server.server.masters.get(table))
        play(server, master, clock, people)
        clock.t = max(clock.t, start + 3 * DAY)  # the game took three days

        record = httpx.get(f"{url}/api/tables/{table}/record").json()
        turns = person_turns(record, people)
        seat_of = {"ann": 0, "bob": joined.json()["seat"]}
        title = buccaneer.GAMES["cartagena"].title
        expected = {
            who: Counter(
                {
                    "your_turn": turns[seat],
                    "game_over": 1,
                    **({"table_full": 1} if who == "ann" else {}),
                }
            )
            for who, seat in seat_of.items()
        }
        assert all(turns[s] >= 3 for s in people), turns
        # Webhooks: each event once, in the words a Discord and a Slack webhook show.
        wait_for(
            lambda: all(
                sum(Counter(b["kind"] for b in receiver.to(f"/{w}")).values())
                >= expected[w].total()
                for w in expected
            ),
            say="every webhook message",
        )
        time.sleep(0.3)  # nothing more comes
        for who, kinds in expected.items():
            bodies = receiver.to(f"/{who}")
            assert Counter(b["kind"] for b in bodies) == kinds, who
            for body in bodies:
                assert body["content"] == body["text"]
                assert body["content"].startswith(sentence(body["kind"], title, table))
                assert body["table"] == table and body["game"] == "cartagena"
                assert body["link"] == f"{url}/tables/{table}"
                assert body["unsubscribe"].startswith(f"{url}/unsubscribe/")
        # Emails: an hour after the last, what waited goes as one email listing it all.
        clock.t += 2 * HOUR
        for who, kinds in expected.items():
            wanted = [sentence(k, title, table) for k in kinds.elements()]
            address = f"{who}@example.org"

            def all_listed(address: str = address, count: int = len(wanted)) -> bool:
                return len(items(box.to(address))) >= count

            wait_for(all_listed, say=f"{who}'s emails")
            mails = box.to(f"{who}@example.org")
            assert Counter(items(mails)) == Counter(wanted), who
            sent = sorted(email.utils.parsedate_to_datetime(m["Date"]).timestamp() for m in mails)
            assert all(b - a >= HOUR for a, b in itertools.pairwise(sent)), sent
            assert len(mails) < len(wanted), "the emails were digested"
            for mail in mails:
                assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
                assert mail["List-Unsubscribe"].startswith(f"<{url}/unsubscribe/")

        # One click: Bob leaves the emails (RFC 8058 POST), Ann the webhook (the page's form).
        bob_link = box.to("bob@example.org")[-1]["List-Unsubscribe"].strip("<>")
        page = httpx.get(bob_link)
        assert page.status_code == 200 and "<form" in page.text
        done = httpx.post(
            bob_link,
            content="List-Unsubscribe=One-Click",
            headers={"content-type": "application/x-www-form-urlencoded"},
        )
        assert done.status_code == 200, done.text
        ann_link = receiver.to("/ann")[-1]["unsubscribe"]
        assert "<form" in httpx.get(ann_link).text
        assert httpx.post(ann_link).status_code == 200
        assert "no webhook messages" in httpx.get(ann_link).text
        settings = httpx.get(f"{url}/api/me/notifications", headers=ann).json()
        assert settings["notify_webhook"] is False and settings["notify_email"] is True
        before_bob, before_ann = len(box.to("bob@example.org")), len(receiver.to("/ann"))

        # A rematch: Bob still hears by webhook and Ann by email, and nothing else comes.
        rematch = server.run(master.rematch())
        again = server.run(server.server.masters.get(rematch))
        play(server, again, clock, people, moves=8)
        clock.t += 2 * HOUR
        wait_for(
            lambda: any(b["table"] == rematch for b in receiver.to("/bob")), say="bob's webhook"
        )
        wait_for(
            lambda: any(rematch in m["Subject"] for m in box.to("ann@example.org")),
            say="ann's email",
        )
        time.sleep(0.5)
        assert len(box.to("bob@example.org")) == before_bob
        assert len(receiver.to("/ann")) == before_ann


def test_a_bad_webhook_url_or_email_is_refused_and_changes_nothing(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        url = server.url
        auth = account(url, "Cleo")
        good = {"email": "cleo@example.org", "webhook_url": "https://discord.com/api/webhooks/1/x"}
        assert httpx.put(f"{url}/api/me/notifications", json=good, headers=auth).is_success
        for bad in (
            "ftp://example.org/hook",
            "javascript:alert(1)",
            "https://",
            "http://127.0.0.1:9/hook",
            "http://localhost/hook",
            "http://10.1.2.3/hook",
            "http://[::1]/hook",
            "https://user:pw@example.org/hook",
            "https://example.org/a b",
        ):
            answer = httpx.put(
                f"{url}/api/me/notifications", json={**good, "webhook_url": bad}, headers=auth
            )
            assert answer.status_code == 400, bad
            assert answer.json()["error"] == "bad_webhook", bad
        answer = httpx.put(
            f"{url}/api/me/notifications", json={**good, "email": "not an address"}, headers=auth
        )
        assert answer.status_code == 400 and answer.json()["error"] == "bad_email"
        assert httpx.put(f"{url}/api/me/notifications", json=good).status_code == 401
        kept = httpx.get(f"{url}/api/me/notifications", headers=auth).json()
        assert kept["webhook_url"] == good["webhook_url"] and kept["email"] == good["email"]
        assert kept["email_available"] is False
        unknown = httpx.get(f"{url}/unsubscribe/{secrets.token_urlsafe(24)}?channel=email")
        assert unknown.status_code == 404


# -- the sender without a server ------------------------------------------------------------


async def people(url: str, count: int, hooks: list[str], mail: bool) -> list[int]:
    """Accounts with webhook addresses (and email addresses when `mail`)."""
    repository = Repository.at(url)
    store = NotificationStore(repository.engine)
    ids = []
    try:
        for i in range(count):
            found = await repository.add_account(f"p-{secrets.token_hex(6)}", None, 0.0)
            assert found is not None
            await store.set_settings(
                found,
                {
                    "webhook_url": hooks[i % len(hooks)],
                    "email": f"p{found}@example.org" if mail else None,
                },
                secrets.token_urlsafe(24),
            )
            ids.append(found)
    finally:
        await repository.close()
    return ids


def event(account_id: int, table: str, n: int) -> Event:
    body = {
        "kind": "your_turn",
        "table": table,
        "game": "cartagena",
        "title": "Cartagena",
        "sentence": f"message {account_id}/{n}",
        "link": f"http://example.org/tables/{table}",
    }
    return Event(account_id, table, "your_turn", json.dumps(body))


def test_a_failing_receiver_is_retried_then_given_up_and_holds_up_nobody(
    sqlite_url: str, receiver: Receiver
) -> None:
    upgrade(sqlite_url)
    receiver.failing.add("/down")
    good = asyncio.run(people(sqlite_url, 1, [receiver.url("/up")], False))
    down = asyncio.run(people(sqlite_url, 1, [receiver.url("/down")], False))
    clock = Clock()
    settings = Settings(database_url=sqlite_url, webhook_private=True)

    async def run() -> list[Any]:
        repository = Repository.at(sqlite_url)
        store = NotificationStore(repository.engine)
        notifier = Notifier(store, settings, clock)
        try:
            await store.add(
                [event(down[0], "t1", 1), event(good[0], "t1", 1)], ["webhook"], clock()
            )
            for attempt in range(1, MAX_ATTEMPTS + 2):
                await asyncio.gather(*await notifier.send_due())
                assert len(receiver.to("/down")) == min(attempt, MAX_ATTEMPTS)
                assert len(receiver.to("/up")) == attempt
                # Not tried again before its backoff.
                await asyncio.gather(*await notifier.send_due())
                assert len(receiver.to("/down")) == min(attempt, MAX_ATTEMPTS)
                clock.t += HOUR
                await store.add([event(good[0], "t1", attempt + 1)], ["webhook"], clock())
                await asyncio.gather(*await notifier.send_due())
                assert len(receiver.to("/up")) == attempt + 1  # others go on meanwhile
            return await store.rows(down[0])
        finally:
            await notifier.stop()
            await repository.close()

    (row,) = asyncio.run(run())
    assert row.sent_at is None and row.attempts == MAX_ATTEMPTS
    assert row.error.startswith(f"gave up after {MAX_ATTEMPTS} tries: the receiver answered 500")


def test_two_senders_never_send_one_message_twice(
    database_url: str, receiver: Receiver, mailbox: tuple[Mailbox, str]
) -> None:
    box, smtp_url = mailbox
    upgrade(database_url)
    hooks = [receiver.url(f"/r{i}") for i in range(3)]
    ids = asyncio.run(people(database_url, 6, hooks, True))
    clock = Clock()
    settings = Settings(database_url=database_url, webhook_private=True, smtp_url=smtp_url)
    tables = [f"t{secrets.token_hex(4)}" for _ in range(3)]
    events = [event(a, t, n) for a in ids for t in tables for n in range(4)]

    async def run() -> None:
        # Two senders with engines of their own, as two processes have.
        repositories = [Repository.at(database_url) for _ in range(2)]
        notifiers = [Notifier(NotificationStore(r.engine), settings, clock) for r in repositories]
        try:
            await notifiers[0].store.add(events, ["webhook", "email"], clock())
            for _ in range(30):
                started = await asyncio.gather(*(n.send_due() for n in notifiers))
                await asyncio.gather(*(t for tasks in started for t in tasks))
                sent = sum(n.counts["webhook"] for n in notifiers)
                if sent == len(events):
                    break
            # Nothing more is held back by the digest; a send that timed out on a loaded
            # machine is retried (30 s, 2 min, 10 min later), so the clock moves on by more
            # than the longest backoff each round.
            for _ in range(6):
                clock.t += 2 * HOUR
                started = await asyncio.gather(*(n.send_due() for n in notifiers))
                await asyncio.gather(*(t for tasks in started for t in tasks))
        finally:
            for n in notifiers:
                await n.stop()
            for r in repositories:
                await r.close()

    asyncio.run(run())
    posted = Counter(body["content"] for path, body in receiver.posts if path.startswith("/r"))
    wanted = Counter(
        f"{json.loads(e.payload)['sentence']} {json.loads(e.payload)['link']}" for e in events
    )
    assert posted == wanted  # every message once, none twice
    mails = [m for m in box.messages if m["To"] in {f"p{a}@example.org" for a in ids}]
    assert Counter(items(mails)) == Counter(json.loads(e.payload)["sentence"] for e in events)
    # One email per account and table: all four messages of a table in one digest.
    per_table = Counter((m["To"], m["Subject"]) for m in mails)
    assert len(mails) == len(ids) * len(tables), per_table
