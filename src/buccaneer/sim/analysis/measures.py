"""The report's figures, each computed from the analysis's own tables (`tables.build`), with its
95 % interval (Wilson for rates, Newcombe for differences of rates, the percentile bootstrap for
means) and a sentence that says it in words. Plain JSON-able data: `figures.json`, the HTML
report and the terminal summary all show these numbers.

Only finished games count (a game cut at `--max-actions` is reported as unfinished).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import numpy as np

from buccaneer.sim.analysis.plan import Plan
from buccaneer.sim.analysis.tables import Table, columns
from buccaneer.sim.analysis.trace import CHECKPOINTS
from buccaneer.sim.stats import bootstrap_difference, bootstrap_mean, newcombe, wilson

Cols = dict[str, Any]
SAMPLE_SEEDS = 5  # seeds listed where a figure names examples


def figures(plan: Plan, tables: dict[str, Table]) -> dict[str, Any]:
    games, seats, points = (columns(tables[name]) for name in ("games", "seats", "checkpoints"))
    varied = plan.varied_options()
    settings = [
        _setting(plan, tag, varied, _where(games, tag), _where(seats, tag), _where(points, tag))
        for tag in range(len(plan.settings))
    ]
    return {
        "game": plan.game,
        "seed": plan.seed,
        "games_per_setting": plan.games,
        "varied_options": sorted(varied),
        "settings": settings,
        "comparisons": comparisons(plan, games, seats, points),
        "luck": luck(plan, games, seats),
    }


def _where(cols: Cols, tag: int) -> Cols:
    if not len(cols["setting"]):
        return cols
    keep = cols["setting"] == tag
    return {name: values[keep] for name, values in cols.items()}


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def rate(wins: float, trials: int) -> dict[str, Any]:
    low, high = wilson(wins, trials)
    return {
        "wins": float(wins),
        "games": int(trials),
        "rate": wins / trials if trials else None,
        "ci95": [low, high],
    }


def mean(values: Any) -> dict[str, Any]:
    m, low, high = bootstrap_mean(values)
    data = np.asarray(values, dtype=np.float64)
    if not data.size:
        return {"mean": None, "ci95": [None, None], "sd": None}
    return {"mean": m, "ci95": [low, high], "sd": float(data.std(ddof=1)) if data.size > 1 else 0.0}


def spread(values: Any) -> dict[str, Any]:
    data = np.asarray(values, dtype=np.float64)
    if not data.size:
        return {"mean": None, "ci95": [None, None], "sd": None}
    p10, median, p90 = np.quantile(data, [0.1, 0.5, 0.9])
    return {
        **mean(data),
        "median": float(median),
        "p10": float(p10),
        "p90": float(p90),
        "min": float(data.min()),
        "max": float(data.max()),
    }


def _setting(  # noqa: PLR0917 - a setting's three tables and where it stands in the plan
    plan: Plan, tag: int, varied: set[str], g: Cols, s: Cols, c: Cols
) -> dict[str, Any]:
    setting = plan.settings[tag]
    n = setting.players
    done = g["finished"].astype(bool) if len(g["finished"]) else np.zeros(0, dtype=bool)
    finished = int(done.sum())
    s_done = s["finished"].astype(bool) if len(s["finished"]) else np.zeros(0, dtype=bool)
    team_game = bool(len(s["team"]) and (s["team"][s_done] != "").any())
    by_seat = []
    by_position = []
    for seat in range(n):
        mine = s_done & (s["seat"] == seat)
        entry = rate(float(s["win_share"][mine].sum()), int(mine.sum()))
        entry |= {"seat": seat, "name": str(s["seat_name"][mine][0]) if mine.any() else ""}
        entry |= {"agent": setting.lineup[seat].label(), "score": mean(s["score"][mine])}
        by_seat.append(entry)
        at = s_done & (s["position"] == seat)
        by_position.append(
            rate(float(s["win_share"][at].sum()), int(at.sum())) | {"position": seat}
        )
    result: dict[str, Any] = {
        "setting": tag,
        "label": setting.label(varied),
        **setting.to_json(),
        "games": len(done),
        "finished": finished,
        "unfinished": len(done) - finished,
        "team_game": team_game,
        # Every game started with seat 0: by seat and by start position are the same figures.
        "seat_is_position": bool(len(g["first_seat"]) and not g["first_seat"].any()),
        "seats": by_seat,
        "positions": by_position,
        "length": {name: spread(g[name][done]) for name in ("actions", "turns", "rounds")},
        "lead_changes": mean(g["lead_changes"][done]),
        "no_lead_change": rate(float((g["lead_changes"][done] == 0).sum()), finished),
        "margin": mean(g["margin"][done]),
        "leaders": _leaders(c, finished),
    }
    result["start_player"] = _start_player(result, n, team_game)
    if team_game:
        result["teams"] = _teams(s, s_done, n)
        result["makeups"] = _makeups(s, s_done, n)
    result["sentences"] = _sentences(result, n)
    return result


def _start_player(result: dict[str, Any], n: int, team_game: bool) -> dict[str, Any]:
    """Start position 1 against an even share: 1/n, or in a team game (where a seat wins with
    its team) the average seat's win rate."""
    first = result["positions"][0]
    rates = [p["rate"] for p in result["positions"] if p["rate"] is not None]
    even = (sum(rates) / len(rates) if rates else None) if team_game else 1 / n
    edge = None if even is None or first["rate"] is None else first["rate"] - even
    entry: dict[str, Any] = first | {"even": even, "edge": edge}
    return entry


def _leaders(c: Cols, finished: int) -> list[dict[str, Any]]:
    out = []
    done = c["finished"].astype(bool) if len(c["finished"]) else np.zeros(0, dtype=bool)
    for p in CHECKPOINTS:
        here = done & (c["percent"] == p)
        sole = here & (c["leader"] != "")
        held = float((c["leader_won"][sole].astype(bool)).sum())
        out.append(
            {"percent": p, "sole_leader": rate(float(sole.sum()), finished)}
            | {"leader_wins": rate(held, int(sole.sum()))}
        )
    return out


def _by_game(s: Cols, s_done: Any, name: str, n: int) -> Any:
    """A seats column of the finished games as (games, seats): a game's seats are adjacent."""
    return s[name][s_done].reshape(-1, n)


def _teams(s: Cols, s_done: Any, n: int) -> list[dict[str, Any]]:
    """Each team over the finished games it was in: the share it won."""
    teams = _by_game(s, s_done, "team", n)
    won = _by_game(s, s_done, "won", n).astype(bool)
    out = []
    for team in sorted(set(teams.ravel().tolist())):
        member = teams == team
        present = member.any(axis=1)
        wins = (member & won).any(axis=1)
        out.append(rate(int(wins.sum()), int(present.sum())) | {"team": team})
    return out


def _makeups(s: Cols, s_done: Any, n: int) -> list[dict[str, Any]]:
    """Teams by the agents in them ("british: heuristic+ismcts"): the share of their games
    they won."""
    present: Counter[str] = Counter()
    won: Counter[str] = Counter()
    teams = _by_game(s, s_done, "team", n).tolist()
    agents = _by_game(s, s_done, "agent", n).tolist()
    wins = _by_game(s, s_done, "won", n).astype(bool).tolist()
    for game_teams, game_agents, game_wins in zip(teams, agents, wins, strict=True):
        members: dict[str, list[str]] = {}
        team_won: dict[str, bool] = {}
        for team, agent, w in zip(game_teams, game_agents, game_wins, strict=True):
            members.setdefault(team, []).append(agent)
            team_won[team] = team_won.get(team, False) or w
        for team, names in members.items():
            makeup = f"{team}: " + "+".join(sorted(names))
            present[makeup] += 1
            won[makeup] += team_won[team]
    return [rate(won[m], present[m]) | {"makeup": m} for m in sorted(present)]


def _sentences(r: dict[str, Any], n: int) -> list[str]:
    out = []
    first = r["start_player"]
    if first["rate"] is not None:
        low, high = first["ci95"]
        who = "The start player's team" if r["team_game"] else "The start player"
        even = "the average seat" if r["team_game"] else "an even share"
        text = f"{who} wins {pct(first['rate'])} of {n}-player games ({pct(low)}–{pct(high)})"
        if first["edge"] is not None:
            side = "above" if first["edge"] >= 0 else "below"
            verdict = "" if low <= first["even"] <= high else ", more than chance explains"
            text += (
                f", {100 * abs(first['edge']):.1f} points {side} {even} "
                f"({pct(first['even'])}){verdict}"
            )
        out.append(text + ".")
    length = r["length"]["actions"]
    if length["mean"] is not None:
        out.append(
            f"A game lasts {length['mean']:.1f} actions on average ({length['ci95'][0]:.1f}–"
            f"{length['ci95'][1]:.1f}; half of them {length['median']:.0f} or fewer), "
            f"{r['length']['rounds']['mean']:.1f} rounds."
        )
    for entry in r["leaders"]:
        held = entry["leader_wins"]
        if held["rate"] is None:
            continue
        out.append(
            f"{'A team' if r['team_game'] else 'A seat'} leading alone at {entry['percent']}% "
            "of the game goes on to win "
            f"{pct(held['rate'])} of the time ({pct(held['ci95'][0])}–{pct(held['ci95'][1])}; "
            f"{held['games']} games had a sole leader then)."
        )
    changes = r["lead_changes"]
    if changes["mean"] is not None:
        out.append(
            f"The lead changes hands {changes['mean']:.2f} times a game "
            f"({changes['ci95'][0]:.2f}–{changes['ci95'][1]:.2f}); "
            f"{pct(r['no_lead_change']['rate'] or 0.0)} of games never see a change."
        )
    for team in r.get("teams", []):
        if team["rate"] is not None:
            out.append(
                f"The {team['team']} win {pct(team['rate'])} of the {n}-player games they are in "
                f"({pct(team['ci95'][0])}–{pct(team['ci95'][1])})."
            )
    return out


# -- settings side by side ------------------------------------------------------------------


def comparisons(plan: Plan, g: Cols, s: Cols, c: Cols) -> list[dict[str, Any]]:
    """Settings that differ in their options only (the same players and lineup), each against
    the first of its group: the difference of each measure, with its interval."""
    groups: dict[tuple[int, str], list[int]] = {}
    for tag, setting in enumerate(plan.settings):
        groups.setdefault((setting.players, setting.lineup_label()), []).append(tag)
    varied = plan.varied_options()
    out = []
    for tags in groups.values():
        base = tags[0]
        for other in tags[1:]:
            out.append(_compare(plan, varied, base, other, g, s, c))
    return out


def _compare(  # noqa: PLR0917 - two settings and the three tables
    plan: Plan, varied: set[str], a: int, b: int, g: Cols, s: Cols, c: Cols
) -> dict[str, Any]:
    ga, gb = _where(g, a), _where(g, b)
    sa, sb = _where(s, a), _where(s, b)
    ca, cb = _where(c, a), _where(c, b)
    da, db = ga["finished"].astype(bool), gb["finished"].astype(bool)
    measures = []

    def share(rows: Cols) -> tuple[float, int]:
        first = rows["finished"].astype(bool) & (rows["position"] == 0)
        return float(rows["win_share"][first].sum()), int(first.sum())

    diff, low, high = newcombe(*share(sb), *share(sa))  # other minus base, as for every measure
    measures.append({"measure": "start player wins", "kind": "rate", "diff": diff,
                     "ci95": [low, high]})  # fmt: skip
    for name in ("actions", "rounds", "lead_changes"):
        diff, low, high = bootstrap_difference(gb[name][db], ga[name][da])
        measures.append({"measure": f"mean {name.replace('_', ' ')}", "kind": "mean",
                         "diff": diff, "ci95": [low, high]})  # fmt: skip

    def held(rows: Cols) -> tuple[float, int]:
        sole = rows["finished"].astype(bool) & (rows["percent"] == 50) & (rows["leader"] != "")
        return float(rows["leader_won"][sole].astype(bool).sum()), int(sole.sum())

    diff, low, high = newcombe(*held(cb), *held(ca))
    measures.append({"measure": "leader at 50% wins", "kind": "rate", "diff": diff,
                     "ci95": [low, high]})  # fmt: skip
    return {
        "base": a,
        "other": b,
        "base_label": plan.settings[a].label(varied),
        "other_label": plan.settings[b].label(varied),
        "measures": measures,
    }


# -- luck and skill -------------------------------------------------------------------------


def luck(plan: Plan, g: Cols, s: Cols) -> list[dict[str, Any]]:
    """Lineups of the same players and options, each against the first, on the same seeds:
    how often the stronger play changes who wins, how far the seed alone decides it (Cohen's
    kappa of the winners: 1 = the seed decides, 0 = no more agreement than chance), and for
    each seat whose agent differs, its win rate under each and the seeds it loses under both."""
    groups: dict[tuple[int, str], list[int]] = {}
    for tag, setting in enumerate(plan.settings):
        key = (setting.players, repr(sorted(setting.options.items(), key=lambda kv: kv[0])))
        groups.setdefault(key, []).append(tag)
    out = []
    for tags in groups.values():
        for other in tags[1:]:
            out.append(_luck(plan, tags[0], other, g, s))
    return out


def _luck(plan: Plan, a: int, b: int, g: Cols, s: Cols) -> dict[str, Any]:
    ga, gb = _where(g, a), _where(g, b)
    wa = dict(zip(ga["game"].tolist(), ga["winners"].tolist(), strict=True))
    wb = dict(zip(gb["game"].tolist(), gb["winners"].tolist(), strict=True))
    fa = dict(zip(ga["game"].tolist(), ga["finished"].tolist(), strict=True))
    fb = dict(zip(gb["game"].tolist(), gb["finished"].tolist(), strict=True))
    both = sorted(k for k in wa if k in wb and fa[k] and fb[k])
    changed = sum(wa[k] != wb[k] for k in both)
    agree = 1 - changed / len(both) if both else math.nan
    ca, cb = Counter(wa[k] for k in both), Counter(wb[k] for k in both)
    chance = sum(ca[w] * cb[w] for w in ca) / len(both) ** 2 if both else math.nan
    kappa = (agree - chance) / (1 - chance) if both and chance < 1 else None
    seeds = dict(zip(ga["game"].tolist(), ga["seed"].tolist(), strict=True))
    lineup_a, lineup_b = plan.settings[a].lineup, plan.settings[b].lineup
    seats = []
    for seat in range(plan.settings[a].players):
        if lineup_a[seat] == lineup_b[seat]:
            continue
        won_a = _seat_wins(_where(s, a), seat)
        won_b = _seat_wins(_where(s, b), seat)
        lost_both = [k for k in both if not won_a.get(k) and not won_b.get(k)]
        diff, low, high = newcombe(
            sum(bool(won_b.get(k)) for k in both), len(both),
            sum(bool(won_a.get(k)) for k in both), len(both),
        )  # fmt: skip
        seats.append(
            {
                "seat": seat,
                "base_agent": lineup_a[seat].label(),
                "other_agent": lineup_b[seat].label(),
                "win_gain": {"diff": diff, "ci95": [low, high]},
                "lost_under_both": rate(len(lost_both), len(both)),
                "seeds_lost_under_both": [seeds[k] for k in lost_both[:SAMPLE_SEEDS]],
                "games_lost_under_both": lost_both[:SAMPLE_SEEDS],
            }
        )
    varied = plan.varied_options()
    return {
        "base": a,
        "other": b,
        "base_label": plan.settings[a].label(varied),
        "other_label": plan.settings[b].label(varied),
        "games": len(both),
        "changed": rate(changed, len(both)),
        "chance_agreement": chance,
        "kappa": kappa,
        "seats": seats,
    }


def _seat_wins(s: Cols, seat: int) -> dict[int, bool]:
    mine = s["seat"] == seat
    return dict(zip(s["game"][mine].tolist(), s["won"][mine].astype(bool).tolist(), strict=True))


# -- games worth a look ---------------------------------------------------------------------


def picks(plan: Plan, tables: dict[str, Table], lopsided: int = 2) -> list[dict[str, Any]]:
    """Per setting, a representative game (its length nearest the median) and the most
    lopsided ones (the widest final margin, then the fewest lead changes, then the shortest)."""
    g = columns(tables["games"])
    chosen = []
    for tag in range(len(plan.settings)):
        rows = _where(g, tag)
        done = np.flatnonzero(rows["finished"].astype(bool))
        if not done.size:
            continue
        actions = rows["actions"][done]
        median = float(np.median(actions))
        typical = min(
            done, key=lambda i: (abs(float(rows["actions"][i]) - median), rows["game"][i])
        )
        chosen.append(_pick(rows, tag, int(typical), "representative: its length is the median's"))
        order = sorted(
            done,
            key=lambda i: (-float(rows["margin"][i]), int(rows["lead_changes"][i]),
                           int(rows["actions"][i]), int(rows["game"][i])),
        )  # fmt: skip
        for i in order[:lopsided]:
            if int(i) != int(typical):
                chosen.append(_pick(rows, tag, int(i), "lopsided: the widest final margin"))
    return chosen


def _pick(rows: Cols, tag: int, i: int, why: str) -> dict[str, Any]:
    return {
        "setting": tag,
        "game": int(rows["game"][i]),
        "seed": str(rows["seed"][i]),
        "actions": int(rows["actions"][i]),
        "margin": float(rows["margin"][i]),
        "winners": str(rows["winners"][i]),
        "why": why,
    }
