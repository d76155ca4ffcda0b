"""Moderation (docs/server.md, "Moderation"): mutes, reports with their evidence, the vote to
hand an idle seat to a bot, and the chat's retention. The commands first in-process on real
databases (a SQLite file and PostgreSQL), with a clock the tests move; then through real
sockets (WebSocket and HTTP) on a server in a thread."""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any

import httpx

from buccaneer.server.fanout import Fanout
from buccaneer.server.master import Masters, TableMaster
from buccaneer.server.repository import Repository
from buccaneer.server.settings import Settings
from tests.server.support import HASHING, ThreadServer, create_table
from tests.server.test_master import Heard, new_table, play_to_the_end, refused, run, stored
from tests.server.wsclient import Ws

DAY = 86_400.0
# The idle time before a present player's seat may be voted to a bot, in the socket test.
IDLE = 2.0
HERE = True  # every player has a connection open
GONE = False


class Clock:
    """The server's wall clock, moved by the test."""

    def __init__(self, at: float = 1_800_000_000.0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


def votes_heard(heard: Heard) -> list[dict[str, Any]]:
    return [
        {k: e[k] for k in ("seat", "voters", "needed", "of")}
        for e in heard.events
        if e["kind"] == "votes"
    ]


async def an_act(master: TableMaster, seat: int) -> None:
    live = master.live
    await master.act(seat, live.state.legal_actions(seat)[0].to_json(), live.version)


# -- the vote to hand an idle seat to a bot ----------------------------------------------------


def test_the_vote_needs_a_majority_of_the_others_and_survives_a_restart(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        clock = Clock()
        masters.clock = clock
        master, _ = await new_table(masters, "cartagena", ["taken"] * 4 + ["bot"])
        live = master.live
        idle = live.state.to_move()[0]
        a, b, c = [s for s in range(4) if s != idle]
        # Everyone is here and the idle seat's decision is new: no vote yet.
        await refused("present", master.hand_over(a, idle, "heuristic", HERE))
        # A seat that is not asked is not idle while its player is here.
        await refused("present", master.hand_over(idle, a, "heuristic", HERE))
        await refused("bot_seat", master.hand_over(a, 4, "heuristic", HERE))
        assert heard.events == []
        clock.at += masters.settings.handover_idle_seconds
        tally = await master.hand_over(a, idle, "heuristic", HERE)
        # Three others play by themselves (the bot does not vote): two votes carry it.
        assert (tally.voters, tally.needed, tally.of, tally.carried) == ([a], 2, 3, False)
        assert votes_heard(heard) == [{"seat": idle, "voters": [a], "needed": 2, "of": 3}]
        # A second vote from the same seat counts once.
        assert (await master.hand_over(a, idle, "heuristic", HERE)).voters == [a]
        assert live.seats[idle].bot is None

        # A restart: the votes are the database's, a new registry counts them.
        other = Masters(
            Repository.at(masters.settings.database_url),
            Heard(),
            False,
            settings=masters.settings,
            clock=clock,
        )
        try:
            again = await other.get(live.id)
            assert again is not None
            assert [t["voters"] for t in await other.moderation.tallies(again.live)] == [[a]]
            tally = await again.hand_over(b, idle, "random", HERE)
            assert tally.carried and tally.voters == sorted([a, b])
            assert again.live.seats[idle].bot == "random"
            # Handed over: its votes are gone, and the table was told so.
            assert await other.moderation.repository.votes(again.live.id) == {}
            assert isinstance(other.fanout, Heard)
            assert [e["kind"] for e in other.fanout.events] == ["table", "votes"]
            assert other.fanout.events[-1]["voters"] == []
            await refused("bot_seat", again.hand_over(c, idle, "heuristic", HERE))
            # The player takes the seat back.
            await again.take_back(idle)
            assert again.live.seats[idle].bot is None
            assert (await stored(other, live.id)).seats[idle].agent is None
        finally:
            await other.repository.close()

    run(database_url, body)


def test_a_vote_is_cleared_when_the_player_acts(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        clock = Clock()
        masters.clock = clock
        master, _ = await new_table(masters, "cartagena", ["taken"] * 3)
        live = master.live
        idle = live.state.to_move()[0]
        voter = (idle + 1) % 3
        clock.at += 3600
        tally = await master.hand_over(voter, idle, "heuristic", HERE)
        assert tally.voters == [voter] and not tally.carried
        await an_act(master, idle)
        assert await masters.moderation.repository.votes(live.id) == {}
        assert votes_heard(heard)[-1] == {"seat": idle, "voters": [], "needed": 2, "of": 2}
        # Another seat's action leaves a seat's votes alone: a vote for a gone player's seat
        # that is not asked stays while the seat asked plays.
        mover = live.state.to_move()[0]
        waiting = next(s for s in range(3) if s != mover)
        by = next(s for s in range(3) if s not in (mover, waiting))
        assert not (await master.hand_over(by, waiting, "heuristic", GONE)).carried
        await an_act(master, mover)
        assert (await masters.moderation.tally(live, waiting)).voters == [by]
        assert (live.id, waiting) in await masters.moderation.known_votes()

    run(database_url, body)


def test_with_two_people_one_vote_hands_a_gone_players_seat_over(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        master, _ = await new_table(masters, "cartagena", ["taken", "taken"])
        live = master.live
        waiting = next(s for s in range(2) if s not in live.state.to_move())
        # Not asked and here: not idle. Gone: the old rule, one vote of one needed.
        await refused("present", master.hand_over(1 - waiting, waiting, "heuristic", HERE))
        tally = await master.hand_over(1 - waiting, waiting, "heuristic", GONE)
        assert tally.carried and (tally.needed, tally.of) == (1, 1)
        assert live.seats[waiting].bot == "heuristic"
        # A seat a bot plays does not vote.
        await refused("handed", master.hand_over(waiting, 1 - waiting, "heuristic", GONE))

    run(database_url, body)


# -- reports ------------------------------------------------------------------------------------


def test_a_report_keeps_the_chat_and_record_and_refuses_bad_input(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        repository = masters.moderation.repository
        master, _ = await new_table(masters, "cartagena", ["taken"] * 3)
        live = master.live
        with_bot, _ = await new_table(masters, "tortuga1667", ["taken", "taken", "bot"])
        await refused("bot_seat", with_bot.report(0, None, 2, "a bot"))
        await master.chat(1, "you are all fools", lambda: True)
        await master.chat(0, "be nice", lambda: True)
        await an_act(master, live.state.to_move()[0])
        await refused("own_seat", master.report(0, None, 0, "me"))
        await refused("bad_request", master.report(0, None, 7, "nobody"))
        await refused("bad_request", master.report(0, None, "1", "a string"))
        await refused("bad_request", master.report(0, None, 1, "   "))
        await refused("too_long", master.report(0, None, 1, "x" * 1001))
        assert await repository.reports(table_id=live.id) == []

        report_id = await master.report(0, None, 1, "  rude   in chat ")
        await refused("already_reported", master.report(0, None, 1, "again"))
        [report] = await repository.reports(table_id=live.id)
        assert report["id"] == report_id and report["reason"] == "rude in chat"
        assert (report["table_id"], report["reporter_seat"], report["reported_seat"]) == (
            live.id,
            0,
            1,
        )
        evidence = report["evidence"]
        assert [line["text"] for line in evidence["chat"]] == ["you are all fools", "be nice"]
        assert evidence["record"]["seed"] == live.seed
        assert len(evidence["record"]["actions"]) == 1
        assert evidence["table"]["id"] == live.id
        # Nothing was told to the table.
        assert [e["kind"] for e in heard.events if e["kind"] not in ("chat", "version")] == []
        # Once the operator has dealt with it, the same reporter may report again.
        assert await repository.resolve_report(report_id, masters.now())
        assert not await repository.resolve_report(report_id, masters.now())
        assert await repository.reports(table_id=live.id) == []
        assert len(await repository.reports(open_only=False, table_id=live.id)) == 1
        await master.report(0, None, 1, "still rude")

    run(database_url, body)


# -- the chat's retention ----------------------------------------------------------------------


def test_the_retention_sweep_deletes_old_chat_and_keeps_recent_chat(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        clock = Clock()
        masters.clock = clock
        repository = masters.repository
        start = clock.at
        old, _ = await new_table(masters, "tortuga", ["taken", "taken"])
        await old.chat(0, "long ago", lambda: True)
        await old.report(1, None, 0, "evidence stays")
        await play_to_the_end(old)
        clock.at = start + 29 * DAY
        recent, _ = await new_table(masters, "tortuga", ["taken", "taken"])
        await recent.chat(0, "lately", lambda: True)
        await play_to_the_end(recent)
        playing, _ = await new_table(masters, "tortuga", ["taken", "taken"])
        await playing.chat(0, "still playing", lambda: True)
        # A vote at a table that has finished goes with the sweep too.
        await masters.moderation.repository.cast_vote(recent.id, 0, 1, clock.at)
        clock.at = start + 30 * DAY + 60
        assert masters.settings.chat_retention_days == 30
        # (PostgreSQL's database is shared by the session's tests: their old tables go too.)
        lines, votes = await masters.moderation.sweep(force=True) or (0, 0)
        assert lines >= 1 and votes >= 1
        assert await repository.chat_lines(old.id, 50) == []
        assert [x["text"] for x in await repository.chat_lines(recent.id, 50)] == ["lately"]
        assert [x["text"] for x in await repository.chat_lines(playing.id, 50)] == ["still playing"]
        assert await masters.moderation.repository.votes(recent.id) == {}
        [report] = await masters.moderation.repository.reports(table_id=old.id)
        assert [x["text"] for x in report["evidence"]["chat"]] == ["long ago"]
        # Within the hour the sweep does not run again; forced, it finds nothing more.
        assert await masters.moderation.sweep() is None
        assert await masters.moderation.sweep(force=True) == (0, 0)

    run(database_url, body)


def test_the_retention_is_a_setting(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        clock = Clock()
        masters.clock = clock
        master, _ = await new_table(masters, "tortuga", ["taken", "taken"])
        await master.chat(0, "gg", lambda: True)
        await play_to_the_end(master)
        clock.at += 2 * DAY
        await masters.moderation.sweep(force=True)
        assert len(await masters.repository.chat_lines(master.id, 50)) == 1
        short = Masters(
            masters.repository,
            Fanout(),
            False,
            settings=Settings(database_url=database_url, chat_retention_days=1),
            clock=clock,
        )
        lines, _votes = await short.moderation.sweep(force=True) or (0, 0)
        assert lines >= 1 and await masters.repository.chat_lines(master.id, 50) == []

    run(database_url, body)


# -- mutes in the repository ---------------------------------------------------------------------


def test_mutes_are_an_accounts_own(database_url: str) -> None:
    async def body(masters: Masters, heard: Heard) -> None:
        repository = masters.moderation.repository
        # Names of this test's own: PostgreSQL's database is shared by a worker's tests.
        names = [f"{n}{secrets.token_hex(3)}" for n in ("Anne", "Bob", "Cleo")]
        ids = [await masters.repository.add_account(n, None, 1.0) for n in names]
        assert None not in ids
        anne, bob, cleo = (i for i in ids if i is not None)
        await repository.mute(anne, bob, 2.0)
        await repository.mute(anne, bob, 3.0)  # twice: once
        await repository.mute(anne, cleo, 3.0)
        assert await repository.muted_by(anne) == [(bob, names[1]), (cleo, names[2])]
        assert await repository.muted_by(bob) == []
        assert await repository.unmute(anne, cleo)
        assert not await repository.unmute(anne, cleo)
        await masters.moderation.tell_mutes(anne)
        assert heard.events[-1] == {"kind": "mutes", "account": anne, "muted": [bob]}
        # The chat event names the speaker's account (for the filter; never sent on).
        master, _ = await new_table(masters, "tortuga", ["taken", "taken"])
        await master.claim(0, "Bob", bob)
        await master.chat(0, "hi", lambda: True)
        assert heard.events[-1]["kind"] == "chat" and heard.events[-1]["account"] == bob

    run(database_url, body)


# -- through real sockets ----------------------------------------------------------------------


def account(base: str, name: str) -> str:
    response = httpx.post(
        f"{base}/api/accounts", json={"name": name, "password": "correct horse"}, timeout=HASHING
    )
    assert response.status_code == 201, response.text
    return str(response.json()["session"])


def bearer(session: str) -> dict[str, str]:
    return {"authorization": f"Bearer {session}"}


def chat_texts(messages: list[dict[str, Any]]) -> list[str]:
    return [m["message"]["text"] for m in messages if m["type"] == "chat"]


def test_mute_report_and_vote_over_websocket_and_http(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url, handover_idle_seconds=IDLE) as server:
        base = server.url
        sessions = {name: account(base, name) for name in ("Anne", "Bob", "Cleo")}
        table = create_table(base, game="cartagena", players=3, seats=[{"kind": "invite"}] * 3)
        tokens = [s["token"] for s in table["seats"]]
        table_id = table["table"]

        async def main() -> None:
            async with Ws(base) as anne, Ws(base) as bob, Ws(base) as cleo:
                people = {"Anne": anne, "Bob": bob, "Cleo": cleo}
                for seat, (name, ws) in enumerate(people.items()):
                    await ws.hello(token=tokens[seat], session=sessions[name])
                await bob.send({"type": "chat", "text": "before"})
                for ws in people.values():
                    await ws.recv("chat")

                # Anne mutes Bob (by his seat): her connection no longer gets his lines.
                muted = httpx.post(
                    f"{base}/api/me/mutes",
                    json={"table": table_id, "seat": 1},
                    headers=bearer(sessions["Anne"]),
                )
                assert muted.status_code == 201 and muted.json() == {"muted": "Bob"}
                await asyncio.sleep(0.2)
                await bob.send({"type": "chat", "text": "after"})
                await cleo.send({"type": "chat", "text": "cleo here"})
                assert chat_texts(await anne.quiet(0.5)) == ["cleo here"]
                assert chat_texts(await cleo.quiet(0.3)) == ["after", "cleo here"]
                # Bob is never told: he gets the lines, and no word of the mute.
                got = await bob.quiet(0.3)
                assert chat_texts(got) == ["after", "cleo here"]
                assert all(m["type"] == "chat" for m in got), got

            # Coming back: the chat history leaves Bob's lines out for Anne only.
            async with Ws(base) as anne, Ws(base) as cleo:
                sync = await anne.hello(token=tokens[0], session=sessions["Anne"])
                assert [c["text"] for c in sync["chat"]] == ["cleo here"]
                sync = await cleo.hello(token=tokens[2], session=sessions["Cleo"])
                assert [c["text"] for c in sync["chat"]] == ["before", "after", "cleo here"]
                back = await anne.hello(token=tokens[0])  # a second hello is refused
                assert back["code"] == "already"
            async with Ws(base) as anne:
                back = await anne.hello(token=tokens[0], version=0)
                assert back["type"] == "update"
                assert [c["text"] for c in back["chat"]] == ["cleo here"]

        asyncio.run(main())
        listed = httpx.get(f"{base}/api/me/mutes", headers=bearer(sessions["Anne"]))
        assert listed.json() == [{"name": "Bob"}]
        assert httpx.get(f"{base}/api/me/mutes").status_code == 401
        own = httpx.post(
            f"{base}/api/me/mutes", json={"name": "anne"}, headers=bearer(sessions["Anne"])
        )
        assert own.status_code == 400 and own.json()["error"] == "own_seat"
        nobody = httpx.post(
            f"{base}/api/me/mutes", json={"name": "Zed"}, headers=bearer(sessions["Anne"])
        )
        assert nobody.status_code == 404
        gone = httpx.delete(f"{base}/api/me/mutes/Bob", headers=bearer(sessions["Anne"]))
        assert gone.json() == {"unmuted": "Bob"}
        again = httpx.delete(f"{base}/api/me/mutes/Bob", headers=bearer(sessions["Anne"]))
        assert again.status_code == 404
        # By name, and undone by the seat (as the table page does).
        by_name = httpx.post(
            f"{base}/api/me/mutes", json={"name": "cleo"}, headers=bearer(sessions["Bob"])
        )
        assert by_name.json() == {"muted": "Cleo"}
        seat_of_cleo = {"table": table_id, "seat": "2"}
        undone = httpx.delete(
            f"{base}/api/me/mutes", params=seat_of_cleo, headers=bearer(sessions["Bob"])
        )
        assert undone.json() == {"unmuted": "Cleo"}
        assert httpx.get(f"{base}/api/me/mutes", headers=bearer(sessions["Bob"])).json() == []

        # A report by Cleo's seat: only its number comes back.
        url = f"{base}/api/tables/{table_id}/reports"
        made = httpx.post(url, json={"seat": 1, "reason": "rude", "token": tokens[2]})
        assert made.status_code == 201 and set(made.json()) == {"report"}
        twice = httpx.post(url, json={"seat": 1, "reason": "rude", "token": tokens[2]})
        assert twice.status_code == 409 and twice.json()["error"] == "already_reported"
        for body, code in [
            ({"seat": 2, "reason": "me", "token": tokens[2]}, "own_seat"),
            ({"seat": 5, "reason": "x", "token": tokens[2]}, "bad_request"),
            ({"seat": 1, "reason": "", "token": tokens[2]}, "bad_request"),
            ({"seat": 1, "reason": "x"}, "unknown_token"),
        ]:
            answer = httpx.post(url, json=body)
            assert answer.json()["error"] == code, (body, answer.text)
        by_session = httpx.post(
            url, json={"seat": 1, "reason": "rude to me"}, headers=bearer(sessions["Anne"])
        )
        assert by_session.status_code == 201
        reports = server.run(server.server.masters.moderation.repository.reports())
        assert [r["reason"] for r in reports] == ["rude to me", "rude"]
        assert [c["text"] for c in reports[0]["evidence"]["chat"]] == [
            "before",
            "after",
            "cleo here",
        ]

        # The vote, at a new table: the seat asked first idles, the two others vote it to a
        # bot. (Its clock starts at the last claim, the last hello.)
        table = create_table(base, game="cartagena", players=3, seats=[{"kind": "invite"}] * 3)
        tokens = [s["token"] for s in table["seats"]]
        table_id = table["table"]

        async def vote() -> None:
            async with Ws(base) as anne, Ws(base) as bob, Ws(base) as cleo:
                people = [anne, bob, cleo]
                for seat, ws in enumerate(people):
                    await ws.hello(token=tokens[seat])
                started = await anne.until(
                    lambda m: (m.get("status") or m["table"]["status"]) == "active"
                )
                idle = started["view"]["to_move"][0]
                first, second = [s for s in range(3) if s != idle]
                await people[first].send({"type": "handover", "seat": idle})
                assert (await people[first].recv("error"))["code"] == "present"
                await asyncio.sleep(IDLE + 0.1)
                await people[first].send({"type": "handover", "seat": idle})
                told = await people[idle].recv("votes")
                assert told == {
                    "type": "votes",
                    "seat": idle,
                    "voters": [first],
                    "needed": 2,
                    "of": 2,
                }
                async with Ws(base) as late:
                    sync = await late.hello(table=table_id)
                    assert sync["votes"] == [
                        {"seat": idle, "voters": [first], "needed": 2, "of": 2}
                    ]
                await people[second].send({"type": "handover", "seat": idle, "agent": "random"})
                meta = (await people[idle].recv("table"))["table"]
                assert meta["seats"][idle]["agent"] == "random"
                assert (await people[idle].recv("votes"))["voters"] == []
                await people[idle].send({"type": "takeback"})
                meta = (await people[idle].recv("table"))["table"]
                while meta["seats"][idle]["agent"] is not None:
                    meta = (await people[idle].recv("table"))["table"]

        asyncio.run(vote())


def test_report_evidence_is_json(sqlite_url: str) -> None:
    """The evidence column holds JSON text a tool other than the server can read."""

    async def body(masters: Masters, heard: Heard) -> None:
        master, _ = await new_table(masters, "tortuga", ["taken", "taken"])
        await master.report(0, None, 1, "x")
        [report] = await masters.moderation.repository.reports(table_id=master.id)
        assert json.loads(json.dumps(report["evidence"]))["record"]["game"] == "tortuga"

    run(sqlite_url, body)
