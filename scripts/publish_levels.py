"""Publish a ladder's named bot levels: each game's part of LADDER/levels.json becomes the
`levels.json` that game ships in its own package, so `level:name=strong` (the lobby's levels,
the server's rated bot accounts) plays what the ladder measured (docs/bots.md, "The published
ladder").

    buccaneer ladder -w 2 --out ladders/published
    python scripts/publish_levels.py ladders/published

Run it from a checkout with the package installed editable (`pip install -e .`): it writes
into the source tree. Every file is read back through `agents.levels` before the next is
written, so a broken ladder file changes nothing.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from buccaneer.agents.levels import LEVELS_FILE, read_published
from buccaneer.core.registry import game_file
from buccaneer.sim.ladder_run import published


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ladder", type=Path, help="a ladder's --out folder")
    args = parser.parse_args()
    levels = json.loads((args.ladder / "levels.json").read_text(encoding="utf-8"))
    texts = {}
    for game in levels["games"]:
        text = json.dumps(published(levels, game), indent=1) + "\n"
        read_published(text, f"{game}'s levels")  # refused here, before anything is written
        texts[game] = text
    for game, text in texts.items():
        target = Path(str(game_file(game, LEVELS_FILE)))
        target.write_text(text, encoding="utf-8")
        print(f"{game}: {target}")


if __name__ == "__main__":
    main()
