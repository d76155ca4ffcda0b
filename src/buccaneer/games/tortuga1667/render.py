"""Tortuga 1667's table for a terminal (Rich), drawn from a view only (never from the state).

Top to bottom: whose turn and the team sizes; the two ships and Tortuga side by side (crews top
first with their roles, holds and slots, rowboats); the Spanish galleon and the team totals; the
event row with the deck and the discard pile; one line per pirate (vote cards in hand, the cards
in front of them, loyalty where the viewer knows it, whether they have voted); the viewer's own
loyalty and vote cards; a vote in progress and the last vote's cards; and what the game waits
for, or at the end everyone's loyalty and the winning team. Fits 100 columns.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from buccaneer.core.words import plural
from buccaneer.games.tortuga1667.render_parts import (
    EMPTY,
    UNKNOWN,
    VOTE_LEGEND,
    VOTE_RULES,
    card_title,
    decision_text,
    holds,
    names,
    pawn,
    place_title,
    role,
    rowboat,
    seat_cards,
    tally,
    team,
    unplaced,
    vote_cards,
)

ROLE_WIDTH = 10  # "First Mate"
SETUP_DECISIONS = ("place_pawn", "setup_chest")


def _header(view: dict[str, Any]) -> Text:
    players = int(view["players"])
    half, dutch = players // 2, players % 2
    text = Text("Tortuga 1667", style="bold")
    teams = f"{half} British, {half} French" + (", 1 Dutch" if dutch else "")
    text.append(f" · {players} pirates: {teams}")
    if not view["over"]:
        text.append(", loyalties secret")
    decision = view["decision"] or {}
    if decision.get("kind") in SETUP_DECISIONS:
        text.append(" · setting up", style="bold")
    elif not view["over"] and view["decision"] is not None:
        current = int(view["current"])
        text.append(" · turn: ")
        text.append(view["seat_names"][current], style="bold")
        if current == view["seat"]:
            text.append(" (you)", style="bold")
    if view.get("tiebreak") and not view["over"]:
        text.append(
            "\nTIEBREAK: the Armada brought a tie; the first team to take the lead wins.",
            style="bold red",
        )
    return text


def _crew_cell(view: dict[str, Any], place: str, crew: list[int], rank: int) -> Text:
    if rank >= len(crew):
        if rank == 0:
            return Text("(nobody)", style="dim")
        return Text()
    text = Text(f"{role(place, rank):<{ROLE_WIDTH}} ", style="cyan")
    text.append_text(pawn(view, crew[rank], board=True))
    return text


def _places(view: dict[str, Any]) -> Table:
    """The two ships and Tortuga side by side: chests, then the crew top first, then the
    ships' rowboats."""
    ships = view["ships"]
    tortuga = view["tortuga"]
    table = Table(box=box.ROUNDED, padding=(0, 1), header_style="bold")
    columns: list[tuple[str, list[int], Text]] = []
    # Each column is 23 characters wide in an 80-column terminal: the chest counts go under
    # the place's name, the word "holds" or "slots" into its header.
    for ship, data in ships.items():
        chests = holds(int(data["holds"]["british"]), int(data["holds"]["french"]))
        columns.append((ship, list(data["crew"]), chests))
    chests = holds(int(tortuga["british"]), int(tortuga["french"]))
    columns.append(("tortuga", list(tortuga["crew"]), chests))
    for place, _crew, _ in columns:
        header = Text(place_title(place), style="bold")
        header.append(" slots" if place == "tortuga" else " holds", style="dim")
        table.add_column(header, no_wrap=True)
    table.add_row(*(chest_line for _, _, chest_line in columns))
    depth = max(1, *(len(crew) for _, crew, _ in columns))
    for rank in range(depth):
        table.add_row(*(_crew_cell(view, place, crew, rank) for place, crew, _ in columns))
    loose = Text("loose chests: ", style="dim")
    loose.append(str(tortuga["loose"]))
    table.add_row(*(rowboat(view, ship) for ship in ships), loose)
    return table


def _treasure(view: dict[str, Any]) -> Text:
    text = Text("Spanish galleon: ", style="bold")
    text.append(plural(int(view["galleon"]), "chest"))
    text.append("    Team chests ", style="bold")
    text.append("(both ships' holds + Tortuga slot): ", style="dim")
    totals = view["team_chests"]
    text.append_text(holds(int(totals["british"]), int(totals["french"])))
    return text


def _event_row(view: dict[str, Any]) -> Table:
    """The five event cards: the name where the viewer knows it, ? unknown, — empty."""
    decision = view["decision"] or {}
    pointed = set(decision.get("slots", ())) if decision.get("kind") == "choose" else set()
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    for _ in view["events"]["row"]:
        table.add_column()
    cells: list[Text] = [Text("Event row", style="bold")]
    for slot, card in enumerate(view["events"]["row"]):
        cell = Text(f"{slot + 1} ", style="bold reverse" if slot in pointed else "bold")
        if card is None:
            cell.append(UNKNOWN, style="yellow")
        elif card == "empty":
            cell.append(EMPTY, style="dim")
        else:
            cell.append(card_title(str(card)), style="bold cyan")
        cells.append(cell)
    table.add_row(*cells)
    return table


def _decks(view: dict[str, Any]) -> Text:
    events = view["events"]
    text = Text("Event deck: ", style="bold")
    text.append(plural(int(events["deck"]), "card"))
    if events.get("armada_in_deck") and not view.get("tiebreak") and not view["over"]:
        text.append(" (the Spanish Armada is among the last 5 event cards)", style="dim")
    text.append("    Vote deck: ", style="bold")
    text.append(plural(int(view["vote_deck"]), "card"))
    stars = view["options"].get("star_cards")
    if isinstance(stars, list) and stars:
        text.append("\nStar cards in this game: ", style="bold")
        text.append(", ".join(card_title(str(c)) for c in stars))
    text.append("\nDiscard pile: ", style="bold")
    counts = Counter(str(c) for c in events["discard"])
    if counts:
        text.append(
            ", ".join(card_title(card) + (f" ×{n}" if n > 1 else "") for card, n in counts.items())
        )
    else:
        text.append("empty", style="dim")
    return text


def _voting(view: dict[str, Any]) -> dict[str, Any] | None:
    decision = view["decision"]
    return decision if decision and decision.get("kind") == "vote" else None


def _loyalty_cell(view: dict[str, Any], seat: int) -> Text:
    if view.get("loyalties"):
        return team(str(view["loyalties"][seat]))
    if seat == view["seat"] and view.get("loyalty"):
        return team(str(view["loyalty"]))
    return team(None)


def _pirates(view: dict[str, Any]) -> Table:
    """One line per pirate: what everyone can see about them (and their loyalty where the
    viewer knows it)."""
    vote = _voting(view)
    table = Table(box=None, padding=(0, 2, 0, 0), pad_edge=False, header_style="bold")
    table.add_column("pirate", no_wrap=True)
    table.add_column("vote cards", justify="right", no_wrap=True)
    table.add_column("cards in front of them")
    table.add_column("loyalty", no_wrap=True)
    if vote is not None:
        table.add_column(f"{vote['vote']} vote", no_wrap=True)
    winners = set(view["winners"]) if view["over"] else set()
    for seat in range(int(view["players"])):
        label = pawn(view, seat)
        if seat in winners:
            label.append(" ★", style="bold green")
        row: list[Text] = [
            label,
            Text(str(view["vote_hand_sizes"][seat])),
            seat_cards(view, seat),
            _loyalty_cell(view, seat),
        ]
        if vote is not None:
            if seat in view["voted"]:
                row.append(Text("voted ✓", style="green"))
            elif seat in vote["voters"]:
                row.append(Text("voting…", style="yellow"))
            else:
                row.append(Text("—", style="dim"))
        table.add_row(*row)
    return table


def _you(view: dict[str, Any]) -> list[Text]:
    """The viewer's own secrets: loyalty (and its history), vote cards, what it remembers."""
    me = view["seat"]
    if me is None:
        if view["over"]:
            return []
        return [Text("Watching: loyalties and vote cards stay hidden until the end.", "dim")]
    lines: list[Text] = []
    text = Text("You are ", style="bold")
    text.append_text(team(view.get("loyalty")))
    goal = {
        "british": "the British win if they have more chests when the Spanish Armada comes",
        "french": "the French win if they have more chests when the Spanish Armada comes",
        "dutch": "you win if the teams are tied when the Spanish Armada comes",
    }.get(str(view.get("loyalty")))
    if goal and not view["over"] and not view.get("tiebreak"):
        text.append(f" — {goal}", style="dim")
    lines.append(text)
    history = list(view.get("loyalty_history") or [])
    if len(history) > 1:
        seen = Text("Your loyalty cards so far (Cabin Fever): ", style="bold")
        seen.append_text(Text(" → ", style="dim").join(team(t) for t in history))
        lines.append(seen)
    cards = Text("Your vote cards: ", style="bold")
    cards.append_text(vote_cards(list(view.get("votes") or [])))
    lines.append(cards)
    if view.get("ballot"):
        ballot = Text("You voted: ", style="bold")
        ballot.append_text(vote_cards(list(view["ballot"])))
        ballot.append(" (secret; the cards are shown shuffled when everyone has voted)", "dim")
        lines.append(ballot)
    for seat, hand in sorted((view.get("known_hands") or {}).items()):
        known = Text(f"You chose {names(view, [int(seat)])}'s vote cards (Crow's Nest): ")
        known.append_text(vote_cards(list(hand)))
        lines.append(known)
    if view.get("vote_deck_top"):
        top = Text("You put ")
        top.append_text(vote_cards([str(view["vote_deck_top"])]))
        top.append(" on top of the vote deck.")
        lines.append(top)
    return lines


def _vote_lines(view: dict[str, Any]) -> list[Text]:
    lines: list[Text] = []
    vote = _voting(view)
    if vote is not None:
        text = Text(f"Vote in progress: {vote['vote'].upper()}", style="bold yellow")
        place = str(vote["place"])
        text.append(f" on {'' if place == 'tortuga' else 'the '}{place_title(place)}, called by ")
        text.append(names(view, [int(vote["caller"])]), style="bold")
        lines.append(text)
        voters = Text("  voting (with the top card of the vote deck): ")
        for i, seat in enumerate(vote["voters"]):
            if i:
                voters.append(", ")
            voters.append(names(view, [seat]))
            done = seat in view["voted"]
            voters.append(" ✓" if done else " …", style="green" if done else "yellow")
        lines.append(voters)
        rule = VOTE_RULES.get(str(vote["vote"]), "")
        lines.append(Text(f"  The {vote['vote']} {rule}.", style="dim"))
    last = view.get("last_vote")
    if last:
        cards = [str(c) for c in last["cards"]]
        text = Text(f"Last vote ({last['kind']}), shuffled: ", style="bold")
        text.append_text(vote_cards(cards))
        outcome = tally(str(last["kind"]), cards)
        lines.append(text)
        if outcome:
            lines.append(Text(f"  → {outcome}", style="italic"))
    return lines


def _ending(view: dict[str, Any]) -> Text:
    totals = view["team_chests"]
    winner = view.get("winner_team")
    if winner == "shared":
        result = "the British and the French share the win"
    elif winner:
        result = f"the {team(str(winner)).plain} win"
    else:
        result = "nobody wins"
    text = Text(f"Game over: {result}", style="bold green")
    text.append(f" (chests British {totals['british']}, French {totals['french']}).")
    return text


def render(view: dict[str, Any]) -> Group:
    """The whole table as `view["seat"]` (None: a spectator) may see it."""
    parts: list[Any] = [_header(view), _places(view)]
    waiting = unplaced(view)
    if waiting and not view["over"]:
        parts.append(Text(f"Not placed yet: {names(view, waiting)}", style="dim"))
    parts += [_treasure(view), _event_row(view), _decks(view), _pirates(view)]
    parts.extend(_you(view))
    if view["seat"] is not None and not view["over"]:
        parts.append(Text(VOTE_LEGEND, style="dim"))
    parts.extend(_vote_lines(view))
    if view["over"]:
        parts.append(_ending(view))
    else:
        waiting_for = Text("Waiting for: ", style="bold italic")
        waiting_for.append_text(decision_text(view))
        parts.append(waiting_for)
    return Group(*parts)


__all__ = ["render"]
