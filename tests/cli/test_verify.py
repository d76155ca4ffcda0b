"""`buccaneer verify`: every record the server produced is accepted (a finished table of each
registered game and variant, played through the table masters on a real SQLite database), and
a record whose seed, salt or any action was changed is refused with its reason and exit 1."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

import buccaneer
from buccaneer.server.master import Masters
from buccaneer.server.migrate import upgrade
from buccaneer.server.repository import Repository
from buccaneer.server.settings import Settings
from tests.cli.conftest import Invoke
from tests.server.test_master import Heard, new_table

CASES = [
    (name, variant) for name, spec in sorted(buccaneer.GAMES.items()) for variant in spec.variants
]


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A real SQLite database file for the server's tables."""
    return f"sqlite:///{tmp_path / 'server.db'}"


def server_record(url: str, game: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """A finished table's record as the server gives it (`GET /api/tables/T/record`)."""
    upgrade(url)
    players = buccaneer.GAMES[game].min_players

    async def main() -> dict[str, Any]:
        masters = Masters(Repository.at(url), Heard(), False, settings=Settings(database_url=url))
        try:
            master, _ = await new_table(masters, game, ["taken"] * players, **options)
            live, rng = master.live, random.Random(seed)
            while not live.state.is_over():
                seat = live.state.to_move()[0]
                action = rng.choice(live.state.legal_actions(seat)).to_json()
                await master.act(seat, action, live.version)
            return dict(json.loads(json.dumps(master.record())))
        finally:
            await masters.repository.close()

    return asyncio.run(main())


def write(path: Path, record: dict[str, Any]) -> str:
    path.write_text(json.dumps(record))
    return str(path)


@pytest.mark.parametrize(("game", "options"), CASES, ids=[f"{g}-{o}" for g, o in CASES])
def test_every_server_record_is_accepted_and_every_change_refused(
    invoke: Invoke, sqlite_url: str, tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    record = server_record(sqlite_url, game, options, seed=len(game))
    assert {"seed", "salt", "commitment", "result"} <= set(record)
    good = write(tmp_path / "good.json", record)
    result = invoke(["verify", good, "--commitment", record["commitment"]])
    assert result.exit_code == 0, result.output
    assert "FAIR" in result.stdout and record["commitment"] in result.stdout
    # Without the commitment seen at the start, it says plainly what it has not proven.
    alone = invoke(["verify", good])
    assert alone.exit_code == 0 and "CONSISTENT, NOT PROVEN" in alone.stdout, alone.stdout
    assert "FAIR" not in alone.stdout.replace("FAIR:", "")

    def refused(changed: dict[str, Any], check: str) -> str:
        out = invoke(["verify", write(tmp_path / "bad.json", changed)])
        assert out.exit_code == 1, out.output
        assert f"REFUSED ({check})" in out.stdout, out.stdout
        return out.stdout

    words = refused({**record, "seed": record["seed"] ^ 1}, "commitment")
    assert "the seed or the salt was changed" in words
    salt = record["salt"]
    refused({**record, "salt": salt[1:] + salt[0]}, "commitment")
    # An action swapped for one the seat could not take there: refused at that action.
    actions = [list(pair) for pair in record["actions"]]
    i = len(actions) // 2
    seat, action = actions[i]
    actions[i] = [(seat + 1) % record["players"], action]
    out = invoke(["verify", write(tmp_path / "bad.json", {**record, "actions": actions})])
    assert out.exit_code == 1 and ("REFUSED (action)" in out.stdout or "(result)" in out.stdout)
    # The last action dropped: every action left is legal, but the game does not end so.
    words = refused({**record, "actions": record["actions"][:-1]}, "result")
    assert "not over" in words


def test_a_legal_action_changed_is_refused_by_the_result(
    invoke: Invoke, sqlite_url: str, tmp_path: Path
) -> None:
    """An action swapped for another the seat could legally take at that point: every action
    still replays, but not to the game the server recorded."""
    record = server_record(sqlite_url, "tortuga1667", {}, seed=3)
    state = buccaneer.load(record["game"], record["players"], seed=record["seed"])
    spec = buccaneer.GAMES[record["game"]]
    i, seat, others = 0, 0, []
    for i, (seat, action) in enumerate(record["actions"]):  # noqa: B007 (i is used below)
        others = [a.to_json() for a in state.legal_actions(seat) if a.to_json() != action]
        if others:
            break
        state.apply(seat, spec.action_from_json(action))
    assert others, "no seat had a choice in the whole game"
    actions = [list(pair) for pair in record["actions"]]
    actions[i] = [seat, others[0]]
    out = invoke(["verify", write(tmp_path / "bad.json", {**record, "actions": actions})])
    assert out.exit_code == 1, out.output
    assert "REFUSED (action)" in out.stdout or "REFUSED (result)" in out.stdout


def test_a_record_without_a_commitment_replays_but_is_not_proven(
    invoke: Invoke, tmp_path: Path
) -> None:
    state = buccaneer.load("cartagena", 2, seed=4)
    rng = random.Random(4)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    out = invoke(["verify", write(tmp_path / "old.json", state.record().to_dict())])
    assert out.exit_code == 0, out.output
    assert "NOT PROVEN" in out.stdout and "nothing proves the seed" in out.stdout


def test_a_file_that_is_no_record_is_refused(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{not json")
    out = invoke(["verify", str(path)])
    assert out.exit_code == 1 and "REFUSED (record)" in out.stdout
    missing = invoke(["verify", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.stderr


def test_a_server_that_swaps_seed_salt_and_commitment_together_is_caught(
    invoke: Invoke, sqlite_url: str, tmp_path: Path
) -> None:
    """M3: a record whose seed, salt and commitment were all replaced at the end agrees with
    itself; checked against the commitment the player saw at the start, it is refused."""
    seen = server_record(sqlite_url, "cartagena", {}, seed=3)["commitment"]
    # What the server hands out at the end instead: another whole game, its own seed, salt
    # and commitment, agreeing with each other and with every action.
    swapped = server_record(sqlite_url, "cartagena", {}, seed=4)
    assert swapped["commitment"] != seen
    path = write(tmp_path / "swapped.json", swapped)
    alone = invoke(["verify", path])
    assert alone.exit_code == 0 and "CONSISTENT, NOT PROVEN" in alone.stdout, alone.stdout
    caught = invoke(["verify", path, "--commitment", seen.upper()])
    assert caught.exit_code == 1, caught.output
    assert "REFUSED (commitment)" in caught.stdout and "not the one you saw" in caught.stdout
    bad = invoke(["verify", path, "--commitment", "abc"])
    assert bad.exit_code != 0 and "64 hexadecimal digits" in bad.output
