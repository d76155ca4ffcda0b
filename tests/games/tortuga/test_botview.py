"""`bot_view` (botview.py): the heuristic's typed knowledge says, field by field, what
`view(seat)` says, and nothing the view hides (the twin walks check the second half for
every game; here each field is read back against the JSON view)."""

from __future__ import annotations

from typing import Any

import pytest

from buccaneer.games.tortuga.botview import BotView
from buccaneer.games.tortuga.components import (
    ACTION_INDEX,
    ACTIONS,
    COLOURS,
    DIE_LETTERS,
)
from tests.conformance.harness import CONFIGS, IDS, Config, sample_states

TORTUGA = [c for c in CONFIGS if c.spec.name == "tortuga"]
FACES = (*ACTIONS, "skull")


def colours(names: list[str]) -> tuple[int, ...]:
    return tuple(COLOURS.index(name) for name in names)


def faces(letters: dict[str, str | None], names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(-1 if (f := letters[d]) is None else names.index(f) for d in DIE_LETTERS)


def check(known: BotView, view: dict[str, Any], seat: int) -> None:
    assert known.seat == seat
    assert known.start_player == view["start_player"]
    assert known.goal == view["goal"] and known.phase == view["phase"]
    assert known.bag == tuple(view["bag_colours"][c] for c in COLOURS)
    assert known.center_island == colours(view["center_island"])
    assert known.treasure_tiles_left == view["treasure_tiles_left"]
    assert known.bonus_tiles_left == view["bonus_tiles_left"]
    mine = view["seats"][seat]["roll"]
    assert known.my_roll == (faces(mine, FACES) if mine else (-1,) * len(DIE_LETTERS))
    for entry, shown in zip(known.seats, view["seats"], strict=True):
        assert (entry.fleet_box, entry.crew_box) == (shown["fleet_box"], shown["crew_box"])
        assert entry.fleet_capacity == shown["fleet_capacity"]
        assert entry.crew_capacity == shown["crew_capacity"]
        for area in ("island", "crew", "fleet", "tortuga"):
            assert getattr(entry, area) == colours(shown[area])
        assert entry.bonus == tuple(shown["bonus"][a] for a in ACTIONS)
        assert entry.placed == faces(shown["dice"], ACTIONS)
        assert entry.dice_left == shown["dice_left"]
        assert entry.treasure_tiles == shown["treasure_tiles"]
    decision = view["decision"]
    if decision is None or decision["kind"] == "select":
        assert known.decision is None
        return
    assert known.decision is not None and known.decision.kind == decision["kind"]
    if decision["kind"] == "turn":
        assert known.decision.dice == tuple(DIE_LETTERS.index(d) for d in decision["dice"])
    elif decision["kind"] == "decide":
        assert known.decision.action == ACTION_INDEX[decision["action"]]
        assert known.decision.position == decision["position"]
    elif decision["kind"] == "seize":
        assert (known.decision.target, known.decision.area) == (
            decision["target"],
            decision["area"],
        )


@pytest.mark.parametrize("config", TORTUGA, ids=[i for i in IDS if i.startswith("tortuga-")])
def test_the_bots_knowledge_says_what_the_view_says(config: Config) -> None:
    kinds = set()
    for seed in range(6):
        for state in sample_states(config, seed=seed, every=2):
            if state.is_over():
                continue
            for seat in range(state.players):
                known = state.bot_view(seat)
                assert isinstance(known, BotView)
                check(known, state.view(seat), seat)
                kinds.add(known.decision.kind if known.decision else None)
    assert {None, "turn", "decide", "seize"} <= kinds  # every decision the bot reads was seen
