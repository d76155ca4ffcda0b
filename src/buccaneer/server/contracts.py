"""The typed contract's JSON Schema, served: what a view, a log line's data and an action of each
hosted game look like (core/contract.py builds it from the games' models).

`GET /api/schema` is the whole document, every game's definitions under `$defs`; the browser
client's TypeScript types are generated from the same document when the client is built
(web/scripts/generate-types.mjs). `GET /api/games/{game}/schema` is one game's document alone.
Both are built once per process: they follow from the code, not from any table.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

import buccaneer
from buccaneer.core.contract import schema_document

router = APIRouter(prefix="/api")


@cache
def whole_document() -> dict[str, Any]:
    """The document of every hosted game."""
    return schema_document(buccaneer.GAMES.values())


@cache
def game_document(game: str) -> dict[str, Any]:
    """The document of one hosted game."""
    return schema_document([buccaneer.GAMES[game]])


@router.get("/schema")
async def schema() -> JSONResponse:
    """The JSON Schema of every hosted game's views, log event data and actions."""
    return JSONResponse(whole_document())


@router.get("/games/{game}/schema")
async def one_game_schema(game: str) -> JSONResponse:
    """One game's JSON Schema document."""
    if game not in buccaneer.GAMES:
        raise HTTPException(404, f"no game named {game[:60]!r} here")
    return JSONResponse(game_document(game))


__all__ = ["game_document", "router", "whole_document"]
