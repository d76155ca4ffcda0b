"""Game records: the seed, the options and every action, enough to replay a game exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from buccaneer.core.errors import OptionError

FORMAT = "buccaneer-record/1"


@dataclass(frozen=True)
class GameRecord:
    """A finished or unfinished game as data: `buccaneer.replay(record)` rebuilds its state.

    `actions` holds `(seat, action_json)` pairs in the order they were applied.
    """

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "actions": [[seat, action] for seat, action in self.actions],
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        if not isinstance(data, dict):
            raise OptionError("a game record must be a JSON object")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise OptionError(f"unsupported record format {fmt!r}; this version reads {FORMAT!r}")
        missing = [k for k in ("game", "players", "options", "seed", "actions") if k not in data]
        if missing:
            raise OptionError(f"game record is missing {', '.join(missing)}")
        actions = []
        for i, entry in enumerate(data["actions"]):
            if (
                not isinstance(entry, list | tuple)
                or len(entry) != 2
                or not isinstance(entry[0], int)
                or not isinstance(entry[1], dict)
            ):
                raise OptionError(f"record action {i} must be [seat, action_object], got {entry!r}")
            actions.append((entry[0], entry[1]))
        if not isinstance(data["options"], dict):
            raise OptionError("record options must be a JSON object")
        return cls(
            game=str(data["game"]),
            players=int(data["players"]),
            options=dict(data["options"]),
            seed=int(data["seed"]),
            actions=actions,
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise OptionError(f"not a game record: invalid JSON ({exc})") from exc
        return cls.from_dict(data)
