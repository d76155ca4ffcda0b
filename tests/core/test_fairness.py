"""Provable fairness in the core: the commitment's exact bytes and format, that it reveals
nothing of the seed, the verdict on records (kept and tampered), and the dice counts."""

from __future__ import annotations

import hashlib
import random
import re
from typing import Any

import pytest

import buccaneer
from buccaneer.core import GameRecord, State
from buccaneer.core.fairness import (
    commitment,
    dice_counts,
    log_digest,
    new_salt,
    result_of,
    seed_bytes,
    verify,
)
from buccaneer.core.rng import MAX_SEED

HEX64 = re.compile(r"^[0-9a-f]{64}$")


def finished(game: str, seed: int, players: int | None = None, **options: Any) -> State:
    spec = buccaneer.GAMES[game]
    state = buccaneer.load(game, players or spec.min_players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def proven_record(state: State, salt: str | None = None) -> dict[str, Any]:
    """The record a server gives for `state`: salt, commitment and result added."""
    salt = salt or new_salt()
    record = state.record().to_dict()
    record.update(salt=salt, commitment=commitment(state.seed, salt), result=result_of(state))
    return record


# -- the commitment -------------------------------------------------------------------------------


def test_the_bytes_hashed_are_the_documented_string() -> None:
    salt = "0123456789abcdef" * 4
    assert seed_bytes(42, salt) == f"buccaneer-seed-v1:42:{salt}".encode("ascii")
    expected = hashlib.sha256(b"buccaneer-seed-v1:42:" + salt.encode()).hexdigest()
    assert commitment(42, salt) == expected


def test_every_seed_gives_a_commitment_of_the_same_format() -> None:
    rng = random.Random(7)
    seeds = [0, 1, 9, 10, 2**63 - 1, MAX_SEED, *(rng.randrange(MAX_SEED + 1) for _ in range(200))]
    for seed in seeds:
        salt = new_salt()
        assert HEX64.match(salt)
        assert HEX64.match(commitment(seed, salt)), seed


def test_the_same_seed_at_two_tables_has_two_commitments() -> None:
    salts = {new_salt() for _ in range(50)}
    assert len(salts) == 50
    assert len({commitment(12345, salt) for salt in salts}) == 50


def test_a_search_over_small_seeds_without_the_salt_finds_nothing() -> None:
    """A seed small enough to guess, committed with a salt: hashing every small seed every way
    one might (alone, as bytes, in the documented string with no or a wrong salt) never meets
    the commitment, while the same search that knows the salt finds it at once (so the search
    itself works)."""
    seed, salt = 777, new_salt()
    published = commitment(seed, salt)
    wrong = new_salt()

    def guesses(s: int) -> list[bytes]:
        return [
            str(s).encode(),
            s.to_bytes(8, "big"),
            s.to_bytes(8, "little"),
            f"buccaneer-seed-v1:{s}".encode(),
            f"buccaneer-seed-v1:{s}:".encode(),
            seed_bytes(s, wrong),
        ]

    found = [
        s
        for s in range(1 << 12)
        for guess in guesses(s)
        if hashlib.sha256(guess).hexdigest() == published
    ]
    assert found == []
    with_salt = [s for s in range(1 << 12) if commitment(s, salt) == published]
    assert with_salt == [seed]


# -- records and the verdict ----------------------------------------------------------------------


def test_a_record_keeps_its_proof_through_json() -> None:
    state = finished("tortuga", 3)
    data = proven_record(state)
    again = GameRecord.from_json(GameRecord.from_dict(data).to_json())
    assert again.to_dict() == data
    plain = state.record().to_dict()
    assert set(plain) == {"format", "game", "players", "options", "seed", "actions"}


@pytest.mark.parametrize(
    ("key", "value"),
    [("salt", "ABC"), ("commitment", "0" * 63), ("result", {"scores": [], "winners": []})],
)
def test_a_malformed_proof_is_refused_as_a_record(key: str, value: Any) -> None:
    data = {**proven_record(finished("tortuga", 4)), key: value}
    verdict = verify(data)
    assert not verdict.ok and verdict.failed == "record"
    assert key in (verdict.reason or "")


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_a_kept_record_is_fair_and_a_changed_one_is_refused(game: str) -> None:
    state = finished(game, 11)
    data = proven_record(state)
    verdict = verify(data, data["commitment"])
    assert verdict.ok and verdict.proven, verdict
    alone = verify(data)  # the record agrees with itself; nothing seen at the start to prove it
    assert alone.ok and alone.consistent and not alone.proven, alone
    other = verify(data, "0" * 64)
    assert not other.ok and other.failed == "commitment", other

    changed_seed = verify({**data, "seed": data["seed"] + 1})
    assert changed_seed.failed == "commitment"
    changed_salt = verify({**data, "salt": new_salt()})
    assert changed_salt.failed == "commitment"
    # A seed and salt that hash to their commitment but are not the game's own: the dice and
    # cards differ, so an action or the result does not replay.
    other_seed = {**data, "seed": data["seed"] + 1, "salt": data["salt"]}
    other_seed["commitment"] = commitment(other_seed["seed"], other_seed["salt"])
    assert verify(other_seed).failed in ("action", "result")

    cut = {**data, "actions": data["actions"][:-1]}
    assert verify(cut).failed == "result"
    scores = {**data, "result": {**data["result"], "winners": [9]}}
    assert verify(scores).failed == "result"


def test_every_changed_action_is_refused() -> None:
    """Each action swapped for another the seat could have taken there (legal, the game may
    even end the same): the replay stops at an illegal action or ends in another log."""
    state = finished("tortuga", 5)
    data = proven_record(state)
    record = GameRecord.from_dict(data)
    replay = buccaneer.load(record.game, record.players, seed=record.seed, **record.options)
    changed = 0
    for i, (seat, action) in enumerate(record.actions):
        others = [a.to_json() for a in replay.legal_actions(seat) if a.to_json() != action]
        replay.apply(seat, buccaneer.GAMES[record.game].action_from_json(action))
        if not others or i % 3:
            continue
        actions = [list(pair) for pair in data["actions"]]
        actions[i] = [seat, others[0]]
        verdict = verify({**data, "actions": actions})
        assert verdict.failed in ("action", "result"), (i, verdict)
        changed += 1
    assert changed > 10
    bad_seat = [list(pair) for pair in data["actions"]]
    bad_seat[0][0] = (bad_seat[0][0] + 1) % record.players
    verdict = verify({**data, "actions": bad_seat})
    # (Tortuga's first roll is a simultaneous choice: the wrong seat's first selection is
    # legal, and the refusal comes when that seat's own choice follows.)
    assert verdict.failed == "action" and "is not legal" in (verdict.reason or "")


def test_a_record_without_a_commitment_replays_but_proves_nothing() -> None:
    state = finished("cartagena", 2)
    verdict = verify(state.record().to_dict())
    assert verdict.ok and not verdict.proven
    assert any("nothing proves the seed" in words for _, words in verdict.lines)
    no_salt = {**proven_record(state)}
    del no_salt["salt"]
    assert verify(no_salt).failed == "commitment"


def test_the_log_digest_follows_the_log() -> None:
    a, b = finished("tortuga", 8), finished("tortuga", 9)
    assert HEX64.match(log_digest(a))
    assert log_digest(a) == log_digest(buccaneer.replay(a.record()))
    assert log_digest(a) != log_digest(b)


# -- dice -----------------------------------------------------------------------------------------


def test_dice_counts_count_every_die_rolled_and_only_games_with_dice_have_them() -> None:
    with_dice = [name for name, spec in buccaneer.GAMES.items() if spec.dice_rolls is not None]
    assert with_dice == ["tortuga"]
    state = finished("tortuga", 6, players=3)
    counts = dice_counts(state)
    assert counts is not None
    assert counts["faces"] == ["fleet", "crew", "hunt", "board", "raid", "skull"]
    # Every die rolled: the public line saying how many dice a seat rolls behind its screen,
    # and each stuck seat's open re-roll.
    rolled = sum(e.data["dice"] for e in state.log if e.data.get("type") == "rolled")
    rolled += sum(len(e.data["faces"]) for e in state.log if e.data.get("type") == "reroll")
    assert counts["rolls"] == sum(counts["counts"]) == rolled > 0
    for name in buccaneer.GAMES:
        if name != "tortuga":
            assert dice_counts(finished(name, 6)) is None


def test_a_fair_engine_rolls_each_face_about_as_often() -> None:
    """Many games' dice together: each face within a wide band around a sixth (the band a fair
    die misses about once in a million runs), so a die that favours a face fails."""
    totals = [0] * 6
    for seed in range(30):
        counts = dice_counts(finished("tortuga", seed, players=4))
        assert counts is not None
        totals = [t + c for t, c in zip(totals, counts["counts"], strict=True)]
    n = sum(totals)
    spread = 5 * (n * (1 / 6) * (5 / 6)) ** 0.5
    assert all(abs(t - n / 6) < spread for t in totals), totals
