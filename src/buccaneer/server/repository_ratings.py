"""The statements of ratings (docs/server.md, "Ratings"): the bot levels' accounts, claiming and
writing a finished table's rating, a table turned casual, the leaderboard and a player's
ratings and their history. The model itself is `ratings.py`'s; nothing here knows it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from buccaneer.server import storage as db
from buccaneer.server.repository import begin

# (mu, sigma) by account, in and out of the model.
Ratings = dict[int, tuple[float, float]]


class RatingsRepository:
    """Ratings' one door to the database (the same engine as `Repository`'s)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def insert_new(
        self, conn: AsyncConnection, table: Any, rows: Sequence[Mapping[str, Any]]
    ) -> None:
        """Insert rows, leaving out those whose unique key is there already (another process
        may insert the same at the same moment)."""
        if not rows:
            return
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        await conn.execute(dialect.insert(table).on_conflict_do_nothing(), [dict(r) for r in rows])

    # -- bot accounts -------------------------------------------------------------------------

    async def bot_accounts(self, names: Mapping[str, str], now: float) -> dict[str, int]:
        """The account id of each bot level (`names`: level -> account name), made where
        missing; a level whose name a person's account holds is left out."""
        async with begin(self.engine) as conn:
            await self.insert_new(
                conn,
                db.accounts,
                [
                    {"name": name, "name_key": name.casefold(), "created_at": now, "role": "bot"}
                    for name in names.values()
                ],
            )
            rows = (
                await conn.execute(
                    select(db.accounts.c.id, db.accounts.c.name_key)
                    .where(db.accounts.c.name_key.in_([n.casefold() for n in names.values()]))
                    .where(db.accounts.c.role == "bot")
                )
            ).all()
        ids = {r.name_key: int(r.id) for r in rows}
        return {
            level: ids[name.casefold()] for level, name in names.items() if name.casefold() in ids
        }

    # -- rating a table -----------------------------------------------------------------------

    async def unrated_tables(self, limit: int) -> list[str]:
        """Finished rated tables not rated yet, the oldest first."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(db.tables.c.id)
                .where(db.tables.c.status == db.OVER)
                .where(db.tables.c.rated.is_(True))
                .where(db.tables.c.rated_done.is_(False))
                .order_by(db.tables.c.finished_at)
                .limit(limit)
            )
            return list(rows.scalars())

    async def rate_table(
        self,
        table_id: str,
        game: str,
        accounts: Iterable[int],
        compute: Callable[[Ratings], Ratings],
        *,
        now: float,
        default: tuple[float, float],
    ) -> bool:
        """Claim the job of rating a finished rated table (one conditional update: of two
        processes, or a watcher and a sweep, one wins) and, in the same transaction, read the
        accounts' ratings (locked against another table's rating of the same accounts), write
        what `compute` makes of them and a history row each. False: casual, or rated already."""
        accounts = sorted(set(accounts))
        async with begin(self.engine) as conn:
            claimed = await conn.execute(
                update(db.tables)
                .where(db.tables.c.id == table_id)
                .where(db.tables.c.status == db.OVER)
                .where(db.tables.c.rated.is_(True))
                .where(db.tables.c.rated_done.is_(False))
                .values(rated_done=True)
            )
            if not claimed.rowcount:
                return False
            if not accounts:
                return True
            await self.insert_new(
                conn,
                db.ratings,
                [
                    {
                        "account_id": a,
                        "game": game,
                        "mu": default[0],
                        "sigma": default[1],
                        "games": 0,
                        "updated_at": now,
                    }
                    for a in accounts
                ],
            )
            rows = (
                await conn.execute(
                    select(db.ratings)
                    .where(db.ratings.c.game == game)
                    .where(db.ratings.c.account_id.in_(accounts))
                    .order_by(db.ratings.c.account_id)
                    .with_for_update()
                )
            ).all()
            after = compute({r.account_id: (r.mu, r.sigma) for r in rows})
            for account, (mu, sigma) in after.items():
                await conn.execute(
                    update(db.ratings)
                    .where(db.ratings.c.account_id == account)
                    .where(db.ratings.c.game == game)
                    .values(mu=mu, sigma=sigma, games=db.ratings.c.games + 1, updated_at=now)
                )
            if after:
                await conn.execute(
                    insert(db.rating_history),
                    [
                        {
                            "account_id": account,
                            "game": game,
                            "table_id": table_id,
                            "mu": mu,
                            "sigma": sigma,
                            "at": now,
                        }
                        for account, (mu, sigma) in after.items()
                    ],
                )
        return True

    # -- reading ------------------------------------------------------------------------------

    async def leaderboard(self, game: str, limit: int) -> list[Any]:
        """Rows of name, role, mu, sigma, games of every account rated in `game`, the best
        ordinal (mu - 3 sigma) first."""
        r = db.ratings.c
        async with self.engine.connect() as conn:
            return list(
                (
                    await conn.execute(
                        select(db.accounts.c.name, db.accounts.c.role, r.mu, r.sigma, r.games)
                        .join(db.accounts, db.accounts.c.id == r.account_id)
                        .where(r.game == game)
                        .where(r.games > 0)
                        .order_by((r.mu - 3 * r.sigma).desc(), db.accounts.c.name_key)
                        .limit(limit)
                    )
                ).all()
            )

    async def season(self, game: str, start: float, end: float, limit: int) -> list[Any]:
        """The best `limit` accounts of a season in `game`, computed by the database (one
        indexed range of the history, however long it is): rows of name, role, mu, sigma
        (the rating after the account's last game in [start, end)) and games (how many it
        played there), best ordinal (mu - 3 sigma) first."""
        h = db.rating_history.c
        spans = (
            select(
                h.account_id,
                func.max(h.id).label("last"),
                func.count().label("games"),
            )
            .where(h.game == game)
            .where(h.at >= start)
            .where(h.at < end)
            .group_by(h.account_id)
            .subquery()
        )
        last = db.rating_history.alias("last")
        query = (
            select(
                db.accounts.c.name,
                db.accounts.c.role,
                last.c.mu,
                last.c.sigma,
                spans.c.games,
            )
            .join(last, last.c.id == spans.c.last)
            .join(db.accounts, db.accounts.c.id == spans.c.account_id)
            .order_by((last.c.mu - 3 * last.c.sigma).desc(), func.lower(db.accounts.c.name))
            .limit(limit)
        )
        async with self.engine.connect() as conn:
            return list((await conn.execute(query)).all())

    async def player(self, name: str) -> Any:
        """The account (id, name, role) called `name` in any case, or None."""
        async with self.engine.connect() as conn:
            return (
                await conn.execute(
                    select(db.accounts.c.id, db.accounts.c.name, db.accounts.c.role).where(
                        db.accounts.c.name_key == name.casefold()
                    )
                )
            ).first()

    async def ratings_of(self, account_id: int) -> list[Any]:
        """Rows of game, mu, sigma, games of the account's ratings."""
        r = db.ratings.c
        async with self.engine.connect() as conn:
            return list(
                (
                    await conn.execute(
                        select(r.game, r.mu, r.sigma, r.games)
                        .where(r.account_id == account_id)
                        .order_by(r.game)
                    )
                ).all()
            )

    async def history_of(self, account_id: int, points: int | None = None) -> list[Any]:
        """Rows of game, table_id, mu, sigma, at of the account's ratings over time, oldest
        first: per game the newest `points` (None: all)."""
        h = db.rating_history.c
        async with self.engine.connect() as conn:
            games = (
                await conn.execute(
                    select(h.game).where(h.account_id == account_id).distinct().order_by(h.game)
                )
            ).scalars()
            rows: list[Any] = []
            for game in list(games):
                query = (
                    select(h.game, h.table_id, h.mu, h.sigma, h.at)
                    .where(h.account_id == account_id)
                    .where(h.game == game)
                    .order_by(h.at.desc(), h.id.desc())
                )
                if points is not None:
                    query = query.limit(points)
                rows.extend(reversed((await conn.execute(query)).all()))
            return rows


__all__ = ["RatingsRepository"]
