"""The typed contract to the browser holds: every view (each seat's and the spectator's) and every
log line's data, of seeded random games of every game, player count and variant, validate
against the game's pydantic models AND against the JSON Schema document the server serves
(`schema_document`, served by server/contracts.py; tests/server/test_contract_route.py checks the
route serves exactly it). The checkers are shown to fail on planted violations, and the
package's build environment is shown to hold what generating the client's types imports."""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import PackageNotFoundError, packages_distributions, requires
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from pydantic import ValidationError

import buccaneer
from buccaneer.core import GameSpec
from buccaneer.core.contract import (
    EventData,
    contract_refs,
    event_kind,
    event_models,
    schema_document,
)
from tests.conformance.harness import CONFIGS, IDS, Config, random_step

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = schema_document(buccaneer.GAMES.values())
SEEDS = (1,)
# A random game's views checked against the JSON Schema: one state in this many, and the end.
SCHEMA_EVERY = 3


class Checker:
    """One game's checks: a view or an event's data against its model and the document."""

    def __init__(self, spec: GameSpec, document: dict[str, Any]) -> None:
        assert spec.view_model is not None
        self.spec = spec
        self.view_model = spec.view_model
        self.models = event_models(spec)
        refs = contract_refs(document, spec.name)
        defs = document["$defs"]
        cls = jsonschema.Draft202012Validator
        self.view_schema = cls({"$ref": refs["view"], "$defs": defs})
        self.event_schema = cls({"$ref": refs["event"], "$defs": defs})
        # Each kind's schema, by the union's discriminator (jsonschema itself tries every
        # member of a oneOf, 50 times slower); a kind outside it meets the whole union.
        union = defs[refs["event"].split("/")[-1]]
        self.kind_schemas = {
            kind: cls({"$ref": ref, "$defs": defs})
            for kind, ref in union["discriminator"]["mapping"].items()
        }

    def view_problems(self, view: dict[str, Any], schema: bool = True) -> list[str]:
        """`schema=False`: against the model only (the schema is derived from it, and the
        pure-Python schema check costs twenty times the model's)."""
        problems = []
        try:
            self.view_model.model_validate(view)
        except ValidationError as exc:
            problems.append(f"model: {exc}")
        if not schema:
            return problems
        wire = json.loads(json.dumps(view))  # what the browser receives
        problems += [
            f"schema: {list(e.path)}: {e.message}" for e in self.view_schema.iter_errors(wire)
        ]
        return problems

    def event_problems(self, data: dict[str, Any]) -> list[str]:
        problems = []
        model = self.models.get(data.get("type"))  # type: ignore[arg-type]
        if model is None:
            problems.append(f"model: no event model for {data.get('type')!r}")
        else:
            try:
                model.model_validate(data)
            except ValidationError as exc:
                problems.append(f"model: {exc}")
        wire = json.loads(json.dumps(data))
        schema = self.kind_schemas.get(wire.get("type"), self.event_schema)
        problems += [f"schema: {e.message}" for e in schema.iter_errors(wire)]
        return problems


CHECKERS = {name: Checker(spec, DOCUMENT) for name, spec in buccaneer.GAMES.items()}


def event_types(spec: GameSpec) -> tuple[str, ...]:
    types: tuple[str, ...] = importlib.import_module(f"buccaneer.games.{spec.name}.log").EVENT_TYPES
    return types


def coverage_problems(spec: GameSpec, kinds: tuple[str, ...]) -> list[str]:
    """What a game's declared contract lacks: a view model, a model for each event kind."""
    problems = [] if spec.view_model is not None else ["no view model"]
    declared = set(event_models(spec))
    problems += [f"no event model for {kind!r}" for kind in kinds if kind not in declared]
    problems += [f"a model for {kind!r}, not an event kind" for kind in declared - set(kinds)]
    return problems


def games(config: Config, seeds: tuple[int, ...]) -> Iterator[Any]:
    """Every state of seeded random games (the same object, moved on)."""
    for seed in seeds:
        state = config.new(seed)
        rng = random.Random(seed)
        yield state
        while not state.is_over():
            random_step(state, rng)
            yield state


def test_the_document_is_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(DOCUMENT)
    assert set(DOCUMENT["properties"]) == set(buccaneer.GAMES)


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_every_game_declares_a_model_per_event_kind(game: str) -> None:
    spec = buccaneer.GAMES[game]
    assert coverage_problems(spec, event_types(spec)) == []


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_views_and_events_of_random_games_keep_the_contract(config: Config) -> None:
    checker = CHECKERS[config.spec.name]
    watchers: list[int | None] = [None, *range(config.players)]
    seen_kinds: set[str] = set()
    checked: set[str] = set()  # each distinct event's data once (public lines repeat per seat)
    for step, state in enumerate(games(config, SEEDS)):
        # Every view against its model, every third one (and the last) against the schema.
        schema = step % SCHEMA_EVERY == 0 or state.is_over()
        for seat in watchers:
            problems = checker.view_problems(state.view(seat), schema)
            assert not problems, (config.id, seat, problems[:3])
        if state.is_over():
            for seat in watchers:
                for event in state.log_for(seat):
                    text = json.dumps(event.data, sort_keys=True)
                    if text in checked:
                        continue
                    checked.add(text)
                    problems = checker.event_problems(event.data)
                    assert not problems, (config.id, seat, event.data, problems[:3])
                    seen_kinds.add(event.data["type"])
    assert seen_kinds  # the games wrote a log


# -- planted violations ------------------------------------------------------------------------


def a_view(game: str) -> dict[str, Any]:
    spec = buccaneer.GAMES[game]
    state = buccaneer.load(game, spec.min_players, seed=3)
    rng = random.Random(3)
    for _ in range(5):
        random_step(state, rng)
    return state.view(0)


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_a_view_with_an_extra_key_is_refused(game: str) -> None:
    checker = CHECKERS[game]
    view = a_view(game)
    assert checker.view_problems(view) == []
    problems = checker.view_problems({**view, "peek": [1, 2]})
    assert any(p.startswith("model:") for p in problems)
    assert any(p.startswith("schema:") and "peek" in p for p in problems)


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_a_view_with_a_wrong_type_is_refused(game: str) -> None:
    checker = CHECKERS[game]
    view = a_view(game)
    for wrong in ({"players": str(view["players"])}, {"seat": True}, {"to_move": None}):
        problems = checker.view_problems({**view, **wrong})
        assert any(p.startswith("model:") for p in problems), wrong
        assert any(p.startswith("schema:") for p in problems), wrong


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_a_missing_key_and_a_nested_wrong_type_are_refused(game: str) -> None:
    checker = CHECKERS[game]
    view = a_view(game)
    key = sorted(set(view) - {"game"})[-1]
    problems = checker.view_problems({k: v for k, v in view.items() if k != key})
    assert any(p.startswith("model:") for p in problems)
    assert any(p.startswith("schema:") for p in problems)
    options = {**view["options"], "start_player": 1.5}
    problems = checker.view_problems({**view, "options": options})
    assert any(p.startswith("model:") for p in problems)
    assert any(p.startswith("schema:") for p in problems)


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_an_event_kind_with_no_model_is_refused(game: str) -> None:
    checker = CHECKERS[game]
    problems = checker.event_problems({"type": "made_up", "seat": 0})
    assert "model: no event model for 'made_up'" in problems
    assert any(p.startswith("schema:") for p in problems)
    # A game whose contract leaves a kind of its log out is caught too.
    spec = buccaneer.GAMES[game]
    lacking = dataclasses.replace(spec, event_models=spec.event_models[1:])
    left_out = event_kind(spec.event_models[0])
    assert coverage_problems(lacking, event_types(spec)) == [f"no event model for {left_out!r}"]
    assert coverage_problems(dataclasses.replace(spec, view_model=None), event_types(spec)) == [
        "no view model"
    ]


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_an_event_with_an_extra_or_mistyped_key_is_refused(game: str) -> None:
    checker = CHECKERS[game]
    spec = buccaneer.GAMES[game]
    state = buccaneer.load(game, spec.min_players, seed=4)
    data = state.log_for(None)[0].data
    assert checker.event_problems(data) == []
    for planted in ({**data, "secret": 1}, {**data, "players": "2"}):
        problems = checker.event_problems(planted)
        assert any(p.startswith("model:") for p in problems), planted
        assert any(p.startswith("schema:") for p in problems), planted


def test_an_event_model_names_one_kind() -> None:
    class Loose(EventData):
        pass

    with pytest.raises(TypeError, match="Literal of one kind"):
        event_kind(Loose)


# -- the build environment ---------------------------------------------------------------------

# What the client's build runs to read the schema (web/scripts/generate-types.mjs).
GENERATE = "import sys; from buccaneer.core.contract import main; sys.exit(main([]))"
REPORT = (
    "import sys\n"
    "sys.stdout = open('/dev/null', 'w')\n"
    f"exec({GENERATE!r}.replace('sys.exit', 'int'))\n"
    "sys.stdout = sys.__stdout__\n"
    "names = {m.split('.')[0] for m in sys.modules} - set(sys.stdlib_module_names)\n"
    "print(' '.join(sorted(names)))\n"
)


def _closure(names: list[str]) -> set[str]:
    """The distributions `names` install, with their (unconditional) requirements."""
    found: set[str] = set()
    todo = [canonicalize_name(n) for n in names]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        try:
            wanted = requires(name) or []
        except PackageNotFoundError:
            continue
        for line in wanted:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(canonicalize_name(req.name))
    return found


def test_the_build_environment_holds_what_generating_the_types_imports() -> None:
    """setup.py builds the client (and so reads the schema) in an isolated build environment
    that holds only pyproject.toml's build-system requires: every third-party package that
    making the schema imports must be among them or their requirements."""
    run = subprocess.run(
        [sys.executable, "-c", REPORT], capture_output=True, text=True, check=True, cwd=ROOT
    )
    owners = packages_distributions()  # a module of no distribution is Python's own
    modules = set(run.stdout.split()) - {"buccaneer"}
    needed = {canonicalize_name(d) for m in modules for d in owners.get(m, [])}
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    missing = needed - _closure([Requirement(r).name for r in build])
    assert not missing, f"add to pyproject.toml's build-system requires: {sorted(missing)}"
    assert re.search(r"\bpydantic\b", run.stdout)
