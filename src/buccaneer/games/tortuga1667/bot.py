"""The hand-written Tortuga 1667 strategy (`agents.make("heuristic")`, and a rollout policy).

It reads only its own seat's `legal_actions` and `bot_view` (docs/architecture.md, "Agents") and
keeps no memory between calls: the same view and the same random stream give the same action.
(It does keep pure caches of values that depend on a few view fields only, such as the loyalty
beliefs: rollouts meet the same inputs again and again; `clear_caches` empties them.)

How it plays, in short. Every choice is scored in "chests" (own nation's minus the other's; see
`bot_values`) and the best is taken, ties broken by the random stream:

* a captain attacks when its vote cards, its crew's likely votes and the deck give a fair chance
  and stows the chest in its own nation's hold (after the galleon is empty it takes the other
  nation's chest from the other ship); it maroons crew it believes hostile, above all a hostile
  cabin boy sitting on chests;
* a cabin boy moves chests into its nation's hold, a governor starts a brawl when the flags on
  Tortuga favour it, a first mate calls a mutiny against a captain it believes hostile;
* everyone votes for the outcome that favours its side (support a friendly captain's attack with
  cannon and torch, put out a hostile one's with water, skulls against a hostile captain, the
  own flag in a brawl), spending the cards it needs least;
* event cards: look at face-down ones, reveal those that help (the Spanish Armada when ahead),
  point hostile seats at harmful ones, and avoid revealing blind when behind;
* loyalties come from `bot_beliefs` (certainties, team sizes and what the holds show).

Where the package was built with a C compiler the most frequent decisions (a turn, a vote, the
pointed-at seat's choice, a Letter of Marque, a Pistol, a Treasure Map given) are valued by a
compiled copy of their handlers and everything under them (compiled.py, compiled.c) that
returns the very same values, bit for bit, so `best_of` chooses (and draws ties) exactly as here;
this file stays the reference, and plays where the copy is missing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from buccaneer.core.errors import IllegalAction
from buccaneer.core.registry import seat_knowledge
from buccaneer.core.state import Action, State
from buccaneer.games.tortuga1667 import compiled as compiled_copy
from buccaneer.games.tortuga1667.actions import (
    Attack,
    BlowUp,
    Brawl,
    Choose,
    Decline,
    Discard,
    Look,
    Maroon,
    MarqueDraw,
    MarqueMove,
    Move,
    MoveChest,
    Mutiny,
    PickVote,
    PlacePawn,
    PlayMap,
    Point,
    PutOnTop,
    Reveal,
    Stow,
    Target,
    TimeOut,
    Vote,
)
from buccaneer.games.tortuga1667.belief import no_evidence
from buccaneer.games.tortuga1667.bot_beliefs import ISLAND, Ctx, clear_beliefs
from buccaneer.games.tortuga1667.bot_values import (
    SABOTAGE,
    SUPPORT,
    FaceDown,
    Model,
    attack_chance,
    attack_gain,
    boat_value,
    brawl_gain,
    card_keep_value,
    card_value,
    clear_memos,
    deck_odds,
    end_and_tempo,
    face_down,
    hidden_value,
    majority_chance,
    maroon_value,
    marque_move_value,
    my_spot_value,
    spot_table,
    spot_value,
    vote_alignment,
)
from buccaneer.games.tortuga1667.botview import EMPTY, HIDDEN, with_changes
from buccaneer.games.tortuga1667.components import FOUNTAIN_OF_YOUTH, SKULL, bottom_of

# A decision's valuation: one value per legal action, in chests.
Handler = Callable[[Ctx, list[Action]], list[float]]

NEUTRAL: Model = (0.3, 0.3, 0.4)  # how a seat with no stake plays an attack card (the deck's mix)
LOOK_INFO = 0.2  # share of a face-down card's uncertainty that knowing it is worth
KEEP_WEIGHT = 0.15  # the vote cards left in hand, against the vote at hand
CYCLE = 0.2  # an attack that cannot succeed still trades a useless card for a new one
MAP_VALUE = 0.35  # a Treasure Map kept for later
FRIEND_FIRE = 1.0  # the extra cost of removing a friend from its post
DOUBLE_VOTE_COST = 0.3  # El Dorado spent on a double vote


class Tortuga1667Bot:
    """Greedy one-step evaluation over a belief about loyalties; stateless and cheap."""

    name = "heuristic"

    def __init__(self, *, evidence: bool = True, **params: Any) -> None:
        """`evidence`: read the table's open play (`BotView.evidence`, weighed by the public
        model of play) for its loyalty beliefs; False reads only what the table still shows
        (the holds' lean, the cabin boys' holds, Tortuga's slots), as the bot did before."""
        if params:
            raise TypeError(
                f"the Tortuga 1667 heuristic bot takes only 'evidence', got {', '.join(params)}"
            )
        if not isinstance(evidence, bool):
            raise TypeError(f"evidence must be true or false, got {evidence!r}")
        self.evidence = evidence

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        """One of `state.legal_actions(seat)`, from that and `state.bot_view(seat)` alone (the
        view's knowledge, typed: botview.py's `BotView`, read once); `rng` only breaks ties, so
        equal views and equal streams give equal actions."""
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has no decision to make now")
        if len(legal) == 1:
            return legal[0]
        view = seat_knowledge(state, seat)
        if not self.evidence:
            view = with_changes(view, evidence=no_evidence(view.players))
        handler = HANDLERS.get(view.decision[0]) if view.decision else None
        if handler is None:
            return first_choice(legal)
        ctx = Ctx(view)
        compiled = compiled_copy.compiled
        if compiled is not None:
            return best_of(_compiled(compiled, handler, ctx, legal), legal, rng)
        return best_of(handler(ctx, legal), legal, rng)


def clear_caches() -> None:
    """Empty the bot's pure caches (loyalty beliefs, unseen event cards, the vote deck's odds,
    the end-game values): decisions are the same either way; for tests, and to give back
    their memory."""
    clear_beliefs()
    clear_memos()


def python_values(view: Any, legal: list[Action]) -> list[float] | None:
    """The values `act` hands to `best_of` in pure Python, the reference (the handler of the
    view's decision without the compiled copy); None for a decision the bot does not value."""
    handler = HANDLERS.get(view.decision[0]) if view.decision else None
    return None if handler is None else handler(Ctx(view), legal)


def compiled_values(view: Any, legal: list[Action]) -> list[float] | None:
    """The same values with the compiled copy where it values the decision (a turn, a vote,
    a choice of slot, a Letter of Marque, a Pistol, a Treasure Map given); they must equal
    `python_values` always (tests/games/tortuga1667/test_compiled.py)."""
    compiled = compiled_copy.compiled
    assert compiled is not None, "the compiled Tortuga 1667 bot is not built here"
    handler = HANDLERS.get(view.decision[0]) if view.decision else None
    return None if handler is None else _compiled(compiled, handler, Ctx(view), legal)


def decision_values(view: Any, legal: list[Action]) -> list[float] | None:
    """The values `act` weighs for `view`'s decision (compiled where the copy is built, else the
    Python reference; the two are equal); None for a decision the bot does not value. The
    public model of play (`bot_evidence.py`) reads them as how much each choice appeals."""
    handler = HANDLERS.get(view.decision[0]) if view.decision else None
    if handler is None:
        return None
    compiled = compiled_copy.compiled
    ctx = Ctx(view)
    return handler(ctx, legal) if compiled is None else _compiled(compiled, handler, ctx, legal)


def _compiled(compiled: Any, handler: Handler, ctx: Ctx, legal: list[Action]) -> list[float]:
    """`handler(ctx, legal)`, in compiled code for the decisions the copy makes (it reads the
    beliefs off `ctx`); Python values the others and the rare position the compiled copy
    leaves to it (None)."""
    values: list[float] | None
    if handler is _turn:
        values = compiled.turn(ctx, legal)
    elif handler is _vote:
        values = compiled.vote(ctx, legal)
    elif handler is _choose:
        values = compiled.choose(ctx, legal)
    elif handler is _marque or handler is _pistol or handler is _give_map:
        values = compiled.seat(ctx, legal)
    else:
        values = None
    return handler(ctx, legal) if values is None else values


# -- choosing ----------------------------------------------------------------------------------


def first_choice(legal: list[Action]) -> Action:
    """A decision the bot does not know: the first choice that is not the clock's."""
    for action in legal:
        if not isinstance(action, TimeOut):
            return action
    return legal[0]


def best_of(values: list[float], legal: list[Action], rng: random.Random) -> Action:
    """The highest value; among (nearly) equal ones, a draw from the random stream."""
    top = max(values)
    cut = top - 1e-9
    # Counting in C first: most decisions have one clear best, found by `index` (the only
    # value at or above `cut` is `top` itself, and `index` finds its first occurrence).
    if sum(map(cut.__le__, values)) == 1:
        return legal[values.index(top)]
    best = [i for i, v in enumerate(values) if v >= cut]
    return legal[best[rng.randrange(len(best))]]


# -- a turn --------------------------------------------------------------------------------------


def _slots(
    ctx: Ctx, faces: FaceDown, armada: Sequence[float], end: float, revealer: int
) -> list[float]:
    """Per slot, what `revealer` turning it up is worth to the bot: the known card's value, or
    for a face-down one the chance of the Armada times ending the game (`end`) plus the rest
    times the mean of the other unseen cards (`hidden_value`, worked out only when a slot is
    face down)."""
    hidden = -1.0
    values = []
    for slot, card in enumerate(ctx.row):
        if card == HIDDEN:
            if hidden == -1.0:
                hidden, _spread = hidden_value(ctx, faces, revealer)
            q = armada[slot]
            values.append(q * end + (1 - q) * hidden)
        elif card == EMPTY:
            values.append(0.0)
        else:
            values.append(card_value(ctx, card, revealer))
    return values


def _looks(
    ctx: Ctx, faces: FaceDown, armada: Sequence[float], end: float
) -> tuple[list[float], list[float]]:
    """Per slot, for the bot as revealer: its value (as `_slots`) and what looking at it is
    worth: how far the card may lie from that value (the Armada's chance included), since
    a known card is revealed, avoided or pointed at a foe as it deserves."""
    me = ctx.me
    row = ctx.row
    if HIDDEN in row:
        mean, spread = hidden_value(ctx, faces, me)
    else:
        mean = spread = 0.0  # never read: no slot is face down
    values = []
    info = []
    for slot, card in enumerate(row):
        if card == HIDDEN:
            q = armada[slot]
            m = q * end + (1 - q) * mean
            values.append(m)
            info.append(q * abs(end - m) + (1 - q) * (spread + abs(mean - m)))
        else:
            values.append(0.0 if card == EMPTY else card_value(ctx, card, me))
            info.append(0.0)
    return values, info


def _turn(ctx: Ctx, legal: list[Action]) -> list[float]:
    """A turn: every action scored in chests. Event cards are valued per slot (known card, or
    the odds of a face-down one), looking by what the bot would learn, pointing by what the
    pointed seat's reveal does to the bot's side, and the role actions by `_role_value`."""
    me = ctx.me
    faces = face_down(ctx)
    end, pace = end_and_tempo(ctx)
    armada = faces.armada
    place, rank = ctx.where[me]
    here = my_spot_value(ctx, place, rank)
    mine, info = _looks(ctx, faces, armada, end)
    # Per seat, the row as that seat would reveal it; None for seats not worth pointing at.
    pointed: list[list[float] | None] = [None] * ctx.n
    for target in _point_targets(ctx):
        pointed[target] = _slots(ctx, faces, armada, end, target)
    # What is seen stays known until the card is revealed; with more players the row turns
    # over faster, so a look is worth less.
    share = LOOK_INFO / (ctx.n - 1)
    look = [share * x for x in info]
    values: list[float] = []
    append = values.append
    for action in legal:
        # Ordered by how often each kind is offered (pointing: 10 pairs times each other seat).
        kind = type(action)
        if kind is Point:
            row = pointed[action.target]  # type: ignore[attr-defined]
            if row is None:
                append(-99.0)
            else:
                a, b = action.slots  # type: ignore[attr-defined]
                append(0.5 * (row[a] + row[b]) + pace)
        elif kind is Look:
            a, b = action.slots  # type: ignore[attr-defined]
            append(look[a] + look[b])
        elif kind is Reveal:
            append(mine[action.slot] + pace)  # type: ignore[attr-defined]
        else:
            append(_role_value(ctx, action, place, here))
    return values


def _role_value(ctx: Ctx, action: Action, place: int, here: float) -> float:
    """A turn's other actions: moving, and what captain, first mate, cabin boy and governor
    may do, plus a free Atlantis."""
    if isinstance(action, Move):
        return _move_value(ctx, action.to) - here
    if isinstance(action, Attack):
        return _attack_value(ctx, place)
    if isinstance(action, Maroon):
        t = action.target
        return maroon_value(ctx, t, "captain") + 0.3 * (ctx.pe[t] - ctx.pf[t]) * attack_gain(
            ctx, place
        )
    if isinstance(action, Mutiny):
        return _mutiny_value(ctx, place)
    if isinstance(action, MoveChest):
        delta = [0, 0]
        delta[action.to] += 1
        delta[1 - action.to] -= 1
        return ctx.gain(delta[0], delta[1])
    if isinstance(action, Brawl):
        return brawl_gain(ctx, ctx.lines[ISLAND])
    if isinstance(action, PlayMap):
        other = 1 - place
        return my_spot_value(ctx, other, len(ctx.lines[other])) - here - MAP_VALUE
    return 0.0  # Pass: the only choice anyway


def _point_targets(ctx: Ctx) -> list[int]:
    """Pointing is weighed only at the seat most worth hurting, and at the one most worth
    helping when the bot knows a card in the row (a blind card rarely helps a friend); this
    keeps a 9-player turn cheap."""
    worst, best = -1, -1
    worst_v = best_v = -99.0
    me = ctx.me
    sides = ctx.sides
    table = ctx.spot_table or spot_table(ctx)  # `spot_value`, read directly
    for s, (place, rank) in enumerate(ctx.where):
        if s == me:
            continue
        stake = table[place][rank if rank < 3 else 3] + 0.2
        hurt = -sides[s] * stake
        if hurt > worst_v:
            worst_v, worst = hurt, s
        if -hurt > best_v:
            best_v, best = -hurt, s
    if best != worst and any(card not in (HIDDEN, EMPTY) for card in ctx.row):
        return [worst, best]
    return [worst]


def _move_value(ctx: Ctx, to: int) -> float:
    """Move destinations: 0/1 a ship, 2 Tortuga, 3/4 the ships' rowboats (actions.py)."""
    if to < ISLAND:
        line = ctx.lines[to]
        return my_spot_value(ctx, to, len(line))
    if to == ISLAND:
        return my_spot_value(ctx, ISLAND, len(ctx.lines[ISLAND]))
    return boat_value(ctx, to - 3)


def _ship_voters(ctx: Ctx, ship: int, exclude: int) -> list[int]:
    """Who would vote on the ship now: seats with vote cards not sitting out for the Pirate
    Code ("mag niet deelnemen aan de volgende twee stemronden")."""
    return [
        s for s in ctx.lines[ship] if s != exclude and ctx.vote_sizes[s] and not ctx.pirate_code[s]
    ]


def _attack_models(ctx: Ctx, seats: list[int], caller: int) -> list[Model]:
    """How each of `seats` is expected to play in `caller`'s attack: for it if on the caller's
    side, against if not, like the deck's mix if the bot cannot tell."""
    models: list[Model] = []
    pf_c = 1.0 if caller == ctx.me else ctx.pf[caller]
    pe_c = 0.0 if caller == ctx.me else ctx.pe[caller]
    for s in seats:
        if s == caller:
            models.append(SUPPORT)
            continue
        want = ctx.pf[s] * pf_c + ctx.pe[s] * pe_c
        against = ctx.pf[s] * pe_c + ctx.pe[s] * pf_c
        rest = max(0.0, 1.0 - want - against)
        models.append(
            (
                want * SUPPORT[0] + against * SABOTAGE[0] + rest * NEUTRAL[0],
                want * SUPPORT[1] + against * SABOTAGE[1] + rest * NEUTRAL[1],
                want * SUPPORT[2] + against * SABOTAGE[2] + rest * NEUTRAL[2],
            )
        )
    return models


def _attack_value(ctx: Ctx, ship: int) -> float:
    """ "Wanneer er minstens 1 kanon en minstens 1 ongebluste toorts worden onthuld, verplaatst de
    kapitein 1 schatkist" — the best chance over the bot's own cards, times the chest."""
    gain = attack_gain(ctx, ship)
    if gain <= 0:
        return -0.1
    me = ctx.me
    models = _attack_models(ctx, _ship_voters(ctx, ship, me), me)
    deck = deck_odds(ctx)[0]
    if ctx.pirate_code[me] or not ctx.hand:
        return gain * attack_chance((), models, deck)
    best = 0.0
    for card in set(ctx.hand):
        best = max(best, attack_chance((card,), models, deck))
    # A failed attack still swaps a card: "Elke speler die deelnam aan de stemronde, trekt een
    # nieuwe stemkaart" — worth something to a captain holding nothing that can win one.
    return gain * (best + (CYCLE if best < 0.15 else 0.03))


def _mutiny_value(ctx: Ctx, ship: int) -> float:
    """ "Een geslaagde muiterij verbant jouw kapitein naar Tortuga" and the first mate (the
    bot) becomes captain."""
    captain = ctx.lines[ship][0]
    me = ctx.me
    success = _mutiny_win(ctx, ship, captain, me)
    if success <= 0:
        return success
    chance = _mutiny_chance(ctx, ship, captain, me, (_best_mark(ctx.hand, skull=True),))
    return success * chance


def _mutiny_win(ctx: Ctx, ship: int, captain: int, mate: int) -> float:
    """What a successful mutiny is worth to the bot's side: the captain's spot passes from
    `captain` to `mate`. Ousting a friend also costs the turns both lose getting back into
    place (`FRIEND_FIRE`), so an unclear captain is left alone."""
    top = spot_value(ctx, ship, 0) - 0.1
    if mate == ctx.me:
        promotion = my_spot_value(ctx, ship, 0) - my_spot_value(ctx, ship, 1)
    else:
        promotion = ctx.sides[mate] * (spot_value(ctx, ship, 0) - spot_value(ctx, ship, 1))
    if captain == ctx.me:
        return -top - FRIEND_FIRE + promotion
    return -ctx.sides[captain] * top + promotion - ctx.pf[captain] * FRIEND_FIRE


def _best_mark(hand: Sequence[int], skull: bool) -> int:
    """A card of the hand with (or without) a skull, for weighing a mutiny call."""
    for card in hand:
        if (bottom_of(card) == SKULL) == skull:
            return card
    return hand[0] if hand else -1


def _mutiny_chance(ctx: Ctx, ship: int, captain: int, exclude: int, mine: tuple[int, ...]) -> float:
    """P(the mutiny succeeds) when the bot plays `mine`: the other crew (not the captain: "Alle
    spelers op dat schip, behalve de kapitein") vote skull if they side against the captain,
    and the deck adds a card."""
    others: list[float] = []
    pf_c, pe_c = ctx.pf[captain], ctx.pe[captain]
    if captain == ctx.me:
        pf_c, pe_c = 1.0, 0.0
    for s in ctx.lines[ship][1:]:
        if s == exclude or not ctx.vote_sizes[s] or ctx.pirate_code[s]:
            continue
        if s == ctx.me:
            continue
        want = ctx.pf[s] * pe_c + ctx.pe[s] * pf_c
        against = ctx.pf[s] * pf_c + ctx.pe[s] * pe_c
        rest = max(0.0, 1.0 - want - against)
        others.append(0.85 * want + 0.15 * against + 0.5 * rest)
    deck, skull, _british = deck_odds(ctx)
    if deck is not None:
        others.append(skull)
    cards = [c for c in mine if c >= 0]
    marked = sum(1 for c in cards if bottom_of(c) == SKULL)
    return majority_chance(marked, len(cards), others)


# -- votes ---------------------------------------------------------------------------------------


def _vote(ctx: Ctx, legal: list[Action]) -> list[float]:
    """A ballot: the chance it gives the vote's outcome, times what that outcome is worth to
    the bot's side, plus what the cards left in hand are worth for later votes. An attack helps
    the captain's nation, a mutiny makes the first mate captain, a brawl moves Tortuga's
    chests."""
    _vote_step, kind, place, caller, voters = ctx.decision
    hand = ctx.hand
    values: list[float] = []
    if kind == "attack":
        if caller == ctx.me:
            win = attack_gain(ctx, place)
        elif ctx.galleon:
            win = ctx.sides[caller]
        else:
            win = 1.5 * ctx.sides[caller] if sum(ctx.holds[1 - place]) else 0.0
        models = _attack_models(ctx, [s for s in voters if s != ctx.me], caller)
        deck = deck_odds(ctx)[0]
        for action in legal:
            assert isinstance(action, Vote)
            chance = attack_chance(action.cards, models, deck)
            values.append(win * chance + _keep(ctx, hand, action.cards))
    elif kind == "mutiny":
        captain = ctx.lines[place][0]
        win = _mutiny_win(ctx, place, captain, caller)
        for action in legal:
            assert isinstance(action, Vote)
            chance = _mutiny_chance(ctx, place, captain, ctx.me, action.cards)
            values.append(win * chance + _keep(ctx, hand, action.cards))
    else:
        for action in legal:
            assert isinstance(action, Vote)
            gain = brawl_gain(ctx, voters, action.cards)
            values.append(gain + _keep(ctx, hand, action.cards))
    return values


def _keep(ctx: Ctx, hand: Sequence[int], ballot: tuple[int, ...]) -> float:
    """What the hand keeps after this ballot (cards played leave it), minus El Dorado spent."""
    left = list(hand)
    for card in ballot:
        left.remove(card)
    value = KEEP_WEIGHT * sum(card_keep_value(ctx, c) for c in left)
    if len(ballot) > 1:
        value -= DOUBLE_VOTE_COST
    return value


# -- other decisions -----------------------------------------------------------------------------


def _choose(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Pointed at: the bot reveals the card that is better for it ("De aangeduide speler
    onthult zonder te kijken één van de beide aangewezen kaarten" — blind for the table, but a
    card the bot looked at before is known to it)."""
    faces = face_down(ctx)
    mine = _slots(ctx, faces, faces.armada, end_and_tempo(ctx)[0], ctx.me)
    return [mine[a.slot] if isinstance(a, Choose) else -99.0 for a in legal]


def _stow(ctx: Ctx, legal: list[Action]) -> list[float]:
    """The chest of a successful attack goes into the own nation's hold; from the other ship
    ("1 schatkist van het schip van de tegenstander nemen") the other nation's chest is
    taken, which counts twice."""
    values = []
    for action in legal:
        if isinstance(action, Stow):
            delta = [0, 0]
            delta[action.into] += 1
            if action.take >= 0:
                delta[action.take] -= 1
            own = 0.01 if action.into == ctx.my_flag() else 0.0
            values.append(ctx.gain(delta[0], delta[1]) + own)
        else:
            values.append(0.0)
    return values


def _place_pawn(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Advanced setup: the spots above a chosen one that are taken decide the rank once the
    gaps close ("worden alle pionnen omhoog verplaatst waar plek is")."""
    spots = ctx.view.spots or ((), (), ())
    values = []
    for action in legal:
        assert isinstance(action, PlacePawn)
        taken = spots[action.place][: action.position]
        rank = sum(1 for s in taken if s >= 0)
        free_above = action.position - rank
        values.append(my_spot_value(ctx, action.place, rank + free_above // 2) - 0.01 * free_above)
    return values


def _discard(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Marooned on Tortuga: give up the vote card the bot needs least."""
    return [-card_keep_value(ctx, a.card) if isinstance(a, Discard) else -99.0 for a in legal]


def _react_maroon(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Fountain of Youth "om het effect van Zwarte Plek, Pistool of een verbanning tegen te
    gaan"; Atlantis against a captain's marooning lands on the other ship instead."""
    me = ctx.me
    place, rank = ctx.where[me]
    here = my_spot_value(ctx, place, rank)
    island = my_spot_value(ctx, ISLAND, len(ctx.lines[ISLAND]))
    loss = here - island
    if place == ISLAND and ctx.vote_sizes[me]:
        loss = 0.3 + (0.5 if ctx.vote_sizes[me] == 1 else 0.0)
    values = []
    for action in legal:
        if isinstance(action, PlayMap) and action.card == FOUNTAIN_OF_YOUTH:
            values.append(loss - 2 * MAP_VALUE)
        elif isinstance(action, PlayMap):
            other = 1 - place if place < ISLAND else 0
            landing = my_spot_value(ctx, other, len(ctx.lines[other]))
            values.append(landing - island - MAP_VALUE)
        else:
            values.append(0.0)
    return values


def _react_call(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Atlantis at a call on the other ship: "mag een speler onmiddellijk deze schatkaart
    spelen. Hij/zij verplaatst zijn pion naar het andere schip en neemt deel aan de stemming."
    The caller is the seat whose turn it is; the bot joins to turn a hostile vote."""
    me = ctx.me
    place, rank = ctx.where[me]
    if place >= ISLAND:
        return [0.0 if isinstance(a, Decline) else -1.0 for a in legal]
    other = 1 - place
    caller = ctx.current
    line = ctx.lines[other]
    here = my_spot_value(ctx, place, rank)
    landing = my_spot_value(ctx, other, len(line))
    swing = 0.0
    if line and caller == line[0] and ctx.hand:
        deck = deck_odds(ctx)[0]
        models = _attack_models(ctx, _ship_voters(ctx, other, me), caller)
        base = attack_chance((), models, deck)
        win = ctx.sides[caller] * (1.0 if ctx.galleon else 1.5)
        swing = max(win * (attack_chance((c,), models, deck) - base) for c in set(ctx.hand))
    elif len(line) > 1 and caller == line[1] and ctx.hand:
        captain = line[0]
        win = _mutiny_win(ctx, other, captain, caller)
        base = _mutiny_chance(ctx, other, captain, me, ())
        swing = max(
            win * (_mutiny_chance(ctx, other, captain, me, (c,)) - base) for c in set(ctx.hand)
        )
    play = swing + landing - here - MAP_VALUE
    return [play if isinstance(a, PlayMap) else 0.0 for a in legal]


def _give_map(ctx: Ctx, legal: list[Action]) -> list[float]:
    """A Treasure Map "aan een andere speler": to the seat most likely on the bot's side,
    preferably one whose spot is worth protecting."""
    return [
        ctx.sides[a.seat] + 0.05 * spot_value(ctx, *ctx.where[a.seat])
        if isinstance(a, Target)
        else -99.0
        for a in legal
    ]


def _pistol(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Pistol: maroon the seat whose spot hurts the bot's side most (a hostile captain)."""
    return [maroon_value(ctx, a.seat) if isinstance(a, Target) else -99.0 for a in legal]


def _marque(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Letter of Marque: put a friend (or the bot) from Tortuga or a rowboat onto a ship where
    it gains a role, or else draw a vote card and stack the deck."""
    values = []
    for action in legal:
        if isinstance(action, MarqueMove):
            values.append(marque_move_value(ctx, action.seat, action.ship))
        elif isinstance(action, MarqueDraw):
            values.append(0.3)
        else:
            values.append(-99.0)
    return values


def _marque_top(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Letter of Marque: "leg deze bovenaan de stapel stemkaarten. Deze kaart wordt in de
    stemronde toegevoegd aan de stemming" — the card that serves the bot's next vote best."""
    return [
        vote_alignment(ctx, a.card, ctx.me) - card_keep_value(ctx, a.card)
        if isinstance(a, PutOnTop)
        else -99.0
        for a in legal
    ]


def _powder(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Black Powder: a seat in the blown-up rowboat goes to Tortuga, and nobody on Tortuga can
    reach that ship any more ("Spelers op Tortuga kunnen niet naar een schip verplaatsen
    wanneer de bijbehorende roeiboot niet beschikbaar is")."""
    island = ctx.lines[ISLAND]
    ashore = sum(ctx.sides[s] for s in island) / max(1, len(island))
    values = []
    for action in legal:
        assert isinstance(action, BlowUp)
        ship = action.ship
        value = 0.0
        occupant = ctx.rowboats[ship]
        if occupant >= 0:
            value -= ctx.sides[occupant] * 0.4
        line = ctx.lines[ship]
        if line:
            value -= 0.3 * ctx.sides[line[0]] * ashore
        values.append(value)
    return values


def _fever(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Cabin Fever: with a seat of the other side, a coin flip decides which side the bot ends
    on; with a seat of its own side nothing changes."""
    lead = ctx.lead()
    return [ctx.pe[a.seat] * -lead if isinstance(a, Target) else -99.0 for a in legal]


def _crows(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Crow's Nest: the bot picks the target's new vote cards, so it aims at the seat whose
    votes matter most that it does not trust."""
    values = []
    for action in legal:
        assert isinstance(action, Target)
        s = action.seat
        place = ctx.where[s][0]
        matters = 1.0 if (place < ISLAND and len(ctx.lines[place]) > 1) else 0.5
        values.append(ctx.vote_sizes[s] * matters * (ctx.pe[s] + 0.3 * ctx.pf[s]))
    return values


def _crows_pick(ctx: Ctx, legal: list[Action]) -> list[float]:
    """Crow's Nest: give the target cards that serve the bot's side in the votes it will take
    part in (a foe must then play them; a friend would anyway)."""
    target = ctx.decision[2]  # the pending ("crows_pick", picker, target, cards left)
    return [
        vote_alignment(ctx, a.card, target) if isinstance(a, PickVote) else -99.0 for a in legal
    ]


def _setup_chest(ctx: Ctx, legal: list[Action]) -> list[float]:
    """The captain's first chest ("legt ... zijn schatkist in een van de ruimen van zijn
    schip"): into the own nation's hold."""
    flag = ctx.my_flag()
    return [1.0 if isinstance(a, Stow) and a.into == flag else 0.0 for a in legal]


HANDLERS: dict[str, Handler] = {
    "turn": _turn,
    "vote": _vote,
    "choose": _choose,
    "stow": _stow,
    "setup_chest": _setup_chest,
    "place_pawn": _place_pawn,
    "discard": _discard,
    "react_maroon": _react_maroon,
    "react_call": _react_call,
    "give_map": _give_map,
    "pistol": _pistol,
    "marque": _marque,
    "marque_top": _marque_top,
    "powder": _powder,
    "fever": _fever,
    "crows": _crows,
    "crows_pick": _crows_pick,
}

# The compiled copy reads the numbers above; hand them over now that they are all defined.
compiled_copy.configure()

__all__ = [
    "HANDLERS",
    "Tortuga1667Bot",
    "best_of",
    "clear_caches",
    "compiled_values",
    "decision_values",
    "first_choice",
    "python_values",
]
