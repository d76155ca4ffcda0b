"""`buccaneer replay` shows a spectator or a seat only what it could know (issue 11, items 1-2),
reads tournament results (item 14) and says so when a step-through is stopped (item 15)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import buccaneer
from buccaneer.core import Event, GameRecord
from tests.cli.conftest import Invoke

GAME = "cartagena"  # the Jamaica version: cards drawn are private events
SEED = 7_340_021  # a number that appears nowhere else in a replay


@pytest.fixture
def finished(invoke: Invoke, tmp_path: Path) -> Path:
    """One finished two-player game, as `simulate --save` writes it."""
    path = tmp_path / "game.jsonl"
    args = ["simulate", GAME, "-n", "1", "--seed", str(SEED), "--save", str(path), "--json"]
    assert invoke(args).exit_code == 0
    return path


@pytest.fixture
def unfinished(finished: Path, tmp_path: Path) -> Path:
    """The same game cut off halfway, as a record saved during play would be."""
    data = json.loads(finished.read_text())
    data["actions"] = data["actions"][: len(data["actions"]) // 2]
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(data))
    return path


def _log(path: Path) -> list[Event]:
    state: buccaneer.State = buccaneer.replay(
        GameRecord.from_json(path.read_text().splitlines()[0])
    )
    return state.log


def _private(log: list[Event]) -> list[Event]:
    public = {e.text for e in log if e.visible_to is None}
    return [e for e in log if e.visible_to is not None and e.text not in public]


@pytest.mark.parametrize("which", ["finished", "unfinished"])
def test_a_spectator_replay_prints_public_events_only(
    invoke: Invoke, request: pytest.FixtureRequest, which: str
) -> None:
    path: Path = request.getfixturevalue(which)
    result = invoke(["replay", str(path), "--no-step"])
    assert result.exit_code == 0, result.output
    log = _log(path)
    private = _private(log)
    assert {s for e in private for s in e.visible_to or ()} == {0, 1}
    for event in private:
        assert event.text not in result.stdout, event
    assert "seen by" not in result.stdout
    for event in log:
        if event.visible_to is None:
            assert event.text in result.stdout


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_replay_prints_what_that_seat_saw(
    invoke: Invoke, unfinished: Path, seat: int
) -> None:
    result = invoke(["replay", str(unfinished), "--no-step", "--seat", str(seat)])
    assert result.exit_code == 0, result.output
    private = _private(_log(unfinished))
    mine = [e for e in private if e.visible(seat)]
    assert mine and len(mine) < len(private)
    for event in private:
        assert (event.text in result.stdout) == event.visible(seat), event
    assert "seen by" not in result.stdout


def test_all_shows_every_event_of_a_finished_game(invoke: Invoke, finished: Path) -> None:
    result = invoke(["replay", str(finished), "--no-step", "--all"])
    assert result.exit_code == 0, result.output
    for event in _log(finished):
        assert event.text in result.stdout
    assert "(seen by Blue)" in result.stdout and "(seen by Red)" in result.stdout


def test_all_is_refused_for_an_unfinished_game(invoke: Invoke, unfinished: Path) -> None:
    result = invoke(["replay", str(unfinished), "--no-step", "--all"])
    assert result.exit_code == 2
    assert "--all" in result.stderr and "finished" in result.stderr
    assert result.stdout == ""


def test_all_and_seat_together_are_refused(invoke: Invoke, finished: Path) -> None:
    result = invoke(["replay", str(finished), "--no-step", "--all", "--seat", "0"])
    assert result.exit_code == 2
    assert "--all" in result.stderr and "--seat" in result.stderr


@pytest.mark.parametrize("args", [[], ["--seat", "0"], ["--seat", "1"]])
def test_the_seed_of_an_unfinished_game_is_never_shown(
    invoke: Invoke, unfinished: Path, args: list[str]
) -> None:
    result = invoke(["replay", str(unfinished), "--no-step", *args])
    assert result.exit_code == 0, result.output
    assert str(SEED) not in result.output
    assert "seed" not in result.output.lower()


@pytest.mark.parametrize("args", [[], ["--seat", "1"]])
def test_the_seed_of_a_finished_game_is_shown_at_the_end(
    invoke: Invoke, finished: Path, args: list[str]
) -> None:
    result = invoke(["replay", str(finished), "--no-step", *args])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"Seed {SEED}" in out
    assert out.index(f"Seed {SEED}") > out.index("Winner(s)")


def test_stopping_a_step_through_early_hides_the_seed_of_a_finished_game(
    invoke: Invoke, finished: Path
) -> None:
    result = invoke(["replay", str(finished), "--step"], input="\nq\n")
    assert result.exit_code == 0, result.output
    assert str(SEED) not in result.output


# -- item 15: stopping a step-through ---------------------------------------------------------


def test_quitting_a_step_through_says_it_stopped_not_that_the_game_is_unfinished(
    invoke: Invoke, finished: Path
) -> None:
    total = len(GameRecord.from_json(finished.read_text()).actions)
    result = invoke(["replay", str(finished), "--step"], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert f"Replay stopped after 3 of {total} actions" in result.stdout
    assert "unfinished" not in result.stdout
    assert "Winner" not in result.stdout


def test_an_unfinished_record_replayed_to_its_end_still_says_unfinished(
    invoke: Invoke, unfinished: Path
) -> None:
    done = len(GameRecord.from_json(unfinished.read_text()).actions)
    result = invoke(["replay", str(unfinished), "--no-step"])
    assert f"The game is unfinished after {done} actions." in result.stdout
    assert "stopped" not in result.stdout.lower()


# -- item 14: tournament results ---------------------------------------------------------------


def test_tournament_results_replay_by_index(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["tournament", GAME, "--bots", "random,heuristic", "-n", "2", "--seed", "4"]
    assert invoke([*args, "--out", str(out)]).exit_code == 0
    results = out / "results.json"
    games = json.loads(results.read_text())["games"]
    assert len(games) == 2
    for index, game in enumerate(games):
        result = invoke(["replay", str(results), "--index", str(index), "--no-step"])
        assert result.exit_code == 0, result.output
        state = buccaneer.replay(GameRecord.from_dict(game["record"]))
        spec = buccaneer.GAMES[GAME]
        names = ", ".join(f"{spec.seat_name(s)} (seat {s})" for s in game["winners"])
        assert f"Winner(s): {names}." in result.stdout
        assert f"Seed {state.seed}" in result.stdout
        assert ("random" in result.stdout) and ("heuristic" in result.stdout)
    wrong = invoke(["replay", str(results), "--index", "2", "--no-step"])
    assert wrong.exit_code == 2
    assert "holds 2 record(s)" in wrong.stderr


def test_a_tournament_file_that_is_broken_is_refused_clearly(
    invoke: Invoke, tmp_path: Path
) -> None:
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"format": "buccaneer-tournament/1", "games": [{"index": 0}]}))
    result = invoke(["replay", str(path), "--no-step"])
    assert result.exit_code == 2
    assert "record" in result.stderr
    assert "Traceback" not in result.output


# -- play: each human reads only its own seat's events -----------------------------------------


def test_play_shows_the_human_its_own_private_events_and_no_one_elses(
    invoke: Invoke, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    args = ["play", GAME, "--players", "2", "--seed", "21", "--save", str(save)]
    result = invoke(args, input="1\n" * 2000)
    assert result.exit_code == 0, result.output
    state = buccaneer.replay(GameRecord.from_json(save.read_text()))
    assert state.is_over()
    private = _private(state.log)
    assert any(e.visible(0) for e in private) and any(not e.visible(0) for e in private)
    for event in private:
        assert (event.text in result.stdout) == event.visible(0), event


def test_a_game_started_without_a_seed_gets_one_too_long_to_search(
    invoke: Invoke, tmp_path: Path
) -> None:
    """Issue 11, item 4: a seed fixes every hidden card, so `play` draws it from `secrets` with
    63 bits as `load()` does (it was 32 bits: a few billion seeds, searchable in hours)."""
    seeds = []
    for k in range(12):
        path = tmp_path / f"{k}.json"
        assert invoke(["play", GAME, "--save", str(path)], input="q\n").exit_code == 0
        seeds.append(GameRecord.from_json(path.read_text(encoding="utf-8")).seed)
    assert len(set(seeds)) == len(seeds)
    assert max(seeds) >= 1 << 40, "12 draws of 63 bits all below 2**40: p = 2**-276"
