"""A game's learned policy and value, played with numpy alone (no torch at play time).

The network is a small MLP over the game's codec observation (`core.codec`): two ReLU layers,
a policy head of one logit per action id (illegal ids masked out before the softmax) and a
value head whose sigmoid is the seat's expected reward (1 shared among the winners, 0 for the
others: the reward ISMCTS backs up).

**One network per game, every player count.** The codecs of one game share their field names
and grow with the player count, and a smaller table's actions are a subset of the largest
table's (`tests/agents/test_network.py` checks both for every game). So a `Frame` writes every
field of a table's observation at the offset of that field in the largest table's layout
(zeros where a smaller table has fewer seats to encode), and reads the policy at the largest
table's id of each legal action. One file then plays every player count: what it learned at
one count transfers to the others where the meaning of a field does.

**The heuristic's choice is an input** (format 2, `meta["hint"] == "heuristic"`). A residual
policy (Silver et al. 2018, "Residual Policy Learning"): the game's heuristic bot is asked for
its move from the same view (microseconds; it reads only the view, so nothing is peeked), and
that action's id enters the network twice: as a learned vector added to the first layer
(`wh`, one row per action id), and as a learned bonus `bh` added to that action's logit. A
network that copies the heuristic then only has to learn that bonus, and all it learns from
search is *where to differ from it*, which an MLP copying the heuristic's card and square
arithmetic from scratch never reached (docs/bots.md). Weights without `wh` (format 1) play
as before.

The weights ship as `policy.npz` in the game's own package, found from the package that
defines the game's state class, so nothing here names a game. They are read on first use and
kept (`load_weights`); a game without the file raises `MissingWeights`, naming the command
that makes it.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from buccaneer.agents.heuristic import HeuristicAgent
from buccaneer.core.codec import Codec, make_codec
from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.registry import game_file, get_spec
from buccaneer.core.state import Action, State

FloatArray = npt.NDArray[np.float32]
WEIGHTS_FILE = "policy.npz"
FORMAT = 2
FORMATS = (1, 2)  # format 1: no hint arrays
LAYERS = ("w0", "b0", "w1", "b1", "wp", "bp", "wv", "bv")
HINT_LAYERS = ("wh", "bh")
HINT = "heuristic"  # the agent whose choice a hinted network takes as input


class MissingWeights(OptionError):
    """A game has no trained weights file (where they were looked for, and how to make one)."""


@dataclass(frozen=True)
class Weights:
    """The arrays of one trained network and what they were trained for.

    `w0` is (observation size, hidden), `w1` (hidden, hidden), `wp` (hidden, actions) and `wv`
    (hidden, 1), each with its bias; `meta` holds the game, the frame's sizes and the training
    run's summary (JSON-able). A hinted network also has `wh` (actions, hidden), the first
    layer's row for each hinted action id, and `bh` (1,), the hinted action's logit bonus."""

    w0: FloatArray
    b0: FloatArray
    w1: FloatArray
    b1: FloatArray
    wp: FloatArray
    bp: FloatArray
    wv: FloatArray
    bv: FloatArray
    meta: Mapping[str, Any]
    wh: FloatArray | None = None
    bh: FloatArray | None = None

    @property
    def hinted(self) -> bool:
        return self.wh is not None

    @property
    def observation_size(self) -> int:
        return int(self.w0.shape[0])

    @property
    def num_actions(self) -> int:
        return int(self.wp.shape[1])

    def forward(
        self, x: FloatArray, hints: npt.NDArray[np.intp] | None = None
    ) -> tuple[FloatArray, FloatArray]:
        """Logits (batch, actions) and values in 0..1 (batch,) for framed observations;
        `hints` (batch,) the hinted action ids of a hinted network (-1: none)."""
        first = x @ self.w0 + self.b0
        given = None
        if self.wh is not None and self.bh is not None and hints is not None:
            given = np.flatnonzero(hints >= 0)
            first[given] += self.wh[hints[given]]
        h = np.maximum(first, 0.0)
        h = np.maximum(h @ self.w1 + self.b1, 0.0)
        logits = h @ self.wp + self.bp
        if given is not None and self.bh is not None and hints is not None:
            logits[given, hints[given]] += self.bh[0]
        value = 1.0 / (1.0 + np.exp(-(h @ self.wv + self.bv)[..., 0]))
        return logits.astype(np.float32), value.astype(np.float32)

    def save(self, path: Path) -> None:
        names = (*LAYERS, *HINT_LAYERS) if self.hinted else LAYERS
        arrays: dict[str, Any] = {name: getattr(self, name) for name in names}
        arrays["meta"] = np.array(json.dumps(dict(self.meta), sort_keys=True))
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            np.savez_compressed(handle, **arrays)


def read_weights(path: Path | Any) -> Weights:
    """The weights in an `.npz` file written by `Weights.save` (no pickles are read)."""
    with np.load(path, allow_pickle=False) as data:
        missing = [name for name in (*LAYERS, "meta") if name not in data]
        if missing:
            raise OptionError(f"{path} is not a policy file: it lacks {', '.join(missing)}")
        meta = json.loads(str(data["meta"]))
        names = (*LAYERS, *HINT_LAYERS) if meta.get("hint") else LAYERS
        if any(name not in data for name in names):
            raise OptionError(f"{path} names the hint {meta.get('hint')!r} but lacks its arrays")
        arrays = {name: np.asarray(data[name], dtype=np.float32) for name in names}
    if meta.get("format") not in FORMATS:
        raise OptionError(
            f"{path} is a policy file of format {meta.get('format')}, not one of {FORMATS}"
        )
    if meta.get("hint") not in (None, HINT):
        raise OptionError(f"{path} takes the hint of {meta.get('hint')!r}; only {HINT!r} exists")
    return Weights(**arrays, meta=meta)


def weights_path(game: str) -> Any:
    """Where `game`'s shipped weights live: `policy.npz` in the package of its state class."""
    return game_file(game, WEIGHTS_FILE)


@functools.cache
def load_weights(game: str) -> Weights:
    """The shipped weights of `game`, read once per process."""
    path = weights_path(game)
    if not path.is_file():
        raise MissingWeights(
            f"{game} has no trained policy ({path} is missing); make one with "
            f"`buccaneer train {game} --out DIR` (needs the extra: pip install "
            f'"buccaneer[train]") and copy DIR/{WEIGHTS_FILE} there'
        )
    with importlib.resources.as_file(path) as file:
        return read_weights(file)


@functools.cache
def read_weights_file(path: str) -> Weights:
    """Weights from a file named by the caller (an agent's `weights=` parameter), read once."""
    file = Path(path)
    if not file.is_file():
        raise OptionError(f"no policy file at {path}")
    return read_weights(file)


class Frame:
    """One table's codec placed in the frame of the game's largest table (module docstring).

    `reference` are the options of the largest table (default: this table's own). Weights
    trained at other options still play: a field the reference lacks is left out, one longer
    there is cut to its length, and an action the reference lacks has no id (-1), so the
    network never prefers it over one it knows."""

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any],
        reference: Mapping[str, Any] | None = None,
    ) -> None:
        spec = get_spec(game)
        self.codec: Codec = make_codec(game, players, **options)
        given = options if reference is None else reference
        self.largest: Codec = make_codec(game, spec.max_players, **given)
        offsets = {}
        at = 0
        for field in self.largest.layout:
            offsets[field.name] = (at, field.size)
            at += field.size
        source: list[int] = []
        target: list[int] = []
        at = 0
        for field in self.codec.layout:
            start, size = offsets.get(field.name, (0, 0))
            kept = min(field.size, size)
            source.extend(range(at, at + kept))
            target.extend(range(start, start + kept))
            at += field.size
        self._source = np.asarray(source, dtype=np.intp)
        self._target = np.asarray(target, dtype=np.intp)
        self.size = self.largest.observation_size
        self.num_actions = self.largest.num_actions

    def observation(self, view: Mapping[str, Any]) -> FloatArray:
        framed = np.zeros(self.size, dtype=np.float32)
        framed[self._target] = self.codec.observation_tensor(view)[self._source]
        return framed

    def action_ids(self, actions: Sequence[Action]) -> npt.NDArray[np.intp]:
        """The frame ids of these actions (the largest table's ids; -1 where it has none)."""
        return np.fromiter((self._id(a) for a in actions), dtype=np.intp, count=len(actions))

    def _id(self, action: Action) -> int:
        try:
            return self.largest.action_to_id(action)
        except IllegalAction:
            return -1


@functools.cache
def frame_for(game: str, players: int, options_json: str, reference_json: str) -> Frame:
    reference = None if reference_json == "null" else json.loads(reference_json)
    return Frame(game, players, json.loads(options_json), reference)


def frame_of(
    game: str, players: int, view: Mapping[str, Any], reference: Mapping[str, Any] | None = None
) -> Frame:
    """The frame of the table a view was seen at (its options are part of every view), in
    the layout of the largest table at `reference` options (default: the view's own)."""
    return frame_for(
        game,
        players,
        json.dumps(view.get("options", {}), sort_keys=True),
        json.dumps(None if reference is None else dict(reference), sort_keys=True),
    )


UNKNOWN = -1e4  # the logit of an action the weights have no id for


def softmax(logits: FloatArray, temperature: float = 1.0) -> FloatArray:
    """Probabilities from logits; temperature 0 puts everything on the first largest."""
    if temperature == 0:
        probs = np.zeros_like(logits)
        probs[int(np.argmax(logits))] = 1.0
        return probs
    z = logits / temperature
    z = np.exp(z - z.max())
    result: FloatArray = (z / z.sum()).astype(np.float32)
    return result


@functools.cache
def _hint_agent() -> HeuristicAgent:
    return HeuristicAgent()


def hint_of(state: State, seat: int) -> Action:
    """The heuristic's choice for `seat`, its ties broken by a fixed rng: a function of the
    seat's view, the same at training and at play."""
    return _hint_agent().act(state, seat, random.Random(0))


class Network:
    """Weights with the frames they play through: what a state looks like to the net.

    `evaluate(state, seat)` reads only `view(seat)` and `legal_actions(seat)` (and a hinted
    network the heuristic's choice, which reads no more), the seat's own knowledge, so an
    agent built on it never peeks."""

    def __init__(self, weights: Weights) -> None:
        self.weights = weights

    def check(self, frame: Frame) -> None:
        if (frame.size, frame.num_actions) != (
            self.weights.observation_size,
            self.weights.num_actions,
        ):
            raise OptionError(
                f"these weights are for observations of {self.weights.observation_size} and "
                f"{self.weights.num_actions} actions; this table's frame has {frame.size} and "
                f"{frame.num_actions}: retrain with `buccaneer train`"
            )

    def observe(self, state: State, seat: int) -> tuple[Frame, FloatArray]:
        view = state.view(seat)
        reference = self.weights.meta.get("options", {})  # the options the net learned at
        frame = frame_of(state.game, state.players, view, reference)
        return frame, frame.observation(view)

    def hints(self, state: State, seat: int, frame: Frame) -> npt.NDArray[np.intp] | None:
        """The hinted action's frame id (a batch of one), or None for an unhinted network
        or a seat with nothing to decide (a value asked between its turns)."""
        if not self.weights.hinted or not state.legal_actions(seat):
            return None
        return frame.action_ids([hint_of(state, seat)])

    def evaluate(
        self, state: State, seat: int, actions: Sequence[Action]
    ) -> tuple[FloatArray, float]:
        """The logits of `actions` (in their order) and the seat's value, from its view."""
        frame, x = self.observe(state, seat)
        self.check(frame)
        logits, value = self.weights.forward(x[None, :], self.hints(state, seat, frame))
        ids = frame.action_ids(actions) if actions else np.zeros(0, dtype=np.intp)
        chosen = np.where(ids >= 0, logits[0, np.maximum(ids, 0)], UNKNOWN).astype(np.float32)
        return chosen, float(value[0])

    def value(self, state: State, seat: int) -> float:
        frame, x = self.observe(state, seat)
        return float(self.weights.forward(x[None, :], self.hints(state, seat, frame))[1][0])


def network_for(game: str, weights: str | None = None) -> Network:
    """The network of `game`: the shipped weights, or those in the file `weights`."""
    return Network(load_weights(game) if weights is None else read_weights_file(weights))


__all__ = [
    "FORMAT",
    "HINT",
    "WEIGHTS_FILE",
    "Frame",
    "MissingWeights",
    "Network",
    "Weights",
    "frame_of",
    "hint_of",
    "load_weights",
    "network_for",
    "read_weights",
    "softmax",
    "weights_path",
]
