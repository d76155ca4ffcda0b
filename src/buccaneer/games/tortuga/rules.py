"""Tortuga's rules engine (the Tortuga rulebook; rulings in docs/rulings.md, "Tortuga").

A round is three phases: rolling (simultaneous hidden selections, then the reveal), actions
(fleet, crew, hunt, board, raid) and moving chests. Everything a player decides is an action of
that seat; the engine runs the rest. Pending decisions and automatic steps wait in `queue`, a
short list of tuples processed front first by `advance`, so a decision that opens another
(attack, then which chest) simply pushes it to the front.

Chests are colour ints in per-seat lists, left to right; the bag, the center island and the
treasure-tile pool are counts, since draws from them are uniformly random anyway.

The fields and the empty game are in `fields.py`; `Rules` adds the rules on top as methods (the
hot paths call them on the state itself), and `TortugaState` (state.py) the rest of the protocol:
view, bot view, sampling, words.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Self, cast

from buccaneer.core.checks import check_fields
from buccaneer.core.errors import IllegalAction
from buccaneer.core.options import check_seat_option
from buccaneer.core.state import Action
from buccaneer.games.tortuga.actions import (
    ACTION_TYPES,
    ATTACKS,
    BONUSES,
    CLAIMS,
    FORFEIT,
    KEEPS,
    PERFORM,
    PLACES,
    SEIZES,
    TURNS,
    Attack,
    Bonus,
    Claim,
    Forfeit,
    Keep,
    Place,
    Seize,
    Select,
    Turn,
    action_from_json,
)
from buccaneer.games.tortuga.components import (
    BOARD,
    CAPACITY,
    CREW,
    DICE,
    FACES,
    FLEET,
    HUNT,
    NUMBERS,
    RAID,
    SKULL,
    clamp,
)
from buccaneer.games.tortuga.explain import why_illegal
from buccaneer.games.tortuga.fields import FREE, GAME, Fields

ISLAND = 5  # phase 3 source tag: island -> crew (CREW = crew -> fleet)


def _submasks(mask: int) -> tuple[int, ...]:
    """The sub-masks of a set of dice (a bit per die), the empty one first, in the order the
    selections have always been listed (and seeded games rely on): binary counting over the
    set's dice, lowest die first."""
    bits = [1 << d for d in range(DICE) if mask >> d & 1]
    result = [0]
    for bit in bits:
        result += [sub | bit for sub in result]
    return tuple(result)


SUBMASKS: tuple[tuple[int, ...], ...] = tuple(_submasks(m) for m in range(1 << DICE))
POPCOUNT: tuple[int, ...] = tuple(bin(m).count("1") for m in range(1 << DICE))
# One shared Select per set of dice: selections are frozen, and `apply` recognises the very
# objects `legal_actions` offered.
SELECT: tuple[Select, ...] = tuple(
    Select(tuple(d for d in range(DICE) if m >> d & 1)) for m in range(1 << DICE)
)


# Skulls selected on their own, per set of skulls rolled (the empty set left out).
SKULLS_ALONE: tuple[tuple[Select, ...], ...] = tuple(
    tuple(SELECT[s] for s in SUBMASKS[m][1:]) for m in range(1 << DICE)
)
# `_joined`'s answers: at most 32 * 32 * 6 small tuples.
_JOINED: dict[int, tuple[Select, ...]] = {}


def _joined(faces: int, skulls: int, room: int) -> tuple[Select, ...]:
    """Every non-empty set of the dice `faces` (all showing one action), each joined by every
    set of the dice `skulls` that still fits `room` dice, in the order selections are listed."""
    key = (faces << DICE | skulls) << 3 | room
    part = _JOINED.get(key)
    if part is None:
        part = _JOINED[key] = tuple(
            SELECT[f | e]
            for f in SUBMASKS[faces][1:]
            for e in SUBMASKS[skulls]
            if POPCOUNT[f] + POPCOUNT[e] <= room
        )
    return part


@lru_cache(maxsize=1 << 16)
def selection_table(roll: tuple[int, ...], board_room: int, raid_room: int) -> tuple[Select, ...]:
    """The selections a roll allows, given the room left on board and raid (the other spaces
    always have room for every die rolled). Cached: bots ask for the same rolls again and again.

    "They may select more than one die, if all selected dice show the same action", skulls
    joining them or standing alone (docs/rulings.md: a selection must be assignable)."""
    showing = [0] * 6
    for die, face in enumerate(roll):
        if face >= 0:
            showing[face] |= 1 << die
    skulls = showing[SKULL]
    result: list[Select] = []
    for action in range(5):
        if showing[action]:
            room = board_room if action == BOARD else raid_room if action == RAID else DICE
            result += _joined(showing[action], skulls, max(room, 0))
    # Skulls alone can always be turned to fleet, crew or hunt, which hold five dice.
    result += SKULLS_ALONE[skulls]
    return tuple(result) or (SELECT[0],)


def _action_shown(faces: tuple[int, ...]) -> int:
    """The action revealed dice go to: the face of the first die that is not a skull ("all
    selected dice show the same action", skulls joining them); -1 for skulls alone (turned)."""
    for face in faces:
        if face != SKULL:
            return face
    return -1


class Rules(Fields):
    """Tortuga's rules on top of the fields (fields.py): setup, who is asked, the legal
    actions, applying one and the automatic steps that follow. `TortugaState` (state.py) is
    the class games are made of."""

    # -- setup -------------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        check_seat_option(GAME, "start_player", options["start_player"], players)
        state = cls.empty(players, seed, options)
        # "each player draws 2 treasure chests from the bag one after the other and places the
        # first on the island area of their player board and the second on the 1st space of
        # the crew area."
        for seat in state.order():
            state.island[seat].append(state._draw_chest())
            state.crew[seat].append(state._draw_chest())
        state._events.append(("setup",))
        state._begin_round()
        state.advance()
        return state

    # -- the protocol ----------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.selecting:
            selection = self.selection
            return tuple([s for s in self.selecting if selection[s] is None])
        return (self.queue[0][1],)

    def legal_actions(self, seat: int) -> list[Action]:
        # `seat in self.to_move()`, without building the tuple (asked before every move).
        if type(seat) is not int or self.phase == "over":
            return []
        if self.selecting:
            if seat not in self.selecting or self.selection[seat] is not None:
                return []
            return self.remember_offer(seat, cast(list[Action], self.selections(seat)))
        item = self.queue[0]
        if item[1] != seat:
            return []
        return self.remember_offer(seat, self._decision_actions(item))

    def _decision_actions(self, item: tuple[Any, ...]) -> list[Action]:
        kind, seat = item[0], item[1]
        if kind == "bonus":
            return [BONUSES[space] for space in self._bonus_spaces(seat)]
        if kind == "turn":
            count = len(item[2])
            return [TURNS[a] for a in range(5) if self._room(seat, a) >= count]
        if kind == "reselect":
            return cast(list[Action], self.selections(seat))
        if kind == "decide":
            action, position = item[2], item[3]
            if action in (BOARD, RAID):
                return [
                    ATTACKS[t]
                    for t in self.order()
                    if t != seat and not (position == 1 and t == self.first_target)
                ] + [FORFEIT]
            return [PERFORM, FORFEIT]
        if kind == "keep":
            return [KEEPS[c] for c in sorted(set(self.drawn[seat]))]
        if kind == "seize":
            target, action = item[2], item[3]
            area = self.fleet[target] if action == BOARD else self.crew[target]
            return [
                SEIZES[i] if i < len(SEIZES) else Seize(i) for i in self._distinct_removals(area)
            ]
        if kind == "claim":
            return [CLAIMS[c] for c in range(5) if self.center[c]]
        if kind == "place":
            return [PLACES[c] for c in range(5) if self.moving[c]]
        raise AssertionError(f"no decision {kind!r}")

    def apply(self, seat: int, action: Action | dict[str, Any]) -> None:
        offer = self.offered(seat, action)
        played, _legal = offer if offer is not None else self._checked(seat, action)
        try:
            self._history.append((seat, played))
            if self.selecting:
                assert isinstance(played, Select)
                self.selection[seat] = played.dice
                self._events.append(("selected", seat, played.dice))
            else:
                item = self.queue.pop(0)
                self._resolve(item, played)
            self.advance()
        finally:
            # Whatever `legal_actions` built before or during the move is out of date now.
            self.forget_offer()

    def _checked(self, seat: int, action: Action | dict[str, Any]) -> tuple[Action, list[Action]]:
        """The full check of an action `apply` was not just offered by `legal_actions`: the
        action (parsed from JSON if need be) and the seat's legal list, or `IllegalAction` with
        nothing changed."""
        if isinstance(action, dict):
            action = action_from_json(action)
        elif not isinstance(action, ACTION_TYPES):
            raise IllegalAction(f"{action!r} is not a Tortuga action")
        if self.phase == "over":
            raise IllegalAction("the game is over")
        # Exact types at the boundary, before any equality-based legality check.
        self.check_seat(seat, spectator=False)
        check_fields(action)
        movers = self.to_move()
        if seat not in movers:
            raise IllegalAction(self._not_asked(seat, movers))
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalAction(why_illegal(self, seat, action, legal))
        return action, legal

    # -- phase 1: rolling ------------------------------------------------------------------------

    def _room(self, seat: int, action: int) -> int:
        """How many more dice this action space takes: board and raid are limited by the boat
        and pirate tokens, the others hold all five."""
        used = self.placed[seat].count(action)
        if action == BOARD:
            return CAPACITY[self.fleet_box[seat]] - used
        if action == RAID:
            return CAPACITY[self.crew_box[seat]] - used
        return DICE - used

    def selections(self, seat: int) -> list[Select]:
        """Every assignable selection from this seat's roll; [Select(())] if there is none.

        Room beyond the dice that could fill it (the space's own faces and the skulls) makes no
        difference, so it is capped there: the cache then sees one key where it saw several
        (it missed about one call in five in bot playouts)."""
        roll = tuple(self.roll[seat])
        skulls = roll.count(SKULL)
        placed = self.placed[seat]  # `_room`, inlined: this runs before every selection
        board = CAPACITY[self.fleet_box[seat]] - placed.count(BOARD)
        raid = CAPACITY[self.crew_box[seat]] - placed.count(RAID)
        board = min(board, roll.count(BOARD) + skulls)
        raid = min(raid, roll.count(RAID) + skulls)
        return list(selection_table(roll, board, raid))

    def roll_dice(self, seat: int) -> None:
        # One draw per unplaced die, in die order (the stream seeded games were recorded with).
        placed = self.placed[seat]
        faces = iter(self.rng.belows(FACES, placed.count(FREE)))
        self.roll[seat][:] = [next(faces) if p == FREE else FREE for p in placed]

    def set_roll(self, seat: int, roll: list[int]) -> None:
        """For a position set up by hand: `seat`'s hidden roll shows `roll` (FREE for a placed
        die) instead of what was rolled, and the log tells the seat the faces it really has."""
        self.roll[seat] = roll
        self._events = [e for e in self._events if e[:2] != ("rolled", seat)]
        self._events.append(("rolled", seat, tuple(roll)))

    def _begin_round(self) -> None:
        self.phase = "roll"
        self.action = -1
        self.first_target = -1
        for seat in range(self.players):
            self.placed[seat] = [FREE] * DICE
            self.roll[seat] = [FREE] * DICE
        self._events.append(("round", self.round, self.start))
        self.queue.append(("roll", -1, "first"))

    def _roll(self, mode: str) -> None:
        """A regular roll of everyone with dice left. Before every roll but a round's first
        ("next"), seats already done take a bonus tile, then the roll itself follows ("go")."""
        placed = self.placed
        rollers = [s for s in self.order() if FREE in placed[s]]
        if not rollers:
            self._begin_actions()
            return
        if mode == "next":
            # "All players who have finished assigning their dice receive one bonus tile for
            # each further roll of other players" (docs/rulings.md: not for forced re-rolls).
            waiting = [("bonus", s) for s in self.order() if s not in rollers]
            self.queue[:0] = [*waiting, ("roll", -1, "go")]
            return
        for seat in rollers:
            self.roll_dice(seat)
            self.selection[seat] = None
            self._events.append(("rolled", seat, tuple(self.roll[seat])))
        self.selecting = rollers

    def _bonus_spaces(self, seat: int) -> list[int]:
        """Spaces a bonus tile can go to: a free one (if the island has tiles) or a "1" to flip;
        "If all bonus spaces of a player's board contain a "2" ... no further bonus tiles."."""
        bonus = self.bonus[seat]
        return [a for a in range(5) if bonus[a] == 1 or (bonus[a] == 0 and self.bonus_left)]

    def _reveal(self) -> None:
        """Screens up: dice with an action are placed; skulls alone wait to be turned, in
        clockwise order from the start player; seats that could place nothing re-roll."""
        turns: list[tuple[Any, ...]] = []
        rerolls: list[tuple[Any, ...]] = []
        for seat in self.selecting:
            dice = self.selection[seat]
            assert dice is not None
            roll = self.roll[seat]
            faces = tuple([roll[d] for d in dice])
            if not dice:
                # "the player rerolls his dice after revealing them": the roll is shown
                self._events.append(("stuck", seat, tuple(roll)))
                rerolls.append(("reroll", seat))
            else:
                self._events.append(("reveal", seat, dice, faces))
                action = _action_shown(faces)
                if action < 0:
                    turns.append(("turn", seat, dice))
                else:
                    self._place(seat, dice, action)
            self.selection[seat] = None
        # The dice not selected go back to the hand unseen.
        for seat in self.selecting:
            self.roll[seat] = [FREE] * DICE
        self.selecting = []
        self.queue[:0] = [*turns, *rerolls]

    def _place(self, seat: int, dice: tuple[int, ...], action: int) -> None:
        for die in dice:
            self.placed[seat][die] = action
        self._events.append(("place_dice", seat, dice, action))

    def _reroll(self, seat: int) -> None:
        """ "If, after rolling the dice, no dice can be assigned ... the player rerolls his dice
        after revealing them as many times as needed until they can assign at least one die." """
        while True:
            self.roll_dice(seat)
            self._events.append(("reroll", seat, tuple(self.roll[seat])))
            if self.selections(seat) != [Select(())]:
                break
        self.queue.insert(0, ("reselect", seat))

    # -- phase 2: actions ------------------------------------------------------------------------

    def _begin_actions(self) -> None:
        self.phase = "actions"
        self.queue.extend(("action", -1, a) for a in range(5))

    def total(self, seat: int, action: int) -> int:
        """Dice numbers plus the bonus, "provided they have assigned at least one die"."""
        placed = self.placed[seat]
        if action not in placed:
            return 0
        numbers = NUMBERS[action]
        return (
            sum([numbers[d] for d in range(DICE) if placed[d] == action]) + self.bonus[seat][action]
        )

    def ranked_totals(self, action: int) -> list[tuple[int, int]]:
        """(seat, total) of the seats with dice on `action`, best first. "In case of a tie, the
        player holding the start player token resolves the tie in his favor. If that player is
        not involved in the tie, the player sitting closest to the start player in clockwise
        direction"."""
        start, players = self.start, self.players
        entered = [(s, self.total(s, action)) for s in range(players) if action in self.placed[s]]
        if len(entered) > 1:
            entered.sort(key=lambda st: (-st[1], (st[0] - start) % players))
        return entered

    def ranking(self, action: int) -> list[int]:
        """Seats with dice on `action`, best first (`ranked_totals`)."""
        return [s for s, _ in self.ranked_totals(action)]

    def _start_action(self, action: int) -> None:
        self.action = action
        self.first_target = -1
        # 2 players: "Only the player with the best total (1st position) is entitled".
        ranked = self.ranked_totals(action)[: 1 if self.two_player else 2]
        self._events.append(("ranking", action, tuple(ranked)))
        self.queue[:0] = [("decide", s, action, pos) for pos, (s, _) in enumerate(ranked)]

    def _decide(self, seat: int, action: int, position: int, choice: Action) -> None:
        if isinstance(choice, Forfeit):
            self._events.append(("forfeit", seat, action))
            return
        first = position == 0
        if action == FLEET:
            steps = 2 if first and not self.two_player else 1
            self.fleet_box[seat] = clamp(self.fleet_box[seat] + steps)
            self._events.append(("advance", seat, FLEET, self.fleet_box[seat]))
        elif action == CREW:
            steps = 2 if first and not self.two_player else 1
            self.crew_box[seat] = clamp(self.crew_box[seat] + steps)
            self._events.append(("advance", seat, CREW, self.crew_box[seat]))
        elif action == HUNT:
            self._hunt(seat, first)
        else:
            assert isinstance(choice, Attack)
            self._attack(seat, action, first, choice.target)

    def _hunt(self, seat: int, first: bool) -> None:
        if first:
            chest = self._draw_chest()
            if chest >= 0:
                self.island[seat].append(chest)
            self._events.append(("hunt_chest", seat, chest))
        count = 2 if first and not self.two_player else 1
        drawn = [t for t in (self._draw_tile() for _ in range(count)) if t]
        self.drawn[seat] = drawn
        self._events.append(("hunt_tiles", seat, tuple(drawn)))
        # Asked even when the two tiles are equal: whether the hunter is asked must not tell
        # the others anything about the hidden tiles.
        if len(drawn) > 1:
            self.queue.insert(0, ("keep", seat))
        elif drawn:
            self._keep(seat, drawn[0])

    def _keep(self, seat: int, coins: int) -> None:
        """Keep one tile face down; "mixing the other tile face down with the remaining"."""
        drawn = self.drawn[seat]
        drawn.remove(coins)
        self.tiles[seat].append(coins)
        for back in drawn:
            self.pool[back - 1] += 1
            self.returned[seat].append(back)
        self._events.append(("keep", seat, coins, tuple(drawn)))
        self.drawn[seat] = []

    def _attack(self, seat: int, action: int, first: bool, target: int) -> None:
        """Board (fleet area, boat token) or raid (crew area, pirate token)."""
        boxes = self.fleet_box if action == BOARD else self.crew_box
        area = self.fleet[target] if action == BOARD else self.crew[target]
        boxes[target] = clamp(boxes[target] - 1)
        defended = action in self.placed[target]
        if defended:
            # "If the boarded player has assigned at least one die to the board action
            # themselves, the boarding player must move his boat token back by one box as well."
            boxes[seat] = clamp(boxes[seat] - 1)
        self._events.append(("attack", seat, action, target, boxes[target], defended, boxes[seat]))
        follow: list[tuple[Any, ...]] = []
        if first:
            self.first_target = target
            options = self._distinct_removals(area)
            if len(options) > 1:
                follow.append(("seize", seat, target, action))
            elif options:
                self._seize(seat, target, action, options[0])
            follow.append(("surplus", -1, action, (target, seat)))
        else:
            # The pushed-back seats deposit at once ("muss sofort die weiße auf die Insel in der
            # Mitte legen"), then the 2nd position claims, possibly a chest just deposited.
            self._surplus(action, (target, seat))
            colours = [c for c in range(5) if self.center[c]]
            if len(colours) > 1:
                follow.append(("claim", seat))
            elif colours:
                self._claim(seat, colours[0])
        self.queue[:0] = follow

    @staticmethod
    def _distinct_removals(area: list[int]) -> list[int]:
        """Indices whose removal leaves distinct areas (of two equal neighbours, one)."""
        return [i for i in range(len(area)) if i == 0 or area[i] != area[i - 1]]

    def _seize(self, seat: int, target: int, action: int, index: int) -> None:
        area = self.fleet[target] if action == BOARD else self.crew[target]
        chest = area.pop(index)
        self.island[seat].append(chest)
        self._events.append(("seize", seat, target, action, chest))

    def _claim(self, seat: int, colour: int) -> None:
        self.center[colour] = 0
        self.island[seat].append(colour)
        self._events.append(("claim", seat, colour))

    def _surplus(self, action: int, seats: tuple[int, ...]) -> None:
        """ "...they must deposit any surplus treasure chests (take from the right) on the
        center island." """
        for seat in seats:
            box = self.fleet_box[seat] if action == BOARD else self.crew_box[seat]
            area = self.fleet[seat] if action == BOARD else self.crew[seat]
            while len(area) > CAPACITY[box]:
                self._deposit(seat, area.pop())

    def _deposit(self, seat: int, chest: int) -> None:
        """To the center island, one of each colour; a duplicate, or any chest in a 2-player
        game ("returned to the bag instead"), goes back into the bag."""
        if self.two_player or self.center[chest]:
            self.bag[chest] += 1
            self._events.append(("deposit", seat, chest, False))
        else:
            self.center[chest] = 1
            self._events.append(("deposit", seat, chest, True))

    # -- phase 3: moving chests ------------------------------------------------------------------

    def begin_chests(self, draw: bool = True) -> None:
        """Phase 3 begins; with `draw` each seat first draws a chest from the bag (a position
        set up after that draw passes False)."""
        self.phase = "chests"
        self.action = -1
        self.first_target = -1
        # "First, each player draws one treasure chest from the bag and places it on their
        # island area."
        for seat in self.order() if draw else ():
            chest = self._draw_chest()
            if chest >= 0:
                self.island[seat].append(chest)
            self._events.append(("draw", seat, chest))
        for seat in self.order():
            self.queue.extend([("tortuga", seat), ("place", seat, CREW), ("place", seat, ISLAND)])
        self.queue.append(("end_round", -1))

    def _start_move(self, seat: int, source: int) -> None:
        chests = self.crew[seat] if source == CREW else self.island[seat]
        self.moving = [chests.count(c) for c in range(5)]
        chests.clear()

    def _move_target(self, seat: int, source: int) -> tuple[list[int], int]:
        if source == CREW:
            return self.fleet[seat], CAPACITY[self.fleet_box[seat]]
        return self.crew[seat], CAPACITY[self.crew_box[seat]]

    def _place_chest(self, seat: int, source: int, colour: int) -> None:
        area, _ = self._move_target(seat, source)
        self.moving[colour] -= 1
        area.append(colour)
        self._events.append(("move", seat, source, colour))

    def _settle_move(self, seat: int, source: int) -> bool:
        """Place what needs no choice; True when the move is finished (surplus deposited)."""
        area, room = self._move_target(seat, source)
        while True:
            left = room - len(area)
            moving = self.moving
            colours = [c for c in range(5) if moving[c]]
            if not colours or left <= 0:
                for colour in colours:
                    for _ in range(self.moving[colour]):
                        self._deposit(seat, colour)
                self.moving = [0] * 5
                return True
            if len(colours) > 1:
                return False
            self._place_chest(seat, source, colours[0])

    def _end_round(self) -> None:
        # "If at least one player has at least 6 treasure chests in Tortuga now, the game ends
        # immediately" (8 with the long variant).
        if any(len(t) >= self.goal for t in self.tortuga):
            totals = self.scores()
            best = max(totals)
            self.final = [s for s in range(self.players) if totals[s] == best]
            self.phase = "over"
            self._events.append(("over", tuple(totals), tuple(self.final)))
            return
        self.start = (self.start + 1) % self.players
        self.round += 1
        self._begin_round()

    # -- the engine loop -------------------------------------------------------------------------

    def _resolve(self, item: tuple[Any, ...], action: Action) -> None:
        kind, seat = item[0], item[1]
        if kind == "bonus":
            assert isinstance(action, Bonus)
            if self.bonus[seat][action.space] == 0:
                self.bonus_left -= 1
            self.bonus[seat][action.space] += 1
            self._events.append(("bonus", seat, action.space, self.bonus[seat][action.space]))
        elif kind == "turn":
            assert isinstance(action, Turn)
            self._events.append(("turn", seat, item[2], action.action))
            self._place(seat, item[2], action.action)
        elif kind == "reselect":
            assert isinstance(action, Select)
            roll = self.roll[seat]
            faces = tuple([roll[d] for d in action.dice])
            self._events.append(("reveal", seat, action.dice, faces))
            shown = _action_shown(faces)
            if shown < 0:
                self.queue.insert(0, ("turn", seat, action.dice))
            else:
                self._place(seat, action.dice, shown)
            self.roll[seat] = [FREE] * DICE
        elif kind == "decide":
            self._decide(seat, item[2], item[3], action)
        elif kind == "keep":
            assert isinstance(action, Keep)
            self._keep(seat, action.coins)
        elif kind == "seize":
            assert isinstance(action, Seize)
            self._seize(seat, item[2], item[3], action.index)
        elif kind == "claim":
            assert isinstance(action, Claim)
            self._claim(seat, action.colour)
        elif kind == "place":
            assert isinstance(action, Place)
            self._place_chest(seat, item[2], action.colour)
            self.queue.insert(0, item)  # the same move goes on until settled
        else:
            raise AssertionError(f"{kind!r} is not a decision")

    def advance(self) -> None:
        """Run automatic steps until a seat must decide or the game is over."""
        while self.phase != "over":
            if self.selecting:
                if None in [self.selection[s] for s in self.selecting]:
                    return
                self._reveal()
                continue
            if not self.queue:
                if self.phase == "roll":
                    self.queue.append(("roll", -1, "next"))
                    continue
                if self.phase == "actions":
                    self.begin_chests()
                    continue
                raise AssertionError(f"empty queue in phase {self.phase}")
            item = self.queue[0]
            kind = item[0]
            if kind == "bonus" and not self._bonus_spaces(item[1]):
                self.queue.pop(0)  # all five spaces show "2", or no tile to take or flip
            elif kind == "roll":
                self.queue.pop(0)
                self._roll(item[2])
            elif kind == "reroll":
                self.queue.pop(0)
                self._reroll(item[1])
            elif kind == "action":
                self.queue.pop(0)
                self._start_action(item[2])
            elif kind == "surplus":
                self.queue.pop(0)
                self._surplus(item[2], item[3])
            elif kind == "tortuga":
                self.queue.pop(0)
                seat = item[1]
                # "1. Move the treasure chests from the fleet area to Tortuga."
                self.tortuga[seat].extend(self.fleet[seat])
                self._events.append(("to_tortuga", seat, tuple(self.fleet[seat])))
                self.fleet[seat].clear()
            elif kind == "place":
                seat, source = item[1], item[2]
                if len(item) == 3:  # first visit: pick the chests up
                    self._start_move(seat, source)
                    self.queue[0] = item = (*item, "moving")
                if self._settle_move(seat, source):
                    self.queue.pop(0)
                else:
                    return
            elif kind == "end_round":
                self.queue.pop(0)
                self._end_round()
            else:
                return  # a decision

    # -- chance ------------------------------------------------------------------------------

    def _draw_chest(self) -> int:
        """A random chest from the bag, or -1 when it is empty ("nothing is drawn")."""
        total = sum(self.bag)
        if not total:
            return -1
        pick = self.rng.below(total)
        for colour in range(5):
            if pick < self.bag[colour]:
                self.bag[colour] -= 1
                return colour
            pick -= self.bag[colour]
        raise AssertionError("unreachable")

    def _draw_tile(self) -> int:
        """A random treasure tile's coins, or 0 when none are left ("nothing is taken")."""
        total = sum(self.pool)
        if not total:
            return 0
        pick = self.rng.below(total)
        for index in range(3):
            if pick < self.pool[index]:
                self.pool[index] -= 1
                return index + 1
            pick -= self.pool[index]
        raise AssertionError("unreachable")

    # -- words -----------------------------------------------------------------------------------

    def _not_asked(self, seat: int, movers: tuple[int, ...]) -> str:
        if self.selecting and seat in self.selecting:
            return f"{self.name(seat)} has already chosen dice for this roll"
        waiting = ", ".join(self.name(s) for s in movers)
        return f"{self.name(seat)} is not asked now; waiting for {waiting}"


__all__ = ["ISLAND", "Rules", "selection_table"]
