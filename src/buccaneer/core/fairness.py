"""Provable fairness: a commitment to a game's seed, published before the game, and the check
that a finished game's record keeps it (docs/server.md, "Provable fairness").

A server draws a table's seed, then a random salt (`new_salt`: 32 bytes from `secrets`, as 64
lowercase hex digits), and publishes from the first message the commitment

    SHA-256( "buccaneer-seed-v1:<seed in decimal>:<salt>" as ASCII )  as 64 lowercase hex digits

(`commitment`). The seed fixes every die and shuffle, and the commitment reveals nothing of it
(without the salt, no search over seeds finds it). Once the game is over the record carries the
seed, the salt and the commitment, and `verify` checks that the seed and salt hash to the
commitment, then replays every action from that seed, each judged legal by the engine, to the
result the record states. `buccaneer verify RECORD` prints what `verify` found.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.record import GameRecord
from buccaneer.core.registry import get_spec, load
from buccaneer.core.state import State

# The version tag at the front of the bytes hashed: a new way of hashing gets a new tag.
PREFIX = "buccaneer-seed-v1"


def seed_bytes(seed: int, salt: str) -> bytes:
    """The exact bytes a commitment hashes: `buccaneer-seed-v1:<seed>:<salt>` in ASCII, the
    seed in decimal without leading zeros, the salt as given (64 lowercase hex digits)."""
    return f"{PREFIX}:{seed}:{salt}".encode("ascii")


def commitment(seed: int, salt: str) -> str:
    """SHA-256 of `seed_bytes(seed, salt)`, as 64 lowercase hex digits."""
    return hashlib.sha256(seed_bytes(seed, salt)).hexdigest()


def new_salt() -> str:
    """A fresh salt: 32 random bytes from `secrets`, as 64 lowercase hex digits."""
    return secrets.token_hex(32)


def log_digest(state: State) -> str:
    """SHA-256 of the game's whole log (every line's words, data and readers, as canonical
    JSON): the result a record states carries it, so that a changed action that is legal and
    ends in the same scores is still caught (every action writes its own log lines)."""
    lines = [[e.text, e.data, e.visible_to] for e in state.log]
    text = json.dumps(lines, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def result_of(state: State) -> dict[str, Any]:
    """What a record says about the end: scores, winners and the log's digest."""
    return {"scores": state.scores(), "winners": state.winners(), "log_sha256": log_digest(state)}


def dice_counts(state: State) -> dict[str, Any] | None:
    """How often each face of the game's dice came up in `state` (a finished game: the rolls
    are private while it runs), through the game's `GameSpec.dice_rolls` hook: `{"faces":
    [names], "counts": [per face], "rolls": total}`; None for a game without dice."""
    spec = get_spec(state.game)
    if spec.dice_rolls is None:
        return None
    counts = [0] * len(spec.dice_faces)
    for face in spec.dice_rolls(state):
        counts[face] += 1
    return {"faces": list(spec.dice_faces), "counts": counts, "rolls": sum(counts)}


@dataclass
class Verdict:
    """What `verify` found: `ok` (every check passed), `proven` (the seed was fixed before
    the game: its commitment checks), `reason` (why not ok: the check that failed, and where),
    and each check's line in words."""

    ok: bool = True
    proven: bool = False
    # The record's seed, salt and commitment agree, but no commitment seen at the start was
    # given to check them against (`verify`'s `seen`).
    consistent: bool = False
    reason: str | None = None
    failed: str | None = None  # the failed check's name: record, commitment, action, result
    lines: list[tuple[bool | None, str]] = field(default_factory=list)

    def passed(self, words: str) -> None:
        self.lines.append((True, words))

    def note(self, words: str) -> None:
        self.lines.append((None, words))

    def fail(self, check: str, words: str) -> Verdict:
        self.ok = False
        self.failed = check
        self.reason = words
        self.lines.append((False, words))
        return self


def verify(data: Any, seen: str | None = None) -> Verdict:
    """Check a record (its parsed JSON): the commitment, every action, the result.

    `seen` is the commitment the player saw when the game began. Only against it does the
    check prove anything: a server that changed the seed at the end could change the salt and
    the commitment in the record with it, and the record would agree with itself. Without it
    the verdict is "consistent" (`proven` False, `consistent` True)."""
    verdict = Verdict()
    try:
        record = GameRecord.from_dict(data)
    except OptionError as exc:
        return verdict.fail("record", f"not a valid record: {exc}")
    verdict.passed(f"a record of {record.game}, {record.players} players, seed {record.seed}")
    if record.commitment is None:
        verdict.note(
            "the record carries no commitment: the game replays from its seed, but nothing "
            "proves the seed was fixed before the game began"
        )
    elif record.salt is None:
        return verdict.fail("commitment", "the record has a commitment but no salt to check it")
    else:
        computed = commitment(record.seed, record.salt)
        if computed != record.commitment:
            return verdict.fail(
                "commitment",
                f"the seed and salt hash to {computed}, not to the commitment "
                f"{record.commitment} published at the start: the seed or the salt was changed",
            )
        verdict.passed(f"SHA-256 of the seed and salt is the commitment {record.commitment}")
        if seen is None:
            verdict.consistent = True
            verdict.note(
                "the commitment was read from the record itself, so this shows the record "
                "agrees with itself, not that the seed was fixed before the game: give the "
                "commitment you saw at the start (--commitment) to prove it"
            )
        elif seen.lower() != record.commitment.lower():
            return verdict.fail(
                "commitment",
                f"the record's commitment {record.commitment} is not the one you saw at the "
                f"start ({seen.lower()}): the seed was changed after the game began",
            )
        else:
            verdict.proven = True
            verdict.passed("it is the commitment you saw when the game began")
    spec = get_spec(record.game)
    state = load(record.game, record.players, seed=record.seed, **record.options)
    for i, (seat, action) in enumerate(record.actions):
        try:
            state.apply(seat, spec.action_from_json(action))
        except (IllegalAction, OptionError) as exc:
            return verdict.fail(
                "action",
                f"action {i + 1} of {len(record.actions)} ({json.dumps(action)} by seat {seat}) "
                f"is not legal in the game replayed from the seed: {exc}",
            )
    verdict.passed(f"all {len(record.actions)} actions are legal, every die and card from the seed")
    if record.result is None:
        verdict.note("the record states no result to compare with")
        return verdict
    if not state.is_over():
        return verdict.fail(
            "result",
            f"the record says the game ended, but after its {len(record.actions)} "
            "actions the replayed game is not over",
        )
    replayed = result_of(state)
    for key, words in (("winners", "winners"), ("scores", "scores"), ("log_sha256", "log")):
        if replayed[key] != record.result.get(key):
            return verdict.fail(
                "result",
                f"the replayed game's {words} ({replayed[key]}) differ from the record's "
                f"({record.result.get(key)})",
            )
    verdict.passed(f"the replayed game ends as the record says: winners {replayed['winners']}")
    return verdict


__all__ = [
    "PREFIX",
    "Verdict",
    "commitment",
    "dice_counts",
    "log_digest",
    "new_salt",
    "result_of",
    "seed_bytes",
    "verify",
]
