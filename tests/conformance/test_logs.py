"""The log a seat or a spectator is shown holds only what it may see (issue 11, item 1).

On every path: the log API (`State.log_for`) while the game is played and after it is replayed
from its record, `buccaneer replay` (as a spectator and as each seat) and `buccaneer play` (what
a person at the terminal reads). A private event ("Blue drew key", "Pirate 2 played
water/british/skull") reaches only the seats in its `visible_to`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import buccaneer
from buccaneer.cli import app
from buccaneer.core import Event, State
from tests.conformance.harness import CONFIGS, IDS, Config, random_step

RUNNER = CliRunner()


def secrets_of(log: list[Event], seat: int | None) -> set[str]:
    """Texts of events `seat` may not see (and that no event it may see also says)."""
    seen = {e.text for e in log if e.visible(seat)}
    return {e.text for e in log if not e.visible(seat)} - seen


def played(config: Config, seed: int) -> tuple[State, dict[int | None, list[Event]]]:
    """A random game to the end and each seat's log as it grew, read after every step."""
    state = config.new(seed)
    rng = random.Random(seed)
    seats: list[int | None] = [None, *range(config.players)]
    grown: dict[int | None, list[Event]] = {seat: [] for seat in seats}
    for _ in range(config.spec.max_actions):
        if state.is_over():
            break
        random_step(state, rng)
        for seat in seats:
            log = state.log_for(seat)
            assert log[: len(grown[seat])] == grown[seat], "a shown log entry changed"
            grown[seat] = log
    return state, grown


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_each_seat_reads_only_its_own_log_live_and_in_replay(config: Config) -> None:
    state, grown = played(config, seed=77)
    again = buccaneer.replay(buccaneer.GameRecord.from_json(state.record().to_json()))
    for seat, log in grown.items():
        assert all(event.visible(seat) for event in log)
        assert [(e.text, e.data) for e in again.log_for(seat)] == [(e.text, e.data) for e in log]
        assert json.loads(json.dumps([e.data for e in log])) == [e.data for e in log]


def _unfinished(config: Config, seed: int, steps: int) -> State:
    state = config.new(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        random_step(state, rng)
    return state


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_buccaneer_replay_prints_no_other_seats_secrets(config: Config, tmp_path: Path) -> None:
    state = _unfinished(config, seed=918_273_645, steps=60)
    path = tmp_path / "game.json"
    path.write_text(state.record().to_json(), encoding="utf-8")
    for seat in [None, *range(config.players)]:
        args = ["replay", str(path), "--no-step"] + ([] if seat is None else ["--seat", str(seat)])
        result = RUNNER.invoke(app, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        leaked = [text for text in secrets_of(state.log, seat) if text in result.output]
        assert not leaked, f"{'spectator' if seat is None else f'seat {seat}'} was shown {leaked}"
        if state.is_over():  # the seed fixes every hidden card: shown only once it is over
            assert f"Seed {state.seed}." in result.output
        else:
            assert str(state.seed) not in result.output, "the seed of an unfinished game was shown"


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_buccaneer_play_shows_the_person_no_other_seats_secrets(
    config: Config, tmp_path: Path
) -> None:
    """A person at seat 1 always picking the first choice against random bots, the record saved
    after every move: the game it rebuilds holds every private event, none of which the person
    may have been shown unless it was theirs."""
    seat, path = 1, tmp_path / "game.json"
    args = ["play", config.spec.name, "--players", str(config.players), "--seat", str(seat)]
    args += ["--seed", "79", "--save", str(path)]
    for key, value in config.options.items():
        args += ["-o", f"{key}={json.dumps(value)}"]
    result = RUNNER.invoke(app, args, input="1\n" * 300 + "q\n", catch_exceptions=False)
    state = buccaneer.replay(buccaneer.GameRecord.from_json(path.read_text(encoding="utf-8")))
    assert len(state.record().actions) > 10, result.output
    secrets = secrets_of(state.log, seat)
    assert secrets or config.spec.name == "cartagena", "a game with hidden moves hid nothing"
    leaked = [text for text in secrets if text in result.output]
    assert not leaked, f"the person at seat {seat} was shown {leaked}"
