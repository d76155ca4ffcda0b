"""Seeded digests of whole games: one line per game × player count × variant, a SHA-256 over
everything a game produces for seeded random play and for the heuristic bot (every legal
action list, every seat's view, the log in every seat's words, the scores and the record).

A refactoring that must keep behaviour prints the same lines before and after:

    python scripts/digests.py > before.txt   # on the old revision
    python scripts/digests.py | diff before.txt -
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

import buccaneer
from buccaneer import agents


def configs() -> list[tuple[str, int, dict[str, Any]]]:
    return [
        (spec.name, players, dict(variant))
        for spec in buccaneer.GAMES.values()
        for players in spec.player_counts
        for variant in spec.variants
    ]


def digest(game: str, players: int, options: dict[str, Any], seeds: int, bots: bool) -> str:
    sha = hashlib.sha256()

    def put(value: Any) -> None:
        sha.update(json.dumps(value, sort_keys=True, default=repr).encode())

    for seed in range(seeds):
        state = buccaneer.load(game, players=players, seed=seed, **options)
        rng = random.Random(seed)
        bot = agents.make("heuristic") if bots else None
        steps = 0
        while state.to_move() and steps < 5000:
            for seat in state.to_move():
                legal = state.legal_actions(seat)
                put([a.to_json() for a in legal])
                action = bot.act(state, seat, rng) if bot else legal[rng.randrange(len(legal))]
                state.apply(seat, action)
            steps += 1
            if steps % 7 == 0:
                put([state.view(seat) for seat in (None, *range(players))])
        put([state.view(seat) for seat in (None, *range(players))])
        put([[repr(e) for e in state.log_for(seat)] for seat in (None, *range(players))])
        put(state.scores())
        put(state.record().to_json())
    return sha.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    for game, players, options in configs():
        opts = ",".join(f"{k}={v}" for k, v in options.items())
        for bots in (False, True):
            who = "heuristic" if bots else "random"
            print(game, players, opts or "-", who, digest(game, players, options, args.seeds, bots))


if __name__ == "__main__":
    main()
