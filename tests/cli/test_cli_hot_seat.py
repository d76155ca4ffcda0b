"""Hot seat at a real terminal: after the hand-over screen is cleared, the next person must see
their board right above their menu. The news since that seat last looked used to be printed
between the two and pushed the board off the top of the screen."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import buccaneer
from buccaneer.cli_support.play import PlaySession

# What a hand-over writes at a terminal: `Console.clear()`, then the scrollback wiped (ESC [3J)
# so the next person cannot scroll up to the last one's secrets.
CLEAR = "\x1b[2J\x1b[H\x1b[3J"
PROMPT = "\x00prompt\n"  # written by the test's reader, so a screen ends where input is read


def _play_all_humans(game: str, answers: int) -> tuple[str, set[str]]:
    """Every seat a human at one (forced) terminal, each answering the first choice, or Enter
    at a hand-over, until `answers` prompts; the output and every log line of the game."""
    spec = buccaneer.GAMES[game]
    state = buccaneer.load(game, players=spec.min_players, seed=3)
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system=None, width=200, height=50)
    asked = 0

    def read(prompt: str) -> str | None:
        nonlocal asked
        out.write(PROMPT)
        asked += 1
        if asked > answers:
            return None
        return "" if "press Enter" in prompt else "1"

    controllers = dict.fromkeys(range(state.players))
    PlaySession(
        spec=spec, state=state, seed=3, controllers=controllers, console=console, read=read
    ).run()
    return out.getvalue(), {event.text for event in state.log}


@pytest.mark.parametrize("game", list(buccaneer.GAMES))
def test_after_a_hand_over_the_board_sits_right_above_the_menu(game: str) -> None:
    output, events = _play_all_humans(game, 40)
    screens = [
        part.split(PROMPT)[0]  # what the person sees when first asked after the clear
        for part in output.split(CLEAR)[1:]
        if "Pass the terminal to" not in part
    ]
    assert len(screens) >= 3, "the humans handed over several times"
    news_above = 0
    for screen in screens:
        lines = [line.strip() for line in screen.splitlines() if line.strip()]
        rule = next(i for i, line in enumerate(lines) if "(seat " in line)
        assert all(line in events for line in lines[:rule]), "only news above the board"
        below = [line for line in lines[rule:] if line in events]
        assert not below, f"news between the board and the menu: {below}"
        news_above += rule
    assert news_above, "some hand-over had news to show"


@pytest.mark.parametrize("game", list(buccaneer.GAMES))
def test_no_board_is_shown_before_a_hand_over_and_the_scrollback_goes(game: str) -> None:
    """The first person to play sits down behind a hand-over screen too (the intro is for
    everyone, their own board is not), and every board is preceded by a full wipe: screen and
    scrollback."""
    output, _events = _play_all_humans(game, 12)
    first_board = output.index("(seat ")
    hand_over = output.index("Pass the terminal to")
    assert hand_over < first_board, "a board was shown before any hand-over"
    assert CLEAR in output[hand_over:first_board], "the hand-over screen was not wiped"
    assert output.count("\x1b[2J") == output.count(CLEAR), "a clear left the scrollback"
