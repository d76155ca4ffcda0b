"""What one game says about its course: who led when, how often the lead changed, how many
turns and rounds it took. Watched decision by decision by an onlooker who sees everything (an
analysis, never a seat's view), with each game's own idea of "ahead" (`GameSpec.standing`) and
of a turn (`GameSpec.turn_of`).

The definitions, which the compiled kernels' `fast_random_games` copy exactly:

- the *leaders* after k actions are the seats of the highest standing then (a bitmask; ties
  hold several seats); `leaders[0]` is before the first action;
- the leaders *at p%* of a game of n actions are `leaders[n * p // 100]`;
- a *side* leads when the leaders are one seat, or in a team game (`GameSpec.teams`) exactly
  the seats of one team; a *lead change* is an action after which a side leads and it is not
  the last side that led (the first is no change; ties between sides change nothing);
- a *turn* is a run of actions taken under the same `turn_of` pair; the rounds are the
  game's own count where it keeps one, else the turns divided by the players, rounded up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from buccaneer.core import GameSpec, State

CHECKPOINTS = (25, 50, 75)


def leaders_mask(standing: list[float]) -> int:
    """The seats of the highest standing, as a bitmask."""
    best = max(standing)
    return sum(1 << seat for seat, value in enumerate(standing) if value == best)


def single_seat(mask: int) -> int | None:
    """The seat of a one-seat mask, None for a tie (or no seat)."""
    if mask and not mask & (mask - 1):
        return mask.bit_length() - 1
    return None


def leading_side(mask: int, teams: Sequence[str] | None) -> int | str | None:
    """Who leads when the seats of `mask` do: a seat, a team (every seat of one team and no
    other; `teams` labels each seat), or None for a tie between sides."""
    if not teams:
        return single_seat(mask)
    labels = {teams[seat] for seat in range(len(teams)) if mask >> seat & 1}
    if len(labels) != 1:
        return None
    (team,) = labels
    members = sum(1 << seat for seat, label in enumerate(teams) if label == team)
    return team if mask == members else None


@dataclass
class Course:
    """A game's course as it is watched (a `sim.games.Observer`): `start` with the first
    state, `before` each decision, `after` each action; the figures are read at the end."""

    standing: Callable[[State], list[float]]
    turn_of: Callable[[State], tuple[int, int]] | None
    teams: Callable[[State], list[str]] | None = None
    leaders: list[int] = field(default_factory=list)
    lead_changes: int = 0
    turns: int = 0
    last_round: int = -1
    first_seat: int = -1  # whose turn the first was
    _side: int | str | None = None
    _turn: tuple[int, int] | tuple[int, tuple[int, ...]] | None = None

    @classmethod
    def of(cls, spec: GameSpec, state: State | None = None) -> Course:
        """A course to watch with `spec`'s measures, started at `state` when given."""
        course = cls(standing=spec.standing or _scores, turn_of=spec.turn_of, teams=spec.teams)
        if state is not None:
            course.start(state)
        return course

    def start(self, state: State) -> None:
        self.leaders.append(leaders_mask(self.standing(state)))

    def before(self, state: State, movers: tuple[int, ...]) -> None:
        """The state a decision (or a simultaneous one of `movers`) is taken in."""
        key: tuple[int, int] | tuple[int, tuple[int, ...]]
        key = self.turn_of(state) if self.turn_of is not None else (-1, movers)
        if key != self._turn:
            if self._turn is None:
                self.first_seat = key[1] if isinstance(key[1], int) else movers[0]
            self._turn = key
            self.turns += 1
            self.last_round = key[0]

    def after(self, state: State) -> None:
        mask = leaders_mask(self.standing(state))
        self.leaders.append(mask)
        side = leading_side(mask, None if self.teams is None else self.teams(state))
        if side is not None:
            if self._side is not None and side != self._side:
                self.lead_changes += 1
            self._side = side

    @property
    def actions(self) -> int:
        return len(self.leaders) - 1

    def leaders_at(self, percent: int) -> int:
        return self.leaders[self.actions * percent // 100]

    def rounds(self, players: int) -> int:
        if self.last_round >= 0:
            return self.last_round
        return -(-self.turns // players)


def _scores(state: State) -> list[float]:
    return state.scores()
