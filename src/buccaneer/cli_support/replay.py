"""Walking through a saved game action by action, the way it was played.

The record is rebuilt one action at a time (rather than with `buccaneer.replay` in one go) so
the log can be shown as it grows, a broken record is reported at the exact action that fails,
and `--step` can pause between actions.

What is shown is what the viewer could have known at the table: a spectator reads the public
events only, a seat (`--seat`) the events visible to it (`State.log_for`). Every seat's private
events (`--all`) are shown only for a finished game, whose seed reveals them anyway; for the
same reason the seed itself is printed only once the replayed game is over.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from buccaneer.cli_support.common import CliError
from buccaneer.cli_support.play import Reader
from buccaneer.core import GameRecord, GameSpec, IllegalAction, State, get_spec, load, replay
from buccaneer.core.words import plural


def replay_record(
    record: GameRecord,
    console: Console,
    seat: int | None,
    read: Reader | None,
    *,
    everything: bool = False,
    agents: list[str] | None = None,
) -> None:
    """Show the game in `record`: the log `seat` saw (None: a spectator; every seat's events
    with `everything`, for a finished game only), then the board. `agents` names who played
    each seat, when the file says (a tournament's results).

    With `read`, wait for it between actions: Enter goes on, `b` shows the board, `q` stops.
    """
    spec = get_spec(record.game)
    if seat is not None and not 0 <= seat < record.players:
        raise CliError(f"--seat {seat} is not a seat of this {record.players}-player game")
    if everything and seat is not None:
        raise CliError("--all shows every seat's events; give either --all or --seat, not both")
    if everything and not _rebuild(record).is_over():
        raise CliError(
            "--all shows every seat's private events, so it is only for a finished game; this "
            f"record stops after {plural(len(record.actions), 'action')} with the game still "
            "running (use --seat S to see what one seat saw)"
        )
    state = load(spec.name, record.players, seed=record.seed, **record.options)
    names = {s: spec.seat_name(s) for s in range(record.players)}
    if everything:
        who = "every seat's events"
    elif seat is None:
        who = "as a spectator (public events only)"
    else:
        who = f"as {names[seat]} (seat {seat}) saw it"
    console.rule(Text(f"{spec.title}, {record.players} players, {who}"))
    if agents is not None:
        played = ", ".join(f"{names[s]} (seat {s}): {agent}" for s, agent in enumerate(agents))
        console.print(Text(f"Played by {played}."), soft_wrap=True)
    shown = 0

    def flush(prefix: str) -> None:
        nonlocal shown
        log = state.log if everything else state.log_for(seat)
        for event in log[shown:]:
            private = event.visible_to is not None
            text = Text(prefix + event.text, style="italic" if private and not everything else "")
            if everything and event.visible_to is not None:
                seen = ", ".join(names.get(s, str(s)) for s in event.visible_to)
                text.append(f"  (seen by {seen})", style="dim")
            console.print(text)
        shown = len(log)

    flush("      ")
    total = len(record.actions)
    stopped_after: int | None = None
    for index in range(total):
        _apply(state, spec, record, index)
        flush(f"{index + 1:>4}. ")  # counted from 1, as verify and the browser count actions
        if read is not None and index + 1 < total and not _pause(state, spec, console, read, seat):
            stopped_after = index + 1
            break
    console.rule("Board")
    console.print(spec.render(state.view(seat)))
    if stopped_after is not None:
        console.print(
            Text(f"Replay stopped after {stopped_after} of {plural(total, 'action')}.", "bold")
        )
    elif state.is_over():
        winners = ", ".join(f"{names[s]} (seat {s})" for s in state.winners()) or "nobody"
        scores = ", ".join(f"{names[s]} {v:g}" for s, v in enumerate(state.scores()))
        console.print(Text(f"Winner(s): {winners}. Scores: {scores}.", style="bold green"))
        # Only now: the seed fixes every hidden card, shuffle and roll of the game.
        console.print(Text(f"Seed {record.seed}."))
    else:
        console.print(Text(f"The game is unfinished after {plural(total, 'action')}."))


def _apply(state: State, spec: GameSpec, record: GameRecord, index: int) -> None:
    """Apply the record's action `index` (0-based); a refusal names it counted from 1, as the
    replay's numbered lines and `buccaneer verify` do."""
    actor, action_json = record.actions[index]
    try:
        state.apply(actor, spec.action_from_json(action_json))
    except IllegalAction as exc:
        raise CliError(
            f"record action {index + 1} of {len(record.actions)} ({action_json}) by seat {actor} "
            f"cannot be applied: {exc}"
        ) from None


def _rebuild(record: GameRecord) -> State:
    """The state at the record's end, shown to no one."""
    try:
        return replay(record)
    except IllegalAction as exc:
        raise CliError(f"the record cannot be replayed: {exc}") from None


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
