"""Tortuga 1667's rules engine (rulebook `tortuga1667.nl.txt`, rulings in DESIGN.md and
docs/rulings.md).

Pawns stand in three lines, top first: the two ships and Tortuga (rank = position); a pawn in
a rowboat is in `rowboats` instead. Decisions and automatic steps wait in `queue` (front first),
as in the Tortuga dice game: an action that opens a vote, an event card that asks for a target,
a marooning that a Treasure Map may cancel, each pushes what follows to the front. Votes are
the one simultaneous decision: every voter is in `to_move()` at once and nobody learns who
played which card. Event card effects live in `events.py`.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any, Self

from buccaneer.core.errors import IllegalAction
from buccaneer.core.events import Event
from buccaneer.core.rng import Rng
from buccaneer.core.state import Action, State
from buccaneer.games.tortuga1667.actions import (
    ACTION_TYPES,
    Decline,
    Look,
    PlayMap,
    TimeOut,
    Vote,
    action_from_json,
)
from buccaneer.games.tortuga1667.components import (
    ATLANTIS,
    BRITISH,
    CABIN_BOY,
    CANNON,
    CAPTAIN,
    DUTCH,
    EL_DORADO,
    FIRST_MATE,
    FLYING_DUTCHMAN,
    FOUNTAIN_OF_YOUTH,
    FRENCH,
    JOLLY_ROGER,
    SKULL,
    TORCH,
    TORTUGA,
    WATER,
    bottom_of,
    flag_of,
    top_of,
)

GAME = "tortuga1667"
SHARED = 3  # winner_team when the tiebreak runs out of event cards still tied
SEAT_NAMES: tuple[str, ...] = tuple(f"Pirate {i + 1}" for i in range(9))
FREE = -1


class Tortuga1667State(State):
    """A game of Tortuga 1667 for 2-9 players."""

    game = GAME

    players: int
    options: dict[str, Any]
    seed: int
    rng: Rng
    loyalty: list[int]
    loyalty_seen: list[list[int]]  # each seat's own loyalty cards so far (its memory)
    votes: list[list[int]]  # hands of vote card types, sorted
    vote_deck: list[int]  # the last entry is the top
    row: list[str | None]
    row_index: list[int]  # where in the original deck a slot's card came from (-1: first row)
    deck: list[str]  # the last entry is the top
    deck_size: int  # the deck's length right after the first row was dealt
    drawn: int  # cards drawn from the deck since
    armada_live: bool  # False once the Armada is out of the deck for a tiebreak
    cards_in_game: list[str]  # the event cards this game uses (public)
    discard: list[str]
    known: list[dict[int, str]]  # per seat: row slot -> card it has looked at there
    lines: list[list[int]]  # Flying Dutchman, Jolly Roger, Tortuga: seats, top first
    spots: list[list[int]]  # advanced setup only: the places' spots while pawns sit down
    rowboats: list[int]  # per ship: the seat in its rowboat, FREE or DESTROYED
    galleon: int
    holds: list[list[int]]  # per ship: [british, french]
    tortuga_chests: list[int]  # [british slot, french slot, loose]
    albatross: list[int]
    maps: list[list[str]]  # Treasure Maps held, per seat
    pirate_code: list[int]  # votes a seat still sits out
    scurvy: list[bool]  # loses its next turn
    current: int
    actions_left: int
    extra_action: bool  # Atlantis against a marooning: the captain acts again
    queue: list[tuple[Any, ...]]
    voting: list[int]  # the seats to vote now (simultaneous), [] when no vote is open
    ballots: dict[int, tuple[int, ...]]
    vote_info: tuple[Any, ...]  # (kind, place, caller) of the open vote
    last_vote: tuple[Any, ...]  # (kind, sorted cards) of the last revealed vote
    memory: list[dict[str, Any]]  # per seat: what it saw that the view must keep
    tiebreak: bool
    winner_team: int  # -1 while the game runs
    _events: list[tuple[Any, ...]]
    _log: list[Event]
    _formatted: int

    # -- setup -------------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Tortuga1667State:
        from buccaneer.games.tortuga1667.setup import set_up  # noqa: PLC0415

        state = cls.__new__(cls)
        set_up(state, players, seed, options)
        state._advance()
        return state

    # -- places and ranks ------------------------------------------------------------------------

    def place_of(self, seat: int) -> int:
        """0/1 a ship, 2 Tortuga, 3 a rowboat."""
        for place in (FLYING_DUTCHMAN, JOLLY_ROGER, TORTUGA):
            if seat in self.lines[place]:
                return place
        return 3

    def rank_of(self, seat: int) -> int:
        place = self.place_of(seat)
        return self.lines[place].index(seat) if place < 3 else -1

    def _leave(self, seat: int) -> None:
        """Take a pawn off its line or rowboat; those below move up."""
        for line in self.lines:
            if seat in line:
                line.remove(seat)
                return
        for ship in (0, 1):
            if self.rowboats[ship] == seat:
                self.rowboats[ship] = FREE

    def _join(self, seat: int, place: int) -> None:
        """To the bottom of a line ("Zet je pion hierbij onderaan in de rij"); an empty ship's
        first pawn is its captain. A ship with two Albatrosses aboard maroons everyone."""
        self._leave(seat)
        self.lines[place].append(seat)
        if place < TORTUGA:
            self._check_albatross(place)

    def _check_albatross(self, ship: int) -> None:
        """ "Zodra een schip 2 Albatrossen aan boord heeft, worden alle spelers op dat schip
        verbannen naar Tortuga" — in reverse rank ("de laagst geplaatste pion op het schip
        wordt de hoogst geplaatste pion op Tortuga")."""
        crew = self.lines[ship]
        if sum(self.albatross[s] for s in crew) >= 2:
            self._events.append(("albatross_bomb", ship, tuple(crew)))
            self.maroon(list(reversed(crew)), "albatross")

    # -- marooning -----------------------------------------------------------------------------

    def maroon(self, seats: list[int], cause: str, by: int = -1) -> None:
        """Send seats to Tortuga, each first offered its Treasure Map reactions: Fountain of
        Youth cancels any marooning; Atlantis, against a captain's, moves to the other ship."""
        steps: list[tuple[Any, ...]] = []
        for seat in seats:
            if self._maroon_reactions(seat, cause):
                steps.append(("react_maroon", seat, cause, by))
            steps.append(("do_maroon", -1, seat, cause, by))
        self.queue[:0] = steps

    def _maroon_reactions(self, seat: int, cause: str) -> list[Action]:
        options: list[Action] = []
        if FOUNTAIN_OF_YOUTH in self.maps[seat]:
            options.append(PlayMap(FOUNTAIN_OF_YOUTH))
        if ATLANTIS in self.maps[seat] and cause == "captain" and self.place_of(seat) < TORTUGA:
            options.append(PlayMap(ATLANTIS))
        return options

    def _do_maroon(self, seat: int, cause: str) -> None:
        place = self.place_of(seat)
        self._events.append(("marooned", seat, place, cause))
        self._leave(seat)
        self.lines[TORTUGA].append(seat)
        if place == TORTUGA and self.votes[seat]:
            # "Ook moet je één van je stemkaarten onder de stapel stemkaarten leggen en de rest
            # van het spel met een stemkaart minder spelen."
            if len(set(self.votes[seat])) > 1:
                self.queue.insert(0, ("discard", seat))
            else:
                self._lose_vote(seat, self.votes[seat][0])

    def _lose_vote(self, seat: int, card: int) -> None:
        self.votes[seat].remove(card)
        self.vote_deck.insert(0, card)
        self._forget_hand(seat)
        self._events.append(("lost_vote", seat, card))

    def _forget_hand(self, seat: int) -> None:
        """A memory of `seat`'s vote cards (Crow's Nest) lapses when its hand changes."""
        for memo in self.memory:
            memo.get("hands", {}).pop(seat, None)

    # -- vote cards ------------------------------------------------------------------------------

    def draw_vote(self, seat: int) -> None:
        if self.vote_deck:
            self.votes[seat].append(self.vote_deck.pop())
            self.votes[seat].sort()
            self._forget_hand(seat)
            self.top_changed()

    def top_changed(self) -> None:
        """A seat that put a card on top of the vote deck (Letter of Marque) knows the top only
        until a card is taken from or put on it, or the deck is shuffled."""
        for memo in self.memory:
            memo.pop("deck_top", None)

    # -- the protocol ----------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        if self.winner_team >= 0:
            return ()
        if self.voting:
            return tuple(s for s in self.voting if s not in self.ballots)
        return (self.queue[0][1],)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        if self.voting:
            return self._ballots(seat)
        from buccaneer.games.tortuga1667.decisions import decision_actions  # noqa: PLC0415

        return decision_actions(self, self.queue[0])

    def _ballots(self, seat: int) -> list[Action]:
        hand = sorted(set(self.votes[seat]))
        ballots: list[Action] = [Vote((c,)) for c in hand]
        if EL_DORADO in self.maps[seat]:
            # El Dorado: "Deze speler mag 2 stemkaarten spelen bij een volgende stemronde naar
            # keuze".
            pairs = {tuple(sorted(p)) for p in combinations(self.votes[seat], 2)}
            ballots += [Vote(p) for p in sorted(pairs)]
        return ballots

    def apply(self, seat: int, action: Action | dict[str, Any]) -> None:
        if isinstance(action, dict):
            action = action_from_json(action)
        elif not isinstance(action, ACTION_TYPES):
            raise IllegalAction(f"{action!r} is not a Tortuga 1667 action")
        if self.winner_team >= 0:
            raise IllegalAction("the game is over")
        movers = self.to_move()
        if seat not in movers:
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                raise IllegalAction(f"there is no seat {seat!r} in a {self.players}-player game")
            if self.voting and seat in self.voting:
                raise IllegalAction(f"{self.name(seat)} has already voted")
            waiting = ", ".join(self.name(s) for s in movers)
            raise IllegalAction(f"{self.name(seat)} is not asked now; waiting for {waiting}")
        legal = self.legal_actions(seat)
        if isinstance(action, TimeOut):
            self._history.append((seat, action))
            self._time_out(seat, legal)
            self._advance()
            return
        if action not in legal:
            from buccaneer.games.tortuga1667.explain import why_illegal  # noqa: PLC0415

            raise IllegalAction(why_illegal(self, seat, action, legal))
        self._history.append((seat, action))
        if self.voting:
            assert isinstance(action, Vote)
            self.ballots[seat] = action.cards
            self._events.append(("voted", seat, action.cards))
        else:
            from buccaneer.games.tortuga1667.decisions import resolve  # noqa: PLC0415

            resolve(self, self.queue.pop(0), action)
        self._advance()

    def default_action(self, seat: int) -> Action | None:
        """What the 30-second clock does for `seat` (see `TimeOut`): look at two event cards on
        a turn; a Treasure Map is never played for a seat; a forced reveal passes to the forcing
        seat (None), whose own time-out reveals the first card; otherwise the first choice."""
        legal = self.legal_actions(seat)
        if not legal:
            return None
        if self.voting:
            return legal[0]
        item = self.queue[0]
        if item[0] == "choose":
            return None if item[1] == item[5] else legal[0]
        if item[0] == "turn":
            looks = [a for a in legal if isinstance(a, Look)]
            return looks[0] if looks else None
        if Decline() in legal:
            return Decline()
        return legal[0]

    def _time_out(self, seat: int, legal: list[Action]) -> None:
        self._events.append(("timeout", seat))
        default = self.default_action(seat)
        if default is None:
            item = self.queue[0]
            if item[0] == "choose":
                # "kiest de speler die hem/haar dwong de kaart in zijn/haar plaats": the forcer
                # picks; the seat pointed at still reveals it.
                self.queue[0] = ("choose", item[4], item[2], item[3], item[4], item[5])
            else:
                # docs/rulings.md: no two cards left to look at, so the turn passes.
                self.queue.pop(0)
                self.end_action()
            return
        if self.voting:
            assert isinstance(default, Vote)
            self.ballots[seat] = default.cards
            self._events.append(("voted", seat, default.cards))
        else:
            from buccaneer.games.tortuga1667.decisions import resolve  # noqa: PLC0415

            resolve(self, self.queue.pop(0), default)

    # -- turns ---------------------------------------------------------------------------------

    def start_turn(self, seat: int) -> None:
        self.current = seat
        two = self.players == 2 and self.options["two_actions_two_players"]
        self.actions_left = 2 if two else 1
        if self.scurvy[seat]:
            # Scurvy: "verliezen hun volgende beurt"
            self.scurvy[seat] = False
            self._events.append(("scurvy_skip", seat))
            self.queue.append(("next_turn", -1))
            return
        self.queue.append(("turn", seat))

    def end_action(self) -> None:
        """After an action and all it set off: another action, or the next seat's turn."""
        if self.tiebreak and not self.deck and all(card is None for card in self.row):
            # docs/rulings.md: a tiebreak that uses up every event card still tied is shared.
            self._finish(SHARED)
            return
        if self.extra_action:
            self.extra_action = False
            self.queue.insert(0, ("turn", self.current))
            return
        self.actions_left -= 1
        if self.actions_left > 0:
            self.queue.insert(0, ("turn", self.current))
        else:
            self.queue.insert(0, ("next_turn", -1))

    # -- votes -----------------------------------------------------------------------------------

    def call_vote(self, kind: str, place: int, caller: int) -> None:
        """Attack and mutiny calls let Atlantis holders on the other ship join first."""
        steps: list[tuple[Any, ...]] = []
        if kind in ("attack", "mutiny"):
            other = 1 - place
            for seat in list(self.lines[other]):
                if ATLANTIS in self.maps[seat]:
                    steps.append(("react_call", seat, place))
        steps.append(("open_vote", -1, kind, place, caller))
        self.queue[:0] = steps

    def _open_vote(self, kind: str, place: int, caller: int) -> bool:
        """Open the vote (False: it is off)."""
        line = self.lines[place]
        rank = 1 if kind == "mutiny" else 0
        if len(line) <= rank or line[rank] != caller:
            # docs/rulings.md: the caller was marooned or moved before the vote (an Albatross
            # set off by Atlantis): the vote is off.
            self._events.append(("vote_cancelled", kind, place, caller))
            return False
        eligible = [s for s in line if not (kind == "mutiny" and s == line[0])]
        voters = []
        for seat in eligible:
            if self.pirate_code[seat] > 0:
                # Pirate Code: "mag niet deelnemen aan de volgende twee stemronden"
                self.pirate_code[seat] -= 1
                self._events.append(("sits_out", seat))
                if self.pirate_code[seat] == 0:
                    self.discard.append("pirate_code")
            elif self.votes[seat]:
                voters.append(seat)
        self.vote_info = (kind, place, caller)
        self.ballots = {}
        self.voting = voters
        self._events.append(("vote_called", kind, place, caller, tuple(voters)))
        return True

    def _close_vote(self) -> None:
        kind, place, caller = self.vote_info
        cards: list[int] = []
        for seat in self.voting:
            for card in self.ballots[seat]:
                self.votes[seat].remove(card)
                cards.append(card)
            self._forget_hand(seat)
            if len(self.ballots[seat]) == 2:
                self.maps[seat].remove(EL_DORADO)
                self.discard.append(EL_DORADO)
        # "Daarna voegt de kapitein de bovenste stemkaart van de stapel stemkaarten toe"
        if self.vote_deck:
            cards.append(self.vote_deck.pop())
            self.top_changed()
        self.rng.shuffle(cards)
        self.last_vote = (kind, tuple(sorted(cards)))
        self._events.append(("vote_result", kind, tuple(sorted(cards))))
        voters = self.voting
        self.voting = []
        self.ballots = {}
        # "Schud na de stemronde alle gespeelde stemkaarten en leg ze onderaan de stapel
        # stemkaarten. Elke speler die deelnam aan de stemronde, trekt een nieuwe stemkaart."
        self.vote_deck[:0] = cards
        for seat in voters:
            self.draw_vote(seat)
        if kind == "attack":
            tops = [top_of(c) for c in cards]
            if tops.count(CANNON) >= 1 and tops.count(TORCH) > tops.count(WATER):
                self._attack_success(place, caller)
            else:
                self._events.append(("attack_failed", place))
        elif kind == "mutiny":
            skulls = sum(1 for c in cards if bottom_of(c) == SKULL)
            if skulls * 2 > len(cards):
                captain = self.lines[place][0] if self.lines[place] else -1
                if captain >= 0:
                    self._events.append(("mutiny_succeeds", place, captain))
                    self.maroon([captain], "mutiny")
            else:
                self._events.append(("mutiny_fails", place))
        else:
            british = sum(1 for c in cards if flag_of(c) == BRITISH)
            french = len(cards) - british
            total = sum(self.tortuga_chests)
            if british > french:
                self.tortuga_chests[:] = [total, 0, 0]
            elif french > british:
                self.tortuga_chests[:] = [0, total, 0]
            else:
                self.tortuga_chests[:] = [total // 2, total - total // 2, 0]
            self._events.append(("brawl_result", tuple(self.tortuga_chests[:2])))

    def _attack_success(self, ship: int, captain: int) -> None:
        other = self.holds[1 - ship]
        if self.galleon or sum(other):
            self.queue.insert(0, ("stow", captain, ship))
        else:
            self._events.append(("attack_nothing", ship))

    # -- the end -----------------------------------------------------------------------------

    def team_chests(self) -> tuple[int, int]:
        """Chests in the team's holds on both ships plus its slot on Tortuga."""
        british = self.holds[0][BRITISH] + self.holds[1][BRITISH] + self.tortuga_chests[BRITISH]
        french = self.holds[0][FRENCH] + self.holds[1][FRENCH] + self.tortuga_chests[FRENCH]
        return british, french

    def armada(self) -> None:
        """ "Zodra de Spaanse Vlootkaart wordt onthuld, wint de Franse of Britse bemanning met de
        meeste schatkisten" — a tie goes to the Dutch seat (odd counts) or to the tiebreak."""
        british, french = self.team_chests()
        if british != french:
            self._finish(BRITISH if british > french else FRENCH)
        elif self.players % 2:
            self._finish(DUTCH)
        else:
            from buccaneer.games.tortuga1667.setup import start_tiebreak  # noqa: PLC0415

            start_tiebreak(self)

    def _finish(self, team: int) -> None:
        self.winner_team = team
        self.queue.clear()
        self.voting = []
        self._events.append(("over", team, self.team_chests()))

    def _check_tiebreak(self) -> None:
        """In the tiebreak "Het team dat als eerste op voorsprong komt, wint het spel"."""
        if self.tiebreak and self.winner_team < 0:
            british, french = self.team_chests()
            if british != french:
                self._finish(BRITISH if british > french else FRENCH)

    # -- the engine loop -------------------------------------------------------------------------

    def _advance(self) -> None:
        from buccaneer.games.tortuga1667.decisions import AUTOMATIC, run_automatic  # noqa: PLC0415

        while self.winner_team < 0:
            self._check_tiebreak()
            if self.winner_team >= 0:
                return
            if self.voting:
                if any(s not in self.ballots for s in self.voting):
                    return
                self._close_vote()
                continue
            if not self.queue:
                self.start_turn(self.current)
                continue
            item = self.queue[0]
            if item[0] in AUTOMATIC:
                self.queue.pop(0)
                run_automatic(self, item)
                continue
            if item[0] == "open_vote":
                self.queue.pop(0)
                if self._open_vote(item[2], item[3], item[4]) and not self.voting:
                    self._close_vote()
                continue
            if item[0] == "do_maroon":
                self.queue.pop(0)
                self._do_maroon(item[2], item[3])
                continue
            return

    # -- results ---------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """1 for a seat whose team won, else 0: a team game has no points of its own (the
        chests are counted per team, and the Dutch seat wins only through a tie)."""
        won = set(self.winners())
        return [1.0 if s in won else 0.0 for s in range(self.players)]

    def winners(self) -> list[int]:
        if self.winner_team < 0:
            return []
        if self.winner_team == SHARED:
            return [s for s in range(self.players) if self.loyalty[s] != DUTCH]
        return [s for s in range(self.players) if self.loyalty[s] == self.winner_team]

    # -- information -----------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        from buccaneer.games.tortuga1667.view import build_view  # noqa: PLC0415

        return build_view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        from buccaneer.games.tortuga1667.sampling import determinize  # noqa: PLC0415

        return determinize(self, seat, rng)  # type: ignore[return-value]

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        twin.players = self.players
        twin.options = self.options
        twin.seed = self.seed
        twin.rng = self.rng.copy()
        twin.loyalty = self.loyalty[:]
        twin.loyalty_seen = [x[:] for x in self.loyalty_seen]
        twin.votes = [x[:] for x in self.votes]
        twin.vote_deck = self.vote_deck[:]
        twin.row = self.row[:]
        twin.row_index = self.row_index[:]
        twin.deck = self.deck[:]
        twin.deck_size = self.deck_size
        twin.drawn = self.drawn
        twin.armada_live = self.armada_live
        twin.cards_in_game = self.cards_in_game
        twin.discard = self.discard[:]
        twin.known = [dict(k) for k in self.known]
        twin.lines = [x[:] for x in self.lines]
        twin.spots = [x[:] for x in self.spots]
        twin.rowboats = self.rowboats[:]
        twin.galleon = self.galleon
        twin.holds = [x[:] for x in self.holds]
        twin.tortuga_chests = self.tortuga_chests[:]
        twin.albatross = self.albatross[:]
        twin.maps = [x[:] for x in self.maps]
        twin.pirate_code = self.pirate_code[:]
        twin.scurvy = self.scurvy[:]
        twin.current = self.current
        twin.actions_left = self.actions_left
        twin.extra_action = self.extra_action
        twin.queue = self.queue[:]
        twin.voting = self.voting[:]
        twin.ballots = dict(self.ballots)
        twin.vote_info = self.vote_info
        twin.last_vote = self.last_vote
        twin.memory = [
            {k: (dict(v) if isinstance(v, dict) else v) for k, v in m.items()} for m in self.memory
        ]
        twin.tiebreak = self.tiebreak
        twin.winner_team = self.winner_team
        self.copy_records_to(twin)
        return twin

    def snapshot(self) -> tuple[Any, ...]:
        return (
            self.players,
            repr(sorted(self.options.items())),
            tuple(self.loyalty),
            repr(self.loyalty_seen),
            repr(self.votes),
            tuple(self.vote_deck),
            tuple(self.row),
            tuple(self.row_index),
            tuple(self.deck),
            self.deck_size,
            self.drawn,
            self.armada_live,
            tuple(self.discard),
            repr([sorted(k.items()) for k in self.known]),
            repr(self.lines),
            repr(self.spots),
            tuple(self.rowboats),
            self.galleon,
            repr(self.holds),
            tuple(self.tortuga_chests),
            tuple(self.albatross),
            repr(self.maps),
            tuple(self.pirate_code),
            tuple(self.scurvy),
            self.current,
            self.actions_left,
            self.extra_action,
            tuple(self.queue),
            tuple(self.voting),
            repr(sorted(self.ballots.items())),
            self.vote_info,
            self.last_vote,
            repr(self.memory),
            self.tiebreak,
            self.winner_team,
            self.rng.state,
        )

    # -- words -----------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"

    def describe(self, action: Action, seat: int | None = None) -> str:
        from buccaneer.games.tortuga1667.explain import describe  # noqa: PLC0415

        return describe(self, action, seat)

    def format_event(self, raw: tuple[Any, ...]) -> list[Event]:
        from buccaneer.games.tortuga1667.log import format_event  # noqa: PLC0415

        return format_event(self, raw)


__all__ = [
    "CABIN_BOY",
    "CAPTAIN",
    "FIRST_MATE",
    "FREE",
    "SEAT_NAMES",
    "Tortuga1667State",
]
