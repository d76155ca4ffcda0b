"""`buccaneer simulate`: many bot games, their summary, and the JSON Lines of records, on the
reference engine and (random agents only) on a game's compiled kernel."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import buccaneer
from buccaneer import agents
from buccaneer.agents import Agent, RandomAgent
from buccaneer.core import Action, GameRecord, State
from tests.cli.conftest import Invoke

GAME = "cartagena"


def _summary(invoke: Invoke, *args: str) -> dict[str, Any]:
    result = invoke(["simulate", GAME, *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


ENGINES = ["python", "compiled"]
PYTHON = ["--engine", "python"]


@pytest.mark.parametrize("engine", ENGINES)
def test_json_summary_agrees_with_the_saved_games(
    invoke: Invoke, tmp_path: Path, engine: str
) -> None:
    save = tmp_path / "games.jsonl"
    data = _summary(
        invoke,
        "-n",
        "20",
        "--players",
        "3",
        "--seed",
        "100",
        "--save",
        str(save),
        "--engine",
        engine,
    )
    assert data["engine"] == engine
    assert data["games"] == 20
    assert data["finished"] == 20
    assert data["unfinished"] == 0
    assert data["players"] == 3
    assert data["seed"] == 100

    lines = save.read_text().splitlines()
    assert len(lines) == 20
    wins = [0, 0, 0]
    lengths = []
    scores = [0.0, 0.0, 0.0]
    for i, line in enumerate(lines):
        record = GameRecord.from_json(line)
        assert record.seed == 100 + i
        state = buccaneer.replay(record)
        assert state.is_over()
        lengths.append(len(record.actions))
        for seat in state.winners():
            wins[seat] += 1
        scores = [a + b for a, b in zip(scores, state.scores(), strict=True)]

    seats = data["seats"]
    assert [s["wins"] for s in seats] == wins
    assert sum(wins) == 20  # one winner per game in this game
    assert [s["win_rate"] for s in seats] == [w / 20 for w in wins]
    assert [s["mean_score"] for s in seats] == [total / 20 for total in scores]
    assert data["length"] == {"mean": sum(lengths) / 20, "min": min(lengths), "max": max(lengths)}
    assert data["actions"] == sum(lengths)
    assert data["games_per_second"] > 0
    assert data["actions_per_second"] > 0


@pytest.mark.parametrize("engine", ENGINES)
def test_same_seed_same_games(invoke: Invoke, engine: str) -> None:
    first = _summary(invoke, "-n", "5", "--seed", "9", "--engine", engine)
    second = _summary(invoke, "-n", "5", "--seed", "9", "--engine", engine)
    assert first["seats"] == second["seats"]
    assert first["length"] == second["length"]


def test_the_summary_without_records_is_the_one_with_them(invoke: Invoke, tmp_path: Path) -> None:
    """The compiled engine's own count (no records asked for) agrees with the replayed games."""
    args = ["-n", "30", "--players", "4", "--seed", "77"]
    counted = _summary(invoke, *args)
    replayed = _summary(invoke, *args, "--save", str(tmp_path / "games.jsonl"))
    assert counted["engine"] == replayed["engine"] == "compiled"  # auto: every seat random
    for key in ("seats", "length", "actions", "finished"):
        assert counted[key] == replayed[key]


def test_auto_plays_other_agents_in_python(invoke: Invoke) -> None:
    assert _summary(invoke, "-n", "2", "--bots", "random,heuristic")["engine"] == "python"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["cartagena", "--bots", "random,heuristic"], "random agents only"),
        (["tortuga"], "tortuga has no compiled engine"),
    ],
)
def test_the_compiled_engine_refuses_what_it_cannot_play(
    invoke: Invoke, args: list[str], says: str
) -> None:
    result = invoke(["simulate", *args, "-n", "2", "--engine", "compiled"])
    assert result.exit_code != 0 and says in result.output
    assert "Traceback" not in result.output


def test_variant_and_bots_are_used(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "games.jsonl"
    data = _summary(
        invoke,
        "-n",
        "3",
        "--variant",
        "tortuga",
        "--bots",
        "random,random,random",
        "--save",
        str(save),
    )
    assert data["options"]["variant"] == "tortuga"
    assert data["players"] == 3  # as many as the bots named
    assert [s["agent"] for s in data["seats"]] == ["random", "random", "random"]
    for line in save.read_text().splitlines():
        assert GameRecord.from_json(line).options["variant"] == "tortuga"


@pytest.mark.parametrize("engine", ENGINES)
def test_games_over_the_action_limit_are_reported_unfinished(invoke: Invoke, engine: str) -> None:
    data = _summary(invoke, "-n", "4", "--max-actions", "10", "--seed", "1", "--engine", engine)
    assert data["games"] == 4
    assert data["unfinished"] == 4
    assert data["finished"] == 0
    assert data["actions"] == 40
    assert [s["wins"] for s in data["seats"]] == [0, 0]
    assert data["length"]["mean"] is None


def test_table_summary_for_people(invoke: Invoke) -> None:
    result = invoke(["simulate", GAME, "-n", "5", "--players", "4", "--seed", "3"])
    assert result.exit_code == 0, result.output
    for text in ("games/s", "actions/s", "length in actions", "win %", "mean score", "Green"):
        assert text in result.stdout


class _TiresAfter:
    """A random agent that presses Ctrl-C after a number of moves."""

    name = "tired"
    calls = 0

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.inner = RandomAgent()

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        _TiresAfter.calls += 1
        if _TiresAfter.calls > self.limit:
            raise KeyboardInterrupt
        return self.inner.act(state, seat, rng)


def test_ctrl_c_keeps_the_finished_games(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def make(name: str, **params: Any) -> Agent:
        return _TiresAfter(2000)

    monkeypatch.setattr(agents, "make", make)
    save = tmp_path / "games.jsonl"
    result = invoke(
        # --engine python: the agents are made and asked in Python only there, and in this
        # process only with one worker
        [
            "simulate",
            GAME,
            "-n",
            "50",
            "--seed",
            "4",
            "--save",
            str(save),
            "--json",
            *PYTHON,
            "-w",
            "1",
        ]
    )
    assert result.exit_code == 130
    assert "Interrupted after" in result.stderr
    data = json.loads(result.stdout)
    assert data["interrupted"] is True
    assert 0 < data["games"] < 50
    assert len(save.read_text().splitlines()) == data["games"]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_results_are_the_same_for_any_number_of_workers(invoke: Invoke, engine: str) -> None:
    """Game i is the game of seed + i on any worker: the totals cannot depend on who played it
    (a run cut into chunks played out of order by two workers)."""
    games = "40" if engine == "python" else "3000"
    one = _summary(invoke, "-n", games, "--seed", "17", "--engine", engine, "-w", "1")
    two = _summary(invoke, "-n", games, "--seed", "17", "--engine", engine, "-w", "2")
    for key in ("games", "finished", "actions", "length", "seats"):
        assert one[key] == two[key], key


def test_saved_games_are_in_game_order_with_two_workers(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "games.jsonl"
    invoke(["simulate", GAME, "-n", "30", "--seed", "5", "--save", str(save), "-w", "2"])
    seeds = [json.loads(line)["seed"] for line in save.read_text().splitlines()]
    assert seeds == list(range(5, 35))
