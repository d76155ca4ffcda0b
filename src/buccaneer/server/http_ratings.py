"""Ratings over HTTP (docs/server.md, "Ratings"): `GET /api/leaderboard/{game}` (every rated
account, people and the server's bot levels, the best conservative rating first; `?season=YYYY`
for one year's games) and `GET /api/players/{name}/profile` (a player's ratings per game and
their history, finished games, and win rates by game and by seat)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

import buccaneer
from buccaneer.core import GameSpec
from buccaneer.server.auth import clean_name
from buccaneer.server.lobby import json_bodies_only, repository_of, server_of
from buccaneer.server.ratings import RATED_BOTS, RETIRED_BOTS, ordinal
from buccaneer.server.repository_ratings import RatingsRepository
from buccaneer.server.schemas import QueryInt
from buccaneer.server.tables import Refused

router = APIRouter(prefix="/api", dependencies=[Depends(json_bodies_only)])
# A bot account's agent by its name: the rated levels', and the retired bots' of an older
# database (a bot account named in neither has none).
BOT_LEVELS = {name: agent for agent, name in (*RETIRED_BOTS.items(), *RATED_BOTS.items())}
# The finished games a profile counts and the ones it lists.
COUNTED, LISTED = 5000, 50


def ratings_of(request: Request) -> RatingsRepository:
    ratings: RatingsRepository = server_of(request).masters.ratings
    return ratings


def game_named(game: str) -> GameSpec:
    spec = buccaneer.GAMES.get(game)
    if spec is None:
        raise Refused("not_found", f"there is no game called {game!r}")
    return spec


def entry(name: str, role: str, mu: float, sigma: float, games: int) -> dict[str, Any]:
    bot = role == "bot"
    return {
        "name": name,
        "bot": bot,
        "agent": BOT_LEVELS.get(name) if bot else None,
        "mu": mu,
        "sigma": sigma,
        "ordinal": ordinal(mu, sigma),
        "games": games,
    }


# The newest ratings per game a profile shows (its plot): a busy bot account's whole history
# would be megabytes on every visit.
HISTORY_POINTS = 500


def year_span(year: int) -> tuple[float, float]:
    """A season: one calendar year (UTC), as [start, end) in seconds since the epoch."""
    start = datetime(year, 1, 1, tzinfo=UTC).timestamp()
    return start, datetime(year + 1, 1, 1, tzinfo=UTC).timestamp()


@router.get("/leaderboard/{game}")
async def leaderboard(
    game: str,
    request: Request,
    # A year a datetime can end (9999 cannot: its season ends in the year 10000).
    season: Annotated[QueryInt | None, Query(ge=1970, le=9998)] = None,
    limit: Annotated[QueryInt, Query(ge=1, le=500)] = 100,
) -> dict[str, Any]:
    """The game's rated accounts, best ordinal (mu - 3 sigma) first. With `season`, only that
    year's rated games count: each account that played one is listed with its rating after
    its last game of the year and the number of that year's games."""
    spec = game_named(game)
    ratings = ratings_of(request)
    if season is None:
        rows = [
            entry(r.name, r.role, r.mu, r.sigma, r.games)
            for r in await ratings.leaderboard(game, limit)
        ]
    else:
        rows = [
            entry(r.name, r.role, r.mu, r.sigma, r.games)
            for r in await ratings.season(game, *year_span(season), limit)
        ]
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
    return {"game": spec.name, "title": spec.title, "season": season, "players": rows}


@router.get("/players/{name}/profile")
async def profile(name: str, request: Request) -> dict[str, Any]:
    """A player's page: per game the current rating, its history, games played and won, and
    the win rate at each seat; and the newest finished games."""
    if clean_name(name) != name:
        raise Refused("not_found", "there is no player by that name")
    ratings = ratings_of(request)
    account = await ratings.player(name)
    if account is None:
        raise Refused("not_found", f"there is no player called {name!r}")
    games: dict[str, dict[str, Any]] = {}

    def game_entry(game: str) -> dict[str, Any]:
        if game not in games:
            spec = buccaneer.GAMES.get(game)
            games[game] = {
                "game": game,
                "title": spec.title if spec else game,
                "rating": None,
                "history": [],
                "played": 0,
                "won": 0,
                "seats": {},
            }
        return games[game]

    for r in await ratings.ratings_of(account.id):
        game_entry(r.game)["rating"] = {
            "mu": r.mu,
            "sigma": r.sigma,
            "ordinal": ordinal(r.mu, r.sigma),
            "games": r.games,
        }
    for h in await ratings.history_of(account.id, HISTORY_POINTS):
        game_entry(h.game)["history"].append(
            {
                "at": h.at,
                "mu": h.mu,
                "sigma": h.sigma,
                "ordinal": ordinal(h.mu, h.sigma),
                "table": h.table_id,
            }
        )
    finished = await repository_of(request).finished_games(account.id, COUNTED)
    listed: list[dict[str, Any]] = []
    for row in finished:
        result = json.loads(row.result or "{}")
        if len(listed) < LISTED:
            listed.append(
                {
                    "table": row.id,
                    "game": row.game,
                    "players": row.players,
                    "seat": row.seat,
                    "finished_at": row.finished_at,
                    **result,
                }
            )
        if "winners" not in result:
            continue  # closed by the operator: no result to count
        won = row.seat in result["winners"]
        item = game_entry(row.game)
        item["played"] += 1
        item["won"] += won
        seat = item["seats"].setdefault(row.seat, {"seat": row.seat, "played": 0, "won": 0})
        seat["played"] += 1
        seat["won"] += won
    out = []
    for game in sorted(games):
        item = games[game]
        spec = buccaneer.GAMES.get(game)
        seats = []
        for seat in sorted(item["seats"].values(), key=lambda s: s["seat"]):
            seats.append(
                {
                    **seat,
                    "name": spec.seat_name(seat["seat"]) if spec else f"Seat {seat['seat']}",
                    "win_rate": seat["won"] / seat["played"],
                }
            )
        item["seats"] = seats
        item["win_rate"] = item["won"] / item["played"] if item["played"] else None
        out.append(item)
    bot = account.role == "bot"
    return {
        "name": account.name,
        "bot": bot,
        "agent": BOT_LEVELS.get(account.name) if bot else None,
        "games": out,
        "finished": listed,
    }
