"""Every game says who is ahead and whose turn it is (`GameSpec.standing`, `turn_of`:
`buccaneer analyze`'s leaders, comebacks and lengths), at every state of its games."""

from __future__ import annotations

import pytest

from buccaneer.sim.analysis.trace import Course
from tests.conformance.harness import CONFIGS, IDS, Config, playthrough

SEEDS = range(3)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_standing_and_turns_are_read_at_every_state(config: Config) -> None:
    spec = config.spec
    assert spec.standing is not None and spec.turn_of is not None
    for seed in SEEDS:
        course = Course.of(spec)
        rounds = []
        for state in playthrough(config, seed):
            standing = spec.standing(state)
            assert len(standing) == config.players
            assert all(isinstance(value, float) for value in standing)
            if not course.leaders:
                course.start(state)
            else:
                course.after(state)
            if state.to_move():
                round_, seat = spec.turn_of(state)
                assert 0 <= seat < config.players
                rounds.append(round_)
                course.before(state, state.to_move())
        assert all(mask and mask < 1 << config.players for mask in course.leaders)
        assert 1 <= course.turns <= course.actions
        assert rounds == sorted(rounds)  # a round count never goes back
        assert 1 <= course.rounds(config.players) <= course.turns
