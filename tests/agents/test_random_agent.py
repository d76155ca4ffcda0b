"""The random agent: legal, reproducible, and blind to what its seat cannot see."""

from __future__ import annotations

import pytest

from buccaneer import OptionError, agents


def test_registry() -> None:
    assert "random" in agents.available()
    with pytest.raises(OptionError, match="unknown agent 'alphago'"):
        agents.make("alphago")
    with pytest.raises(OptionError, match="takes no parameters"):
        agents.make("random", depth=3)
