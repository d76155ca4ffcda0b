"""A table as one process knows it: its seats, its live `State` rebuilt from the stored log,
and the bookkeeping every message is built from. Pure data and rules: the commands that change
a table are its master's (`master.py`), and its storage is the repository's.

An action is judged here (`LiveTable.judge`: the version the sender saw, then the engine, the
only judge of legality) and tried on a copy of the table (`Step`), which becomes the table
only once the database holds it.
"""

from __future__ import annotations

import bisect
import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, NamedTuple

import buccaneer
from buccaneer.core import (
    Action,
    GameRecord,
    GameSpec,
    IllegalAction,
    OptionError,
    State,
    fairness,
    get_spec,
)
from buccaneer.server.clocks import first_deadline, next_deadlines
from buccaneer.server.repository import Move, StoredTable
from buccaneer.server.storage import OVER, WAITING

log = logging.getLogger("buccaneer.server")
# What `auth.new_table_id` makes (URL-safe base64); anything else names no table.
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
# The seat modes (docs/server.md, "Seat modes") whose seat is kept for a link: the creator's
# and an invited player's.
LINKED_MODES = ("me", "invite")


class Refused(Exception):
    """What a client hears when its request changes nothing: a code a program can act on
    ("stale", "illegal", ...) and words for a person."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Seat:
    seat: int
    kind: str
    agent: str | None
    name: str | None
    claimed: bool
    account_id: int | None
    token_hash: str | None
    # How the seat is filled (docs/server.md, "Seat modes"): `me` (the creator's, taken at
    # once), `invite` (kept for its link), `open` (anyone may join) or `bot`.
    mode: str = "invite"
    # The token of the last player who gave the seat up before the start (never public).
    former_token_hash: str | None = None
    # The seat's player forfeited (their time bank ran out on a forfeit table): a bot plays on.
    forfeited: bool = False
    # The claiming device's key (hashed, never public): with it set, the token alone does not
    # open the seat.
    owner_key_hash: str | None = None

    @property
    def bot(self) -> str | None:
        """The agent that plays this seat now: a bot seat's own, or the one a human seat was
        handed to; None for a person playing."""
        return self.agent if (self.kind == "bot" or self.agent) else None

    def public(self, spec: GameSpec) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name or spec.seat_name(self.seat),
            "kind": self.kind,
            "mode": self.mode,
            "agent": self.bot,
            "claimed": self.claimed,
        }


def mark_asked(
    asked_since: list[int], before: set[int], to_move: Sequence[int], seat: int, version: int
) -> None:
    """After `seat`'s action brought the table to `version`: a seat asked now that was not
    asked before, or the seat that acted and is asked again, faces a new decision from here."""
    for s in to_move:
        if s == seat or s not in before:
            asked_since[s] = version


@dataclass(frozen=True)
class Step:
    """One action applied to a copy of a table (`LiveTable.attempt`): the table as it will be
    once the database holds the action, and what is stored with it. It becomes the table's
    present (`LiveTable.adopt`) only after the commit, so every process's copy of a table is
    always a prefix of the stored log, whatever race it loses."""

    seat: int
    action: dict[str, Any]  # its JSON, as stored and announced
    state: State
    version: int
    asked_since: list[int]
    status: str
    deadlines: dict[int, float]
    at: float

    def move(self, table_id: str, seats_version: int = 0) -> Move:
        """The row to store: the action, and the table as it is after it, on the seats as
        they were at `seats_version` (stored only while they still are)."""
        over = self.status == OVER
        result = (
            json.dumps({"scores": self.state.scores(), "winners": self.state.winners()})
            if over
            else None
        )
        return Move(
            table_id=table_id,
            version=self.version,
            seat=self.seat,
            action=json.dumps(self.action),
            at=self.at,
            status=self.status,
            deadlines=json.dumps(self.deadlines),
            next_deadline=first_deadline(self.deadlines),
            result=result,
            finished_at=self.at if over else None,
            seats_version=seats_version,
        )


class Owner(NamedTuple):
    """Whom a new table's bots are charged to (`LiveTable.bot_owner`): an account, and a hash
    of the address the table was made from (`owner_address`); either may be unknown."""

    account: int | None
    address: str | None


NO_OWNER = Owner(None, None)


@dataclass
class LiveTable:
    """One table as this process knows it, with the bookkeeping messages are built from."""

    id: str
    spec: GameSpec
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    listed: bool
    clock: dict[str, Any]
    bot_delay: float
    seats: list[Seat]
    deadlines: dict[int, float]
    rematch: str | None
    rematch_of: str | None
    created_at: float
    state: State
    version: int = 0
    # len(state.log) after each version (index = version): which log lines each update adds.
    log_marks: list[int] = field(default_factory=list)
    # Per seat, the version at which its current decision was put to it: a client that acted
    # on an older version than this acted on a decision it no longer faces.
    asked_since: list[int] = field(default_factory=list)
    # Rated or casual (docs/server.md, "Ratings"); the seed's commitment and its salt (secret
    # until the game is over, like the seed); the creator's account (told when it fills).
    rated: bool = False
    commitment: str | None = None
    salt: str | None = None
    created_by: int | None = None
    # Whom its bots are charged to (`bots.FairShare`): an account, else an address's hash.
    owner_account: int | None = None
    owner_address: str | None = None
    # How many times its seats were changed (handed to a bot, taken back, given up): a move
    # is stored only on the seats it was judged on (`Move.seats_version`).
    seats_version: int = 0
    # Update texts built at (version, status) `texts_at`, by (seat, since, deadlines): see
    # `messages.shared_update`.
    texts: dict[tuple[Any, ...], str] = field(default_factory=dict)
    texts_at: tuple[int, str] = (-1, "")
    # What events from the processes sharing the database said (`Masters.heard`): the
    # newest version announced, and that seats or clocks changed since the table was read.
    announced: int = 0
    reread: bool = False

    @property
    def bot_owner(self) -> str:
        """Who this table's bots are charged to in the pool's fair share: its owner's account,
        else the address it was made from, else the table itself (a table from before owners
        were kept)."""
        if self.owner_account is not None:
            return f"account {self.owner_account}"
        if self.owner_address is not None:
            return f"address {self.owner_address}"
        return f"table {self.id}"

    def advance(self, seat: int, action: Any) -> None:
        """Replay one action the database already holds (loading, catching up), in place."""
        before = set(self.state.to_move())
        self.state.apply(seat, action)
        self.version += 1
        mark_asked(self.asked_since, before, self.state.to_move(), seat, self.version)
        self.log_marks.append(len(self.state.log))

    def attempt(self, seat: int, action: Action, now: float) -> Step:
        """`action` tried on a copy of the table: what the table becomes once it is stored.
        The table itself does not change (`IllegalAction`, from the engine, when the action
        is refused), so nothing anyone reads meanwhile holds a move the database may refuse."""
        state = self.state.branch()
        before = set(state.to_move())
        state.apply(seat, action)
        version = self.version + 1
        asked_since = list(self.asked_since)
        mark_asked(asked_since, before, state.to_move(), seat, version)
        deadlines = next_deadlines(
            self.clock,
            now=now,
            to_move=state.to_move(),
            asked_since=asked_since,
            version=version,
            old=self.deadlines,
            bot_seats=self.bot_seats(),
        )
        status = OVER if state.is_over() else self.status
        return Step(seat, action.to_json(), state, version, asked_since, status, deadlines, now)

    def adopt(self, step: Step) -> None:
        """Make a stored step the table's present (in one go: no reader sees half of it)."""
        assert step.version == self.version + 1, "a step is adopted on the table it was tried on"
        self.state = step.state
        self.version = step.version
        self.asked_since = step.asked_since
        self.status = step.status
        self.deadlines = step.deadlines
        self.log_marks.append(len(step.state.log))

    def take_over(self, other: LiveTable) -> None:
        """Become `other` (the same table read again from the database): whoever holds a
        reference to this table sees the stored game."""
        announced = max(self.announced, other.announced)
        for item in fields(self):
            setattr(self, item.name, getattr(other, item.name))
        self.announced = announced

    def judge(self, seat: int, action_json: Any, version: int, now: float) -> Step:
        """`seat`'s action, chosen at `version`, judged on the table as it is and tried on a
        copy of it (`Refused` when it cannot be played)."""
        self.check_can_act(seat, version)
        try:
            action = self.spec.action_from_json(action_json)
        except (IllegalAction, OptionError) as exc:
            raise Refused("bad_action", str(exc)) from None
        try:
            return self.attempt(seat, action, now)
        except IllegalAction as exc:
            raise Refused("illegal", str(exc)) from None

    def check_can_act(self, seat: int, version: int) -> None:
        if self.status == WAITING:
            raise Refused("not_started", "the game starts when every seat is taken")
        if self.status == OVER or self.state.is_over():
            raise Refused("over", "the game is over")
        if version > self.version:
            raise Refused("stale", f"version {version} is ahead of the table ({self.version})")
        asked = seat in self.state.to_move()
        if (asked and version < self.asked_since[seat]) or (not asked and version != self.version):
            raise Refused(
                "stale",
                f"you acted on version {version}, but the table is at version {self.version} "
                "and has moved on for you; here it is as it is now",
            )
        # Otherwise the engine judges (and words a refusal from the seat's own side).

    def follow(self, seat: int, action_json: Any) -> None:
        """Replay one stored action given as its JSON (`advance`)."""
        self.advance(seat, self.spec.action_from_json(action_json))

    def version_of_log_line(self, index: int) -> int:
        """The version whose action wrote line `index` of the full log (0: the setup)."""
        return bisect.bisect_right(self.log_marks, index)

    def deadlines_after(
        self, now: float, old: dict[int, float], bot_seats: set[int] | None = None
    ) -> dict[int, float]:
        """The clocks once the table is at its current version (see `clocks.next_deadlines`),
        with these bot seats (default: the table's own)."""
        return next_deadlines(
            self.clock,
            now=now,
            to_move=self.state.to_move(),
            asked_since=self.asked_since,
            version=self.version,
            old=old,
            bot_seats=self.bot_seats() if bot_seats is None else bot_seats,
        )

    def public_deadlines(self) -> dict[str, float]:
        """Each waiting seat's deadline, as JSON keys (everyone may see every clock)."""
        return {str(k): v for k, v in sorted(self.deadlines.items())}

    def seat_of_account(self, account_id: int) -> int | None:
        """The first person's seat the account sits at (None: it sits at none)."""
        for s in self.seats:
            if s.kind == "human" and s.claimed and s.account_id == account_id:
                return s.seat
        return None

    def bot_seats(self) -> set[int]:
        return {s.seat for s in self.seats if s.bot}

    def meta(self) -> dict[str, Any]:
        """What anyone may know about the table (the lobby, spectators, every seat)."""
        return {
            "id": self.id,
            "game": self.spec.name,
            "title": self.spec.title,
            "players": self.players,
            "options": dict(self.options),
            "status": self.status,
            "version": self.version,
            "seats": [s.public(self.spec) for s in self.seats],
            "clock": dict(self.clock),
            "deadlines": self.public_deadlines(),
            "rematch": self.rematch,
            "rematch_of": self.rematch_of,
            "created_at": self.created_at,
            # Provable fairness: the seed's commitment is public from the start (None for a
            # table stored before commitments); the seed, the salt and the dice once over.
            "commitment": self.commitment,
            **(self.fairness() if self.status == OVER else {}),
        }

    def fairness(self) -> dict[str, Any]:
        """A finished game's proof (docs/server.md, "Provable fairness"): the seed and the salt
        that hash to the commitment, and how often each face of its dice came up (None: the
        game rolls none). Never asked before the end: the seed reveals every hidden card."""
        assert self.status == OVER, "the seed and salt are given once the game is over"
        return {
            "seed": self.seed,
            # The seed in decimal digits, for JavaScript, whose numbers hold 53 bits.
            "seed_text": str(self.seed),
            "salt": self.salt,
            "dice": fairness.dice_counts(self.state),
        }

    def record(self) -> GameRecord:
        """The finished game's record with its proof: the salt, the commitment and the result
        (`buccaneer verify` checks them)."""
        assert self.status == OVER, "the record holds the seed: given once the game is over"
        return replace(
            self.state.record(),
            salt=self.salt,
            commitment=self.commitment,
            result=fairness.result_of(self.state),
        )


def build_table(stored: StoredTable) -> LiveTable:
    """A table as the database holds it, its game replayed from the stored log. A log this
    version of the engine cannot replay (a damaged database, or rules changed under stored
    games) is refused (`unreadable`), with the reason in the server's log only (it may name
    hidden information), and every other table goes on."""
    row = stored.row
    spec = get_spec(row.game)
    options = json.loads(row.options)
    state = buccaneer.load(row.game, row.players, seed=row.seed, **options)
    live = LiveTable(
        id=row.id,
        spec=spec,
        players=row.players,
        options=options,
        seed=row.seed,
        status=row.status,
        listed=row.listed,
        clock=json.loads(row.clock),
        bot_delay=row.bot_delay,
        seats=[seat_from_row(r) for r in stored.seats],
        deadlines=seat_deadlines(json.loads(row.deadlines)),
        rematch=row.rematch,
        rematch_of=row.rematch_of,
        created_at=row.created_at,
        state=state,
        rated=bool(row.rated),
        commitment=row.commitment,
        salt=row.salt,
        created_by=row.created_by,
        owner_account=row.owner_account,
        owner_address=row.owner_address,
        seats_version=row.seats_version,
        log_marks=[len(state.log)],
        asked_since=[0] * row.players,
    )
    try:
        for seat, action in stored.actions:
            live.follow(seat, json.loads(action))
    except (IllegalAction, OptionError, ValueError) as exc:
        log.error("table %s cannot be replayed: %s", row.id, exc)
        raise Refused(
            "unreadable", "this table's stored game cannot be replayed by this server"
        ) from None
    return live


def seat_deadlines(stored: dict[Any, float]) -> dict[int, float]:
    """Deadlines by seat, from their JSON form (seats as text keys)."""
    return {int(k): v for k, v in stored.items()}


def seat_from_row(row: Any) -> Seat:
    return Seat(
        seat=row.seat,
        kind=row.kind,
        agent=row.agent,
        name=row.name,
        claimed=bool(row.claimed),
        account_id=row.account_id,
        token_hash=row.token_hash,
        mode=row.mode,
        former_token_hash=row.former_token_hash,
        forfeited=bool(row.forfeited),
        owner_key_hash=row.owner_key_hash,
    )
