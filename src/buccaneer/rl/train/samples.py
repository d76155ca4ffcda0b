"""Training examples from whole games on this project's engines: whom to imitate, and who won.

An example is one decision of one seat: the seat's framed observation (`agents/network.py`),
the legal ids, the heuristic's choice there (the input of a hinted network), the
distribution to imitate and the reward the seat finally got (1 shared among the winners).
Two teachers:

- imitation: the game's heuristic bot plays every seat, with a small chance of a
  random move so that the examples also cover states the bot would not reach; the target is
  the bot's choice. Cheap, and a network that copies it starts near the heuristic's strength.
- search:  the network plays every seat (sampled from its policy), and a share of its
  decisions are searched by ISMCTS (guided by the same network, or plain ISMCTS with
  heuristic rollouts); the target is the search's visit distribution, and the search's
  choice is played. The states are the network's own
  (as in DAgger), the targets better than the network (expert iteration).

No torch here: the games run the numpy network, as the shipped agents do, in this process
or in worker processes (`generate`; each game depends only on the seed and its number).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from buccaneer.agents import make
from buccaneer.agents.ismcts import ISMCTSAgent
from buccaneer.agents.learned import LearnedAgent
from buccaneer.agents.network import Network, Weights, frame_of, hint_of
from buccaneer.core.registry import get_spec, load
from buccaneer.core.rng import nth_seed
from buccaneer.core.state import Action, State


@dataclass
class Samples:
    """Examples as arrays: observations (n, frame), legal masks and targets (n, actions),
    rewards (n,), the heuristic's choice (n,: a frame id, -1 where unknown)."""

    observations: npt.NDArray[np.float16]
    masks: npt.NDArray[np.bool_]
    targets: npt.NDArray[np.float16]
    rewards: npt.NDArray[np.float32]
    hints: npt.NDArray[np.int16]

    def __len__(self) -> int:
        return int(self.rewards.shape[0])

    def save(self, path: Any) -> None:
        np.savez_compressed(
            path,
            observations=self.observations,
            masks=self.masks,
            targets=self.targets,
            rewards=self.rewards,
            hints=self.hints,
        )

    @classmethod
    def load(cls, path: Any) -> Samples:
        """Examples saved by `save` (those of a run from before hints: every hint -1)."""
        with np.load(path, allow_pickle=False) as data:
            rewards = data["rewards"]
            hints = data["hints"] if "hints" in data else np.full(len(rewards), -1, np.int16)
            return cls(data["observations"], data["masks"], data["targets"], rewards, hints)

    @classmethod
    def join(cls, parts: list[Samples]) -> Samples:
        return cls(
            np.concatenate([p.observations for p in parts]),
            np.concatenate([p.masks for p in parts]),
            np.concatenate([p.targets for p in parts]),
            np.concatenate([p.rewards for p in parts]),
            np.concatenate([p.hints for p in parts]),
        )

    def take(self, rows: npt.NDArray[np.intp]) -> Samples:
        return Samples(
            self.observations[rows],
            self.masks[rows],
            self.targets[rows],
            self.rewards[rows],
            self.hints[rows],
        )


class _Recorder:
    """Collects one game's examples until its result is known."""

    def __init__(self, size: int, actions: int) -> None:
        self.size, self.actions = size, actions
        self.rows: list[tuple[Any, Any, Any, int, int]] = []
        self.done: list[tuple[Any, Any, Any, float, int]] = []

    def add(
        self,
        state: State,
        seat: int,
        legal: list[Action],
        weights: list[float],
        hint: Action | None = None,
    ) -> None:
        """One decision: `weights` over `legal` is the target; `hint` the heuristic's choice
        (asked here when not given)."""
        view = state.view(seat)
        frame = frame_of(state.game, state.players, view)
        ids = frame.action_ids(legal)
        hinted = int(frame.action_ids([hint_of(state, seat) if hint is None else hint])[0])
        mask = np.zeros(self.actions, dtype=np.bool_)
        mask[ids] = True
        target = np.zeros(self.actions, dtype=np.float32)
        total = sum(weights)
        for i, w in zip(ids, weights, strict=True):  # the run's own options: every id known
            target[i] += w / total
        self.rows.append((frame.observation(view), mask, target, seat, hinted))

    def finish(self, state: State) -> None:
        winners = state.winners() if state.is_over() else []
        share = 1.0 / len(winners) if winners else 0.0
        for obs, mask, target, seat, hinted in self.rows:
            self.done.append((obs, mask, target, share if seat in winners else 0.0, hinted))
        self.rows = []

    def samples(self) -> Samples:
        if not self.done:
            return Samples(
                np.zeros((0, self.size), np.float16),
                np.zeros((0, self.actions), np.bool_),
                np.zeros((0, self.actions), np.float16),
                np.zeros(0, np.float32),
                np.zeros(0, np.int16),
            )
        obs, masks, targets, rewards, hints = zip(*self.done, strict=True)
        return Samples(
            np.stack(obs).astype(np.float16),
            np.stack(masks),
            np.stack(targets).astype(np.float16),
            np.asarray(rewards, dtype=np.float32),
            np.asarray(hints, dtype=np.int16),
        )


Decide = Callable[[State, int, list[Action], random.Random, _Recorder], Action]
Tick = Callable[[int], None]
CHUNK = 4  # games per task when several worker processes play


@dataclass(frozen=True)
class Setting:
    """Which tables the games are played at, and the network frame's sizes."""

    game: str
    players: list[int]
    options: dict[str, Any]
    size: int
    actions: int
    max_actions: int = 1500  # a game still going after this many is cut: nobody won it


@dataclass(frozen=True)
class Teacher:
    """Who decides and who is imitated: "imitation" (the heuristic, `explore` of its moves
    replaced by random ones) or "search" (the network `weights`, `label` of its decisions
    searched by ISMCTS at `iterations` iterations, guided by the network when `guided`)."""

    kind: str
    explore: float = 0.1
    iterations: int = 64
    label: float = 0.25
    weights: Weights | None = None
    guided: bool = True

    def decider(self) -> Decide:
        if self.kind == "imitation":
            return _imitate(self.explore)
        assert self.weights is not None
        return _search(Network(self.weights), self.iterations, self.label, self.guided)


def _imitate(explore: float) -> Decide:
    heuristic = make("heuristic")

    def decide(
        state: State, seat: int, legal: list[Action], rng: random.Random, rec: _Recorder
    ) -> Action:
        chosen = heuristic.act(state, seat, rng)
        rec.add(state, seat, legal, [1.0 if a == chosen else 0.0 for a in legal], chosen)
        return legal[rng.randrange(len(legal))] if rng.random() < explore else chosen

    return decide


def _search(network: Network, iterations: int, label: float, guided: bool) -> Decide:
    policy = LearnedAgent(temperature=1.0, network=network)
    search = ISMCTSAgent(iterations=iterations, guide=network if guided else "none")

    def decide(
        state: State, seat: int, legal: list[Action], rng: random.Random, rec: _Recorder
    ) -> Action:
        if rng.random() >= label:
            return policy.act(state, seat, rng)
        chosen = search.act(state, seat, rng)
        visits = [float(v) for _, v in search.last_visits]
        if sum(visits) > 0:
            rec.add(state, seat, legal, visits)
        return chosen

    return decide


def play_games(
    setting: Setting,
    teacher: Teacher,
    indices: Sequence[int],
    seed: int,
    progress: Tick | None = None,
) -> Samples:
    """Games number `indices` of a series from `seed` (player counts taken in turn), recorded.
    Game g depends only on (seed, g), so any split of the series gives the same examples."""
    decide = teacher.decider()
    recorder = _Recorder(setting.size, setting.actions)
    game, players = setting.game, setting.players
    limit = min(get_spec(game).max_actions, setting.max_actions)
    for g in indices:
        state = load(game, players[g % len(players)], seed=nth_seed(seed, g), **setting.options)
        rng = random.Random(nth_seed(seed, g))
        steps = 0
        while not state.is_over() and steps < limit:
            movers = state.to_move()
            choices = []
            for mover in movers:
                legal = state.legal_actions(mover)
                action = legal[0] if len(legal) == 1 else decide(state, mover, legal, rng, recorder)
                choices.append((mover, action))
            for mover, action in choices:
                state.apply(mover, action)
                steps += 1
        recorder.finish(state)
        if progress is not None:
            progress(1)
    return recorder.samples()


def generate(
    setting: Setting,
    teacher: Teacher,
    games: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Tick | None = None,
) -> Samples:
    """`games` games' examples, in this process or over `workers` processes (same examples)."""
    if workers <= 1:
        return play_games(setting, teacher, range(games), seed, progress)
    chunks = [range(at, min(at + CHUNK, games)) for at in range(0, games, CHUNK)]
    parts = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for chunk, part in zip(
            chunks,
            pool.map(play_games, *zip(*[(setting, teacher, c, seed) for c in chunks], strict=True)),
            strict=True,
        ):
            parts.append(part)
            if progress is not None:
                progress(len(chunk))
    return Samples.join(parts)
