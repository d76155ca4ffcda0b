"""Setting up a game ("Het spel klaarzetten"), the count when the Spanish Armada arrives, and the
tiebreak's new event deck."""

from __future__ import annotations

from typing import Any

from buccaneer.core.errors import OptionError
from buccaneer.core.rng import Rng
from buccaneer.games.tortuga1667.components import (
    ALBATROSS,
    ARMADA_AMONG_LAST,
    BRITISH,
    CABIN_FEVER,
    DUTCH,
    FACADE,
    FLYING_DUTCHMAN,
    FRENCH,
    GALLEON_CHESTS,
    JOLLY_ROGER,
    PRINTED,
    ROW_SIZE,
    SPANISH_ARMADA,
    STAR_CARDS,
    TORTUGA,
    TORTUGA_CHESTS,
    VOTE_DECK,
    VOTES_IN_HAND,
    team_sizes,
)
from buccaneer.games.tortuga1667.fields import Fields

FREE = -1


def event_cards(players: int, options: dict[str, Any], rng: Rng) -> tuple[list[str], list[str]]:
    """The event cards in play (Armada excluded) and those left in the box."""
    stars = list(STAR_CARDS)
    boxed: list[str] = []
    cards = [name for name, count in PRINTED for _ in range(count) if name != SPANISH_ARMADA]
    chosen = options["star_cards"]
    if players > 3 and options["small_game_removes"] is not None:
        raise OptionError("tortuga1667 option 'small_game_removes' is for 2-3 players only")
    if players <= 3:
        # "Verwijder voor een 2 of 3 speler spel de Albatros ... Verwijder ook de Claustrofobie
        # (Cabin Fever) of de Uiterlijke Schijn (Facade) uit het spel."
        cards = [c for c in cards if c != ALBATROSS]
        boxed += [ALBATROSS] * 3
        gone = options["small_game_removes"]
        if isinstance(chosen, list):
            named = [c for c in (CABIN_FEVER, FACADE) if c in chosen]
            if len(named) == 2:
                raise OptionError(
                    "tortuga1667: with 2-3 players cabin_fever or facade leaves the game, so "
                    "star_cards cannot name both"
                )
            if named and gone == named[0]:
                raise OptionError(f"tortuga1667: {gone} cannot be both removed and chosen")
            if named and gone is None:
                gone = FACADE if named[0] == CABIN_FEVER else CABIN_FEVER
        if gone is None:
            gone = (CABIN_FEVER, FACADE)[rng.below(2)]
        stars.remove(gone)
        boxed.append(gone)
    if isinstance(chosen, int):
        if chosen > len(stars):
            raise OptionError(
                f"tortuga1667 option 'star_cards': only {len(stars)} star cards with "
                f"{players} players"
            )
        rng.shuffle(stars)
        picked, unused = stars[:chosen], stars[chosen:]
    else:
        picked, unused = list(chosen), [s for s in stars if s not in chosen]
    return cards + picked, boxed + unused


def set_up(state: Fields, players: int, seed: int, options: dict[str, Any]) -> None:
    state.players = players
    state.seed = seed
    state.options = options
    state.rng = rng = Rng(seed)
    british, french, dutch = team_sizes(players)
    loyalty = [BRITISH] * british + [FRENCH] * french + [DUTCH] * dutch
    rng.shuffle(loyalty)
    state.loyalty = loyalty
    state.loyalty_seen = [[team] for team in loyalty]
    votes = list(VOTE_DECK)
    rng.shuffle(votes)
    state.votes = [sorted(votes.pop() for _ in range(VOTES_IN_HAND)) for _ in range(players)]
    state.vote_deck = votes
    cards, _boxed = event_cards(players, options, rng)
    # docs/rulings.md: which event cards are in the game is public.
    state.cards_in_game = sorted([*cards, SPANISH_ARMADA])
    rng.shuffle(cards)
    # "Neem 4 kaarten van deze gebeurtenissenstapel en schud ze samen met de Spaanse
    # Vlootkaart. Leg deze 5 kaarten onderaan de stapel gebeurteniskaarten."
    bottom = [cards.pop() for _ in range(ARMADA_AMONG_LAST - 1)] + [SPANISH_ARMADA]
    rng.shuffle(bottom)
    deck = bottom + cards  # the last entry is the top
    state.row = [deck.pop() for _ in range(ROW_SIZE)]
    state.row_index = [FREE] * ROW_SIZE
    state.deck = deck
    state.deck_size = len(deck)
    state.drawn = 0
    state.armada_live = True
    state.discard = []
    state.known = [{} for _ in range(players)]
    state.lines = [[], [], []]
    state.rowboats = [FREE, FREE]
    state.galleon = GALLEON_CHESTS
    state.holds = [[0, 0], [0, 0]]
    state.tortuga_chests = [0, 0, TORTUGA_CHESTS]
    state.albatross = [0] * players
    state.maps = [[] for _ in range(players)]
    state.pirate_code = [0] * players
    state.scurvy = [False] * players
    state.actions_left = 1
    state.extra_action = False
    state.queue = []
    state.voting = []
    state.ballots = {}
    state.vote_info = ()
    state.last_vote = ()
    state.memory = [{} for _ in range(players)]
    state.tiebreak = False
    state.winner_team = -1
    state.evidence = ((0.0, 0.0, 0.0, 0.0),) * players
    state.track_evidence = players > 2
    state.reset_records()
    state.note("setup")
    bag = list(range(players))
    rng.shuffle(bag)
    if options["advanced_setup"]:
        # "Wanneer de bijbehorende pion van een speler wordt getrokken, mag deze zelf beslissen
        # op welk schip en op welke positie de pion wordt geplaatst."
        state.galleon = GALLEON_CHESTS
        state.tortuga_chests = [1, 1, 0]
        # Each place has a spot per player; gaps close once everyone has sat down ("worden
        # alle pionnen omhoog verplaatst waar plek is").
        state.spots = [[FREE] * players for _ in range(3)]
        state.queue = [("place_pawn", seat) for seat in bag]
        state.queue.append(("setup_chests", -1))
        state.current = bag[0]
        return
    # "De eerste pion is de kapitein van de Flying Dutchman, de tweede de kapitein van de Jolly
    # Roger, de derde is de Eerste Stuurman op de Flying Dutchman, enzovoort."
    for i, seat in enumerate(bag):
        state.lines[FLYING_DUTCHMAN if i % 2 == 0 else JOLLY_ROGER].append(seat)
    state.spots = []
    state.queue = [("setup_chests", -1)]
    state.current = state.lines[JOLLY_ROGER][0]


def setup_chests(state: Fields) -> None:
    """ "Eerst legt de kapitein van de Jolly Roger zijn schatkist in een van de ruimen van zijn
    schip, daarna doet de kapitein van de Flying Dutchman hetzelfde". A ship without a captain
    (advanced setup only) has its chest placed by the first player to move."""
    if state.spots:
        state.lines = [[s for s in spots if s >= 0] for spots in state.spots]
        state.spots = []
    first = first_player(state)
    steps = []
    for ship in (JOLLY_ROGER, FLYING_DUTCHMAN):
        line = state.lines[ship]
        steps.append(("setup_chest", line[0] if line else first, ship))
    state.queue[:0] = steps
    state.current = first


def first_player(state: Fields) -> int:
    """ "De kapitein van de Jolly Roger is als eerste aan de beurt" (docs/rulings.md: with an
    empty Jolly Roger after the advanced setup, the Flying Dutchman's captain, else the
    governor)."""
    for place in (JOLLY_ROGER, FLYING_DUTCHMAN, TORTUGA):
        if state.lines[place]:
            return state.lines[place][0]
    raise AssertionError("no pawn anywhere")


def armada(state: Fields) -> None:
    """ "Zodra de Spaanse Vlootkaart wordt onthuld, wint de Franse of Britse bemanning met de
    meeste schatkisten" — a tie goes to the Dutch seat (odd counts) or to the tiebreak."""
    british, french = state.team_chests()
    if british != french:
        state.finish(BRITISH if british > french else FRENCH)
    elif state.players % 2:
        state.finish(DUTCH)
    else:
        start_tiebreak(state)


def start_tiebreak(state: Fields) -> None:
    """ "verwijder deze kaart dan uit het spel en schud alle afgelegde en niet-onthulde kaarten
    (inclusief de rij met gebeurteniskaarten) in een nieuwe gebeurtenissenstapel. Maak een nieuwe
    rij met 5 gebeurteniskaarten en speel verder." """
    cards = [c for c in state.discard if c != SPANISH_ARMADA]
    cards += state.deck + [c for c in state.row if c is not None]
    state.rng.shuffle(cards)
    state.discard = []
    # A new list: clones share this one (it is never changed in place).
    state.cards_in_game = [c for c in state.cards_in_game if c != SPANISH_ARMADA]
    state.row = [cards.pop() if cards else None for _ in range(ROW_SIZE)]
    state.row_index = [FREE] * ROW_SIZE
    state.deck = cards
    state.deck_size = len(cards)
    state.drawn = 0
    state.armada_live = False
    state.known = [{} for _ in range(state.players)]
    state.tiebreak = True
    state.note("tiebreak")
