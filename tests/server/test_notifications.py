"""Notifications end to end: a real webhook receiver (an HTTP server on 127.0.0.1) and a real
SMTP server (aiosmtpd) receive exactly the expected messages for a turn-based game of two
people and two bots played over three simulated days (the server's clock is the test's):
each person's turns, the game's end, the table filling for its creator; emails digested to
at most one per table per hour; nothing on a channel after its one-click unsubscribe. And:
a bad webhook URL is refused, a failing receiver is retried and given up without holding up
anyone else, and two senders never send one message twice (SQLite and PostgreSQL).

The attacks (docs/server.md, "Security"): a webhook name that answers a public address to the
check and loopback to the connection reaches only the address checked; SMTP credentials are
never sent without STARTTLS; unsubscribe keys stay out of the access log and change with the
address; addresses with invisible or line-breaking characters are refused; List-Unsubscribe
is a plain link; and an email address gets nothing but one confirmation email (at most three
an hour, whoever asks) until its owner follows the link, which works once and for a day."""

from __future__ import annotations

import asyncio
import email
import email.policy
import email.utils
import itertools
import json
import logging
import random
import re
import secrets
import socket
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
from aiosmtpd.smtp import AuthResult

import buccaneer
from buccaneer import agents
from buccaneer.server import notifications
from buccaneer.server.account_mail import AccountMail
from buccaneer.server.master import TableMaster
from buccaneer.server.migrate import upgrade
from buccaneer.server.notifications import MAX_ATTEMPTS, Notifier, sentence
from buccaneer.server.passwords import Busy
from buccaneer.server.repository import Repository
from buccaneer.server.repository_notifications import Event, NotificationStore
from buccaneer.server.settings import Settings
from buccaneer.server.storage import OVER
from tests.server.support import HASHING, ThreadServer, free_port

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
    """A webhook receiver: records every POST (path, JSON body; and its Host header); paths
    in `failing` answer 500."""

    def __init__(self, host: str = "127.0.0.1", port: int | None = None) -> None:
        self.posts: list[tuple[str, dict[str, Any]]] = []
        self.hosts: list[str] = []
        self.failing: set[str] = set()
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                body = json.loads(self.rfile.read(length))
                with receiver.lock:
                    receiver.posts.append((self.path, body))
                    receiver.hosts.append(self.headers.get("host", ""))
                self.send_response(500 if self.path in receiver.failing else 204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                return

        self.host = host
        self.http = ThreadingHTTPServer((host, port or free_port()), Handler)
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://{self.host}:{self.http.server_address[1]}{path}"

    def to(self, path: str) -> list[dict[str, Any]]:
        with self.lock:
            return [body for p, body in self.posts if p == path]


class Mailbox:
    """aiosmtpd's handler: every message received, parsed (and its bytes as they came)."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.raw: list[bytes] = []
        self.lock = threading.Lock()

    async def handle_DATA(  # noqa: N802 (aiosmtpd calls it by this name)
        self, _server: Any, _session: Any, envelope: Any
    ) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        with self.lock:
            self.messages.append(message)
            self.raw.append(bytes(envelope.original_content or envelope.content))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]

    def raw_to(self, address: str) -> list[bytes]:
        with self.lock:
            return [r for m, r in zip(self.messages, self.raw, strict=True) if m["To"] == address]


def raw_header(raw: bytes, name: str) -> str:
    """A header's value as it stands in a message's bytes (unfolded, not decoded)."""
    head = raw.split(b"\r\n\r\n", 1)[0].decode("ascii")
    for line in re.sub(r"\r\n[ \t]", " ", head).split("\r\n"):
        key, _, value = line.partition(":")
        if key.lower() == name.lower():
            return value.strip()
    raise AssertionError(f"no {name} header")


def notices(box: Mailbox, address: str) -> list[EmailMessage]:
    """The notification emails to `address` (not its confirmation email)."""
    return [m for m in box.to(address) if m["List-Unsubscribe"] is not None]


def confirmation_link(box: Mailbox, address: str) -> str:
    """The link in the newest confirmation email to `address`."""
    mails = [m for m in box.to(address) if "/confirm-email/" in text_of(m)]
    assert mails, f"no confirmation email to {address}"
    found = re.search(r"(https?://\S+/confirm-email/\S+)", text_of(mails[-1]))
    assert found is not None
    return found.group(1)


def text_of(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


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
    answer = httpx.post(
        f"{url}/api/accounts", json={"name": name, "password": "a long password"}, timeout=HASHING
    )
    assert answer.status_code == 201, answer.text
    return {"authorization": f"Bearer {answer.json()['session']}"}


def set_addresses(url: str, auth: dict[str, str], mail: str | None, hook: str | None) -> Any:
    answer = httpx.put(
        f"{url}/api/me/notifications",
        json={"email": mail, "webhook_url": hook, "notify_email": True, "notify_webhook": True},
        headers=auth,
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["email"] == mail
    return answer.json()


def confirm(box: Mailbox, url: str, auth: dict[str, str], address: str) -> None:
    """The owner of `address` follows the link of its confirmation email: the page asks,
    its button confirms."""
    link = confirmation_link(box, address)
    assert link.startswith(f"{url}/confirm-email/")
    page = httpx.get(link)
    assert page.status_code == 200 and "<form" in page.text
    assert httpx.get(f"{url}/api/me/notifications", headers=auth).json()["email_confirmed"] is False
    done = httpx.post(link)
    assert done.status_code == 200 and "confirmed" in done.text, done.text
    assert httpx.get(f"{url}/api/me/notifications", headers=auth).json()["email_confirmed"] is True


def fill_a_table(url: str, creator: dict[str, str], joiner: dict[str, str]) -> str:
    """A turn-based table of two people that `creator` sets up and `joiner` fills: the
    creator is told `table_full`."""
    created = httpx.post(
        f"{url}/api/tables",
        json={
            "game": "cartagena",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "open"}],
            "clock": {"mode": "turn", "days": 1, "on_expiry": "bot"},
            "bot_delay": 0,
            "listed": False,
        },
        headers=creator,
    )
    assert created.status_code == 201, created.text
    table = str(created.json()["table"])
    joined = httpx.post(f"{url}/api/tables/{table}/join", json={}, headers=joiner)
    assert joined.status_code == 200, joined.text
    return table


def full_message(receiver: Receiver, path: str, table: str) -> dict[str, Any]:
    """The `table_full` webhook message of `table` at `path`, once it has come."""

    def found() -> list[dict[str, Any]]:
        return [b for b in receiver.to(path) if b["table"] == table and b["kind"] == "table_full"]

    wait_for(lambda: bool(found()), say=f"table_full of {table} at {path}")
    (body,) = found()
    return body


async def send_now(notifier: Notifier) -> None:
    """What is due, sent (the sends this started ended)."""
    await asyncio.gather(*await notifier.send_due())


def key_of(link: str) -> str:
    return link.split("/unsubscribe/", 1)[1].split("?", 1)[0]


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
        for auth, who in ((ann, "ann"), (bob, "bob")):
            shown = set_addresses(url, auth, f"{who}@example.org", receiver.url(f"/{who}"))
            assert shown["email_available"] is True and shown["email_confirmed"] is False
            assert shown["confirmation_sent"] is True
            # Nothing goes to an address before its owner confirms it.
            confirm(box, url, auth, f"{who}@example.org")
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
                return len(items(notices(box, address))) >= count

            wait_for(all_listed, say=f"{who}'s emails")
            mails = notices(box, address)
            assert Counter(items(mails)) == Counter(wanted), who
            sent = sorted(email.utils.parsedate_to_datetime(m["Date"]).timestamp() for m in mails)
            assert all(b - a >= HOUR for a, b in itertools.pairwise(sent)), sent
            assert len(mails) < len(wanted), "the emails were digested"
            for mail in mails:
                assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
                assert mail["List-Unsubscribe"].startswith(f"<{url}/unsubscribe/")
            for raw in box.raw_to(address):
                if b"List-Unsubscribe:" in raw:
                    # As it stands in the bytes: a link, not an RFC 2047 encoded word.
                    plain = raw_header(raw, "List-Unsubscribe")
                    assert plain.startswith(f"<{url}/unsubscribe/") and "=?" not in plain

        # One click: Bob leaves the emails (RFC 8058 POST), Ann the webhook (the page's form).
        bob_link = notices(box, "bob@example.org")[-1]["List-Unsubscribe"].strip("<>")
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
        before_bob, before_ann = len(notices(box, "bob@example.org")), len(receiver.to("/ann"))

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
        assert len(notices(box, "bob@example.org")) == before_bob
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
                    # As if its owner had followed the confirmation link.
                    "email_confirmed": mail,
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


# -- attacks --------------------------------------------------------------------------------


def test_a_webhook_goes_to_the_address_that_was_checked_never_to_a_rebound_one(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DNS rebinding: a name answers a public address to the check and 127.0.0.1 when asked
    again. The request goes to the address checked, with the name in its Host header, and
    the server's loopback never sees it. Here 127.0.0.2 stands for the public address (so
    that nothing leaves the machine): the check takes it for public, and 127.0.0.1 alone
    for private."""
    upgrade(sqlite_url)
    port = free_port()
    outside = Receiver("127.0.0.2", port)  # where the name pointed when it was checked
    inside = Receiver("127.0.0.1", port)  # the server's own loopback, where it points next
    for receiver in (outside, inside):
        receiver.thread.start()
    real_private = notifications.private_host
    monkeypatch.setattr(
        notifications, "private_host", lambda host: host != "127.0.0.2" and real_private(host)
    )
    name = "rebinding.example"
    (who,) = asyncio.run(people(sqlite_url, 1, [f"http://{name}:{port}/hook"], False))
    lookups: list[str] = []
    settings = Settings(database_url=sqlite_url)  # webhooks to public addresses only

    async def run() -> list[Any]:
        loop = asyncio.get_running_loop()
        real = loop.getaddrinfo

        async def rebinding(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
            asked = host.decode() if isinstance(host, bytes) else str(host)
            if asked != name:
                return await real(host, port, *args, **kwargs)
            answer = "127.0.0.2" if not lookups else "127.0.0.1"
            lookups.append(answer)
            return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (answer, port))]

        monkeypatch.setattr(loop, "getaddrinfo", rebinding)
        repository = Repository.at(sqlite_url)
        store = NotificationStore(repository.engine)
        notifier = Notifier(store, settings, Clock())
        try:
            await store.add([event(who, "t1", 1)], ["webhook"], 0.0)
            await asyncio.gather(*await notifier.send_due())
            return await store.rows(who)
        finally:
            await notifier.stop()
            await repository.close()

    try:
        (row,) = asyncio.run(run())
    finally:
        for receiver in (outside, inside):
            receiver.http.shutdown()
            receiver.http.server_close()
    assert inside.posts == [], "the request reached the server's loopback"
    assert lookups == ["127.0.0.2"], "the name was looked up once"
    assert [path for path, _ in outside.posts] == ["/hook"]
    assert outside.hosts == [f"{name}:{port}"]  # the URL's own name, not the address
    assert row.sent_at is not None and row.error is None


class Credentials:
    """aiosmtpd's authenticator: records every user name and password it is sent."""

    def __init__(self) -> None:
        self.seen: list[tuple[bytes, bytes]] = []

    def __call__(
        self, _server: Any, _session: Any, _envelope: Any, _mechanism: str, data: Any
    ) -> AuthResult:
        self.seen.append((bytes(data.login), bytes(data.password)))
        return AuthResult(success=True)


def test_smtp_credentials_are_never_sent_to_a_server_without_starttls(sqlite_url: str) -> None:
    """A mail server (or someone between) that offers AUTH but no STARTTLS gets no user name
    or password: the email fails, with the reason kept in its row."""
    upgrade(sqlite_url)
    box, credentials = Mailbox(), Credentials()
    port = free_port()
    controller = Controller(
        box,
        hostname="127.0.0.1",
        port=port,
        authenticator=credentials,
        auth_require_tls=False,  # offers AUTH in clear, as a stripping attacker would
    )
    controller.start()
    (who,) = asyncio.run(people(sqlite_url, 1, ["http://127.0.0.1:9/x"], True))

    async def run(smtp_url: str, table: str) -> list[Any]:
        repository = Repository.at(sqlite_url)
        store = NotificationStore(repository.engine)
        settings = Settings(database_url=sqlite_url, smtp_url=smtp_url)
        notifier = Notifier(store, settings, Clock())
        try:
            await store.add([event(who, table, 1)], ["email"], 0.0)
            await asyncio.gather(*await notifier.send_due())
            return [r for r in await store.rows(who) if r.table_id == table]
        finally:
            await notifier.stop()
            await repository.close()

    try:
        (row,) = asyncio.run(run(f"smtp://mailer:s3cret@127.0.0.1:{port}", "t1"))
        assert credentials.seen == []
        assert box.messages == []
        assert row.sent_at is None and "STARTTLS" in row.error, row.error
        assert "never sent in clear" in row.error
        # The same server takes email from a URL without credentials (nothing to protect).
        (plain,) = asyncio.run(run(f"smtp://127.0.0.1:{port}", "t2"))
        assert plain.sent_at is not None and len(box.messages) == 1
        assert credentials.seen == []
    finally:
        controller.stop()


def test_an_unsubscribe_key_stays_out_of_the_log_and_changes_with_the_address(
    sqlite_url: str, receiver: Receiver, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="buccaneer.access")
    with ThreadServer(sqlite_url, webhook_private=True, notify_seconds=0.05) as server:
        url = server.url
        ann, bob = account(url, "Ann"), account(url, "Bob")
        set_addresses(url, ann, None, receiver.url("/ann-1"))
        first = full_message(receiver, "/ann-1", fill_a_table(url, ann, bob))["unsubscribe"]
        assert httpx.get(first).status_code == 200  # the key works, and is in the log's path
        # A new webhook address: the old links stop working, new messages carry a new key.
        set_addresses(url, ann, None, receiver.url("/ann-2"))
        for answer in (httpx.get(first), httpx.post(first)):
            assert answer.status_code == 404 and "Unknown link" in answer.text
        second = full_message(receiver, "/ann-2", fill_a_table(url, ann, bob))["unsubscribe"]
        assert key_of(second) != key_of(first)
        assert "<form" in httpx.get(second).text
        # A new email address changes it too.
        set_addresses(url, ann, "ann@example.org", receiver.url("/ann-2"))
        assert httpx.post(second).status_code == 404
        settings = httpx.get(f"{url}/api/me/notifications", headers=ann).json()
        assert settings["notify_webhook"] is True  # the stale link turned nothing off
    lines = [
        f"{record.getMessage()} {json.dumps(vars(record), default=str)}"
        for record in caplog.records
        if record.name == "buccaneer.access"
    ]
    assert any("/unsubscribe/***" in line for line in lines), lines
    for key in (key_of(first), key_of(second)):
        assert not [line for line in lines if key in line]


def test_an_address_with_an_invisible_or_line_breaking_character_is_refused(
    sqlite_url: str,
) -> None:
    with ThreadServer(sqlite_url) as server:
        url = server.url
        auth = account(url, "Dora")
        good = {"email": "dora@example.org", "webhook_url": "https://discord.com/api/webhooks/1/x"}
        assert httpx.put(f"{url}/api/me/notifications", json=good, headers=auth).is_success
        odd = [
            "\u0085",  # next line (a C1 control)
            "\u2028",  # line separator
            "\u2029",  # paragraph separator
            "\u200b",  # zero-width space (format)
            "\u202e",  # right-to-left override (format)
            "\u00a0",  # no-break space
            "\ue000",  # private use
            "\u0378",  # unassigned
            "\x7f",  # delete
        ]
        for c in odd:
            for field, address, code in (
                ("email", f"dora{c}x@example.org", "bad_email"),
                ("email", f"dora@exa{c}mple.org", "bad_email"),
                ("webhook_url", f"https://discord.com/api/webhooks/1/{c}x", "bad_webhook"),
                ("webhook_url", f"https://disc{c}ord.com/api/webhooks/1/x", "bad_webhook"),
            ):
                answer = httpx.put(
                    f"{url}/api/me/notifications", json={**good, field: address}, headers=auth
                )
                assert answer.status_code == 400, (field, ascii(address), answer.text)
                assert answer.json()["error"] == code, ascii(address)
        # A lone surrogate, which only JSON's escapes can carry.
        body = json.dumps({**good, "email": "dora@example.org"}).replace("dora@", "dora\\ud800@")
        answer = httpx.put(
            f"{url}/api/me/notifications",
            content=body,
            headers={**auth, "content-type": "application/json"},
        )
        assert answer.status_code in (400, 422), answer.text
        kept = httpx.get(f"{url}/api/me/notifications", headers=auth).json()
        assert kept["email"] == good["email"] and kept["webhook_url"] == good["webhook_url"]


def test_list_unsubscribe_is_a_plain_link_a_mail_client_can_use(
    sqlite_url: str, mailbox: tuple[Mailbox, str]
) -> None:
    """RFC 2369 and 8058: the header is `<https://...>` in ASCII as it stands in the bytes,
    not an RFC 2047 encoded word (the default policy's way of folding a line over 78
    characters that has no space to fold at)."""
    box, smtp_url = mailbox
    upgrade(sqlite_url)
    (who,) = asyncio.run(people(sqlite_url, 1, ["http://127.0.0.1:9/x"], True))
    public = "https://buccaneer.example.org/spielen"
    settings = Settings(database_url=sqlite_url, smtp_url=smtp_url, public_url=public)

    async def run() -> None:
        repository = Repository.at(sqlite_url)
        store = NotificationStore(repository.engine)
        notifier = Notifier(store, settings, Clock())
        try:
            await store.add([event(who, "t1", 1)], ["email"], 0.0)
            await asyncio.gather(*await notifier.send_due())
        finally:
            await notifier.stop()
            await repository.close()

    asyncio.run(run())
    (raw,) = box.raw_to(f"p{who}@example.org")
    value = raw_header(raw, "List-Unsubscribe")
    assert value.startswith(f"<{public}/unsubscribe/") and value.endswith("?channel=email>")
    assert "=?" not in value and value.isascii()
    assert raw_header(raw, "List-Unsubscribe-Post") == "List-Unsubscribe=One-Click"
    (parsed,) = box.to(f"p{who}@example.org")
    assert parsed["List-Unsubscribe"] == value


# -- double opt-in --------------------------------------------------------------------------


def test_an_unconfirmed_address_gets_nothing_but_its_one_confirmation_email(
    sqlite_url: str, receiver: Receiver, mailbox: tuple[Mailbox, str]
) -> None:
    box, smtp_url = mailbox
    clock = Clock()
    server = ThreadServer(sqlite_url, smtp_url=smtp_url, webhook_private=True, notify_seconds=0.05)
    server.server.masters.clock = clock
    with server:
        url = server.url
        ann, bob = account(url, "Ann"), account(url, "Bob")
        shown = set_addresses(url, ann, "ann@example.org", receiver.url("/ann"))
        assert shown["email_confirmed"] is False and shown["confirmation_sent"] is True
        # Saving the same settings again sends no second confirmation email.
        assert (
            set_addresses(url, ann, "ann@example.org", receiver.url("/ann"))["confirmation_sent"]
            is None
        )
        (mail,) = box.to("ann@example.org")
        assert mail["Subject"] == "Confirm your email address for buccaneer"
        assert mail["List-Unsubscribe"] is None and "Ann" not in text_of(mail)
        table = fill_a_table(url, ann, bob)
        full_message(receiver, "/ann", table)  # the webhook was told: the event was written
        ann_id = server.run(server.server.masters.account_of_session(ann["authorization"][7:]))[0]
        rows = server.run(server.server.notifier.store.rows(ann_id))
        assert rows and {r.channel for r in rows} == {"webhook"}  # no email row at all
        clock.t += 2 * HOUR  # past every digest
        server.run(send_now(server.server.notifier))
        assert box.to("ann@example.org") == [mail]
        # Once confirmed, the next table's news comes by email.
        confirm(box, url, ann, "ann@example.org")
        again = fill_a_table(url, ann, bob)
        wait_for(lambda: any(again in m["Subject"] for m in notices(box, "ann@example.org")))


def test_a_strangers_address_gets_at_most_three_confirmation_emails_an_hour(
    sqlite_url: str, mailbox: tuple[Mailbox, str]
) -> None:
    """Strangers set one victim's address from accounts of their own, on two server
    processes of one database: three confirmation emails an hour reach the victim, then
    429 (nothing stored); one account cycling through addresses gets five an hour."""
    box, smtp_url = mailbox
    clock = Clock()
    servers = [ThreadServer(sqlite_url, smtp_url=smtp_url) for _ in range(2)]
    for server in servers:
        server.server.masters.clock = clock
    with servers[0] as one, servers[1] as two:
        strangers = [account(s.url, f"Stranger{i}") for i, s in enumerate([one, two] * 3)]
        urls = [one.url, two.url] * 3
        victim = ["victim@example.org", "Victim@Example.org", "VICTIM@example.org"]
        answers = [
            httpx.put(
                f"{urls[i]}/api/me/notifications", json={"email": victim[i % 3]}, headers=auth
            )
            for i, auth in enumerate(strangers)
        ]
        assert [a.status_code for a in answers] == [200, 200, 200, 429, 429, 429]
        for refused, auth, url in zip(answers[3:], strangers[3:], urls[3:], strict=True):
            assert refused.json()["error"] == "busy"
            assert refused.json()["retry_after"] == pytest.approx(HOUR)
            assert refused.headers["retry-after"] == "3600"
            assert httpx.get(f"{url}/api/me/notifications", headers=auth).json()["email"] is None
        to_victim = [m for m in box.messages if m["To"].lower() == "victim@example.org"]
        assert len(to_victim) == 3
        # An hour later, one more.
        clock.t += HOUR
        late = httpx.put(
            f"{urls[3]}/api/me/notifications", json={"email": victim[0]}, headers=strangers[3]
        )
        assert late.status_code == 200, late.text
        assert len([m for m in box.messages if m["To"].lower() == "victim@example.org"]) == 4
        # One account and many addresses: five an hour.
        cycler = account(one.url, "Cycler")
        codes = [
            httpx.put(
                f"{one.url}/api/me/notifications",
                json={"email": f"a{i}@example.org"},
                headers=cycler,
            ).status_code
            for i in range(6)
        ]
        assert codes == [200] * 5 + [429]
        kept = httpx.get(f"{one.url}/api/me/notifications", headers=cycler).json()
        assert kept["email"] == "a4@example.org"
        assert box.to("a5@example.org") == []


def test_the_hourly_cap_holds_for_requests_at_once_in_two_processes(database_url: str) -> None:
    """Twelve confirmation emails to one address asked for at once, by two processes (two
    engines) of one database (SQLite and PostgreSQL): three are counted, the rest refused."""
    upgrade(database_url)
    clock = Clock()
    settings = Settings(database_url=database_url, smtp_url="smtp://127.0.0.1:9")
    address = f"victim-{secrets.token_hex(4)}@example.org"

    async def run() -> list[bool]:
        repositories = [Repository.at(database_url) for _ in range(2)]
        mailers = [AccountMail(r.engine, settings, clock) for r in repositories]

        async def ask(mailer: AccountMail, i: int) -> bool:
            try:
                await mailer.reserve("confirm_email", address.upper() if i % 2 else address)
            except Busy:
                return False
            return True

        try:
            return list(await asyncio.gather(*(ask(mailers[i % 2], i) for i in range(12))))
        finally:
            for r in repositories:
                await r.close()

    taken = asyncio.run(run())
    assert taken.count(True) == 3, taken


def test_a_confirmation_link_works_once_for_a_day_and_for_its_own_address(
    sqlite_url: str, mailbox: tuple[Mailbox, str]
) -> None:
    box, smtp_url = mailbox
    clock = Clock()
    server = ThreadServer(sqlite_url, smtp_url=smtp_url)
    server.server.masters.clock = clock
    with server:
        url = server.url
        auth = account(url, "Eve")
        settings = f"{url}/api/me/notifications"

        def confirmed() -> bool:
            return bool(httpx.get(settings, headers=auth).json()["email_confirmed"])

        # The link names the server's own address, whatever Host the request came with.
        put = httpx.put(
            settings, json={"email": "eve@example.org"}, headers={**auth, "host": "evil.example"}
        )
        assert put.status_code == 200, put.text
        first = confirmation_link(box, "eve@example.org")
        assert first.startswith(f"{url}/confirm-email/")
        # Expired after a day: the page and its button say so and change nothing.
        clock.t += 25 * HOUR
        for answer in (httpx.get(first), httpx.post(first)):
            assert answer.status_code == 404 and "Unknown link" in answer.text
        assert not confirmed()
        # Saving again sends a new link (the last one has expired).
        assert set_addresses(url, auth, "eve@example.org", None)["confirmation_sent"] is True
        second = confirmation_link(box, "eve@example.org")
        assert second != first
        # A mail scanner that opens the link confirms nothing.
        assert "<form" in httpx.get(second).text and not confirmed()
        assert httpx.post(second).status_code == 200 and confirmed()
        # Used once: not again.
        for answer in (httpx.get(second), httpx.post(second)):
            assert answer.status_code == 404
        # A new address is unconfirmed, and an older address's link cannot confirm it.
        set_addresses(url, auth, "eve@example.net", None)
        assert not confirmed()
        set_addresses(url, auth, "eve@example.com", None)
        assert httpx.post(confirmation_link(box, "eve@example.net")).status_code == 404
        assert not confirmed()
        assert httpx.post(confirmation_link(box, "eve@example.com")).status_code == 200
        assert confirmed()
        assert httpx.get(settings, headers=auth).json()["email"] == "eve@example.com"


def test_a_guest_cannot_set_an_email_address(sqlite_url: str, mailbox: tuple[Mailbox, str]) -> None:
    box, smtp_url = mailbox
    with ThreadServer(sqlite_url, smtp_url=smtp_url, webhook_private=True) as server:
        url = server.url
        guest = httpx.post(f"{url}/api/guests", json={})
        assert guest.status_code == 201, guest.text
        auth = {"authorization": f"Bearer {guest.json()['session']}"}
        shown = httpx.get(f"{url}/api/me/notifications", headers=auth).json()
        assert shown["email_allowed"] is False
        answer = httpx.put(
            f"{url}/api/me/notifications", json={"email": "someone@example.org"}, headers=auth
        )
        assert answer.status_code == 403 and answer.json()["error"] == "password_needed"
        assert httpx.get(f"{url}/api/me/notifications", headers=auth).json()["email"] is None
        assert box.messages == []
        # A webhook the guest may have.
        assert set_addresses(url, auth, None, "http://127.0.0.1:9/hook")["webhook_url"]
