"""What things are worth to the Tortuga heuristic (`bot.py`): a small points economy read off
one seat's view.

Everything here is in expected final victory points (rulebook, "Final Scoring"), so the bot can
compare a chest, a box on a track, a treasure tile and a bonus tile on one scale:

- a chest is worth what it will score where it will end: 3 in Tortuga ("In Tortuga 3 points"),
  2 in the fleet area, 1 in the crew area, 0 on the island, twice that for purple ("Purple
  treasure chests are worth twice the points in each area"), so a chest's worth depends on how
  many rounds are left to carry it forward, plus its share of a {red, blue, yellow} set;
- a box on a track is a point, and a capacity step is a chest carried instead of lost;
- what an attack takes from a seat counts for the attacker too, weighted by how much that seat
  stands between us and the win (fully with two players, the zero-sum case).

`Table` reads the seat's knowledge (`State.bot_view`, botview.py: the view's public fields as
ints and tuples, without building the JSON) once per decision; the bot then asks it for values.
Nothing here reads the state itself: only what the seat knows.
"""

from __future__ import annotations

from functools import lru_cache

from buccaneer.games.tortuga.botview import BotView, SeatBotView
from buccaneer.games.tortuga.components import (
    BLUE,
    BOARD,
    CAPACITY,
    CREW,
    DICE,
    FLEET,
    HUNT,
    NUMBERS,
    PURPLE,
    RAID,
    RED,
    TRACK_MAX,
    TRACK_MIN,
    WHITE,
    YELLOW,
)
from buccaneer.games.tortuga.rules_scoring import breakdown, count_sets

# -- rules tables, in the bot's own terms --------------------------------------------------------

SKULL_FACE = 5
# NUM[action][die]: the number die `die` shows on `action` (docs/rulings.md, "Dice").
NUM = NUMBERS
CAP = CAPACITY

# -- the economy (points); tuned against the random agent and against itself ---------------------

# What a chest is worth by where it is now and how many rounds follow this one (index, capped):
# the island moves to the crew area at the end of this round, the crew area to the fleet area,
# the fleet area to Tortuga.
ISLAND_WORTH: tuple[float, ...] = (1.0, 2.0, 2.7)
CREW_WORTH: tuple[float, ...] = (2.0, 2.8)
FLEET_WORTH = 3.0
PIECE = 0.7  # one chest towards the next {red, blue, yellow} set (a full set is 3)
OVERFLOW = 0.5  # a chest that will not fit in the crew area: only a better pick than another
CAPACITY_STEP: tuple[float, ...] = (0.0, 0.3, 0.5)  # a capacity step for later rounds
TILE_COINS = 47 / 30  # "17x Treasure 1, 9x Treasure 2, 4x Treasure 3": mean coins of a tile
TILE_BEST_OF_TWO = 1.9  # the better of two tiles looked at (1st position hunting, 3-4 players)
DEFENCE = 0.5  # a die on board/raid: whoever attacks us loses a box too
P_DEFENDS = 0.3  # that a seat still rolling will put a die on board (raid) and so defend
P_LAND = 0.35  # that one of another seat's unplaced dice ends on a given action
W_TWO = 1.0  # 2 players: what the other seat loses is what we gain, relative to it
W_TOP = 0.6  # 3-4 players: weight of harm to the strongest other seat
W_OTHER = 0.25  # ... and to the others
DENY_TWO = 1.0  # 2 players: outbidding the other seat keeps it from performing
DENY_MANY = 0.3  # 3-4 players: how much outbidding one seat for 1st position denies it
TOP_MARGIN = 3.0  # seats within this many points of the strongest count as strongest too
CHESTS_PER_ROUND = 2.0  # chests a seat usually brings to Tortuga per round, for the end


def tail_table(p: float) -> tuple[tuple[float, ...], ...]:
    """TAIL[u][k]: the chance that `u` unplaced dice of a seat add at least `k` to one action,
    each landing there with chance `p` and showing a uniform 1..5 (k in 0..63)."""
    tables: list[tuple[float, ...]] = []
    dist: dict[int, float] = {0: 1.0}
    for _ in range(DICE + 1):
        tail = [0.0] * 64  # room for any total we ask about, and then some
        for total, chance in dist.items():
            for k in range(total + 1):
                tail[k] += chance
        tables.append(tuple(tail))
        grown: dict[int, float] = {}
        for total, chance in dist.items():
            grown[total] = grown.get(total, 0.0) + chance * (1 - p)
            for number in range(1, 6):
                grown[total + number] = grown.get(total + number, 0.0) + chance * p / 5
        dist = grown
    return tuple(tables)


TAIL = tail_table(P_LAND)


@lru_cache(maxsize=4096)
def set_potential(red: int, blue: int, yellow: int, wild: int) -> float:
    """Set points of these chests, plus a share for pieces of the next set: "3 points for each
    set of one yellow, blue and red treasure chest"; a half-built set usually gets finished."""
    k = count_sets(red, blue, yellow, wild)
    spare = wild - max(0, k - red) - max(0, k - blue) - max(0, k - yellow)
    pieces = (red > k) + (blue > k) + (yellow > k) + spare
    return 3.0 * k + PIECE * min(2, pieces)


def colour_counts(entry: SeatBotView) -> list[int]:
    """[red, blue, yellow, white] over a seat's whole board. Whites count as wild: only "White
    chests in Tortuga are wildcards", but a white chest on the board is on its way there."""
    board = (*entry.tortuga, *entry.fleet, *entry.crew, *entry.island)
    return [board.count(RED), board.count(BLUE), board.count(YELLOW), board.count(WHITE)]


def set_gain(counts: list[int], colour: int, sign: int = 1) -> float:
    """How much one more (sign 1) or one fewer (sign -1) chest of `colour` changes the sets."""
    r, b, y, w = counts
    before = set_potential(r, b, y, w)
    if colour == RED:
        r += sign
    elif colour == BLUE:
        b += sign
    elif colour == YELLOW:
        y += sign
    elif colour == WHITE:
        w += sign
    else:
        return 0.0
    if min(r, b, y, w) < 0:
        return 0.0
    return set_potential(r, b, y, w) - before


def rounds_left(seats: tuple[SeatBotView, ...], goal: int, phase: str) -> int:
    """Rounds after this one, guessed from the seat closest to the goal: its fleet area reaches
    Tortuga at this round's end, its crew area the round after (as far as its fleet carries),
    then about `CHESTS_PER_ROUND` chests a round. "If at least one player has at least 6
    treasure chests in Tortuga now, the game ends immediately" (8 in the long game)."""
    best = 9
    for entry in seats:
        done = len(entry.tortuga)
        if phase != "chests":
            done += len(entry.fleet)
        if done >= goal:
            return 0
        done += min(len(entry.crew), entry.fleet_capacity)
        if done >= goal:
            best = min(best, 1)
        else:
            best = min(best, 1 + int((goal - done + CHESTS_PER_ROUND - 1) // CHESTS_PER_ROUND))
    return best


class Table:
    """One seat's knowledge with what the valuations derive from it (built once per decision)."""

    __slots__ = (
        "_gains",
        "_setbacks",
        "bonus",
        "counts",
        "entries",
        "left",
        "me",
        "n",
        "placed",
        "pos",
        "rounds",
        "totals",
        "view",
        "weight",
    )

    def __init__(self, view: BotView, seat: int) -> None:
        entries = view.seats
        n = len(entries)
        start = view.start_player
        self.view = view
        self.entries = entries
        self.me = seat
        self.n = n
        # "the player holding the start player token resolves the tie in his favor ...
        # the player sitting closest to the start player in clockwise direction"
        self.pos = [(s - start) % n for s in range(n)]
        self.rounds = rounds_left(entries, view.goal, view.phase)
        self.counts = colour_counts(entries[seat])
        self.weight = self._weights(view)
        self._gains: dict[int, float] = {}
        self._setbacks: dict[tuple[int, int], float] = {}
        self.placed: list[list[int]] = []
        self.bonus: list[list[int]] = []
        self.totals: list[list[int]] = []
        self.left: list[int] = []

    def read_dice(self) -> None:
        """Every seat's placed dice, bonus tiles, totals and unplaced dice (for dice decisions
        and attacks only: the chest decisions do without)."""
        if self.placed:
            return
        for entry in self.entries:
            dice = list(entry.placed)
            own = list(entry.bonus)
            sums = [0] * 5
            for die, action in enumerate(dice):
                if action >= 0:
                    sums[action] += NUM[action][die]
            self.placed.append(dice)
            self.bonus.append(own)
            # "provided they have assigned at least one die to that action"
            self.totals.append([sums[a] + own[a] if sums[a] else 0 for a in range(5)])
            self.left.append(entry.dice_left)

    def _weights(self, view: BotView) -> list[float]:
        """How much a point taken from each seat is worth to us: all of it with two players;
        with more, a point taken from the strongest rival counts most (we win by beating the
        best of them, not the average). Another seat's score as we can count it is its score
        sheet without its coins (hidden until the end), plus what its tiles hold on average."""
        n, me = self.n, self.me
        if n == 2:
            return [W_TWO, W_TWO]
        guess = [0.0] * n
        for s, entry in enumerate(self.entries):
            if s != me:
                sheet = breakdown(
                    tortuga=entry.tortuga,
                    fleet=entry.fleet,
                    crew=entry.crew,
                    island=entry.island,
                    fleet_box=entry.fleet_box,
                    crew_box=entry.crew_box,
                    tiles=(),
                )
                guess[s] = float(sheet["total"]) + TILE_COINS * entry.treasure_tiles
        top = max(guess[s] for s in range(n) if s != me)
        return [W_TOP if guess[s] >= top - TOP_MARGIN else W_OTHER for s in range(n)]

    # -- chests ----------------------------------------------------------------------------------

    def island_worth(self) -> float:
        return ISLAND_WORTH[min(self.rounds, 2)]

    def crew_worth(self) -> float:
        return CREW_WORTH[min(self.rounds, 1)]

    def gain(self, colour: int) -> float:
        """A chest of `colour` landing on our island now (hunt, seize, claim): it moves to the
        crew area this round if there is room ("The boat token and the pirate token indicate
        how many treasure chests of the corresponding area may be transported")."""
        cached = self._gains.get(colour)
        if cached is not None:
            return cached
        me = self.entries[self.me]
        base = ISLAND_WORTH[min(self.rounds, 2)]
        if colour == PURPLE:
            base *= 2
        value = base + set_gain(self.counts, colour)
        # the island at the move: what is there, the chest drawn in phase 3, this one
        if len(me.island) + 2 > me.crew_capacity:
            value *= OVERFLOW
        self._gains[colour] = value
        return value

    def loss(self, seat: int, colour: int, area: str) -> float:
        """What `seat` loses with a chest of `colour` taken from its fleet or crew area."""
        base = FLEET_WORTH if area == "fleet" else self.crew_worth()
        if colour == PURPLE:
            base *= 2
        counts = self.counts if seat == self.me else colour_counts(self.entries[seat])
        return base - set_gain(counts, colour, -1)

    def keep_value(self, colour: int, counts: list[int]) -> float:
        """Phase 3: how much keeping a chest of `colour` is worth (purple double, sets)."""
        base = 2.0 if colour == PURPLE else 1.0
        return base + set_gain(counts, colour)

    def hunt_chest(self) -> float:
        """The expected worth of a chest drawn from the bag."""
        bag = self.view.bag
        total = sum(bag)
        if not total:
            return 0.0
        return sum(k * self.gain(c) for c, k in enumerate(bag) if k) / total

    # -- tracks ----------------------------------------------------------------------------------

    def advance(self, box: int, steps: int, waiting: float, chest: float) -> float:
        """Moving a token `steps` boxes right: "Each box they progressed ... is worth 1 point",
        plus the chests the larger capacity carries this round (`waiting` want to move in) and
        in later rounds."""
        new = min(TRACK_MAX, box + steps)
        gained = CAP[new] - CAP[box]
        saved = min(float(gained), max(0.0, waiting - CAP[box]))
        return (new - box) + saved * chest + gained * CAPACITY_STEP[min(self.rounds, 2)]

    def setback(self, seat: int, action: int) -> float:
        """What being pushed one box back on the board (fleet) or raid (crew) track costs a seat:
        the point, chests over the smaller capacity ("must deposit any surplus treasure chests
        ... on the center island"), chests that now cannot move in at the end of the round."""
        key = (seat, action)
        cached = self._setbacks.get(key)
        if cached is not None:
            return cached
        entry = self.entries[seat]
        if action == BOARD:
            box, area, feed = entry.fleet_box, len(entry.fleet), len(entry.crew)
            worth, feed_worth = FLEET_WORTH, self.crew_worth()
        else:
            box, area, feed = entry.crew_box, len(entry.crew), len(entry.island) + 1
            worth, feed_worth = self.crew_worth(), self.island_worth()
        if box <= TRACK_MIN:
            value = 0.0  # "it remains there even if it should be moved back further"
        else:
            new = box - 1
            lost = max(0, area - CAP[new])
            cut = max(0, min(feed, CAP[box]) - CAP[new])
            later = (CAP[box] - CAP[new]) * CAPACITY_STEP[min(self.rounds, 2)]
            value = 1.0 + lost * worth + cut * feed_worth + later
        self._setbacks[key] = value
        return value

    # -- attacks ---------------------------------------------------------------------------------

    def defends(self, seat: int, action: int) -> float:
        """The chance `seat` has a die on this action when it is resolved: "If the boarded
        player has assigned at least one die to the board action themselves, the boarding
        player must move his boat token back by one box as well"."""
        if not self.placed:
            self.read_dice()
        if action in self.placed[seat]:
            return 1.0
        return P_DEFENDS if self.left[seat] else 0.0

    def attack(self, action: int, target: int, first: bool) -> float:
        """Boarding (raiding) `target` from 1st or 2nd position, net for us."""
        pair = self.attack_pair(action, target)
        return pair[0] if first else pair[1]

    def attack_pair(self, action: int, target: int) -> tuple[float, float]:
        """Boarding (raiding) `target` from (1st, 2nd) position, net for us: the chest seized
        (1st) or claimed from the center island (2nd), the harm to the target weighted by how
        much it matters, less our own setback if the target defends."""
        entry = self.entries[target]
        board = action == BOARD
        area_name = "fleet" if board else "crew"
        area = entry.fleet if board else entry.crew
        weight = self.weight[target]
        own_cost = self.defends(target, action) * self.setback(self.me, action)
        harm = weight * self.setback(target, action) - own_cost
        box = entry.fleet_box if board else entry.crew_box
        room = CAP[box - 1] if box > TRACK_MIN else CAP[box]
        if area:
            seize = -1e9
            for colour in set(area):
                value = self.gain(colour) + weight * self.loss(target, colour, area_name)
                seize = max(seize, value)
            if len(area) > room:
                # one chest fewer left to lose over the smaller capacity
                seize -= weight * (FLEET_WORTH if board else self.crew_worth())
            first = seize + harm
        else:
            first = harm
        if self.n == 2:
            return first, 0.0
        # 2nd position: push back, then "claims one treasure chest of his choice from the
        # center island", which may be the one the target just had to deposit
        claim = 0.0
        for colour in self.view.center_island:
            claim = max(claim, self.gain(colour))
        for colour in area[room:]:  # "take from the right"
            claim = max(claim, self.gain(colour))
        return first, claim + harm

    # -- the five actions ------------------------------------------------------------------------

    def action_values(self) -> tuple[list[float], list[float]]:
        """What 1st and 2nd position on each action would bring us this round (0 if we would
        forfeit). 2 players: "Only the player with the best total (1st position) is entitled to
        perform the action", one box on the tracks and one treasure tile when hunting."""
        me = self.entries[self.me]
        two = self.n == 2
        tiles = self.view.treasure_tiles_left > 0
        first = [0.0] * 5
        second = [0.0] * 5
        island_in = len(me.island) + 1.3  # the draw, and sometimes a chest won on the way
        first[FLEET] = self.advance(me.fleet_box, 1 if two else 2, len(me.crew), 2.5)
        first[CREW] = self.advance(me.crew_box, 1 if two else 2, island_in, self.island_worth())
        first[HUNT] = self.hunt_chest() + (
            0.0 if not tiles else TILE_COINS if two else TILE_BEST_OF_TWO
        )
        if not two:
            second[FLEET] = self.advance(me.fleet_box, 1, len(me.crew), 2.5)
            second[CREW] = self.advance(me.crew_box, 1, island_in, self.island_worth())
            second[HUNT] = TILE_COINS if tiles else 0.0
        for action in (BOARD, RAID):
            for target in range(self.n):
                if target != self.me:
                    one, two_ = self.attack_pair(action, target)
                    first[action] = max(first[action], one)
                    second[action] = max(second[action], two_)
        return first, second

    def denials(self) -> list[float]:
        """What another seat's 1st position on each action would cost us, relatively: with two
        players "Only the player with the best total (1st position) is entitled to perform the
        action", so a die that beats the other seat also keeps it from advancing, hunting or
        attacking us (`DENY_TWO`). With more players the seat we outbid is only one of several,
        and its attacks may go elsewhere, so this counts less (`DENY_MANY`)."""
        n, me = self.n, self.me
        scale = DENY_TWO if n == 2 else DENY_MANY
        if not scale:
            return [0.0] * 5
        rival = max((s for s in range(n) if s != me), key=lambda s: self.weight[s])
        weight = self.weight[rival]
        entry = self.entries[rival]
        steps = 1 if n == 2 else 2
        tiles = self.view.treasure_tiles_left > 0
        island = self.island_worth()
        deny = [0.0] * 5
        deny[FLEET] = weight * self.advance(entry.fleet_box, steps, len(entry.crew), 2.5)
        deny[CREW] = weight * self.advance(entry.crew_box, steps, len(entry.island) + 1.3, island)
        deny[HUNT] = weight * (island + PIECE + (TILE_COINS if tiles else 0.0))
        mine = self.entries[me]
        share = 1.0 / (n - 1)  # whom the 1st position attacks
        for action, area in ((BOARD, "fleet"), (RAID, "crew")):
            taken = 0.0  # the chest it would seize: our loss and, weighted, its gain
            for colour in set(mine.fleet if action == BOARD else mine.crew):
                won = weight * island * (2 if colour == PURPLE else 1)
                taken = max(taken, self.loss(me, colour, area) + won)
            deny[action] = share * (taken + self.setback(me, action))
        return [scale * d for d in deny]

    def rivals(self, action: int) -> list[tuple[int, int, tuple[float, ...], int]]:
        """For each other seat, what its total on `action` may become: (its total now, 1 if we
        win a tie with it, the tail of what its unplaced dice may add, its bonus there). "In
        case of a tie, the player holding the start player token resolves the tie in his
        favor", else the seat closest to the start player clockwise."""
        if not self.placed:
            self.read_dice()
        me = self.me
        mine = self.pos[me]
        result: list[tuple[int, int, tuple[float, ...], int]] = []
        for s in range(self.n):
            if s == me:
                continue
            unplaced = self.left[s]
            if unplaced and action in (BOARD, RAID):
                entry = self.entries[s]
                cap = entry.fleet_capacity if action == BOARD else entry.crew_capacity
                unplaced = min(unplaced, max(0, cap - self.placed[s].count(action)))
            tie = 0 if self.pos[s] < mine else 1
            result.append((self.totals[s][action], tie, TAIL[unplaced], self.bonus[s][action]))
        return result
