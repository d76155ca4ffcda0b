"""Walking through a saved game action by action, the way it was played.

The record is rebuilt one action at a time (rather than with `buccaneer.replay` in one go) so
the log can be shown as it grows, a broken record is reported at the exact action that fails,
and `--step` can pause between actions.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from buccaneer.cli_support.common import CliError
from buccaneer.cli_support.play import Reader
from buccaneer.core import GameRecord, GameSpec, IllegalAction, State, get_spec, load


def replay_record(
    record: GameRecord,
    console: Console,
    seat: int | None,
    read: Reader | None,
) -> None:
    """Show the game in `record`: the log `seat` saw (everything when None), then the board.

    With `read`, wait for it between actions: Enter goes on, `b` shows the board, `q` stops.
    """
    spec = get_spec(record.game)
    state = load(spec.name, record.players, seed=record.seed, **record.options)
    if seat is not None and not 0 <= seat < record.players:
        raise CliError(f"--seat {seat} is not a seat of this {record.players}-player game")
    names = {s: spec.seat_name(s) for s in range(record.players)}
    console.rule(f"{spec.title}, {record.players} players, seed {record.seed}")
    shown = 0

    def flush(prefix: str) -> None:
        nonlocal shown
        log = state.log
        for event in log[shown:]:
            if seat is None or event.visible(seat):
                text = Text(prefix + event.text)
                if event.visible_to is not None:
                    seen = ", ".join(names.get(s, str(s)) for s in event.visible_to)
                    text.append(f"  (seen by {seen})", style="dim")
                console.print(text)
        shown = len(log)

    flush("      ")
    total = len(record.actions)
    for index, (actor, action_json) in enumerate(record.actions):
        try:
            state.apply(actor, spec.action_from_json(action_json))
        except IllegalAction as exc:
            raise CliError(
                f"record action {index} of {total} ({action_json}) by seat {actor} "
                f"cannot be applied: {exc}"
            ) from None
        flush(f"{index:>4}. ")
        if read is not None and index + 1 < total and not _pause(state, spec, console, read, seat):
            console.print(Text(f"Stopped after action {index} of {total}.", style="bold"))
            break
    console.rule("Board")
    console.print(spec.render(state.view(seat)))
    if state.is_over():
        winners = ", ".join(f"{names[s]} (seat {s})" for s in state.winners()) or "nobody"
        scores = ", ".join(f"{names[s]} {v:g}" for s, v in enumerate(state.scores()))
        console.print(Text(f"Winner(s): {winners}. Scores: {scores}.", style="bold green"))
    else:
        done = len(state.record().actions)
        console.print(Text(f"The game is unfinished after {done} actions."))


def _pause(state: State, spec: GameSpec, console: Console, read: Reader, seat: int | None) -> bool:
    """Wait for the viewer; False when they want to stop."""
    while True:
        line = read("Enter: next action, b: board, q: stop > ")
        answer = "q" if line is None else line.strip().lower()
        if answer in {"q", "quit"}:
            return False
        if answer in {"b", "board"}:
            console.print(spec.render(state.view(seat)))
            continue
        return True
