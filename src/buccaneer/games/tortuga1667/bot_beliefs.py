"""What the Tortuga 1667 heuristic bot believes: its view parsed once, and loyalty beliefs.

The bot may read nothing but its own view (docs/architecture.md, "Agents"), and the view has
no public history: who voted what, who moved which chest and who marooned whom are gone once
done. So loyalties are inferred from what the table still shows:

* certainties: the own card, what Cabin Fever proved (`known_loyalties`) and the team sizes
  (with two players the other seat is always the other nation);
* the chests a captain sits on: a captain decides which hold every chest it takes goes into
  ("verplaatst de kapitein 1 schatkist van het Spaanse galjoen naar een van de ruimen in
  zijn/haar schip"), and the captains also placed the first chests, so a ship whose holds lean
  British says its captain is more likely British;
* a cabin boy whose ship still has chests in one hold has not moved them ("Verplaats 1
  schatkist van het Britse naar het Franse ruim, of omgekeerd"), a weak hint the other way;
* the Tortuga slots after brawls, a weak hint about the governor.

The hints multiply the odds given by the team sizes, then the beliefs are scaled (once) so that
every team's expected size matches the number of its cards still unaccounted for.
"""

from __future__ import annotations

from collections.abc import Sequence

from buccaneer.games.tortuga1667.belief import marginal_rows
from buccaneer.games.tortuga1667.botview import BotView
from buccaneer.games.tortuga1667.components import (
    BRITISH,
    DUTCH,
    FRENCH,
    team_sizes,
)

# Place codes in `Ctx.where`: 0/1 a ship, 2 Tortuga, 3 a rowboat (rank: the ship it belongs to).
SHIP_FD, SHIP_JR, ISLAND, BOAT = 0, 1, 2, 3
# How strongly the table speaks for a seat's nation: the factor on its odds British : French
# per chest its captain's holds lean (counted up to MAX_LEAN chests), for a cabin boy leaving
# one hold's chests alone, and for a governor whose Tortuga slots lean. A heuristic captain
# always stows for its nation and a random one half the time, so about 3 per chest.
CAPTAIN_ODDS = 2.9
CABIN_BOY_ODDS = 1.5
GOVERNOR_ODDS = 1.5
MAX_LEAN = 3
# Loyalty beliefs already worked out, by the fields they depend on (`Ctx.__init__`); a pure
# cache, so the bot decides exactly as without it. Emptied when it holds this many.
BELIEFS_KEPT = 50_000
# pf, pe, sides, and the highest side of a seat other than the bot's (see `Ctx.best_friend`).
Beliefs = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], float]
_BELIEFS: dict[tuple[object, ...], Beliefs] = {}


def clear_beliefs() -> None:
    """Empty the beliefs cache (it never changes a value: for tests and memory)."""
    _BELIEFS.clear()


class Ctx:
    """The bot's view of the table, parsed once per decision (plain attributes, cheap reads)."""

    __slots__ = (
        "acting",
        "albatross",
        "armada_live",
        "best_friend",
        "bottom_five",
        "chests",
        "current",
        "decision",
        "deck",
        "discard",
        "galleon",
        "hand",
        "holds",
        "in_game",
        "lines",
        "maps",
        "me",
        "memo",
        "n",
        "now",
        "pe",
        "pf",
        "pirate_code",
        "row",
        "rowboats",
        "scurvy",
        "sides",
        "spot_table",
        "team",
        "tiebreak",
        "tortuga",
        "view",
        "vote_deck",
        "vote_deck_top",
        "vote_sizes",
        "where",
    )

    def __init__(self, view: BotView) -> None:
        self.view = view
        seat = self.me = view.seat
        # Values worked out during this one decision (spot values): never kept across calls.
        self.memo: dict[tuple[int, int], float] = {}
        self.now: list[float] = []  # each seat's spot value where it stands (filled on demand)
        # `bot_values.spot_value` per place and rank (filled on demand).
        self.spot_table: tuple[tuple[float, float, float, float], ...] = ()
        n = self.n = view.players
        lines = self.lines = view.lines
        self.holds = view.holds
        self.tortuga = view.tortuga
        self.galleon = view.galleon
        rowboats = self.rowboats = view.rowboats
        where: list[tuple[int, int]] = [(BOAT, 0)] * n
        for place, line in enumerate(lines):
            for rank, s in enumerate(line):
                where[s] = (place, rank)
        for ship, occupant in enumerate(rowboats):
            if occupant >= 0:
                where[occupant] = (BOAT, ship)
        self.where = where
        self.chests = view.chests
        self.team = view.team
        self.hand = view.hand
        self.vote_sizes = view.vote_sizes
        self.vote_deck = view.vote_deck
        self.vote_deck_top = view.vote_deck_top
        self.pirate_code = view.pirate_code
        self.albatross = view.albatross
        self.maps = view.maps
        self.scurvy = view.scurvy
        self.row = view.row
        self.bottom_five = view.bottom_five
        self.deck = view.deck
        self.discard = view.discard
        self.in_game = view.in_game
        self.armada_live = view.armada_live
        self.tiebreak = view.tiebreak
        self.current = view.current
        self.decision = view.decision
        self.acting = self._acting_team()
        # Beliefs are a function of these fields alone (see `beliefs`), and a rollout meets
        # the same ones again and again: worked out once, read-only after. The table enters
        # only through `evidence`, so the key holds just what that reads (`evidence_key`):
        # far more positions share it than share the whole of `lines`, `holds` and `tortuga`.
        # With two players the other seat's nation is certain and the table is never read.
        clues = evidence_key(lines, self.holds, self.tortuga) if n > 2 else ()
        key = (n, seat, self.team, self.acting, view.known, clues, view.evidence)
        known = _BELIEFS.get(key)
        if known is None:
            pf, pe = beliefs(self)
            # +1 for a seat surely on the bot's side, -1 surely against, in between by belief.
            sides = [f - e for f, e in zip(pf, pe, strict=True)]
            sides[seat] = 1.0
            if len(_BELIEFS) >= BELIEFS_KEPT:
                _BELIEFS.clear()
            best_friend = max(sides[s] for s in range(n) if s != seat)
            known = _BELIEFS[key] = (tuple(pf), tuple(pe), tuple(sides), best_friend)
        # `best_friend`: how surely the likeliest friend is one (a Treasure Map goes to it).
        self.pf, self.pe, self.sides, self.best_friend = known

    def _acting_team(self) -> int:
        """The nation whose chests the bot counts as its own. The Dutch seat wins only on a tie
        ("Bij een gelijkspel met een oneven aantal spelers, wint de speler met de Nederlandse
        loyaliteitskaart altijd"), so it sides with the trailing nation (-1 while tied)."""
        if self.team != DUTCH:
            return self.team
        british, french = self.chests
        if british == french:
            return -1
        return BRITISH if british < french else FRENCH

    # -- chest arithmetic -------------------------------------------------------------------------

    def gain(self, d_british: int, d_french: int) -> float:
        """The change in the bot's chest score when the team totals change by these amounts:
        own minus other nation's chests, or for the Dutch seat minus the gap between them."""
        if self.team == DUTCH:
            british, french = self.chests
            return float(abs(british - french) - abs(british + d_british - french - d_french))
        return float(d_british - d_french if self.team == BRITISH else d_french - d_british)

    def lead(self) -> int:
        """Own nation's chests minus the other's (the Dutch seat: minus the gap)."""
        british, french = self.chests
        if self.team == DUTCH:
            return -abs(british - french)
        return british - french if self.team == BRITISH else french - british

    def my_flag(self) -> int:
        """The hold (flag) the bot fills: its nation's, or for the Dutch the trailing one."""
        if self.acting >= 0:
            return self.acting
        return BRITISH


def evidence_key(
    lines: tuple[tuple[int, ...], ...],
    holds: tuple[tuple[int, int], tuple[int, int]],
    tortuga: tuple[int, int, int],
) -> tuple[int, ...]:
    """Everything `evidence` reads, condensed: per ship its captain with the captain's tilt
    (clamped to MAX_LEAN) and its cabin boy with the one hold that has chests (+1 British,
    -1 French, 0 when that hint does not apply), and Tortuga's governor with the sign of its
    slots' lean. Views with equal keys get equal hints, so their beliefs are shared."""
    fd, jr, island = lines
    lean = tortuga[0] - tortuga[1]
    return (
        *_ship_clues(fd, *holds[0]),
        *_ship_clues(jr, *holds[1]),
        island[0] if island else -1,
        ((lean > 0) - (lean < 0)) if island else 0,
    )


def _ship_clues(crew: tuple[int, ...], british: int, french: int) -> tuple[int, int, int, int]:
    """One ship's part of `evidence_key`: its captain and the captain's tilt (clamped), its
    cabin boy and the sign of the one hold with chests (when that hint applies)."""
    tilt = british - french
    boy = len(crew) > 2 and (british == 0) != (french == 0)
    return (
        crew[0] if crew else -1,
        max(-MAX_LEAN, min(MAX_LEAN, tilt)) if crew else 0,
        crew[2] if boy else -1,
        (1 if british else -1) if boy else 0,
    )


def beliefs(ctx: Ctx) -> tuple[list[float], list[float]]:
    """Per seat: the probability it plays for the bot's side (`pf`) and against it (`pe`).

    For the Dutch seat "its side" is the trailing nation (it needs a tie); while tied both are
    set to equal halves so that no seat counts as friend or foe."""
    n = ctx.n
    me = ctx.me
    sizes = list(team_sizes(n))
    sizes[ctx.team] -= 1
    acting = ctx.acting
    pf = [0.0] * n
    pe = [0.0] * n
    known = ctx.view.known
    if known:
        unknown: list[int] = []
        for s in range(n):
            if s == me:
                continue
            team = known[s]
            if team >= 0:
                sizes[team] -= 1
                # A certain row: 1.0 for its team, 0.0 for the others (read as `_side` does).
                pf[s], pe[s] = _side([1.0 if t == team else 0.0 for t in range(3)], acting)
            else:
                unknown.append(s)
    else:
        unknown = [s for s in range(n) if s != me]
    if not unknown:
        return pf, pe
    if any(map(any, ctx.view.evidence)):
        # The table's open play, weighed by the public model (bot_evidence.py): the exact
        # marginals of the seat's belief (belief.py), which subsume the hints below (a
        # captain's stowing and a cabin boy's moves are part of that play).
        fixed = tuple(ctx.team if s == me else (known[s] if known else -1) for s in range(n))
        marginal = marginal_rows(n, fixed, ctx.view.evidence)
        for s in unknown:
            pf[s], pe[s] = _side(marginal[s], acting)
        return pf, pe
    left = max(1, sum([c for c in sizes if c > 0]))
    prior = [max(0, c) / left for c in sizes]
    lean = evidence(ctx) if sum([1 for c in sizes if c > 0]) > 1 else {}
    if not any(s in lean for s in unknown):
        # No hint about any unknown seat: every one keeps the prior.
        friend, foe = _side(prior, acting)
        for s in unknown:
            pf[s] = friend
            pe[s] = foe
        return pf, pe
    rows = [list(prior) for _s in unknown]
    if sizes[DUTCH] <= 0:
        _fit_two(rows, [lean.get(s, 1.0) for s in unknown], sizes)
    else:
        for s, row in zip(unknown, rows, strict=True):
            if s in lean:
                row[BRITISH] *= lean[s]
        _fit(rows, sizes)
    for s, row in zip(unknown, rows, strict=True):
        pf[s], pe[s] = _side(row, acting)
    return pf, pe


def _side(row: Sequence[float], acting: int) -> tuple[float, float]:
    """A seat's (for, against) the bot's side from its row of team probabilities; for the
    Dutch seat while tied (`acting` -1) both are the mean of the two nations."""
    if acting < 0:
        half = 0.5 * (row[BRITISH] + row[FRENCH])
        return half, half
    return row[acting], row[1 - acting]


def evidence(ctx: Ctx) -> dict[int, float]:
    """Per seat, the factor on its odds British : French from what the table shows now."""
    lean: dict[int, float] = {}
    for ship in (SHIP_FD, SHIP_JR):
        line = ctx.lines[ship]
        if not line:
            continue
        british, french = ctx.holds[ship]
        tilt = max(-MAX_LEAN, min(MAX_LEAN, british - french))
        if tilt:
            lean[line[0]] = CAPTAIN_ODDS**tilt
        if len(line) > 2 and (british == 0) != (french == 0):
            # A cabin boy leaves alone only chests already in its own nation's hold.
            boy = line[2]
            lean[boy] = lean.get(boy, 1.0) * (CABIN_BOY_ODDS if british else 1 / CABIN_BOY_ODDS)
    island = ctx.lines[ISLAND]
    if island:
        british, french, _loose = ctx.tortuga
        if british != french:
            governor = island[0]
            lean[governor] = lean.get(governor, 1.0) * (
                GOVERNOR_ODDS if british > french else 1 / GOVERNOR_ODDS
            )
    return lean


def _fit_two(rows: list[list[float]], lean: list[float], sizes: list[int]) -> None:
    """Two teams left: each seat's odds British : French are the prior's times its hint, all
    scaled by one factor so the expected number of British seats comes close to the British
    cards left (one step of the odds-ratio correction, exact when all hints are equal)."""
    want = max(0, sizes[BRITISH])
    count = len(rows)
    if want == 0 or want >= count:
        return
    base = want / (count - want)
    odds = [base * x for x in lean]
    total = 0.0
    for o in odds:
        total += o / (1 + o)
    if 0 < total < count:
        k = base / (total / (count - total))
        odds = [k * o for o in odds]
    for row, o in zip(rows, odds, strict=True):
        p = o / (1 + o)
        row[BRITISH] = p
        row[FRENCH] = 1 - p
        row[DUTCH] = 0.0


def _fit(rows: list[list[float]], sizes: list[int]) -> None:
    """Scale the unknown seats' beliefs so each team's expected count matches its cards left
    (iterative proportional fitting: normalise rows, then columns, once)."""
    wants = [max(0, c) for c in sizes]
    for _round in range(1):
        _normalise(rows)
        for team in (BRITISH, FRENCH, DUTCH):
            mass = 0.0
            for row in rows:
                mass += row[team]
            if mass > 0 and wants[team] != mass:
                scale = wants[team] / mass
                for row in rows:
                    row[team] *= scale
    _normalise(rows)


def _normalise(rows: list[list[float]]) -> None:
    """Each seat's beliefs sum to one."""
    for row in rows:
        total = row[0] + row[1] + row[2]
        if total > 0:
            row[0] /= total
            row[1] /= total
            row[2] /= total
