"""Parsing and small services shared by the commands: options, agents, seeds, records on disk."""

from __future__ import annotations

import errno
import json
import os
import secrets
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from buccaneer import agents
from buccaneer.agents import Agent
from buccaneer.core import GameRecord, GameSpec, OptionError, State, get_spec, load
from buccaneer.core.schema import json_problem
from buccaneer.sim.tournament import FORMAT as TOURNAMENT_FORMAT

HUMAN = "human"


class CliError(ValueError):
    """A mistake in how the command was called, worded for the person who typed it."""


def parse_value(text: str) -> Any:
    """JSON when the text is JSON (`3`, `true`, `[1, 2]`), else the text itself.

    This lets `-o layout=2A` and `-o start_player=1` both work without quoting rules.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


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


@dataclass(frozen=True)
class AgentSpec:
    """One `--bots` entry: an agent name with parameters, or a human at the terminal."""

    name: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def is_human(self) -> bool:
        return self.name == HUMAN

    def label(self) -> str:
        extra = "".join(f":{k}={v}" for k, v in self.params.items())
        return f"{self.name}{extra}"

    def make(self) -> Agent:
        return agents.make(self.name, **self.params)


def parse_agent(text: str) -> AgentSpec:
    """`NAME` or `NAME:KEY=VALUE:KEY=VALUE` (for example `ismcts:iterations=400`)."""
    name, *params = text.strip().split(":")
    name = name.strip()
    if not name:
        raise CliError(f"empty agent name in {text!r}")
    values: dict[str, Any] = {}
    for param in params:
        key, sep, value = param.partition("=")
        if not sep or not key.strip():
            raise CliError(f"agent parameter {param!r} in {text!r} must look like KEY=VALUE")
        key = key.strip()
        if key in values:
            raise CliError(f"agent {name!r}: {key} is given twice in {text!r}")
        values[key] = parse_value(value.strip())
    if name != HUMAN and name not in agents.available():
        known = ", ".join([*agents.available(), HUMAN])
        raise CliError(f"unknown agent {name!r}; available: {known}")
    if name == HUMAN and values:
        raise CliError("a human seat takes no parameters")
    spec = AgentSpec(name, values)
    if not spec.is_human:
        spec.make()  # every parameter checked now, before a game starts (OptionError)
    return spec


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
    becomes a `CliError`."""
    record = state.record()
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


def read_records(path: Path) -> list[StoredRecord]:
    """The records in `path`: one JSON record, a JSON list of them, JSON Lines (simulate), or a
    tournament's `results.json`.

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
        return [StoredRecord(line) for line in lines]
    except RecursionError:
        raise CliError(f"{path} is not a game record: the JSON is nested too deeply") from None
    if isinstance(data, dict) and data.get("format") == TOURNAMENT_FORMAT:
        return _tournament_games(path, data)
    if isinstance(data, dict):
        return [StoredRecord(text)]
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
