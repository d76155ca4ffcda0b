"""The server serves the typed contract's JSON Schema (server/contracts.py): the whole document
at /api/schema, exactly what core/contract.py builds from the games' models (and what the
conformance suite validates real views and events against), and one game's at
/api/games/{game}/schema; a real server, over HTTP."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import jsonschema  # type: ignore[import-untyped]
import pytest

import buccaneer
from buccaneer.core.contract import contract_refs, schema_document
from tests.server.support import ThreadServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path: Path = tmp_path_factory.mktemp("contract") / "tables.db"
    with ThreadServer(f"sqlite+aiosqlite:///{path}") as running:
        yield running.url


def test_the_whole_document_is_served(server: str) -> None:
    answer = httpx.get(f"{server}/api/schema", timeout=30)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    document = answer.json()
    assert document == schema_document(buccaneer.GAMES.values())
    jsonschema.Draft202012Validator.check_schema(document)
    assert sorted(document["properties"]) == sorted(buccaneer.GAMES)


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_one_games_document_is_served_and_validates_its_views(server: str, game: str) -> None:
    answer = httpx.get(f"{server}/api/games/{game}/schema", timeout=30)
    assert answer.status_code == 200
    document = answer.json()
    assert list(document["properties"]) == [game]
    refs = contract_refs(document, game)
    view_schema = jsonschema.Draft202012Validator(
        {"$ref": refs["view"], "$defs": document["$defs"]}
    )
    spec = buccaneer.GAMES[game]
    state = buccaneer.load(game, spec.min_players, seed=5)
    rng = random.Random(5)
    for _ in range(10):
        for seat in state.to_move():
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))])
    assert list(view_schema.iter_errors(state.view(0))) == []
    assert list(view_schema.iter_errors(state.view(None))) == []
    # ... and refuses what breaks the contract.
    assert list(view_schema.iter_errors({**state.view(0), "extra": 1}))
    action = state.legal_actions(state.to_move()[0])[0].to_json()
    action_schema = jsonschema.Draft202012Validator(
        {"$ref": refs["action"], "$defs": document["$defs"]}
    )
    assert list(action_schema.iter_errors(action)) == []
    assert list(action_schema.iter_errors({**action, "type": "no_such_action"}))


def test_an_unknown_game_has_no_schema(server: str) -> None:
    answer = httpx.get(f"{server}/api/games/chess/schema", timeout=30)
    assert answer.status_code == 404
    assert answer.json()["error"] == "not_found"
