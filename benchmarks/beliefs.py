"""Hidden teams: how well the seats' beliefs read the table, and what reading it is worth.

python -m benchmarks.beliefs accuracy --game tortuga1667 --players 5 -n 100 [--after 30]
python -m benchmarks.beliefs teams --game tortuga1667 --players 5 -n 100 --iterations 50 -w 2

`accuracy` plays whole games with the given agent in every seat and, once `--after` actions
have been applied, asks every seat's `belief(seat)` how much it puts on each other seat's true
team; a seat "reads the table" when that is at least `--threshold` for every other seat. The
same figure with no evidence (the uniform deal the rules allow) is the baseline.

`teams --kind heuristic` pits the heuristic that reads the evidence against the one that reads
only what the table still shows, the same way (cheap: thousands of games a minute).

`teams` deals teams at random (the game's own deal) and gives one team's seats ISMCTS that
samples its worlds from the belief with heuristic rollouts that read the evidence, the other
team's seats today's plain ISMCTS (uniform worlds, rollouts by the heuristic that reads only
what the table still shows), at the same fixed iterations a move. Which team gets the new
search alternates game by game; a seat of neither team (Tortuga 1667's Dutch seat at odd
counts) alternates between the two kinds every other pair of games. Intervals are 95% Wilson
score intervals.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import buccaneer
from buccaneer import agents
from buccaneer.agents.ismcts import ISMCTSAgent
from buccaneer.agents.spec import parse_agent
from buccaneer.core.registry import get_spec
from buccaneer.core.state import Action, State
from buccaneer.sim.stats import wilson

# When and how `teams` asks how well the seats read the table (as `accuracy` does by default).
AFTER = 30
THRESHOLD = 0.7


def _belief_hits(state: State, threshold: float) -> tuple[list[bool], list[float], list[bool]]:
    """Per observing seat: whether it puts at least `threshold` on every other seat's true
    team; each (observer, other) probability of the truth; the same test with no evidence."""
    spec = get_spec(state.game)
    assert spec.teams is not None
    truth = tuple(spec.teams(state))
    hits: list[bool] = []
    probs: list[float] = []
    uniform: list[bool] = []
    blank = state.clone()
    blank.evidence = tuple((0.0, 0.0, 0.0, 0.0) for _ in range(state.players))  # type: ignore[attr-defined]
    for observer in range(state.players):
        for world, out in ((state, hits), (blank, uniform)):
            belief = world.belief(observer)
            assert belief is not None
            ok = True
            for other in range(state.players):
                if other == observer:
                    continue
                p = sum(q for a, q in belief if a[other] == truth[other])
                if world is state:
                    probs.append(p)
                ok = ok and p >= threshold
            out.append(ok)
    return hits, probs, uniform


def _accuracy_game(args: tuple[str, int, int, str, int, float]) -> tuple[Any, ...]:
    game, players, seed, bot_spec, after, threshold = args
    state = buccaneer.load(game, players=players, seed=seed)
    name, params = _spec(bot_spec)
    bot = agents.make(name, **params)
    rng = random.Random(seed)
    applied = 0
    while not state.is_over() and applied < after:
        for seat in state.to_move():
            state.apply(seat, bot.act(state, seat, rng))
            applied += 1
    return _belief_hits(state, threshold)


def _spec(text: str) -> tuple[str, dict[str, Any]]:
    spec = parse_agent(text)
    return spec.name, spec.params


def accuracy(args: argparse.Namespace) -> None:
    jobs = [
        (args.game, args.players, args.seed + i, args.bot, args.after, args.threshold)
        for i in range(args.n)
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(_accuracy_game, jobs))
    seats = [h for hits, _p, _u in results for h in hits]
    base = [h for _h, _p, uniform in results for h in uniform]
    probs = [p for _h, probs, _u in results for p in probs]
    games_all = [all(hits) for hits, _p, _u in results]
    n = len(seats)
    low, high = wilson(sum(seats), n)
    print(
        f"{args.game}, {args.players} players, {args.bot} in every seat, {args.n} games, "
        f"after {args.after} actions ({time.perf_counter() - started:.0f} s)"
    )
    print(
        f"  seats putting >= {args.threshold:.0%} on every other seat's true team: "
        f"{sum(seats)}/{n} = {sum(seats) / n:.1%} ({low:.1%}-{high:.1%})"
    )
    low_b, high_b = wilson(sum(base), n)
    print(
        f"  the same with no evidence (uniform deal): {sum(base)}/{n} = "
        f"{sum(base) / n:.1%} ({low_b:.1%}-{high_b:.1%})"
    )
    print(
        f"  games in which every seat reads the table so: {sum(games_all)}/{len(games_all)}; "
        f"mean belief in the truth {sum(probs) / len(probs):.3f}; "
        f"pairs at >= {args.threshold:.0%}: {sum(p >= args.threshold for p in probs)}/{len(probs)}"
    )


def _policy(agent: Any) -> Callable[[State, int, random.Random], Action]:
    return agent.act  # type: ignore[no-any-return]


def _team_game(
    args: tuple[str, int, int, int, int, str],
) -> tuple[str, list[str], list[int], float, list[bool]]:
    """One game: the believing agent for one of the two big teams (by `index`)."""
    game, players, seed, iterations, index, kind = args
    state = buccaneer.load(game, players=players, seed=seed)
    spec = get_spec(state.game)
    assert spec.teams is not None
    labels = spec.teams(state)
    nations = sorted(set(labels), key=lambda t: -labels.count(t))[:2]  # the two big teams
    new_team = sorted(nations)[index % 2]
    neutral_new = (index // 2) % 2 == 0
    believing: Any
    plain: Any
    if kind == "ismcts":
        believing = ISMCTSAgent(iterations=iterations, worlds="belief", rollout="heuristic")
        plain = ISMCTSAgent(
            iterations=iterations,
            worlds="uniform",
            rollout=_policy(agents.make("heuristic", evidence=False)),
        )
    else:
        believing = agents.make("heuristic")
        plain = agents.make("heuristic", evidence=False)
    kinds = []
    for label in labels:
        new = label == new_team or (label not in nations and neutral_new)
        kinds.append("belief" if new else "plain")
    rng = random.Random(seed)
    started = time.perf_counter()
    applied = 0
    read: list[bool] = []
    while not state.is_over():
        for seat in state.to_move():
            bot = believing if kinds[seat] == "belief" else plain
            state.apply(seat, bot.act(state, seat, rng))
            applied += 1
            if applied == AFTER:
                read = _belief_hits(state, THRESHOLD)[0]
    return new_team, kinds, state.winners(), time.perf_counter() - started, read


def teams(args: argparse.Namespace) -> None:
    jobs = [
        (args.game, args.players, args.seed + i, args.iterations, i, args.kind)
        for i in range(args.n)
    ]
    started = time.perf_counter()
    wins = plain_wins = other = 0
    seconds = 0.0
    read: list[bool] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for i, (_team, kinds, winners, took, hits) in enumerate(pool.map(_team_game, jobs), 1):
            seconds += took
            read += hits
            sides = {kinds[s] for s in winners}
            if not winners or len(sides) > 1:
                other += 1
            elif sides == {"belief"}:
                wins += 1
            else:
                plain_wins += 1
            if args.progress:
                print(f"  {i}/{args.n}: belief {wins}, plain {plain_wins}, other {other}")
    n = args.n
    low, high = wilson(wins, n)
    decided = wins + plain_wins
    what = (
        f"ISMCTS at {args.iterations} iterations a move" if args.kind == "ismcts" else "heuristic"
    )
    print(
        f"{args.game}, {args.players} players, {what}, "
        f"{n} games ({time.perf_counter() - started:.0f} s; {seconds / n:.0f} s a game)"
    )
    print(f"  the believing team wins {wins}/{n} = {wins / n:.1%} ({low:.1%}-{high:.1%})")
    print(f"  the plain team wins {plain_wins}/{n}; neither (a tie, the Dutch seat): {other}")
    if read:
        low_r, high_r = wilson(sum(read), len(read))
        print(
            f"  after {AFTER} actions, seats putting >= {THRESHOLD:.0%} on every other seat's "
            f"true team: {sum(read)}/{len(read)} = {sum(read) / len(read):.1%} "
            f"({low_r:.1%}-{high_r:.1%})"
        )
    if decided:
        low_d, high_d = wilson(wins, decided)
        print(
            f"  of the games one of the two won: {wins}/{decided} = {wins / decided:.1%} "
            f"({low_d:.1%}-{high_d:.1%})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    for name in ("accuracy", "teams"):
        p = sub.add_parser(name)
        p.add_argument("--game", default="tortuga1667")
        p.add_argument("--players", type=int, default=5)
        p.add_argument("-n", type=int, default=100)
        p.add_argument("--seed", type=int, default=24_000)
        p.add_argument("-w", "--workers", type=int, default=1)
        if name == "accuracy":
            p.add_argument("--bot", default="heuristic")
            p.add_argument("--after", type=int, default=30)
            p.add_argument("--threshold", type=float, default=0.7)
        else:
            p.add_argument("--iterations", type=int, default=50)
            p.add_argument(
                "--kind",
                choices=("ismcts", "heuristic"),
                default="ismcts",
                help="ismcts: belief-weighted worlds against uniform ones; heuristic: the bot "
                "that reads the evidence against the one that reads only the table",
            )
            p.add_argument("--progress", action="store_true")
    args = parser.parse_args()
    accuracy(args) if args.what == "accuracy" else teams(args)


if __name__ == "__main__":
    main()
