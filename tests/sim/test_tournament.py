"""Tournaments end to end: same results on every backend, records that replay, Ctrl-C safe."""

from __future__ import annotations

import pytest

import buccaneer
from buccaneer import OptionError
from buccaneer.core import GameRecord
from buccaneer.sim import Entrant, GameResult, Tournament, plan, play

FIELD = [Entrant("random", "random"), Entrant("heuristic", "heuristic")]


def small(games: int = 4, players: tuple[int, ...] = (2, 3)) -> Tournament:
    return plan(
        game="cartagena",
        entrants=FIELD,
        player_counts=list(players),
        games=games,
        seed=5,
        options={"variant": "tortuga"},
    )


def outcome(results: list[GameResult]) -> list[tuple[int, tuple[str, ...], tuple[int, ...]]]:
    return sorted((r.index, r.seats, r.winners) for r in results)


def test_processes_play_exactly_the_games_played_here() -> None:
    here = play(small())
    pooled = play(small(), workers=2)
    assert len(here.results) == 8
    assert outcome(here.results) == outcome(pooled.results)
    assert pooled.backend == "processes:2"


def test_every_saved_record_replays_to_the_reported_result() -> None:
    data = play(small(games=3, players=(2,))).to_json()
    assert data["format"] == "buccaneer-tournament/1" and data["played"] == 3
    for game in data["games"]:
        state = buccaneer.replay(GameRecord.from_dict(game["record"]))
        assert state.is_over() == game["finished"]
        assert state.winners() == game["winners"]
        assert [float(x) for x in state.scores()] == game["scores"]
    summary = data["summary"]
    assert summary["bots"]["heuristic"]["games"] == 3
    assert set(summary["ratings"]) == {"random", "heuristic"}
    assert summary["by_players"]["2"]["head_to_head"]["heuristic"]["random"]["games"] == 3


def test_ctrl_c_keeps_the_games_already_played() -> None:
    seen: list[GameResult] = []

    def stop_after_two(result: GameResult) -> None:
        seen.append(result)
        if len(seen) == 2:
            raise KeyboardInterrupt

    tournament = play(small(), on_result=stop_after_two)
    assert tournament.interrupted
    assert len(tournament.results) == 2
    assert tournament.to_json()["summary"]["games"] == 2


def test_team_games_report_teams() -> None:
    tournament = play(
        plan(
            game="tortuga1667",
            entrants=FIELD,
            player_counts=[4],
            games=3,
            seed=1,
            options={},
        )
    )
    teams = tournament.summary()["teams"]
    assert teams and sum(row["games"] for row in teams) >= 6  # two teams a game at least
    assert all(r.teams is not None for r in tournament.results)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"player_counts": [6]}, "2-5 players, not 6"),
        ({"games": 0}, "at least 1"),
        ({"options": {"variant": "havana"}}, "variant"),
        ({"entrants": [Entrant("x", "random"), Entrant("y", "ismcts", {"depth": 2})]}, "depth"),
        ({"entrants": [Entrant("x", "random")]}, "two different bots"),
    ],
)
def test_mistakes_are_caught_before_any_game(change: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {
        "game": "cartagena",
        "entrants": FIELD,
        "player_counts": [2],
        "games": 2,
        "seed": 0,
        "options": {},
    }
    arguments.update(change)
    with pytest.raises(OptionError, match=message):
        plan(**arguments)  # type: ignore[arg-type]


def test_workers_must_be_positive() -> None:
    with pytest.raises(OptionError, match="at least 1"):
        play(small(), workers=0)
