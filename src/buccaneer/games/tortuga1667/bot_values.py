"""Values the Tortuga 1667 heuristic bot puts on places, event cards and votes.

Every value is in "chests": one unit is one chest more for the bot's nation than for the other
(see `Ctx.gain`). Position values stand for what a role can still win (a captain's attacks, a
cabin boy's chest moves, a governor's brawls); event card values for what revealing the card does
to the bot's side; the vote models estimate how likely an attack, mutiny or brawl succeeds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import NamedTuple

from buccaneer.games.tortuga1667.bot_beliefs import ISLAND, Ctx
from buccaneer.games.tortuga1667.botview import EMPTY, HIDDEN
from buccaneer.games.tortuga1667.components import (
    ALBATROSS,
    ATLANTIS,
    BLACK_POWDER,
    BLACK_SPOT,
    CABIN_FEVER,
    CANNON,
    CROWS_NEST,
    DUTCH,
    EIGHT_BELLS,
    FACADE,
    FOUNTAIN_OF_YOUTH,
    LETTER_OF_MARQUE,
    PIRATE_CODE,
    PISTOL,
    SCURVY,
    SKULL,
    SPANISH_ARMADA,
    STORMY_SEAS,
    TORCH,
    TREASURE_MAPS,
    VOTE_DECK,
    WATER,
    bottom_of,
    flag_of,
    top_of,
)

# What ending the game is worth: a won game against an even chance, in chests.
GAME_VALUE = 8.0
# How much a lead of one chest is worth in win chance if the game goes on.
LEAD_WEIGHT = 0.15
# A decided game against a lead that may still be lost.
CERTAINTY = 1.0
# Each event card revealed brings the Spanish Armada closer: good when ahead, bad behind.
TEMPO = 0.15

TOP_COUNTS = Counter(top_of(c) for c in VOTE_DECK)
FLAG_COUNTS = Counter(flag_of(c) for c in VOTE_DECK)
SKULL_COUNT = sum(1 for c in VOTE_DECK if bottom_of(c) == SKULL)

# How a voter plays its card in an attack, by whether it wants the attack to succeed:
# (cannon, water, torch) probabilities.
Model = tuple[float, float, float]
# What a card revealed by a seat is worth to the bot's side (`CARD_VALUES`).
CardRule = Callable[[Ctx, int], float]
SUPPORT: Model = (0.35, 0.1, 0.55)
SABOTAGE: Model = (0.25, 0.6, 0.15)

# Pure caches of values that depend on a few view fields only (`face_down`, `deck_odds`,
# `attack_chance`, `card_keep_value`): the bot decides exactly as without them. Each is
# emptied when it holds MEMO_KEPT entries.
MEMO_KEPT = 20_000
_UNSEEN: dict[tuple[object, ...], FaceDown] = {}
_ODDS: dict[tuple[object, ...], tuple[Model | None, float, float]] = {}
_CHANCES: dict[tuple[object, ...], float] = {}
_KEEP: dict[tuple[int, int, int, int], float] = {}
_ENDS: dict[tuple[int, int, tuple[int, int]], tuple[float, float]] = {}


def clear_memos() -> None:
    """Empty this module's caches (they never change a value: for tests and memory)."""
    for memo in (_UNSEEN, _ODDS, _CHANCES, _KEEP, _ENDS):
        memo.clear()


# -- places --------------------------------------------------------------------------------------


def spot_value(ctx: Ctx, place: int, rank: int) -> float:
    """What a spot is worth to whoever stands there (for judging others' spots)."""
    return (ctx.spot_table or spot_table(ctx))[place][rank if rank < 3 else 3]


def spot_table(ctx: Ctx) -> tuple[tuple[float, float, float, float], ...]:
    """`spot_value` for every place (ships, Tortuga, a rowboat) and rank 0, 1, 2 and below,
    worked out once per decision: it is read for every seat, so a lookup beats the branches.
    A captain's spot is worth more while there is loot (the galleon or the other ship's holds),
    a cabin boy's while its ship's holds have chests, a governor's while Tortuga has some."""
    galleon = ctx.galleon
    (fd_british, fd_french), (jr_british, jr_french) = ctx.holds
    fd = fd_british + fd_french
    jr = jr_british + jr_french
    british, french, loose = ctx.tortuga
    governor = 0.9 if british + french + loose else 0.3
    table = ctx.spot_table = (
        (2.2 if galleon > 0 or jr > 0 else 1.2, 0.7, 1.4 if fd else 0.5, 0.3),
        (2.2 if galleon > 0 or fd > 0 else 1.2, 0.7, 1.4 if jr else 0.5, 0.3),
        (governor, 0.1, 0.1, 0.1),
        (0.25, 0.25, 0.25, 0.25),
    )
    return table


def my_spot_value(ctx: Ctx, place: int, rank: int) -> float:
    """What a spot is worth to the bot itself: a captain's loot, a cabin boy's chests of the
    other nation to move, a governor's chests to win in a brawl (worked out once per call)."""
    key = (place, rank)
    value = ctx.memo.get(key)
    if value is None:
        value = ctx.memo[key] = _my_spot_value(ctx, place, rank)
    return value


def _my_spot_value(ctx: Ctx, place: int, rank: int) -> float:
    """The bot's own spot values: the captain's by the loot of an attack, the cabin boy's by
    chests of the other nation in its ship's holds, the governor's by a brawl's expectation;
    a rowboat (rank: its ship) by where it leads."""
    if place < ISLAND:
        if rank == 0:
            return 1.5 + attack_gain(ctx, place)
        if rank == 1:
            return 0.7
        if rank == 2:
            flag = ctx.my_flag()
            return 0.5 + (2.0 if ctx.holds[place][1 - flag] else 0.0)
        return 0.3
    if place == ISLAND:
        if rank == 0:
            return 0.3 + max(0.0, brawl_gain(ctx, ctx.lines[ISLAND] or [ctx.me]))
        return 0.1
    return boat_value(ctx, rank)


def boat_value(ctx: Ctx, ship: int) -> float:
    """A rowboat is half-way: worth most of the better place it leads to next turn."""
    line = ctx.lines[ship]
    board = my_spot_value(ctx, ship, len(line) - (1 if ctx.me in line else 0))
    land = my_spot_value(ctx, ISLAND, len(ctx.lines[ISLAND]))
    return 0.7 * max(board, land)


def now_value(ctx: Ctx, seat: int) -> float:
    """`seat`'s spot value where it stands now (worked out for every seat once per call)."""
    now = ctx.now
    if not now:
        _fill_now(ctx)
    return now[seat]


def _now(ctx: Ctx) -> list[float]:
    """`ctx.now`, filled (see `now_value`)."""
    _fill_now(ctx)
    return ctx.now


def _fill_now(ctx: Ctx) -> None:
    """`ctx.now` for every seat: the bot's own spot by `my_spot_value`, the others' by
    `spot_value` (read from the table directly: this runs in nearly every turn)."""
    table = ctx.spot_table or spot_table(ctx)
    me = ctx.me
    now = ctx.now
    for s, (place, rank) in enumerate(ctx.where):
        if s == me:
            now.append(my_spot_value(ctx, place, rank))
        else:
            now.append(table[place][rank if rank < 3 else 3])


def value_at(ctx: Ctx, seat: int, where: tuple[int, int]) -> float:
    """A spot's worth to `seat`: the bot knows its own chances better than others'."""
    place, rank = where
    if seat == ctx.me:
        return my_spot_value(ctx, place, rank)
    return (ctx.spot_table or spot_table(ctx))[place][rank if rank < 3 else 3]


def attack_gain(ctx: Ctx, ship: int) -> float:
    """What a successful attack from `ship` brings the bot's side if the bot is the captain:
    a galleon chest, or once it is empty the best steal from the other ship."""
    flag = ctx.my_flag()
    if ctx.galleon:
        return ctx.gain(*((1, 0) if flag == 0 else (0, 1)))
    other = ctx.holds[1 - ship]
    best = 0.0
    for take in (0, 1):
        if other[take]:
            for into in (0, 1):
                delta = [0, 0]
                delta[into] += 1
                delta[take] -= 1
                best = max(best, ctx.gain(delta[0], delta[1]))
    return best


# -- the end -------------------------------------------------------------------------------------


def end_value(ctx: Ctx) -> float:
    """Ending the game now (the Spanish Armada) against playing on, in chests. A game decided
    now is worth more than any lead, which event cards can still undo (Stormy Seas, Cabin
    Fever), hence the bonus for certainty."""
    british, french = ctx.chests
    n = ctx.n
    if ctx.team == DUTCH:
        won = 1.0 if british == french else 0.0
        going_on = 0.5 - 0.1 * abs(british - french)
    else:
        lead = ctx.lead()
        if lead > 0:
            won = 1.0
        elif lead < 0:
            won = 0.0
        else:
            # A tie: the Dutch seat wins with an odd count; an even count plays a tiebreak.
            won = 0.0 if n % 2 else 0.5
        going_on = 0.5 + LEAD_WEIGHT * lead
    going_on = min(0.9, max(0.1, going_on))
    certainty = CERTAINTY if won == 1.0 else -CERTAINTY if won == 0.0 else 0.0
    return (won - going_on) * GAME_VALUE + certainty


def end_and_tempo(ctx: Ctx) -> tuple[float, float]:
    """`end_value` and `tempo` together: both depend only on the player count, the bot's
    team and the team chests, a handful of cases met in every turn (kept in `_ENDS`)."""
    key = (ctx.n, ctx.team, ctx.chests)
    both = _ENDS.get(key)
    if both is None:
        if len(_ENDS) >= MEMO_KEPT:
            _ENDS.clear()
        both = _ENDS[key] = (end_value(ctx), tempo(ctx))
    return both


def tempo(ctx: Ctx) -> float:
    """What bringing the end one card closer is worth: wanted when ahead (for the Dutch seat:
    when tied), unwanted behind."""
    lead = ctx.lead()
    if ctx.team == DUTCH:
        return TEMPO if lead == 0 else -TEMPO
    return TEMPO if lead > 0 else -TEMPO if lead < 0 else 0.0


# -- event cards ---------------------------------------------------------------------------------


class FaceDown(NamedTuple):
    """The face-down event cards the bot has not seen (`unseen_cards`), and for
    `hidden_value` the ones that are not the Spanish Armada: their number and each kind's
    count and value rule, in the order of `cards`. The three Treasure Maps share one rule, so
    `funcs` lists each rule once and `uses` points every kind (as `counts`) at its rule there:
    a rule is then called once per revealer, not once per kind."""

    cards: dict[str, int]
    total: int
    rules: tuple[tuple[int, CardRule], ...]
    counts: tuple[int, ...]
    funcs: tuple[CardRule, ...]
    uses: tuple[int, ...]
    armada: tuple[float, ...]  # `armada_chance` per row slot


def face_down(ctx: Ctx) -> FaceDown:
    """`FaceDown` for this view (read-only: the same object serves every decision with these
    inputs)."""
    # The last four fields only serve the Armada's odds; they change (a refill) when the row
    # does, so they cost the cache hardly any hits.
    key = (
        ctx.in_game,
        ctx.discard,
        ctx.row,
        ctx.maps,
        ctx.albatross,
        ctx.pirate_code,
        ctx.bottom_five,
        ctx.deck,
        ctx.armada_live,
    )
    faces = _UNSEEN.get(key)
    if faces is None:
        if len(_UNSEEN) >= MEMO_KEPT:
            _UNSEEN.clear()
        cards = _unseen_cards(ctx)
        kinds = [
            (count, CARD_VALUES.get(card, _no_effect))
            for card, count in cards.items()
            if card != SPANISH_ARMADA and count
        ]
        total = 0
        for count, _rule in kinds:
            total += count
        funcs: list[CardRule] = []
        for _count, rule in kinds:
            if rule not in funcs:
                funcs.append(rule)
        faces = _UNSEEN[key] = FaceDown(
            cards,
            total,
            tuple(kinds),
            tuple([count for count, _rule in kinds]),
            tuple(funcs),
            tuple([funcs.index(rule) for _count, rule in kinds]),
            tuple(armada_chance(ctx, cards)),
        )
    return faces


def unseen_cards(ctx: Ctx) -> dict[str, int]:
    """The event cards the bot has not seen that lie face down in the row or the deck: those in
    the game minus the discard pile, the cards players keep in front of them and the row cards
    the bot looked at (read-only, see `face_down`)."""
    return face_down(ctx).cards


def _unseen_cards(ctx: Ctx) -> dict[str, int]:
    cards: dict[str, int] = {}
    for card in ctx.in_game:
        cards[card] = cards.get(card, 0) + 1
    gone = list(ctx.discard)
    for card in ctx.row:
        if card not in (HIDDEN, EMPTY):
            gone.append(card)
    for held in ctx.maps:
        gone += held
    for card in gone:
        if cards.get(card, 0) > 0:
            cards[card] -= 1
    albatross = sum(ctx.albatross)
    if albatross and ALBATROSS in cards:
        cards[ALBATROSS] = max(0, cards[ALBATROSS] - albatross)
    code = sum(1 for left in ctx.pirate_code if left > 0)
    if code and PIRATE_CODE in cards:
        cards[PIRATE_CODE] = max(0, cards[PIRATE_CODE] - code)
    return cards


def armada_chance(ctx: Ctx, unseen: dict[str, int]) -> list[float]:
    """Per row slot, the chance the Spanish Armada lies there. It was shuffled among the deck's
    bottom five ("Neem 4 kaarten ... en schud ze samen met de Spaanse Vlootkaart. Leg deze 5
    kaarten onderaan"), and the view marks the row slots refilled from those five."""
    chance = [0.0] * len(ctx.row)
    if not ctx.armada_live or not unseen.get(SPANISH_ARMADA):
        for slot, card in enumerate(ctx.row):
            if card == SPANISH_ARMADA:
                chance[slot] = 1.0
        return chance
    hidden = [s for s, card in enumerate(ctx.row) if card == HIDDEN and ctx.bottom_five[s]]
    places = len(hidden) + min(ctx.deck, 5)
    if places:
        for slot in hidden:
            chance[slot] = 1.0 / places
    return chance


def _no_effect(ctx: Ctx, revealer: int) -> float:
    return 0.0


def card_value(ctx: Ctx, card: str, revealer: int) -> float:
    """What `revealer` turning up `card` is worth to the bot's side ("Alle effecten moeten
    worden uitgevoerd zodra ze worden onthuld"); one function per card in `CARD_VALUES`."""
    value = CARD_VALUES.get(card)
    return 0.0 if value is None else value(ctx, revealer)


def _armada_card(ctx: Ctx, revealer: int) -> float:
    return end_value(ctx)


def _pistol_card(ctx: Ctx, revealer: int) -> float:
    if revealer != ctx.me:
        return 0.8 * ctx.sides[revealer]
    key = (-4, 0)
    value = ctx.memo.get(key)
    if value is None:
        value = ctx.memo[key] = best_maroon(ctx)[0]
    return value


def _black_spot_card(ctx: Ctx, revealer: int) -> float:
    # "De speler die deze kaart onthult wordt verbannen."
    loss = (ctx.now or _now(ctx))[revealer] - 0.1
    if ctx.where[revealer][0] == ISLAND:
        loss = 0.3  # marooned again on Tortuga: one vote card less
    if FOUNTAIN_OF_YOUTH in ctx.maps[revealer]:
        loss = min(loss, 0.4)
    return -ctx.sides[revealer] * max(0.1, loss)


def _marque_card(ctx: Ctx, revealer: int) -> float:
    return max(0.3, best_marque(ctx)) if revealer == ctx.me else 0.35 * ctx.sides[revealer]


def _map_card(ctx: Ctx, revealer: int) -> float:
    # "geeft deze aan een andere speler"
    me = ctx.me
    if revealer != me:
        return 0.2 * ctx.sides[revealer]
    return 0.35 * ctx.best_friend  # the likeliest friend gets it


def _crows_nest_card(ctx: Ctx, revealer: int) -> float:
    return 0.3 * ctx.sides[revealer]


def _albatross_card(ctx: Ctx, revealer: int) -> float:
    return _albatross(ctx, revealer, ctx.where[revealer], ctx.sides[revealer])


def _scurvy_card(ctx: Ctx, revealer: int) -> float:
    # "Alle spelers op hetzelfde schip of eiland ... verliezen hun volgende beurt."
    place = ctx.where[revealer][0]
    sides = ctx.sides
    if place > ISLAND:
        return -0.25 * (0 + sides[revealer])
    total: float = 0  # summed as `sum` does: from the int 0, in line order
    for s in ctx.lines[place]:
        total += sides[s]
    return -0.25 * total


def _black_powder_card(ctx: Ctx, revealer: int) -> float:
    return 0.0


def _cabin_fever_card(ctx: Ctx, revealer: int) -> float:
    # "De Loyaliteitskaarten van beide spelers worden geschud en teruggegeven": with a
    # seat of the other side, half the time the bot changes sides (a lead becomes a
    # deficit); with a friend nothing happens. With two players the target is forced.
    me = ctx.me
    if revealer == me:
        lead = ctx.lead()
        return max(ctx.pe[s] * -lead for s in range(ctx.n) if s != me)
    return -ctx.lead() if ctx.n == 2 else 0.0


def _eight_bells_card(ctx: Ctx, revealer: int) -> float:
    return _eight_bells(ctx, ctx.where[revealer][0])


def _facade_card(ctx: Ctx, revealer: int) -> float:
    # "ruilt de positie van zijn/haar pion met de speler aan zijn/haar rechterzijde"
    # (docs/rulings.md: the seat before it in turn order).
    other = (revealer - 1) % ctx.n
    now = ctx.now or _now(ctx)
    mine = value_at(ctx, revealer, ctx.where[other]) - now[revealer]
    theirs = value_at(ctx, other, ctx.where[revealer]) - now[other]
    sides = ctx.sides
    return sides[revealer] * mine + sides[other] * theirs


def _pirate_code_card(ctx: Ctx, revealer: int) -> float:
    # "mag niet deelnemen aan de volgende twee stemronden"
    where = ctx.where[revealer]
    captain = where[0] <= 1 and where[1] == 0
    return -ctx.sides[revealer] * (0.9 if captain else 0.3)


def _stormy_seas_card(ctx: Ctx, revealer: int) -> float:
    # "Alle schatkisten op het schip of eiland ... worden teruggezet op het Spaanse Galjoen."
    place = ctx.where[revealer][0]
    if place <= 1:
        british, french = ctx.holds[place]
    elif place == ISLAND:
        british, french = ctx.tortuga[0], ctx.tortuga[1]
    else:
        return 0.0
    return ctx.gain(-british, -french)


CARD_VALUES: dict[str, CardRule] = {
    SPANISH_ARMADA: _armada_card,
    PISTOL: _pistol_card,
    BLACK_SPOT: _black_spot_card,
    LETTER_OF_MARQUE: _marque_card,
    **dict.fromkeys(TREASURE_MAPS, _map_card),
    CROWS_NEST: _crows_nest_card,
    ALBATROSS: _albatross_card,
    SCURVY: _scurvy_card,
    BLACK_POWDER: _black_powder_card,
    CABIN_FEVER: _cabin_fever_card,
    EIGHT_BELLS: _eight_bells_card,
    FACADE: _facade_card,
    PIRATE_CODE: _pirate_code_card,
    STORMY_SEAS: _stormy_seas_card,
}


def _albatross(ctx: Ctx, revealer: int, where: tuple[int, int], side: float) -> float:
    """ "Zodra een schip 2 Albatrossen aan boord heeft, worden alle spelers op dat schip
    verbannen naar Tortuga"."""
    place = where[0]
    if place > 1:
        return -0.1 * side
    crew = ctx.lines[place]
    if sum(ctx.albatross[s] for s in crew) >= 1:
        return -sum(ctx.sides[s] * (now_value(ctx, s) - 0.1) for s in crew)
    return -0.3 * side


def _eight_bells(ctx: Ctx, place: int) -> float:
    """The line is drawn again at random: each pawn ends up with the average spot."""
    if place > ISLAND:
        return 0.0
    line = ctx.lines[place]
    size = len(line)
    if size < 2:
        return 0.0
    key = (-1, place)
    cached = ctx.memo.get(key)
    if cached is not None:
        return cached
    spots = (ctx.spot_table or spot_table(ctx))[place]
    ranks = [spots[r if r < 3 else 3] for r in range(size)]
    others = sum(ranks) / size
    total = 0.0
    me = ctx.me
    sides = ctx.sides
    for rank, s in enumerate(line):
        if s == me:
            mine = sum([my_spot_value(ctx, place, r) for r in range(size)]) / size
            total += mine - my_spot_value(ctx, place, rank)
        else:
            total += sides[s] * (others - ranks[rank])
    ctx.memo[key] = total
    return total


def hidden_value(ctx: Ctx, faces: FaceDown, revealer: int) -> tuple[float, float]:
    """The mean value of a face-down card that is not the Spanish Armada, and the mean distance
    from that mean (how much knowing the card is worth)."""
    total = faces.total
    if not total:
        return 0.0, 0.0
    # Each rule once (they are pure for the decision), then the kinds in their order: the
    # sums run as they always did, so the floats come out the same to the last bit.
    found = [rule(ctx, revealer) for rule in faces.funcs]
    values = [found[i] for i in faces.uses]
    mean = 0.0
    for count, value in zip(faces.counts, values, strict=True):
        mean += count * value
    mean /= total
    spread = (
        sum([count * abs(value - mean) for count, value in zip(faces.counts, values, strict=True)])
        / total
    )
    return mean, spread


# -- targets -------------------------------------------------------------------------------------


def maroon_value(ctx: Ctx, target: int, cause: str = "pistol") -> float:
    """Sending `target` to Tortuga, to the bot's side: its spot is lost to its team, and a seat
    already on Tortuga loses a vote card ("Ook moet je één van je stemkaarten ... leggen")."""
    place, rank = ctx.where[target]
    if place == ISLAND:
        loss = 0.25 if ctx.vote_sizes[target] else 0.0
        if rank == 0 and len(ctx.lines[ISLAND]) > 1:
            loss += 0.2
    else:
        loss = now_value(ctx, target) - 0.1
    maps = ctx.maps[target]
    if FOUNTAIN_OF_YOUTH in maps:
        loss *= 0.3
    elif ATLANTIS in maps and cause == "captain":
        loss *= 0.5
    return -ctx.sides[target] * loss


def best_maroon(ctx: Ctx) -> tuple[float, int]:
    """The seat a Pistol would best send to Tortuga, and what that is worth."""
    # `maroon_value(ctx, s)` for each other seat, unrolled: a Pistol is valued in most turns.
    best, who = -99.0, -1
    me = ctx.me
    now = ctx.now or _now(ctx)
    sides = ctx.sides
    maps = ctx.maps
    vote_sizes = ctx.vote_sizes
    governed = len(ctx.lines[ISLAND]) > 1
    for s, (place, rank) in enumerate(ctx.where):
        if s == me:
            continue
        if place == ISLAND:
            loss = 0.25 if vote_sizes[s] else 0.0
            if rank == 0 and governed:
                loss += 0.2
        else:
            loss = now[s] - 0.1
        if FOUNTAIN_OF_YOUTH in maps[s]:
            loss *= 0.3
        v = -sides[s] * loss
        if v > best:
            best, who = v, s
    return best, who


def marque_move_value(ctx: Ctx, seat: int, ship: int) -> float:
    """Letter of Marque, option 1: `seat` joins the bottom of `ship`."""
    new = (ship, len(ctx.lines[ship]))
    return ctx.sides[seat] * (value_at(ctx, seat, new) - now_value(ctx, seat))


def best_marque(ctx: Ctx) -> float:
    """A Letter of Marque's worth: the best seat to put aboard a ship, or the draw."""
    key = (-3, 0)
    cached = ctx.memo.get(key)
    if cached is not None:
        return cached
    best = 0.3  # option 2: a fresh vote card and a say over the next vote
    me = ctx.me
    sides = ctx.sides
    now = ctx.now
    lines = ctx.lines
    fd, jr = len(lines[0]), len(lines[1])
    table = ctx.spot_table or spot_table(ctx)
    # `value_at` the bottom of each ship: the same spot for every seat but the bot.
    fd_spot = table[0][fd if fd < 3 else 3]
    jr_spot = table[1][jr if jr < 3 else 3]
    for s, where in enumerate(ctx.where):
        if where[0] >= ISLAND:
            here = (now or _now(ctx))[s]
            side = sides[s]
            if s == me:
                best = max(best, side * (my_spot_value(ctx, 0, fd) - here))
                best = max(best, side * (my_spot_value(ctx, 1, jr) - here))
            else:
                best = max(best, side * (fd_spot - here))
                best = max(best, side * (jr_spot - here))
    ctx.memo[key] = best
    return best


# -- votes ---------------------------------------------------------------------------------------


def deck_odds(ctx: Ctx) -> tuple[Model | None, float, float]:
    """The card a vote adds from the deck ("voegt de kapitein de bovenste stemkaart van de
    stapel stemkaarten toe"): its top section's odds (cannon, water, torch), its chance of a
    skull and of a British flag. Known if the bot put it there, else any card not in the bot's
    hand; (None, 0, 0) when the deck is empty and nothing is added."""
    if ctx.vote_deck == 0:
        return None, 0.0, 0.0
    key = (ctx.vote_deck_top, ctx.hand)
    odds = _ODDS.get(key)
    if odds is None:
        if len(_ODDS) >= MEMO_KEPT:
            _ODDS.clear()
        odds = _ODDS[key] = _deck_odds(ctx)
    return odds


def _deck_odds(ctx: Ctx) -> tuple[Model | None, float, float]:
    """`deck_odds` for a deck that is not empty (a function of the top the bot knows and its
    hand alone: a handful of cases, kept in `_ODDS`)."""
    top = ctx.vote_deck_top
    if top >= 0:
        tops = [0.0, 0.0, 0.0]
        tops[top_of(top)] = 1.0
        skull = 1.0 if bottom_of(top) == SKULL else 0.0
        british = 1.0 if flag_of(top) == 0 else 0.0
        return (tops[0], tops[1], tops[2]), skull, british
    counts = [TOP_COUNTS[CANNON], TOP_COUNTS[WATER], TOP_COUNTS[TORCH]]
    skulls = SKULL_COUNT
    britons = FLAG_COUNTS[0]
    for card in ctx.hand:
        counts[top_of(card)] -= 1
        if bottom_of(card) == SKULL:
            skulls -= 1
        if flag_of(card) == 0:
            britons -= 1
    total = max(1, len(VOTE_DECK) - len(ctx.hand))
    return (
        (counts[0] / total, counts[1] / total, counts[2] / total),
        skulls / total,
        britons / total,
    )


def attack_chance(mine: tuple[int, ...], voters: list[Model], deck: Model | None) -> float:
    """P(at least one cannon and more torches than water): "Wanneer er minstens 1 kanon en
    minstens 1 ongebluste toorts worden onthuld" (a pure function, kept in `_CHANCES`)."""
    key = (mine, tuple(voters), deck)
    chance = _CHANCES.get(key)
    if chance is None:
        if len(_CHANCES) >= MEMO_KEPT:
            _CHANCES.clear()
        chance = _CHANCES[key] = _attack_chance(mine, voters, deck)
    return chance


def _attack_chance(mine: tuple[int, ...], voters: list[Model], deck: Model | None) -> float:
    cannon = 0
    diff = 0
    for card in mine:
        top = top_of(card)
        if top == CANNON:
            cannon = 1
        elif top == TORCH:
            diff += 1
        else:
            diff -= 1
    dist: dict[tuple[int, int], float] = {(cannon, diff): 1.0}
    models = [*voters, deck] if deck is not None else voters
    for pc, pw, pt in models:
        nxt: dict[tuple[int, int], float] = {}
        for (c, d), p in dist.items():
            if pc:
                key = (1, d)
                nxt[key] = nxt.get(key, 0.0) + p * pc
            if pw:
                key = (c, d - 1)
                nxt[key] = nxt.get(key, 0.0) + p * pw
            if pt:
                key = (c, d + 1)
                nxt[key] = nxt.get(key, 0.0) + p * pt
        dist = nxt
    return sum(p for (c, d), p in dist.items() if c and d > 0)


def majority_chance(marked: int, cards: int, others: list[float]) -> float:
    """P(strictly more than half of all cards carry the mark) when the bot plays `cards` cards
    of which `marked` carry it and each further card carries it with its probability (the
    mutiny rule: "Als de meerderheid van de gespeelde stemkaarten een schedel heeft")."""
    dist = [1.0]  # dist[k]: probability of k marked cards among the others so far
    for p in others:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    total = cards + len(others)
    return sum(q for k, q in enumerate(dist) if 2 * (marked + k) > total)


def brawl_gain(ctx: Ctx, voters: Sequence[int], mine: tuple[int, ...] | None = None) -> float:
    """The expected change in the bot's chest score from a brawl on Tortuga: "Als de
    meerderheid ... een Britse vlag heeft, worden beide schatkisten op Tortuga in het Britse vak
    geplaatst ... In het geval van een gelijkspel wordt er 1 schatkist in elk vak geplaatst."

    `mine`: the bot's own cards (None: its best flag)."""
    british, french, loose = ctx.tortuga
    total = british + french + loose
    if total == 0:
        return 0.0
    flag = ctx.my_flag()
    dist: dict[int, float] = {}  # british flags minus french flags
    start = 0
    if mine is None:
        if ctx.me in voters and ctx.vote_sizes[ctx.me] and not ctx.pirate_code[ctx.me]:
            start = 1 if flag == 0 else -1
    else:
        for card in mine:
            start += 1 if flag_of(card) == 0 else -1
    dist[start] = 1.0
    deck, _skull, deck_british = deck_odds(ctx)
    probs: list[float] = []
    for s in voters:
        if s == ctx.me or not ctx.vote_sizes[s] or ctx.pirate_code[s]:
            continue
        # A seat on the bot's side votes its flag; against, the other; unknown, either.
        friend, foe = ctx.pf[s], ctx.pe[s]
        mine_p = 0.85 * friend + 0.15 * foe + 0.5 * (1 - friend - foe)
        probs.append(mine_p if flag == 0 else 1 - mine_p)
    if deck is not None:
        probs.append(deck_british)
    for p in probs:
        nxt: dict[int, float] = {}
        for d, q in dist.items():
            nxt[d + 1] = nxt.get(d + 1, 0.0) + q * p
            nxt[d - 1] = nxt.get(d - 1, 0.0) + q * (1 - p)
        dist = nxt
    now_b, now_f = british, french
    expected = 0.0
    for d, q in dist.items():
        if d > 0:
            new_b, new_f = total, 0
        elif d < 0:
            new_b, new_f = 0, total
        else:
            new_b, new_f = total // 2, total - total // 2
        expected += q * ctx.gain(new_b - now_b, new_f - now_f)
    return expected


def card_keep_value(ctx: Ctx, card: int) -> float:
    """How much a vote card is worth keeping for later votes, by where the bot stands (a
    function of that spot, the bot's flag and the card: kept in `_KEEP`)."""
    place, rank = ctx.where[ctx.me]
    key = (place, rank, ctx.my_flag(), card)
    value = _KEEP.get(key)
    if value is None:
        if len(_KEEP) >= MEMO_KEPT:
            _KEEP.clear()
        value = _KEEP[key] = _card_keep_value(place, rank, key[2], card)
    return value


def _card_keep_value(place: int, rank: int, my_flag: int, card: int) -> float:
    top, flag, bottom = top_of(card), flag_of(card), bottom_of(card)
    if place < ISLAND:
        tops = (0.6, 0.15, 0.5) if rank == 0 else (0.4, 0.35, 0.4)
        flags = 0.2
        bottoms = (0.25, 0.1) if rank == 1 else (0.1, 0.15)
    else:
        tops = (0.3, 0.2, 0.3)
        flags = 0.6 if place == ISLAND else 0.3
        bottoms = (0.1, 0.1)
    value = tops[top] + bottoms[bottom]
    if flag == my_flag:
        value += flags
    return value


def vote_alignment(ctx: Ctx, card: int, seat: int) -> float:
    """How much `card` would serve the bot's side if `seat` had to play it in the votes it is
    likely to take part in next (for cards the bot gives or puts on the vote deck)."""
    place, rank = ctx.where[seat]
    flag = ctx.my_flag()
    value = 0.0
    if place < ISLAND:
        line = ctx.lines[place]
        captain = line[0] if line else -1
        side = ctx.sides[captain] if captain >= 0 else 0.0
        top = top_of(card)
        value += side * (0.6 if top == TORCH else 0.4 if top == CANNON else -0.6)
        if rank >= 1 and captain >= 0:
            mate = line[1] if len(line) > 1 else -1
            mutiny = (ctx.sides[mate] if mate >= 0 else 0.0) - side
            value += 0.3 * mutiny * (1 if bottom_of(card) == SKULL else -1)
    else:
        value += 0.6 if flag_of(card) == flag else -0.6
    return value
