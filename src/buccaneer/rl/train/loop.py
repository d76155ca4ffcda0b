"""The expert-iteration loop: imitate the heuristic, then guided search, checkpointing as it goes.

Iteration 0 plays `imitation_games` heuristic games; every later iteration plays `games` of
the network's own games with a share of decisions searched (`samples.py`). After each
iteration the network trains for `epochs` passes over the searched examples of the last
`window` iterations and at most `imitation_ratio` times as many of the heuristic's, its
policy is measured against the heuristic and random
(`evaluate.py`), and the run directory gets:

- `checkpoint.pt`: network, optimiser, configuration and history (written whole, then renamed);
- `samples-NNNN.npz`: each iteration's examples, written once and read back on `--resume`;
- `policy.npz`: the numpy weights the `learned` and `guided` agents play, and `best.npz`,
  those of the iteration whose policy did best against the heuristic;
- `curves.png` and `history.json`: the learning curves.

Every random choice of iteration k is seeded from (seed, k), and training runs on one thread,
so a run resumed from its checkpoint goes on exactly as the uninterrupted run would have.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from buccaneer.agents.network import WEIGHTS_FILE, Network, frame_of
from buccaneer.core.codec import make_codec
from buccaneer.core.errors import OptionError
from buccaneer.core.registry import get_spec, load
from buccaneer.core.rng import nth_seed
from buccaneer.rl.train.curves import plot_curves
from buccaneer.rl.train.evaluate import policy_win_rates
from buccaneer.rl.train.model import PolicyValueNet, from_weights, to_weights, torch
from buccaneer.rl.train.samples import Samples, Setting, Teacher, generate

CHECKPOINT = "checkpoint.pt"
CURVES = "curves.png"
HISTORY = "history.json"
BEST = "best.npz"

Progress = Callable[[str, int, int], None]
"""progress(what, done, total): told as each game or training pass completes."""


@dataclass
class Config:
    """A training run's settings (saved in its checkpoint; a resumed run keeps them)."""

    game: str
    players: list[int] = field(default_factory=lambda: [2])
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    hidden: int = 256
    imitation_games: int = 400
    explore: float = 0.1
    games: int = 40
    search_iterations: int = 64
    search_guided: bool = True  # the teacher's search: guided by the network, or plain ISMCTS
    label: float = 0.25
    hinted: bool = False  # the heuristic's choice is an input (agents/network.py)
    # Share of examples whose value is trained without the hint too: a search asks a seat's
    # value between its turns, where it has no choice to hint. Their policy is not trained:
    # a policy without its hint would have to learn the heuristic from scratch again.
    hint_dropout: float = 0.1
    # after iteration 0, the heuristic's examples kept per searched example (None: all)
    imitation_ratio: float | None = None
    epochs: int = 4
    batch: int = 256
    lr: float = 1e-3
    window: int = 4
    eval_games: int = 40
    eval_every: int = 1
    max_actions: int = 1500

    def check(self) -> None:
        spec = get_spec(self.game)
        for players in self.players:
            if players not in spec.player_counts:
                raise OptionError(
                    f"{self.game} is for {spec.min_players}-{spec.max_players} players, "
                    f"not {players}"
                )
        make_codec(self.game, self.players[0], **self.options)  # options checked here
        for name in ("imitation_games", "games", "search_iterations", "epochs", "batch"):
            if getattr(self, name) < 1:
                raise OptionError(f"{name} must be at least 1, got {getattr(self, name)}")
        if not 0 <= self.label <= 1 or not 0 <= self.explore <= 1:
            raise OptionError("label and explore must lie in 0..1")
        if not 0 <= self.hint_dropout <= 1:
            raise OptionError("hint_dropout must lie in 0..1")
        if self.imitation_ratio is not None and self.imitation_ratio < 0:
            raise OptionError(f"imitation_ratio must be 0 or more, got {self.imitation_ratio}")


class Trainer:
    """One run in one directory: `run(iterations=, minutes=)` goes on from wherever it stands."""

    def __init__(
        self, config: Config, out: Path, *, resume: bool = False, workers: int = 1
    ) -> None:
        torch.set_num_threads(1)
        if workers < 1:
            raise OptionError(f"workers must be at least 1, got {workers}")
        self.workers = workers
        out.mkdir(parents=True, exist_ok=True)
        self.out = out
        checkpoint = out / CHECKPOINT
        if resume:
            if not checkpoint.is_file():
                raise OptionError(f"--resume: there is no {CHECKPOINT} in {out}")
            saved = torch.load(checkpoint, weights_only=False)
            config = Config(**saved["config"])
        elif checkpoint.is_file():
            raise OptionError(f"{out} already holds a run: give --resume, or another --out")
        config.check()
        self.config = config
        view = load(config.game, config.players[0], seed=0, **config.options).view(0)
        frame = frame_of(config.game, config.players[0], view)
        self.size, self.actions = frame.size, frame.num_actions
        torch.manual_seed(config.seed)
        self.net = PolicyValueNet(self.size, self.actions, config.hidden, hinted=config.hinted)
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=config.lr)
        self.iteration = 0  # iterations done
        self.history: list[dict[str, Any]] = []
        if resume:
            self.net.load_state_dict(saved["model"])
            self.optimizer.load_state_dict(saved["optimizer"])
            self.iteration = saved["iteration"]
            self.history = saved["history"]

    # -- the loop ------------------------------------------------------------------------------

    def run(
        self,
        iterations: int | None = None,
        minutes: float | None = None,
        progress: Progress | None = None,
    ) -> list[dict[str, Any]]:
        """Up to `iterations` more iterations, stopping after the one that passes `minutes`."""
        started = time.monotonic()
        done = 0
        while iterations is None or done < iterations:
            if minutes is not None and time.monotonic() - started >= 60 * minutes:
                break
            self.step(progress)
            done += 1
        return self.history

    def step(self, progress: Progress | None = None) -> dict[str, Any]:
        """One iteration: play, train, measure, save."""
        c, k = self.config, self.iteration
        began = time.monotonic()
        seed = nth_seed(c.seed, 1_000_003 * (k + 1))
        games = c.imitation_games if k == 0 else c.games
        what = "imitating the heuristic" if k == 0 else "guided search"

        def tick(_: int, count: list[int] = [0]) -> None:  # noqa: B006 (a counter)
            count[0] += 1
            if progress is not None:
                progress(f"iteration {k}: {what}", count[0], games)

        setting = Setting(c.game, c.players, c.options, self.size, self.actions, c.max_actions)
        if k == 0:
            teacher = Teacher("imitation", explore=c.explore)
        else:
            teacher = Teacher(
                "search",
                iterations=c.search_iterations,
                label=c.label,
                weights=self.weights(),
                guided=c.search_guided,
            )
        samples = generate(setting, teacher, games, seed, workers=self.workers, progress=tick)
        samples.save(self.out / f"samples-{k:04d}.npz")
        losses = self.train(k, progress)
        row: dict[str, Any] = {"iteration": k, "examples": len(samples), **losses}
        if c.eval_games and (k % c.eval_every == 0):
            if progress is not None:
                progress(f"iteration {k}: measuring", 0, 1)
            rates = policy_win_rates(c.game, c.players[0], self.network(), c.eval_games, c.options)
            row.update({f"vs_{name}": rate for name, rate in rates.items()})
        row["seconds"] = round(time.monotonic() - began, 1)
        best = max((r.get("vs_heuristic", -1.0) for r in self.history), default=-1.0)
        self.history.append(row)
        self.iteration = k + 1
        self.save()
        if row.get("vs_heuristic", -1.0) > best:  # the strongest so far, as measured
            self.weights().save(self.out / BEST)
        return row

    def train(self, k: int, progress: Progress | None) -> dict[str, float]:
        """`epochs` passes over the last `window` iterations' searched examples and some of
        the heuristic's."""
        c = self.config
        order_rng = np.random.default_rng([c.seed, k])
        # The heuristic's examples stay: a few hundred searched decisions an iteration alone
        # are too few, and a network trained on them forgot how to play (measured: 20%
        # against the heuristic fell to 0% once iteration 0 left the window). With
        # `imitation_ratio`, at most that many of them per searched example, so hundreds of
        # thousands of them neither drown what search teaches nor take most of the time.
        searched = [
            Samples.load(self.out / f"samples-{i:04d}.npz")
            for i in range(max(1, k + 1 - c.window), k + 1)
        ]
        imitated = Samples.load(self.out / "samples-0000.npz")
        count = sum(len(part) for part in searched)
        ratio = c.imitation_ratio
        if searched and ratio is not None and len(imitated) > ratio * count:
            rows = order_rng.permutation(len(imitated))[: int(ratio * count)]
            imitated = imitated.take(np.sort(rows))
        data = Samples.join([imitated, *searched])
        torch.manual_seed(nth_seed(c.seed, k))
        obs = torch.from_numpy(data.observations.astype(np.float32))
        masks = torch.from_numpy(data.masks)
        targets = torch.from_numpy(data.targets.astype(np.float32))
        rewards = torch.from_numpy(data.rewards)
        dropped = (
            order_rng.random(len(data)) < c.hint_dropout
            if c.hinted
            else np.zeros(len(data), dtype=np.bool_)
        )
        hints = torch.from_numpy(np.where(dropped, -1, data.hints).astype(np.int64))
        taught = torch.from_numpy(~dropped).float()  # the examples whose policy is trained
        policy_total = value_total = 0.0
        batches = 0
        self.net.train()
        for epoch in range(c.epochs):
            order = torch.from_numpy(order_rng.permutation(len(data)))
            policy_total = value_total = 0.0
            batches = 0
            for start in range(0, len(data), c.batch):
                idx = order[start : start + c.batch]
                logits, value = self.net(obs[idx], hints[idx])
                logits = logits.masked_fill(~masks[idx], -1e9)
                each = -(targets[idx] * torch.log_softmax(logits, -1)).sum(-1)
                policy_loss = (each * taught[idx]).sum() / taught[idx].sum().clamp(min=1.0)
                value_loss = torch.nn.functional.binary_cross_entropy_with_logits(
                    value, rewards[idx]
                )
                loss = policy_loss + value_loss
                self.optimizer.zero_grad()
                loss.backward()  # type: ignore[no-untyped-call]
                self.optimizer.step()
                policy_total += policy_loss.item()
                value_total += value_loss.item()
                batches += 1
            if progress is not None:
                progress(f"iteration {k}: training", epoch + 1, c.epochs)
        self.net.eval()
        return {
            "policy_loss": policy_total / max(batches, 1),
            "value_loss": value_total / max(batches, 1),
        }

    # -- what a run leaves -----------------------------------------------------------------------

    def network(self) -> Network:
        return Network(self.weights())

    def weights(self) -> Any:
        meta = {
            "game": self.config.game,
            "players": self.config.players,
            "options": self.config.options,
            "iterations": self.iteration,
            "seconds": round(sum(row["seconds"] for row in self.history), 1),
        }
        return to_weights(self.net, meta)

    def save(self) -> None:
        state = {
            "config": asdict(self.config),
            "model": self.net.state_dict(),
            "optimizer": self.optimizer.state_dict(),
            "iteration": self.iteration,
            "history": self.history,
        }
        part = self.out / (CHECKPOINT + ".part")
        torch.save(state, part)
        part.replace(self.out / CHECKPOINT)
        self.weights().save(self.out / WEIGHTS_FILE)
        (self.out / HISTORY).write_text(json.dumps(self.history, indent=1) + "\n")
        plot_curves(self.history, self.out / CURVES, f"{self.config.game}: expert iteration")


def reload(path: Path) -> PolicyValueNet:
    """The torch network of an exported weights file (import half of the round trip)."""
    from buccaneer.agents.network import read_weights  # noqa: PLC0415

    return from_weights(read_weights(path))
