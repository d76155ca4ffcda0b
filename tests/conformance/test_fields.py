"""Every field of every game's state is declared once, and `clone` and `snapshot` (derived from
the declaration by `buccaneer.core.fields`) cover all of them.

`snapshot` is what the "a refused action changes nothing" tests and the from_view and replay
tests compare, so a field it missed would let a rule bug through unseen. Here, for states met
along random games of every configuration:
- every attribute the state holds is a declared field (or the base protocol's bookkeeping);
- changing any one field that the snapshot holds changes the snapshot (only fields declared
  DERIVED, caches computed from the others, are left out of it);
- a clone has the same snapshot, and changing the clone's fields leaves the original's alone.
The checks are first run on a made-up state with each mistake planted, so a broken check
cannot pass every game.
"""

from __future__ import annotations

from typing import Annotated, Any, Self

import pytest

from buccaneer.core import State
from buccaneer.core.fields import BOOKKEEPING, DERIVED, Field, derive_copies
from buccaneer.core.rng import Rng
from tests.conformance.harness import CONFIGS, IDS, Config, playthrough


def held_attributes(state: State) -> set[str]:
    """The names of everything the object holds (slots that are set, and its __dict__)."""
    held = set(getattr(state, "__dict__", {}))
    for klass in type(state).__mro__:
        slots = getattr(klass, "__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if hasattr(state, name):
                held.add(name)
    return held


def fields_of(state: State) -> tuple[Field, ...]:
    fields: tuple[Field, ...] | None = getattr(type(state), "FIELDS", None)
    assert fields is not None, f"{type(state).__name__} is not made with @derive_copies"
    return fields


def undeclared(state: State) -> set[str]:
    """Attributes the state holds that no declaration names."""
    return held_attributes(state) - {f.name for f in fields_of(state)} - BOOKKEEPING


def changed(value: Any, copy: str = "x") -> Any:
    """A different value of the same shape (so freezing it still works); `copy`, the field's
    copy expression, gives the shape of an entry of an empty list (a row, a map)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        return value + "~"
    if value is None:
        return -1
    if isinstance(value, tuple):
        return (*value, -99)
    if isinstance(value, frozenset):
        return value | {-99}
    if isinstance(value, bytearray):
        return value + b"\x01"
    if isinstance(value, Rng):
        twin = value.copy()
        twin.next64()
        return twin
    if isinstance(value, dict):
        key: Any = "~" if any(isinstance(k, str) for k in value) else -99
        return {**value, key: next(iter(value.values()), None)}
    if isinstance(value, list):
        if value:
            return [changed(value[0]), *value[1:]]
        return [[-99]] if "r[:]" in copy else [{-99: None}] if "dict(d)" in copy else [-99]
    raise AssertionError(f"no way to change a {type(value).__name__}")


def blind_fields(state: State) -> list[str]:
    """Fields the snapshot holds but does not see change."""
    before = state.snapshot()
    blind = []
    for field in fields_of(state):
        if not field.in_snapshot:
            continue
        twin = state.clone()
        setattr(twin, field.name, changed(getattr(twin, field.name), field.copy))
        if twin.snapshot() == before:
            blind.append(field.name)
    return blind


def shared_mutables(state: State) -> list[str]:
    """Mutable fields that a clone shares with the original (declared SHARED ones aside)."""
    twin = state.clone()
    found = []
    for field in fields_of(state):
        mine, its = getattr(state, field.name), getattr(twin, field.name)
        if field.copy == "x" or isinstance(mine, tuple | frozenset | str | int | float | bool):
            continue
        rows_shared = isinstance(mine, list) and any(
            a is b for a, b in zip(mine, its, strict=True) if isinstance(a, list | dict)
        )
        if mine is its or rows_shared:
            found.append(field.name)
    return found


# -- the checks on a made-up state with each mistake planted ----------------------------------


class _ToyFields(State):
    board: list[list[int]]
    turn: int
    cache: Annotated[bytearray, DERIVED]

    def to_move(self) -> tuple[int, ...]:
        return ()

    def legal_actions(self, seat: int) -> list[Any]:
        return []

    def apply(self, seat: int, action: Any) -> None:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def scores(self) -> list[float]:
        return []

    def winners(self) -> list[int]:
        return []

    def format_event(self, raw: tuple[Any, ...]) -> list[Any]:
        return []

    def determinize(self, seat: int | None, rng: Any) -> Self:
        return self

    def describe(self, action: Any, seat: int | None = None) -> str:
        return ""


@derive_copies
class _Toy(_ToyFields):
    @classmethod
    def make(cls) -> Self:
        toy = cls.__new__(cls)
        toy.players, toy.options, toy.seed, toy.rng = 2, {"a": 1}, 7, Rng(7)
        toy.board, toy.turn, toy.cache = [[1, 2], [3]], 0, bytearray(b"ab")
        toy._history, toy._replayable, toy._events, toy._log, toy._formatted = [], True, [], [], 0
        return toy


def test_the_checks_find_each_planted_mistake() -> None:
    toy = _Toy.make()
    assert undeclared(toy) == set() and blind_fields(toy) == [] and shared_mutables(toy) == []
    assert toy.clone().snapshot() == toy.snapshot()
    # An attribute nobody declared.
    toy.secret = 5  # type: ignore[attr-defined]
    assert undeclared(toy) == {"secret"}
    # A snapshot that misses a field.
    original = _Toy.snapshot
    try:
        _Toy.snapshot = lambda self: (self.board_frozen(),)  # type: ignore[method-assign,attr-defined]
        _Toy.board_frozen = lambda self: tuple(tuple(r) for r in self.board)  # type: ignore[attr-defined]
        assert set(blind_fields(_Toy.make())) == {"players", "options", "seed", "rng", "turn"}
    finally:
        _Toy.snapshot = original  # type: ignore[method-assign]
    # A clone that shares a row with its original.
    original_clone = _Toy.clone
    try:

        def shallow(self: _Toy) -> _Toy:
            twin = original_clone(self)
            twin.board = self.board[:]
            return twin

        _Toy.clone = shallow  # type: ignore[method-assign,assignment]
        assert shared_mutables(_Toy.make()) == ["board"]
    finally:
        _Toy.clone = original_clone  # type: ignore[method-assign]


def test_an_undeclarable_field_is_refused() -> None:
    class Odd(_ToyFields):
        things: set[int]

    with pytest.raises(TypeError, match="things"):
        derive_copies(Odd)  # type: ignore[type-abstract]


# -- every game --------------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_field_is_declared_and_covered(config: Config) -> None:
    # The game's own states, as play leaves them (a clone would hold only what `clone` copies,
    # so an undeclared field would be missing from it and go unseen).
    for seed in range(2):
        for step, state in enumerate(playthrough(config, seed)):
            if step % 9 or step > 100:
                continue
            assert undeclared(state) == set(), config.id
            assert blind_fields(state) == [], config.id
            assert shared_mutables(state) == [], config.id
            assert state.clone().snapshot() == state.snapshot(), config.id
