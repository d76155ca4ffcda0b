"""Small pieces of Tortuga's terminal table, each a pure function of (part of) a view.

Chests are one letter each on the chest's colour, so the areas read with and without colour.
Dice are the die's letter and the number it shows on that action (docs/rulings.md, "Dice").
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from buccaneer.core.words import plural
from buccaneer.games.tortuga.components import ACTIONS, DIE_LETTERS, die_number

CHEST_STYLES: dict[str, str] = {
    "red": "bold white on red",
    "blue": "bold white on blue",
    "yellow": "bold black on yellow",
    "white": "bold black on white",
    "purple": "bold white on magenta",
}
CHEST_LETTERS: dict[str, str] = {
    "red": "R",
    "blue": "B",
    "yellow": "Y",
    "white": "W",
    "purple": "P",
}
ACTION_WORDS: dict[str, str] = {
    "fleet": "expand fleet",
    "crew": "recruit crew",
    "hunt": "treasure hunt",
    "board": "board",
    "raid": "raid",
    "skull": "skull",
}
PHASE_WORDS: dict[str, str] = {
    "roll": "phase 1 of 3: rolling dice",
    "actions": "phase 2 of 3: actions",
    "chests": "phase 3 of 3: moving chests",
    "over": "game over",
}
# What the 1st and 2nd position get, normal game / 2 players (only the 1st acts there).
REWARDS: dict[str, tuple[str, str, str]] = {
    "fleet": ("boat +2 boxes", "boat +1 box", "boat +1 box"),
    "crew": ("pirate +2 boxes", "pirate +1 box", "pirate +1 box"),
    "hunt": (
        "a chest from the bag, 2 treasure tiles (keep 1)",
        "1 treasure tile",
        "a chest from the bag, 1 treasure tile",
    ),
    "board": (
        "boards a seat (its boat -1), seizes a chest from its fleet",
        "boards another seat, claims a chest from the center island",
        "boards the other seat (its boat -1), seizes a chest from its fleet",
    ),
    "raid": (
        "raids a seat (its pirate -1), seizes a chest from its crew",
        "raids another seat, claims a chest from the center island",
        "raids the other seat (its pirate -1), seizes a chest from its crew",
    ),
}


def chests(names: list[str], *, empty: str = "·") -> Text:
    """A row of chests, left to right: "RRB" with each letter on its colour."""
    if not names:
        return Text(empty, style="dim")
    text = Text()
    for name in names:
        text.append(CHEST_LETTERS[name], style=CHEST_STYLES[name])
    return text


def area(names: list[str], capacity: int) -> Text:
    """An area with its capacity: "2/3 RB"."""
    full = len(names) >= capacity
    text = Text(f"{len(names)}/{capacity} ", style="bold" if full else "")
    text.append_text(chests(names, empty=""))
    return text


def placed_dice(seat: dict[str, Any], action: str) -> list[int]:
    """Indices of the seat's dice standing on `action`."""
    return [d for d, letter in enumerate(DIE_LETTERS) if seat["dice"].get(letter) == action]


def total(seat: dict[str, Any], action: str) -> int:
    """Dice numbers plus the bonus tile, "provided they have assigned at least one die"."""
    dice = placed_dice(seat, action)
    if not dice:
        return 0
    a = ACTIONS.index(action)
    return sum(die_number(d, a) for d in dice) + int(seat["bonus"].get(action, 0))


def ranking(view: dict[str, Any], action: str) -> list[tuple[int, int]]:
    """(seat, total) for the seats with a die on `action`, best first; ties go to the start
    player, then to the seat closest to it clockwise (as the rules resolve them)."""
    players = len(view["seats"])
    start = view["start_player"]
    entered = [s for s, seat in enumerate(view["seats"]) if placed_dice(seat, action)]
    order = sorted(entered, key=lambda s: (-total(view["seats"][s], action), (s - start) % players))
    return [(s, total(view["seats"][s], action)) for s in order]


def dice_cell(seat: dict[str, Any], action: str) -> Text:
    """ "A1 C3 +1 =5": the dice on an action with their numbers, the bonus tile, the total."""
    a = ACTIONS.index(action)
    dice = placed_dice(seat, action)
    bonus = int(seat["bonus"].get(action, 0))
    text = Text()
    for die in dice:
        if text:
            text.append(" ")
        text.append(f"{DIE_LETTERS[die]}{die_number(die, a)}", style="bold")
    if bonus:
        if text:
            text.append(" ")
        text.append(f"+{bonus}", style="green" if dice else "dim green")
    if dice and (len(dice) > 1 or bonus):
        text.append(f" ={total(seat, action)}", style="bold cyan")
    return text if text else Text("·", style="dim")


def face(letter: str, name: str | None) -> Text:
    """One rolled die, named as the dice table's columns: "C hunt 5" or "B ☠ skull"."""
    if name is None:
        return Text()
    if name == "skull":
        return Text(f"{letter} ☠ skull", style="bold red")
    number = die_number(DIE_LETTERS.index(letter), ACTIONS.index(name))
    text = Text(f"{letter} ", style="bold")
    text.append(f"{name} {number}", style="bold cyan")
    return text


def roll_line(label: str, roll: dict[str, str | None]) -> Text:
    """A roll in one line: "Your roll:  A fleet 1  │  B ☠ skull  │  ..." ."""
    text = Text(label, style="bold")
    first = True
    for letter, name in roll.items():
        if name is None:
            continue
        text.append("  " if first else "  │  ", style="dim")
        text.append_text(face(letter, name))
        first = False
    return text


def tiles_cell(seat: dict[str, Any]) -> str:
    """Treasure tiles: the count, with the coins where this view shows them."""
    count = int(seat["treasure_tiles"])
    coins = seat.get("coins")
    if coins and len(coins) == 1:
        return f"1 ({plural(coins[0], 'coin')})"
    if coins:  # the sum is what scores; each tile's value would not fit 80 columns
        return f"{count} ({sum(coins)} coins)"
    if coins is None and count:
        return f"{count} (hidden)"
    return str(count)


def names(view: dict[str, Any], seats: list[int]) -> str:
    """Seat names for a sentence, the viewer as "you"."""
    me = view["seat"]
    words = ["you" if s == me else view["seat_names"][s] for s in seats]
    if len(words) <= 1:
        return "".join(words) or "nobody"
    return ", ".join(words[:-1]) + " and " + words[-1]


def awaited(view: dict[str, Any]) -> str:
    """What the engine waits for, in words (from `view["decision"]`)."""
    decision = view["decision"]
    if decision is None:
        return "nothing: the game is over" if view["over"] else "nothing"
    kind = decision["kind"]
    if kind == "select":
        who = names(view, decision["seats"])
        return f"{who} to choose dice to keep (secret until all have chosen)"
    who = names(view, [decision["seat"]])
    if kind == "bonus":
        return f"{who} to take a bonus tile, or flip one to 2 (others are still rolling)"
    if kind == "turn":
        dice = ", ".join(decision["dice"])
        return f"{who} to turn the skull die {dice} to an action"
    if kind == "reselect":
        return f"{who} to choose dice from the public re-roll"
    if kind == "decide":
        action, place = decision["action"], ("1st", "2nd")[decision["position"] - 1]
        if action in ("board", "raid"):
            return f"{who} ({place} in {action}) to choose whom to {action}, or forfeit"
        return f"{who} ({place} in {ACTION_WORDS[action]}) to perform or forfeit it"
    if kind == "keep":
        return f"{who} to keep one of the treasure tiles drawn"
    if kind == "seize":
        target = names(view, [decision["target"]])
        owner = "your" if target == "you" else f"{target}'s"
        return f"{who} to choose which chest to seize from {owner} {decision['area']} area"
    if kind == "claim":
        return f"{who} to claim a chest from the center island"
    if kind == "place":
        moving = [c for c, n in decision["chests"].items() for _ in range(n)]
        shown = "".join(CHEST_LETTERS[c] for c in moving)
        return (
            f"{who} to order the chests {shown} from {decision['source']} "
            f"to {decision['destination']} (left first; overflow is deposited)"
        )
    return f"{who} to decide ({kind})"


__all__ = [
    "ACTION_WORDS",
    "CHEST_LETTERS",
    "CHEST_STYLES",
    "PHASE_WORDS",
    "REWARDS",
    "area",
    "awaited",
    "chests",
    "dice_cell",
    "face",
    "names",
    "placed_dice",
    "ranking",
    "roll_line",
    "tiles_cell",
    "total",
]
