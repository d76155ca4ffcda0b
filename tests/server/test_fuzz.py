"""Fuzz tests of the server: thousands of malformed or hostile WebSocket messages and HTTP
requests against a real server (uvicorn in a thread, real sockets, real databases).

Every WebSocket message must get a JSON answer (an `error` with a code and words, or the reply
it asked for), never `server_error`, and never a closed connection; every HTTP response must be
JSON, below 500, with an `error` and a `message` when it refuses. A refused message changes
nothing: the table's public meta (`GET /api/tables/{id}`) and the sender's next `sync` are
compared before and after each one.

The generated part (hypothesis) and the hand-written hostile cases share one harness: a `Peer`
sends a frame followed by a `ping` and reads until the `pong`, so each frame's answers are
known exactly; a `Fuzzer` adds the before/after comparison.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from buccaneer.server.auth import clean_name
from buccaneer.server.schemas import (
    ActionMessage,
    BadMessage,
    ChatMessage,
    CreateTable,
    ExportMessage,
    HandoverMessage,
    Hello,
    JoinTable,
    LeaveMessage,
    LeaveTable,
    Login,
    NewAccount,
    NewGuest,
    PingMessage,
    RematchMessage,
    SyncMessage,
    TakebackMessage,
    parse_message,
)
from buccaneer.server.settings import Settings
from tests.server.support import ThreadServer, create_table

DEFAULTS = Settings()
MAX_MESSAGE = DEFAULTS.max_message
MAX_BODY = DEFAULTS.max_body
PING = json.dumps({"type": "ping"})
SYNC = json.dumps({"type": "sync"})
# A connection's own bucket holds 2000 messages under RELAXED; start afresh well before.
RECONNECT_AFTER = 1200
NO_BODY: Any = object()

MODELS: dict[str, type[BaseModel]] = {
    "hello": Hello,
    "action": ActionMessage,
    "chat": ChatMessage,
    "sync": SyncMessage,
    "handover": HandoverMessage,
    "takeback": TakebackMessage,
    "leave": LeaveMessage,
    "rematch": RematchMessage,
    "export": ExportMessage,
    "ping": PingMessage,
}
FIELDS: dict[str, list[str]] = {
    kind: [name for name in model.model_fields if name != "type"] for kind, model in MODELS.items()
}
# A value of every JSON type, some of them of a field's own type but out of its range.
WRONG_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    10**30,
    "",
    "x",
    "1",
    "x" * 3000,
    [],
    [1],
    {},
    {"a": 1},
]


# -- the wire -------------------------------------------------------------------------------


def ws_url(url: str) -> str:
    return url.replace("http://", "ws://", 1) + "/ws"


def open_ws(url: str, max_size: int | None = None) -> ClientConnection:
    """A connection held open beyond one `with` block (closed by its owner). It reads and
    keeps whatever arrives, however long its owner leaves it unread, as a browser does: with
    the library's default flow control (16 frames) a watching connection left idle while bots
    played its table out stopped reading, so it could not answer the server's keepalive ping,
    and under a loaded machine the server dropped it after 20 s. It sends no pings of its own,
    as a browser sends none."""
    return connect(
        url,
        max_size=max_size,
        max_queue=None,
        open_timeout=10,
        close_timeout=2,
        ping_interval=None,
    ).__enter__()


def describe(frame: Any) -> str:
    """A frame (or a request body) as an error message repeats it: recognisable, short."""
    text = repr(frame)
    return text if len(text) <= 160 else f"{text[:150]}... ({len(text)} characters)"


def no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON (a browser's JSON.parse refuses it)")


def strict_json(data: str | bytes) -> Any:
    """JSON as every client parses it: NaN and Infinity are not JSON."""
    return json.loads(data, parse_constant=no_constant)


def answers_with_pong(frame: str | bytes, max_message: int) -> bool:
    """Whether the server answers `frame` itself with a pong (so two pongs end the exchange)."""
    if not isinstance(frame, str) or len(frame) > max_message:
        return False
    try:
        return isinstance(parse_message(frame), PingMessage)
    except BadMessage:
        return False


def parsed(frame: str | bytes) -> Any:
    """The message the server reads in `frame` (None when it reads none)."""
    if not isinstance(frame, str):
        return None
    try:
        return parse_message(frame)
    except BadMessage:
        return None


class Dropped(AssertionError):
    """The server closed a connection it should have kept open."""


def check_message(message: Any, frame: str | bytes) -> None:
    """One message from the server: an object with a type; an error has a code and words."""
    assert isinstance(message, dict), f"{describe(frame)}: the server sent {describe(message)}"
    assert isinstance(message.get("type"), str), f"{describe(frame)}: untyped {describe(message)}"
    if message["type"] == "error":
        code, words = message.get("code"), message.get("message")
        assert isinstance(code, str) and code, f"{describe(frame)}: error without code {message}"
        assert isinstance(words, str) and words, f"{describe(frame)}: error without words {message}"
        assert code != "server_error", f"{describe(frame)} made the server fail: {message}"


class Peer:
    """One WebSocket connection, optionally seated (or spectating) by a hello it repeats
    whenever it connects again."""

    def __init__(
        self, url: str, hello: dict[str, Any] | None = None, max_message: int = MAX_MESSAGE
    ) -> None:
        self.url = url
        self.hello = hello
        self.max_message = max_message
        self.ws: ClientConnection | None = None
        self.frames = 0
        self.welcome: list[dict[str, Any]] = []
        self.connect()

    def connect(self) -> None:
        self.close()
        self.ws = open_ws(ws_url(self.url))
        self.frames = 0
        if self.hello is not None:
            replies = self.exchange(json.dumps(self.hello))
            refused = [m for m in replies if m["type"] == "error"]
            assert not refused, f"hello {self.hello} was refused: {refused}"
            self.welcome = replies

    def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()
            self.ws = None

    def receive(self, frame: str | bytes, timeout: float = 15.0) -> dict[str, Any]:
        assert self.ws is not None
        try:
            data = self.ws.recv(timeout=timeout)
        except TimeoutError:
            raise AssertionError(f"no answer within {timeout} s after {describe(frame)}") from None
        except ConnectionClosed as exc:
            self.ws = None
            raise Dropped(
                f"the server closed the connection (received {exc.rcvd}, sent {exc.sent}) "
                f"after {describe(frame)}"
            ) from None
        assert isinstance(data, str), f"{describe(frame)}: the server sent a binary frame"
        try:
            message = strict_json(data)
        except ValueError as exc:
            raise AssertionError(f"{describe(frame)}: the answer is not JSON ({exc})") from None
        return message if isinstance(message, dict) else {"not an object": message}

    def exchange(self, frame: str | bytes) -> list[dict[str, Any]]:
        """Send `frame`, then a ping; everything the server said before the pong, each message
        checked once the pong is in (so a failure leaves the connection in step)."""
        if self.ws is None or self.frames > RECONNECT_AFTER:
            self.connect()
        assert self.ws is not None
        pongs = 2 if answers_with_pong(frame, self.max_message) else 1
        try:
            self.ws.send(frame)
            self.ws.send(PING)
        except ConnectionClosed as exc:
            self.ws = None
            raise Dropped(
                f"the connection was closed (received {exc.rcvd}, sent {exc.sent}) "
                f"at {describe(frame)}"
            ) from None
        self.frames += 2
        replies: list[dict[str, Any]] = []
        while pongs:
            message = self.receive(frame)
            if message.get("type") == "pong":
                pongs -= 1
            else:
                replies.append(message)
        for message in replies:
            check_message(message, frame)
        return replies

    def sync(self) -> dict[str, Any]:
        """The seat's (or spectator's) whole table as a `sync` shows it, chat left out."""
        replies = self.exchange(SYNC)
        syncs = [m for m in replies if m["type"] == "sync"]
        assert syncs, f"no sync in {replies}"
        latest = dict(syncs[-1])
        latest.pop("chat", None)
        return latest


def differences(before: Any, after: Any, path: str = "") -> list[str]:
    if isinstance(before, dict) and isinstance(after, dict):
        out: list[str] = []
        for key in sorted(set(before) | set(after), key=str):
            if before.get(key, NO_BODY) != after.get(key, NO_BODY):
                out += differences(before.get(key), after.get(key), f"{path}.{key}")
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        out = []
        for i, (a, b) in enumerate(zip(before, after, strict=True)):
            if a != b:
                out += differences(a, b, f"{path}[{i}]")
        return out
    return [f"{path or 'the state'}: {describe(before)} -> {describe(after)}"]


@dataclass
class Watch:
    """A table as anyone sees it over HTTP and, through `peer`, as its next sync shows it."""

    http: httpx.Client
    url: str
    table: str
    peer: Peer | None = None

    def take(self) -> dict[str, Any]:
        response = self.http.get(f"{self.url}/api/tables/{self.table}")
        assert response.status_code == 200, response.text
        state: dict[str, Any] = {"meta": response.json()}
        if self.peer is not None:
            state["sync"] = self.peer.sync()
        return state


class Fuzzer:
    """Sends frames from one peer; a refused frame (any error) must leave every watched table
    as it was. An accepted hello on a connection that had none starts a fresh connection."""

    def __init__(self, peer: Peer, watches: Sequence[Watch]) -> None:
        self.peer = peer
        self.watches = list(watches)
        self.before = self.look()
        self.sent = 0

    def look(self) -> list[dict[str, Any]]:
        return [watch.take() for watch in self.watches]

    def rebase(self) -> None:
        self.before = self.look()

    def send(self, frame: str | bytes) -> list[dict[str, Any]]:
        self.sent += 1
        try:
            replies = self.peer.exchange(frame)
        except Dropped:
            self.peer.connect()
            self.rebase()
            raise
        refused = [m["code"] for m in replies if m["type"] == "error"]
        after = self.look()
        if refused:
            assert after == self.before, (
                f"{describe(frame)} was refused ({refused}) but changed the table: "
                f"{differences(self.before, after)[:5]}"
            )
        self.before = after
        if self.peer.hello is None and any(m["type"] in ("sync", "update") for m in replies):
            self.peer.connect()  # it said hello: the next frames need a connection without one
        return replies


def wait_for(what: str, check: Callable[[], bool], timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def meta_of(http: httpx.Client, url: str, table: str) -> dict[str, Any]:
    response = http.get(f"{url}/api/tables/{table}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def finish_with_bots(http: httpx.Client, url: str, table: str) -> None:
    wait_for(f"table {table} to end", lambda: meta_of(http, url, table)["status"] == "over", 120.0)


# -- the tables the WebSocket tests play on -------------------------------------------------


@dataclass
class WsWorld:
    """A: an active two-seat Cartagena (both seats ours, no bots: nothing moves unless we
    move it), one action in so a stale version exists; B: a waiting table, one seat ours;
    H: an active three-seat table with a bot seat (handovers); O: a table whose seat-0 player
    left, so two bots play it to the end (actions after the end)."""

    url: str
    http: httpx.Client
    a: str = ""
    a_tokens: list[str] = field(default_factory=list)
    b: str = ""
    b_tokens: list[str] = field(default_factory=list)
    h: str = ""
    h_tokens: list[str] = field(default_factory=list)
    o: str = ""
    o_tokens: list[str] = field(default_factory=list)
    peers: dict[str, Peer] = field(default_factory=dict)
    fuzzers: dict[str, Fuzzer] = field(default_factory=dict)
    mover: int = 0
    version: int = 0
    legal: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def build(cls, url: str, http: httpx.Client) -> WsWorld:
        world = cls(url, http)
        humans2 = [{"kind": "human"}, {"kind": "human"}]
        over = create_table(
            url, game="tortuga", players=2, seats=[{"kind": "human"}, {"kind": "bot"}]
        )
        world.o, world.o_tokens = over["table"], [s["token"] for s in over["seats"]]
        # Each seat names its table too: a token alone opens the newest table holding it, and
        # a rematch holds the same tokens.
        o0 = Peer(url, {"type": "hello", "table": world.o, "token": world.o_tokens[0]})
        o0.exchange(json.dumps({"type": "leave"}))  # a bot plays the seat: two bots finish it
        world.peers["over"] = o0

        a = create_table(url, game="cartagena", players=2, seats=humans2)
        world.a, world.a_tokens = a["table"], [s["token"] for s in a["seats"]]
        b = create_table(url, game="cartagena", players=2, seats=humans2)
        world.b, world.b_tokens = b["table"], [s["token"] for s in b["seats"]]
        h = create_table(
            url, game="cartagena", players=3, seats=[*humans2, {"kind": "bot", "agent": "random"}]
        )
        world.h, world.h_tokens = h["table"], [s["token"] for s in h["seats"]]

        seats = [Peer(url, {"type": "hello", "table": world.a, "token": t}) for t in world.a_tokens]
        first = seats[0].sync()
        assert first["table"]["status"] == "active"
        world.mover = next(s for s, p in enumerate(seats) if p.sync()["asked"] is not None)
        legal = seats[world.mover].sync()["legal"]
        step = next((c["action"] for c in legal if c["action"]["type"] != "end_turn"), None)
        step = step or legal[0]["action"]
        replies = seats[world.mover].exchange(
            json.dumps({"type": "action", "version": 0, "action": step})
        )
        assert not [m for m in replies if m["type"] == "error"], replies
        world.mover = next(s for s, p in enumerate(seats) if p.sync()["asked"] is not None)
        now = seats[world.mover].sync()
        world.version, world.legal = now["version"], [c["action"] for c in now["legal"]]
        assert world.version == 1 and world.legal
        world.peers["seat"] = seats[world.mover]
        world.peers["other"] = seats[1 - world.mover]
        world.peers["spectator"] = Peer(url, {"type": "hello", "table": world.a})
        for name, table, token in [
            ("waiting", world.b, world.b_tokens[0]),
            ("handover", world.h, world.h_tokens[0]),
            ("handover1", world.h, world.h_tokens[1]),
        ]:
            world.peers[name] = Peer(url, {"type": "hello", "table": table, "token": token})
        assert world.peers["handover"].sync()["asked"] is not None  # seat 0 starts: no bot asked
        world.peers["anon"] = Peer(url)

        def watch(table: str, peer: str | None) -> Watch:
            return Watch(http, url, table, world.peers[peer] if peer else None)

        world.fuzzers = {
            "anon": Fuzzer(world.peers["anon"], [watch(world.a, None), watch(world.b, None)]),
            "seat": Fuzzer(world.peers["seat"], [watch(world.a, "seat")]),
            "other": Fuzzer(world.peers["other"], [watch(world.a, "other")]),
            "spectator": Fuzzer(world.peers["spectator"], [watch(world.a, "spectator")]),
            "waiting": Fuzzer(world.peers["waiting"], [watch(world.b, "waiting")]),
            "handover": Fuzzer(world.peers["handover"], [watch(world.h, "handover")]),
            "handover1": Fuzzer(world.peers["handover1"], [watch(world.h, "handover1")]),
        }
        return world

    def finish(self) -> None:
        """Wait for O to end, then watch it through its seat."""
        finish_with_bots(self.http, self.url, self.o)
        self.fuzzers["over"] = Fuzzer(
            self.peers["over"], [Watch(self.http, self.url, self.o, self.peers["over"])]
        )

    def close(self) -> None:
        for peer in self.peers.values():
            peer.close()


# -- hypothesis: JSON of every shape, and messages close to the protocol's --------------------

JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**60), max_value=10**60),
    st.floats(),
    st.text(max_size=30),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)


@dataclass(frozen=True)
class Pools:
    """The plausible values of each message field: real tables, tokens and actions among
    invented ones."""

    tables: tuple[str, ...]
    tokens: tuple[str, ...]
    actions: tuple[dict[str, Any], ...]
    agents: tuple[str, ...] = (
        "random",
        "heuristic",
        "ismcts:iterations=5",
        "level:name=good",
        "level:name=godlike",
        "human",
        "nope",
        "random:x=1",
        "ismcts:iterations=0",
        "ismcts:time=-1",
        ":",
        "random:seed=[[[",
    )

    def values(self) -> dict[str, st.SearchStrategy[Any]]:
        random_token = secrets.token_urlsafe(24)
        return {
            "table": st.sampled_from([*self.tables, "nope", "", "x" * 33]) | st.text(max_size=40),
            "token": st.sampled_from([*self.tokens, random_token]) | st.text(max_size=110),
            "version": st.integers(-3, 12) | st.sampled_from([10**9, 10**9 + 1, 2**63]),
            "name": st.text(max_size=45),
            "session": st.text(max_size=110),
            "action": st.sampled_from(self.actions) | mutated(self.actions),
            "text": st.text(max_size=600) | st.sampled_from([" ", "\t\n", "x" * 501, "y" * 2001]),
            "seat": st.integers(-2, 5) | st.sampled_from([10**30, -(10**30)]),
            "agent": st.sampled_from(self.agents) | st.text(max_size=40),
        }


def mutated(actions: Sequence[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """A real action with one field changed, added or removed."""
    keys = sorted({k for a in actions for k in a} | {"x", "seat"})

    def change(action: dict[str, Any], key: str, value: Any, drop: bool) -> dict[str, Any]:
        out = dict(action)
        if drop:
            out.pop(key, None)
        else:
            out[key] = value
        return out

    return st.builds(
        change, st.sampled_from(list(actions)), st.sampled_from(keys), JSON_VALUES, st.booleans()
    )


KINDS = st.sampled_from(list(MODELS)) | st.sampled_from(list(MODELS)) | JSON_SCALARS
HOW = st.sampled_from(["right", "right", "right", "wrong", "missing"])
ONE_IN_9 = st.integers(0, 8)
ONE_IN_21 = st.integers(0, 20)
KEYS = st.text(max_size=12)


@st.composite
def messages(draw: st.DrawFn, values: dict[str, st.SearchStrategy[Any]]) -> dict[str, Any]:
    """A message of a known type (sometimes not), each field right, wrong or missing, now and
    then with a field no message has."""
    kind = draw(KINDS)
    message: dict[str, Any] = {} if draw(ONE_IN_21) == 0 else {"type": kind}
    for name in FIELDS.get(kind, []) if isinstance(kind, str) else []:
        how = draw(HOW)
        if how == "right":
            message[name] = draw(values.get(name, JSON_VALUES))
        elif how == "wrong":
            message[name] = draw(JSON_VALUES)
    if draw(ONE_IN_9) == 0:
        message[draw(KEYS)] = draw(JSON_VALUES)
    return message


def padded(text: str, size: int) -> str:
    """`text` with spaces after it (still the same JSON) to `size` characters."""
    return text + " " * max(0, size - len(text))


def frames(pools: Pools) -> st.SearchStrategy[str | bytes]:
    """What a hostile client sends: mostly near-messages, also any JSON, cut JSON, non-JSON
    text, binary frames and frames either side of the size limit."""
    message = messages(pools.values())
    dumped = st.builds(
        lambda m, ascii_only: json.dumps(m, ensure_ascii=ascii_only), message, st.booleans()
    )
    return st.one_of(
        dumped,
        dumped,
        dumped,
        dumped,
        JSON_VALUES.map(json.dumps),
        st.builds(lambda text, cut: text[:cut], dumped, st.integers(0, 80)),
        st.text(max_size=80),
        st.binary(max_size=80),
        st.builds(padded, dumped, st.integers(MAX_MESSAGE - 3, MAX_MESSAGE + 3)),
    )


FUZZ_SETTINGS = settings(
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
    print_blob=False,
)


def run_fuzz(
    fuzzer: Fuzzer,
    strategy: st.SearchStrategy[str | bytes],
    examples: int,
    allowed: Callable[[str | bytes], bool] = lambda frame: True,
    after: Callable[[str | bytes, list[dict[str, Any]]], None] | None = None,
) -> None:
    fuzzer.rebase()

    @settings(FUZZ_SETTINGS, max_examples=examples)
    @given(strategy)
    def one(frame: str | bytes) -> None:
        assume(allowed(frame))
        replies = fuzzer.send(frame)
        if after is not None:
            after(frame, replies)

    one()


def keeps_seats(frame: str | bytes) -> bool:
    """Not a valid `leave` or `handover` (those hand a seat to a bot, and bots move tables)."""
    return not isinstance(parsed(frame), LeaveMessage | HandoverMessage)


def keeps_turn(frame: str | bytes) -> bool:
    """Not a valid `leave` or `action`: where seats are handed over, a move could bring a
    handed seat its turn, and its bot would move the table while the fuzz watches it."""
    return not isinstance(parsed(frame), LeaveMessage | ActionMessage)


@pytest.mark.timeout(300)
def test_websocket_fuzz(sqlite_url: str) -> None:
    """Generated messages from every kind of connection: before hello, a seat that is asked,
    a seat that is not, a spectator, a seat of a waiting table, a seat handing others to bots
    and a seat of a finished table. Accepted frames may change the table; refused ones not."""
    with ThreadServer(sqlite_url) as server, httpx.Client(timeout=30) as http:
        world = WsWorld.build(server.url, http)
        try:
            others = secrets.token_urlsafe(24)
            pools = Pools(
                tables=(world.a, world.b, world.h, world.o),
                tokens=(*world.a_tokens, world.b_tokens[0], world.h_tokens[0], others),
                actions=(*world.legal, {"type": "end_turn"}, {"type": "back", "from": 36}),
            )
            strategy = frames(pools)
            counts = {
                "anon": 350,
                "seat": 450,
                "other": 150,
                "spectator": 150,
                "waiting": 100,
                "handover": 200,
            }
            for name, examples in counts.items():
                allowed = keeps_turn if name == "handover" else keeps_seats
                after = restore_handed(world) if name == "handover" else None
                run_fuzz(world.fuzzers[name], strategy, examples, allowed, after)
            world.finish()
            run_fuzz(world.fuzzers["over"], strategy, 150)
            sent = sum(f.sent for f in world.fuzzers.values())
            assert sent >= 1550, sent
        finally:
            world.close()


def restore_handed(world: WsWorld) -> Callable[[str | bytes, list[dict[str, Any]]], None]:
    """After an accepted handover (of seat 1, the only one that can be), seat 1 takes its seat
    back, so the table is as it was for the next frame."""

    def after(frame: str | bytes, replies: list[dict[str, Any]]) -> None:
        if isinstance(parsed(frame), HandoverMessage) and not any(
            m["type"] == "error" for m in replies
        ):
            back = world.peers["handover1"].exchange(json.dumps({"type": "takeback"}))
            assert not [m for m in back if m["type"] == "error"], back
            world.fuzzers["handover"].rebase()

    return after


# -- hand-written hostile messages ------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One frame from one of the world's connections, and what it must get: an error with one
    of `codes` (refused), or no error and a message of type `reply` (accepted; None: anything
    or nothing). With both, either will do."""

    peer: str
    frame: str | bytes
    codes: tuple[str, ...] = ()
    reply: str | None = None


def dump(message: Any) -> str:
    return message if isinstance(message, str) else json.dumps(message)


def wrong_field_cases(peer: str, valid: dict[str, dict[str, Any]]) -> list[Case]:
    """Every field of every message type with a value of each wrong type (those the schema
    refuses), missing, or beside a field no message has."""
    cases: list[Case] = []
    for kind, model in MODELS.items():
        base = valid[kind]
        for name in FIELDS[kind]:
            for value in WRONG_VALUES:
                message = {**base, name: value}
                try:
                    model.model_validate(message)
                except PydanticValidationError:
                    cases.append(Case(peer, dump(message), ("bad_message",)))
            if model.model_fields[name].is_required():
                cases.append(
                    Case(peer, dump({k: v for k, v in base.items() if k != name}), ("bad_message",))
                )
        cases.append(Case(peer, dump({**base, "unknown": 1}), ("bad_message",)))
        cases.append(Case(peer, dump({**base, "Type": kind}), ("bad_message",)))
    return cases


def nested(depth: int) -> str:
    """JSON text of lists in lists, `depth` deep (written out: `json.dumps` would recurse)."""
    return "[" * depth + "0" + "]" * depth


def junk_cases(peer: str) -> list[Case]:
    """Frames that are not messages at all."""
    texts = [
        "",
        " ",
        "{",
        "}",
        "[",
        "hello",
        "{'type': 'ping'}",
        '{"type": "ping"} trailing',
        '{"type": "ping",}',
        "\ufeff" + PING,
        "\x00",
        "\u2028",
        "nul",
        "null",
        "true",
        "1",
        "-0",
        "1e999",
        '"ping"',
        "[]",
        f"[{PING}]",
        "NaN",
        "Infinity",
        '{"type": NaN}',
        "{}",
        '{"TYPE": "ping"}',
        '{"typ": "ping"}',
        '{"type": "PING"}',
        '{"type": "ping "}',
        '{"type": ""}',
        '{"type": null}',
        '{"type": 1}',
        '{"type": ["ping"]}',
        '{"type": {"type": "ping"}}',
        '{"type": "pong"}',
        '{"type": "error", "code": "x", "message": "y"}',
        '{"type": "update"}',
        '{"type": "__proto__"}',
        '{"type": "constructor"}',
        '{"type": "ping\\u0000"}',
        '{"type": "\\ud800"}',
        '{"type": "ping", "\\ud800": 1}',
        '{"type": "ping", "x": "\\udfff\\ud800"}',
        '{"type": "chat", "text": "\\ud83d"}',
    ]
    cases = [Case(peer, text, ("bad_message",)) for text in texts]
    cases += [
        Case(peer, PING.encode(), ("bad_message",)),
        Case(peer, b"", ("bad_message",)),
        Case(peer, b"\xff\xfe\x00", ("bad_message",)),
        Case(peer, bytes(5000), ("bad_message",)),
        # duplicate keys: the last one counts, as in every JSON parser the protocol expects
        Case(peer, '{"type": "hello", "type": "ping"}'),
    ]
    # Nesting: past the parser's depth, within the size limit.
    depth = (MAX_MESSAGE - 40) // 2
    cases += [
        Case(peer, '{"type": "ping", "x": ' + "[" * depth + "]" * depth + "}", ("bad_message",)),
        Case(peer, "[" * MAX_MESSAGE, ("bad_message",)),
        Case(peer, '{"a":' * (MAX_MESSAGE // 6) + "1" + "}" * (MAX_MESSAGE // 6), ("bad_message",)),
        Case(peer, '{"type": "ping", "x": ' + "[" * 900 + "]" * 900 + "}", ("bad_message",)),
    ]
    # Size: over the limit (characters), at it, and over it in bytes but not in characters.
    cases += [
        Case(peer, "x" * (MAX_MESSAGE + 1), ("too_large",)),
        Case(peer, padded(PING, MAX_MESSAGE + 1), ("too_large",)),
        Case(peer, padded(PING, MAX_MESSAGE)),
        Case(peer, json.dumps({"type": "chat", "text": "a" * MAX_MESSAGE}), ("too_large",)),
        Case(peer, "é" * (MAX_MESSAGE + 1), ("too_large",)),
        Case(
            peer,
            json.dumps({"type": "ping", "x": "é" * (MAX_MESSAGE - 30)}, ensure_ascii=False),
            ("bad_message", "too_large"),
        ),
    ]
    # Numbers: longer than Python reads, long, out of every range, not integers.
    for number in ["9" * 5000, "9" * 4000, "-" + "9" * 4300, "1e400", "-1e400", "1.0", "1E2", "-1"]:
        cases.append(
            Case(
                peer, '{"type": "hello", "table": "x", "version": ' + number + "}", ("bad_message",)
            )
        )
        cases.append(
            Case(
                peer, '{"type": "handover", "seat": ' + number + "}", ("bad_message", "hello_first")
            )
        )
    return cases


def ws_cases(world: WsWorld) -> list[Case]:
    a, b, o = world.a, world.b, world.o
    v, legal = world.version, world.legal
    step = legal[0]
    other_token = world.b_tokens[0]
    random_token = secrets.token_urlsafe(24)
    valid: dict[str, dict[str, Any]] = {
        "hello": {
            "type": "hello",
            "table": a,
            "token": random_token,
            "version": 0,
            "name": "n",
            "session": "s",
        },
        "action": {"type": "action", "version": v, "action": step},
        "chat": {"type": "chat", "text": "hi"},
        "sync": {"type": "sync"},
        "handover": {"type": "handover", "seat": 1, "agent": "random"},
        "takeback": {"type": "takeback"},
        "leave": {"type": "leave"},
        "rematch": {"type": "rematch"},
        "export": {"type": "export"},
        "ping": {"type": "ping"},
    }
    cases: list[Case] = []
    add = cases.append
    # Before hello: junk, wrong types, every request that needs a seat, and hellos that open
    # nothing.
    cases += junk_cases("anon")
    cases += wrong_field_cases("anon", valid)
    for kind in ["sync", "action", "chat", "handover", "takeback", "leave", "rematch", "export"]:
        add(Case("anon", dump(valid[kind]), ("hello_first",)))
    refused_hellos: list[tuple[dict[str, Any], str]] = [
        ({}, "bad_message"),
        ({"table": "nope"}, "no_table"),
        ({"table": "../../api/tables"}, "no_table"),
        ({"table": "%00"}, "no_table"),
        ({"table": "a\x00b"}, "bad_message"),  # no control characters in any id
        ({"table": "☠" * 32}, "no_table"),
        ({"table": "'; DROP TABLE tables; --"}, "no_table"),
        ({"token": random_token}, "unknown_token"),
        ({"token": random_token, "table": a}, "unknown_token"),
        ({"token": other_token, "table": a}, "unknown_token"),  # another table's token
        ({"token": world.a_tokens[0], "table": b}, "unknown_token"),
        ({"token": world.a_tokens[0], "table": "nope"}, "unknown_token"),
        ({"token": "a\x00b"}, "bad_message"),
        ({"token": world.a_tokens[0][:-1]}, "unknown_token"),
        ({"token": world.a_tokens[0] + "="}, "unknown_token"),
        ({"token": world.a_tokens[0].upper()}, "unknown_token"),
        ({"table": a, "session": random_token}, "unknown_session"),
        ({"token": world.a_tokens[0], "session": "a\x00b"}, "bad_message"),
        ({"table": a, "version": -1}, "bad_message"),
        ({"table": a, "version": 10**9 + 1}, "bad_message"),
        ({"table": a, "name": ""}, "bad_message"),
        ({"table": a, "name": "x" * 41}, "bad_message"),
        # The lobby refuses such a name (`clean_name`); a seat's hello must as well.
        ({"token": world.b_tokens[0], "name": "a\x00b"}, "bad_message"),
    ]
    for fields, code in refused_hellos:
        add(Case("anon", dump({"type": "hello", **fields}), (code,)))
    # Hellos that open a table: a seat token alone, with its table, coming back at a stale,
    # current or future version; a spectator.
    opening: list[dict[str, Any]] = [
        {"token": world.a_tokens[0]},
        {"token": world.a_tokens[1], "table": a, "version": 0},
        {"token": world.a_tokens[1], "version": v},
        {"token": world.a_tokens[0], "version": 10**9},
        {"table": a},
        {"table": a, "version": 0},
        {"table": a, "version": 10**9},
        {"table": b, "version": 5},
        {"table": o},
    ]
    for fields in opening:
        add(
            Case(
                "anon",
                dump({"type": "hello", **fields}),
                reply="sync" if "version" not in fields or fields["version"] > v else "update",
            )
        )

    # A seat that is asked: junk, wrong types, stale, future and negative versions, actions
    # that are not actions, a second hello, requests that make no sense before the end.
    cases += junk_cases("seat")
    cases += wrong_field_cases("seat", valid)
    for version in [0, v + 1, v + 2, 10**9]:
        add(Case("seat", dump({"type": "action", "version": version, "action": step}), ("stale",)))
    versions: list[Any] = [-1, -(10**9), 10**9 + 1, 10**40, "1", 1.0, True, None, [v], {"v": v}]
    for version in versions:
        add(
            Case(
                "seat",
                dump({"type": "action", "version": version, "action": step}),
                ("bad_message",),
            )
        )
    not_objects: list[Any] = [None, [], [step], "forward", 1, True, 1.5]
    for action in not_objects:
        add(
            Case("seat", dump({"type": "action", "version": v, "action": action}), ("bad_message",))
        )
    bad_actions: list[Any] = [
        {},
        {"type": "nope"},
        {"type": 1},
        {"type": None},
        {"type": "end_turn", "x": 1},
        {**step, "extra": True},
        {"type": "forward", "card": "bottle", "from": 99},
        {"type": "forward", "card": "nope", "from": 0},
        {"type": "forward", "card": "bottle", "from": "0"},
        {"type": "back", "from": -5},
        {"type": "back", "from": 1.5},
        {"type": "back", "from": 10**40},
        {"type": "back", "from": True},
        {"type": "a" * 5000},
        {"nested": json.loads(nested(25))},
    ]
    for action in bad_actions:
        add(Case("seat", dump({"type": "action", "version": v, "action": action}), ("bad_action",)))
    deep = '{"type": "end_turn", "x": ' + nested(900) + "}"
    add(
        Case(
            "seat",
            f'{{"type": "action", "version": {v}, "action": {deep}}}',
            ("bad_action", "bad_message"),
        )
    )
    # A real action with one field changed: malformed, or well-formed and not legal now.
    for key in [k for k in step if k != "type"]:
        for value in WRONG_VALUES:
            changed = {**step, key: value}
            if changed not in legal:
                add(
                    Case(
                        "seat",
                        dump({"type": "action", "version": v, "action": action}),
                        ("bad_action", "illegal"),
                    )
                )
    add(
        Case(
            "seat",
            dump({"type": "action", "version": v, "action": {"type": "back", "from": 36}}),
            ("illegal",),
        )
    )
    add(Case("seat", dump(valid["hello"]), ("already",)))
    add(Case("seat", dump({"type": "hello", "token": world.a_tokens[0]}), ("already",)))
    add(Case("seat", dump({"type": "hello", "table": b}), ("already",)))
    for text in [" ", "\n\t ", "\u3000"]:
        add(Case("seat", dump({"type": "chat", "text": text}), ("bad_message",)))
    add(Case("seat", dump({"type": "chat", "text": "x" * 501}), ("too_long",)))
    # A long line is the chat's limit, whatever its length within the message limit.
    for length in (2001, 5000, MAX_MESSAGE - 100):
        add(Case("seat", dump({"type": "chat", "text": "x" * length}), ("too_long",)))
    add(Case("seat", dump({"type": "chat", "text": "a fair game"}), reply="chat"))
    # NUL is a character JSON may carry; stored or refused, it must not break the server.
    add(Case("seat", dump({"type": "chat", "text": "a\x00b"}), ("bad_message",), reply="chat"))
    for kind, code in [("takeback", "not_handed"), ("rematch", "not_over"), ("export", "not_over")]:
        add(Case("seat", dump(valid[kind]), (code,)))
    add(Case("seat", SYNC, reply="sync"))
    add(Case("seat", PING))

    # The seat that is not asked: the asked seat's actions, at the table's version or an old one.
    for action in legal[:5]:
        add(Case("other", dump({"type": "action", "version": v, "action": action}), ("illegal",)))
        add(Case("other", dump({"type": "action", "version": 0, "action": action}), ("stale",)))
        add(Case("other", dump({"type": "action", "version": v + 1, "action": action}), ("stale",)))

    # A spectator: nothing that needs a seat.
    for kind in ["action", "chat", "handover", "takeback", "leave", "rematch"]:
        add(Case("spectator", dump(valid[kind]), ("spectator",)))
    add(Case("spectator", dump(valid["export"]), ("not_over",)))
    add(Case("spectator", dump({"type": "hello", "token": world.a_tokens[0]}), ("already",)))
    add(Case("spectator", SYNC, reply="sync"))

    # A seat of a table that has not started.
    add(Case("waiting", dump({"type": "action", "version": 0, "action": step}), ("not_started",)))
    add(Case("waiting", dump({"type": "action", "version": 5, "action": {}}), ("not_started",)))
    add(Case("waiting", dump({"type": "handover", "seat": 1}), ("not_active",)))
    add(Case("waiting", dump({"type": "takeback"}), ("not_active",)))
    add(Case("waiting", dump({"type": "rematch"}), ("not_over",)))
    add(Case("waiting", dump({"type": "export"}), ("not_over",)))

    # Handovers: its own seat, the bot's, seats that do not exist, agents that are not bots.
    for seat, code in [
        (0, "own_seat"),
        (2, "bot_seat"),
        (3, "bad_message"),
        (-1, "bad_message"),
        (10**30, "bad_message"),
    ]:
        add(Case("handover", dump({"type": "handover", "seat": seat}), (code,)))
    not_seats: list[Any] = ["1", 1.0, True, None, [1]]
    for seat in not_seats:
        add(Case("handover", dump({"type": "handover", "seat": seat}), ("bad_message",)))
    for agent in [
        "human",
        "nope",
        " ",
        "random:",
        "random:x",
        "random:x=1",
        "random:=1",
        "random:seed=1:seed=2",
        "ismcts:iterations=0",
        "ismcts:iterations=1.5",
        "ismcts:iterations=true",
        "ismcts:time=-1",
        "ismcts:time=NaN",
        "ismcts:time=Infinity",
        "ismcts:time=nan",
        "ismcts:iterations=" + nested(40),
        "ismcts:iterations=" + "[" * 180,
        "heuristic:depth=" + "9" * 180,
        "human:x=1",
        ":",
        ":::",
        "RANDOM",
        "../random",
        "level:name=godlike",
        "level:name=good:name=strong",
        "level:level=good",
    ]:
        add(Case("handover", dump({"type": "handover", "seat": 1, "agent": agent}), ("bad_agent",)))
    not_agents: list[Any] = ["", "x" * 201, 5, None, ["random"], "random\x00"]
    for agent in not_agents:
        add(
            Case(
                "handover", dump({"type": "handover", "seat": 1, "agent": agent}), ("bad_message",)
            )
        )
    # ... and a good one, refused while seat 1's player is connected: only an absent player's
    # seat is handed to a bot (the protocol tests hand one over and take it back).
    add(Case("handover", dump({"type": "handover", "seat": 1, "agent": "random"}), ("present",)))
    add(Case("handover1", dump({"type": "action", "version": 0, "action": step}), ("illegal",)))
    add(Case("handover1", dump({"type": "takeback"}), ("not_handed",)))

    # After the end (the seat's player left, so its seat was handed to a bot).
    for version in [0, 1, 10**9]:
        add(
            Case(
                "over",
                dump({"type": "action", "version": version, "action": {"type": "perform"}}),
                ("over",),
            )
        )
    add(
        Case(
            "over",
            dump({"type": "action", "version": 0, "action": {"type": "nope"}}),
            ("over", "bad_action"),
        )
    )
    add(Case("over", dump({"type": "handover", "seat": 1}), ("not_active",)))
    add(Case("over", dump({"type": "hello", "table": o}), ("already",)))
    add(Case("over", dump({"type": "export"}), reply="export"))
    add(Case("over", dump({"type": "leave"}), ("over",)))
    add(Case("over", dump({"type": "chat", "text": "gg"}), reply="chat"))
    add(Case("over", dump({"type": "rematch"}), reply="rematch"))
    add(Case("over", dump({"type": "rematch"}), reply="rematch"))
    return cases


def first_line(exc: BaseException) -> str:
    """An assertion's own words, without what pytest adds below them."""
    return (str(exc).splitlines() or [""])[0][:600]


def run_cases(fuzzers: dict[str, Fuzzer], cases: Sequence[Case]) -> list[str]:
    """Every case; what went wrong, one line each (so one run reports every problem)."""
    problems: list[str] = []
    for case in cases:
        fuzzer = fuzzers[case.peer]
        try:
            fuzzer.rebase()
            replies = fuzzer.send(case.frame)
            codes = [m["code"] for m in replies if m["type"] == "error"]
            kinds = [m["type"] for m in replies]
            if codes or (case.codes and case.reply is None):
                assert case.codes, (
                    f"expected no error, got {[m for m in replies if m['type'] == 'error']}"
                )
                assert codes and all(c in case.codes for c in codes), (
                    f"expected an error {case.codes}, got {codes or kinds}"
                )
            elif case.reply is not None:
                assert case.reply in kinds, f"expected a {case.reply!r} reply, got {kinds}"
        except AssertionError as exc:
            problems.append(f"[{case.peer}] {describe(case.frame)}: {first_line(exc)}")
            with contextlib.suppress(Exception):
                fuzzer.peer.connect()  # whatever state the failure left it in
    return problems


@pytest.mark.timeout(300)
def test_websocket_hostile_messages(database_url: str) -> None:
    """Hand-written hostile frames from every kind of connection, on SQLite and PostgreSQL:
    each gets exactly the refusal (or reply) the protocol gives, and no refusal changes a
    table."""
    with ThreadServer(database_url) as server, httpx.Client(timeout=30) as http:
        world = WsWorld.build(server.url, http)
        try:
            cases = ws_cases(world)
            before_end = [c for c in cases if c.peer != "over"]
            problems = run_cases(world.fuzzers, before_end)
            world.finish()
            problems += run_cases(world.fuzzers, [c for c in cases if c.peer == "over"])
            assert len(cases) > 500
            assert not problems, f"{len(problems)} of {len(cases)} cases failed:\n" + "\n".join(
                problems
            )
        finally:
            world.close()


# -- HTTP -------------------------------------------------------------------------------------


def check_response(response: httpx.Response, what: str) -> Any:
    """Below 500, JSON, and a refusal says what (`error`) and why (`message`). (A redirect
    is one answer without JSON: Starlette's `/api/tables/` → `/api/tables`; 204 No Content,
    a logout's, is the other: it has no body by definition.)"""
    assert response.status_code < 500, f"{what}: {response.status_code} {response.text[:300]}"
    if 300 <= response.status_code < 400:
        assert response.headers.get("location"), f"{what}: {response.status_code} nowhere"
        return {}
    if response.status_code == 204:
        assert response.content == b"", f"{what}: 204 with a body {response.content[:200]!r}"
        return {}
    try:
        body = strict_json(response.content)
    except ValueError as exc:
        raise AssertionError(
            f"{what}: {response.status_code} not JSON ({exc}): {response.text[:200]}"
        ) from None
    if response.status_code >= 400:
        assert isinstance(body, dict), f"{what}: {response.status_code} {body}"
        assert isinstance(body.get("error"), str) and body["error"], f"{what}: {body}"
        assert isinstance(body.get("message"), str) and body["message"], f"{what}: {body}"
    return body


@dataclass
class HttpWorld:
    """A: active, B: waiting with free seats, O: over; a guest and an account."""

    url: str
    http: httpx.Client
    a: str = ""
    a_tokens: list[str] = field(default_factory=list)
    w: str = ""
    w_tokens: list[str] = field(default_factory=list)
    o: str = ""
    session: str = ""
    guest: str = ""
    account: str = field(default_factory=lambda: f"fuzz {secrets.token_hex(4)}")
    password: str = "correct horse battery"
    before: dict[str, Any] = field(default_factory=dict)
    drops: list[str] = field(default_factory=list)

    @classmethod
    def build(cls, url: str, http: httpx.Client) -> HttpWorld:
        world = cls(url, http)
        over = create_table(
            url, game="tortuga", players=2, seats=[{"kind": "open"}, {"kind": "bot"}]
        )
        world.o = over["table"]
        joined = http.post(f"{url}/api/tables/{world.o}/join", json={})
        assert joined.status_code == 200, joined.text
        left = http.post(
            f"{url}/api/tables/{world.o}/leave", json={"token": joined.json()["token"]}
        )
        assert left.status_code == 200, left.text
        world.a = create_table(url, game="cartagena", players=2, seats=[{"kind": "open"}] * 2)[
            "table"
        ]
        for _ in range(2):
            response = http.post(f"{url}/api/tables/{world.a}/join", json={"name": "fuzzer"})
            assert response.status_code == 200, response.text
            world.a_tokens.append(response.json()["token"])
        w = create_table(url, game="tortuga", players=4)
        world.w, world.w_tokens = w["table"], [s["token"] for s in w["seats"]]
        guest = http.post(f"{url}/api/guests", json={})
        assert guest.status_code == 201, guest.text
        world.session, world.guest = guest.json()["session"], guest.json()["name"]
        account = http.post(
            f"{url}/api/accounts", json={"name": world.account, "password": world.password}
        )
        assert account.status_code == 201, account.text
        return world

    def look(self, keys: Sequence[str] = ()) -> dict[str, Any]:
        """The tables the fuzz may touch (their ids) and the newest listed tables ("waiting",
        "active"): those named in `keys`, or all."""
        state: dict[str, Any] = {}
        for key in keys or (self.a, self.w, self.o, "waiting", "active"):
            if key in ("waiting", "active"):
                response = self.http.get(
                    f"{self.url}/api/tables", params={"status": key, "limit": 2}
                )
                state[key] = [t["id"] for t in response.json()]
            else:
                state[key] = meta_of(self.http, self.url, key)
        return state

    def touched(self, req: Req) -> list[str]:
        """What a request may change if it is not refused: the table in its path (when it is
        one of these), or the lobby (a new table)."""
        if req.method != "POST" or not req.path.startswith("/api/tables"):
            return []
        mine = [t for t in (self.a, self.w, self.o) if req.path.startswith(f"/api/tables/{t}/")]
        return mine or ["waiting", "active"]

    def rebase(self) -> None:
        self.before = self.look()

    def renew(self) -> None:
        """A new client (new connections) in place of one whose connection may be dead."""
        self.http.close()
        self.http = httpx.Client(timeout=30)


@dataclass(frozen=True)
class Req:
    method: str
    path: str
    json_body: Any = NO_BODY
    content: bytes | None = None
    params: Any = None
    headers: dict[str, str] | None = None
    status: tuple[int, ...] = ()
    error: tuple[str, ...] = ()

    def send(self, http: httpx.Client, url: str) -> httpx.Response:
        headers = dict(self.headers or {})
        content = self.content
        if self.json_body is not NO_BODY:
            content = json.dumps(self.json_body).encode()
            headers.setdefault("content-type", "application/json")
        elif content is not None:
            headers.setdefault("content-type", "application/json")
        return http.request(
            self.method, url + self.path, content=content, params=self.params, headers=headers
        )

    def __str__(self) -> str:
        body = self.json_body if self.json_body is not NO_BODY else self.content
        shown_body = describe(body) if body is not None else ""
        return f"{self.method} {self.path[:120]} {self.params or ''} {shown_body}"


def send_checked(world: HttpWorld, req: Req) -> tuple[httpx.Response, Any]:
    """`req`, checked; a refused one (to a route that can change tables) must leave every
    watched table and the lobby alone.
    A connection the server dropped is a failure (said once; the request is sent again on a
    new connection, so one drop does not fail every later request)."""
    try:
        response = req.send(world.http, world.url)
    except httpx.TransportError as exc:
        world.drops.append(f"{req}: the server dropped the connection ({exc!r})")
        world.renew()
        response = req.send(world.http, world.url)
    if response.status_code >= 500:
        world.renew()  # uvicorn closes a connection whose request raised
    body = check_response(response, str(req))
    keys = world.touched(req)
    if not keys:
        return response, body  # nothing else can change a table or the lobby
    if 400 <= response.status_code < 500:
        after = world.look(keys)
        before = {key: world.before[key] for key in keys}
        assert after == before, (
            f"{req} was refused ({response.status_code}) but changed "
            f"{differences(before, after)[:5]}"
        )
    else:
        world.rebase()
    return response, body


ROUTE_MODELS: dict[str, type[BaseModel]] = {
    "/api/tables": CreateTable,
    "/api/tables/{table_id}/join": JoinTable,
    "/api/tables/{table_id}/leave": LeaveTable,
    "/api/accounts": NewAccount,
    "/api/sessions": Login,
    "/api/guests": NewGuest,
}


BODY_ROUTES = ["/api/tables", "/api/tables/{table_id}/join", "/api/tables/{table_id}/leave"]


def operations(http: httpx.Client, url: str) -> dict[str, set[str]]:
    """Every path under /api and its methods, as the server publishes them."""
    spec = http.get(f"{url}/openapi.json").json()
    return {
        path: {m.upper() for m in ops}
        for path, ops in spec["paths"].items()
        if path.startswith("/api")
    }


def fill(template: str, **values: str) -> str:
    path = template
    for key, value in values.items():
        path = path.replace("{" + key + "}", quote(value, safe=""))
    return path


def http_cases(world: HttpWorld, ops: dict[str, set[str]]) -> list[Req]:
    a, w, o = world.a, world.w, world.o
    valid_bodies: dict[str, dict[str, Any]] = {
        "/api/tables": {
            "game": "cartagena",
            "players": 2,
            "options": {},
            "seats": [{"kind": "human", "name": "x"}, {"kind": "human"}],
            "clock": {"mode": "turn"},
            "listed": True,
            "bot_delay": 0,
        },
        "/api/tables/{table_id}/join": {"name": "x", "seat": 0},
        "/api/tables/{table_id}/leave": {"token": secrets.token_urlsafe(24)},
        "/api/accounts": {"name": "someone", "password": "long enough"},
        "/api/sessions": {"name": "someone", "password": "x"},
        "/api/guests": {"name": "someone"},
    }
    reqs: list[Req] = []
    add = reqs.append
    # Every route's wrong methods, and routes that are not there.
    for path, methods in ops.items():
        concrete = fill(path, table_id=a, name=world.guest)
        for method in {"GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"} - methods:
            add(Req(method, concrete, status=(405,), error=("method_not_allowed",)))
    for path in [
        "/api",
        "/api/",
        "/api/nope",
        "/api/tables/x/y",
        "/api/tables/x/record/y",
        "/ws",
        "/api/health/x",
    ]:
        add(Req("GET", path, status=(404,)))
    add(Req("POST", "/api/nope", json_body={}, status=(404,)))
    # Bodies: not JSON, not an object, wrong type in each field, unknown fields.
    for path, body in valid_bodies.items():
        concrete = fill(path, table_id=w)
        for raw in [
            b"",
            b"{",
            b"nul",
            b"{'a': 1}",
            b"[]",
            b"null",
            b"1",
            b'"x"',
            b"\xff\xfe",
            b'{"a": NaN}',
            b"\x00",
            '{"name": "\udcff"}'.encode("utf-8", "surrogatepass"),
        ]:
            add(Req("POST", concrete, content=raw, status=(400, 422)))
        add(Req("POST", concrete, content=b"[" * 20000 + b"]" * 20000, status=(400, 422)))
        add(Req("POST", concrete, content=b'{"a": ' * 6000 + b"1" + b"}" * 6000, status=(400, 422)))
        add(Req("POST", concrete, content=b'{"players": ' + b"9" * 5000 + b"}", status=(400, 422)))
        add(
            Req(
                "POST",
                concrete,
                content=json.dumps(body).encode(),
                headers={"content-type": "text/plain"},
                status=(400, 415, 422),
            )
        )
        model = ROUTE_MODELS[path]
        for name in model.model_fields:
            for value in WRONG_VALUES:
                wrong = {**body, name: value}
                try:
                    model.model_validate(wrong)
                except PydanticValidationError:
                    add(
                        Req(
                            "POST", concrete, json_body=wrong, status=(422,), error=("bad_request",)
                        )
                    )
        add(
            Req(
                "POST",
                concrete,
                json_body={**body, "unknown": 1},
                status=(422,),
                error=("bad_request",),
            )
        )
    # Creating tables that cannot be.
    base = valid_bodies["/api/tables"]
    refusals: list[tuple[dict[str, Any], str]] = [
        ({"game": "nope"}, "bad_options"),
        ({"game": "Cartagena"}, "bad_options"),
        ({"players": 1, "seats": None}, "bad_options"),
        ({"players": 10, "seats": None}, "bad_options"),
        ({"players": -1, "seats": None}, "bad_options"),
        ({"players": 10**30, "seats": None}, "bad_options"),
        ({"options": {"nope": 1}}, "bad_options"),
        ({"options": {"seed": 1}}, "bad_options"),
        ({"options": {"players": 3}}, "bad_options"),
        ({"options": {"game": "tortuga"}}, "bad_options"),
        ({"options": {"variant": [[[[[[[[[[]]]]]]]]]]}}, "bad_options"),
        ({"options": {"variant": "x" * 10000}}, "bad_options"),
        ({"options": {"start_player": 7}}, "bad_options"),
        ({"options": {"start_player": True}}, "bad_options"),
        ({"seats": [{"kind": "human"}]}, "bad_request"),
        ({"seats": [{"kind": "human"}] * 3}, "bad_request"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "agent": "human"}]}, "bad_agent"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "agent": "nope"}]}, "bad_agent"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "agent": "random:x=1"}]}, "bad_agent"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "agent": "level:name=x"}]}, "bad_agent"),
        # A rated table's bots are the rated levels, not the agents they play.
        (
            {"rated": True, "seats": [{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}]},
            "not_rateable",
        ),
        ({"seats": [{"kind": "human", "agent": "random"}, {"kind": "human"}]}, "bad_request"),
        ({"seats": [{"kind": "human", "name": "a\x00b"}, {"kind": "human"}]}, "bad_request"),
        ({"seats": [{"kind": "human", "name": "\x1b[2J"}, {"kind": "human"}]}, "bad_request"),
        ({"seats": [{"kind": "human", "name": "   "}, {"kind": "human"}]}, "bad_request"),
        ({"clock": {"mode": "live", "on_expiry": "rule"}}, "bad_clock"),
    ]
    for change, error in refusals:
        add(
            Req(
                "POST",
                "/api/tables",
                json_body={**base, **change},
                status=(400, 422),
                error=(error,),
            )
        )
    invalid: list[dict[str, Any]] = [
        {"clock": {"mode": "live", "seconds": 0}},
        {"clock": {"mode": "live", "seconds": 86401}},
        {"clock": {"mode": "live", "seconds": True}},
        {"clock": {"mode": "sudden"}},
        {"bot_delay": -1},
        {"bot_delay": 61},
        {"game": ""},
        {"game": "x" * 41},
    ]
    for change in invalid:
        add(
            Req(
                "POST",
                "/api/tables",
                json_body={**base, **change},
                status=(422,),
                error=("bad_request",),
            )
        )
    add(
        Req(
            "POST",
            "/api/tables",
            content=b'{"game": "cartagena", "players": 2, "bot_delay": NaN}',
            status=(422,),
        )
    )
    add(
        Req(
            "POST",
            "/api/tables",
            content=b'{"game": "cartagena", "players": 2, "clock": {"seconds": Infinity}}',
            status=(422,),
        )
    )
    for auth in [
        "",
        "Bearer",
        "Bearer nope",
        "Basic dXNlcjpwYXNz",
        "Token x",
        "Bearer " + "x" * 5000,
    ]:
        add(
            Req(
                "POST",
                "/api/tables",
                json_body=base,
                headers={"authorization": auth},
                status=(401,),
                error=("unknown_session",),
            )
        )
        add(
            Req(
                "POST",
                f"/api/tables/{w}/join",
                json_body={},
                headers={"authorization": auth},
                status=(401,),
                error=("unknown_session",),
            )
        )
    # Lobby queries.
    for params in [
        {"status": "nope"},
        {"status": "WAITING"},
        {"status": ""},
        {"status": "waiting\x00"},
        {"limit": 0},
        {"limit": 201},
        {"limit": -1},
        {"limit": "abc"},
        {"limit": 1.5},
        {"limit": ""},
        {"limit": "9" * 5000},
    ]:
        add(Req("GET", "/api/tables", params=params, status=(422,), error=("bad_request",)))
    for params in [
        {"status": "over", "limit": 200},
        {"nope": 1},
        [("status", "waiting"), ("status", "over")],
    ]:
        add(Req("GET", "/api/tables", params=params, status=(200,)))
    # Tables that are not there, records before the end, tables no one may join or leave.
    for table_id in ["nope", "a" * 2000, "☠", "a\x00b", "\x00", "%", "' OR 1=1 --", "\udcff", " "]:
        path_id = quote(table_id.encode("utf-8", "surrogatepass"), safe="")
        add(Req("GET", f"/api/tables/{path_id}", status=(404,), error=("no_table", "not_found")))
        add(
            Req(
                "GET",
                f"/api/tables/{path_id}/record",
                status=(404,),
                error=("no_table", "not_found"),
            )
        )
        add(
            Req(
                "POST",
                f"/api/tables/{path_id}/join",
                json_body={},
                status=(404,),
                error=("no_table", "not_found"),
            )
        )
        add(
            Req(
                "POST",
                f"/api/tables/{path_id}/leave",
                json_body={"token": world.a_tokens[0]},
                status=(403, 404),
            )
        )
    add(Req("GET", f"/api/tables/{a}/record", status=(409,), error=("not_over",)))
    add(Req("GET", f"/api/tables/{w}/record", status=(409,), error=("not_over",)))
    add(Req("GET", f"/api/tables/{o}/record", status=(200,)))
    add(Req("POST", f"/api/tables/{a}/join", json_body={}, status=(409,), error=("not_waiting",)))
    add(Req("POST", f"/api/tables/{o}/join", json_body={}, status=(409,), error=("not_waiting",)))
    for seat in [-1, 4, 99, 10**30]:
        add(
            Req(
                "POST",
                f"/api/tables/{w}/join",
                json_body={"seat": seat},
                status=(400,),
                error=("bad_request",),
            )
        )
    for name in ["a\x00b", "\x1b[2J", "   ", "\t\n"]:
        add(
            Req(
                "POST",
                f"/api/tables/{w}/join",
                json_body={"name": name},
                status=(400, 422),
                error=("bad_request",),
            )
        )
    for token in [
        secrets.token_urlsafe(24),
        world.a_tokens[0],
        world.w_tokens[0] + "x",
        "a\x00b",
        "☠",
    ]:
        add(
            Req(
                "POST",
                f"/api/tables/{w}/leave",
                json_body={"token": token},
                status=(403, 422),
                error=("unknown_token", "bad_request"),
            )
        )
    add(
        Req(
            "POST",
            f"/api/tables/{o}/leave",
            json_body={"token": world.a_tokens[1]},
            status=(403,),
            error=("unknown_token",),
        )
    )
    # Accounts, sessions, guests, players.
    for body, status, error in [
        ({"name": "a\x00b", "password": "long enough"}, 422, "bad_request"),
        ({"name": "\x1b[2J", "password": "long enough"}, 422, "bad_request"),
        ({"name": world.account, "password": "long enough"}, 409, "name_taken"),
        ({"name": world.account.upper(), "password": "long enough"}, 409, "name_taken"),
        ({"name": world.guest, "password": "long enough"}, 409, "name_taken"),
    ]:
        add(Req("POST", "/api/accounts", json_body=body, status=(status,), error=(error,)))
    for body in [
        {"name": "nobody here", "password": "x"},
        {"name": world.account, "password": "wrong password"},
        {"name": world.account, "password": world.password + "\x00"},
        {"name": world.guest, "password": "anything"},
        {"name": "a\x00b", "password": "x"},
        {"name": "\udcff", "password": "x"},
    ]:
        add(
            Req(
                "POST",
                "/api/sessions",
                json_body=body,
                status=(401, 422),
                error=("wrong_password", "bad_request"),
            )
        )
    for body, status, error in [
        ({"name": "a\x00b"}, 422, "bad_request"),
        ({"name": " "}, 400, "bad_request"),
        ({"name": world.guest}, 409, "name_taken"),
        ({"name": world.account}, 409, "name_taken"),
    ]:
        add(Req("POST", "/api/guests", json_body=body, status=(status,), error=(error,)))
    for name in ["nobody here", "a\x00b", "☠" * 300, "%", "x" * 2000]:
        add(
            Req(
                "GET",
                f"/api/players/{quote(name, safe='')}/games",
                status=(404,),
                error=("not_found",),
            )
        )
    for limit in ["0", "501", "-1", "x", ""]:
        add(
            Req(
                "GET",
                f"/api/players/{quote(world.guest, safe='')}/games",
                params={"limit": limit},
                status=(422,),
            )
        )
    add(Req("GET", f"/api/players/{quote(world.guest, safe='')}/games", status=(200,)))
    # Bodies over the limit: with a length, without one (chunked), and just at it.
    big = json.dumps({"name": "x" * MAX_BODY}).encode()
    add(Req("POST", "/api/guests", content=big, status=(413,), error=("too_large",)))
    add(
        Req(
            "POST",
            "/api/tables",
            content=b" " * (MAX_BODY + 1),
            status=(413,),
            error=("too_large",),
        )
    )
    add(
        Req(
            "POST",
            f"/api/tables/{w}/join",
            content=b"{" * (10 * MAX_BODY),
            status=(413,),
            error=("too_large",),
        )
    )
    add(
        Req(
            "GET", "/api/health", content=b"x" * (MAX_BODY + 1), status=(413,), error=("too_large",)
        )
    )
    at_limit = json.dumps({"name": f"just {secrets.token_hex(4)}"}).encode()
    add(
        Req(
            "POST",
            "/api/guests",
            content=at_limit + b" " * (MAX_BODY - len(at_limit)),
            status=(201,),
        )
    )
    return reqs


def raw_http(port: int, request: bytes) -> tuple[int, bytes, bytes]:
    """One request on a socket of its own: the status, the headers and the body."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        with contextlib.suppress(TimeoutError):
            while chunk := sock.recv(65536):
                data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1]) if head else 0
    return status, head, body


def chunks(total: int, size: int = 4096) -> Iterator[bytes]:
    sent = 0
    while sent < total:
        yield b" " * min(size, total - sent)
        sent += size


@pytest.mark.timeout(300)
def test_http_hostile_requests(database_url: str) -> None:
    """Hand-written hostile requests on every route under /api, on SQLite and PostgreSQL:
    the status the API promises, JSON with `error` and `message`, and no refused request
    changes a table or the lobby."""
    with ThreadServer(database_url) as server, httpx.Client(timeout=30) as http:
        world = HttpWorld.build(server.url, http)
        ops = operations(http, server.url)
        assert set(ops) >= set(ROUTE_MODELS), ops
        finish_with_bots(http, server.url, world.o)
        world.rebase()
        problems: list[str] = []
        reqs = http_cases(world, ops)
        for req in reqs:
            try:
                response, body = send_checked(world, req)
                if req.status:
                    assert response.status_code in req.status, (
                        f"expected {req.status}, got {response.status_code} {body}"
                    )
                if req.error:
                    assert body.get("error") in req.error, f"expected {req.error}, got {body}"
            except AssertionError as exc:
                text = first_line(exc)
                problems.append(text if text.startswith(str(req)) else f"{req}: {text}")
                world.rebase()
        problems += world.drops
        # A body sent in chunks, with no length said, past the limit.
        response = world.http.post(
            f"{server.url}/api/guests",
            content=chunks(MAX_BODY + 10),
            headers={"content-type": "application/json"},
        )
        body = check_response(response, "chunked body")
        if response.status_code != 413 or body.get("error") != "too_large":
            problems.append(f"chunked body over the limit: {response.status_code} {body}")
        # A length no body could have: the limit refuses it before anything is read.
        status, _, raw = raw_http(
            server.port,
            b"POST /api/guests HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Connection: close\r\nContent-Length: 99999999999999999999\r\n\r\n{}",
        )
        if status != 413 or strict_json(raw).get("error") != "too_large":
            problems.append(f"content-length 10**20: {status} {raw[:200]!r}")
        # A length that is not a number never reaches the app (uvicorn answers 400 itself).
        for length in [b"abc", b"-1", b"+5"]:
            status, _, raw = raw_http(
                server.port,
                b"POST /api/guests HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                b"Content-Length: " + length + b"\r\n\r\n{}",
            )
            if not 400 <= status < 500:
                problems.append(f"content-length {length!r}: {status} {raw[:200]!r}")
        assert len(reqs) > 300
        assert not problems, f"{len(problems)} of {len(reqs)} requests failed:\n" + "\n".join(
            problems
        )


def http_requests(world: HttpWorld, ops: dict[str, set[str]]) -> st.SearchStrategy[Req]:
    """A request to a route of the API (or a method it has not), with path parameters, query
    parameters, headers and a body each plausible, wrong or missing. (Every strategy is built
    once, here: hypothesis checks each new one, which costs more than the request.)"""
    # Routes that take a body (where most can go wrong) twice as often as the others; those
    # that check a password (argon2, slow on purpose: 0.1 s a try) not.
    paths = st.sampled_from(sorted(ops)) | st.sampled_from(BODY_ROUTES)
    methods = {
        path: st.sampled_from(sorted(allowed))
        | st.sampled_from(sorted(allowed))
        | st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"])
        for path, allowed in ops.items()
    }
    tables = st.sampled_from([world.a, world.w, world.o, "nope"]) | st.text(max_size=40)
    names = st.sampled_from([world.guest, world.account, "nobody"]) | st.text(max_size=50)
    statuses = st.sampled_from(["waiting", "active", "over"]) | st.text(max_size=10)
    limits = st.integers(-5, 600) | st.text(max_size=10)
    short_texts = st.text(max_size=10)
    keys = st.text(min_size=1, max_size=10)
    auths = (
        st.none()
        | st.none()
        | st.none()
        | st.sampled_from([f"Bearer {world.session}", "Bearer nope", "Basic x", ""])
        | st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40)
    )
    content_types = st.sampled_from(
        [
            "application/json",
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/json; charset=latin-1",
        ]
    )
    raw_bodies = st.binary(max_size=100) | st.text(max_size=100).map(str.encode)
    shaped = {path: bodies(world, model) for path, model in ROUTE_MODELS.items()}
    small = st.integers(0, 5)

    @st.composite
    def requests(draw: st.DrawFn) -> Req:
        path = draw(paths)
        method = draw(methods[path])
        concrete = fill(path, table_id=draw(tables), name=draw(names))
        params: dict[str, Any] = {}
        if draw(small) < 3:
            params["status"] = draw(statuses)
        if draw(small) < 3:
            params["limit"] = draw(limits)
        if draw(small) == 0:
            params[draw(keys)] = draw(short_texts)
        headers: dict[str, str] = {}
        auth = draw(auths)
        if auth is not None:
            headers["authorization"] = auth.strip()
        query = params or None
        if method in ("GET", "DELETE") and draw(small) != 0:
            return Req(method, concrete, params=query, headers=headers)
        kind = draw(small)
        if kind <= 2 and path in shaped:
            body = draw(shaped[path])
            return Req(method, concrete, json_body=body, params=query, headers=headers)
        if kind == 3:
            value = draw(JSON_VALUES)
            return Req(method, concrete, json_body=value, params=query, headers=headers)
        if kind == 4:
            headers["content-type"] = draw(content_types)
        raw = draw(raw_bodies)
        return Req(method, concrete, content=raw, params=query, headers=headers)

    return requests()


def bodies(world: HttpWorld, model: type[BaseModel]) -> st.SearchStrategy[dict[str, Any]]:
    """A body shaped like `model`, each field right, wrong or missing. (Tokens are W's only:
    A's seat leaving would hand it to a bot, and bots move the table.)"""
    games = ["cartagena", "tortuga", "tortuga1667"]
    right: dict[str, st.SearchStrategy[Any]] = {
        "game": st.sampled_from([*games, "nope"]),
        "players": st.integers(1, 6),
        "options": st.just({})
        | st.dictionaries(
            st.sampled_from(["variant", "start_player", "long_game", "star_cards", "x"]),
            st.sampled_from(["jamaica", "tortuga", 0, 1, 5, True, False, None]) | JSON_SCALARS,
            max_size=2,
        ),
        "seats": st.none()
        | st.lists(
            st.sampled_from([{"kind": "human"}, {"kind": "bot", "agent": "random"}, {}])
            | st.builds(lambda name: {"kind": "human", "name": name}, st.text(max_size=45)),
            min_size=1,
            max_size=6,
        ).map(with_a_person),
        "clock": st.sampled_from(
            [{}, {"mode": "turn"}, {"mode": "live", "seconds": 30, "on_expiry": "bot"}]
        ),
        "listed": st.booleans(),
        # Bots wait this long before a move: no table made here keeps the bot pool busy.
        "bot_delay": st.sampled_from([60, 59.5]),
        "name": st.sampled_from([world.guest, world.account]) | st.text(max_size=45),
        "seat": st.none() | st.integers(-2, 10),
        "token": st.sampled_from(world.w_tokens) | st.text(max_size=110),
        # Mostly too short for an account, so few requests pay for argon2.
        "password": st.sampled_from([world.password]) | st.text(max_size=9),
    }
    fields = {name: right.get(name, JSON_VALUES) for name in model.model_fields}
    how = st.sampled_from(["right"] * 10 + ["wrong", "missing"])
    small = st.integers(0, 8)
    keys = st.text(max_size=12)

    @st.composite
    def body(draw: st.DrawFn) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, value in fields.items():
            chosen = draw(how)
            if chosen == "right":
                out[name] = draw(value)
            elif chosen == "wrong":
                out[name] = draw(JSON_VALUES)
        if draw(small) == 0:
            out[draw(keys)] = draw(JSON_VALUES)
        return out

    return body()


def with_a_person(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Seats of which one at least waits for a person: a table of bots alone would start and
    keep the bot pool busy for the rest of the test."""
    if seats and all(s.get("kind") == "bot" for s in seats):
        seats = [{**seats[0], "kind": "human"}, *seats[1:]]
    return seats


@pytest.mark.timeout(300)
def test_http_fuzz(sqlite_url: str) -> None:
    """Generated requests to every route the server publishes under /api (and every method it
    does not have there): never 5xx, always JSON, a refusal names its error, and changes
    nothing."""
    with ThreadServer(sqlite_url) as server, httpx.Client(timeout=30) as http:
        world = HttpWorld.build(server.url, http)
        finish_with_bots(http, server.url, world.o)
        ops = operations(http, server.url)
        world.rebase()
        sent = [0]

        @settings(FUZZ_SETTINGS, max_examples=1200)
        @given(http_requests(world, ops))
        def one(req: Req) -> None:
            sent[0] += 1
            send_checked(world, req)

        one()
        assert sent[0] >= 1200, sent


# -- limits -----------------------------------------------------------------------------------


def read_all(ws: ClientConnection, quiet: float) -> list[dict[str, Any]]:
    """Every message until the server has said nothing for `quiet` seconds."""
    out: list[dict[str, Any]] = []
    with contextlib.suppress(TimeoutError):
        while True:
            out.append(strict_json(ws.recv(timeout=quiet)))
    return out


@pytest.mark.timeout(120)
def test_limits(sqlite_url: str) -> None:
    """The limits themselves: a message too large, too many messages, too many connections
    from one address, a frame past what the socket takes, a body too large, too many
    requests. Each gets its JSON error (or its close code and reason), and the server serves
    the same client again once it behaves."""
    limits: dict[str, Any] = {
        "max_message": 1000,
        "max_frame": 1 << 20,
        "max_body": 1000,
        "message_rate": 5.0,
        "message_burst": 5.0,
        "connections_per_address": 3,
        "http_rate": 10.0,
        "http_burst": 10.0,
    }
    with ThreadServer(sqlite_url, **limits) as server, httpx.Client(timeout=30) as http:
        url = ws_url(server.url)

        def all_served(count: int) -> bool:
            peers = [open_ws(url) for _ in range(count)]
            try:
                for peer in peers:
                    peer.send(PING)
                return all(strict_json(p.recv(timeout=10))["type"] == "pong" for p in peers)
            except ConnectionClosed:
                return False
            finally:
                for peer in peers:
                    peer.close()

        with connect(url, max_size=None) as ws:
            ws.send("x" * 1001)
            assert strict_json(ws.recv(timeout=10))["code"] == "too_large"
            ws.send(padded(PING, 1000))
            assert strict_json(ws.recv(timeout=10))["type"] == "pong"
            time.sleep(1.0)  # the bucket full again
            for _ in range(30):
                ws.send(PING)
            heard = read_all(ws, 1.0)
            pongs = [m for m in heard if m["type"] == "pong"]
            errors = [m for m in heard if m["type"] == "error"]
            assert 5 <= len(pongs) <= 12, heard
            # Every message is answered: a pong, or a refusal that says when to send it again.
            assert len(pongs) + len(errors) == 30, heard
            assert {e["code"] for e in errors} == {"rate_limited"}, heard
            assert all(0 < e["retry_after"] <= 1 / limits["message_rate"] for e in errors), heard
            time.sleep(1.2)
            ws.send(PING)
            assert strict_json(ws.recv(timeout=10))["type"] == "pong"  # still open, served again

            with connect(url) as second, connect(url) as third:
                for peer in (second, third):
                    peer.send(PING)
                    assert strict_json(peer.recv(timeout=10))["type"] == "pong"
                with connect(url) as fourth:
                    refusal = strict_json(fourth.recv(timeout=10))
                    assert refusal["type"] == "error" and refusal["code"] == "too_many_connections"
                    with pytest.raises(ConnectionClosed) as closed:
                        fourth.recv(timeout=10)
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
                    assert closed.value.rcvd.reason

            # Two of three closed: new connections are counted anew.
            wait_for("two connection slots to free", lambda: all_served(2), 10.0)

        # A frame within what the socket reads (`max_frame`, 1 MiB here) but far over the
        # message limit: `too_large`, and the connection stays open.
        with connect(url, max_size=None) as big:
            big.send("x" * ((1 << 20) - 1))
            assert strict_json(big.recv(timeout=10))["code"] == "too_large"
            big.send(PING)
            assert strict_json(big.recv(timeout=10))["type"] == "pong"
        # A frame past it: closed with 1009 and a reason, and the connection no longer counts
        # against the address (all three slots free again).
        with connect(url, max_size=None) as huge:
            with pytest.raises(ConnectionClosed) as closed:
                huge.send("x" * ((1 << 20) + 1))
                huge.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
            assert closed.value.rcvd.reason

        wait_for("three connection slots to free", lambda: all_served(3), 10.0)

        # HTTP: a body too large, then more requests than the bucket holds.
        time.sleep(1.0)
        response = http.post(
            f"{server.url}/api/guests",
            content=b" " * 1001,
            headers={"content-type": "application/json"},
        )
        assert response.status_code == 413 and response.json()["error"] == "too_large"
        statuses = []
        for _ in range(40):
            response = http.get(f"{server.url}/api/health")
            check_response(response, "health")
            statuses.append(response.status_code)
            if response.status_code == 429:
                assert response.json()["error"] == "rate_limited"
        assert 429 in statuses and 200 in statuses, statuses
        time.sleep(1.0)
        assert http.get(f"{server.url}/api/health").status_code == 200


# -- bugs found by the fuzz, each kept as a test of its own -------------------------------------


@pytest.mark.timeout(60)
def test_bot_seats_cannot_be_given_unbounded_thinking(sqlite_url: str) -> None:
    """A client names a bot seat's agent, so the server must bound what it may cost: an ISMCTS
    bot told to think for 30 years (or 10**12 iterations) would hold a bot worker for good,
    and with it every table of the server waiting for a bot. (The table waits for its person
    here, so no bot starts thinking during the test.) A `handover` takes the same path
    (`parse_agent` in live.py)."""
    with ThreadServer(sqlite_url) as server:
        for agent in ["ismcts:time=1000000000", "ismcts:iterations=1000000000000"]:
            response = httpx.post(
                f"{server.url}/api/tables",
                json={
                    "game": "cartagena",
                    "players": 2,
                    "seats": [{"kind": "human"}, {"kind": "bot", "agent": agent}],
                },
                timeout=30,
            )
            body = check_response(response, agent)
            assert response.status_code == 400 and body["error"] == "bad_agent", (
                agent,
                response.status_code,
                body,
            )


@pytest.mark.timeout(60)
def test_hello_names_are_names_people_can_read(sqlite_url: str) -> None:
    """The lobby refuses a name with control characters or of blanks only (`clean_name`);
    a seat's name given in `hello` must be held to the same rule (refused, or cleaned), or
    any player can put terminal escapes in everyone's seat list."""
    with ThreadServer(sqlite_url) as server, httpx.Client(timeout=30) as http:
        problems = []
        for name in ["\x1b[2J\x1b[31mAdmin", "bell\x07", "   ", "two  spaces\t"]:
            table = create_table(server.url, game="cartagena", players=2)
            default = meta_of(http, server.url, table["table"])["seats"][0]["name"]
            peer = Peer(server.url)
            try:
                replies = peer.exchange(
                    json.dumps({"type": "hello", "token": table["seats"][0]["token"], "name": name})
                )
            finally:
                peer.close()
            refused = any(m["type"] == "error" for m in replies)
            shown = meta_of(http, server.url, table["table"])["seats"][0]["name"]
            cleaned = clean_name(name)
            if not refused and shown != (cleaned if cleaned is not None else default):
                problems.append(f"hello name {name!r} became the seat's name {shown!r}")
        assert not problems, problems


@pytest.mark.timeout(60)
def test_a_refused_hello_leaves_the_connection_without_a_seat(database_url: str) -> None:
    """A hello that fails once the seat is found (here: PostgreSQL refuses a NUL in the
    seat's name when it is claimed) must not leave the connection seated: it was told
    `server_error`, yet it can chat and act for the seat, and its next hello is `already`."""
    with ThreadServer(database_url) as server:
        table = create_table(server.url, game="cartagena", players=2)
        hello = {"type": "hello", "table": table["table"], "token": table["seats"][0]["token"]}
        with connect(ws_url(server.url)) as ws:
            ws.send(json.dumps({**hello, "name": "a\x00b"}))
            first = strict_json(ws.recv(timeout=10))
            if first["type"] != "error":
                return  # accepted (SQLite stores the name; see the name test above)
            ws.send(json.dumps({"type": "chat", "text": "am I seated?"}))
            answer = strict_json(ws.recv(timeout=10))
            assert answer.get("code") == "hello_first", (first, answer)
