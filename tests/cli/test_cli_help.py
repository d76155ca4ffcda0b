"""Help texts show what their source says: Typer renders help as Rich markup, where a
bracketed word such as `[train]` is a style tag and vanishes unless it is escaped (`\\[train]`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import typer.main
from typer.testing import CliRunner

from buccaneer.cli import app
from tests.cli.conftest import Invoke

# A bracketed group as written in the source, with the backslash that escapes it, if any.
BRACKETS = re.compile(r"\\?\[[^\[\]]*\]")


def _texts(command: object) -> list[str]:
    """The command's help and its parameters' help and metavars, as written in the source."""
    texts = [getattr(command, "help", None) or ""]
    for param in getattr(command, "params", []):
        texts.append(getattr(param, "help", None) or "")
        texts.append(getattr(param, "metavar", None) or "")
    return texts


def _commands(command: object, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The words that invoke `command` and every command under it (Typer's vendored click
    groups have `commands`)."""
    yield path
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


def _sources() -> dict[tuple[str, ...], tuple[str, list[str]]]:
    """Per command: its help's first paragraph (its line in its parent's help) and all its
    texts as written in the source."""
    root = typer.main.get_command(app)
    found: dict[tuple[str, ...], tuple[str, list[str]]] = {}
    for path in _commands(root):
        command: object = root
        for name in path:
            command = getattr(command, "commands", {})[name]
        first = (getattr(command, "help", None) or "").split("\n\n")[0]
        found[path] = (first, _texts(command))
    return found


def _shown(text: str) -> list[str]:
    """The bracketed groups of `text` as a reader should see them (escapes removed)."""
    return [group.removeprefix("\\") for group in BRACKETS.findall(text)]


SOURCES = _sources()


def _help(path: tuple[str, ...]) -> str:
    """`buccaneer PATH --help`, wide enough that no bracketed group is cut, spaces collapsed."""
    runner = CliRunner()
    result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_the_train_extra_is_named_in_both_helps(invoke: Invoke) -> None:
    """The new user's first question: what to pip install for `train`."""
    for args in (["--help"], ["train", "--help"]):
        result = invoke(args)
        assert result.exit_code == 0, result.output
        assert "buccaneer[train]" in result.output, result.output


def test_some_help_has_brackets() -> None:
    """The test below checks something: the source does bracket words in help texts."""
    assert any(_shown(text) for _, texts in SOURCES.values() for text in texts)
    assert len(SOURCES) > 10, "every command was found"


@pytest.mark.parametrize("path", list(SOURCES), ids=[" ".join(path) or "top" for path in SOURCES])
def test_every_bracketed_word_of_a_help_is_shown(path: tuple[str, ...]) -> None:
    """In the command's own help, and its first paragraph in its parent's list of commands."""
    first, texts = SOURCES[path]
    shown = _help(path)
    for text in texts:
        for group in _shown(text):
            assert group in shown, f"`buccaneer {' '.join(path)} --help` lost {group}"
    if path:
        parent = _help(path[:-1])
        for group in _shown(first):
            assert group in parent, f"`buccaneer {' '.join(path[:-1])} --help` lost {group}"
