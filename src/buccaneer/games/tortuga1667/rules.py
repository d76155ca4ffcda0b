"""Tortuga 1667's rules engine (the Tortuga 1667 rulebook; rulings in docs/rulings.md): the
engine loop on top of the rules modules.

Pawns stand in three lines, top first: the two ships and Tortuga (rank = position); a pawn in
a rowboat is in `rowboats` instead. Decisions and automatic steps wait in `queue` (front first),
as in the Tortuga dice game: an action that opens a vote, an event card that asks for a target,
a marooning that a Treasure Map may cancel, each pushes what follows to the front. Votes are
the one simultaneous decision: every voter is in `to_move()` at once and nobody learns who
played which card.

Modules, imported one way (state → sampling → rules → rules_decisions → rules_events →
rules_setup → fields → actions → components): `fields.py` holds the fields and the moves the
rules share (joining a line, a marooning queued, a vote card lost); `rules_decisions.py` the
sequential decisions, `rules_events.py` the event cards, `rules_setup.py` the setup, the
Armada's count and the tiebreak. This module's `Rules` adds the engine loop (votes, marooning,
the end) and the protocol's rules (`to_move`, `legal_actions`, `apply`, the results);
`Tortuga1667State` (state.py) adds what a seat may know and the words.
"""

from __future__ import annotations

from typing import Any, Self

from buccaneer.core.checks import check_fields
from buccaneer.core.errors import IllegalAction
from buccaneer.core.state import Action
from buccaneer.games.tortuga1667.actions import (
    ACTION_TYPES,
    Decline,
    Look,
    TimeOut,
    Vote,
    action_from_json,
)
from buccaneer.games.tortuga1667.components import (
    BRITISH,
    CANNON,
    DUTCH,
    EL_DORADO,
    FRENCH,
    SKULL,
    TORCH,
    TORTUGA,
    WATER,
    bottom_of,
    flag_of,
    top_of,
)
from buccaneer.games.tortuga1667.explain import why_illegal
from buccaneer.games.tortuga1667.fields import SHARED, Fields
from buccaneer.games.tortuga1667.rules_decisions import (
    AUTOMATIC,
    decision_actions,
    resolve,
    run_automatic,
)
from buccaneer.games.tortuga1667.rules_setup import set_up


class Rules(Fields):
    """The rules of a game of Tortuga 1667 for 2-9 players: the engine loop on top of the
    `Fields` (fields.py), which holds the fields and the moves the rules modules share."""

    # -- setup -------------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        state = cls.__new__(cls)
        set_up(state, players, seed, options)
        state._advance()
        return state

    # -- marooning -----------------------------------------------------------------------------

    def _do_maroon(self, seat: int, cause: str) -> None:
        place = self.place_of(seat)
        self._events.append(("marooned", seat, place, cause))
        self.leave(seat)
        self.lines[TORTUGA].append(seat)
        if place == TORTUGA and self.votes[seat]:
            # "Ook moet je één van je stemkaarten onder de stapel stemkaarten leggen en de rest
            # van het spel met een stemkaart minder spelen." Asked whenever there is a choice
            # of cards, even of one kind: whether it is asked must not show others the hand.
            if len(self.votes[seat]) > 1:
                self.queue.insert(0, ("discard", seat))
            else:
                self.lose_vote(seat, self.votes[seat][0])

    # -- the protocol ----------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        if self.winner_team >= 0:
            return ()
        if self.voting:
            return tuple(s for s in self.voting if s not in self.ballots)
        return (self.queue[0][1],)

    def legal_actions(self, seat: int) -> list[Action]:
        if type(seat) is not int:
            return []
        offer = self._offer
        if offer is not None and offer[0] == seat:
            # Nothing has changed since this very list was built (`apply` forgets it): an agent
            # asks, then its bot asks again.
            return offer[1][:]
        if seat not in self.to_move():
            return []
        if self.voting:
            return self.remember_offer(seat, self.ballot_choices(seat))
        return self.remember_offer(seat, decision_actions(self, self.queue[0]))

    def apply(self, seat: int, action: Action | dict[str, Any]) -> None:
        offer = self.offered(seat, action)
        played, legal = offer if offer is not None else self._checked(seat, action)
        try:
            self._play(seat, played, legal)
        finally:
            # Whatever `legal_actions` built before or during the move is out of date now.
            self.forget_offer()

    def _play(self, seat: int, action: Action, legal: list[Action]) -> None:
        self._history.append((seat, action))
        if isinstance(action, TimeOut):
            self._time_out(seat, legal)
        elif self.voting:
            assert isinstance(action, Vote)
            self.ballots[seat] = action.cards
            self._events.append(("voted", seat, action.cards))
        else:
            resolve(self, self.queue.pop(0), action)
        self._advance()

    def _checked(self, seat: int, action: Action | dict[str, Any]) -> tuple[Action, list[Action]]:
        """The full check of an action `apply` was not just offered by `legal_actions`: the
        action (parsed from JSON if need be) and the seat's legal list, or `IllegalAction` with
        nothing changed."""
        if isinstance(action, dict):
            action = action_from_json(action)
        elif not isinstance(action, ACTION_TYPES):
            raise IllegalAction(f"{action!r} is not a Tortuga 1667 action")
        if self.winner_team >= 0:
            raise IllegalAction("the game is over")
        # Exact types at the boundary, before any equality-based legality check.
        self.check_seat(seat, spectator=False)
        check_fields(action)
        movers = self.to_move()
        if seat not in movers:
            if self.voting and seat in self.voting:
                raise IllegalAction(f"{self.name(seat)} has already voted")
            waiting = ", ".join(self.name(s) for s in movers)
            raise IllegalAction(f"{self.name(seat)} is not asked now; waiting for {waiting}")
        legal = self.legal_actions(seat)
        if not isinstance(action, TimeOut) and action not in legal:
            raise IllegalAction(why_illegal(self, seat, action, legal))
        return action, legal

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
            resolve(self, self.queue.pop(0), default)

    # -- votes -----------------------------------------------------------------------------------

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
            self.forget_hand(seat)
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

    def _check_tiebreak(self) -> None:
        """In the tiebreak "Het team dat als eerste op voorsprong komt, wint het spel"."""
        if self.tiebreak and self.winner_team < 0:
            british, french = self.team_chests()
            if british != french:
                self.finish(BRITISH if british > french else FRENCH)

    # -- the engine loop -------------------------------------------------------------------------

    def _advance(self) -> None:
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
