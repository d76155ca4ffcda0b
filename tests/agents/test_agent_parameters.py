"""Every agent parameter is type-checked when the agent is made (issue 11, item 12): a wrong
type or range is one `OptionError` naming the parameter, from Python and from the command."""

from __future__ import annotations

import math
from typing import Any

import pytest

import buccaneer
from buccaneer import agents


@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"time": "abc"}, "time"),
        ({"time": True}, "time"),
        ({"time": 0}, "time"),
        ({"time": -1.5}, "time"),
        ({"time": math.nan}, "time"),
        ({"time": math.inf}, "time"),
        ({"time": [1]}, "time"),
        ({"iterations": 1.5}, "iterations"),
        ({"iterations": 2.0}, "iterations"),
        ({"iterations": True}, "iterations"),
        ({"iterations": 0}, "iterations"),
        ({"iterations": "400"}, "iterations"),
        ({"exploration": "x"}, "exploration"),
        ({"exploration": False}, "exploration"),
        ({"exploration": -0.1}, "exploration"),
        ({"exploration": math.nan}, "exploration"),
        ({"prior": "half"}, "prior"),
        ({"prior": True}, "prior"),
        ({"prior": 1.5}, "prior"),
        ({"prior": math.nan}, "prior"),
        ({"max_rollout": 2.5}, "max_rollout"),
        ({"max_rollout": True}, "max_rollout"),
        ({"max_rollout": -1}, "max_rollout"),
        ({"opponents": 3}, "opponents"),
        ({"opponents": "all"}, "opponents"),
        ({"rollout": 3}, "rollout"),
        ({"rollout": "smart"}, "rollout"),
        ({"depth": 2}, "depth"),
    ],
)
def test_ismcts_refuses_a_wrong_parameter_by_name(params: dict[str, Any], named: str) -> None:
    with pytest.raises(buccaneer.OptionError) as caught:
        agents.make("ismcts", **params)
    message = str(caught.value)
    assert named in message
    assert "not supported between" not in message and "TypeError" not in message


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"iterations": 1},
        {"time": 1},
        {"time": 0.25},
        {"iterations": 10, "time": 2},
        {"exploration": 0},
        {"exploration": 1.4},
        {"prior": 0},
        {"prior": 1},
        {"prior": 0.5},
        {"max_rollout": 0},
        {"max_rollout": 40},
        {"opponents": "tree"},
        {"rollout": "random"},
    ],
)
def test_ismcts_accepts_sound_parameters(params: dict[str, Any]) -> None:
    agent = agents.make("ismcts", **params)
    assert agent.name == "ismcts"


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_agents_without_parameters_name_the_one_given(name: str) -> None:
    with pytest.raises(buccaneer.OptionError) as caught:
        agents.make(name, speed=2)
    assert "speed" in str(caught.value) and name in str(caught.value)


def test_an_agent_name_must_be_a_known_string() -> None:
    with pytest.raises(buccaneer.OptionError, match="unknown agent"):
        agents.make(3)  # type: ignore[arg-type]
