"""An interactive game at the terminal: humans (one or several, hot seat) against agents.

The screen only ever shows a human what their seat may know: the board is drawn from
`view(seat)` and the log is `log_for(seat)`, the events visible to that seat. With several
humans at one terminal, a hand-over screen sits between two of them so one player's hand or
secret choice is not left on screen for the next.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from buccaneer.agents import Agent
from buccaneer.cli_support.common import save_record
from buccaneer.core import Action, GameSpec, IllegalAction, State
from buccaneer.core.words import plural
from buccaneer.sim.games import bot_rng

# Reads one line after showing a prompt; None at end of input.
Reader = Callable[[str], str | None]

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})
BOARD_WORDS = frozenset({"b", "board"})


class Quit(Exception):
    """The human asked to stop (or input ended); the game is saved, not lost."""


@dataclass
class Entry:
    """One line of a menu: a single action, or a group of them chosen in a second step."""

    label: str
    actions: list[Action]


def console_reader(console: Console) -> Reader:
    """A reader on standard input, turning end of input into None.

    When input is piped rather than typed, the line is echoed so the transcript reads like a
    session at the keyboard.
    """
    typed = sys.stdin.isatty()

    def read(prompt: str) -> str | None:
        try:
            line = console.input(Text(prompt))
        except EOFError:
            console.print()
            return None
        if not typed:
            console.print(Text(line), highlight=False)
        return line

    return read


class PlaySession:
    """One game from setup to the end (or until a human quits).

    `controllers` maps every seat to its agent, or to None for a human at this terminal.
    """

    def __init__(
        self,
        *,
        spec: GameSpec,
        state: State,
        seed: int,
        controllers: dict[int, Agent | None],
        console: Console,
        read: Reader,
        save: Path | None = None,
    ) -> None:
        self.spec = spec
        self.state = state
        self.seed = seed
        self.controllers = controllers
        self.console = console
        self.read = read
        self.save = save
        self.humans = [seat for seat, agent in sorted(controllers.items()) if agent is None]
        self.rngs: dict[int, random.Random] = {
            seat: bot_rng(seed, seat) for seat, agent in controllers.items() if agent is not None
        }
        # How much of the log each human has been shown, so nothing repeats or goes missing.
        self.shown: dict[int, int] = dict.fromkeys(self.humans, 0)
        self.last_human: int | None = None
        # How many actions the save file holds (None: nothing written yet).
        self.saved: int | None = None

    # -- the loop ------------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end; the process exit code (0 done or quit, 130 interrupted)."""
        try:
            try:
                self._save()
                self._intro()
                while movers := self.state.to_move():
                    if len(movers) == 1:
                        seat = movers[0]
                        self._apply(seat, self._decide(seat))
                    else:
                        choices = [(seat, self._decide(seat)) for seat in movers]
                        for seat, action in sorted(choices, key=lambda choice: choice[0]):
                            self._apply(seat, action)
                self._finish()
                return 0
            except Quit:
                self._save()
                stopped = Text("Game stopped. " + self._where(), style="bold")
                self.console.print(stopped, soft_wrap=True)
                return 0
            except KeyboardInterrupt:
                self._save()
                self.console.print()
                stopped = Text("Interrupted. " + self._where(), style="bold")
                self.console.print(stopped, soft_wrap=True)
                return 130
        except Exception:
            self._say_what_is_saved()
            raise

    def _decide(self, seat: int) -> Action:
        agent = self.controllers[seat]
        if agent is None:
            return self._ask(seat)
        return agent.act(self.state, seat, self.rngs[seat])

    def _apply(self, seat: int, action: Action) -> None:
        self.state.apply(seat, action)
        self._save()
        # Only the human at the terminal reads the news; with several humans that is whoever
        # was asked last, so another seat's private events wait for that seat's own turn.
        viewer = self.humans[0] if len(self.humans) == 1 else self.last_human
        if viewer is not None:
            self._flush_log(viewer)

    def _save(self) -> None:
        if self.save is not None:
            self.saved = save_record(self.save, self.state)

    def _say_what_is_saved(self) -> None:
        """After an error: what the save file holds, exactly (never a save that failed)."""
        if self.save is None or self.saved is None:
            return
        played = len(self.state.record().actions)
        if not self.save.is_file():
            note = f"Nothing is saved: {self.save} is gone (its folder was removed or renamed?)."
        elif self.saved == played:
            note = f"The game up to the last move is saved in {self.save}."
        else:
            first = plural(self.saved, "action")
            note = f"{self.save} holds the game's first {first} (of {played} played)."
        self.console.print(Text(note, style="bold"), soft_wrap=True)

    def _where(self) -> str:
        if self.save is None:
            return "Not saved (use --save FILE to keep a record you can replay)."
        return f"The record is in {self.save} (replay it with: buccaneer replay {self.save})."

    # -- what a human sees ------------------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return self.spec.seat_name(seat)

    def _intro(self) -> None:
        table = Table(title=f"{self.spec.title}, {self.state.players} players", box=None)
        table.add_column("seat", justify="right")
        table.add_column("name")
        table.add_column("played by")
        for seat, agent in sorted(self.controllers.items()):
            if agent is not None:
                who = agent.name
            else:
                who = "you" if len(self.humans) == 1 else "human (hot seat)"
            table.add_row(str(seat), self._name(seat), who)
        self.console.print(table)
        self.console.print("Enter the number of a move, ? for help, q to quit.", style="dim")

    def _flush_log(self, seat: int) -> None:
        log = self.state.log_for(seat)  # only what this seat may read
        for event in log[self.shown[seat] :]:
            private = event.visible_to is not None
            self.console.print(Text("  " + event.text, style="italic" if private else ""))
        self.shown[seat] = len(log)

    def _handover(self, seat: int) -> None:
        """Between two humans: hide the last one's screen, wait for the next to sit down."""
        self._wipe()
        self.console.rule(Text(f"Pass the terminal to {self._name(seat)}"))
        if self.read(f"{self._name(seat)}, press Enter when ready (q to quit): ") is None:
            raise Quit
        self._wipe()

    def _wipe(self) -> None:
        """Clear the screen and the terminal's scrollback too (ESC [3J): the next person must
        not scroll up to the last one's secret dice or loyalty card."""
        if self.console.is_terminal:
            self.console.clear()
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _entries(self, seat: int, actions: list[Action]) -> list[Entry]:
        """The first-step menu: each action on its own line, except that actions the game
        groups (`State.menu_group`) share one line that opens a second step."""
        entries: list[Entry] = []
        groups: dict[str, Entry] = {}
        for action in actions:
            label = self.state.menu_group(action, seat)
            if label is None:
                entries.append(Entry(self.state.describe(action, seat), [action]))
            elif label in groups:
                groups[label].actions.append(action)
            else:
                groups[label] = Entry(label, [action])
                entries.append(groups[label])
        return [
            Entry(self.state.describe(e.actions[0], seat), e.actions) if len(e.actions) == 1 else e
            for e in entries
        ]

    def _show(self, seat: int, entries: list[Entry]) -> None:
        """The seat's news, then its board right above its menu.

        The news comes first: with one human it has streamed in as it happened, but after a
        hot-seat hand-over it is everything since this seat last looked, often more lines than
        the board, and printed between the board and the menu it pushed the board off the top
        of the freshly cleared screen, so the next person saw the menu without the board."""
        self._flush_log(seat)
        self.console.rule(Text(f"{self._name(seat)} (seat {seat})"))
        self.console.print(self.spec.render(self.state.view(seat)))
        self._menu([entry.label for entry in entries])

    def _menu(self, labels: list[str], back: bool = False) -> None:
        width = len(str(len(labels)))
        menu = Text()
        if back:
            menu.append(f"{0:>{width}}. ", style="bold")
            menu.append("back to the first choice\n", style="dim")
        for number, label in enumerate(labels, start=1):
            menu.append(f"{number:>{width}}. ", style="bold")
            menu.append(label + "\n")
        self.console.print(menu, end="")

    def _help(self, count: int) -> None:
        stop = "stop the game" + (f" (it is saved to {self.save})" if self.save else "")
        self.console.print(help_text(count, stop), markup=False)

    def _ask(self, seat: int) -> Action:
        # With several people at the terminal every turn of a new one starts behind a
        # hand-over screen, the first one's too: the intro is shared, their secrets are not.
        if len(self.humans) > 1 and self.last_human != seat:
            self._handover(seat)
        self.last_human = seat
        actions = self.state.legal_actions(seat)
        if not actions:
            raise IllegalAction(f"{self._name(seat)} is asked to move but has no legal move")
        entries = self._entries(seat, actions)
        self._show(seat, entries)
        who = f" ({self._name(seat)})" if len(self.humans) > 1 else ""
        while True:
            number = self._number(f"Your move{who} [1-{len(entries)}]: ", len(entries))
            if number is None:
                self._show(seat, entries)
                continue
            entry = entries[number - 1]
            if len(entry.actions) == 1:
                return entry.actions[0]
            # The second step of a grouped choice; 0 goes back to the first.
            group = entry.actions
            self.console.print(Text(entry.label.rstrip("…") + ":", style="bold"))
            self._menu([self.state.describe(action, seat) for action in group], back=True)
            chosen = self._number(f"Which one{who} [0-{len(group)}]: ", len(group), low=0)
            if chosen:
                return group[chosen - 1]
            self._show(seat, entries)

    def _number(self, prompt: str, count: int, low: int = 1) -> int | None:
        return read_number(self.read, self.console, prompt, count, show_help=self._help, low=low)

    # -- the end ------------------------------------------------------------------------------

    def _finish(self) -> None:
        if self.last_human is not None:
            self._flush_log(self.last_human)
        self.console.rule("Game over")
        self.console.print(self.spec.render(self.state.view(None)))
        winners = self.state.winners()
        scores = self.state.scores()
        names = ", ".join(f"{self._name(s)} (seat {s})" for s in winners) or "nobody"
        label = "Winners" if len(winners) > 1 else "Winner"
        self.console.print(Text(f"{label}: {names}", style="bold green"))
        table = Table(box=None)
        table.add_column("seat", justify="right")
        table.add_column("name")
        table.add_column("score", justify="right")
        for seat, score in enumerate(scores):
            mark = " ★" if seat in winners else ""
            table.add_row(str(seat), self._name(seat) + mark, f"{score:g}")
        self.console.print(table)
        self.console.print(
            Text(f"Seed {self.seed}. " + (self._where() if self.save else "")), soft_wrap=True
        )


def read_number(
    read: Reader,
    console: Console,
    prompt: str,
    count: int,
    *,
    show_help: Callable[[int], None],
    low: int = 1,
) -> int | None:
    """A number from `low` to `count` read at the prompt (`buccaneer play`'s menus and a
    person at a remote seat, `buccaneer connect`); None when the board is asked for again.
    Help is shown on `?`; quitting (`q`, or the end of input) raises `Quit`."""
    while True:
        line = read(prompt)
        if line is None:
            raise Quit
        text = line.strip().lower()
        if text in QUIT_WORDS:
            raise Quit
        if text in HELP_WORDS:
            show_help(count)
            continue
        if text in BOARD_WORDS:
            return None
        reason = _reject(text, count, low)
        if reason is None:
            return int(text)
        console.print(Text(reason, style="red"))


def help_text(count: int, stop: str) -> str:
    """What `?` shows at a menu of `count` moves; `stop`: what `q` does there."""
    return (
        f"Type a number from 1 to {count} and press Enter to make that move.\n"
        "b or board: show the board and the moves again\n"
        "? or help: this text\n"
        f"q or quit: {stop}"
    )


def _reject(text: str, count: int, low: int = 1) -> str | None:
    """Why `text` is not a number from `low` to `count`, or None when it is one."""
    if not text:
        return f"Please enter a number from {low} to {count} (? for help)."
    try:
        number = int(text)
    except ValueError:
        return f"{text!r} is not a number: enter {low} to {count}, ? for help or q to quit."
    if not low <= number <= count:
        return f"{number} is out of range: there are {count} moves, enter {low} to {count}."
    return None
