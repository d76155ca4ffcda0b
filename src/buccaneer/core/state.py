"""The game-agnostic state protocol every game implements (docs/architecture.md).

Agents, the CLI, simulations, RL adapters and the server only ever talk to a game through this
class, which is what makes a game a plug-in. The base class holds what is the same for every
game (identity, options, seed, the action history and records) and leaves the rules abstract.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Protocol, Self, runtime_checkable

from buccaneer.core.checks import is_seat
from buccaneer.core.errors import IllegalAction
from buccaneer.core.events import Event
from buccaneer.core.record import GameRecord
from buccaneer.core.rng import Rng


@runtime_checkable
class Action(Protocol):
    """A player's decision: a small frozen dataclass with a JSON form shared by every part."""

    def to_json(self) -> dict[str, Any]: ...


class State(ABC):
    """One game in progress. Mutable: `apply` changes it in place; `clone` copies it."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    # The chance stream: every roll, shuffle and draw comes from it (secret until the end).
    rng: Rng
    # (seat, action) in the order applied.
    _history: list[tuple[int, Action]]
    # False for a state that came from `determinize` or was set up as a position: its past is
    # not a game that a seed and actions can rebuild.
    _replayable: bool
    # The log: events as recorded, their wording so far, and how many of them are worded.
    _events: list[tuple[Any, ...]]
    _log: list[Event]
    _formatted: int
    # The list the last `legal_actions` call built, and for which seat (see `remember_offer`);
    # None once the state has changed since. A clone starts without one.
    _offer: tuple[int, list[Action]] | None = None

    # -- the rules ---------------------------------------------------------------------------

    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Seats whose decision is awaited now; () when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now; [] when it is not asked."""

    @abstractmethod
    def apply(self, seat: int, action: Action | dict[str, Any]) -> None:
        """Apply `action` (or its JSON form) for `seat`; raise IllegalAction and change nothing
        if it is not legal."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-able dict of everything `seat` knows (None: a spectator)."""

    def bot_view(self, seat: int) -> Any:
        """What `seat` knows, in the form its game's own bots read fastest: the same knowledge
        as `view(seat)` (never more: twins that differ only in what the seat cannot know give
        equal bot views), built without the JSON. The default is `view(seat)` itself; a game
        whose bots run inside rollouts returns a typed, comparable object instead."""
        return self.view(seat)

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score (the game documents its meaning)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once the game is over (ties share the win); [] before."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent deep copy."""

    def branch(self) -> Self:
        """A clone that keeps the worded log too: for a copy that is meant to replace this
        state, such as a move tried on a copy and kept only once it is stored. `clone` leaves
        the words to be made again (search clones rarely read the log), which for a copy that
        lives on would mean wording the whole game again at its first read."""
        twin = self.clone()
        twin._log = self.log
        twin._formatted = self._formatted
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        # `copy.deepcopy` (which OpenSpiel's Python states use to clone) gets the game's own
        # cheap `clone`, not a generic walk over every tuple and action object.
        return self.clone()

    @abstractmethod
    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A full state consistent with `view(seat)`, hidden information resampled from `rng`
        and a fresh chance stream: a function of `view(seat)` and `rng` alone."""

    def belief(self, seat: int | None) -> list[tuple[tuple[str, ...], float]] | None:
        """What `seat` (None: a spectator) may believe about hidden teams: every assignment of a
        team to each seat that its knowledge allows, with its probability, likeliest first; a
        function of `view(seat)` alone, like the view. None for a game without hidden teams
        (the default)."""
        return None

    def keep_beliefs(self, on: bool) -> None:
        """Whether `apply` goes on learning what the table's open play says about hidden teams
        (what `belief` and the views' evidence hold). On in a game as played; a simulation
        whose agents read no view (uniform random play) turns it off to run many times
        faster. A game without hidden teams has nothing to keep: the default does nothing."""
        return None

    def determinize_by_belief(self, seat: int | None, rng: random.Random) -> Self:
        """`determinize`, with hidden teams drawn from `belief(seat)` rather than uniformly
        among those the rules allow (search that reads the table). A game without hidden
        teams has nothing to weigh: the default is `determinize` itself."""
        return self.determinize(seat, rng)

    @abstractmethod
    def describe(self, action: Action, seat: int | None = None) -> str:
        """`action` in words a player reads (for menus and logs), given this state. With `seat`,
        the words may use what that seat knows (its own hidden dice or cards), never more."""

    def menu_group(self, action: Action, seat: int | None = None) -> str | None:
        """For a person choosing from a menu: the words of a first step under which `action`
        is offered together with the others of its group (its own words come at the second
        step), or None to offer it on its own. A game with many similar choices at once groups
        them so that nobody reads dozens of numbered lines."""
        return None

    @property
    def log(self) -> list[Event]:
        """The whole game log so far, oldest first, private events included: for the engine's
        side only. Anything shown to a seat or a spectator uses `log_for(seat)`.

        Games record events as small tuples in `_events` while playing (cheap on the hot path)
        and say how to word one in `format_event`; the words are made only when the log is read
        and cached, so reading after every action stays cheap. A clone starts without the cache.
        """
        for raw in self._events[self._formatted :]:
            self._log.extend(self.format_event(raw))
        self._formatted = len(self._events)
        return list(self._log)

    def log_for(self, seat: int | None) -> list[Event]:
        """The log as `seat` saw it (None: a spectator): only the events visible to it."""
        self.check_seat(seat)
        return [event for event in self.log if event.visible(seat)]

    def check_seat(self, seat: Any, spectator: bool = True) -> None:
        """Refuse (`IllegalAction`) anything but a seat of this game as an exact int (or None,
        a spectator, where `spectator`): `True`, `1.0` and `np.int64(1)` compare equal to 1 but
        are not seats, and would break the history, the record and a replay."""
        if (seat is not None or not spectator) and not is_seat(seat, self.players):
            raise IllegalAction(f"there is no seat {seat!r} in a {self.players}-player game")

    def remember_offer(self, seat: int, legal: list[Action]) -> list[Action]:
        """Keep the list `legal_actions(seat)` has just built and give the caller a copy (which
        it may shuffle or cut). `apply` then knows one of these very objects to be legal without
        building the list again (`offered`): bots and simulations apply what they were offered,
        and rebuilding the list only to find it there was most of `apply`'s cost. A game that
        uses this calls `forget_offer` before it changes anything."""
        self._offer = (seat, legal)
        return legal[:]

    def offered(self, seat: int, action: Any) -> tuple[Action, list[Action]] | None:
        """`action` and the list `legal_actions(seat)` last built, when `action` is one of its
        objects and nothing has changed since; None otherwise (then `apply` checks in full)."""
        offer = self._offer
        if offer is not None and type(seat) is int and offer[0] == seat:
            for candidate in offer[1]:
                if candidate is action:
                    return candidate, offer[1]
        return None

    def forget_offer(self) -> None:
        self._offer = None

    def note(self, *event: Any) -> None:
        """Record one event tuple for the log (worded later by `format_event`)."""
        self._events.append(event)

    def reset_records(self, replayable: bool = True) -> None:
        """Start with no history and an empty log. `replayable` is False for a state whose past
        is not a game a seed and actions rebuild (a position set up by hand, a sampled world)."""
        self._history = []
        self._replayable = replayable
        self._events = []
        self._log = []
        self._formatted = 0

    def twin(self, seat: int | None, rng: random.Random) -> Self:
        """A state that differs from this one only in what `seat` cannot know (resampled as
        `determinize` does) and keeps this state's chance stream, so both meet the same dice and
        shuffles from here on. The conformance suite plays the same actions in both and requires
        that `seat` notices no difference until a rule reveals one; since the chance stream is
        secret, this is a tool for tests, never for agents."""
        world = self.determinize(seat, rng)
        world.rng = self.rng.copy()
        return world

    def copy_records_to(self, twin: State) -> None:
        """For `clone`: the history and the recorded events, shared by no one; the worded log
        is left to be made again if the copy's log is ever read."""
        twin._history = self._history[:]
        twin._replayable = self._replayable
        twin._events = self._events[:]
        twin._log = []
        twin._formatted = 0

    def format_event(self, raw: tuple[Any, ...]) -> list[Event]:
        """The readable events for one recorded event tuple (a game using `_events` says how)."""
        raise NotImplementedError(f"{type(self).__name__} does not word its events")

    @abstractmethod
    def snapshot(self) -> tuple[Any, ...]:
        """Every rule-relevant field (hidden ones and the chance stream included) as a hashable
        value: two states with equal snapshots behave identically from here on. For tests and
        debugging, never for agents."""

    # -- shared behaviour ----------------------------------------------------------------------

    def is_over(self) -> bool:
        return not self.to_move()

    def record(self) -> GameRecord:
        """Seed, options and actions so far: `buccaneer.replay` rebuilds this exact state."""
        if not self._replayable:
            raise IllegalAction(
                "this state was not played from a seed (it came from determinize() or was set "
                "up as a position), so it has no replayable record"
            )
        return GameRecord(
            game=self.game,
            players=self.players,
            options=dict(self.options),
            seed=self.seed,
            actions=[(seat, action.to_json()) for seat, action in self._history],
        )

    def base_view(self, seat: int | None) -> dict[str, Any]:
        """The keys every game's view starts with (docs/architecture.md, "Views")."""
        self.check_seat(seat)
        over = self.is_over()
        return {
            "game": self.game,
            "players": self.players,
            "seat": seat,
            "to_move": list(self.to_move()),
            "options": dict(self.options),
            "over": over,
            "scores": self.scores(),
            "winners": self.winners(),
            # The seed is secret while the game runs: knowing it would reveal every hidden card.
            "seed": self.seed if over else None,
        }
