"""`buccaneer ladder`: a tiny ladder writes every output, resumes to the same figures, refuses
bad input before writing anything, and its head-to-head table is a recount of its games."""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from pathlib import Path

import pytest

from buccaneer import agents
from buccaneer.sim.ladder_run import OUTPUTS
from tests.cli.conftest import Invoke

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
FIELD = "random,heuristic,ismcts:iterations=1"
TINY = ["ladder", "cartagena", "--agents", FIELD, "-p", "2..3", "-n", "2", "--seed", "5"]
SCHEDULED = 12  # 2 players: 3 pairs, 3 players: 3 tables (all three agents); 2 games each


@pytest.fixture(scope="module")
def ladder_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One tiny ladder, played once for the tests that read it."""
    from typer.testing import CliRunner  # noqa: PLC0415

    from buccaneer.cli import app  # noqa: PLC0415

    out = tmp_path_factory.mktemp("ladder") / "run"
    result = CliRunner().invoke(app, [*TINY, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert f"{SCHEDULED} games played now, 0 kept from before" in result.stdout
    assert f"{SCHEDULED} games (cartagena {SCHEDULED}); {SCHEDULED} to play" in result.stderr
    return out


def _ratings(folder: Path) -> dict[str, object]:
    data = json.loads((folder / "ladder.json").read_text())
    return {game: report["ratings"] for game, report in data["results"].items()}


def test_every_output_is_written(ladder_dir: Path) -> None:
    for name in (*OUTPUTS, "settings.json", "games.jsonl"):
        assert (ladder_dir / name).stat().st_size > 0, name
    assert (ladder_dir / "ratings.png").read_bytes().startswith(PNG_MAGIC)
    data = json.loads((ladder_dir / "ladder.json").read_text())
    assert data["played"] == data["scheduled"] == SCHEDULED
    assert data["command"].startswith("buccaneer ladder cartagena --agents")
    assert data["machine"]["cores"] >= 1 and data["machine"]["python"]
    ratings = data["results"]["cartagena"]["ratings"]
    assert set(ratings) == {"all", "2", "3"}
    for entry in ratings["all"].values():
        low, high = entry["ci95"]
        assert low < entry["mu"] < high
        assert entry["ordinal"] == pytest.approx(entry["mu"] - 3 * entry["sigma"])
    assert len((ladder_dir / "games.jsonl").read_text().splitlines()) == SCHEDULED
    levels_json = json.loads((ladder_dir / "levels.json").read_text())
    assert levels_json["ladder"]["command"] == data["command"]
    assert levels_json["ladder"]["machine"] == data["machine"]
    levels = levels_json["games"]["cartagena"]
    assert levels[0]["name"] == "beginner" and levels[-1]["name"] == "strongest"
    assert [lv["mu"] for lv in levels] == sorted(lv["mu"] for lv in levels)
    summary = (ladder_dir / "ladder.md").read_text()
    assert data["command"] in summary and "cores" in summary and "| `heuristic` |" in summary
    for block in summary.split("\n\n"):  # every Markdown table is rectangular
        rows = [line for line in block.splitlines() if line.startswith("|")]
        assert len({row.count(" | ") for row in rows if "---" not in row}) <= 1, block


def test_a_rerun_plays_nothing_and_gives_the_same_ratings(invoke: Invoke, ladder_dir: Path) -> None:
    before = (ladder_dir / "games.jsonl").read_bytes()
    ratings = _ratings(ladder_dir)
    result = invoke([*TINY, "--out", str(ladder_dir)])
    assert result.exit_code == 0, result.output
    assert f"0 games played now, {SCHEDULED} kept from before" in result.stdout
    assert (ladder_dir / "games.jsonl").read_bytes() == before
    assert _ratings(ladder_dir) == ratings


def test_an_interrupted_ladder_resumes_to_the_same_figures(
    invoke: Invoke, ladder_dir: Path, tmp_path: Path
) -> None:
    """Five games kept and a sixth cut short by a crash: the rest is played, and the figures
    are those of the uninterrupted run (the agents play by iterations, not time)."""
    out = tmp_path / "cut"
    out.mkdir()
    (out / "settings.json").write_bytes((ladder_dir / "settings.json").read_bytes())
    lines = (ladder_dir / "games.jsonl").read_text().splitlines()
    (out / "games.jsonl").write_text("\n".join(lines[:5]) + "\n" + lines[5][:40])
    result = invoke([*TINY, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert f"{SCHEDULED - 5} games played now, 5 kept from before" in result.stdout
    assert _ratings(out) == _ratings(ladder_dir)


def test_head_to_head_is_a_recount_of_the_games_csv(ladder_dir: Path) -> None:
    seats: dict[tuple[str, str], list[dict[str, str]]] = defaultdict(list)
    with (ladder_dir / "games.csv").open() as handle:
        for row in csv.DictReader(handle):
            seats[(row["game"], row["index"])].append(row)
    assert len(seats) == SCHEDULED
    tally: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for rows in seats.values():
        for a in {r["agent"] for r in rows}:
            for b in {r["agent"] for r in rows} - {a}:
                mine = [int(r["rank"]) for r in rows if r["agent"] == a]
                theirs = [int(r["rank"]) for r in rows if r["agent"] == b]
                pairs = [(x, y) for x in mine for y in theirs]
                share = sum(1.0 if x < y else 0.5 if x == y else 0.0 for x, y in pairs)
                for key in ("all", rows[0]["players"]):
                    tally[(key, a, b)][0] += share / len(pairs)
                    tally[(key, a, b)][1] += 1
    with (ladder_dir / "head_to_head.csv").open() as handle:
        table = list(csv.DictReader(handle))
    assert len(table) == 3 * 6  # all, 2 and 3 players; 3 agents, 6 ordered pairs
    for row in table:
        wins, games = tally[(row["players"], row["row"], row["column"])]
        assert int(row["games"]) == games > 0
        assert float(row["wins"]) == pytest.approx(wins)
        assert float(row["low95"]) <= float(row["win_rate"]) <= float(row["high95"])


def test_another_ladder_in_the_same_folder_is_refused(invoke: Invoke, ladder_dir: Path) -> None:
    before = (ladder_dir / "games.jsonl").read_bytes()
    args = [*TINY[:-1], "6", "--out", str(ladder_dir)]  # another seed
    result = invoke(args)
    assert result.exit_code == 2, result.output
    assert "other settings (seed differ)" in result.stderr
    assert (ladder_dir / "games.jsonl").read_bytes() == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cartagena", "--agents", "random,alphago"], "unknown agent 'alphago'"),
        (["cartagena", "--agents", "random,ismcts:depth=2"], "no parameter depth"),
        (["cartagena", "--agents", "random"], "at least two agents"),
        (["cartagena", "--agents", "random,random"], "twice"),
        (["cartagena", "--agents", "random,human"], "agents only"),
        (["chess", "--agents", "random,heuristic"], "unknown game 'chess'"),
        (["cartagena", "--agents", "random,heuristic", "-p", "6"], "2-5 players, not 6"),
        (["cartagena", "tortuga", "--agents", "random,heuristic", "-p", "5"], "2-4 players, not 5"),
        (["cartagena", "--agents", "random,heuristic", "-p", "3..2"], "backwards"),
        (["cartagena", "--agents", "random,heuristic", "-p", "many"], "write a count (3)"),
        (["cartagena", "--agents", "random,heuristic", "-n", "0"], "-n must be at least 1"),
        (["cartagena", "--agents", "random,heuristic", "-w", "0"], "at least 1"),
        (["cartagena", "--agents", "random,heuristic", "--variant", "havana"], "'havana'"),
        (["cartagena", "tortuga", "--agents", "random,heuristic", "--variant", "x"], "one GAME"),
    ],
)
def test_mistakes_are_one_red_line_and_write_nothing(
    invoke: Invoke, tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "never"
    result = invoke(["ladder", *args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert not out.exists()


def test_an_agent_without_its_weights_is_refused_before_any_game(
    invoke: Invoke, tmp_path: Path
) -> None:
    if "learned" not in agents.available():
        pytest.skip("no learned agent registered")
    out = tmp_path / "never"
    field = f"random,learned:weights={tmp_path / 'none.npz'}"
    result = invoke(["ladder", "cartagena", "--agents", field, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert "cannot play cartagena" in result.stderr and "no policy file" in result.stderr
    assert not out.exists()


def test_the_default_field_adds_the_learned_agents_only_where_they_play() -> None:
    from buccaneer.agents.spec import parse_agent  # noqa: PLC0415
    from buccaneer.cli_support.ladder import plays, standard_field  # noqa: PLC0415
    from buccaneer.sim.ladder import LEARNED, STANDARD  # noqa: PLC0415

    field = [spec.label() for spec in standard_field("cartagena")]
    assert field[: len(STANDARD)] == [*STANDARD]
    assert STANDARD[2:] == ("ismcts:iterations=10", "ismcts:iterations=40", "ismcts:iterations=160")
    for text in LEARNED:
        name = text.partition(":")[0]
        usable = name in agents.available() and plays(parse_agent(text), "cartagena") is None
        assert (text in field) == usable


def test_a_variant_is_played_and_recorded(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "variant"
    args = ["ladder", "cartagena", "--variant", "tortuga", "--agents", "random,heuristic"]
    result = invoke([*args, "-p", "2", "-n", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    settings = json.loads((out / "settings.json").read_text())
    assert settings["games"]["cartagena"]["options"] == {"variant": "tortuga"}
    first = json.loads((out / "games.jsonl").read_text().splitlines()[0])
    assert first["record"]["options"]["variant"] == "tortuga"
    assert "--variant tortuga" in json.loads((out / "ladder.json").read_text())["command"]


def test_a_ladder_game_replays_from_games_jsonl(invoke: Invoke, ladder_dir: Path) -> None:
    lines = (ladder_dir / "games.jsonl").read_text().splitlines()
    last = json.loads(lines[-1])
    result = invoke(["replay", str(ladder_dir / "games.jsonl"), "--index", str(len(lines) - 1)])
    assert result.exit_code == 0, result.output
    assert f"Seed {last['seed']}." in result.stdout
    assert "Game over" in result.stdout
