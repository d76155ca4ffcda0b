"""Simulations of a team game report how often each team won."""

from __future__ import annotations

import json

from tests.cli.conftest import Invoke


def test_simulate_reports_team_win_rates(invoke: Invoke) -> None:
    result = invoke(["simulate", "tortuga1667", "-n", "12", "--players", "5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    teams = {t["team"]: t for t in data["teams"]}
    assert set(teams) == {"british", "french", "dutch"}
    assert all(t["games"] == 12 for t in teams.values())
    # With five players every game has exactly one winning team (the Dutch take ties).
    assert sum(t["wins"] for t in teams.values()) == 12


def test_games_without_teams_report_none(invoke: Invoke) -> None:
    result = invoke(["simulate", "cartagena", "-n", "3", "--players", "2", "--json"])
    assert json.loads(result.stdout)["teams"] == []
