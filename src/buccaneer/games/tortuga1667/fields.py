"""The Tortuga 1667 state's fields, declared once, and the small moves the rules share.

`Fields` holds the pieces (pawns in their lines, chests, cards, hands, the queue of pending steps)
and the moves that the rules modules (`rules`, `rules_decisions`, `rules_events`, `rules_setup`)
all make: a pawn leaving or joining a line, an Albatross check, a marooning queued, a vote card
lost or drawn, a vote called, a turn begun or an action ended, the game finished. `Rules`
(rules.py) adds the engine loop and the protocol's rules on top, and `Tortuga1667State`
(state.py) what a seat may know and the words. The rules modules work on `Fields` and never
import state.py, so imports run one way: state → rules → rules_decisions → fields → actions →
components.
"""

from __future__ import annotations

from itertools import combinations
from typing import Annotated, Any

from buccaneer.core.fields import SHARED as SHARED_FIELD  # SHARED is the shared win here
from buccaneer.core.fields import Custom
from buccaneer.core.state import Action, State
from buccaneer.games.tortuga1667.actions import PlayMap, Vote
from buccaneer.games.tortuga1667.components import (
    ATLANTIS,
    BRITISH,
    EL_DORADO,
    FLYING_DUTCHMAN,
    FOUNTAIN_OF_YOUTH,
    FRENCH,
    JOLLY_ROGER,
    TORTUGA,
)

GAME = "tortuga1667"
SHARED = 3  # winner_team when the tiebreak runs out of event cards still tied
SEAT_NAMES: tuple[str, ...] = tuple(f"Pirate {i + 1}" for i in range(9))
FREE = -1
# One Vote object per single card (actions are frozen): votes are cast all game long.
SINGLE_VOTES: tuple[Vote, ...] = tuple(Vote((card,)) for card in range(12))


def copy_memory(memory: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A clone's copy of `Fields.memory`: each seat's entries, and the maps among them ("hands",
    "loyalties"), copied; what they hold (ints, and hands as lists that are replaced whole,
    never changed) is shared."""
    return [{k: (dict(v) if isinstance(v, dict) else v) for k, v in m.items()} for m in memory]


class Fields(State):
    """The fields of a Tortuga 1667 game and the moves shared by its rules (the engine loop is
    `Rules`', the rest of the protocol `Tortuga1667State`'s)."""

    game = GAME

    # Every field of a game, declared once: `clone` and `snapshot` are derived from these
    # annotations (`buccaneer.core.fields`, `@derive_copies` on `Tortuga1667State`), so a field
    # added here is copied and compared without another line. `players`, `options`, `seed` and
    # `rng` are the base `State`'s.
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
    # The event cards this game uses (public); replaced, never changed, so clones share it.
    cards_in_game: Annotated[list[str], SHARED_FIELD]
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
    # Per seat: what it saw that the view must keep ("hands", "deck_top", "loyalties").
    memory: Annotated[list[dict[str, Any]], Custom(copy_memory, repr)]
    tiebreak: bool
    winner_team: int  # -1 while the game runs
    # Per seat, the log-likelihood of its public play so far if British, French, Dutch, by the
    # public model of play (bot_evidence.py), and if aimless: public, in every view
    # (`loyalty_evidence`).
    evidence: tuple[tuple[float, float, float, float], ...]
    # Whether `apply` adds each public action to `evidence`: on in a game as played, off in a
    # world sampled for search (whose evidence stays as the seat saw it) and with two players
    # (the other seat is surely the other nation).
    track_evidence: bool

    # Each field in a slot, at a fixed place in every state however the rules, `clone` and
    # `sampling` order their assignments (an instance dict of this many keys is not shared
    # between states, and its lookups cost every attribute access: clones are about a fifth
    # faster, playouts 3-8%); the base protocol's fields and records too, but not its
    # `_offer`, a class default until a state sets it.
    __slots__ = (
        "_events",
        "_formatted",
        "_history",
        "_log",
        "_replayable",
        "players",
        "options",
        "seed",
        "rng",
        *__annotations__,
    )

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

    def leave(self, seat: int) -> None:
        """Take a pawn off its line or rowboat; those below move up."""
        for line in self.lines:
            if seat in line:
                line.remove(seat)
                return
        for ship in (0, 1):
            if self.rowboats[ship] == seat:
                self.rowboats[ship] = FREE

    def join(self, seat: int, place: int) -> None:
        """To the bottom of a line ("Zet je pion hierbij onderaan in de rij"); an empty ship's
        first pawn is its captain. A ship with two Albatrosses aboard maroons everyone."""
        self.leave(seat)
        self.lines[place].append(seat)
        if place < TORTUGA:
            self.check_albatross(place)

    def check_albatross(self, ship: int) -> None:
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
            if self.maroon_reactions(seat, cause):
                steps.append(("react_maroon", seat, cause, by))
            steps.append(("do_maroon", -1, seat, cause, by))
        self.queue[:0] = steps

    def maroon_reactions(self, seat: int, cause: str) -> list[Action]:
        """The Treasure Maps `seat` may play against being marooned by `cause`."""
        options: list[Action] = []
        if FOUNTAIN_OF_YOUTH in self.maps[seat]:
            options.append(PlayMap(FOUNTAIN_OF_YOUTH))
        if ATLANTIS in self.maps[seat] and cause == "captain" and self.place_of(seat) < TORTUGA:
            options.append(PlayMap(ATLANTIS))
        return options

    # -- vote cards ------------------------------------------------------------------------------

    def lose_vote(self, seat: int, card: int) -> None:
        """`seat` gives up `card` for good: under the vote deck."""
        self.votes[seat].remove(card)
        self.vote_deck.insert(0, card)
        self.forget_hand(seat)
        self._events.append(("lost_vote", seat, card))

    def forget_hand(self, seat: int) -> None:
        """A memory of `seat`'s vote cards (Crow's Nest) lapses when its hand changes."""
        for memo in self.memory:
            memo.get("hands", {}).pop(seat, None)

    def draw_vote(self, seat: int) -> None:
        if self.vote_deck:
            card = self.vote_deck.pop()
            self.votes[seat].append(card)
            self.votes[seat].sort()
            self._events.append(("drew_vote", seat, card))
            self.forget_hand(seat)
            self.top_changed()

    def top_changed(self) -> None:
        """A seat that put a card on top of the vote deck (Letter of Marque) knows the top only
        until a card is taken from or put on it, or the deck is shuffled."""
        for memo in self.memory:
            memo.pop("deck_top", None)

    def ballot_choices(self, seat: int) -> list[Action]:
        """The ballots `seat` may cast in the open vote."""
        hand = sorted(set(self.votes[seat]))
        ballots: list[Action] = [SINGLE_VOTES[c] for c in hand]
        if EL_DORADO in self.maps[seat]:
            # El Dorado: "Deze speler mag 2 stemkaarten spelen bij een volgende stemronde naar
            # keuze".
            pairs = {tuple(sorted(p)) for p in combinations(self.votes[seat], 2)}
            ballots += [Vote(p) for p in sorted(pairs)]
        return ballots

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
            self.finish(SHARED)
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

    # -- the end -----------------------------------------------------------------------------

    def team_chests(self) -> tuple[int, int]:
        """Chests in the team's holds on both ships plus its slot on Tortuga."""
        british = self.holds[0][BRITISH] + self.holds[1][BRITISH] + self.tortuga_chests[BRITISH]
        french = self.holds[0][FRENCH] + self.holds[1][FRENCH] + self.tortuga_chests[FRENCH]
        return british, french

    def finish(self, team: int) -> None:
        """The game ends: `team` (BRITISH, FRENCH, DUTCH or SHARED) wins."""
        self.winner_team = team
        self.queue.clear()
        self.voting = []
        self._events.append(("over", team, self.team_chests()))

    # -- words -----------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"
