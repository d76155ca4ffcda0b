"""`--ray ADDRESS`: the tournament's games run as Ray tasks on a cluster this test starts."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from buccaneer.sim import Entrant, plan, play
from tests.cli.conftest import Invoke

FIELD = "random,ismcts:iterations=2:rollout=random"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[str]:
    """A one-machine Ray cluster started the way a person would, with `ray start --head`."""
    ray = shutil.which("ray")
    assert ray is not None, "the `distributed` extra (Ray) is part of the test install"
    port = free_port()
    subprocess.run(
        [
            ray,
            "start",
            "--head",
            f"--port={port}",
            "--num-cpus=2",
            "--include-dashboard=false",
            "--disable-usage-stats",
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    try:
        yield f"127.0.0.1:{port}"
    finally:
        subprocess.run([ray, "stop", "--force"], check=False, capture_output=True, timeout=120)


def test_the_cluster_plays_the_same_games_as_this_process(
    invoke: Invoke, tmp_path: Path, ray_cluster: str
) -> None:
    args = ["tournament", "cartagena", "--bots", FIELD, "-n", "4", "--seed", "3"]
    result = invoke([*args, "--ray", ray_cluster, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["backend"] == f"ray:{ray_cluster}" and data["played"] == 4

    field = [Entrant("random", "random"), Entrant(FIELD.split(",")[1], "ismcts")]
    field[1] = Entrant(field[1].label, "ismcts", {"iterations": 2, "rollout": "random"})
    here = play(
        plan(game="cartagena", entrants=field, player_counts=[2], games=4, seed=3, options={})
    )
    expected = sorted((r.index, list(r.seats), list(r.winners)) for r in here.results)
    got = sorted((g["index"], g["seats"], g["winners"]) for g in data["games"])
    assert got == expected


def test_an_unreachable_cluster_is_a_clear_error(invoke: Invoke, tmp_path: Path) -> None:
    port = free_port()
    args = ["tournament", "cartagena", "--bots", FIELD, "-n", "1", "--out", str(tmp_path)]
    result = invoke([*args, "--ray", f"127.0.0.1:{port}"])
    assert result.exit_code == 2
    assert "cannot reach a Ray cluster" in result.stderr


def test_analyze_and_simulate_on_the_cluster_give_the_figures_of_this_process(
    invoke: Invoke, tmp_path: Path, ray_cluster: str
) -> None:
    """A sweep's chunks as Ray tasks: the same tables and figures as played here."""
    args = ["analyze", "cartagena", "-p", "2", "--bots", "heuristic", "--bots", "random",
            "-n", "30", "--seed", "5"]  # fmt: skip
    here = invoke([*args, "-w", "1", "--out", str(tmp_path / "here")])
    there = invoke([*args, "--ray", ray_cluster, "--out", str(tmp_path / "ray")])
    assert here.exit_code == there.exit_code == 0, there.output
    assert f"ray:{ray_cluster}" in there.stdout
    for name in ("games.csv", "seats.csv", "figures.json"):
        assert (tmp_path / "here" / name).read_text().replace(str(tmp_path / "here"), "") == (
            tmp_path / "ray" / name
        ).read_text().replace(str(tmp_path / "ray"), "")
    sim = ["simulate", "cartagena", "-p", "3", "-n", "2000", "--seed", "8", "--json"]
    local = json.loads(invoke([*sim, "-w", "1"]).stdout)
    remote = json.loads(invoke([*sim, "--ray", ray_cluster]).stdout)
    for key in ("games", "finished", "actions", "length", "seats"):
        assert local[key] == remote[key], key
