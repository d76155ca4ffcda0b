"""Loyalty beliefs (belief.py) and the public evidence they weigh (bot_evidence.py).

The belief is part of what a seat knows, so it is held to the rule of every view: twins that
differ only in what the seat cannot know believe the same, and keep believing the same while
they play on. Beyond that: it is a probability over exactly the deals the seat cannot rule out,
it moves towards the truth when a seat shows its colours in the open, and search draws its
worlds from it.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import buccaneer
from buccaneer import agents
from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.rng import Rng
from buccaneer.games.tortuga1667 import Tortuga1667State
from buccaneer.games.tortuga1667.actions import Stow, Target
from buccaneer.games.tortuga1667.belief import deals, draw, marginals, seat_belief
from buccaneer.games.tortuga1667.bot_beliefs import Ctx
from buccaneer.games.tortuga1667.components import BRITISH, FRENCH, TEAMS, team_sizes
from buccaneer.sim.games import play_game

HEURISTIC = agents.make("heuristic")


def load(players: int, seed: int, **options: Any) -> Tortuga1667State:
    state = buccaneer.load("tortuga1667", players=players, seed=seed, **options)
    assert isinstance(state, Tortuga1667State)
    return state


def play(state: Tortuga1667State, rng: random.Random, mix: float = 0.3) -> Iterator[None]:
    """Play `state` to its end, a share `mix` of moves random, the rest the heuristic's;
    yields before every step."""
    while not state.is_over():
        yield
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            if rng.random() < mix:
                action = legal[rng.randrange(len(legal))]
            else:
                action = HEURISTIC.act(state, seat, rng)
            state.apply(seat, action)


def truth_share(state: Tortuga1667State, seat: int | None, other: int) -> float:
    belief = state.belief(seat)
    return sum(p for assignment, p in belief if assignment[other] == TEAMS[state.loyalty[other]])


@pytest.mark.parametrize("players", [3, 5, 6])
def test_twins_believe_the_same_while_they_look_the_same(players: int) -> None:
    """A twin differs from the game only in what `seat` cannot know (the others' loyalty and
    vote cards, the face-down row, the decks) and keeps learning from the table as the game
    does. Played on with the same actions, the two give `seat` equal beliefs as long as its
    views are equal (until a rule reveals something that differs, such as a vote's cards; the
    conformance twin walks check the views themselves, `loyalty_evidence` included)."""
    compared = learned = 0
    for seed in range(24):
        state = load(players, seed)
        rng = random.Random(seed + 100)
        for _ in zip(range(rng.randrange(2, 30)), play(state, rng), strict=False):
            pass
        seat = rng.randrange(players)
        twin = state.twin(seat, random.Random(seed))
        assert twin.snapshot() != state.snapshot()
        start = state.evidence
        while not state.is_over() and twin.view(seat) == state.view(seat):
            assert twin.belief(seat) == state.belief(seat)
            compared += 1
            learned += state.evidence != start
            for mover in state.to_move():
                theirs = twin.legal_actions(mover)
                common = [x for x in state.legal_actions(mover) if x in theirs]
                if not common:
                    break
                pick = HEURISTIC.act(state, mover, rng)
                action = pick if pick in common else common[rng.randrange(len(common))]
                state.apply(mover, action)
                twin.apply(mover, action)
            else:
                continue
            break
    assert compared > 30
    assert learned > 5, "the twins never learned anything from the table"


def test_the_evidence_is_public_and_in_every_view() -> None:
    state = load(5, 3)
    for _ in zip(range(40), play(state, random.Random(3)), strict=False):
        pass
    rows = [list(row) for row in state.evidence]
    assert any(any(row) for row in rows)
    for seat in [None, *range(5)]:
        assert state.view(seat)["loyalty_evidence"] == rows


@pytest.mark.parametrize("players", [2, 3, 4, 5, 7, 9])
def test_a_belief_is_a_probability_over_exactly_the_deals_the_seat_cannot_rule_out(
    players: int,
) -> None:
    state = load(players, 11)
    for step, _ in enumerate(play(state, random.Random(11))):
        if step % 15:
            continue
        for seat in [None, *range(players)]:
            belief = state.belief(seat)
            assert math.isclose(sum(p for _a, p in belief), 1.0, rel_tol=1e-9)
            probabilities = [p for _a, p in belief]
            assert probabilities == sorted(probabilities, reverse=True)
            sizes = team_sizes(players)
            shown = state.memory[seat].get("loyalties", {}) if seat is not None else {}
            assignments = [a for a, _p in belief]
            assert len(set(assignments)) == len(assignments)
            for assignment in assignments:
                counts = Counter(assignment)
                assert tuple(counts[t] for t in TEAMS) == sizes
                if seat is not None:
                    assert assignment[seat] == TEAMS[state.loyalty[seat]]
                for s, team in shown.items():
                    assert assignment[s] == TEAMS[team]
            # every deal the seat cannot rule out is there: the multinomial count
            free = players - (seat is not None) - len(shown)
            left = list(sizes)
            if seat is not None:
                left[state.loyalty[seat]] -= 1
            for team in shown.values():
                left[team] -= 1
            expected = math.factorial(free)
            for count in left:
                expected //= math.factorial(count)
            assert len(belief) == expected
    # once the game is over every card is shown: one deal, certain
    for seat in [None, *range(players)]:
        assert state.belief(seat) == [(tuple(TEAMS[t] for t in state.loyalty), 1.0)]


def test_with_two_players_the_other_nation_is_certain_and_nothing_is_tracked() -> None:
    state = load(2, 5)
    for _ in zip(range(30), play(state, random.Random(5)), strict=False):
        pass
    assert not state.track_evidence
    belief = state.belief(0)
    assert len(belief) == 1 and belief[0][1] == 1.0
    assert belief[0][0][1] == TEAMS[1 - state.loyalty[0]]


def first_stow(players: int, seed: int) -> Tortuga1667State:
    """A game at its first decision: a captain placing its first chest."""
    state = load(players, seed)
    assert state.queue[0][0] == "setup_chest", state.queue[0]
    return state


@pytest.mark.parametrize("into", [BRITISH, FRENCH])
def test_a_captain_stowing_its_first_chest_in_a_hold_is_believed_of_that_nation(
    into: int,
) -> None:
    """ "legt ... zijn schatkist in een van de ruimen van zijn schip": the heuristic (the public
    model of play) stows in its own nation's hold, so the table should now lean that way about
    the captain, from every other seat's point of view."""
    state = first_stow(6, 2)
    captain = state.to_move()[0]
    before = {s: state.belief(s) for s in range(6)}
    (stow,) = [a for a in state.legal_actions(captain) if isinstance(a, Stow) and a.into == into]
    state.apply(captain, stow)
    row = state.evidence[captain]
    assert row[into] > row[1 - into]
    for seat in range(6):
        if seat == captain:
            continue
        p_before = sum(p for a, p in before[seat] if a[captain] == TEAMS[into])
        p_after = sum(p for a, p in state.belief(seat) if a[captain] == TEAMS[into])
        assert p_after > p_before + 0.2, (seat, p_before, p_after)


def test_an_illegal_action_changes_no_evidence() -> None:
    state = first_stow(5, 4)
    captain = state.to_move()[0]
    evidence = state.evidence
    other = (captain + 1) % 5
    with pytest.raises(IllegalAction):
        state.apply(other, state.legal_actions(captain)[0])
    with pytest.raises(IllegalAction):
        state.apply(captain, {"type": "stow", "into": "dutch"})
    assert state.evidence == evidence


def test_cabin_fever_pools_the_two_seats_evidence() -> None:
    """ "De Loyaliteitskaarten van beide spelers worden geschud en teruggegeven": after it,
    what either did before may speak for the other's card, so their rows become one."""
    for seed in range(200):
        state = load(5, seed, star_cards=["cabin_fever", "facade", "pirate_code"])
        rng = random.Random(seed)
        for _ in play(state, rng, mix=0.0):
            if state.queue and not state.voting and state.queue[0][0] == "fever":
                caster = state.queue[0][1]
                legal = state.legal_actions(caster)
                target = legal[0]
                assert isinstance(target, Target)
                state.apply(caster, target)
                assert state.evidence[caster] == state.evidence[target.seat]
                return
    pytest.fail("no game in 200 reached Cabin Fever")


def test_search_draws_its_worlds_from_the_belief() -> None:
    """`determinize_by_belief`: the others' loyalties follow `belief(seat)` (the likeliest deal
    about as often as its probability says), never a deal the seat has ruled out; plain
    `determinize` still draws every allowed deal alike."""
    state = load(5, 8)
    for _ in zip(range(45), play(state, random.Random(8), mix=0.0), strict=False):
        pass
    seat = 0
    belief = state.belief(seat)
    top, p_top = belief[0]
    assert p_top > 0.3
    rng = random.Random(1)
    draws = 600
    weighed = Counter(
        tuple(TEAMS[t] for t in state.determinize_by_belief(seat, rng).loyalty)
        for _ in range(draws)
    )
    allowed = {a for a, _p in belief}
    assert set(weighed) <= allowed
    assert abs(weighed[top] / draws - p_top) < 0.06
    uniform = Counter(
        tuple(TEAMS[t] for t in state.determinize(seat, rng).loyalty) for _ in range(draws)
    )
    assert abs(uniform[top] / draws - 1 / len(belief)) < 0.06
    # the seat's own bot view is the same in both kinds of world
    assert state.determinize_by_belief(seat, rng).bot_view(seat) == state.bot_view(seat)


def test_draw_follows_the_probabilities() -> None:
    belief = ((((0, 1)), 0.25), (((1, 0)), 0.75))
    chance = Rng(3)
    counts = Counter(draw(belief, chance) for _ in range(4000))
    assert abs(counts[(1, 0)] / 4000 - 0.75) < 0.03


def test_deals_refuse_what_the_cards_cannot_give() -> None:
    assert deals(4, (BRITISH, BRITISH, BRITISH, -1)) == ()
    assert len(deals(9, (-1,) * 9)) == math.factorial(9) // (24 * 24)


def test_the_marginals_of_a_seats_belief_match_the_heuristics_read() -> None:
    """The heuristic reads the same evidence (`bot_beliefs.beliefs`): its friend/foe odds for
    every other seat are the belief's marginals."""
    state = load(6, 9)
    for _ in zip(range(40), play(state, random.Random(9), mix=0.0), strict=False):
        pass
    seat = state.to_move()[0]
    ctx = Ctx(state.bot_view(seat))
    rows = marginals(seat_belief(state, seat), 6)
    mine = state.loyalty[seat]
    for s in range(6):
        if s != seat:
            assert math.isclose(ctx.pf[s], rows[s][mine], abs_tol=1e-12)
            assert math.isclose(ctx.pe[s], rows[s][1 - mine], abs_tol=1e-12)


def test_the_agents_parameters_for_beliefs_are_checked() -> None:
    with pytest.raises(OptionError, match="worlds"):
        agents.make("ismcts", worlds="peek")
    with pytest.raises(OptionError, match="evidence"):
        agents.make("heuristic", evidence="yes")
    assert agents.make("ismcts", worlds="uniform").worlds == "uniform"  # type: ignore[attr-defined]


def test_a_game_of_agents_that_read_no_view_keeps_no_evidence() -> None:
    """`simulate` and tournaments of random agents turn the evidence off (it would be worked
    out for no one); a game with any agent that reads views keeps it."""
    random_bot = agents.make("random")
    state, _count, finished = play_game(
        game="tortuga1667", players=5, seed=3, options={}, bots=[random_bot] * 5, max_actions=5000
    )
    assert isinstance(state, Tortuga1667State)
    assert finished and not state.track_evidence
    assert state.evidence == ((0.0, 0.0, 0.0, 0.0),) * 5
    state, _count, finished = play_game(
        game="tortuga1667",
        players=5,
        seed=3,
        options={},
        bots=[random_bot] * 4 + [HEURISTIC],
        max_actions=5000,
    )
    assert isinstance(state, Tortuga1667State)
    assert state.track_evidence and any(map(any, state.evidence))
    state.keep_beliefs(True)
    assert state.track_evidence
    two = load(2, 1)
    two.keep_beliefs(True)
    assert not two.track_evidence
