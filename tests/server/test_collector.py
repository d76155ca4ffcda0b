"""The server's garbage-collector policy (`collector.py`): what lives through an interval is
frozen out of the collector's sight, a reference cycle among frozen objects is still freed by
the next full pass (memory stays bounded), and only the server's own processes do this."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from buccaneer.server.app import app_from_env, create_app
from buccaneer.server.collector import Collector
from buccaneer.server.settings import ENV, Settings


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def thawed() -> Iterator[None]:
    """This test process's collector as it was: nothing left frozen afterwards."""
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.collect()


def make_cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_a_tick_freezes_and_a_full_pass_frees_frozen_cycles(thawed: None) -> None:
    collector = Collector(freeze_every=10.0, full_every=3600.0)
    held = [make_cycle() for _ in range(3)]
    alive = [ref() for ref in held]  # kept alive through the tick: these get frozen
    collector.tick()
    assert gc.get_freeze_count() > 0
    del alive
    gc.collect()
    # Frozen, so no collection sees the cycles, though nothing refers to them any more.
    assert all(ref() is not None for ref in held)
    collector.tick()  # not yet time for a full pass
    gc.collect()
    assert all(ref() is not None for ref in held) and collector.full_passes == 0

    collector.full_every = 0.0
    collector.tick()
    assert collector.full_passes == 1
    assert all(ref() is None for ref in held)
    assert gc.get_freeze_count() > 0  # frozen again after the full pass


def test_young_garbage_is_collected_before_a_freeze(thawed: None) -> None:
    ref = make_cycle()  # garbage already: no one holds the cycle
    Collector(full_every=3600.0).tick()
    assert ref() is None


def test_only_the_servers_own_process_manages_the_collector(
    thawed: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'server.db'}")
    assert create_app(settings).state.server.collector is None
    monkeypatch.setenv(ENV, settings.resolved().to_env())
    app = app_from_env()
    assert isinstance(app.state.server.collector, Collector)
    assert gc.get_freeze_count() > 0
