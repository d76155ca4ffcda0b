"""`buccaneer connect`: one seat of a remote table, played from the shell by an agent or by a
person at the terminal.

It needs only the package's core (the server's own stack is the `server` extra): this module
and the client it drives, `buccaneer.server.client`, import nothing else of the server. A
person types what `buccaneer play` understands (a move's number, `?`, `b`, `q`), checked by
the same words and the same refusals (`cli_support/play.py`).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from buccaneer.agents.spec import HUMAN
from buccaneer.cli_support.common import CliError
from buccaneer.cli_support.play import Quit, Reader, console_reader, help_text, read_number
from buccaneer.core import get_spec
from buccaneer.server.client import ClientError, Decide, Outcome, SeatClient, agent_decider

HINT = "Enter the number of a move, ? for help, b for the board, q to leave the table."
LEFT = (
    "You left the table. Your seat stays yours: the game goes on without you (the others may "
    "hand your seat to a bot meanwhile), and the same link takes you back to it."
)


def human_decider(console: Console, read: Reader | None = None) -> Decide:
    """A person at the terminal plays the remote seat: the board drawn from the seat's view,
    the offered moves in the server's words, a number typed. Leaving (`q`, or the end of
    input) raises `Quit`, which ends the connection and the command."""
    reader = console_reader(console) if read is None else read
    hinted = False

    def decide(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> Any:
        nonlocal hinted
        if not hinted:
            console.print(HINT, style="dim")
            hinted = True
        show(console, view, legal)
        while (number := ask(console, reader, len(legal))) is None:
            show(console, view, legal)
        return legal[number - 1]["action"]

    return decide


def show(console: Console, view: dict[str, Any], legal: list[dict[str, Any]]) -> None:
    """The seat's board and the moves it is offered, numbered."""
    spec = get_spec(view["game"])
    console.rule(Text(f"{spec.seat_name(view['seat'])} (seat {view['seat']})"))
    console.print(spec.render(view))
    for i, choice in enumerate(legal, 1):
        console.print(Text(f"{i}. {choice['text']}"))


def ask(console: Console, read: Reader, count: int) -> int | None:
    """A move's number from 1 to `count`, as `buccaneer play` reads one; None when the board
    is asked for again; leaving (`q`, or the end of input) raises `Quit`."""

    def show_help(count: int) -> None:
        stop = "leave the table (your seat stays yours; the same link brings you back)"
        console.print(help_text(count, stop), markup=False)

    return read_number(read, console, f"Your move [1-{count}]: ", count, show_help=show_help)


def connect(
    url: str,
    token: str | None,
    *,
    agent: str,
    name: str | None,
    on_message: Callable[[dict[str, Any]], None] | None,
    console: Console,
) -> Outcome:
    """Play the seat to the end of the game; a person who leaves ends the command with exit
    code 0 (the seat is still theirs), the rest as `CliError`s."""
    try:
        decide = human_decider(console) if agent == HUMAN else agent_decider(agent)
        client = SeatClient(url, token, decide, name=name, on_message=on_message)
        if client.token is None:
            raise CliError("give --seat-token (or an invite link with #token=...)")
        return asyncio.run(client.run())
    except ClientError as exc:
        raise CliError(str(exc)) from None
    except Quit:
        console.print(Text(LEFT, style="bold"), soft_wrap=True)
        raise typer.Exit(0) from None


__all__ = ["ask", "connect", "human_decider"]
