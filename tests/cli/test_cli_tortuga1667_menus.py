"""Tortuga 1667 at the terminal: a turn used to list 27 and more flat choices (10 pairs of event
cards to look at, 5 to reveal, a line per pair to point at, then the rest). The game's
`menu_group` now puts each kind of choice on one line of the first step, with the cards at the
second, as the browser's board asks for the cards after the kind of action."""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest
from rich.console import Console

import buccaneer
from buccaneer.cli_support.play import PlaySession
from buccaneer.core import Action

GAME = "tortuga1667"
SPEC = buccaneer.GAMES[GAME]
COUNTS = list(range(SPEC.min_players, SPEC.max_players + 1))


def _limit(players: int) -> int:
    """The longest first step allowed: 12 lines; with many players the Captain's turn may list
    every other pirate to point at beside looking, revealing, moving, attacking, marooning and
    a Treasure Map (players + 5: 13 at eight, 14 at nine)."""
    return max(12, players + 5)


def _first_steps(players: int, seed: int) -> list[tuple[list[Action], list[list[Action]]]]:
    """Every decision of a seeded random game, each seat of a simultaneous one too: the legal
    actions and the terminal's first-step menu for them (each line's actions)."""
    state = buccaneer.load(GAME, players=players, seed=seed)
    play = PlaySession(
        spec=SPEC,
        state=state,
        seed=seed,
        controllers=dict.fromkeys(range(players)),
        console=Console(file=io.StringIO()),
        read=lambda _prompt: None,
    )
    rng = random.Random(seed)
    found = []
    while movers := state.to_move():
        for seat in movers:
            legal = state.legal_actions(seat)
            found.append((legal, [entry.actions for entry in play._entries(seat, legal)]))
        seat = movers[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found


@pytest.mark.parametrize("players", COUNTS)
def test_no_first_step_is_long_and_every_action_stays_reachable(players: int) -> None:
    longest = 0
    for seed in range(3):
        for legal, menu in _first_steps(players, seed):
            assert len(menu) <= _limit(players), [group[0] for group in menu]
            reachable = Counter(action for group in menu for action in group)
            assert reachable == Counter(legal), "each action on exactly one line"
            longest = max(longest, *(len(group) for group in menu))
    assert longest <= 10, "no second step longer than the ten pairs of event cards"


def test_a_turn_groups_its_event_cards() -> None:
    """The decision that had 27 lines at two players: the turn, with its looks, reveals and
    points, here the first turn of a random game."""
    state = buccaneer.load(GAME, players=2, seed=0)
    rng = random.Random(0)
    while "look" not in {a.to_json()["type"] for a in state.legal_actions(state.to_move()[0])}:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    kinds = Counter(action.to_json()["type"] for action in legal)
    assert kinds["look"] == 10 and kinds["reveal"] == 5 and kinds["point"] == 10
    other = SPEC.seat_name(1 - seat)
    labels = {state.menu_group(action, seat) for action in legal} - {None}
    assert labels >= {
        "look at two event cards…",
        "reveal an event card…",
        f"point at two event cards for {other} to reveal one…",
    }
