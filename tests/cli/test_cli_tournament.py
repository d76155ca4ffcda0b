"""`buccaneer tournament`: the table, the JSON with every record, the PNG, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import buccaneer
from buccaneer.core import GameRecord
from tests.cli.conftest import Invoke

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
FIELD = "random,ismcts:iterations=2:rollout=random"


def test_table_json_and_plot(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["tournament", "cartagena", "--bots", FIELD, "-n", "3", "-p", "2..3", "--seed", "9"]
    result = invoke([*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "cartagena tournament" in result.stdout and "6 of 6 games" in result.stdout
    assert "95% interval" in result.stdout and "row beats column" in result.stdout
    data = json.loads((out / "results.json").read_text())
    assert data["played"] == 6 and data["players"] == [2, 3] and data["seed"] == 9
    assert [b["label"] for b in data["bots"]] == FIELD.split(",")
    first = data["games"][0]
    state = buccaneer.replay(GameRecord.from_dict(first["record"]))
    assert state.winners() == first["winners"]
    png = (out / "results.png").read_bytes()
    assert png.startswith(PNG_MAGIC) and len(png) > 10_000


def test_an_earlier_result_is_never_overwritten(invoke: Invoke, tmp_path: Path) -> None:
    (tmp_path / "results.json").write_text("{}")
    result = invoke(
        ["tournament", "cartagena", "--bots", "random,heuristic", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "already exists" in result.stderr
    assert (tmp_path / "results.json").read_text() == "{}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random"], "at least two bots"),
        (["--bots", "random,random"], "twice"),
        (["--bots", "random,human"], "bots only"),
        (["--bots", "random,alphago"], "unknown agent 'alphago'"),
        (["--bots", "random,ismcts:depth=2"], "no parameter depth"),
        (["--bots", "random,heuristic", "-p", "1..3"], "2-5 players, not 1"),
        (["--bots", "random,heuristic", "-p", "4..2"], "backwards"),
        (["--bots", "random,heuristic", "-p", "two"], "a range (2..4)"),
        (["--bots", "random,heuristic", "-o", "variant=havana"], "variant"),
    ],
)
def test_mistakes_are_one_red_line(
    invoke: Invoke, tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "never"
    result = invoke(["tournament", "cartagena", *args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert not (out / "results.json").exists()
