"""`buccaneer analyze`: the command's arguments made into settings, what it prints and writes,
and its refusals (each a clear message that changes nothing)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Invoke


def _figures(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / "figures.json").read_text())
    return data


def test_a_sweep_of_options_and_lineups_makes_one_setting_per_combination(
    invoke: Invoke, tmp_path: Path
) -> None:
    out = tmp_path / "a"
    result = invoke(
        ["analyze", "tortuga", "-p", "2,4", "-o", "long_game=false", "-o", "long_game=true",
         "--bots", "heuristic", "--bots", "random,heuristic", "-n", "4", "--seed", "7",
         "-w", "1", "--out", str(out)]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    figures = _figures(out)
    labels = [s["label"] for s in figures["settings"]]
    assert len(labels) == len(set(labels)) == 2 * 2 * 2
    assert "4 players · long_game=yes · random,heuristic,random,heuristic" in labels
    assert len(figures["comparisons"]) == 4  # long game against short, per count and lineup
    assert len(figures["luck"]) == 4  # the mixed lineup against the heuristic, likewise
    assert "The start player wins" in result.stdout
    assert f"Report: {out / 'report.html'}" in result.stdout.replace("\n", "")


def test_every_setting_is_played_on_the_same_seeds(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "a"
    result = invoke(
        ["analyze", "cartagena", "-p", "2", "--variant", "jamaica", "--variant", "tortuga",
         "--bots", "random", "-n", "30", "--seed", "11", "--out", str(out)]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = (out / "games.csv").read_text().splitlines()[1:]
    seeds: dict[str, list[str]] = {}
    for row in rows:
        cells = row.split(",")
        seeds.setdefault(cells[0], []).append(cells[4])
    assert next(iter(seeds.values())) == list(seeds.values())[1] == [str(11 + i) for i in range(30)]
    assert "threads:" in result.stdout  # the kernel's chunks on threads


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-p", "7"], "Cartagena is for 2-5 players, not 7"),
        (["--bots", "wizard"], "unknown agent 'wizard'"),
        (["-p", "3", "--bots", "random,heuristic"], "cannot go round a table of 3"),
        (["-o", "variant=jamaica", "-o", "variant=jamaica"], "given twice"),
        (["-o", "variant=atlantis"], "variant"),
        (["-o", "tunnel=2"], "has no option 'tunnel'"),
        (["--bots", "human"], "analyze plays bots only"),
    ],
)
def test_bad_arguments_are_refused_in_words(
    invoke: Invoke, tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "a"
    result = invoke(["analyze", "cartagena", "-n", "2", "--out", str(out), *args])
    assert result.exit_code == 2
    assert message in result.output
    assert not out.exists()  # nothing written


def test_a_rerun_resumes_and_another_plan_in_the_same_folder_is_refused(
    invoke: Invoke, tmp_path: Path
) -> None:
    out = tmp_path / "a"
    base = ["analyze", "cartagena", "-p", "2", "--bots", "random", "--out", str(out)]
    assert invoke([*base, "-n", "20"]).exit_code == 0
    again = invoke([*base, "-n", "20"])
    assert again.exit_code == 0
    assert "0 games played" in again.stdout and "20 kept from before" in again.stdout
    other = invoke([*base, "-n", "30"])
    assert other.exit_code == 2
    assert "holds an analysis of other settings" in other.output
    fresh = invoke([*base, "-n", "30", "--fresh"])
    assert fresh.exit_code == 0
    assert _figures(out)["settings"][0]["games"] == 30
