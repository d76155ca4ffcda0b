"""What a seat cannot know never reaches it: twin walks over every game (issue 11, item 5).

A position is forked into twins that differ only in what seat `s` cannot know (`State.twin`:
hidden information resampled as `determinize` does, the *same* chance stream kept). The same
actions are then applied to both for a few dozen steps. Everything that leaves the engine for
`s` — its view, its legal actions and their descriptions, the log it may read, the board drawn
for it, its codec observation, the error it gets for an illegal move — must stay equal in the
twins until a rule reveals something to `s`.

A reveal is recognised in the log: both twins record an event of the same type that `s` may
see, with different contents (a card drawn, dice shown, a vote counted). Anything else that
tells the twins apart — a decision asked in one twin only, an event in one log only, a view
that changes with no event — is a leak. (Twins made by `determinize` alone and compared once
miss leaks of this kind: they copy the queue of pending decisions, so the difference shows only
later, when the hidden information is used.)
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rich.console import Console

from buccaneer.core import Event, IllegalAction, State
from buccaneer.core.codec import Codec, make_codec
from tests.conformance.harness import CONFIGS, IDS, Config, sample_states

WALK = 40  # steps per walk
SEEDS = (31, 32)  # games
POSITIONS = 12  # positions per game, each forked into twins for every seat and the spectator


def rendered(config: Config, view: dict[str, Any]) -> str:
    console = Console(width=100, record=True, color_system=None, force_terminal=False)
    with console.capture():
        console.print(config.spec.render(view))
    return console.export_text()


def seen_since(state: State, mark: int, seat: int | None) -> list[tuple[str, Any]]:
    return [(e.text, e.data) for e in state.log[mark:] if e.visible(seat)]


def diverged(a: list[tuple[str, Any]], b: list[tuple[str, Any]]) -> str | None:
    """None while the logs agree; "reveal" when they first differ in the contents of events of
    the same type; "leak" when one has an event the other has not, or of another type, or the
    same words with other data (an event's data states no more than its words, and the
    browser writes the line from the data)."""
    for x, y in zip(a, b, strict=False):
        if x != y:
            if x[0] == y[0]:
                return "leak"
            return "reveal" if x[1].get("type") == y[1].get("type") else "leak"
    return None if len(a) == len(b) else "leak"


def refusal(state: State, seat: int, action: Any) -> str:
    try:
        state.clone().apply(seat, action)
    except IllegalAction as exc:
        return str(exc)
    return "accepted"


class Walk:
    """One pair of twins and the seat watching them."""

    def __init__(self, config: Config, codec: Codec, a: State, b: State, seat: int | None):
        self.config, self.codec, self.a, self.b, self.seat = config, codec, a, b, seat
        self.marks = (len(a.log), len(b.log))

    def fail(self, what: str, x: Any, y: Any, step: int) -> None:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        log = [e.text for e in self.a.log[self.marks[0] :] if e.visible(self.seat)][-6:]
        pytest.fail(
            f"{self.config.id}: twins differing only in what the {who} cannot know look "
            f"different to it after {step} steps ({what}), with no reveal in its log.\n"
            f"twin A: {x!r}\ntwin B: {y!r}\nits log lately: {log}"
        )

    def compare(self, step: int) -> bool:
        """False once a rule revealed something to the seat (the walk ends there)."""
        a, b, seat = self.a, self.b, self.seat
        log_a, log_b = seen_since(a, self.marks[0], seat), seen_since(b, self.marks[1], seat)
        state_of_logs = diverged(log_a, log_b)
        if state_of_logs == "reveal":
            return False
        if state_of_logs == "leak":
            self.fail("the log", log_a, log_b, step)
        if a.is_over() != b.is_over():
            self.fail("whether the game is over", a.is_over(), b.is_over(), step)
        if a.is_over():
            return False  # the end reveals hidden hands, coins and loyalties
        view_a, view_b = a.view(seat), b.view(seat)
        if view_a != view_b:
            keys = [k for k in view_a if view_a[k] != view_b.get(k)]
            self.fail(f"view keys {keys}", {k: view_a[k] for k in keys}, view_b, step)
        if seat is not None:
            legal_a = [x.to_json() for x in a.legal_actions(seat)]
            legal_b = [x.to_json() for x in b.legal_actions(seat)]
            if legal_a != legal_b:
                self.fail("legal actions", legal_a, legal_b, step)
            if a.bot_view(seat) != b.bot_view(seat):
                self.fail("the bots' view", a.bot_view(seat), b.bot_view(seat), step)
            words_a = [a.describe(x, seat) for x in a.legal_actions(seat)]
            words_b = [b.describe(x, seat) for x in b.legal_actions(seat)]
            if words_a != words_b:
                self.fail("menu words", words_a, words_b, step)
            tensor_a = self.codec.observation_tensor(view_a)
            tensor_b = self.codec.observation_tensor(view_b)
            if tensor_a.tolist() != tensor_b.tolist():
                self.fail("observation", tensor_a, tensor_b, step)
            for action in self.probes(a) if step % 4 == 0 else ():
                said_a, said_b = refusal(a, seat, action), refusal(b, seat, action)
                if said_a != said_b:
                    self.fail(f"the refusal of {action.to_json()}", said_a, said_b, step)
        # The board drawn for the seat is a function of its view alone
        # (`test_the_board_drawn_depends_on_the_view_alone`), so equal views draw equal
        # boards: drawing them here too (four fifths of this test's time, when it did) could
        # not fail.
        return True

    def probes(self, state: State) -> list[Any]:
        """A few actions the seat may not take now: what would it be told?"""
        assert self.seat is not None
        legal = set(map(id, state.legal_actions(self.seat)))
        others = [x for s in state.to_move() if s != self.seat for x in state.legal_actions(s)]
        pool = [self.codec.id_to_action(i) for i in range(0, self.codec.num_actions, 17)]
        return [x for x in [*others[:2], *pool[:4]] if id(x) not in legal]

    def run(self, rng: random.Random) -> int:
        """Walk until the end, a reveal or WALK steps; the number of steps compared."""
        for step in range(WALK):
            if not self.compare(step):
                return step
            for mover in self.a.to_move():
                legal_b = self.b.legal_actions(mover)
                common = [x for x in self.a.legal_actions(mover) if x in legal_b]
                if not common:
                    return step  # the other seat's hidden hand allows nothing in common
                action = common[rng.randrange(len(common))]
                self.a.apply(mover, action)
                self.b.apply(mover, action)
        return WALK


def positions(config: Config, seed: int, count: int) -> list[State]:
    """`count` positions spread over one random game (its end excluded)."""
    states = [s for s in sample_states(config, seed=seed, every=1) if not s.is_over()]
    step = max(1, len(states) // count)
    return states[::step][:count]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_twins_look_alike_to_the_seat_until_a_reveal(config: Config) -> None:
    codec = make_codec(config.spec.name, config.players, **config.options)
    rng = random.Random(2024)
    walked = 0
    for seed in SEEDS:
        for i, state in enumerate(positions(config, seed, POSITIONS)):
            for seat in [None, *range(config.players)]:
                twin = state.twin(seat, random.Random(i))
                walked += Walk(config, codec, state.clone(), twin, seat).run(rng)
    assert walked > 0


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_board_drawn_depends_on_the_view_alone(config: Config) -> None:
    """The renderer is given the seat's view and nothing else, and reads nothing else: the
    same view, fresh from JSON (no object shared with the state), draws the same board, twice.
    So no board drawn for a seat can tell twins apart whose views are equal."""
    states = [s for s in sample_states(config, seed=SEEDS[0], every=1)]
    for state in states[:: max(1, len(states) // 4)]:
        for seat in [None, *range(config.players)]:
            view = state.view(seat)
            board = rendered(config, view)
            assert rendered(config, json.loads(json.dumps(view))) == board
            assert rendered(config, view) == board


def test_a_reveal_and_a_leak_are_told_apart() -> None:
    """The classification the walks rely on."""
    drew = ("Red drew key", {"type": "drew"})
    drew_other = ("Red drew hat", {"type": "drew"})
    kept = ("Ani keeps a tile", {"type": "keep"})
    assert diverged([drew], [drew]) is None
    assert diverged([drew], [drew_other]) == "reveal"
    assert diverged([drew], [kept]) == "leak"
    assert diverged([], [kept]) == "leak"
    # The same words carrying a hidden fact in their data.
    assert diverged([drew], [("Red drew key", {"type": "drew", "next": "hat"})]) == "leak"
    assert isinstance(Event("x").data, dict)
