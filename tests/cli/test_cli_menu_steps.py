"""Long menus in two steps (issue 11, item 18): Tortuga 1667's "point at two event cards for
another pirate to reveal one" is up to 10 pairs times 8 pirates in one turn. At the terminal a
person picks the pirate first, then the pair (so the first step stays short with the turn's
looks and reveals grouped too), and can go back; the engine's actions stay as they are."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

from rich.console import Console

import buccaneer
from buccaneer.agents import make
from buccaneer.cli_support.play import PlaySession
from buccaneer.games.tortuga1667.actions import Point
from buccaneer.games.tortuga1667.position import position

FD, JR = "flying_dutchman", "jolly_roger"


def session(lines: list[str]) -> tuple[PlaySession, io.StringIO, list[str]]:
    """Seat 0 of six at the terminal, its turn; it types `lines`, then the input ends. Also
    the prompts it was shown."""
    state = position(6, ships={FD: [0, 1, 2], JR: [3, 4]}, tortuga=[5], current=0, seed=2)
    out = io.StringIO()
    typed: Iterator[str] = iter(lines)
    prompts: list[str] = []

    def read(prompt: str) -> str | None:
        prompts.append(prompt)
        return next(typed, None)

    controllers = {seat: None if seat == 0 else make("random") for seat in range(6)}
    return (
        PlaySession(
            spec=buccaneer.GAMES["tortuga1667"],
            state=state,
            seed=2,
            controllers=controllers,
            console=Console(file=out, width=100, no_color=True),
            read=read,
        ),
        out,
        prompts,
    )


def menu_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"^\s*\d+\. ", line)]


def test_pointing_is_chosen_pirate_first_then_pair() -> None:
    play, out, _ = session([])
    points = [a for a in play.state.legal_actions(0) if isinstance(a, Point)]
    assert len(points) == 50, "10 pairs of event cards times 5 other pirates"
    play.run()
    first = menu_lines(out.getvalue())
    groups = {play.state.menu_group(a, 0) for a in play.state.legal_actions(0)} - {None}
    ungrouped = [a for a in play.state.legal_actions(0) if play.state.menu_group(a, 0) is None]
    assert len(first) == len(groups) + len(ungrouped) == 10
    assert not [line for line in first if "reveals one" in line], "no pair at the first step"
    assert sum("point at two event cards for Pirate" in line for line in first) == 5


def test_the_second_step_names_the_pair_and_can_go_back() -> None:
    play, out, _ = session([])
    play.run()
    pirate5 = next(
        int(line.split(".")[0]) for line in menu_lines(out.getvalue()) if "for Pirate 5 " in line
    )
    play, out, prompts = session([str(pirate5), "0", str(pirate5), "3"])
    play.run()
    text = out.getvalue()
    second = text[text.index("point at two event cards for Pirate 5 to reveal one:") :]
    assert "0. back to the first choice" in second
    assert "3. point at cards 1 and 4: Pirate 5 reveals one" in second
    assert prompts[:4] == ["Your move [1-10]: ", "Which one [0-10]: "] * 2, "back, then chose"
    log = [event.text for event in play.state.log_for(0)]
    assert "Pirate 1 points at event cards 1 and 4: Pirate 5 must reveal one." in log
