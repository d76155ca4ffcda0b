"""Tortuga 1667 for learning agents: fixed action ids and a fixed-shape observation vector.

Actions: `codec_actions.py` lists every action in id order and says why the space is that big:
170 + 14n ids for n players (+ 3n with the advanced setup), i.e. 198 / 240 / 296 for 2 / 5 / 9
players. Seat-valued actions (`Point`, `Maroon`, `Target`, `MarqueMove`, `PlacePawn` spots)
name absolute seats, because `id_to_action` has no observing seat; the observation therefore
carries the observer's absolute seat (field `seat`).

Observation: built from `view(seat)` alone, every value a float in [0, 1]. Per-seat fields are
**rotated so the observer comes first**: row k describes seat (observer + k) % n, the seat k
places after the observer in turn order. Fields that name a seat (current seat, caller, crew
member at a rank, ...) use the same relative index. Counts are divided by their true maxima:
chests by the 8 in the game (galleon 4 + Tortuga 2 + the captains' 2 setup chests), vote cards
of a type by that type's copies in the 30-card deck, hand sizes by 5 (three dealt, El Dorado's
extra card, and the card Letter of Marque draws before one goes back on top). The field table
(`layout`) is in `_layout`; a spectator view (seat None) is encoded as seat 0 without private
information. The `decision` one-hot follows `DECISIONS`: turn, vote, choose, setup_chest,
place_pawn, stow, discard, react_maroon, react_call, give_map, pistol, marque, marque_top,
powder, fever, crows, crows_pick (all zero once the game is over).

View keys deliberately left out: `game`, `players`, `options` (constant for one codec; which
star cards are in play is in `events_in_game`), `seed` (null while the game runs),
`seat_names` (labels), `scores` and `winners` (zero while the game runs, and at the end follow
from `winner_team` and `loyalties`), `loyalty_history` beyond its first entry (a change by
Cabin Fever also shows in `known_loyalties`, encoded in `loyalties`), `voted` (exactly the
seats with a non-zero `ballot_sizes`), and in `decision` the `waiting` list (the same as
`to_move`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from buccaneer.core.codec import Codec, Field, Writer
from buccaneer.games.tortuga1667.codec_actions import COPIES, VOTE_TYPES, action_space
from buccaneer.games.tortuga1667.components import (
    BOTTOMS,
    EVENT_NAMES,
    FLAGS,
    GALLEON_CHESTS,
    PLACES,
    PRINTED,
    ROW_SIZE,
    SHIPS,
    STAR_CARDS,
    TEAMS,
    TOPS,
    TORTUGA_CHESTS,
    TREASURE_MAPS,
    VOTE_DECK,
    VOTES_IN_HAND,
    bottom_of,
    flag_of,
    top_of,
    vote_name,
)

Rel = tuple[int, ...]  # absolute seat -> seat relative to the observer
Put = Callable[[str, Iterable[float]], None]

# -- normalisers (true maxima) ------------------------------------------------------------------
CHESTS = GALLEON_CHESTS + TORTUGA_CHESTS + 2  # the captains' setup chests (invariants.py)
MAX_HAND = VOTES_IN_HAND + 2  # + El Dorado's card + Letter of Marque's draw before putting back
MAX_HELD = VOTES_IN_HAND + 1  # a hand between decisions (Crow's Nest replaces at most this)
MAX_BALLOT = 2  # El Dorado: two cards in one vote
MAX_ACTIONS = 2  # two actions per turn (2 players, option)
PIRATE_CODE_VOTES = 2  # "mag niet deelnemen aan de volgende twee stemronden"
EVENT_COPIES: dict[str, int] = {**dict(PRINTED), **dict.fromkeys(STAR_CARDS, 1)}
EVENT_TOTAL = sum(EVENT_COPIES.values())  # 24 printed cards
EVENT_DECK_MAX = EVENT_TOTAL - ROW_SIZE  # the deck right after the first row is dealt
VOTE_DECK_SIZE = len(VOTE_DECK)

# -- categories ---------------------------------------------------------------------------------
TEAM_INDEX = {name: i for i, name in enumerate(TEAMS)}
UNKNOWN_TEAM = len(TEAMS)
WINNERS: tuple[str, ...] = (*TEAMS, "shared")
EVENT_INDEX = {name: i for i, name in enumerate(EVENT_NAMES)}
ROW_CELL = 2 + len(EVENT_NAMES)  # empty, face down (unknown to the seat), or the card
VOTE_INDEX = {vote_name(t): t for t in VOTE_TYPES}
N_TYPES = len(VOTE_TYPES)
TYPE_COPIES: tuple[float, ...] = tuple(float(COPIES[t]) for t in VOTE_TYPES)
# Vote card sections: tops, flags, bottoms (7 in all), the section index of each type's three.
SECTIONS: tuple[str, ...] = (*TOPS, *FLAGS, *BOTTOMS)
TYPE_SECTIONS: tuple[tuple[int, int, int], ...] = tuple(
    (top_of(t), len(TOPS) + flag_of(t), len(TOPS) + len(FLAGS) + bottom_of(t)) for t in VOTE_TYPES
)
SECTION_COPIES: tuple[int, ...] = tuple(
    sum(COPIES[t] for t in VOTE_TYPES if k in TYPE_SECTIONS[t]) for k in range(len(SECTIONS))
)
PLACE_NAMES: tuple[str, ...] = (*SHIPS, "tortuga", *(f"rowboat_{s}" for s in SHIPS))
ROLES: tuple[str, ...] = ("captain", "first_mate", "cabin_boy", "governor")
ROWBOAT_STATES: tuple[str, ...] = ("free", "occupied", "destroyed")
DECISIONS: tuple[str, ...] = (
    "turn",
    "vote",
    "choose",
    "setup_chest",
    "place_pawn",
    "stow",
    "discard",
    "react_maroon",
    "react_call",
    "give_map",
    "pistol",
    "marque",
    "marque_top",
    "powder",
    "fever",
    "crows",
    "crows_pick",
)
DECISION_INDEX = {name: i for i, name in enumerate(DECISIONS)}
VOTE_KINDS: tuple[str, ...] = ("attack", "mutiny", "brawl")
VOTE_KIND_INDEX = {name: i for i, name in enumerate(VOTE_KINDS)}
PLACE_INDEX = {name: i for i, name in enumerate(PLACES)}
MAROON_CAUSES: tuple[str, ...] = ("captain", "mutiny", "pistol", "black_spot", "albatross")
MAROON_INDEX = {name: i for i, name in enumerate(MAROON_CAUSES)}
MAP_INDEX = {name: i for i, name in enumerate(TREASURE_MAPS)}


def _layout(n: int, advanced_setup: bool) -> tuple[Field, ...]:
    """The observation fields for `n` players (per-seat rows in relative order, observer first)."""
    fields = [
        # -- who am I --
        Field("seat", n, "observer's absolute seat (one-hot; action ids name absolute seats)"),
        Field("loyalty", 3, "own loyalty card now: british, french, dutch"),
        Field("first_loyalty", 3, "own loyalty card at the start (Cabin Fever may swap it)"),
        Field(
            "loyalties",
            4 * n,
            "per seat: british, french, dutch, unknown (known: own, Cabin Fever, game end)",
        ),
        # -- pawns --
        Field("place", 5 * n, "per seat: on FD, JR, Tortuga, FD rowboat, JR rowboat"),
        Field("role", 4 * n, "per seat: captain, first mate, cabin boy, governor of Tortuga"),
        Field(
            "crew_flying_dutchman",
            n * n,
            "Flying Dutchman crew: per rank (top first) the seat there",
        ),
        Field("crew_jolly_roger", n * n, "Jolly Roger crew: per rank (top first) the seat there"),
        Field("crew_tortuga", n * n, "Tortuga line: per rank (governor first) the seat there"),
        Field("rowboats", 6, "per ship's rowboat: free, occupied, destroyed"),
        # -- chests --
        Field("holds", 4, "chests in FD british, FD french, JR british, JR french holds / 8"),
        Field("tortuga_chests", 3, "chests on Tortuga: british slot, french slot, loose / 8"),
        Field("galleon", 1, "chests on the Spanish galleon / 8"),
        Field("team_chests", 2, "british, french team chest totals / 8"),
        # -- event cards --
        Field(
            "event_row",
            ROW_SIZE * ROW_CELL,
            "per row slot: empty, face down (unknown), or the card the seat knows (16 names)",
        ),
        Field(
            "row_bottom_five",
            ROW_SIZE,
            "per row slot: drawn from the deck's bottom five (where the Armada hides)",
        ),
        Field("event_deck", 1, "event cards left in the deck / 19"),
        Field("event_discard", len(EVENT_NAMES), "discarded event cards per name / copies"),
        Field("events_in_game", len(EVENT_NAMES), "event cards in this game per name / copies"),
        Field("armada_in_deck", 1, "the Spanish Armada is still to come"),
        Field("tiebreak", 1, "the tiebreak (after a tied Armada) is on"),
        Field("albatross", n, "per seat: Albatross cards held / 3"),
        Field("treasure_maps", 3 * n, "per seat: holds Fountain of Youth, Atlantis, El Dorado"),
        Field("pirate_code", n, "per seat: votes still to sit out (Pirate Code) / 2"),
        Field("scurvy", n, "per seat: loses its next turn (Scurvy)"),
        # -- vote cards --
        Field("votes", N_TYPES, "own vote cards per type / copies in the deck"),
        Field("vote_hand_sizes", n, "per seat: vote cards in hand / 5"),
        Field("vote_deck", 1, "vote cards in the deck / 30"),
        Field(
            "vote_deck_top", N_TYPES, "vote deck's top card if the seat put it there (one-hot type)"
        ),
        Field(
            "vote_deck_cards",
            N_TYPES + 1,
            "Crow's Nest picker: deck cards per type / copies, then 'shown'",
        ),
        Field(
            "known_hands",
            (N_TYPES + 1) * n,
            "per seat: hand per type / copies then 'known' (chosen by own Crow's Nest)",
        ),
        Field("ballot", N_TYPES, "own cards in the open vote per type / 2"),
        Field("ballot_sizes", n, "per seat: cards put into the open vote / 2"),
        Field("last_vote_kind", 3, "last revealed vote: attack, mutiny, brawl"),
        Field("last_vote_cards", N_TYPES, "last revealed vote's cards per type / copies"),
        Field(
            "last_vote_sections",
            len(SECTIONS),
            "last vote: cannon, water, torch, british, french, skull, blank / max",
        ),
        # -- whose decision --
        Field("to_move", n, "per seat: a decision is awaited from it now"),
        Field("current", n, "seat whose turn it is (one-hot)"),
        Field("actions_left", 1, "actions left in this turn / 2"),
        Field(
            "decision",
            len(DECISIONS),
            "pending decision kind (one-hot: turn, vote, choose, ..., crows_pick)",
        ),
        Field("decision_seat", n, "seat that decides (one-hot; none during a vote)"),
        Field("vote_kind", 3, "open vote: attack, mutiny, brawl"),
        Field("vote_place", 3, "open vote on: Flying Dutchman, Jolly Roger, Tortuga"),
        Field("vote_caller", n, "open vote's caller (one-hot seat)"),
        Field("voters", n, "per seat: votes in the open vote"),
        Field("choose_slots", ROW_SIZE, "pointing: the two row slots to choose between"),
        Field("choose_by", n, "pointing: the seat that pointed (one-hot)"),
        Field(
            "maroon_cause",
            len(MAROON_CAUSES),
            "marooning a Treasure Map may answer: captain, mutiny, pistol, black spot, albatross",
        ),
        Field("map_given", len(TREASURE_MAPS), "Treasure Map being given away (one-hot)"),
        Field("crows_target", n, "Crow's Nest: seat whose hand is being chosen (one-hot)"),
        Field("crows_left", 1, "Crow's Nest: cards still to pick / 4"),
        # -- the end --
        Field("over", 1, "the game is over"),
        Field("winner_team", len(WINNERS), "winner: british, french, dutch, shared"),
    ]
    if advanced_setup:
        fields.append(
            Field(
                "spots",
                3 * n * n,
                "advanced setup: per place (FD, JR, Tortuga) and spot, the seat sitting there",
            )
        )
    return tuple(fields)


class Tortuga1667Codec(Codec):
    """Tortuga 1667's action ids and observation vector for one player count and options."""

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        advanced = bool(options.get("advanced_setup", False))
        super().__init__(
            "tortuga1667",
            players,
            options,
            action_space(players, advanced),
            _layout(players, advanced),
        )
        n = players
        self._advanced = advanced
        # _rel[me][s]: seat s relative to the observer me (0 = the observer).
        self._rel = tuple(tuple((s - me) % n for s in range(n)) for me in range(n))
        self._section_max = tuple(float(min(c, n + 2)) for c in SECTION_COPIES)

    def encode(self, view: Mapping[str, Any], writer: Writer) -> None:
        seat = view["seat"]
        rel = self._rel[seat if seat is not None else 0]
        put = writer.put
        self._identity(view, rel, put)
        self._pawns(view, rel, put)
        self._event_cards(view, rel, put)
        self._vote_cards(view, rel, put)
        self._decision(view, rel, put)

    def _identity(self, view: Mapping[str, Any], rel: Rel, put: Put) -> None:
        n = self.players
        seat = view["seat"]
        put("seat", _one_hot(seat, n))
        loyalty = view["loyalty"]
        put("loyalty", _one_hot(TEAM_INDEX.get(loyalty) if loyalty else None, 3))
        history = view["loyalty_history"]
        put("first_loyalty", _one_hot(TEAM_INDEX[history[0]] if history else None, 3))
        teams = [UNKNOWN_TEAM] * n
        for who, team in view["known_loyalties"].items():
            teams[rel[int(who)]] = TEAM_INDEX[team]
        if loyalty:
            teams[0] = TEAM_INDEX[loyalty]
        if view["loyalties"] is not None:
            for who, team in enumerate(view["loyalties"]):
                teams[rel[who]] = TEAM_INDEX[team]
        row = [0.0] * (4 * n)
        for k, team in enumerate(teams):
            row[4 * k + team] = 1.0
        put("loyalties", row)

    def _pawns(self, view: Mapping[str, Any], rel: Rel, put: Put) -> None:
        n = self.players
        ships = view["ships"]
        tortuga = view["tortuga"]
        rowboats = view["rowboats"]
        place = [0.0] * (5 * n)
        role = [0.0] * (4 * n)
        crews = []
        for p, line in enumerate(
            (ships[SHIPS[0]]["crew"], ships[SHIPS[1]]["crew"], tortuga["crew"])
        ):
            matrix = [0.0] * (n * n)
            for rank, who in enumerate(line):
                k = rel[who]
                matrix[rank * n + k] = 1.0
                place[5 * k + p] = 1.0
                if p < 2 and rank < 3:
                    role[4 * k + rank] = 1.0
                elif p == 2 and rank == 0:
                    role[4 * k + 3] = 1.0
            crews.append(matrix)
        boats = [0.0] * 6
        for ship, name in enumerate(SHIPS):
            occupant = rowboats[name]
            if occupant is None:
                boats[3 * ship] = 1.0
            elif occupant == "destroyed":
                boats[3 * ship + 2] = 1.0
            else:
                boats[3 * ship + 1] = 1.0
                place[5 * rel[occupant] + 3 + ship] = 1.0
        put("place", place)
        put("role", role)
        put("crew_flying_dutchman", crews[0])
        put("crew_jolly_roger", crews[1])
        put("crew_tortuga", crews[2])
        put("rowboats", boats)

        # chests
        fd, jr = ships[SHIPS[0]]["holds"], ships[SHIPS[1]]["holds"]
        put(
            "holds",
            (
                fd["british"] / CHESTS,
                fd["french"] / CHESTS,
                jr["british"] / CHESTS,
                jr["french"] / CHESTS,
            ),
        )
        put(
            "tortuga_chests",
            (tortuga["british"] / CHESTS, tortuga["french"] / CHESTS, tortuga["loose"] / CHESTS),
        )
        put("galleon", (view["galleon"] / CHESTS,))
        chests = view["team_chests"]
        put("team_chests", (chests["british"] / CHESTS, chests["french"] / CHESTS))

    def _event_cards(self, view: Mapping[str, Any], rel: Rel, put: Put) -> None:
        n = self.players
        events = view["events"]
        cells = [0.0] * (ROW_SIZE * ROW_CELL)
        for slot, card in enumerate(events["row"]):
            if card == "empty":
                cells[slot * ROW_CELL] = 1.0
            elif card is None:
                cells[slot * ROW_CELL + 1] = 1.0
            else:
                cells[slot * ROW_CELL + 2 + EVENT_INDEX[card]] = 1.0
        put("event_row", cells)
        put("row_bottom_five", [1.0 if b else 0.0 for b in events["bottom_five"]])
        put("event_deck", (events["deck"] / EVENT_DECK_MAX,))
        put("event_discard", _event_counts(events["discard"]))
        put("events_in_game", _event_counts(events["in_game"]))
        put("armada_in_deck", (1.0 if events["armada_in_deck"] else 0.0,))
        put("tiebreak", (1.0 if view["tiebreak"] else 0.0,))
        albatross = [0.0] * n
        maps = [0.0] * (3 * n)
        code = [0.0] * n
        scurvy = [0.0] * n
        for who in range(n):
            k = rel[who]
            albatross[k] = view["albatross"][who] / EVENT_COPIES["albatross"]
            for card in view["treasure_maps"][who]:
                maps[3 * k + MAP_INDEX[card]] = 1.0
            code[k] = view["pirate_code"][who] / PIRATE_CODE_VOTES
            scurvy[k] = 1.0 if view["scurvy"][who] else 0.0
        put("albatross", albatross)
        put("treasure_maps", maps)
        put("pirate_code", code)
        put("scurvy", scurvy)

    def _vote_cards(self, view: Mapping[str, Any], rel: Rel, put: Put) -> None:
        n = self.players
        put("votes", _vote_counts(view["votes"] or ()))
        sizes = [0.0] * n
        for who, size in enumerate(view["vote_hand_sizes"]):
            sizes[rel[who]] = size / MAX_HAND
        put("vote_hand_sizes", sizes)
        put("vote_deck", (view["vote_deck"] / VOTE_DECK_SIZE,))
        top = view["vote_deck_top"]
        put("vote_deck_top", _one_hot(VOTE_INDEX[top] if top else None, N_TYPES))
        shown = view["vote_deck_cards"]
        put("vote_deck_cards", [*_vote_counts(shown or ()), 1.0 if shown is not None else 0.0])
        hands = [0.0] * ((N_TYPES + 1) * n)
        for who, cards in view["known_hands"].items():
            at = (N_TYPES + 1) * rel[int(who)]
            hands[at : at + N_TYPES] = _vote_counts(cards)
            hands[at + N_TYPES] = 1.0
        put("known_hands", hands)
        ballot = [0.0] * N_TYPES
        for card in view["ballot"] or ():
            ballot[VOTE_INDEX[card]] += 1.0 / MAX_BALLOT
        put("ballot", ballot)
        ballot_sizes = [0.0] * n
        for who, size in view["ballot_sizes"].items():
            ballot_sizes[rel[int(who)]] = size / MAX_BALLOT
        put("ballot_sizes", ballot_sizes)
        last = view["last_vote"]
        put("last_vote_kind", _one_hot(VOTE_KIND_INDEX[last["kind"]] if last else None, 3))
        put("last_vote_cards", _vote_counts(last["cards"] if last else ()))
        sections = [0.0] * len(SECTIONS)
        for card in last["cards"] if last else ():
            for k in TYPE_SECTIONS[VOTE_INDEX[card]]:
                sections[k] += 1.0
        put("last_vote_sections", [c / m for c, m in zip(sections, self._section_max, strict=True)])

    def _decision(self, view: Mapping[str, Any], rel: Rel, put: Put) -> None:
        n = self.players
        to_move = [0.0] * n
        for who in view["to_move"]:
            to_move[rel[who]] = 1.0
        put("to_move", to_move)
        put("current", _one_hot(rel[view["current"]], n))
        put("actions_left", (view["actions_left"] / MAX_ACTIONS,))
        decision = view["decision"] or {}
        kind = decision.get("kind")
        put("decision", _one_hot(DECISION_INDEX[kind] if kind else None, len(DECISIONS)))
        decider = decision.get("seat")
        put("decision_seat", _one_hot(rel[decider] if decider is not None else None, n))
        voting = kind == "vote"
        put("vote_kind", _one_hot(VOTE_KIND_INDEX[decision["vote"]] if voting else None, 3))
        put("vote_place", _one_hot(PLACE_INDEX[decision["place"]] if voting else None, 3))
        put("vote_caller", _one_hot(rel[decision["caller"]] if voting else None, n))
        voters = [0.0] * n
        for who in decision.get("voters", ()) if voting else ():
            voters[rel[who]] = 1.0
        put("voters", voters)
        choose = kind == "choose"
        slots = [0.0] * ROW_SIZE
        for slot in decision["slots"] if choose else ():
            slots[slot] = 1.0
        put("choose_slots", slots)
        put("choose_by", _one_hot(rel[decision["by"]] if choose else None, n))
        cause = decision.get("cause") if kind == "react_maroon" else None
        put("maroon_cause", _one_hot(MAROON_INDEX[cause] if cause else None, len(MAROON_CAUSES)))
        given = decision.get("card") if kind == "give_map" else None
        put("map_given", _one_hot(MAP_INDEX[given] if given else None, len(TREASURE_MAPS)))
        picking = kind == "crows_pick"
        put("crows_target", _one_hot(rel[decision["target"]] if picking else None, n))
        put("crows_left", (decision["left"] / MAX_HELD if picking else 0.0,))

        over = bool(view["over"])
        put("over", (1.0 if over else 0.0,))
        winner = view["winner_team"]
        put("winner_team", _one_hot(WINNERS.index(winner) if winner else None, len(WINNERS)))
        if self._advanced:
            spots = [0.0] * (3 * n * n)
            for p, line in enumerate(view["spots"] or ()):
                for spot, who in enumerate(line):
                    if who is not None:
                        spots[(p * n + spot) * n + rel[who]] = 1.0
            put("spots", spots)


def _one_hot(index: int | None, size: int) -> list[float]:
    row = [0.0] * size
    if index is not None:
        row[index] = 1.0
    return row


def _vote_counts(names: Any) -> list[float]:
    """Vote cards by name as counts per type, each divided by its copies in the deck."""
    counts = [0.0] * N_TYPES
    for name in names:
        counts[VOTE_INDEX[name]] += 1.0
    return [c / m for c, m in zip(counts, TYPE_COPIES, strict=True)]


def _event_counts(names: list[str]) -> list[float]:
    counts = [0.0] * len(EVENT_NAMES)
    for name in names:
        counts[EVENT_INDEX[name]] += 1.0
    return [c / EVENT_COPIES[name] for c, name in zip(counts, EVENT_NAMES, strict=True)]


__all__ = ["Tortuga1667Codec"]
