"""The fast paths of the Cartagena engine and bot say exactly what the slow ones said.

- `bot_view(seat)` holds what `view(seat)` holds, field by field, and no more;
- `determinize` deals the same world as `from_view(view(seat))` with the same rng;
- the inline shuffle (rules_chance.py) draws what `Rng.shuffle` draws;
- the board tables (components.py) are what their definitions say;
- the bot, reading the typed view and making its own candidates, picks what the bot that read
  the JSON view and `legal_actions` picked (`reference_choice` below is that bot, kept here as
  the specification of the decisions).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import buccaneer
from buccaneer.core.rng import Rng
from buccaneer.core.state import Action
from buccaneer.games.cartagena import Back, CartagenaState, Forward, position
from buccaneer.games.cartagena.actions import END_TURN
from buccaneer.games.cartagena.bot import CartagenaBot, card_value, winning_action
from buccaneer.games.cartagena.botview import BotView
from buccaneer.games.cartagena.components import (
    ACTIONS_PER_TURN,
    BOAT,
    MAX_ON_SQUARE,
    SQUARES,
    START,
    SYMBOL_INDEX,
    SYMBOLS,
    board_tables,
    symbol_squares,
)
from buccaneer.games.cartagena.rules_chance import shuffle
from tests.conformance.harness import CONFIGS, Config, sample_states

CARTAGENA = [c for c in CONFIGS if c.spec.name == "cartagena"]
CARTAGENA_IDS = [c.id for c in CARTAGENA]


def states_of(config: Config, seeds: range, every: int) -> list[CartagenaState]:
    found: list[CartagenaState] = []
    for seed in seeds:
        for state in sample_states(config, seed=seed, every=every):
            assert isinstance(state, CartagenaState)
            found.append(state)
    return found


def check_bot_view(state: CartagenaState, seat: int | None) -> None:
    """Each field of the bot view against the JSON view of the same seat."""
    view = state.view(seat)
    bot = state.bot_view(seat)
    assert isinstance(bot, BotView)
    assert bot.seat == view["seat"]
    assert bot.players == view["players"]
    assert bot.open_hands == (view["variant"] == "tortuga")
    assert bot.over == view["over"]
    assert list(bot.winners) == view["winners"]
    assert bot.current == (view["current"] if view["current"] is not None else -1)
    assert bot.actions_left == view["actions_left"]
    assert bot.turn == view["turn"]
    assert [SYMBOLS[s] for s in bot.tables.board] == view["board"]
    assert [list(p) for p in bot.pirates] == view["pirates"]
    occ = [0] * SQUARES
    for squares in view["pirates"]:
        for q in squares:
            if 0 <= q < SQUARES:
                occ[q] += 1
    assert list(bot.occ) == occ
    for mine, theirs in zip(bot.hands, view["hands"], strict=True):
        if theirs is None:
            assert mine is None
        else:
            assert mine == tuple(theirs[name] for name in SYMBOLS)
    assert list(bot.hand_sizes) == view["hand_sizes"]
    assert [SYMBOLS[c] for c in bot.row] == view["row"]
    assert bot.draw_pile == view["draw_pile"]
    assert bot.discard == tuple(view["discard"][name] for name in SYMBOLS)
    assert bot.tables.sym_squares == symbol_squares(bot.tables.board)


@pytest.mark.parametrize("config", CARTAGENA, ids=CARTAGENA_IDS)
def test_the_bot_view_holds_what_the_view_holds(config: Config) -> None:
    for state in states_of(config, range(2), every=9):
        for seat in [None, *range(state.players)]:
            check_bot_view(state, seat)
        hash(state.bot_view(0))  # comparable and hashable: ints, tuples and bytes only


def test_the_bot_view_of_a_hidden_hand_is_the_same_whatever_it_holds() -> None:
    layout = "1A 2A 3A 4A 5A 6A"
    a = position(3, layout=layout, hands={0: {"hat": 2}, 1: {"skull": 3}, 2: {"key": 1}})
    b = position(3, layout=layout, hands={0: {"hat": 2}, 1: {"key": 3}, 2: {"pistol": 1}})
    assert a.bot_view(0) == b.bot_view(0)
    assert a.bot_view(1) != b.bot_view(1)


@pytest.mark.parametrize("config", CARTAGENA, ids=CARTAGENA_IDS)
def test_determinize_deals_the_world_from_view_deals(config: Config) -> None:
    for state in states_of(config, range(2), every=13):
        for seat in [None, *range(state.players)]:
            world = state.determinize(seat, random.Random(7))
            again = CartagenaState.from_view(state.view(seat), random.Random(7))
            assert world.snapshot() == again.snapshot()
            assert world.seed == again.seed and world.tiles == again.tiles
            assert world.view(seat) == again.view(seat)
            assert world.bot_view(seat if seat is not None else 0) == again.bot_view(
                seat if seat is not None else 0
            )


def test_the_inline_shuffle_draws_what_rng_shuffle_draws() -> None:
    seeds = [0, 1, 2**64 - 1, *(random.Random(5).getrandbits(64) for _ in range(200))]
    for seed in seeds:
        for size in (0, 1, 2, 7, 102):
            mine, theirs = list(range(size)), list(range(size))
            a, b = Rng(seed), Rng(seed)
            shuffle(a, mine)
            b.shuffle(theirs)
            assert mine == theirs and a.state == b.state


def test_the_board_tables_are_what_they_say() -> None:
    rng = random.Random(3)
    boards = [tuple(rng.randrange(6) for _ in range(SQUARES)) for _ in range(50)]
    boards += [CartagenaState.new(2, seed, _options()).board for seed in range(20)]
    for board in boards:
        tables = board_tables(board)
        assert board_tables(board) is tables  # one object per tunnel
        squares = tuple(tuple(q for q, s in enumerate(board) if s == sym) for sym in range(6))
        assert tables.board == board and tables.sym_squares == squares
        for card in range(6):
            for origin in range(START, BOAT):
                expect = tuple(q for q in squares[card] if q > origin)
                assert tables.ahead[card][origin + 1] == expect


def _options(**given: Any) -> dict[str, Any]:
    return {"variant": "jamaica", "layout": None, "start_player": 0, **given}


# -- the bot's decisions, against the bot as it read the JSON view -----------------------------


def reference_choice(view: dict[str, Any], seat: int, actions: list[Action]) -> Action:
    """The bot's choice as it was made from `view(seat)` and `legal_actions(seat)`."""
    if len(actions) == 1:
        return actions[0]
    sym = symbol_squares(tuple(SYMBOL_INDEX[name] for name in view["board"]))
    pirates: list[list[int]] = view["pirates"]
    occ = [0] * SQUARES
    for seat_pirates in pirates:
        for q in seat_pirates:
            if 0 <= q < SQUARES:
                occ[q] += 1
    hand = [view["hands"][seat][name] for name in SYMBOLS]
    held = sum(hand)
    out = [q for q in pirates[seat] if q != BOAT]
    actions_left: int = view["actions_left"]
    win = winning_action(sym, occ, out, hand, actions_left)
    if win is not None:
        return win
    need = 0
    for q in out:
        need += max(1, (BOAT - q + 6) // 7)
    spend = card_value(held, need)
    row: list[str] = view["row"]
    available = view["draw_pile"] + len(row) + sum(view["discard"].values())
    row_values: list[float] | None = None
    rear = out[0] if out else BOAT
    may_pass = actions_left < ACTIONS_PER_TURN if held else not available
    best: Action = END_TURN
    best_score = 0.0 if may_pass else -10_000.0
    for action in actions:
        if isinstance(action, Forward):
            card, origin = action.card, action.from_
            dest = BOAT
            for square in sym[card]:
                if square > origin and not occ[square]:
                    dest = square
                    break
            score = dest - origin - spend
            if origin == rear:
                score += 4.0
        elif isinstance(action, Back):
            origin = action.from_
            target = START
            for square in range(origin - 1, -1, -1):
                if 0 < occ[square] < MAX_ON_SQUARE:
                    target = square
                    break
            found = min(occ[target] if target >= 0 else 0, available)
            score = float(target - origin)
            if row:
                if row_values is None:
                    row_values = []
                    for name in row[:2]:
                        gain = 0
                        for i, start in enumerate(out):
                            if i and out[i - 1] == start:
                                continue
                            land = BOAT
                            for square in sym[SYMBOL_INDEX[name]]:
                                if square > start and not occ[square]:
                                    land = square
                                    break
                            gain = max(gain, land - start)
                        row_values.append(1.0 + 0.6 * (gain / 6.0 - 1.0))
                for j in range(found):
                    value = card_value(held + j + 1, need)
                    if j < len(row_values):
                        value *= row_values[j]
                    score += value
            else:
                for j in range(1, found + 1):
                    score += card_value(held + j, need)
        else:
            continue
        if score > best_score:
            best_score = score
            best = action
    return best


@pytest.mark.parametrize("variant", ["jamaica", "tortuga"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_bot_decides_as_it_did_from_the_json_view(players: int, variant: str) -> None:
    """Whole games, the heuristic in every seat and then among random agents, each decision
    compared with the reference; also the same object, so `apply` and tie-breaks agree."""
    bot = CartagenaBot()
    decisions = 0
    for seed in range(3):
        for mixed in (False, True):
            state = buccaneer.load("cartagena", players=players, seed=seed, variant=variant)
            assert isinstance(state, CartagenaState)
            rng = random.Random(seed)
            while not state.is_over():
                seat = state.current
                legal = state.legal_actions(seat)
                if mixed and seat % 2:
                    action = legal[rng.randrange(len(legal))]
                else:
                    action = bot.act(state, seat, rng)
                    expect = reference_choice(state.view(seat), seat, legal)
                    assert action is expect, (seed, state.turn, action, expect)
                    decisions += 1
                state.apply(seat, action)
                # The fields kept alongside for the bot view follow what they derive from.
                assert list(state.occ_bytes) == state.occ
                assert state.sizes == [sum(hand) for hand in state.hands]
            for world in (state.clone(), state.determinize(0, random.Random(1))):
                assert list(world.occ_bytes) == world.occ
                assert world.sizes == [sum(hand) for hand in world.hands]
    assert decisions > 300
