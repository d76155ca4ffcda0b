"""Information-set Monte Carlo tree search that never peeks.

Every iteration starts from `state.determinize(seat, rng)`: a world sampled from what the
deciding seat knows, so hidden cards, loyalties and secret choices of others are guessed, never
read. Within a world the search plays on for every seat (single-observer ISMCTS, Cowling,
Powley & Whitehouse 2012): nodes are keyed by the actions taken since the root, and UCB uses
availability counts because an action may exist in some worlds only.

Simultaneous decisions (several seats in `to_move()`) are decoupled: each seat picks from its
own statistics at that node, which do not depend on the others' choices in the same step, so no
seat's choice is informed by another's secret one. Rewards are per seat: 1 shared among the
winners, 0 for the rest.
"""

from __future__ import annotations

import math
import numbers
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

from buccaneer.agents.heuristic import HeuristicAgent
from buccaneer.agents.learned import check_weights
from buccaneer.agents.network import Network, network_for, softmax
from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.game import FULL_PLAYOUT
from buccaneer.core.registry import get_spec
from buccaneer.core.state import Action, State

Policy = Callable[[State, int, random.Random], Action]


# Per action class: can its objects key the statistics themselves (frozen dataclasses can), or
# must their JSON stand in? Asked once per class: the ABC check costs more than the lookup.
_SELF_KEYED: dict[type, bool] = {}


def _key(action: Action) -> Hashable:
    kind = type(action)
    self_keyed = _SELF_KEYED.get(kind)
    if self_keyed is None:
        self_keyed = _SELF_KEYED[kind] = isinstance(action, Hashable)
    return cast(Hashable, action) if self_keyed else repr(action.to_json())


@dataclass(slots=True)
class _Stats:
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    hinted: int = 0  # times the guide policy picked it when it was available


@dataclass
class _Node:
    # per seat, per action: statistics of choosing it here
    stats: dict[int, dict[Hashable, _Stats]] = field(default_factory=dict)
    children: dict[tuple[Hashable, ...], _Node] = field(default_factory=dict)
    # per seat, per action: the guide network's logit, from the first world that offered it
    logits: dict[int, dict[Hashable, float]] = field(default_factory=dict)


def _available(table: dict[Hashable, _Stats], actions: list[Action]) -> list[_Stats]:
    """Each legal action's statistics in `table` (made on first sight), counted as available
    once more; the keys are worked out once per visit, not again for every score."""
    result = []
    for action in actions:
        key = _key(action)
        stats = table.get(key)
        if stats is None:
            stats = table[key] = _Stats()
        stats.available += 1
        result.append(stats)
    return result


def _random_policy(state: State, seat: int, rng: random.Random) -> Action:
    actions = state.legal_actions(seat)
    return actions[rng.randrange(len(actions))]


def rollout_policy(rollout: str | Policy | Any) -> Policy:
    """A rollout policy by name (`random`, `heuristic`) or any `(state, seat, rng) -> Action`."""
    if callable(rollout):
        return rollout
    if rollout == "random":
        return _random_policy
    if rollout == "heuristic":
        heuristic = HeuristicAgent()

        def policy(state: State, seat: int, rng: random.Random) -> Action:
            if heuristic.has_bot(state.game):  # straight to the bot: rollouts ask only movers
                return heuristic.bot_for(state.game).act(state, seat, rng)
            return _random_policy(state, seat, rng)

        return policy
    raise OptionError(f"rollout must be 'random', 'heuristic' or a function, got {rollout!r}")


class ISMCTSAgent:
    """`agents.make("ismcts", iterations=400)` or `time=1.0` (seconds per decision).

    - `rollout` plays a sampled world to its end and guides the search: "heuristic" (the
      game's own bot, the default: random playouts of a race like Cartagena take hundreds of
      aimless moves and say little), "random", or any policy function. A game without a
      heuristic bot falls back to random.
    - `prior` (0..1) is how much the rollout policy's choice counts in the prior of PUCT
      selection; the rest is spread evenly. With 0 the search is plain uniform-prior PUCT.
    - `opponents`: "policy" (default) plays the other seats by the rollout policy inside the
      tree too, so the tree holds only this seat's decisions; "tree" searches every seat's
      decisions (a tree node per joint action).
    - `max_rollout` cuts a playout after that many steps; a cut playout rewards the seats
      leading on `scores()`, like a finished one rewards its winners. A short cut buys many
      more iterations in long games at the price of a cruder value. Not given, it is
      the game's `GameSpec.playout_cut` if it sets one, else 2000 (in effect, play to the end).
      Such full playouts run in the game's compiled kernel where it offers one: random ones
      (`GameSpec.fast_playout`) and heuristic ones (`fast_heuristic_playout`, the same games
      the Python bot plays, so the search is the same, only faster).
    - `exploration` is PUCT's constant.
    - `worlds`: "belief" (default) samples each iteration's world by
      `state.determinize_by_belief`, which in a game of hidden teams draws the teams from
      what the table has shown (`state.belief(seat)`); "uniform" by `state.determinize`,
      every assignment the rules allow equally likely. Games without hidden teams sample the
      same worlds either way.
    - `guide`: "none" (default) or "learned": the game's trained network
      (`agents/network.py`, or the file `weights`) gives the PUCT prior in place of the
      rollout policy's hint, `prior` of it mixed with uniform, and values leaves by
      `leaf_value`. A `Network` object may be given instead of "learned" (training does).
    - `leaf_value` (0..1, default 0 without a guide, 0.5 with one): how much the value head
      counts at a leaf against the rollout's result. Above 0 the leaf world is first played
      on by the rollout policy until the searching seat is to move again (the kind of state
      the value head was trained on); 1 skips the rollout.

    Selection is PUCT (AlphaZero's rule) with availability counts in place of parent visits,
    as ISMCTS needs (an action may exist in some sampled worlds only). An action never tried
    is valued at the mean of the tried ones ("first-play urgency"), so the search does not try
    every move once before it trusts its guide: in a game of multi-action turns that wastes the
    budget on follow-ups no one would play, and makes ending a turn look good.
    """

    name = "ismcts"

    def __init__(
        self,
        *,
        iterations: int | None = None,
        time: float | None = None,
        exploration: float = 1.0,
        rollout: str | Policy = "heuristic",
        max_rollout: int | None = None,
        prior: float = 0.5,
        opponents: str = "policy",
        worlds: str = "belief",
        guide: str | Network = "none",
        leaf_value: float | None = None,
        weights: str | None = None,
        **unknown: Any,
    ) -> None:
        if unknown:
            raise OptionError(f"ismcts has no parameter {', '.join(sorted(unknown))}")
        iterations = _whole("iterations", iterations, low=1)
        time = _number("time", time, positive=True)
        if iterations is None and time is None:
            iterations = 400
        exploration = _number("exploration", exploration)
        prior = _number("prior", prior, high=1.0)
        max_rollout = _whole("max_rollout", max_rollout, low=0)
        if not isinstance(opponents, str) or opponents not in ("policy", "tree"):
            raise OptionError(f"opponents must be 'policy' or 'tree', got {opponents!r}")
        if not isinstance(worlds, str) or worlds not in ("belief", "uniform"):
            raise OptionError(f"worlds must be 'belief' or 'uniform', got {worlds!r}")
        self.iterations = iterations
        self.time = time
        self.exploration = exploration
        self.rollout_name = rollout if isinstance(rollout, str) else "custom"
        self.rollout = rollout_policy(rollout)
        self.max_rollout = max_rollout
        self._cut = FULL_PLAYOUT if max_rollout is None else max_rollout  # set per decision
        # The compiled playouts this decision's random or heuristic rollouts use, if any (set
        # per decision).
        self.fast_playout: Callable[[State, int], list[int]] | None = None
        self.fast_heuristic_playout: Callable[[State, int], list[int]] | None = None
        self.prior = prior
        self.opponents = opponents
        self.worlds = worlds
        if not isinstance(guide, Network) and guide not in ("none", "learned"):
            raise OptionError(f"guide must be 'none' or 'learned', got {guide!r}")
        self.guide = guide
        self.weights = check_weights(weights)
        guided = guide != "none"
        leaf_value = _number("leaf_value", leaf_value, high=1.0)
        if leaf_value is None:
            leaf_value = 0.5 if guided else 0.0
        if leaf_value > 0 and not guided:
            raise OptionError("leaf_value needs a value network: give guide='learned' too")
        self.leaf_value = float(leaf_value)
        self._net: Network | None = None  # this decision's guide (set per decision)
        self.last_iterations = 0
        # The root's visit count of each legal action at the last decision (expert iteration
        # learns from these).
        self.last_visits: list[tuple[Action, int]] = []

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has no decision to make now")
        self.last_iterations = 0
        self.last_visits = [(legal[0], 0)]
        if len(legal) == 1:
            return legal[0]
        self._net = self.guide_network(state.game)
        self._cut = self.playout_limit(state.game)
        # Random and heuristic playouts to the end run in a game's compiled kernel where it
        # has one; the policy inside the tree stays the Python one.
        spec = get_spec(state.game)
        full = self._cut == FULL_PLAYOUT
        random_full = full and self.rollout_name == "random"
        heuristic_full = full and self.rollout_name == "heuristic"
        self.fast_playout = spec.fast_playout if random_full else None
        self.fast_heuristic_playout = spec.fast_heuristic_playout if heuristic_full else None
        root = _Node()
        sample = state.determinize_by_belief if self.worlds == "belief" else state.determinize
        deadline = None if self.time is None else _now() + self.time
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and _now() >= deadline:
                break
            world = sample(seat, rng)
            self._iterate(root, world, rng, seat)
            done += 1
        self.last_iterations = done
        table = root.stats.get(seat, {})
        self.last_visits = [(a, table[_key(a)].visits if _key(a) in table else 0) for a in legal]
        by_key = {_key(a): a for a in legal}
        best = max(
            legal,
            key=lambda a: (
                table[_key(a)].visits if _key(a) in table else -1,
                -legal.index(a),
            ),
        )
        return by_key[_key(best)]

    def guide_network(self, game: str) -> Network | None:
        """The network guiding this decision, or None without a guide."""
        if isinstance(self.guide, Network):
            return self.guide
        return None if self.guide == "none" else network_for(game, self.weights)

    def playout_limit(self, game: str) -> int:
        """Steps a playout may take in `game`: `max_rollout`, else the game's `playout_cut`."""
        if self.max_rollout is not None:
            return self.max_rollout
        cut = get_spec(game).playout_cut
        return FULL_PLAYOUT if cut is None else cut

    def _iterate(self, root: _Node, world: State, rng: random.Random, seat: int) -> None:
        path: list[tuple[_Node, dict[int, Hashable]]] = []
        node = root
        while not world.is_over():
            movers = world.to_move()
            chosen: dict[int, Action] = {}
            for mover in movers:
                if mover != seat and self.opponents == "policy":
                    chosen[mover] = self.rollout(world, mover, rng)
                    continue
                actions = world.legal_actions(mover)
                table = node.stats.get(mover)
                if table is None:
                    table = node.stats[mover] = {}
                stats = _available(table, actions)
                if self._net is not None:
                    probs = self._guide_probs(node, world, mover, actions)
                    chosen[mover] = actions[self._select(stats, probs)]
                    continue
                if len(actions) > 1 and self.prior > 0:
                    table[_key(self.rollout(world, mover, rng))].hinted += 1
                chosen[mover] = actions[self._select(stats)]
            keys = {m: _key(a) for m, a in chosen.items() if m == seat or self.opponents == "tree"}
            fresh = any(node.stats[m][k].visits == 0 for m, k in keys.items())
            if keys:
                path.append((node, keys))
            for mover in movers:  # simultaneous choices apply together, in seat order
                world.apply(mover, chosen[mover])
            # With opponents played by the policy, the tree is open-loop over their moves: a
            # node is "my next decision", whatever they did in this world.
            node = node.children.setdefault(tuple(keys[m] for m in movers if m in keys), _Node())
            if fresh:  # one new edge per iteration; the rollout takes it from here
                break
        rewards = self._leaf(world, rng, {m for _, keys in path for m in keys})
        for visited, keys in path:
            for mover, key in keys.items():
                edge = visited.stats[mover][key]
                edge.visits += 1
                edge.reward += rewards[mover]

    def _guide_probs(
        self, node: _Node, world: State, mover: int, actions: list[Action]
    ) -> list[float]:
        """The guide's prior over `actions` at this node: the network is asked once per node
        and seat (and again only for an action no earlier world offered there)."""
        known = node.logits.setdefault(mover, {})
        keys = [_key(a) for a in actions]
        if any(k not in known for k in keys):
            assert self._net is not None
            logits, _ = self._net.evaluate(world, mover, actions)
            for k, logit in zip(keys, logits, strict=True):
                known.setdefault(k, float(logit))
        probs = softmax(np.asarray([known[k] for k in keys], dtype=np.float32))
        return [float(p) for p in probs]

    def _leaf(self, world: State, rng: random.Random, seats: set[int]) -> list[float]:
        """The rewards an iteration backs up: the rollout's, the value head's for `seats`, or
        `leaf_value` of the second mixed with the rest of the first."""
        if self._net is None or self.leaf_value == 0:
            return self._playout(world, rng)
        for _ in range(self._cut):  # on to a decision of a searching seat, as values were taught
            movers = world.to_move()
            if not movers or seats.intersection(movers):
                break
            choices = [(m, self.rollout(world, m, rng)) for m in movers]
            for mover, action in choices:
                world.apply(mover, action)
        if world.is_over():
            return _shares(world.winners(), world.players)
        values = [self._net.value(world, s) if s in seats else 0.0 for s in range(world.players)]
        if self.leaf_value == 1:
            return values
        played = self._playout(world, rng)
        w = self.leaf_value
        return [w * v + (1 - w) * r for v, r in zip(values, played, strict=True)]

    def _select(self, stats: list[_Stats], probs: list[float] | None = None) -> int:
        """The index of the action PUCT picks, given each legal action's statistics and the
        guide's prior if there is one (the first of equal scores)."""
        if len(stats) == 1:
            return 0
        tried = [t for t in stats if t.visits]
        visits = sum([t.visits for t in tried])
        urgency = sum([t.reward for t in tried]) / visits if visits else 0.5
        prior, exploration, sqrt = self.prior, self.exploration, math.sqrt
        uniform = (1 - prior) / len(stats)
        best, best_score = 0, -math.inf
        for index, t in enumerate(stats):
            mean = t.reward / t.visits if t.visits else urgency
            if probs is None:
                p = uniform + prior * t.hinted / t.available
            else:
                p = uniform + prior * probs[index]
            score = mean + exploration * p * sqrt(t.available) / (1 + t.visits)
            if score > best_score:
                best, best_score = index, score
        return best

    def _playout(self, world: State, rng: random.Random) -> list[float]:
        if self.fast_playout is not None:
            return _shares(self.fast_playout(world, rng.getrandbits(64)), world.players)
        if self.fast_heuristic_playout is not None:
            # The compiled heuristic plays the Python one's game, cut where it is cut; it draws
            # no chance (seed unused), and nothing is drawn from rng for it, as the Python
            # heuristic draws nothing: the search goes on exactly as it would in Python.
            return _shares(self.fast_heuristic_playout(world, 0), world.players)
        for _ in range(self._cut):
            movers = world.to_move()
            if not movers:
                break
            choices = [(m, self.rollout(world, m, rng)) for m in movers]
            for mover, action in choices:
                world.apply(mover, action)
        if world.is_over():
            winners = world.winners()
        else:  # cut off by max_rollout: the leaders on the world's scores stand in for winners
            scores = world.scores()
            best = max(scores)
            winners = [s for s, score in enumerate(scores) if score == best]
        return _shares(winners, world.players)


class GuidedISMCTSAgent(ISMCTSAgent):
    """`agents.make("guided")`: ISMCTS guided by the game's trained network, the same as
    `ismcts:guide=learned` (every ISMCTS parameter applies; `guide` defaults to "learned")."""

    name = "guided"

    def __init__(self, *, guide: str | Network = "learned", **params: Any) -> None:
        super().__init__(guide=guide, **params)


def _shares(winners: list[int], players: int) -> list[float]:
    """Each seat's reward: the winners share one win."""
    share = 1.0 / len(winners) if winners else 0.0
    return [share if s in winners else 0.0 for s in range(players)]


def _whole(name: str, value: Any, *, low: int) -> Any:
    """`value` as an int of at least `low` (None stays None); bools and floats are refused."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise OptionError(f"{name} must be a whole number, at least {low}, got {value!r}")
    if value < low:
        raise OptionError(f"{name} must be at least {low}, got {value}")
    return int(value)


def _number(name: str, value: Any, *, positive: bool = False, high: float | None = None) -> Any:
    """`value` as a finite float, more than 0 with `positive` else 0 or more, at most `high`;
    None stays None, and bools are refused."""
    if value is None:
        return None
    low = "more than 0" if positive else "0 or more"
    wanted = f"a number, {low}" + ("" if high is None else f" and at most {high:g}")
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise OptionError(f"{name} must be {wanted}, got {value!r}")
    number = float(value)
    if (
        not math.isfinite(number)
        or number < 0
        or (positive and number == 0)
        or (high is not None and number > high)
    ):
        raise OptionError(f"{name} must be {wanted}, got {value!r}")
    return number


def _now() -> float:
    return time.perf_counter()
