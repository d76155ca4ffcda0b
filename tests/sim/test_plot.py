"""The tournament picture (issue 11, item 17): a 0 % bar still shows, and each entrant's rating
is drawn in the colour of its bars."""

from __future__ import annotations

from matplotlib.colors import to_rgba
from matplotlib.container import BarContainer

from buccaneer.sim import Entrant, plan, play
from buccaneer.sim.plot import draw


def test_a_zero_bar_is_marked_and_ratings_wear_the_bars_colours() -> None:
    labels = ["random", "heuristic"]
    tournament = plan(
        game="cartagena",
        entrants=[Entrant(label, label) for label in labels],
        player_counts=[2],
        games=6,
        seed=5,
        options={},
    )
    summary = play(tournament).to_json()["summary"]
    assert summary["by_players"]["2"]["bots"]["random"]["win_rate"] == 0.0
    fig = draw(summary, labels, "test")
    left, right = fig.axes[:2]
    containers = [c for c in left.containers if isinstance(c, BarContainer)]
    bars = dict(zip(labels, containers, strict=True))
    colour = {label: to_rgba(bars[label].patches[0].get_facecolor()) for label in labels}
    assert colour["random"] != colour["heuristic"]
    assert bars["random"].patches[0].get_height() == 0.0
    bar = bars["random"].patches[0]
    marks = [  # a segment (the error bars' caps are single points)
        line
        for line in left.get_lines()
        if to_rgba(line.get_color()) == colour["random"] and len(line.get_xdata()) == 2
    ]
    assert marks, "a visible mark at 0 %"
    xs, ys = marks[0].get_xdata(), marks[0].get_ydata()
    assert all(0 < y < 0.02 for y in ys), "at the bar's foot"
    assert (min(xs), max(xs)) == (bar.get_x(), bar.get_x() + bar.get_width()), "as wide as it"
    assert len(right.containers) == len(labels)
    for label, errorbar in zip(labels, right.containers, strict=True):
        point = errorbar.lines[0]
        assert to_rgba(point.get_color()) == colour[label], label
