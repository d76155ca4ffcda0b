"""A ladder's games on disk, one JSON line each, appended as they finish: what makes it resumable.

A line is written and flushed the moment its game ends, so Ctrl-C, a crash or a killed machine
loses at most the games being played. A rerun reads the file back and plays only what is
missing; a last line cut short by a crash is ignored (its game is played again). The settings
are written before the first game and must match on a rerun, so two different ladders can
never mix their games in one folder; only a larger `-n` is allowed, which extends the ladder.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from buccaneer.core import OptionError
from buccaneer.sim.games import GameJob, GameResult

SETTINGS = "settings.json"
GAMES = "games.jsonl"


class LadderStore:
    """The folder of one ladder: its settings and its finished games."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.settings_path = folder / SETTINGS
        self.games_path = folder / GAMES

    def check_settings(self, settings: dict[str, Any]) -> bool:
        """True when the folder already holds this ladder (a resume), False when it holds none;
        an error when it holds another one."""
        if self.folder.exists() and not self.folder.is_dir():
            raise OptionError(f"--out {self.folder} is a file; give a folder")
        if not self.settings_path.exists():
            if self.games_path.exists():
                raise OptionError(
                    f"{self.games_path} has no {SETTINGS} beside it; use another --out"
                )
            return False
        try:
            stored = json.loads(self.settings_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise OptionError(f"cannot read {self.settings_path}: {exc}") from None
        grown = settings.get("games_per_table", 0) >= stored.get("games_per_table", 0)
        if not grown:
            raise OptionError(
                f"{self.folder} holds a ladder of -n {stored.get('games_per_table')}; give at "
                "least that to resume or extend it, or choose another --out"
            )
        if _without_n(stored) != _without_n(settings):
            changed = sorted(k for k in {*stored, *settings} if stored.get(k) != settings.get(k))
            raise OptionError(
                f"{self.folder} holds a ladder with other settings ({', '.join(changed)} "
                "differ); rerun with its arguments to resume it, or choose another --out"
            )
        return True

    def start(self, settings: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomic(self.settings_path, json.dumps(settings, indent=1))

    def load(self, jobs: dict[tuple[str, int], GameJob]) -> dict[tuple[str, int], GameResult]:
        """The finished games by (game, index), each checked against the job it should be."""
        done: dict[tuple[str, int], GameResult] = {}
        if not self.games_path.exists():
            return done
        lines = self.games_path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, 1):
            try:
                data = json.loads(line)
                game = data.pop("game")
                result = GameResult.from_json(data)
            except (json.JSONDecodeError, KeyError, TypeError, AttributeError):
                if number == len(lines):  # the last line, cut short by a crash: play it again
                    write_atomic(self.games_path, "".join(f"{x}\n" for x in lines[:-1]))
                    break
                raise OptionError(f"{self.games_path}, line {number}: not a game") from None
            job = jobs.get((game, result.index))
            if job is None or (job.seed, job.players, tuple(e.label for e in job.seats)) != (
                result.seed,
                result.players,
                result.seats,
            ):
                raise OptionError(
                    f"{self.games_path}, line {number}: a game this ladder does not schedule"
                )
            done[(game, result.index)] = result
        return done

    def append(self, game: str, result: GameResult) -> None:
        """One finished game, written and flushed at once."""
        text = json.dumps({"game": game, **result.to_json()}, separators=(",", ":"))
        with self.games_path.open("a", encoding="utf-8") as handle:
            handle.write(text + "\n")
            handle.flush()


def _without_n(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings but the games per table: a larger -n extends a ladder, since its first
    rounds are the same games under the same indices (`ladder.schedule` lays rounds first)."""
    return {k: v for k, v in settings.items() if k != "games_per_table"}


def write_atomic(path: Path, text: str) -> None:
    """Write beside the final name first, so a crash never leaves half a file."""
    temporary = path.with_name(path.name + ".partial")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)
