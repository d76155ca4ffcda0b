"""Commands that need one of buccaneer's extras (`buccaneer serve` needs `server`): a library
of the extra that is missing is one line saying how to install it, never a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from buccaneer.cli_support.common import CliError
from buccaneer.core.optional import MissingExtra, install_hint


@contextmanager
def needs_extra(extra: str, command: str) -> Iterator[None]:
    """Around the imports (and start) of a command that needs `extra`: a module that is not
    installed becomes a `CliError` naming the extra. A missing module of buccaneer's own is a
    bug and goes through as it is."""
    try:
        yield
    except MissingExtra as exc:  # a library the code asked for by name (`require`)
        raise CliError(str(exc)) from None
    except ModuleNotFoundError as exc:
        top = (exc.name or "").split(".")[0]
        if not top or top == "buccaneer":
            raise
        raise CliError(
            f"{command} needs buccaneer's {extra} extra ({top} is not installed): "
            f"{install_hint(extra)}"
        ) from None


__all__ = ["needs_extra"]
