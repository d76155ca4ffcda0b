"""Agent specs: an agent named as text (`ismcts:iterations=400`), parsed and checked.

The grammar lives here, below every user of it, so the command line, the server's bot pool and
the remote seat client all read the same words the same way without importing one another.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from buccaneer import agents
from buccaneer.agents.base import Agent

HUMAN = "human"
"""The name of a seat played by a person rather than an agent."""


class AgentSpecError(ValueError):
    """Text that does not name an agent; the message is worded for the person who wrote it.

    The command line shows it as its own usage error, the server refuses the seat with it."""


def parse_value(text: str) -> Any:
    """JSON when the text is JSON (`3`, `true`, `[1, 2]`), else the text itself.

    This lets `ismcts:iterations=400` and `ismcts:policy=fast` (and the command line's
    `-o layout=2A`, `-o start_player=1`) work without quoting rules.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


@dataclass(frozen=True)
class AgentSpec:
    """One agent as text names it: an agent name with parameters, or a human seat."""

    name: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def is_human(self) -> bool:
        return self.name == HUMAN

    def label(self) -> str:
        extra = "".join(f":{k}={v}" for k, v in self.params.items())
        return f"{self.name}{extra}"

    def make(self) -> Agent:
        # Looked up on the package at each call, so a test's stand-in for `agents.make` is used.
        return agents.make(self.name, **self.params)


def parse_agent(text: str) -> AgentSpec:
    """`NAME` or `NAME:KEY=VALUE:KEY=VALUE` (for example `ismcts:iterations=400`).

    A malformed text raises `AgentSpecError`; a parameter the agent refuses raises the agent's
    `OptionError`, checked now so a game never starts with a broken bot."""
    name, *params = text.strip().split(":")
    name = name.strip()
    if not name:
        raise AgentSpecError(f"empty agent name in {text!r}")
    values: dict[str, Any] = {}
    for param in params:
        key, sep, value = param.partition("=")
        if not sep or not key.strip():
            raise AgentSpecError(f"agent parameter {param!r} in {text!r} must look like KEY=VALUE")
        key = key.strip()
        if key in values:
            raise AgentSpecError(f"agent {name!r}: {key} is given twice in {text!r}")
        values[key] = parse_value(value.strip())
    if name != HUMAN and name not in agents.available():
        known = ", ".join([*agents.available(), HUMAN])
        raise AgentSpecError(f"unknown agent {name!r}; available: {known}")
    if name == HUMAN and values:
        raise AgentSpecError("a human seat takes no parameters")
    spec = AgentSpec(name, values)
    if not spec.is_human:
        spec.make()  # every parameter checked now, before a game starts (OptionError)
    return spec


__all__ = ["HUMAN", "AgentSpec", "AgentSpecError", "parse_agent", "parse_value"]
