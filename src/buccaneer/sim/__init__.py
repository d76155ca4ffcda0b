"""Simulations and tournaments: schedules, backends (here, processes, Ray), ratings, plots.

```python
from buccaneer.sim import Entrant, plan, play
bots = [Entrant("heuristic", "heuristic"), Entrant("random", "random")]
t = play(plan(game="cartagena", entrants=bots, player_counts=[2], games=100, seed=1, options={}),
         workers=2)
t.summary()["bots"]["heuristic"]["win_rate"]
```
"""

from buccaneer.sim.games import Entrant, GameJob, GameResult, bot_rng, play_game, run_job
from buccaneer.sim.tournament import Tournament, plan, play

__all__ = [
    "Entrant",
    "GameJob",
    "GameResult",
    "Tournament",
    "bot_rng",
    "plan",
    "play",
    "play_game",
    "run_job",
]
