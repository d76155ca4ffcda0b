"""The hand-written Tortuga strategy: a one-ply greedy over a points economy (`bot_model.py`).

`agents.make("heuristic")` plays this for Tortuga (2-4 players, short and long game), and ISMCTS
uses it as its rollout policy, so a decision stays cheap: it asks `state.legal_actions(seat)`,
returns at once when there is a single choice (or an obvious one), and otherwise reads
`state.bot_view(seat)` (the seat's knowledge as ints and tuples, botview.py) once and nothing
else of the state. It keeps no memory between calls and
draws nothing from `rng`, so equal views give equal actions (docs/architecture.md, "Agents").
Where the package was built with a C compiler the valuing decisions are made by a compiled copy
of this file and bot_model.py (compiled.py, compiled.c) that chooses exactly the same actions
some 20 times faster; this file stays the reference, and plays where the copy is missing.

The constants were tuned in self-play (one changed copy against the rest, 400+ games each) and
checked against the random agent. The decisions:

- **dice** (the hidden selection, forced re-selections, skulls turned after the reveal): each
  action is worth what 1st and 2nd position on it would bring this round; a total on an action
  has an expected worth through the chance that no other seat ends above it, their unplaced
  dice modelled as landing there now and then, ties broken as the rulebook says. Outbidding
  also keeps another seat from performing the action (decisive with two players, where only
  1st position acts: without it the bot won only 27% against this version). A selection
  scores the worth it adds, plus what the dice kept back are still worth, plus the bonus tiles
  that finishing early wins us (and going on rolling hands to those who are done);
- **bonus tiles**: where the +1 helps this round's rank most, and the actions that pay;
- **perform or forfeit**: fleet, crew and hunt always pay; board and raid pick the target whose
  chests, setback and defence make the attack worth most, and forfeit when none is worth it;
- **chests**: seize, claim and keep (phase 3 order, most valuable first, since surplus is taken
  "from the right") by worth: purple double, pieces of sets, whites as future wildcards.
"""

from __future__ import annotations

import random
from typing import Any

from buccaneer.core.errors import IllegalAction
from buccaneer.core.registry import seat_knowledge
from buccaneer.core.state import Action, State
from buccaneer.games.tortuga import compiled as compiled_copy
from buccaneer.games.tortuga.actions import (
    FORFEIT,
    Attack,
    Bonus,
    Claim,
    Forfeit,
    Keep,
    Perform,
    Place,
    Seize,
    Select,
    Turn,
)
from buccaneer.games.tortuga.bot_model import (
    CAP,
    DEFENCE,
    NUM,
    SKULL_FACE,
    Table,
    colour_counts,
)
from buccaneer.games.tortuga.botview import BotView
from buccaneer.games.tortuga.components import BOARD, DICE, RAID

# How much a die kept back for a later roll is worth, as a share of the best a die showing an
# average number would add now (its face is still unknown).
DIE_KEPT = 0.15
AVERAGE_ROLL = 3
# Bonus tiles: "All players who have finished assigning their dice receive one bonus tile for
# each further roll of other players". Expected further rolls after this one of a seat rolling
# this many dice, and of ours with this many dice kept back.
FURTHER_ROLLS: tuple[float, ...] = (0.0, 0.0, 0.6, 1.1, 1.5, 1.9)
OUR_ROLLS: tuple[float, ...] = (0.0, 1.0, 1.4, 1.8, 2.2)
TILE = 1.0  # a +1 bonus tile, for the rest of the game, in points
NEW_TILE = 0.1  # taking a tile from the island rather than flipping: one fewer for the others
BONUS_LONG = 0.12  # a bonus point on an action, per round left, per point the action brings


class TortugaBot:
    """Greedy one-ply Tortuga strategy over a points economy (see the module doc)."""

    name = "heuristic"

    def __init__(self, **params: Any) -> None:
        if params:
            raise TypeError(f"the Tortuga heuristic takes no parameters, got {', '.join(params)}")

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has no decision to make now")
        obvious = obvious_choice(legal)
        if obvious is not None:
            return obvious
        view = seat_knowledge(state, seat)
        if compiled_copy.compiled is not None:
            return _compiled(view, seat, legal)
        return _decide(Table(view, seat), legal)


def obvious_choice(legal: list[Action]) -> Action | None:
    """The decisions taken without reading the seat's knowledge (None: the others)."""
    if len(legal) == 1:
        return legal[0]
    head = legal[0]
    if isinstance(head, Perform):
        # Advancing a token or hunting never costs anything; forfeiting only wastes it.
        return head
    if isinstance(head, Keep):
        return max(legal, key=_coins)
    return None


def _decide(table: Table, legal: list[Action]) -> Action:
    """The decisions that value the position (`Table`), by the kind of the first legal action."""
    head = legal[0]
    if isinstance(head, Select):
        return _select(table, legal)
    if isinstance(head, Turn):
        return _turn(table, legal)
    if isinstance(head, Bonus):
        return _bonus(table, legal)
    if isinstance(head, Attack | Forfeit):
        return _attack(table, legal)
    if isinstance(head, Seize):
        return _seize(table, legal)
    if isinstance(head, Claim):
        return _claim(table, legal)
    if isinstance(head, Place):
        return _place(table, legal)
    return head  # pragma: no cover - every decision kind is handled above


def python_choice(view: BotView, seat: int, legal: list[Action]) -> Action:
    """The heuristic's action in pure Python, the reference (`TortugaBot.act` without the
    compiled copy), from the seat's knowledge (`state.bot_view(seat)`) and its legal actions."""
    obvious = obvious_choice(legal)
    return obvious if obvious is not None else _decide(Table(view, seat), legal)


def compiled_choice(view: BotView, seat: int, legal: list[Action]) -> Action:
    """The same decision in the compiled copy (compiled.py); it must equal
    `python_choice` always (tests/games/tortuga/test_compiled.py)."""
    assert compiled_copy.compiled is not None, "the compiled Tortuga bot is not built here"
    obvious = obvious_choice(legal)
    return obvious if obvious is not None else _compiled(view, seat, legal)


def _compiled(view: BotView, seat: int, legal: list[Action]) -> Action:
    """A valuing decision in compiled.c: it answers with an index into `legal` (-1: forfeit)."""
    assert compiled_copy.compiled is not None
    index: int = compiled_copy.compiled.choose(view, seat, legal)
    return FORFEIT if index < 0 else legal[index]


def _coins(action: Action) -> int:
    """Of two treasure tiles the one with more coins ("keeps the more valuable one")."""
    return action.coins if isinstance(action, Keep) else 0


# -- dice ------------------------------------------------------------------------------------------


class _Worth:
    """Expected worth of our total on each action this round, cached per (action, total)."""

    __slots__ = ("deny", "first", "rivals", "second", "table", "two", "values")

    def __init__(self, table: Table) -> None:
        table.read_dice()
        self.table = table
        self.first, self.second = table.action_values()
        self.deny = table.denials()
        self.two = table.n == 2
        self.rivals = [table.rivals(a) for a in range(5)]
        self.values: dict[int, float] = {}

    def __call__(self, action: int, total: int) -> float:
        """1st position's worth times the chance nobody beats `total`, 2nd position's times
        the chance exactly one seat does ("Only the two players with the best total (1st
        position) and the second best total (2nd position) are allowed to perform"), less what
        another seat's 1st position costs us times its chance (with no dice of ours there, the
        chance another seat has any)."""
        key = action * 64 + total
        cached = self.values.get(key)
        if cached is not None:
            return cached
        beaten: list[float] = []
        clear = 1.0
        for have, tie, tail, bonus in self.rivals[action]:
            k = total + tie - have if have else max(1, total + tie - bonus)
            p = 1.0 if k <= 0 else tail[k]
            beaten.append(p)
            clear *= 1.0 - p
        value = -(1.0 - clear) * self.deny[action]
        if total > 0:
            value += clear * self.first[action]
            if not self.two and self.second[action]:
                one = 0.0
                for i, p in enumerate(beaten):
                    if p:
                        rest = p
                        for j, q in enumerate(beaten):
                            if j != i:
                                rest *= 1.0 - q
                        one += rest
                value += one * self.second[action]
        self.values[key] = value
        return value

    def added(self, action: int, dice: tuple[int, ...] | list[int]) -> float:
        """What putting `dice` on `action` adds to our worth this round."""
        table = self.table
        now = table.totals[table.me][action]
        add = sum(NUM[action][d] for d in dice)
        if not now:
            add += table.bonus[table.me][action]
        gain = self(action, now + add) - self(action, now)
        if not now and action in (BOARD, RAID):
            gain += DEFENCE
        return gain


def _room(table: Table, action: int) -> int:
    """Dice our `action` space still takes: "The action spaces board and raid can only hold
    that many dice as allowed by the position of the player's boat and pirate token"."""
    me = table.me
    used = table.placed[me].count(action)
    if action == BOARD:
        return CAP[table.entries[me].fleet_box] - used
    if action == RAID:
        return CAP[table.entries[me].crew_box] - used
    return DICE - used


def _finish_terms(table: Table) -> list[float]:
    """By dice we keep back, the bonus tiles we expect to win minus those we hand out."""
    me = table.me
    tiles_left = table.view.bonus_tiles_left
    bonus = table.bonus
    can_take = bool(tiles_left) or 1 in bonus[me]
    others = [s for s in range(table.n) if s != me]
    further = [FURTHER_ROLLS[table.left[s]] for s in others]
    longest = max(further)
    terms: list[float] = []
    for kept in range(len(OUR_ROLLS)):
        ours = OUR_ROLLS[kept]
        value = TILE * max(0.0, longest - ours) if can_take else 0.0
        if ours:
            for s, theirs in zip(others, further, strict=True):
                if ours > theirs and (tiles_left or 1 in bonus[s]):
                    value -= TILE * table.weight[s] * (ours - theirs)
        terms.append(value)
    return terms


def _select(table: Table, legal: list[Action]) -> Action:
    """The selection adding the most worth now plus what the dice kept back are worth."""
    me = table.me
    faces = table.view.my_roll
    rolled = sum(1 for f in faces if f >= 0)
    worth = _Worth(table)
    totals = table.totals[me]
    bonus = table.bonus[me]
    rooms = [_room(table, a) for a in range(5)]
    best_die = 0.0
    for action in range(5):
        if rooms[action] > 0:
            now = totals[action]
            then = now + AVERAGE_ROLL + (0 if now else bonus[action])
            best_die = max(best_die, worth(action, then) - worth(action, now))
    die_kept = DIE_KEPT * best_die
    finish = _finish_terms(table)
    best: Action = legal[0]
    best_score = float("-inf")
    for choice in legal:
        assert isinstance(choice, Select)
        dice = choice.dice
        kept = rolled - len(dice)
        action = -1
        for d in dice:
            if faces[d] != SKULL_FACE:
                action = faces[d]
                break
        if action >= 0:
            gain = worth.added(action, dice)
        else:
            # "the player turns the die or dice with one of the possible actions up"
            gain = max(
                (worth.added(a, dice) for a in range(5) if rooms[a] >= len(dice)), default=0.0
            )
        score = gain + die_kept * kept + finish[min(kept, len(finish) - 1)]
        if score > best_score:
            best, best_score = choice, score
    return best


def _turn(table: Table, legal: list[Action]) -> Action:
    """Skulls selected alone: turn them to the action where they add the most worth."""
    decision = table.view.decision
    assert decision is not None
    dice = decision.dice
    worth = _Worth(table)
    return max(legal, key=lambda a: worth.added(a.action, dice) if isinstance(a, Turn) else 0.0)


def _bonus(table: Table, legal: list[Action]) -> Action:
    """Where a +1 helps most: this round's rank where our dice are, and the actions that pay.
    "Until the end of the game players gain 1 or 2 bonus points for the appropriate action
    provided they have assigned at least one die to that action." """
    worth = _Worth(table)
    me = table.me
    totals = table.totals[me]
    rounds = table.rounds
    best: Action = legal[0]
    best_score = float("-inf")
    for choice in legal:
        assert isinstance(choice, Bonus)
        a = choice.space
        score = BONUS_LONG * rounds * worth.first[a]
        if totals[a]:
            score += worth(a, totals[a] + 1) - worth(a, totals[a])
        if not table.bonus[me][a]:
            score += NEW_TILE
        if score > best_score:
            best, best_score = choice, score
    return best


# -- attacks -----------------------------------------------------------------------------------


def _attack(table: Table, legal: list[Action]) -> Action:
    """The most rewarding target, or forfeit ("Players may forfeit their action") when every
    attack would cost us more than it brings (a defended, empty fleet or crew)."""
    decision = table.view.decision
    assert decision is not None
    action = decision.action
    first = decision.position == 1
    best: Action = FORFEIT
    best_score = 0.0
    for choice in legal:
        if isinstance(choice, Attack):
            score = table.attack(action, choice.target, first)
            if score > best_score:
                best, best_score = choice, score
    return best


def _seize(table: Table, legal: list[Action]) -> Action:
    """The chest worth most to us plus what its loss costs the target."""
    decision = table.view.decision
    assert decision is not None
    target = decision.target
    area_name = decision.area
    entry = table.entries[target]
    area = entry.fleet if area_name == "fleet" else entry.crew
    weight = table.weight[target]

    def score(choice: Action) -> float:
        assert isinstance(choice, Seize)
        colour = area[choice.index]
        return table.gain(colour) + weight * table.loss(target, colour, area_name)

    return max(legal, key=score)


def _claim(table: Table, legal: list[Action]) -> Action:
    """The center island's chest worth most to us."""
    return max(legal, key=lambda c: table.gain(c.colour) if isinstance(c, Claim) else 0)


def _place(table: Table, legal: list[Action]) -> Action:
    """Phase 3: the most valuable chest first. "Fill each area from left to right; you may
    freely choose the order"; what does not fit (and later surplus, "take from the right")
    is lost, so the best go left."""
    counts = colour_counts(table.entries[table.me])
    return max(
        legal,
        key=lambda c: table.keep_value(c.colour, counts) if isinstance(c, Place) else 0,
    )


# The compiled copy reads the numbers above; hand them over now that they are all defined.
compiled_copy.configure()

__all__ = ["TortugaBot", "compiled_choice", "obvious_choice", "python_choice"]
