"""Fixed-size numbers for learning agents: every game's actions as ids, its views as a vector.

Reinforcement-learning libraries need a fixed action space (`Discrete(n)` plus a legal mask)
and a fixed-shape observation. Each game supplies a `Codec` subclass in its own folder,
built per player count and options (a 5-player table has more seats to encode and attack
than a 2-player one). The adapters in `buccaneer.rl` use only this interface, so they never
name a game.

The observation is built from `view(seat)` alone, the dictionary a player at that seat sees,
so a learning agent gets exactly what a human at that seat would, never hidden information.
Its layout is a list of named `Field`s. `Writer` checks every field's name and size as the
vector is built, so the layout tables in docs/environments.md (generated from `layout`)
cannot drift from the code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.options import validate_options
from buccaneer.core.registry import get_spec
from buccaneer.core.state import Action, State

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


@dataclass(frozen=True)
class Field:
    """One named stretch of the observation vector: `size` floats meaning `meaning`."""

    name: str
    size: int
    meaning: str


class Writer:
    """Appends an observation field by field, checking each against the layout."""

    __slots__ = ("_at", "_layout", "values")

    def __init__(self, layout: Sequence[Field]) -> None:
        self._layout = layout
        self._at = 0
        self.values: list[float] = []

    def put(self, name: str, values: Iterable[float]) -> None:
        field = self._layout[self._at]
        before = len(self.values)
        self.values.extend(values)
        if name != field.name or len(self.values) - before != field.size:
            raise AssertionError(
                f"observation field {self._at} should be {field.name!r} of size {field.size}, "
                f"got {name!r} of size {len(self.values) - before}"
            )
        self._at += 1

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        """`size` zeros with a 1 at `index` (none when `index` is None or out of range)."""
        row = [0.0] * size
        if index is not None and 0 <= index < size:
            row[index] = 1.0
        self.put(name, row)

    def scalar(self, name: str, value: float) -> None:
        self.put(name, (float(value),))

    def done(self) -> FloatArray:
        if self._at != len(self._layout):
            missing = ", ".join(f.name for f in self._layout[self._at :])
            raise AssertionError(f"observation fields not written: {missing}")
        return np.asarray(self.values, dtype=np.float32)


class Codec:
    """A game's action ids and observation vector for one player count and option set.

    Subclasses pass every action the game can ever offer at this table (`actions`, in id
    order) and the observation `layout`, and implement `encode(view, writer)`.
    """

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any],
        actions: Sequence[Action],
        layout: Sequence[Field],
    ) -> None:
        self.game = game
        self.players = players
        self.options = dict(options)
        self._actions = tuple(actions)
        self._ids = {action: i for i, action in enumerate(self._actions)}
        if len(self._ids) != len(self._actions):
            raise AssertionError(f"{game}: the action list repeats an action")
        self.layout = tuple(layout)
        self.num_actions = len(self._actions)
        self.observation_size = sum(field.size for field in self.layout)
        self.observation_shape = (self.observation_size,)

    def __deepcopy__(self, memo: dict[int, Any]) -> Codec:
        return self  # immutable once built: copies of a state that holds one share it

    # -- actions -------------------------------------------------------------------------------

    def action_to_id(self, action: Action) -> int:
        try:
            return self._ids[action]
        except (KeyError, TypeError):
            raise IllegalAction(
                f"{action!r} is not in {self.game}'s action space for {self.players} players"
            ) from None

    def id_to_action(self, action_id: int) -> Action:
        if isinstance(action_id, bool) or not isinstance(action_id, int | np.integer):
            raise IllegalAction(f"an action id must be an int, got {action_id!r}")
        if not 0 <= action_id < self.num_actions:
            raise IllegalAction(f"action id {action_id} is not in 0..{self.num_actions - 1}")
        return self._actions[int(action_id)]

    def legal_ids(self, state: State, seat: int) -> list[int]:
        """Ids of the seat's legal actions, in the order `legal_actions` gives them."""
        ids = self._ids
        return [ids[action] for action in state.legal_actions(seat)]

    def legal_mask(self, state: State, seat: int) -> MaskArray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[self.legal_ids(state, seat)] = 1
        return mask

    # -- observations --------------------------------------------------------------------------

    def observation_tensor(self, view: Mapping[str, Any]) -> FloatArray:
        """The fixed-shape vector for one seat's `view` (float32, shape `observation_shape`)."""
        writer = Writer(self.layout)
        self.encode(view, writer)
        return writer.done()

    def encode(self, view: Mapping[str, Any], writer: Writer) -> None:
        raise NotImplementedError

    def layout_table(self) -> str:
        """The layout as a markdown table (docs/environments.md holds these, test-checked)."""
        rows = ["| field | offset | size | meaning |", "|---|---|---|---|"]
        at = 0
        for field in self.layout:
            rows.append(f"| `{field.name}` | {at} | {field.size} | {field.meaning} |")
            at += field.size
        return "\n".join(rows)

    def field_slices(self) -> dict[str, slice]:
        """Where each field lies in the vector, by name (for tests and for reading tensors)."""
        slices, at = {}, 0
        for field in self.layout:
            slices[field.name] = slice(at, at + field.size)
            at += field.size
        return slices


def make_codec(game: str, players: int, **options: Any) -> Codec:
    """The codec of `game` for `players` seats and these options (validated like `load`)."""
    spec = get_spec(game)
    if isinstance(players, bool) or not isinstance(players, int):
        raise OptionError(f"players must be an int, got {players!r}")
    if players not in spec.player_counts:
        raise OptionError(
            f"{game} is for {spec.min_players}-{spec.max_players} players, not {players}"
        )
    if spec.codec is None:
        raise OptionError(f"{game} has no codec for learning agents yet")
    codec: Codec = spec.codec(players, validate_options(game, spec.options, options))
    return codec
