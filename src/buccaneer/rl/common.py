"""What the three adapters share: the reward rule, agent names and the game's own state.

None of this names a game: the adapters reach every game through `load`, its `GameSpec`
and its codec, so a new game plug-in with a codec gets all three environments.
"""

from __future__ import annotations

import io
from typing import Any

from buccaneer.core.codec import Codec, make_codec
from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.core.registry import get_spec, load
from buccaneer.core.state import Action, State

WIN = 1.0
LOSS = -1.0


def final_rewards(state: State) -> list[float]:
    """The result of a finished game per seat: +1 for each winner (every seat of a winning
    team in a team game), -1 for everyone else; 0 for all if a game ever ended without a winner."""
    winners = set(state.winners())
    if not winners:
        return [0.0] * state.players
    return [WIN if seat in winners else LOSS for seat in range(state.players)]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class Table:
    """A game in progress with its codec: new games by seed, actions by id, checked.

    The adapters keep one of these and translate; an illegal id raises `IllegalAction`
    and leaves the game as it was.
    """

    def __init__(self, game: str, players: int, options: dict[str, Any]) -> None:
        self.spec = get_spec(game)
        self.codec: Codec = make_codec(game, players, **options)
        self.game = game
        self.players = players
        self.options = dict(self.codec.options)
        self.state: State = load(game, players, seed=0, **self.options)

    def max_steps(self, given: int | None) -> int:
        """The truncation bound: `given`, or the game's bound on a random game's length."""
        if given is None:
            return self.spec.max_actions
        if isinstance(given, bool) or not isinstance(given, int) or given < 1:
            raise OptionError(f"max_steps must be a positive int, got {given!r}")
        return given

    def new_game(self, seed: int) -> State:
        self.state = load(self.game, self.players, seed=seed, **self.options)
        return self.state

    def action(self, seat: int, action_id: Any) -> Action:
        """The action behind `action_id` if it is legal for `seat` now; else IllegalAction."""
        if hasattr(action_id, "item") and getattr(action_id, "shape", ()) == ():
            action_id = action_id.item()  # a numpy scalar or 0-d array from a sampler
        action = self.codec.id_to_action(action_id)
        if seat not in self.state.to_move():
            raise IllegalAction(f"{agent_name(seat)} is not to move")
        if action not in self.state.legal_actions(seat):
            raise IllegalAction(
                f"action id {action_id} ({action.to_json()}) is not legal for "
                f"{agent_name(seat)} now; use the action mask"
            )
        return action


def render_text(table: Table) -> str:
    """The board as the CLI draws it for a spectator, as plain text."""
    from rich.console import Console  # noqa: PLC0415

    console = Console(record=True, width=110, file=io.StringIO())
    console.print(table.spec.render(table.state.view(None)))
    return console.export_text()


__all__ = ["LOSS", "WIN", "Table", "agent_name", "final_rewards", "render_text"]
