"""Write the views the browser client's unit tests draw (web/test/fixtures/, not committed).

The client's view-to-board logic is tested on real views from the engine rather than on
hand-written ones, so a change in a view's layout fails those tests instead of the boards.
For every game, variant and a few player counts, a seeded random game is played; one snapshot
is kept for each kind of decision met (the seat's view, a spectator's view and the seat's legal
choices with their words, as the server sends them), plus the final views.

Usage: python scripts/web_fixtures.py [OUT_DIR]
"""

from __future__ import annotations

import importlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import buccaneer


def decision_kind(view: dict[str, Any], legal: list[dict[str, Any]]) -> str:
    decision = view.get("decision")
    if isinstance(decision, dict) and "kind" in decision:
        return str(decision["kind"])
    return "/".join(sorted({choice["action"]["type"] for choice in legal}))


def play(game: str, players: int, options: dict[str, Any], seed: int, seen: dict[str, Any]) -> Any:
    state = buccaneer.load(game, players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        legal = [
            {
                "action": a.to_json(),
                "text": state.describe(a, seat),
                "group": state.menu_group(a, seat),
            }
            for a in actions
        ]
        kind = (
            decision_kind(state.view(seat), legal)
            + "/"
            + "/".join(sorted({choice["action"]["type"] for choice in legal}))
        )
        if kind not in seen:
            seen[kind] = {
                "seat": seat,
                "view": state.view(seat),
                "spectator": state.view(None),
                "legal": legal,
            }
        state.apply(seat, rng.choice(actions))
    return state


def event_types(game: str) -> list[str] | None:
    declared = getattr(importlib.import_module(f"buccaneer.games.{game}.log"), "EVENT_TYPES", None)
    return None if declared is None else list(declared)


def log_lines(state: Any) -> list[dict[str, Any]]:
    """Every line of a finished game's log as the server sends it (words and data), with the
    seats that may see it (null: everyone): the client's log writers are tested on them."""
    return [
        {
            "text": event.text,
            "data": event.data,
            "visible_to": None if event.visible_to is None else list(event.visible_to),
        }
        for event in state.log
    ]


def snapshots(game: str, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    logs: list[list[dict[str, Any]]] = []
    for extra in range(4):  # a few games, so that rarer decisions are met too
        state = play(game, players, options, seed + extra, seen)
        logs.append(log_lines(state))
    return {
        "game": game,
        "players": players,
        "options": options,
        "decisions": seen,
        "final": {"views": [state.view(s) for s in range(players)], "spectator": state.view(None)},
        # The engine's own seat names, which its English log lines use.
        "names": state.view(None)["seat_names"],
        # Every event type the game's log writes, as its log module declares them (null where
        # it declares none: the client's tests then fail and say so).
        "event_types": event_types(game),
        "logs": logs,
    }


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, spec in buccaneer.GAMES.items():
        for variant in spec.variants:
            for players in sorted({spec.min_players, 4, spec.max_players}):
                tag = "-".join(f"{k}={v}" for k, v in variant.items()) or "basic"
                data = snapshots(name, players, dict(variant), seed=players * 7 + 1)
                path = out / f"{name}.{tag}.{players}.json"
                path.write_text(json.dumps(data, indent=1))


if __name__ == "__main__":
    main(
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else Path(__file__).parent.parent / "web/test/fixtures"
    )
