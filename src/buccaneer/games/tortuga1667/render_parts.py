"""Small pieces of Tortuga 1667's terminal table, each a pure function of (part of) a view.

Nothing here looks past the view: a card, loyalty or vote is shown only where the view holds it,
and what the table adds (roles, vote tallies, team sizes) follows from the view and the rules.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from buccaneer.core.words import plural
from buccaneer.games.tortuga1667.log import CARD_TITLES

PLACE_TITLES: dict[str, str] = {
    "flying_dutchman": "Flying Dutchman",
    "jolly_roger": "Jolly Roger",
    "tortuga": "Tortuga",
}
TEAM_TITLES: dict[str, str] = {"british": "British", "french": "French", "dutch": "Dutch"}
TEAM_STYLES: dict[str, str] = {
    "british": "bold red",
    "french": "bold blue",
    "dutch": "bold dark_orange",
}
SHIP_ROLES: tuple[str, ...] = ("Captain", "First Mate", "Cabin Boy")
GOVERNOR = "Governor"
UNKNOWN = "?"
EMPTY = "—"
# What each kind of vote counts and decides (rulebook; the engine's _close_vote).
VOTE_RULES: dict[str, str] = {
    "attack": "succeeds with at least 1 cannon and more torches than water",
    "mutiny": "succeeds with more skulls than blanks: the captain is marooned",
    "brawl": "gives all of Tortuga's chests to the flag on more cards; a tie splits them",
}
MAROON_CAUSES: dict[str, str] = {
    "captain": "by the captain",
    "mutiny": "by the mutiny",
    "pistol": "by the Pistol",
    "black_spot": "by the Black Spot",
    "albatross": "by two Albatrosses",
}
VOTE_LEGEND = (
    "Vote card sections: attack cannon/water/torch · brawl british/french · mutiny skull/blank"
)


def card_title(card: str) -> str:
    """An event card's printed name ("Letter of Marque"); unknown names as given."""
    return CARD_TITLES.get(card, card.replace("_", " "))


def place_title(place: str) -> str:
    return PLACE_TITLES.get(place, place.replace("_", " ").title())


def team(name: str | None) -> Text:
    """A team name in its colour, or "?" where the view does not say."""
    if name is None:
        return Text(UNKNOWN, style="dim")
    return Text(TEAM_TITLES.get(name, name.title()), style=TEAM_STYLES.get(name, "bold"))


def role(place: str, rank: int) -> str:
    """The role of the pawn `rank` places from the top: Captain, First Mate, Cabin Boy, then
    crew on a ship; the Governor on Tortuga."""
    if place == "tortuga":
        return GOVERNOR if rank == 0 else ""
    return SHIP_ROLES[rank] if rank < len(SHIP_ROLES) else "crew"


def names(view: dict[str, Any], seats: list[int]) -> str:
    """Seat names for a sentence, the viewer as "you"."""
    me = view["seat"]
    words = ["you" if s == me else view["seat_names"][s] for s in seats]
    if len(words) <= 1:
        return "".join(words) or "nobody"
    return ", ".join(words[:-1]) + " and " + words[-1]


def possessive(view: dict[str, Any], seat: int) -> str:
    return "your" if seat == view["seat"] else f"{view['seat_names'][seat]}'s"


def pawn(view: dict[str, Any], seat: int, *, pad: bool = True, board: bool = False) -> Text:
    """A pawn: "▶ Pirate 3 (you)" with ▶ when the game waits for that seat (else two spaces,
    or nothing without `pad`). On the `board` the viewer's own pawn is just "YOU": the three
    places side by side must fit 80 columns, and the title already names the viewer."""
    awaited = seat in view["to_move"]
    text = Text("▶ " if awaited else "  " if pad else "", style="bold yellow")
    me = seat == view["seat"]
    if me and board:
        text.append("YOU", style="bold reverse")
        return text
    text.append(view["seat_names"][seat], style="bold" if me else "")
    if me:
        text.append(" (you)", style="bold")
    return text


def _lines(view: dict[str, Any]) -> list[tuple[str, list[int]]]:
    lines = [(ship, list(data["crew"])) for ship, data in view["ships"].items()]
    return [*lines, ("tortuga", list(view["tortuga"]["crew"]))]


def unplaced(view: dict[str, Any]) -> list[int]:
    """Seats whose pawn is on no ship, island or rowboat (the advanced setup places them)."""
    placed = {s for _, crew in _lines(view) for s in crew}
    placed |= {s for s in view["rowboats"].values() if isinstance(s, int)}
    return [s for s in range(view["players"]) if s not in placed]


def rowboat(view: dict[str, Any], ship: str) -> Text:
    """ "rowboat: empty", "rowboat: ▶ Pirate 2 (you)" or "rowboat: destroyed"."""
    occupant = view["rowboats"].get(ship)
    text = Text("rowboat", style="dim")
    if occupant == "destroyed":
        text.append(": ", style="dim")
        text.append("destroyed", style="bold red")
    elif occupant is None:
        text.append(": empty", style="dim")
    else:
        text.append(": ", style="dim")
        text.append_text(pawn(view, int(occupant), pad=False, board=True))
    return text


def holds(british: int, french: int, loose: int | None = None) -> Text:
    """ "British 2 · French 1" with each flag in its team colour (Tortuga: "· loose 2")."""
    text = Text()
    text.append("British ", style=TEAM_STYLES["british"])
    text.append(str(british))
    text.append(" · ", style="dim")
    text.append("French ", style=TEAM_STYLES["french"])
    text.append(str(french))
    if loose is not None:
        text.append(" · ", style="dim")
        text.append(f"loose {loose}")
    return text


def vote_card(name: str) -> Text:
    """A vote card as the menus name it ("torch/french/skull"), flag in its team colour."""
    parts = name.split("/")
    if len(parts) != 3:
        return Text(name)
    top, flag, bottom = parts
    text = Text(top, style="bold")
    text.append("/")
    text.append(flag, style=TEAM_STYLES.get(flag, ""))
    text.append("/")
    text.append(bottom, style="bold" if bottom == "skull" else "dim")
    return text


def vote_cards(cards: list[str], *, empty: str = "none") -> Text:
    if not cards:
        return Text(empty, style="dim")
    return Text(", ").join(vote_card(c) for c in cards)


def tally(kind: str, cards: list[str]) -> str:
    """A vote's count and outcome from its revealed cards (the engine's rules in words)."""
    parts = [c.split("/") for c in cards]
    if any(len(p) != 3 for p in parts):
        return ""
    if kind == "attack":
        tops = [p[0] for p in parts]
        cannon, water, torch = (tops.count(t) for t in ("cannon", "water", "torch"))
        passed = cannon >= 1 and torch > water
        count = f"{plural(cannon, 'cannon')}, {water} water, {plural(torch, 'torch', 'torches')}"
        return f"{count}: the attack {'succeeds' if passed else 'fails'}"
    if kind == "mutiny":
        skulls = sum(1 for p in parts if p[2] == "skull")
        passed = skulls * 2 > len(parts)
        count = f"{plural(skulls, 'skull')} of {len(parts)}"
        return f"{count}: the mutiny {'succeeds' if passed else 'fails'}"
    if kind == "brawl":
        british = sum(1 for p in parts if p[1] == "british")
        french = len(parts) - british
        if british == french:
            outcome = "a tie: Tortuga's chests are split"
        else:
            outcome = f"the {'British' if british > french else 'French'} slot takes all the chests"
        return f"British {british}, French {french}: {outcome}"
    return ""


def seat_cards(view: dict[str, Any], seat: int) -> Text:
    """The public cards and states in front of a seat: Albatrosses, Treasure Maps, Pirate Code,
    scurvy."""
    parts: list[Text] = []
    albatross = int(view["albatross"][seat])
    if albatross:
        label = "Albatross" + (f" ×{albatross}" if albatross > 1 else "")
        parts.append(Text(label, style="bold magenta"))
    maps = [card_title(str(card)) for card in view["treasure_maps"][seat]]
    if maps:
        label = ("map: " if len(maps) == 1 else "maps: ") + ", ".join(maps)
        parts.append(Text(label, style="bold green"))
    code = int(view["pirate_code"][seat])
    if code:
        parts.append(Text(f"Pirate Code: skips {plural(code, 'vote')}", style="yellow"))
    if view["scurvy"][seat]:
        parts.append(Text("Scurvy: skips next turn", style="yellow"))
    if not parts:
        return Text("·", style="dim")
    return Text(" · ", style="dim").join(parts)


def decision_text(view: dict[str, Any]) -> Text:
    """What the engine waits for, in words (from `view["decision"]`)."""
    decision = view["decision"]
    if decision is None:
        return Text("nothing: the game is over" if view["over"] else "nothing")
    kind = decision["kind"]
    if kind == "vote":
        return Text(
            f"{names(view, list(decision['waiting']))} to vote on the {decision['vote']} "
            "(in secret)"
        )
    seat = int(decision["seat"])
    who = names(view, [seat])
    sentence: str
    if kind == "turn":
        left = int(view.get("actions_left") or 1)
        more = f" ({left} actions left)" if left > 1 else ""
        sentence = f"{who} to take a turn{more}"
    elif kind == "choose":
        a, b = (int(s) + 1 for s in decision["slots"])
        by = names(view, [int(decision["by"])])
        sentence = f"{who} to reveal event card {a} or {b} unseen ({by} pointed at them)"
    elif kind == "setup_chest":
        sentence = f"{who} to put a captain's starting chest into a hold"
    elif kind == "place_pawn":
        sentence = f"{who} to choose where {possessive(view, seat)} pawn starts (advanced setup)"
    elif kind == "stow":
        sentence = f"{who} to take a chest after the successful attack"
    elif kind == "discard":
        sentence = f"{who} to put a vote card under the vote deck for good (marooned on Tortuga)"
    elif kind == "react_maroon":
        cause = str(decision.get("cause", ""))
        by = MAROON_CAUSES.get(cause, cause.replace("_", " "))
        sentence = f"{who} to play a Treasure Map against being marooned {by}, or not"
    elif kind == "react_call":
        sentence = f"{who} to play Atlantis and join the vote on the other ship, or not"
    elif kind == "give_map":
        card = card_title(str(decision.get("card", "")))
        sentence = f"{who} to give the {card} map to another pirate"
    elif kind == "pistol":
        sentence = f"{who} to choose whom the Pistol maroons"
    elif kind == "marque":
        sentence = f"{who} to use the Letter of Marque (move a pirate aboard, or draw a vote card)"
    elif kind == "marque_top":
        sentence = f"{who} to put a vote card on top of the vote deck"
    elif kind == "powder":
        sentence = f"{who} to choose which rowboat Black Powder blows up"
    elif kind == "fever":
        sentence = f"{who} to choose whom to shuffle loyalty cards with (Cabin Fever)"
    elif kind == "crows":
        sentence = f"{who} to choose whose vote cards to replace (Crow's Nest)"
    elif kind == "crows_pick":
        target = possessive(view, int(decision["target"]))
        left = int(decision.get("left", 1))
        sentence = (
            f"{who} to choose {target} new vote cards from the vote deck "
            f"({plural(left, 'card')} to go, Crow's Nest)"
        )
    else:
        sentence = f"{who} to decide ({kind.replace('_', ' ')})"
    return Text(sentence)


__all__ = [
    "EMPTY",
    "GOVERNOR",
    "MAROON_CAUSES",
    "PLACE_TITLES",
    "SHIP_ROLES",
    "TEAM_STYLES",
    "TEAM_TITLES",
    "UNKNOWN",
    "VOTE_LEGEND",
    "VOTE_RULES",
    "card_title",
    "decision_text",
    "holds",
    "names",
    "pawn",
    "place_title",
    "possessive",
    "role",
    "rowboat",
    "seat_cards",
    "tally",
    "team",
    "unplaced",
    "vote_card",
    "vote_cards",
]
