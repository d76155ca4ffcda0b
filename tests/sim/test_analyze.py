"""`buccaneer analyze`'s engine: its figures are what its own tables say, its intervals cover
the truth where the truth is known, and neither depends on the workers, the chunks or a Ctrl-C
and a resume."""

from __future__ import annotations

import csv
import json
import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq
import pytest

from buccaneer import agents
from buccaneer.agents import RandomAgent
from buccaneer.agents.spec import AgentSpec
from buccaneer.core import Action, State, get_spec
from buccaneer.core.registry import REGISTERED
from buccaneer.sim.analysis import measures, tables
from buccaneer.sim.analysis.plan import Plan, Setting
from buccaneer.sim.analysis.run import analyze
from buccaneer.sim.analysis.trace import Course, leading_side
from buccaneer.sim.chunks import LEADER_POINTS, Chunk, play_chunk, replay_kernel_game
from tests.sim import biased

RANDOM = AgentSpec("random")
HEURISTIC = AgentSpec("heuristic")


def _plan(game: str, settings: list[Setting], games: int, seed: int = 3) -> Plan:
    return Plan(game, tuple(settings), games, seed, 20_000)


def _cartagena(players: int, variant: str, lineup: tuple[AgentSpec, ...]) -> Setting:
    engine = "compiled" if all(a == RANDOM for a in lineup) else "python"
    options = {"variant": variant, "layout": None, "start_player": 0}
    return Setting(players, options, lineup, engine)


# -- the truth is known -------------------------------------------------------------------


def test_intervals_cover_the_truth_on_a_game_of_known_bias(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first seat of `biased` wins 60% of games and a game lasts 3 actions on average: the
    95% intervals of 80 independent analyses of 200 games must cover those about 95% of the
    time (76 of 80 expected; under 70 is a 1-in-1000 event for honest intervals, and intervals
    a third too narrow would cover about 83% of the time)."""
    monkeypatch.setitem(REGISTERED, "biased", biased.SPEC)
    setting = Setting(2, {}, (RANDOM, RANDOM), "python")
    covered = {"first seat": 0, "start position": 0, "length": 0}
    runs = 80
    for run in range(runs):
        plan = _plan("biased", [setting], 200, seed=1 + 1000 * run)
        rows = [play_chunk(chunk) for chunk in plan.chunks()]
        figures = measures.figures(plan, tables.build(plan, rows))["settings"][0]
        checks = {
            "first seat": (figures["seats"][0]["ci95"], biased.FIRST_WINS),
            "start position": (figures["positions"][0]["ci95"], biased.FIRST_WINS),
            "length": (figures["length"]["actions"]["ci95"], biased.MEAN_LENGTH),
        }
        for name, ((low, high), truth) in checks.items():
            covered[name] += low <= truth <= high
    for name, count in covered.items():
        assert 70 <= count <= runs, (name, count)
    assert covered["first seat"] < runs  # a 95% interval misses now and then


def test_the_sentence_says_when_the_start_player_edge_is_more_than_chance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(REGISTERED, "biased", biased.SPEC)
    plan = _plan("biased", [Setting(2, {}, (RANDOM, RANDOM), "python")], 2000)
    rows = [play_chunk(chunk) for chunk in plan.chunks()]
    words = measures.figures(plan, tables.build(plan, rows))["settings"][0]["sentences"][0]
    assert words.startswith("The start player wins 59.1% of 2-player games (56.9%–61.2%), 9.1 ")
    assert "points above an even share (50.0%), more than chance explains" in words


# -- the report is its tables --------------------------------------------------------------


def _read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _wilson(k: float, n: int) -> tuple[float, float]:
    z = 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Plan, dict[str, Any]]:
    """3-player Cartagena, both versions, the heuristic and the kernel's random play, and one
    lineup with a random seat among heuristics (luck against skill)."""
    settings = [
        _cartagena(3, variant, lineup)
        for variant in ("jamaica", "tortuga")
        for lineup in ((HEURISTIC,) * 3, (RANDOM,) * 3, (RANDOM, HEURISTIC, HEURISTIC))
    ]
    plan = _plan("cartagena", settings, 60)
    folder = tmp_path_factory.mktemp("analysis")
    outcome = analyze(plan, folder, workers=1)
    return folder, plan, outcome.figures


def test_the_figures_equal_a_recomputation_from_the_csv(
    report: tuple[Path, Plan, dict[str, Any]],
) -> None:
    folder, _, figures = report
    games = _read_csv(folder / "games.csv")
    seats = _read_csv(folder / "seats.csv")
    points = _read_csv(folder / "checkpoints.csv")
    assert json.loads((folder / "figures.json").read_text())["settings"] == figures["settings"]
    for setting in figures["settings"]:
        tag = str(setting["setting"])
        mine = [g for g in games if g["setting"] == tag and g["finished"] == "True"]
        assert setting["finished"] == len(mine) == 60
        for seat in range(setting["players"]):
            rows = [s for s in seats if s["setting"] == tag and s["seat"] == str(seat)]
            wins = sum(float(s["win_share"]) for s in rows)
            entry = setting["seats"][seat]
            assert entry["wins"] == pytest.approx(wins)
            assert entry["ci95"] == pytest.approx(list(_wilson(wins, len(rows))))
            assert entry["score"]["mean"] == pytest.approx(
                sum(float(s["score"]) for s in rows) / len(rows)
            )
            at = [s for s in seats if s["setting"] == tag and s["position"] == str(seat)]
            assert setting["positions"][seat]["wins"] == pytest.approx(
                sum(float(s["win_share"]) for s in at)
            )
        actions = [int(g["actions"]) for g in mine]
        length = setting["length"]["actions"]
        assert length["mean"] == pytest.approx(sum(actions) / len(actions))
        assert length["median"] == pytest.approx(float(np.median(actions)))
        assert length["ci95"][0] < length["mean"] < length["ci95"][1]
        rounds = [int(g["rounds"]) for g in mine]
        assert setting["length"]["rounds"]["mean"] == pytest.approx(sum(rounds) / len(rounds))
        changes = [int(g["lead_changes"]) for g in mine]
        assert setting["lead_changes"]["mean"] == pytest.approx(sum(changes) / len(changes))
        for entry in setting["leaders"]:
            here = [
                p for p in points
                if p["setting"] == tag and p["percent"] == str(entry["percent"])
                and p["leader"] != ""
            ]  # fmt: skip
            held = sum(p["leader_won"] == "True" for p in here)
            assert entry["leader_wins"]["games"] == len(here)
            assert entry["leader_wins"]["wins"] == held
            # ... and the checkpoint rows agree with the games table's leaders and winners
            for p in here[:20]:
                game = next(g for g in mine if g["game"] == p["game"])
                assert game[f"leaders_{entry['percent']}"] == p["leaders"] == p["leader"]
                assert (p["leader"] in game["winners"].split(";")) == (p["leader_won"] == "True")


def test_the_luck_figures_equal_a_recomputation_from_the_csv(
    report: tuple[Path, Plan, dict[str, Any]],
) -> None:
    folder, _, figures = report
    games = _read_csv(folder / "games.csv")
    assert len(figures["luck"]) == 4  # per version: random and mixed lineups against heuristic
    for entry in figures["luck"]:
        a = {g["game"]: g["winners"] for g in games if g["setting"] == str(entry["base"])}
        b = {g["game"]: g["winners"] for g in games if g["setting"] == str(entry["other"])}
        changed = sum(a[k] != b[k] for k in a)
        assert entry["changed"]["wins"] == changed
        assert entry["changed"]["games"] == len(a) == 60
    mixed = [e for e in figures["luck"] if e["seats"]]
    assert all(len(e["seats"]) in {1, 3} for e in mixed)


def test_the_option_comparisons_equal_a_recomputation(
    report: tuple[Path, Plan, dict[str, Any]],
) -> None:
    folder, _, figures = report
    games = _read_csv(folder / "games.csv")
    assert len(figures["comparisons"]) == 3  # tortuga against jamaica, per lineup
    for comparison in figures["comparisons"]:
        length = next(m for m in comparison["measures"] if m["measure"] == "mean actions")

        def mean(tag: int) -> float:
            values = [int(g["actions"]) for g in games if g["setting"] == str(tag)]
            return sum(values) / len(values)

        assert length["diff"] == pytest.approx(mean(comparison["other"]) - mean(comparison["base"]))
        low, high = length["ci95"]
        assert low < length["diff"] < high


def test_parquet_holds_the_csv_data(report: tuple[Path, Plan, dict[str, Any]]) -> None:
    folder = report[0]
    for name in ("games", "seats", "checkpoints"):
        parquet = pq.read_table(folder / f"{name}.parquet").to_pylist()
        rows = _read_csv(folder / f"{name}.csv")
        assert len(parquet) == len(rows) > 0
        for got, want in zip(parquet[:50], rows[:50], strict=True):
            assert {k: str(v) for k, v in got.items()} == want


def test_the_report_is_one_self_contained_page_that_says_the_figures(
    report: tuple[Path, Plan, dict[str, Any]],
) -> None:
    folder, _, figures = report
    page = (folder / "report.html").read_text()
    assert "<img alt='' src='data:image/png;base64," in page
    assert "http://" not in page and "https://" not in page and "<script" not in page
    for setting in figures["settings"]:
        for sentence in setting["sentences"]:
            assert sentence.replace("'", "&#x27;") in page
    for replay in figures["replays"]:
        path = Path(replay["path"])
        record = json.loads(path.read_text())
        assert record["seed"] == int(replay["seed"])
        assert f"buccaneer replay {path}" in page


# -- the kernel's games are the reference engine's ----------------------------------------


@pytest.mark.parametrize("variant", ["jamaica", "tortuga"])
def test_a_kernel_chunk_is_the_reference_engine_replaying_its_choices(variant: str) -> None:
    spec = get_spec("cartagena")
    options = {"variant": variant, "layout": None, "start_player": 1}
    chunk = Chunk("cartagena", 3, options, (RANDOM,) * 3, 77, 5, 20, 20_000, engine="compiled")
    rows = play_chunk(chunk)
    for k in range(chunk.count):
        seed = 77 + 5 + k
        state = replay_kernel_game(spec, 3, options, seed, 20_000)
        course = Course.of(spec)
        # the same game watched move by move: replay it again under the Course
        watched = _watched_replay(spec, options, seed, course)
        assert watched.snapshot() == state.snapshot()
        assert rows.winners[k] == sum(1 << s for s in state.winners())
        assert rows.actions[k] == course.actions
        assert rows.turns[k] == course.turns
        assert rows.rounds[k] == course.rounds(3)
        assert rows.lead_changes[k] == course.lead_changes
        assert rows.first_seat[k] == course.first_seat == 1
        assert list(rows.leaders[k]) == [course.leaders_at(p) for p in LEADER_POINTS]
        assert list(rows.scores[k]) == state.scores()


def _watched_replay(spec: Any, options: dict[str, Any], seed: int, course: Course) -> State:
    from buccaneer.core import load  # noqa: PLC0415
    from buccaneer.core.rng import Rng, kernel_policy_seed  # noqa: PLC0415

    state = load("cartagena", 3, seed=seed, **options)
    course.start(state)
    pick = Rng(kernel_policy_seed(seed))
    while movers := state.to_move():
        course.before(state, movers)
        legal = state.legal_actions(movers[0])
        state.apply(movers[0], legal[pick.below(len(legal))])
        course.after(state)
    return state


# -- workers, chunks, Ctrl-C and resuming --------------------------------------------------


def _small_plan() -> Plan:
    return _plan(
        "cartagena",
        [_cartagena(2, "jamaica", (HEURISTIC,) * 2), _cartagena(2, "jamaica", (RANDOM,) * 2)],
        60,
    )


def test_the_figures_are_the_same_for_any_number_of_workers(tmp_path: Path) -> None:
    one = analyze(_small_plan(), tmp_path / "one", workers=1)
    two = analyze(_small_plan(), tmp_path / "two", workers=2)
    assert two.backend == "processes:2"
    assert one.figures["settings"] == two.figures["settings"]
    assert one.figures["luck"] == two.figures["luck"]
    for name in ("games.csv", "seats.csv", "checkpoints.csv"):
        assert (tmp_path / "one" / name).read_text() == (tmp_path / "two" / name).read_text()


class _Tires:
    """The heuristic until `limit` decisions in all, then Ctrl-C."""

    calls = 0

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.inner = RandomAgent()

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        _Tires.calls += 1
        if _Tires.calls > self.limit:
            raise KeyboardInterrupt
        return self.inner.act(state, seat, rng)


def test_ctrl_c_keeps_the_chunks_played_and_the_same_command_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = _plan("cartagena", [_cartagena(2, "jamaica", (AgentSpec("tired"),) * 2)], 100)
    make = agents.make
    monkeypatch.setattr(
        agents, "make", lambda name, **p: _Tires(40_000) if name == "tired" else make(name, **p)
    )
    _Tires.calls = 0
    first = analyze(plan, tmp_path / "run", workers=1)
    assert first.interrupted
    assert 0 < first.played < 100
    assert first.figures["settings"][0]["games"] == first.played  # reported: what was played
    _Tires.calls = -(10**9)  # no more Ctrl-C
    second = analyze(plan, tmp_path / "run", workers=1)
    assert not second.interrupted
    assert second.kept == first.played
    assert second.played == 100 - first.played
    _Tires.calls = -(10**9)
    whole = analyze(plan, tmp_path / "whole", workers=1)
    assert second.figures["settings"] == whole.figures["settings"]


def test_a_folder_of_another_analysis_is_refused_unless_fresh(tmp_path: Path) -> None:
    from buccaneer.core import OptionError  # noqa: PLC0415

    analyze(_plan("cartagena", [_cartagena(2, "jamaica", (RANDOM,) * 2)], 10), tmp_path)
    other = _plan("cartagena", [_cartagena(2, "tortuga", (RANDOM,) * 2)], 10)
    before = sorted(p.name for p in (tmp_path / "chunks").iterdir())
    with pytest.raises(OptionError, match="holds an analysis of other settings"):
        analyze(other, tmp_path)
    assert sorted(p.name for p in (tmp_path / "chunks").iterdir()) == before  # nothing lost
    outcome = analyze(other, tmp_path, fresh=True)
    assert outcome.kept == 0 and outcome.played == 10


def test_team_figures_equal_a_recomputation_from_the_csv(tmp_path: Path) -> None:
    """Tortuga 1667 at 5 players (a Dutch seat): each team's games and wins, and the team
    make-ups by agent, from seats.csv."""
    lineup = (AgentSpec("heuristic"), RANDOM, HEURISTIC, RANDOM, HEURISTIC)
    options = dict(get_spec("tortuga1667").new_state(5, 1, _defaults("tortuga1667")).options)
    plan = _plan("tortuga1667", [Setting(5, options, lineup, "python")], 40)
    figures = analyze(plan, tmp_path, workers=1).figures["settings"][0]
    seats = _read_csv(tmp_path / "seats.csv")
    games: dict[str, list[dict[str, str]]] = {}
    for row in seats:
        games.setdefault(row["game"], []).append(row)
    present: dict[str, int] = {}
    won: dict[str, int] = {}
    makeups: dict[str, list[int]] = {}
    for rows in games.values():
        for team in {r["team"] for r in rows}:
            members = [r for r in rows if r["team"] == team]
            team_won = any(r["won"] == "True" for r in members)
            present[team] = present.get(team, 0) + 1
            won[team] = won.get(team, 0) + team_won
            key = f"{team}: " + "+".join(sorted(r["agent"] for r in members))
            cell = makeups.setdefault(key, [0, 0])
            cell[0] += team_won
            cell[1] += 1
    assert figures["team_game"]
    rates = [p["rate"] for p in figures["positions"]]
    assert figures["start_player"]["even"] == pytest.approx(sum(rates) / len(rates))
    assert {t["team"]: (t["wins"], t["games"]) for t in figures["teams"]} == {
        t: (won[t], present[t]) for t in present
    }
    assert {"british", "french", "dutch"} <= set(present)
    assert {m["makeup"]: [m["wins"], m["games"]] for m in figures["makeups"]} == makeups
    assert any(f"The {t} win " in sentence for t in present for sentence in figures["sentences"])
    # a checkpoint's leader is a team, and it won when its team won that game
    won_in_game = {
        (game, row["team"]): any(r["won"] == "True" for r in rows if r["team"] == row["team"])
        for game, rows in games.items()
        for row in rows
    }
    points = [p for p in _read_csv(tmp_path / "checkpoints.csv") if p["leader"]]
    assert points
    for p in points:
        assert p["leader"] in present
        assert (p["leader_won"] == "True") == won_in_game[(p["game"], p["leader"])]


def test_a_side_leads_as_one_seat_or_as_one_whole_team() -> None:
    assert leading_side(0b0100, None) == 2
    assert leading_side(0b0110, None) is None  # a tie
    teams = ["british", "french", "british", "french", "dutch"]
    assert leading_side(0b00101, teams) == "british"
    assert leading_side(0b00001, teams) is None  # half of a team
    assert leading_side(0b10000, teams) == "dutch"
    assert leading_side(0b01111, teams) is None  # two teams tied


def _defaults(game: str) -> dict[str, Any]:
    return {name: option.default for name, option in get_spec(game).options.items()}
