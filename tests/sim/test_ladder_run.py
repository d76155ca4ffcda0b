"""Running a ladder: Ctrl-C keeps every finished game, and the rest is played on the next run."""

from __future__ import annotations

from pathlib import Path

import pytest

from buccaneer.sim import Entrant, GameResult
from buccaneer.sim.ladder_run import Ladder, open_store, plan, play, report

FIELD = [Entrant("random", "random"), Entrant("heuristic", "heuristic")]


def _ladder(games: int = 2) -> Ladder:
    return plan(
        fields={"cartagena": FIELD}, player_counts={"cartagena": [2, 3]}, games=games, seed=3
    )


def test_ctrl_c_keeps_what_was_played_and_a_rerun_plays_the_rest(tmp_path: Path) -> None:
    ladder = _ladder()
    total = len(ladder.slots)
    seen: list[GameResult] = []

    def interrupt_after_three(result: GameResult) -> None:
        seen.append(result)
        if len(seen) == 3:
            raise KeyboardInterrupt  # as Ctrl-C does, between two games

    play(ladder, open_store(ladder, tmp_path), on_result=interrupt_after_three)
    assert ladder.interrupted and len(ladder.done) == 3
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 3

    again = _ladder()
    store = open_store(again, tmp_path)
    assert set(again.done) == set(ladder.done)
    assert len(again.missing()) == total - 3
    play(again, store)
    assert not again.interrupted and len(again.done) == total

    whole = _ladder()
    play(whole, open_store(whole, tmp_path / "whole"))
    about = {"command": "", "date": "", "machine": {}}
    resumed, straight = report(again, about)["results"], report(whole, about)["results"]
    for key in ("ratings", "head_to_head"):  # the same figures (times per move aside)
        assert resumed["cartagena"][key] == straight["cartagena"][key]


def test_a_folder_of_another_ladder_is_refused(tmp_path: Path) -> None:
    ladder = _ladder()
    play(ladder, open_store(ladder, tmp_path))
    other = plan(fields={"cartagena": FIELD}, player_counts={"cartagena": [2]}, games=2, seed=3)
    with pytest.raises(ValueError, match=r"other settings \(games differ\)"):
        open_store(other, tmp_path)


def test_a_larger_n_extends_a_ladder_and_a_smaller_one_is_refused(tmp_path: Path) -> None:
    short = _ladder(games=1)
    play(short, open_store(short, tmp_path))
    longer = _ladder(games=3)
    store = open_store(longer, tmp_path)
    assert set(longer.done) == set(short.done)  # the first round is the same games
    assert len(longer.missing()) == len(longer.slots) - len(short.slots)
    play(longer, store)
    straight = _ladder(games=3)
    play(straight, open_store(straight, tmp_path / "straight"))
    about = {"command": "", "date": "", "machine": {}}
    assert (
        report(longer, about)["results"]["cartagena"]["ratings"]
        == (report(straight, about)["results"]["cartagena"]["ratings"])
    )
    with pytest.raises(ValueError, match="holds a ladder of -n 3"):
        open_store(_ladder(games=2), tmp_path)


def test_an_agent_that_has_not_played_gets_no_level(tmp_path: Path) -> None:
    three = [*FIELD, Entrant("ismcts", "ismcts", {"iterations": 1})]
    ladder = plan(fields={"cartagena": three}, player_counts={"cartagena": [2]}, games=1, seed=3)

    def stop(_: GameResult) -> None:
        raise KeyboardInterrupt

    play(ladder, open_store(ladder, tmp_path), on_result=stop)
    data = report(ladder, {"command": "", "date": "", "machine": {}})
    assert data["played"] == 1 and data["interrupted"]
    ratings = data["results"]["cartagena"]["ratings"]["all"]
    assert ratings["ismcts"]["seats"] == 0
    assert [lv["agent"] for lv in data["levels"]["cartagena"]] == ["random", "heuristic"]
