"""`buccaneer verify RECORD`: a finished game's proof checked and shown (core/fairness.py).

The verdict is one line per check, then a green "fair" or a red "refused" line naming the check
that failed and where; the command's exit code is 0 when every check passed, 1 when one did.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from rich.console import Console
from rich.text import Text

from buccaneer.cli_support.common import CliError
from buccaneer.core.fairness import Verdict, verify
from buccaneer.core.schema import json_problem

HEX64 = re.compile(r"^[0-9a-fA-F]{64}$")


def verify_file(path: Path, seen: str | None = None) -> Verdict:
    """The verdict on the record in `path` (one JSON record, as `GET /api/tables/T/record`
    gives it), against the commitment `seen` at the start if given. A file that cannot be
    read, or a `seen` that is no commitment, is the caller's mistake (`CliError`); a file that
    is read but is no valid record is a refused record."""
    if seen is not None and not HEX64.match(seen.strip()):
        raise CliError(
            f"--commitment {seen!r} is not a commitment: it is 64 hexadecimal digits, as the "
            "table showed when the game began"
        )
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        return Verdict().fail("record", f"{path} is not a game record: it is not UTF-8 text")
    try:
        data = json.loads(text)
    except ValueError as exc:
        return Verdict().fail("record", f"{path} is not a game record: {json_problem(exc)}")
    except RecursionError:
        return Verdict().fail("record", f"{path} is not a game record: nested too deeply")
    return verify(data, seen.strip() if seen is not None else None)


def show_verdict(verdict: Verdict, console: Console) -> int:
    """Print the checks and the verdict; the exit code (0: fair, 1: refused)."""
    marks = {True: ("✓", "green"), False: ("✗", "bold red"), None: ("!", "yellow")}
    for passed, words in verdict.lines:
        if passed is False:
            continue  # the failed check is the verdict's own line below
        mark, style = marks[passed]
        console.print(Text(f"{mark} {words}", style=style), soft_wrap=True)
    if not verdict.ok:
        console.print(
            Text(f"REFUSED ({verdict.failed}): {verdict.reason}", style="bold red"), soft_wrap=True
        )
        return 1
    if verdict.proven:
        console.print(
            Text(
                "FAIR: the seed was fixed before the game (it hashes to the commitment you saw "
                "at the start), and every action replays from it to the recorded result.",
                style="bold green",
            ),
            soft_wrap=True,
        )
    elif verdict.consistent:
        console.print(
            Text(
                "CONSISTENT, NOT PROVEN: the record's seed, salt and commitment agree and every "
                "action replays, but a server could have changed all three together; run again "
                "with --commitment HEX, the commitment the table showed when the game began.",
                style="bold yellow",
            ),
            soft_wrap=True,
        )
    else:
        console.print(
            Text(
                "REPLAYS, NOT PROVEN: every action replays from the seed, but the record has no "
                "commitment, so nothing proves the seed was fixed in advance.",
                style="bold yellow",
            ),
            soft_wrap=True,
        )
    return 0


__all__ = ["show_verdict", "verify_file"]
