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
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from buccaneer.agents.heuristic import HeuristicAgent
from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.state import Action, State

Policy = Callable[[State, int, random.Random], Action]


def _key(action: Action) -> Hashable:
    return action if isinstance(action, Hashable) else repr(action.to_json())


@dataclass
class _Stats:
    visits: int = 0
    reward: float = 0.0
    available: int = 0


@dataclass
class _Node:
    # per seat, per action: statistics of choosing it here
    stats: dict[int, dict[Hashable, _Stats]] = field(default_factory=dict)
    children: dict[tuple[Hashable, ...], _Node] = field(default_factory=dict)


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

    `rollout` plays a sampled world to its end: "heuristic" (the game's own bot, the default:
    random playouts of a race like Cartagena take hundreds of aimless moves and say little) or
    "random", or any policy function. A game without a heuristic bot falls back to random.
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int | None = None,
        time: float | None = None,
        exploration: float = 0.7,
        rollout: str | Policy = "heuristic",
        max_rollout: int = 2_000,
        **unknown: Any,
    ) -> None:
        if unknown:
            raise OptionError(f"ismcts has no parameter {', '.join(sorted(unknown))}")
        if iterations is None and time is None:
            iterations = 400
        if iterations is not None and iterations < 1:
            raise OptionError(f"iterations must be at least 1, got {iterations}")
        if time is not None and time <= 0:
            raise OptionError(f"time must be positive, got {time}")
        self.iterations = iterations
        self.time = time
        self.exploration = exploration
        self.rollout_name = rollout if isinstance(rollout, str) else "custom"
        self.rollout = rollout_policy(rollout)
        self.max_rollout = max_rollout
        self.last_iterations = 0

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has no decision to make now")
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        deadline = None if self.time is None else _now() + self.time
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and _now() >= deadline:
                break
            world = state.determinize(seat, rng)
            self._iterate(root, world, rng)
            done += 1
        self.last_iterations = done
        table = root.stats.get(seat, {})
        by_key = {_key(a): a for a in legal}
        best = max(
            legal,
            key=lambda a: (
                table[_key(a)].visits if _key(a) in table else -1,
                -legal.index(a),
            ),
        )
        return by_key[_key(best)]

    def _iterate(self, root: _Node, world: State, rng: random.Random) -> None:
        path: list[tuple[_Node, dict[int, Hashable]]] = []
        node = root
        expanded = False
        while not world.is_over():
            movers = world.to_move()
            chosen: dict[int, Action] = {}
            fresh = False
            for mover in movers:
                actions = world.legal_actions(mover)
                table = node.stats.setdefault(mover, {})
                for action in actions:
                    table.setdefault(_key(action), _Stats()).available += 1
                untried = [a for a in actions if table[_key(a)].visits == 0]
                if untried and not expanded:
                    chosen[mover] = untried[rng.randrange(len(untried))]
                    fresh = True
                else:
                    chosen[mover] = self._ucb(table, actions)
            keys = {m: _key(a) for m, a in chosen.items()}
            path.append((node, keys))
            for mover in movers:  # simultaneous choices apply together, in seat order
                world.apply(mover, chosen[mover])
            joint = tuple(keys[m] for m in movers)
            if fresh:
                expanded = True
                node = node.children.setdefault(joint, _Node())
                break
            node = node.children.setdefault(joint, _Node())
        rewards = self._playout(world, rng)
        for visited, keys in path:
            for mover, key in keys.items():
                stats = visited.stats[mover][key]
                stats.visits += 1
                stats.reward += rewards[mover]

    def _ucb(self, table: dict[Hashable, _Stats], actions: list[Action]) -> Action:
        def score(action: Action) -> float:
            stats = table[_key(action)]
            if stats.visits == 0:
                return math.inf
            mean = stats.reward / stats.visits
            return mean + self.exploration * math.sqrt(math.log(stats.available) / stats.visits)

        return max(actions, key=score)

    def _playout(self, world: State, rng: random.Random) -> list[float]:
        for _ in range(self.max_rollout):
            movers = world.to_move()
            if not movers:
                break
            choices = [(m, self.rollout(world, m, rng)) for m in movers]
            for mover, action in choices:
                world.apply(mover, action)
        winners = world.winners()
        share = 1.0 / len(winners) if winners else 0.0
        return [share if s in winners else 0.0 for s in range(world.players)]


def _now() -> float:
    return time.perf_counter()
