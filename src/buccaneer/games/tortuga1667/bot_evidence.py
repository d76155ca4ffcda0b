"""The public model of play: what each seat's open actions say about its loyalty (issue 24).

DeepRole (Serrino et al., NeurIPS 2019) won five-player Avalon by weighing every role
assignment by how likely each player's observed actions are under it. Here the model of a
loyalty's play is the game's own heuristic bot (`bot.py`): before a seat's public action is
applied, the bot values the seat's choices as if the seat held each loyalty card in turn, from
what the whole table can see, and a softmax with `TEMPERATURE` (in chests, the bot's unit)
turns the values into choice probabilities. A share `NOISE` of play is left to chance, so one
odd move (a person's whim, a search that saw further) never rules a loyalty out. The
log-probability of the action taken is added to the seat's row of `Fields.evidence`, and so is
its log-probability under aimless play (every choice alike), which `belief.py` mixes in, so that
a seat no loyalty explains (a beginner, a random bot) says little about its loyalty.

The model reads public information only: the seat's position, the table, the hand sizes, the
face-down row as everyone sees it, the evidence so far. It never reads the acting seat's vote
cards, the cards it looked at or what Cabin Fever showed it, which the table does not know. So
the evidence is the same for every observer, is part of every view (`loyalty_evidence`), and
`belief.py` combines it with each seat's own knowledge.

Which actions are public: a turn's action (moves, attacks, marooning, mutinies, brawls, moving
a chest, looking at, revealing and pointing at event cards), where a captain stows a chest,
the choices of event cards made in the open (Pistol, Cabin Fever, Crow's Nest and Treasure Map
targets, Letter of Marque, Black Powder), a Treasure Map played at a marooning or a call, and
the advanced setup's pawn placing. Not public: votes ("nobody learns who played which card"),
the vote card a marooned seat discards, the card a Letter of Marque puts on top and the cards
Crow's Nest picks.

Cabin Fever shuffles two seats' loyalty cards in the open ("De Loyaliteitskaarten van beide
spelers worden geschud en teruggegeven"): what each did before may now speak for the other's
card. Both rows become the mean of the two (in likelihood), an approximation of the exact
mixture that keeps the evidence one row per seat.
"""

from __future__ import annotations

import math

from buccaneer.core.state import Action
from buccaneer.games.tortuga1667.actions import Target, TimeOut
from buccaneer.games.tortuga1667.belief import Row
from buccaneer.games.tortuga1667.bot import decision_values
from buccaneer.games.tortuga1667.botview import (
    EMPTY,
    HIDDEN,
    BotView,
    build_bot_view,
    with_changes,
)
from buccaneer.games.tortuga1667.components import team_sizes
from buccaneer.games.tortuga1667.fields import Fields

# How sharply the model prefers the heuristic's best choice, in chests (values a tenth of a
# chest apart are nearly a toss-up; a whole chest apart, about 90:10), and the share of play
# the model leaves to chance. Tuned for the belief's accuracy in self-play (docs/bots.md).
TEMPERATURE = 0.15
NOISE = 0.05
# The decisions made in the open (the module's docstring says which and why).
PUBLIC = frozenset(
    {
        "turn",
        "stow",
        "setup_chest",
        "place_pawn",
        "react_maroon",
        "react_call",
        "give_map",
        "pistol",
        "marque",
        "powder",
        "fever",
        "crows",
        "choose",
    }
)


def observe(state: Fields, seat: int, action: Action, legal: list[Action]) -> tuple[Row, ...]:
    """The evidence once `seat` has taken `action` (one of `legal`) in `state`, judged before
    it is applied; the evidence as it was when the action is not public or says nothing."""
    evidence = state.evidence
    if state.voting or isinstance(action, TimeOut) or len(legal) < 2:
        return evidence
    item = state.queue[0]
    kind = item[0]
    if kind not in PUBLIC:
        return evidence
    chosen = legal.index(action)
    sizes = team_sizes(state.players)
    row = list(evidence[seat])
    public = _public_view(state, seat)
    for team in range(3):
        if not sizes[team]:
            continue
        values = decision_values(with_changes(public, team=team), legal)
        if values is None:
            return evidence  # a decision the bot does not value says nothing
        row[team] += math.log(_chance(values, chosen))
    row[3] -= math.log(len(legal))  # aimless play: every choice alike
    rows = list(evidence)
    rows[seat] = (row[0], row[1], row[2], row[3])
    if kind == "fever" and isinstance(action, Target):
        mixed = _mean(rows[seat], rows[action.seat])
        rows[seat] = rows[action.seat] = mixed
    return tuple(rows)


def _public_view(state: Fields, seat: int) -> BotView:
    """`seat`'s bot view as the table sees it (its loyalty is set per team by the caller): no
    vote cards, no looked-at event cards, no card on the vote deck it knows, no loyalties it
    was shown."""
    view = build_bot_view(state, seat)
    row = tuple([card if card == EMPTY else HIDDEN for card in view.row])
    return with_changes(view, hand=(), vote_deck_top=-1, row=row, known=())


def _chance(values: list[float], chosen: int) -> float:
    """The model's probability of the `chosen` one of these values: a softmax at
    TEMPERATURE, mixed with a uniform choice by NOISE."""
    top = max(values)
    weights = [math.exp((v - top) / TEMPERATURE) for v in values]
    return (1.0 - NOISE) * weights[chosen] / sum(weights) + NOISE / len(values)


def _mean(a: Row, b: Row) -> Row:
    """Per team, the log of the mean of two likelihoods (computed without overflow)."""
    out = []
    for x, y in zip(a, b, strict=True):
        top = max(x, y)
        out.append(top + math.log(0.5 * (math.exp(x - top) + math.exp(y - top))))
    return (out[0], out[1], out[2], out[3])


__all__ = ["NOISE", "PUBLIC", "TEMPERATURE", "observe"]
