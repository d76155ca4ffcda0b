"""`buccaneer train` (issue 24, point 2): a tiny run writes its checkpoint, curves and weights,
`--resume` goes on from it exactly, and the numpy network equals the torch one it came from."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import buccaneer
from buccaneer import agents
from buccaneer.agents.network import Network, read_weights
from buccaneer.cli import app
from buccaneer.core.registry import GAMES

torch = pytest.importorskip("torch")

from buccaneer.rl.train.loop import Config, Trainer, reload  # noqa: E402
from buccaneer.rl.train.model import PolicyValueNet, to_weights  # noqa: E402

GAME = "cartagena" if "cartagena" in GAMES else sorted(GAMES)[0]
TINY = [
    "--imitation-games", "3", "--games", "1", "--search-iterations", "4", "--label", "0.2",
    "--epochs", "1", "--hidden", "16", "--eval-games", "2", "--max-actions", "300",
]  # fmt: skip


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), catch_exceptions=False)
    return result.exit_code, result.output


@pytest.mark.parametrize("hinted", [False, True])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_numpy_inference_equals_the_torch_network(game: str, hinted: bool) -> None:
    torch.manual_seed(0)
    frame_size = read_frame(game)
    net = PolicyValueNet(*frame_size, hidden=32, hinted=hinted)
    if hinted:  # trained rows, not the zeros a fresh net starts from
        with torch.no_grad():
            net.hint_rows.weight[: frame_size[1]].normal_()
    weights = to_weights(net, {"game": game})
    assert weights.hinted == hinted
    x = np.random.default_rng(0).random((5, frame_size[0]), dtype=np.float32)
    hints = np.asarray([3, -1, 0, frame_size[1] - 1, 7], dtype=np.intp)
    with torch.no_grad():
        logits, value = net(torch.from_numpy(x), torch.from_numpy(hints))
    np_logits, np_value = weights.forward(x, hints)
    assert np.allclose(np_logits, logits.numpy(), atol=1e-5)
    assert np.allclose(np_value, torch.sigmoid(value).numpy(), atol=1e-5)


def read_frame(game: str) -> tuple[int, int]:
    from buccaneer.agents.network import Frame  # noqa: PLC0415

    frame = Frame(game, GAMES[game].min_players, {})
    return frame.size, frame.num_actions


def test_exported_weights_import_into_the_same_torch_network(tmp_path: Path) -> None:
    torch.manual_seed(1)
    size, actions = read_frame(GAME)
    net = PolicyValueNet(size, actions, hidden=8, hinted=True)
    with torch.no_grad():
        net.hint_rows.weight[:actions].normal_()
        net.hint_bonus.fill_(0.7)
    to_weights(net, {"game": GAME}).save(tmp_path / "policy.npz")
    again = reload(tmp_path / "policy.npz")
    x, hints = torch.rand(4, size), torch.tensor([1, -1, 2, 0])
    with torch.no_grad():
        ours, theirs = net(x, hints), again(x, hints)
        assert torch.allclose(ours[0], theirs[0]) and torch.allclose(ours[1], theirs[1])


def test_a_tiny_run_checkpoints_resumes_and_exports(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, text = invoke("train", GAME, "--iterations", "1", "--out", str(out), *TINY)
    assert code == 0, text
    for name in ("checkpoint.pt", "policy.npz", "curves.png", "history.json", "samples-0000.npz"):
        assert (out / name).is_file(), name
    code, text = invoke("train", GAME, "--iterations", "1", "--out", str(out), "--resume")
    assert code == 0, text
    history = json.loads((out / "history.json").read_text())
    assert [row["iteration"] for row in history] == [0, 1]
    assert "vs_heuristic" in history[1] and (out / "samples-0001.npz").is_file()
    # the exported weights play legal moves with numpy alone (barely trained, they may
    # wander, so only the first 200 actions are played)
    bot = agents.make("learned", weights=str(out / "policy.npz"))
    state = buccaneer.load(GAME, 2, seed=5)
    rng = random.Random(0)
    for _ in range(200):
        if state.is_over():
            break
        for seat in state.to_move():
            action = bot.act(state, seat, rng)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
    assert read_weights(out / "policy.npz").meta["iterations"] == 2


RESIDUAL = {"hinted": True, "search_guided": False, "imitation_ratio": 0.5, "window": 10}


@pytest.mark.parametrize("extra", [{}, RESIDUAL], ids=["plain", "hinted"])
def test_a_resumed_run_equals_an_uninterrupted_one(tmp_path: Path, extra: dict[str, Any]) -> None:
    def config() -> Config:
        return Config(
            game=GAME, imitation_games=3, games=1, search_iterations=4, label=0.2, epochs=1,
            hidden=16, eval_games=0, max_actions=300, **extra,
        )  # fmt: skip

    whole = Trainer(config(), tmp_path / "whole")
    whole.run(iterations=2)
    Trainer(config(), tmp_path / "parts").run(iterations=1)
    parts = Trainer(config(), tmp_path / "parts", resume=True)
    parts.run(iterations=1)
    a = read_weights(tmp_path / "whole" / "policy.npz")
    b = read_weights(tmp_path / "parts" / "policy.npz")
    assert np.array_equal(a.w0, b.w0) and np.array_equal(a.wp, b.wp)
    assert Network(a).weights.meta["iterations"] == 2
    assert a.hinted == b.hinted == bool(extra)
    if a.wh is not None and b.wh is not None:
        assert np.array_equal(a.wh, b.wh) and np.array_equal(a.bh, b.bh)  # type: ignore[arg-type]


def test_imitation_ratio_caps_the_heuristic_examples_a_later_iteration_trains_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(
        game=GAME, imitation_games=4, games=2, search_iterations=4, label=0.5, epochs=1,
        hidden=16, eval_games=0, max_actions=200, imitation_ratio=0.5, hinted=True,
    )  # fmt: skip
    trainer = Trainer(config, tmp_path / "run")
    seen: list[int] = []
    real = torch.from_numpy

    def spy(array: Any) -> Any:
        if array.ndim == 2 and array.dtype == np.float32:  # the observations
            seen.append(int(array.shape[0]))
        return real(array)

    monkeypatch.setattr(torch, "from_numpy", spy)  # counts the rows each training pass gets
    trainer.run(iterations=2)
    from buccaneer.rl.train.samples import Samples  # noqa: PLC0415

    imitated = len(Samples.load(tmp_path / "run" / "samples-0000.npz"))
    searched = len(Samples.load(tmp_path / "run" / "samples-0001.npz"))
    assert searched > 0 and imitated > searched
    assert seen[0] == imitated  # iteration 0: all of them
    assert seen[-1] == searched + int(0.5 * searched)  # iteration 1: half as many as searched
    trained = read_weights(tmp_path / "run" / "policy.npz")
    assert trained.hinted and trained.meta["hint"] == "heuristic"


def test_a_bad_option_an_unknown_game_and_a_second_run_are_clear_errors(tmp_path: Path) -> None:
    code, text = invoke("train", "chess", "--iterations", "1", "--out", str(tmp_path / "a"))
    assert code == 2 and "chess" in text
    code, text = invoke("train", GAME, "--players", "1", "--iterations", "1")
    assert code == 2 and "not 1" in text
    code, text = invoke("train", GAME, "--players", "two", "--iterations", "1")
    assert code == 2 and "--players" in text
    code, text = invoke("train", GAME, "--out", str(tmp_path / "b"))
    assert code == 2 and "--minutes or --iterations" in text
    code, text = invoke("train", GAME, "-o", "colour=red", "--iterations", "1", "--out",
                        str(tmp_path / "c"))  # fmt: skip
    assert code == 2 and "colour" in text
    code, text = invoke("train", GAME, "--resume", "--iterations", "1", "--out", str(tmp_path))
    assert code == 2 and "checkpoint" in text
