"""Ratings (docs/server.md, "Ratings") on real SQLite and PostgreSQL: a rated 4-player game of
every game, driven through the server's own table masters, moves each account's rating exactly
as openskill says when this test computes it from the final state on its own; Tortuga 1667's
teammates move as one team; casual tables move nothing; a hand-over keeps a rated table rated;
a forfeited seat ranks last; a table is rated once however many processes see it end, and one
that ended unrated (a crash) is rated by the sweep. The rated bots are the named levels (each
game's in GET /api/games, with its ladder rating); a retired bot account of an older database
still rates, rematches and lists. Then the HTTP routes: the leaderboard and the profile."""

from __future__ import annotations

import asyncio
import json
import random
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from openskill.models import PlackettLuce
from sqlalchemy import update

import buccaneer
from buccaneer.agents import levels as levels_module
from buccaneer.agents.levels import LEVEL_NAMES, level_spec, levels_of, published
from buccaneer.core import get_spec
from buccaneer.server.auth import new_token, token_hash
from buccaneer.server.fanout import Fanout
from buccaneer.server.master import Masters, TableMaster
from buccaneer.server.migrate import upgrade
from buccaneer.server.ratings import RATED_BOTS, RETIRED_BOTS, Ratings, finishing_order
from buccaneer.server.repository import Repository, begin
from buccaneer.server.settings import Settings
from buccaneer.server.storage import seats as seats_table
from buccaneer.server.storage import tables
from buccaneer.server.tables import Refused
from tests.server.support import ThreadServer

ROOT = Path(__file__).resolve().parents[2]
Body = Callable[[Masters, Ratings], Awaitable[None]]
# Two of the server's rated bot levels (agents/levels.py).
BEGINNER, GOOD = level_spec("beginner"), level_spec("good")


def run(url: str, body: Body) -> None:
    """`body` with one process's masters on `url`, ratings watching them."""
    upgrade(url)

    async def main() -> None:
        masters = Masters(Repository.at(url), Fanout(), False, settings=Settings(database_url=url))
        ratings = Ratings(masters)
        masters.watchers.append(ratings.watch)
        await ratings.start()
        try:
            await body(masters, ratings)
        finally:
            await masters.repository.close()

    asyncio.run(main())


async def person(masters: Masters) -> int:
    account = await masters.repository.add_account(f"p-{secrets.token_hex(5)}", None, 0.0)
    assert account is not None
    return account


async def rated_table(
    masters: Masters, game: str, seats: list[int | str], rated: bool = True
) -> TableMaster:
    """A started table: an int is a person's account at that seat, a str a bot level."""
    rows: list[dict[str, Any]] = []
    for seat in seats:
        if isinstance(seat, str):
            rows.append({"kind": "bot", "mode": "bot", "agent": seat, "claimed": True})
        else:
            rows.append(
                {
                    "kind": "human",
                    "mode": "invite",
                    "token_hash": token_hash(new_token()),
                    "claimed": True,
                    "account_id": seat,
                    "name": f"n{seat}",
                }
            )
    table_id = await masters.create(
        get_spec(game),
        players=len(seats),
        options={},
        seats=rows,
        clock={"mode": "turn"},
        listed=False,
        bot_delay=0.0,
        rated=rated,
    )
    master = await masters.get(table_id)
    assert master is not None
    return master


async def play_out(master: TableMaster, seed: int) -> None:
    """Every seat plays random legal moves to the end: people through `act`, bots (and seats
    handed to one) through `bot_move`, as the server's bot runner would."""
    rng = random.Random(seed)
    live = master.live
    while not live.state.is_over():
        seat = live.state.to_move()[0]
        action = rng.choice(live.state.legal_actions(seat)).to_json()
        if live.seats[seat].bot is None:
            await master.act(seat, action, live.version)
        else:
            await master.bot_move(seat, action, live.version)


async def rating_rows(masters: Masters, accounts: list[int], game: str) -> dict[int, Any]:
    out = {}
    for account in set(accounts):
        for row in await masters.ratings.ratings_of(account):
            if row.game == game:
                out[account] = row
    return out


def expected_after(
    game: str, state: buccaneer.core.State, before: list[tuple[float, float]], last: set[int]
) -> list[tuple[float, float]]:
    """openskill's answer, computed here from the final state: teams are the game's teams
    (Tortuga 1667: loyalties at the end) or one per seat; the winners' team first, then by
    score; forfeited seats last."""
    model = PlackettLuce()
    scores, winners = state.scores(), set(state.winners())
    spec = get_spec(game)
    labels = spec.teams(state) if spec.teams else [str(s) for s in range(len(scores))]
    groups: dict[str, list[int]] = {}
    for seat, label in enumerate(labels):
        groups.setdefault(f"out{seat}" if seat in last else label, []).append(seat)

    def key(label: str) -> tuple[int, float]:
        seat = groups[label][0]
        if seat in last:
            return (-1, 0.0)
        return (int(seat in winners), scores[seat])

    order = sorted(groups, key=key, reverse=True)
    ranks = [float(sorted({key(g) for g in groups}, reverse=True).index(key(g)) + 1) for g in order]
    teams = [[model.rating(mu=before[s][0], sigma=before[s][1]) for s in groups[g]] for g in order]
    rated = model.rate(teams, ranks=ranks)
    after: dict[int, tuple[float, float]] = {}
    for g, team in zip(order, rated, strict=True):
        for seat, r in zip(groups[g], team, strict=True):
            after[seat] = (r.mu, r.sigma)
    return [after[s] for s in range(len(scores))]


# -- a rated game of each game --------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(buccaneer.GAMES))
def test_a_rated_four_player_game_moves_ratings_exactly_as_openskill_says(
    database_url: str, game: str
) -> None:
    async def body(masters: Masters, ratings: Ratings) -> None:
        people = [await person(masters), await person(masters)]
        bots = [masters.bot_accounts[BEGINNER], masters.bot_accounts[GOOD]]
        accounts = [people[0], bots[0], people[1], bots[1]]
        before_rows = await rating_rows(masters, accounts, game)
        before = [
            (before_rows[a].mu, before_rows[a].sigma) if a in before_rows else (25.0, 25 / 3)
            for a in accounts
        ]
        games_before = {a: before_rows[a].games if a in before_rows else 0 for a in accounts}
        master = await rated_table(masters, game, [people[0], BEGINNER, people[1], GOOD])
        assert [s.account_id for s in master.live.seats] == accounts
        await play_out(master, seed=len(game))
        live = master.live
        assert live.status == "over"
        after = await rating_rows(masters, accounts, game)
        want = expected_after(game, live.state, before, set())
        for seat, account in enumerate(accounts):
            assert after[account].mu == pytest.approx(want[seat][0], abs=1e-9)
            assert after[account].sigma == pytest.approx(want[seat][1], abs=1e-9)
            assert after[account].games == games_before[account] + 1
            history = [
                h for h in await masters.ratings.history_of(account) if h.table_id == live.id
            ]
            assert [(h.mu, h.sigma) for h in history] == [(after[account].mu, after[account].sigma)]
        # The winners gained, and a second look changes nothing.
        for seat in live.state.winners():
            if len(live.state.winners()) < 4:
                assert after[accounts[seat]].mu > before[seat][0]
        assert not await ratings.rate(live)
        assert await rating_rows(masters, accounts, game) == after

    run(database_url, body)


def test_tortuga_1667_rates_each_seat_with_its_team(database_url: str) -> None:
    async def body(masters: Masters, ratings: Ratings) -> None:
        for seed in range(20):
            people = [await person(masters) for _ in range(4)]
            master = await rated_table(masters, "tortuga1667", list(people))
            await play_out(master, seed)
            state = master.live.state
            labels = get_spec("tortuga1667").teams(state)  # type: ignore[misc]
            if len(set(labels)) < 2 or len(state.winners()) in (0, 4):
                continue  # a shared win teaches the same to everyone: find a decided game
            after = await rating_rows(masters, people, "tortuga1667")
            winners = set(state.winners())
            for team in set(labels):
                members = [s for s in range(4) if labels[s] == team]
                mus = {round(after[people[s]].mu, 12) for s in members}
                assert len(mus) == 1, "teammates move as one team"
                won = members[0] in winners
                assert (after[people[members[0]]].mu > 25) == won
            order = finishing_order(get_spec("tortuga1667"), state)
            assert sorted(order[0][1]) == sorted(winners)
            return
        pytest.fail("no decided Tortuga 1667 game in 20 seeds")

    run(database_url, body)


# -- casual, hand-over, forfeit -------------------------------------------------------------------


def test_a_casual_table_moves_nothing(database_url: str) -> None:
    async def body(masters: Masters, ratings: Ratings) -> None:
        people = [await person(masters) for _ in range(2)]
        master = await rated_table(
            masters, "cartagena", [people[0], BEGINNER, people[1], GOOD], rated=False
        )
        bot_before = await rating_rows(masters, [masters.bot_accounts[BEGINNER]], "cartagena")
        await play_out(master, 3)
        assert await rating_rows(masters, people, "cartagena") == {}
        assert (
            await rating_rows(masters, [masters.bot_accounts[BEGINNER]], "cartagena") == bot_before
        )
        assert not await ratings.rate(master.live)

    run(database_url, body)


def test_a_vote_hands_a_rated_seat_to_the_heuristic_and_the_table_stays_rated(
    database_url: str,
) -> None:
    """M2: one vote while the opponent is away once made the table casual and handed the
    opponent's seat to the bot the voter named (`random`). Now the heuristic plays it, the
    table stays rated, and the seat's owner is rated by how it finishes."""

    async def body(masters: Masters, ratings: Ratings) -> None:
        people = [await person(masters) for _ in range(2)]
        master = await rated_table(masters, "tortuga", [people[0], BEGINNER, people[1], GOOD])
        assert master.live.rated
        await master.hand_over(0, 2, "random", False)
        assert master.live.seats[2].bot == "heuristic" and master.live.rated
        stored = await masters.load(master.id)
        assert stored is not None and stored.rated
        await play_out(master, 4)
        assert master.live.status == "over"
        await ratings.sweep(1000)
        assert set(await rating_rows(masters, people, "tortuga")) == set(people)

    run(database_url, body)


def test_a_forfeited_seat_ranks_last(database_url: str) -> None:
    async def body(masters: Masters, ratings: Ratings) -> None:
        people = [await person(masters) for _ in range(4)]
        master = await rated_table(masters, "tortuga", list(people))
        async with master.lock:  # as the time bank's forfeit stores it
            await master.write_seats({1: {"agent": "heuristic", "forfeited": True}})
        await play_out(master, 5)
        state = master.live.state
        order = finishing_order(get_spec("tortuga"), state, [1])
        assert order[-1] == (max(rank for rank, _ in order), [1])
        assert all(rank < order[-1][0] for rank, _ in order[:-1])
        after = await rating_rows(masters, people, "tortuga")
        want = expected_after("tortuga", state, [(25.0, 25 / 3)] * 4, {1})
        for seat, account in enumerate(people):
            assert after[account].mu == pytest.approx(want[seat][0], abs=1e-9)
        assert after[people[1]].mu == min(r.mu for r in after.values())
        assert after[people[1]].mu < 25

    run(database_url, body)


def test_a_table_closed_before_its_end_is_not_rated(database_url: str) -> None:
    async def body(masters: Masters, ratings: Ratings) -> None:
        people = [await person(masters) for _ in range(2)]
        master = await rated_table(masters, "tortuga", list(people))
        await master.close("the server goes down for maintenance")
        assert master.id in await masters.ratings.unrated_tables(1000)
        await ratings.sweep(1000)
        assert master.id not in await masters.ratings.unrated_tables(1000)
        assert await rating_rows(masters, people, "tortuga") == {}

    run(database_url, body)


# -- what a rated table must be -------------------------------------------------------------------


def test_a_rated_table_needs_accounts_and_rated_bot_levels(database_url: str) -> None:
    async def body(masters: Masters, ratings: Ratings) -> None:
        account = await person(masters)
        assert set(masters.bot_accounts) == set(RATED_BOTS)
        # A bot that is no rated level is refused, the agent a level plays included.
        for agent in ("ismcts:iterations=10", "heuristic", "random"):
            with pytest.raises(Refused) as bot:
                await rated_table(masters, "tortuga", [account, agent])
            assert bot.value.code == "not_rateable" and "rated levels" in bot.value.message
            assert level_spec("strongest") in bot.value.message
        # A named level is seated as its own account.
        strongest = await rated_table(masters, "tortuga", [account, level_spec("strongest")])
        bot_seat = strongest.live.seats[1]
        assert bot_seat.bot == "level:name=strongest" and strongest.live.rated
        assert bot_seat.account_id == masters.bot_accounts["level:name=strongest"]
        row = await masters.repository.account_named("Bot: strongest")
        assert row is not None and (row.id, row.role) == (bot_seat.account_id, "bot")
        spec = get_spec("tortuga")
        with pytest.raises(Refused) as anonymous:
            await masters.create(
                spec,
                players=2,
                options={},
                seats=[
                    {"kind": "human", "mode": "me", "claimed": True},
                    {"kind": "bot", "agent": BEGINNER},
                ],
                clock={"mode": "turn"},
                listed=False,
                bot_delay=0.0,
                rated=True,
            )
        assert anonymous.value.code == "not_rateable"
        # Open and invite seats wait for people with an account.
        table_id = await masters.create(
            spec,
            players=3,
            options={},
            seats=[
                {"kind": "human", "mode": "open"},
                {"kind": "human", "mode": "invite", "token_hash": token_hash(new_token())},
                {"kind": "bot", "mode": "bot", "agent": GOOD, "claimed": True},
            ],
            clock={"mode": "turn"},
            listed=False,
            bot_delay=0.0,
            rated=True,
        )
        master = await masters.get(table_id)
        assert master is not None
        for refusal in (master.join("anon", None, None), master.claim(1, "anon", None)):
            with pytest.raises(Refused) as caught:
                await refusal
            assert caught.value.code == "account_needed"
        assert not any(s.claimed for s in master.live.seats[:2])
        seat, _ = await master.join("someone", account, None)
        assert seat == 0 and master.live.seats[0].account_id == account
        assert master.live.seats[2].account_id == masters.bot_accounts[GOOD]

    run(database_url, body)


def test_a_retired_bot_account_of_an_older_database_still_rates_rematches_and_lists(
    sqlite_url: str,
) -> None:
    """A rated table of an older database seats a bot the server no longer rates ("Bot:
    heuristic" playing `heuristic`): it plays and is rated to the end, its rematch is casual
    rather than refused, and the leaderboard and its profile list it as a bot, naming its
    agent."""

    async def body(masters: Masters, ratings: Ratings) -> None:
        old = await masters.ratings.bot_accounts(RETIRED_BOTS, masters.now())
        assert set(old) == set(RETIRED_BOTS) and not set(old.values()) & set(
            masters.bot_accounts.values()
        )
        people = [await person(masters)]
        master = await rated_table(masters, "tortuga", [people[0], "heuristic"], rated=False)
        # As the older server stored it: rated, the bot seat its level's account.
        async with begin(masters.repository.engine) as conn:
            await conn.execute(update(tables).where(tables.c.id == master.id).values(rated=True))
            await conn.execute(
                update(seats_table)
                .where(seats_table.c.table_id == master.id, seats_table.c.seat == 1)
                .values(account_id=old["heuristic"])
            )
        masters.forget(master.id)
        loaded = await masters.get(master.id)
        assert loaded is not None and loaded.live.rated
        await play_out(loaded, 8)
        after = await rating_rows(masters, [people[0], old["heuristic"]], "tortuga")
        assert after[old["heuristic"]].games == 1 and after[people[0]].games == 1
        rematch = await masters.get(await loaded.rematch())
        assert rematch is not None and not rematch.live.rated
        assert rematch.live.seats[1].bot == "heuristic"

    run(sqlite_url, body)
    with ThreadServer(sqlite_url) as server:
        board = httpx.get(f"{server.url}/api/leaderboard/tortuga", timeout=30).json()
        rows = {p["name"]: p for p in board["players"]}
        assert rows["Bot: heuristic"]["bot"] and rows["Bot: heuristic"]["agent"] == "heuristic"
        profile = httpx.get(f"{server.url}/api/players/Bot: heuristic/profile", timeout=30)
        assert profile.status_code == 200, profile.text
        assert profile.json()["bot"] and profile.json()["agent"] == "heuristic"


# -- once, whoever sees the end -------------------------------------------------------------------


def test_a_table_is_rated_once_by_any_number_of_processes_and_the_sweep_catches_up(
    database_url: str,
) -> None:
    upgrade(database_url)

    async def main() -> None:
        def process() -> tuple[Masters, Ratings]:
            masters = Masters(
                Repository.at(database_url),
                Fanout(),
                True,
                settings=Settings(database_url=database_url),
            )
            return masters, Ratings(masters)

        (a, rate_a), (b, rate_b) = process(), process()
        try:
            await rate_a.start()
            await rate_b.start()
            # Nobody watches in `a`: the game ends unrated, as if the process died at the end.
            people = [await person(a) for _ in range(4)]
            master = await rated_table(a, "cartagena", list(people))
            await play_out(master, 6)
            assert await rating_rows(a, people, "cartagena") == {}
            # Two processes rate it at once (a watcher and a sweep, say): one does.
            other = await b.get(master.id)
            assert other is not None
            done = await asyncio.gather(rate_a.rate(master.live), rate_b.rate(other.live))
            assert sorted(done) == [False, True]
            assert await rate_a.sweep() == 0 and await rate_b.sweep() == 0
            for account in people:
                assert len(await a.ratings.history_of(account)) == 1
                assert (await rating_rows(a, [account], "cartagena"))[account].games == 1

            # A second table that ended unwatched: the sweep rates it, once.
            more = [await person(a) for _ in range(4)]
            second = await rated_table(a, "tortuga", list(more))
            await play_out(second, 7)
            assert second.id in await a.ratings.unrated_tables(1000)
            found = await asyncio.gather(rate_a.sweep(1000), rate_b.sweep(1000))
            assert sum(found) >= 1
            assert second.id not in await a.ratings.unrated_tables(1000)
            for account in more:
                assert len(await a.ratings.history_of(account)) == 1
        finally:
            await a.repository.close()
            await b.repository.close()

    asyncio.run(main())


# -- the rated levels, as the lobby offers them ----------------------------------------------------


def test_the_rated_bots_are_the_named_levels_and_the_client_names_the_same() -> None:
    assert RATED_BOTS == {
        "level:name=beginner": "Bot: beginner",
        "level:name=good": "Bot: good",
        "level:name=strong": "Bot: strong",
        "level:name=strongest": "Bot: strongest",
    }
    assert not set(RATED_BOTS) & set(RETIRED_BOTS)
    # The client words a bot seat by these names where it has no game's levels at hand.
    text = (ROOT / "web" / "src" / "bots.ts").read_text()
    named = re.search(r"export const LEVEL_NAMES = \[([^\]]*)\]", text)
    assert named is not None
    assert tuple(re.findall(r'"([^"]+)"', named.group(1))) == LEVEL_NAMES


def games_levels(url: str) -> dict[str, list[dict[str, Any]]]:
    answer = httpx.get(f"{url}/api/games", timeout=30)
    assert answer.status_code == 200, answer.text
    return {g["name"]: g["levels"] for g in answer.json()}


def test_each_game_offers_the_four_rated_levels_with_their_ladder_ratings(
    sqlite_url: str,
) -> None:
    """GET /api/games: each game's four levels, weakest first, as the agent specs a bot seat
    takes (the rated bots' own), each with the agent that plays it in that game and its
    published ladder rating (null where the game has no ladder yet)."""
    with ThreadServer(sqlite_url) as server:
        offered = games_levels(server.url)
    assert sorted(offered) == sorted(buccaneer.GAMES)
    for game, levels in offered.items():
        assert [lv["spec"] for lv in levels] == list(RATED_BOTS), game
        assert [lv["name"] for lv in levels] == list(LEVEL_NAMES)
        assert [(lv["name"], lv["agent"], lv["mu"], lv["sigma"]) for lv in levels] == [
            tuple(lv) for lv in levels_of(game)
        ]


def test_a_published_ladder_gives_the_levels_its_agents_and_ratings(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose package ships a levels.json (here written to tmp_path, where the server
    reads it instead of the package) offers the agents and ratings it names; a level it does
    not name plays the fallback, unrated."""
    named = {"beginner": ("heuristic", 12.25), "strongest": ("ismcts:iterations=400", 27.44)}
    (tmp_path / "tortuga.json").write_text(
        json.dumps(
            {
                "game": "tortuga",
                "ladder": {"command": "buccaneer ladder tortuga", "date": "2026-11-27"},
                "levels": [
                    {"name": n, "agent": a, "mu": mu, "sigma": 0.8} for n, (a, mu) in named.items()
                ],
            }
        )
    )
    monkeypatch.setattr(levels_module, "game_file", lambda game, name: tmp_path / f"{game}.json")
    published.cache_clear()
    try:
        with ThreadServer(sqlite_url) as server:
            offered = games_levels(server.url)
    finally:
        published.cache_clear()
    tortuga = {lv["name"]: lv for lv in offered["tortuga"]}
    assert tortuga["beginner"] == {
        "name": "beginner",
        "agent": "heuristic",
        "spec": "level:name=beginner",
        "mu": 12.25,
        "sigma": 0.8,
    }
    assert (tortuga["strongest"]["agent"], tortuga["strongest"]["mu"]) == (
        "ismcts:iterations=400",
        27.44,
    )
    assert tortuga["good"]["mu"] is None and tortuga["good"]["agent"] == "heuristic"
    assert all(lv["mu"] is None for lv in offered["cartagena"])


# -- over HTTP ------------------------------------------------------------------------------------


def play_http_table(server: ThreadServer, session: str, bots: list[str], seed: int) -> str:
    """A rated table made through the lobby (the creator at seat 0, bots elsewhere), the
    creator's moves played in the server's process and the bots' by its bot pool."""
    body = {
        "game": "tortuga",
        "players": 1 + len(bots),
        "rated": True,
        "bot_delay": 0,
        "seats": [{"kind": "me"}, *({"kind": "bot", "agent": b} for b in bots)],
    }
    made = httpx.post(
        f"{server.url}/api/tables",
        json=body,
        headers={"authorization": f"Bearer {session}"},
        timeout=30,
    )
    assert made.status_code == 201, made.text
    table_id = str(made.json()["table"])
    rng = random.Random(seed)

    async def play() -> None:
        master = await server.server.masters.get(table_id)
        assert master is not None
        live = master.live
        while live.status != "over":
            if 0 in live.state.to_move():
                action = rng.choice(live.state.legal_actions(0)).to_json()
                with_refusal = master.act(0, action, live.version)
                try:
                    await with_refusal
                except Refused as exc:
                    assert exc.code == "stale"
            else:
                await asyncio.sleep(0.01)

    server.run(play(), timeout=120)
    return table_id


def test_the_leaderboard_and_the_profile_over_http(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        name = f"Anne {secrets.token_hex(3)}"
        guest = httpx.post(f"{server.url}/api/guests", json={"name": name}, timeout=30)
        session = guest.json()["session"]
        refused = httpx.post(f"{server.url}/api/guests", json={"name": "Bot: random"}, timeout=30)
        assert refused.status_code == 409 and refused.json()["error"] == "name_taken"
        tables = [play_http_table(server, session, [BEGINNER, GOOD], seed) for seed in (1, 2)]

        def rated_twice() -> bool:
            board = httpx.get(f"{server.url}/api/leaderboard/tortuga", timeout=30).json()
            return any(p["name"] == name and p["games"] == 2 for p in board["players"])

        for _ in range(200):
            if rated_twice():
                break
            server.run(asyncio.sleep(0.05))
        board = httpx.get(f"{server.url}/api/leaderboard/tortuga", timeout=30).json()
        assert board["game"] == "tortuga" and board["season"] is None
        rows = {p["name"]: p for p in board["players"]}
        assert rows[name]["games"] == 2 and not rows[name]["bot"]
        assert rows["Bot: beginner"]["bot"] and rows["Bot: beginner"]["agent"] == BEGINNER
        ordinals = [p["ordinal"] for p in board["players"]]
        assert ordinals == sorted(ordinals, reverse=True)
        assert [p["rank"] for p in board["players"]] == list(range(1, len(ordinals) + 1))
        for p in board["players"]:
            assert p["ordinal"] == pytest.approx(p["mu"] - 3 * p["sigma"])

        year = time.gmtime().tm_year
        season = httpx.get(f"{server.url}/api/leaderboard/tortuga?season={year}", timeout=30).json()
        assert {p["name"]: p["games"] for p in season["players"]}[name] == 2
        old = httpx.get(f"{server.url}/api/leaderboard/tortuga?season=1999", timeout=30).json()
        assert old["players"] == []

        profile = httpx.get(f"{server.url}/api/players/{name}/profile", timeout=30).json()
        assert profile["name"] == name and not profile["bot"]
        (entry,) = profile["games"]
        assert entry["game"] == "tortuga" and entry["rating"]["games"] == 2
        assert [h["table"] for h in entry["history"]] == tables
        assert entry["history"][-1]["mu"] == pytest.approx(rows[name]["mu"])
        assert entry["played"] == 2 and entry["seats"][0]["seat"] == 0
        assert entry["seats"][0]["played"] == 2
        assert entry["win_rate"] == entry["won"] / 2
        assert {g["table"] for g in profile["finished"]} == set(tables)

        bot = httpx.get(f"{server.url}/api/players/Bot: good/profile", timeout=30).json()
        assert bot["bot"] and bot["agent"] == GOOD and bot["games"][0]["played"] >= 2

        for path in ("/api/leaderboard/chess", "/api/players/nobody-at-all-here/profile"):
            missing = httpx.get(f"{server.url}{path}", timeout=30)
            assert missing.status_code == 404 and missing.json()["error"] == "not_found"
        bad = httpx.get(f"{server.url}/api/leaderboard/tortuga?season=abc", timeout=30)
        assert bad.status_code == 422 and bad.json()["error"] == "bad_request"


def test_an_invitee_takes_a_rated_seat_by_link_with_their_session(sqlite_url: str) -> None:
    """The browser sends its kept session with a seat's link: on a rated table the claim
    ties the seat to that account. A stale session beside a token is dropped (the token is
    the authority), and then the rated table says plainly that an account is needed."""
    from tests.server.wsclient import Ws  # noqa: PLC0415

    with ThreadServer(sqlite_url) as server:

        def guest(name: str) -> str:
            made = httpx.post(f"{server.url}/api/guests", json={"name": name}, timeout=30)
            assert made.status_code == 201, made.text
            return str(made.json()["session"])

        anne, bob = guest(f"Anne {secrets.token_hex(3)}"), guest(f"Bob {secrets.token_hex(3)}")
        made = httpx.post(
            f"{server.url}/api/tables",
            json={
                "game": "cartagena",
                "players": 2,
                "rated": True,
                "bot_delay": 0,
                "seats": [{"kind": "me"}, {"kind": "invite"}],
            },
            headers={"authorization": f"Bearer {anne}"},
            timeout=30,
        )
        assert made.status_code == 201, made.text
        invite = next(s["token"] for s in made.json()["seats"] if s["mode"] == "invite")

        async def hellos() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
            async with Ws(server.url) as ws:
                stale = await ws.hello(token=invite, session="no-such-session")
            async with Ws(server.url) as ws:
                bare = await ws.hello(token=invite)
            async with Ws(server.url) as ws:
                seated = await ws.hello(token=invite, session=bob)
            return stale, bare, seated

        stale, bare, seated = asyncio.run(hellos())
        assert stale["type"] == "error" and stale["code"] == "account_needed", stale
        assert bare["type"] == "error" and bare["code"] == "account_needed", bare
        assert seated["type"] == "sync" and seated["seat"] == 1, seated
        table = httpx.get(f"{server.url}/api/tables/{made.json()['table']}", timeout=30).json()
        assert table["status"] == "active", table


def test_a_long_history_is_bounded_and_a_season_is_computed_by_the_database(
    database_url: str,
) -> None:
    """M6/L10: a busy account's 3,000 rated games once made its profile megabytes (and a
    season's standings read the whole year into the process); `season=9999` was a 500 on
    every request. Now the profile holds the newest points per game, the season is the
    database's answer (checked against the same standings computed here), and an
    impossible season is a 422 saying so."""
    from buccaneer.server import storage as db  # noqa: PLC0415
    from buccaneer.server.http_ratings import HISTORY_POINTS, year_span  # noqa: PLC0415

    with ThreadServer(database_url) as server:
        names = [f"Busy {secrets.token_hex(3)}" for _ in range(4)]
        ids = [
            httpx.post(f"{server.url}/api/guests", json={"name": n}, timeout=30).json()
            for n in names
        ]
        assert all("session" in i for i in ids)
        start, _end = year_span(2030)
        rng = random.Random(5)

        async def seed() -> list[int]:
            repository = server.server.repository
            accounts = [await repository.account_named(n) for n in names]
            rows = [
                {
                    "account_id": accounts[i % 4].id,
                    "game": "tortuga",
                    "table_id": f"t{i}",
                    "mu": rng.uniform(10, 40),
                    "sigma": rng.uniform(1, 8),
                    "at": start + i,
                }
                for i in range(3000)
            ]
            async with begin(repository.engine) as conn:
                await conn.execute(db.rating_history.insert(), rows)
            return [a.id for a in accounts]

        accounts = server.run(seed())
        profile = httpx.get(f"{server.url}/api/players/{names[0]}/profile", timeout=30)
        assert profile.status_code == 200
        history = profile.json()["games"][0]["history"]
        assert len(history) == HISTORY_POINTS
        assert history[-1]["table"] == "t2996" and history[0]["at"] < history[-1]["at"]

        season = httpx.get(f"{server.url}/api/leaderboard/tortuga?season=2030&limit=3").json()
        last = {}
        # The same standings from the seeded rows: each account's last rating, best first.
        rng = random.Random(5)
        for i in range(3000):
            mu, sigma = rng.uniform(10, 40), rng.uniform(1, 8)
            last[names[i % 4]] = mu - 3 * sigma
        best = sorted(last, key=lambda n: -last[n])[:3]
        assert [p["name"] for p in season["players"]] == best
        assert [p["games"] for p in season["players"]] == [750] * 3
        assert [p["ordinal"] for p in season["players"]] == pytest.approx([last[n] for n in best])
        assert len(accounts) == 4
        for bad in ("9999", "1969", "100000"):
            answer = httpx.get(f"{server.url}/api/leaderboard/tortuga?season={bad}", timeout=30)
            assert answer.status_code == 422 and answer.json()["error"] == "bad_request", bad
