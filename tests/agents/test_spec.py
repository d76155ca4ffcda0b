"""Agent specs parse the same everywhere (command line, server, remote seat) and fail in words."""

from __future__ import annotations

import pytest

from buccaneer.agents.spec import HUMAN, AgentSpec, AgentSpecError, parse_agent, parse_value
from buccaneer.core import OptionError


def test_a_name_with_parameters_is_parsed_and_labelled_as_written() -> None:
    spec = parse_agent(" ismcts:iterations=40:time=0.5 ")
    assert spec == AgentSpec("ismcts", {"iterations": 40, "time": 0.5})
    assert spec.label() == "ismcts:iterations=40:time=0.5"
    assert not spec.is_human
    assert parse_agent(HUMAN).is_human


def test_values_are_json_when_they_parse_else_text() -> None:
    assert parse_value("3") == 3
    assert parse_value("[1, 2]") == [1, 2]
    assert parse_value("fast") == "fast"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty agent name"),
        ("random:depth", "must look like KEY=VALUE"),
        ("ismcts:time=1:time=2", "time is given twice"),
        (
            "genius",
            "unknown agent 'genius'; available: "
            "guided, heuristic, ismcts, learned, level, random, human",
        ),
        ("human:x=1", "a human seat takes no parameters"),
    ],
)
def test_malformed_text_raises_agent_spec_error(text: str, words: str) -> None:
    with pytest.raises(AgentSpecError, match=words) as caught:
        parse_agent(text)
    assert isinstance(caught.value, ValueError)


def test_a_parameter_the_agent_refuses_is_its_option_error() -> None:
    with pytest.raises(OptionError, match="agent 'random'"):
        parse_agent("random:depth=3")
