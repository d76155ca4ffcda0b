"""`buccaneer tournament`: its arguments read, and its report drawn as Rich tables."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from rich.table import Table

from buccaneer.agents.spec import parse_agent
from buccaneer.cli_support.common import CliError
from buccaneer.core import GameSpec
from buccaneer.sim.games import Entrant


def parse_player_counts(text: str | None, spec: GameSpec) -> list[int]:
    """`3`, `2..4` or `2,4`; the game's smallest count when not given."""
    if text is None:
        return [spec.min_players]
    counts: list[int] = []
    for part in text.split(","):
        low, sep, high = part.strip().partition("..")
        try:
            first = int(low)
            last = int(high) if sep else first
        except ValueError:
            raise CliError(
                f"--players {text!r}: write a count (3), a range (2..4) or a list (2,4)"
            ) from None
        if first > last:
            raise CliError(f"--players {part.strip()!r}: the range runs backwards")
        counts.extend(range(first, last + 1))
    bad = [n for n in counts if n not in spec.player_counts]
    if bad:
        raise CliError(
            f"{spec.title} is for {spec.min_players}-{spec.max_players} players, "
            f"not {', '.join(map(str, sorted(set(bad))))}"
        )
    return sorted(set(counts))


def parse_entrants(text: str) -> list[Entrant]:
    """The field from `--bots`: comma-separated agents, each NAME[:KEY=VALUE...], labelled as
    written, so `ismcts:time=1` and `ismcts:time=0.1` are two different bots."""
    entrants: list[Entrant] = []
    for part in text.split(","):
        spec = parse_agent(part)
        if spec.is_human:
            raise CliError("a tournament plays bots only; use `buccaneer play` to join a game")
        label = spec.label()
        if any(e.label == label for e in entrants):
            raise CliError(f"--bots lists {label!r} twice; give each bot once")
        entrants.append(Entrant(label, spec.name, dict(spec.params)))
    if len(entrants) < 2:
        raise CliError("--bots needs at least two bots to compare, comma-separated")
    return entrants


def default_out(game: str) -> Path:
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    return Path("tournaments") / f"{game}-{stamp}"


def output_paths(out: Path) -> tuple[Path, Path]:
    """results.json and results.png in `out`; an existing result is never overwritten."""
    if out.exists() and not out.is_dir():
        raise CliError(f"--out {out} is a file; give a folder")
    results, picture = out / "results.json", out / "results.png"
    for path in (results, picture):
        if path.exists():
            raise CliError(f"{path} already exists; choose another --out folder")
    return results, picture


def _pct(entry: dict[str, Any]) -> tuple[str, str]:
    if entry["win_rate"] is None:
        return "-", "-"
    low, high = entry["ci95"]
    return f"{100 * entry['win_rate']:.1f}", f"{100 * low:.1f}-{100 * high:.1f}"


def bots_table(title: str, bots: dict[str, Any], ratings: dict[str, Any] | None) -> Table:
    table = Table(title=title)
    columns = ["bot", "seats", "win %", "95% interval", "mean score", "ms/move"]
    if ratings is not None:
        columns += ["rating", "ordinal"]
    for name in columns:
        if name == "bot":
            table.add_column(name, overflow="fold")
        else:
            table.add_column(name, justify="right", no_wrap=name == "95% interval")
    order = sorted(bots, key=lambda b: -(bots[b]["win_rate"] or 0.0))
    for label in order:
        entry = bots[label]
        rate, interval = _pct(entry)
        score = entry["mean_score"]
        ms = entry["ms_per_move"]
        row = [
            label,
            str(entry["games"]),
            rate,
            interval,
            "-" if score is None else f"{score:.2f}",
            "-" if ms is None else f"{ms:.2f}",
        ]
        if ratings is not None:
            r = ratings[label]
            row += [f"{r['mu']:.1f} ± {r['sigma']:.1f}", f"{r['ordinal']:.1f}"]
        table.add_row(*row)
    return table


def head_to_head_table(players: str, pairs: dict[str, Any]) -> Table:
    labels = list(pairs)
    title = (
        f"{players} players: row beats column, % (games)"
        if players != "2"
        else "2 players: row's win % against column (games)"
    )
    return pairs_table(title, labels, pairs)


def pairs_table(title: str, labels: list[str], pairs: dict[str, Any]) -> Table:
    """Row's win % against column (games they met), "-" where they never met: the head-to-head
    table of both the tournament and the ladder."""
    table = Table(title=title)
    table.add_column("", overflow="fold")
    for label in labels:
        table.add_column(label, justify="right", overflow="fold")
    for a in labels:
        cells = []
        for b in labels:
            entry = pairs[a].get(b)
            if entry is None or not entry["games"]:
                cells.append("-")
            else:
                cells.append(f"{100 * entry['win_rate']:.0f} ({entry['games']})")
        table.add_row(a, *cells)
    return table


def teams_table(teams: list[dict[str, Any]]) -> Table:
    table = Table(title="teams by make-up (a team's win counts for each member)")
    for name in ("team", "games", "win %", "95% interval"):
        table.add_column(name, justify="left" if name == "team" else "right")
    for entry in teams:
        rate, interval = _pct(entry)
        table.add_row(entry["team"], str(entry["games"]), rate, interval)
    return table


def report_tables(data: dict[str, Any]) -> list[Table]:
    """Overall, then per player count when there are several, head to head, and teams."""
    summary = data["summary"]
    options = ", ".join(f"{k}={v}" for k, v in data["options"].items()) or "defaults"
    played = f"{data['played']} of {data['scheduled']} games"
    title = f"{data['game']} tournament ({options}): {played}, {data['seconds']:.0f} s"
    tables = [bots_table(title, summary["bots"], summary["ratings"])]
    by_players = summary["by_players"]
    for players, part in by_players.items():
        if len(by_players) > 1:
            tables.append(bots_table(f"{players} players", part["bots"], None))
        tables.append(head_to_head_table(players, part["head_to_head"]))
    if summary["teams"]:
        tables.append(teams_table(summary["teams"]))
    return tables
