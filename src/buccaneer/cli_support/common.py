"""Parsing and small services shared by the commands: options, agents, seeds, records on disk."""

from __future__ import annotations

import errno
import json
import os
import secrets
import stat
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from buccaneer.agents.spec import AgentSpec, parse_agent, parse_value
from buccaneer.core import GameRecord, GameSpec, OptionError, State, get_spec, load
from buccaneer.core.fairness import result_of
from buccaneer.core.schema import json_problem
from buccaneer.sim.tournament import FORMAT as TOURNAMENT_FORMAT


def progress_bar(label: str, console: Console) -> Progress:
    """The bar every long command shows on standard error: `label` (Rich markup, or
    "{task.description}" for a label that changes), the bar, done of total and the time left;
    gone when done, and off when standard error is not a terminal (a log stays clean)."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )


class CliError(ValueError):
    """A mistake in how the command was called, worded for the person who typed it."""


def parse_options(game: str, pairs: list[str] | None, variant: str | None) -> dict[str, Any]:
    """Game options from repeated `-o KEY=VALUE` and the `--variant` shorthand. An option that
    takes a list of names may be written `KEY=a,b,c` as well as `KEY=["a","b","c"]`."""
    declared = get_spec(game).options
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise CliError(f"option {pair!r} must look like KEY=VALUE (for example variant=...)")
        if key in options:
            raise CliError(f"option {key!r} is given twice")
        parsed = parse_value(value.strip())
        option = declared.get(key)
        if option is not None and option.list_items and isinstance(parsed, str):
            parsed = [name.strip() for name in parsed.split(",")]
        options[key] = parsed
    if variant is not None:
        if "variant" in options and options["variant"] != variant:
            raise CliError("--variant and -o variant=... disagree; give the variant once")
        options["variant"] = variant
    return options


def count_agents(text: str | None) -> int | None:
    """How many agents a `--bots` list names, so the player count can follow from it."""
    return None if text is None else len(text.split(","))


def parse_agents(text: str | None, count: int, what: str) -> list[AgentSpec]:
    """`count` agents from a comma list (all random when not given); `what` names the seats."""
    if text is None:
        return [AgentSpec("random")] * count
    specs = [parse_agent(part) for part in text.split(",")]
    if len(specs) != count:
        raise CliError(
            f"--bots lists {len(specs)} agent(s) but {what} need {count} "
            f"(one per seat, comma-separated)"
        )
    return specs


def new_seed() -> int:
    """A fresh seed from `secrets`, as `load()` draws one: a seed fixes every hidden card, so
    one short enough to search through would give a game away (docs/architecture.md, "Seeds")."""
    return secrets.randbits(63)


def start_game(
    game: str, players: int | None, seed: int | None, options: dict[str, Any]
) -> tuple[GameSpec, State, int]:
    """The spec, a new state and its seed; every mistake surfaces as an `OptionError`."""
    spec = get_spec(game)
    count = spec.min_players if players is None else players
    actual_seed = new_seed() if seed is None else seed
    state = load(spec.name, count, seed=actual_seed, **options)
    return spec, state, actual_seed


def write_atomic(path: Path, text: str) -> None:
    """Replace the file at `path` with `text` all at once, so a crash never leaves half a
    record. A symbolic link is followed (the link stays, its target is rewritten) and the
    file keeps its permissions; anything but a regular file there is refused (`OSError`),
    since replacing it (a device, a pipe) would destroy it."""
    target = path.resolve()
    if target.exists() and not target.is_file():
        raise OSError(errno.EEXIST, "it is not a regular file")
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~_umask()
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def prepare_save(path: Path, flag: str = "--save") -> None:
    """Before anything is played: make the missing folders of `path`, and refuse (`CliError`) a
    folder or a place where no file can be made, so a game never starts unsaveable."""
    if path.is_dir():
        raise CliError(f"{flag} {path} is a folder; give a file name such as {path / 'game.json'}")
    if path.exists() and not path.resolve().is_file():
        raise CliError(f"{flag} {path} is not a regular file (a device or a pipe); give a file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(
            f"cannot save to {path}: its folder cannot be made ({exc.strerror or exc})"
        ) from None


def save_record(path: Path, state: State) -> int:
    """The game so far as a one-record JSON file; the number of actions it holds. `OSError`
    becomes a `CliError`.

    A finished game's record also states its result (scores, winners, the log's digest), as a
    server's record does, so `buccaneer verify` can check that the replayed game ends so; it is
    added here, once, rather than by `State.record()`, which search and simulations call often.
    """
    record = state.record()
    if state.is_over():
        record = replace(record, result=result_of(state))
    try:
        write_atomic(path, record.to_json(indent=1) + "\n")
    except OSError as exc:
        raise CliError(f"cannot write the record to {path}: {exc.strerror or exc}") from None
    return len(record.actions)


@dataclass(frozen=True)
class StoredRecord:
    """One game found in a file: its record's JSON text (parsed only when used) and, for a
    tournament's results, the agent that played each seat."""

    text: str
    agents: list[str] | None = None


def _tournament_games(path: Path, data: dict[str, Any]) -> list[StoredRecord]:
    """The records in a tournament's `results.json`, in the order of its `games`."""
    games = data.get("games")
    if not isinstance(games, list):
        raise CliError(f"{path} is a tournament's results without a list of games")
    found: list[StoredRecord] = []
    for i, game in enumerate(games):
        record = game.get("record") if isinstance(game, dict) else None
        if not isinstance(record, dict):
            raise CliError(f"{path}, game {i}: the tournament's results hold no game record")
        seats = game.get("seats")
        agents = [str(s) for s in seats] if isinstance(seats, list) else None
        found.append(StoredRecord(json.dumps(record), agents))
    return found


def _parsed(line: str) -> Any:
    """The JSON of one line, or None when it is not JSON (reported where it is used)."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def _played_game(data: Any) -> StoredRecord | None:
    """A played game as a ladder stores it (its record under "record", the agents under
    "seats"), or None for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("record"), dict):
        return None
    seats = data.get("seats")
    agents = [str(s) for s in seats] if isinstance(seats, list) else None
    return StoredRecord(json.dumps(data["record"]), agents)


def read_records(path: Path) -> list[StoredRecord]:
    """The records in `path`: one JSON record, a JSON list of them, JSON Lines (simulate), a
    tournament's `results.json`, or a ladder's `games.jsonl`.

    Records are returned unparsed so a long file is only checked where it is used.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path} is not a game record: it is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except ValueError as whole:  # invalid JSON, or a number past Python's 4300 digits
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) <= 1:
            raise CliError(f"{path} is not a game record: {json_problem(whole)}") from None
        if _played_game(_parsed(lines[0])) is not None:  # a ladder's games.jsonl
            return [_played_game(_parsed(line)) or StoredRecord(line) for line in lines]
        return [StoredRecord(line) for line in lines]
    except RecursionError:
        raise CliError(f"{path} is not a game record: the JSON is nested too deeply") from None
    if isinstance(data, dict) and data.get("format") == TOURNAMENT_FORMAT:
        return _tournament_games(path, data)
    if isinstance(data, dict):
        return [_played_game(data) or StoredRecord(text)]
    if isinstance(data, list):
        return [StoredRecord(json.dumps(item)) for item in data]
    raise CliError(f"{path} holds neither a game record nor a list of them")


def pick_record(path: Path, index: int) -> tuple[GameRecord, list[str] | None]:
    """Record `index` of `path` (negative counts from the end), with errors naming the place,
    and the agents that played its seats when the file says (a tournament's results)."""
    stored = read_records(path)
    count = len(stored)
    if not count:
        raise CliError(f"{path} holds no game records")
    if not -count <= index < count:
        raise CliError(
            f"--index {index} is out of range: {path} holds {count} record(s) "
            f"(valid: 0 to {count - 1})"
        )
    position = index % count
    try:
        record = GameRecord.from_json(stored[position].text)
    except OptionError as exc:
        where = f"record {position}" if count > 1 else "the record"
        raise CliError(f"{path}, {where}: {exc}") from None
    agents = stored[position].agents
    if agents is not None and len(agents) != record.players:
        agents = None  # a label per seat or none at all
    return record, agents
